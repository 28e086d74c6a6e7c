//===- view_copy.hpp - deep_copy and mirrors of hpp::View -------*- C++ -*-===//
/// \file
/// Copies between views (Kokkos::deep_copy) and host mirrors
/// (create_mirror, create_mirror_view).
///
/// deep_copy(dst, src) needs views of the same rank, layout and element
/// type (a compile-time error otherwise) and the same extents (a
/// std::invalid_argument naming both views otherwise); it copies the
/// elements as bytes between any two spaces. deep_copy(view, value) fills
/// a view; deep_copy(scalar, view) reads a rank-0 view. The forms taking a
/// Stream first are ordered on that stream: view-to-view copies are
/// asynchronous (complete after stream.fence()); a fill on a stream waits
/// for the stream and returns when it is done.
///
/// create_mirror_view(v) is v itself when the host can reach v's memory
/// (every space in the serial and OpenMP builds; Host, HostPinned and
/// Shared on a GPU) and a new host view of the same shape otherwise.
/// create_mirror(v) always allocates.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "memory.hpp"
#include "stream.hpp"
#include "view.hpp"

namespace hpp {
namespace detail {

/// "'label' (3, 4)", for messages.
template <class V> std::string describe_view(const V& v) {
  std::string S = "'" + v.label() + "' (";
  for (int R = 0; R < V::rank; ++R)
    S += (R ? ", " : "") + std::to_string(v.extent(R));
  return S + ")";
}

template <class D, class S>
constexpr bool view_copy_ok_v =
    D::rank == S::rank &&
    std::is_same<typename D::array_layout, typename S::array_layout>::value &&
    !std::is_const<typename D::value_type>::value &&
    std::is_same<typename D::non_const_value_type,
                 typename S::non_const_value_type>::value;

template <class D, class S> void check_view_copy(const D& dst, const S& src) {
  static_assert(D::rank == S::rank,
                "hpp::deep_copy: the views have different ranks");
  static_assert(std::is_same<typename D::array_layout,
                             typename S::array_layout>::value,
                "hpp::deep_copy: the views have different layouts (copy "
                "through a view of the destination's layout)");
  static_assert(!std::is_const<typename D::value_type>::value,
                "hpp::deep_copy: the destination view is const");
  static_assert(std::is_same<typename D::non_const_value_type,
                             typename S::non_const_value_type>::value,
                "hpp::deep_copy: the views have different element types");
  for (int R = 0; R < D::rank; ++R)
    if (dst.extent(R) != src.extent(R))
      throw std::invalid_argument(
          "hpp::deep_copy: extents differ: destination " + describe_view(dst) +
          ", source " + describe_view(src));
  if (dst.size() != 0 && (!dst.data() || !src.data()))
    throw std::invalid_argument("hpp::deep_copy: a view has extents but no "
                                "memory: "
                                "destination " + describe_view(dst) +
                                ", source " + describe_view(src));
}

/// Builds a view of type M over the extents of v.
template <class M, class V, std::size_t... K>
M make_like(const ViewAllocProp& prop, const V& v, std::index_sequence<K...>) {
  return M(prop, v.extent(int(K))...);
}

/// Lets create_mirror_view alias a view under another space's type.
struct ViewAlias {
  template <class M, class V> static M make(const V& v) {
    M Mirror;
    Mirror.Data = const_cast<typename M::value_type*>(v.Data);
    for (int R = 0; R < (V::rank > 0 ? V::rank : 1); ++R)
      Mirror.Ext[R] = v.Ext[R];
    Mirror.Track = v.Track;
    return Mirror;
  }
};

} // namespace detail

/// Copies src's elements into dst (same rank, layout, element type and
/// extents); returns when the copy is complete.
template <class T, int R, class L, Space S, class U, int R2, class L2, Space S2>
void deep_copy(const View<T, R, L, S>& dst, const View<U, R2, L2, S2>& src) {
  detail::check_view_copy(dst, src);
  // Only a valid pair is copied: an invalid one has its static_assert.
  if constexpr (detail::view_copy_ok_v<View<T, R, L, S>, View<U, R2, L2, S2>>) {
    if (dst.data() == src.data() || dst.size() == 0)
      return;
    detail::copy_bytes(dst.data(), src.data(), dst.size() * sizeof(T));
  }
}

/// Sets every element of dst to value.
template <class T, int R, class L, Space S>
void deep_copy(const View<T, R, L, S>& dst,
               const typename View<T, R, L, S>::non_const_value_type& value) {
  static_assert(!std::is_const<T>::value,
                "hpp::deep_copy: the destination view is const");
  if (dst.size() != 0 && !dst.data())
    throw std::invalid_argument("hpp::deep_copy: the view " +
                                detail::describe_view(dst) +
                                " has extents but no memory");
  detail::fill(dst.data(), dst.size(), value, S);
}

/// Reads the element of a rank-0 view (a reduction result, say).
template <class T, class L, Space S>
void deep_copy(std::remove_const_t<T>& dst, const View<T, 0, L, S>& src) {
  if (!src.data())
    throw std::invalid_argument("hpp::deep_copy: the view " +
                                detail::describe_view(src) +
                                " has no memory");
  detail::copy_bytes(&dst, src.data(), sizeof(T));
}

/// deep_copy(dst, src) ordered on stream; complete after stream.fence().
template <class T, int R, class L, Space S, class U, int R2, class L2, Space S2>
void deep_copy(const Stream& stream, const View<T, R, L, S>& dst,
               const View<U, R2, L2, S2>& src) {
  detail::check_view_copy(dst, src);
  // Only a valid pair is copied: an invalid one has its static_assert.
  if constexpr (detail::view_copy_ok_v<View<T, R, L, S>, View<U, R2, L2, S2>>) {
    if (dst.data() == src.data() || dst.size() == 0)
      return;
    detail::copy_bytes_async(stream.native(), dst.data(), src.data(),
                             dst.size() * sizeof(T));
  }
}

/// deep_copy(dst, value) after the work queued on stream; waits for the
/// stream and returns when the view is filled.
template <class T, int R, class L, Space S>
void deep_copy(const Stream& stream, const View<T, R, L, S>& dst,
               const typename View<T, R, L, S>::non_const_value_type& value) {
  stream.fence();
  deep_copy(dst, value);
}

/// A new host view of v's shape, labelled "<label>_mirror", not
/// initialised (copy into it with deep_copy).
template <class T, int R, class L, Space S>
typename View<T, R, L, S>::HostMirror create_mirror(const View<T, R, L, S>& v) {
  using M = typename View<T, R, L, S>::HostMirror;
  return detail::make_like<M>(view_alloc(WithoutInitializing, v.label() + "_mirror"),
                              v, std::make_integer_sequence<std::size_t, R>());
}

/// v itself when the host can reach its memory, else create_mirror(v).
template <class T, int R, class L, Space S>
typename View<T, R, L, S>::HostMirror
create_mirror_view(const View<T, R, L, S>& v) {
  using M = typename View<T, R, L, S>::HostMirror;
  if (detail::host_can_access(S))
    return detail::ViewAlias::make<M>(v);
  return create_mirror(v);
}

/// create_mirror_view(v) holding v's elements.
template <class T, int R, class L, Space S>
typename View<T, R, L, S>::HostMirror
create_mirror_view_and_copy(const View<T, R, L, S>& v) {
  auto M = create_mirror_view(v);
  deep_copy(M, v);
  return M;
}

} // namespace hpp
