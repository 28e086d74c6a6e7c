//===- view.hpp - Multidimensional arrays in a memory space -----*- C++ -*-===//
/// \file
/// hpp::View<T, Rank, Layout, Space> is Kokkos::View for hpp: a handle to
/// an array of Rank (0 to 8) extents in one memory space. Copies of a
/// managed view share the allocation, which the last copy frees (reference
/// counting, as Kokkos); an unmanaged view wraps a pointer the user owns.
///
/// Views are captured by value by regions: `#pragma hpp` loops and the
/// parallel_* lambdas. On a GPU the copy that reaches the kernel is a plain
/// pointer-and-extents copy: the reference count is touched on the host
/// only, never inside device code (the tracker is inert there).
///
/// The default space is Space::Device, as for hpp::alloc: the memory of the
/// backend the program is built for, which is what Kokkos' default View
/// gives (CudaSpace in a CUDA build, HostSpace in an OpenMP one). In the
/// serial and OpenMP builds every space is host memory. The host reaches a
/// device view through a mirror (create_mirror_view, view_copy.hpp).
///
/// Kokkos spells the element type and rank as one data type, double**;
/// ViewOf<double**, ...> and the data_type_traits below map it to hpp's
/// form.
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "memory.hpp"
#include "team.hpp"

// Device code must not touch the host-side reference count.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define HPP_DETAIL_ON_DEVICE 1
#else
#define HPP_DETAIL_ON_DEVICE 0
#endif

namespace hpp {

/// The last index varies fastest (C order; Kokkos' default on host).
struct LayoutRight {};
/// The first index varies fastest (Fortran order; Kokkos' default on GPUs,
/// which hpp does not follow: the layout is the user's choice, not the
/// backend's, so a program means the same on every backend).
struct LayoutLeft {};

/// Kokkos' data types: double** is (double, 2). Fixed extents (double*[3])
/// are not supported.
template <class D> struct data_type_traits {
  using value_type = D;
  static constexpr int rank = 0;
};
template <class D> struct data_type_traits<D*> {
  using value_type = typename data_type_traits<D>::value_type;
  static constexpr int rank = data_type_traits<D>::rank + 1;
};

/// Skips initialisation of a new view's elements (Kokkos::WithoutInitializing).
struct WithoutInitializing_t {};
inline constexpr WithoutInitializing_t WithoutInitializing{};

/// A label and allocation options, as Kokkos::view_alloc.
struct ViewAllocProp {
  std::string label;
  bool initialize = true;
};
inline ViewAllocProp view_alloc(WithoutInitializing_t, std::string label = "") {
  return {std::move(label), false};
}
inline ViewAllocProp view_alloc(std::string label, WithoutInitializing_t) {
  return {std::move(label), false};
}
inline ViewAllocProp view_alloc(std::string label) { return {std::move(label), true}; }

namespace detail {

// Whether the host can dereference memory of Space::Device. One definition
// per program, as alloc_bytes: the serial build and the OpenMP runtime say
// yes, a GPU runtime no.
#ifdef HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
bool device_memory_is_host_memory();
#else
HPP_WEAK bool device_memory_is_host_memory();
bool device_memory_is_host_memory() { return true; }
#endif

/// Whether the host can read and write memory of space S.
inline bool host_can_access(Space S) {
  return S != Space::Device || device_memory_is_host_memory();
}

struct ViewAlias;

/// One managed allocation: shared by every copy of the views over it.
struct ViewRecord {
  std::atomic<long> Count{1};
  void* Data;
  std::string Label;
  ViewRecord(void* D, std::string L) : Data(D), Label(std::move(L)) {}
};

/// The reference count of a managed view; null for unmanaged ones. Every
/// member is callable in device code, where it does nothing: a kernel's
/// copies of a view neither keep its memory alive nor free it (the host's
/// copy, which launched the kernel, does).
class ViewTracker {
public:
  HPP_INLINE_FUNCTION ViewTracker() {}
  explicit ViewTracker(ViewRecord* R) : Rec(R) {}
  HPP_INLINE_FUNCTION ViewTracker(const ViewTracker& O) : Rec(O.Rec) { retain(); }
  HPP_INLINE_FUNCTION ViewTracker(ViewTracker&& O) noexcept : Rec(O.Rec) {
    O.Rec = nullptr;
  }
  HPP_INLINE_FUNCTION ViewTracker& operator=(const ViewTracker& O) {
    if (Rec != O.Rec) {
      ViewRecord* Old = Rec;
      Rec = O.Rec;
      retain();
      release(Old);
    }
    return *this;
  }
  HPP_INLINE_FUNCTION ViewTracker& operator=(ViewTracker&& O) noexcept {
    if (this != &O) {
      ViewRecord* Old = Rec;
      Rec = O.Rec;
      O.Rec = nullptr;
      release(Old);
    }
    return *this;
  }
  HPP_INLINE_FUNCTION ~ViewTracker() { release(Rec); }

  const ViewRecord* record() const { return Rec; }
  long use_count() const { return Rec ? Rec->Count.load() : 0; }

private:
  HPP_INLINE_FUNCTION void retain() const {
#if !HPP_DETAIL_ON_DEVICE
    if (Rec)
      Rec->Count.fetch_add(1, std::memory_order_relaxed);
#endif
  }
  HPP_INLINE_FUNCTION static void release(ViewRecord* R) {
#if !HPP_DETAIL_ON_DEVICE
    if (R && R->Count.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      hpp::free(R->Data);
      delete R;
    }
#else
    (void)R;
#endif
  }

  ViewRecord* Rec = nullptr;
};

template <class... I>
constexpr bool all_integral_v = (std::is_integral<std::decay_t<I>>::value && ...);

/// Writes value into the n elements at p, in any space.
template <class T> void fill(T* p, std::size_t n, const T& value, Space S) {
  if (n == 0)
    return;
  if (host_can_access(S)) {
    for (std::size_t I = 0; I < n; ++I)
      p[I] = value;
    return;
  }
  // Device memory: filled from a host copy (one blocking copy).
  T* Staging = hpp::alloc<T>(n, Space::Host);
  for (std::size_t I = 0; I < n; ++I)
    Staging[I] = value;
  try {
    copy_bytes(p, Staging, n * sizeof(T));
  } catch (...) {
    hpp::free(Staging);
    throw;
  }
  hpp::free(Staging);
}

} // namespace detail

template <class T, int Rank, class Layout = LayoutRight, Space S = Space::Device>
class View {
  static_assert(Rank >= 0 && Rank <= 8, "hpp::View: rank must be 0 to 8");
  static_assert(std::is_same<Layout, LayoutRight>::value ||
                    std::is_same<Layout, LayoutLeft>::value,
                "hpp::View: layout must be hpp::LayoutRight or hpp::LayoutLeft");
  static_assert(std::is_trivially_copyable<T>::value,
                "hpp::View: elements must be trivially copyable (they are "
                "copied between memory spaces as bytes)");

public:
  using value_type = T;
  using non_const_value_type = std::remove_const_t<T>;
  using const_value_type = const std::remove_const_t<T>;
  using reference_type = T&;
  using pointer_type = T*;
  using array_layout = Layout;
  using size_type = std::size_t;
  static constexpr int rank = Rank;
  static constexpr Space memory_space = S;
  using non_const_type = View<non_const_value_type, Rank, Layout, S>;
  using const_type = View<const_value_type, Rank, Layout, S>;
  /// The type of a host mirror: the view's own type when the host can
  /// always reach its space, else a Space::Host view.
  using HostMirror =
      View<non_const_value_type, Rank, Layout, S == Space::Device ? Space::Host : S>;

  HPP_INLINE_FUNCTION View() {}

  /// A managed view of the given extents, labelled, elements zeroed
  /// (value-initialised) as Kokkos does.
  template <class... N, std::enable_if_t<detail::all_integral_v<N...>, int> = 0>
  explicit View(const std::string& label, N... extents)
      : View(ViewAllocProp{label, true}, extents...) {}

  /// The same with options: view_alloc(WithoutInitializing, "label").
  template <class... N, std::enable_if_t<detail::all_integral_v<N...>, int> = 0>
  View(const ViewAllocProp& prop, N... extents) {
    static_assert(sizeof...(N) == Rank,
                  "hpp::View: give one extent per dimension (the rank)");
    if constexpr (sizeof...(N) == Rank)
      setExtents(extents...);
    static_assert(!std::is_const<T>::value,
                  "hpp::View: allocate a non-const view and convert it");
    // Tools see the View's label, as Kokkos reports it.
    T* P = detail::alloc_labelled<T>(size(), S,
                                     prop.label.empty() ? "hpp::View" : prop.label.c_str());
    try {
      Track = detail::ViewTracker(new detail::ViewRecord(P, prop.label));
    } catch (...) {
      hpp::free(P);
      throw;
    }
    Data = P;
    if (prop.initialize)
      detail::fill(P, size(), T(), S);
  }

  /// An unmanaged view over n0 x n1 ... elements at ptr, which the user
  /// owns and must keep alive (Kokkos' MemoryTraits<Unmanaged>). ptr must
  /// be memory of space S.
  template <class... N, std::enable_if_t<detail::all_integral_v<N...>, int> = 0>
  HPP_INLINE_FUNCTION View(T* ptr, N... extents) : Data(ptr) {
    static_assert(sizeof...(N) == Rank,
                  "hpp::View: give one extent per dimension (the rank)");
    if constexpr (sizeof...(N) == Rank)
      setExtents(extents...);
  }

  /// A view over n0 x n1 ... uninitialised elements of a team's or thread's
  /// scratch (Kokkos' scratch views: View(member.team_scratch(0), n)),
  /// allocated as get<T>(size()) would: shmem_size(n0, ...) bytes of it.
  /// hppc turns the declaration into a scratch array and this view over it.
  template <class... N, std::enable_if_t<detail::all_integral_v<N...>, int> = 0>
  View(const ScratchSpace& scratch, N... extents) {
    static_assert(sizeof...(N) == Rank,
                  "hpp::View: give one extent per dimension (the rank)");
    static_assert(!std::is_const<T>::value,
                  "hpp::View: a scratch view's elements must be writable");
    static_assert(S == Space::Device,
                  "hpp::View: a scratch view is a view of the default space "
                  "(Space::Device; Kokkos' scratch_memory_space)");
    if constexpr (sizeof...(N) == Rank)
      setExtents(extents...);
    Data = scratch.get<T>(size());
  }

  /// Scratch bytes a view of these extents takes, alignment padding
  /// included (Kokkos' View::shmem_size): the sum over a team's scratch
  /// views is what set_scratch_size must request.
  template <class... N, std::enable_if_t<detail::all_integral_v<N...>, int> = 0>
  static constexpr std::size_t shmem_size(N... extents) {
    static_assert(sizeof...(N) == Rank,
                  "hpp::View: give one extent per dimension (the rank)");
    std::size_t Count = 1;
    for (std::size_t E : {std::size_t(extents)..., std::size_t(1)})
      Count *= E;
    return scratch_bytes<T>(Count);
  }

  /// A view of T converts to a view of const T of the same shape and space.
  template <class U, std::enable_if_t<std::is_same<const U, T>::value &&
                                          !std::is_same<U, T>::value,
                                      int> = 0>
  HPP_INLINE_FUNCTION View(const View<U, Rank, Layout, S>& O)
      : Data(O.Data), Track(O.Track) {
    for (int R = 0; R < (Rank > 0 ? Rank : 1); ++R)
      Ext[R] = O.Ext[R];
  }

  // Copies copy the tracker, which is inert in device code.
  View(const View&) = default;
  View& operator=(const View&) = default;
  ~View() = default;
  /// A moved-from view is empty (not allocated, extents 0).
  HPP_INLINE_FUNCTION View(View&& O) noexcept
      : Data(O.Data), Track(static_cast<detail::ViewTracker&&>(O.Track)) {
    takeExtents(O);
  }
  HPP_INLINE_FUNCTION View& operator=(View&& O) noexcept {
    if (this != &O) {
      Data = O.Data;
      Track = static_cast<detail::ViewTracker&&>(O.Track);
      takeExtents(O);
    }
    return *this;
  }

  /// The extent of dimension r; 1 for r >= rank, as Kokkos.
  HPP_INLINE_FUNCTION std::size_t extent(int r) const {
    return r >= 0 && r < Rank ? Ext[r] : 1;
  }
  HPP_INLINE_FUNCTION int extent_int(int r) const { return int(extent(r)); }
  /// The distance in elements between neighbours along dimension r.
  HPP_INLINE_FUNCTION std::size_t stride(int r) const {
    std::size_t St = 1;
    if (std::is_same<Layout, LayoutRight>::value)
      for (int D = Rank - 1; D > r; --D)
        St *= Ext[D];
    else
      for (int D = 0; D < r && D < Rank; ++D)
        St *= Ext[D];
    return St;
  }
  /// The number of elements.
  HPP_INLINE_FUNCTION std::size_t size() const {
    std::size_t N = 1;
    for (int R = 0; R < Rank; ++R)
      N *= Ext[R];
    return N;
  }
  HPP_INLINE_FUNCTION std::size_t span() const { return size(); }
  HPP_INLINE_FUNCTION T* data() const { return Data; }
  HPP_INLINE_FUNCTION bool is_allocated() const { return Data != nullptr; }
  HPP_INLINE_FUNCTION bool span_is_contiguous() const { return true; }

  /// The label given at allocation; empty for unmanaged views.
  std::string label() const {
    return Track.record() ? Track.record()->Label : std::string();
  }
  /// How many views share this allocation; 0 for unmanaged views.
  long use_count() const { return Track.use_count(); }

  template <class... I, std::enable_if_t<detail::all_integral_v<I...>, int> = 0>
  HPP_INLINE_FUNCTION T& operator()(I... idx) const {
    static_assert(sizeof...(I) == Rank,
                  "hpp::View: give one index per dimension (the rank)");
    if constexpr (sizeof...(I) == Rank)
      return Data[offset(idx...)];
    else
      return *Data;
  }
  template <class... I, std::enable_if_t<detail::all_integral_v<I...>, int> = 0>
  HPP_INLINE_FUNCTION T& access(I... idx) const {
    return operator()(idx...);
  }
  template <class I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
  HPP_INLINE_FUNCTION T& operator[](I i) const {
    static_assert(Rank == 1, "hpp::View: operator[] needs a rank-1 view");
    return Data[i];
  }

private:
  template <class, int, class, Space> friend class View;
  friend struct detail::ViewAlias;

  HPP_INLINE_FUNCTION void takeExtents(View& O) {
    for (int R = 0; R < (Rank > 0 ? Rank : 1); ++R) {
      Ext[R] = O.Ext[R];
      O.Ext[R] = 0;
    }
    O.Data = nullptr;
  }

  template <class... N> HPP_INLINE_FUNCTION void setExtents(N... n) {
    std::size_t Values[] = {std::size_t(n)..., 0};
    for (int R = 0; R < Rank; ++R)
      Ext[R] = Values[R];
  }

  HPP_INLINE_FUNCTION std::size_t offset() const { return 0; }
  template <class I0, class... I>
  HPP_INLINE_FUNCTION std::size_t offset(I0 i0, I... idx) const {
    const std::size_t Idx[] = {std::size_t(i0), std::size_t(idx)...};
    std::size_t Off = 0;
    if (std::is_same<Layout, LayoutRight>::value) {
      Off = Idx[0];
      for (int R = 1; R < Rank; ++R)
        Off = Off * Ext[R] + Idx[R];
    } else {
      Off = Idx[Rank - 1];
      for (int R = Rank - 2; R >= 0; --R)
        Off = Off * Ext[R] + Idx[R];
    }
    return Off;
  }

  T* Data = nullptr;
  std::size_t Ext[Rank > 0 ? Rank : 1] = {};
  detail::ViewTracker Track;
};

/// Kokkos' spelling of a view type: ViewOf<double**, LayoutLeft> is
/// View<double, 2, LayoutLeft>.
template <class DataType, class Layout = LayoutRight, Space S = Space::Device>
using ViewOf = View<typename data_type_traits<DataType>::value_type,
                    data_type_traits<DataType>::rank, Layout, S>;

template <class V> struct is_view : std::false_type {};
template <class T, int R, class L, Space S>
struct is_view<View<T, R, L, S>> : std::true_type {};
template <class V> constexpr bool is_view_v = is_view<std::decay_t<V>>::value;

} // namespace hpp

#include "view_copy.hpp"
