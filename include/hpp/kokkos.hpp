//===- kokkos.hpp - Kokkos spelling of the hpp API --------------*- C++ -*-===//
/// \file
/// For porting Kokkos programs: `#include <hpp/kokkos.hpp>` in place of
/// `<Kokkos_Core.hpp>` makes `Kokkos::` name hpp's API (parallel_for /
/// reduce / scan, policies, team ranges, reducers, View and mirrors,
/// deep_copy, fence, initialize / finalize / ScopeGuard, Timer, atomics) and
/// defines the KOKKOS_* macros, so that hppc translates the program as an
/// hpp one. It is a spelling, not Kokkos: what hpp does not have (subviews,
/// fixed extents, execution-space instances other than Streams,
/// team_shmem(), atomic views, ...) is a compile error, never a silent
/// difference.
///
/// Views: Kokkos::View<double**, Props...> is hpp::View<double, 2, Layout,
/// Space> where Props name at most one layout (LayoutRight by default, on
/// every backend) and at most one memory space (the default space,
/// Space::Device, unless told). MemoryTraits are hints hpp may ignore
/// (Unmanaged: a view is unmanaged when it is built over a pointer or
/// scratch), except Atomic, whose accesses hpp would not make atomic: it is
/// refused. Scratch views (a view of scratch_memory_space built from
/// team_scratch(level)) are device-space views over the team's scratch.
///
/// <cmath> comes with it because Kokkos_Core.hpp brings it, and programs
/// written against Kokkos call pow & co. without including it.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <type_traits>

#include "hpp.hpp"

#ifndef KOKKOS_LAMBDA
#define KOKKOS_LAMBDA HPP_LAMBDA
#endif
#ifndef KOKKOS_CLASS_LAMBDA
#define KOKKOS_CLASS_LAMBDA HPP_CLASS_LAMBDA
#endif
#ifndef KOKKOS_FUNCTION
#define KOKKOS_FUNCTION HPP_FUNCTION
#endif
#ifndef KOKKOS_INLINE_FUNCTION
#define KOKKOS_INLINE_FUNCTION HPP_INLINE_FUNCTION
#endif
#ifndef KOKKOS_FORCEINLINE_FUNCTION
#define KOKKOS_FORCEINLINE_FUNCTION HPP_INLINE_FUNCTION
#endif

namespace Kokkos {

using namespace ::hpp;

// Memory spaces, as types naming hpp's spaces.
template <::hpp::Space S> struct MemorySpaceOf {
  static constexpr ::hpp::Space space = S;
  using memory_space = MemorySpaceOf;
};
using HostSpace = MemorySpaceOf<::hpp::Space::Host>;
using SharedSpace = MemorySpaceOf<::hpp::Space::Shared>;
using SharedHostPinnedSpace = MemorySpaceOf<::hpp::Space::HostPinned>;
using CudaSpace = MemorySpaceOf<::hpp::Space::Device>;
using CudaUVMSpace = SharedSpace;
using CudaHostPinnedSpace = SharedHostPinnedSpace;
using HIPSpace = CudaSpace;
using HIPManagedSpace = SharedSpace;
using HIPHostPinnedSpace = SharedHostPinnedSpace;

/// The memory of team_scratch(level) / thread_scratch(level) views. hpp's
/// scratch views are device-space views over the team's scratch (built with
/// View(member.team_scratch(0), n...)), so this names Space::Device.
template <class ExecSpace> struct ScratchMemorySpace {
  static constexpr ::hpp::Space space = ::hpp::Space::Device;
  using memory_space = ScratchMemorySpace;
  using execution_space = ExecSpace;
};

/// The one execution space of a program: whatever hppc translates for.
/// Its memory space is the default View space.
struct DefaultExecutionSpace {
  using memory_space = MemorySpaceOf<::hpp::Space::Device>;
  using execution_space = DefaultExecutionSpace;
  using scratch_memory_space = ScratchMemorySpace<DefaultExecutionSpace>;
};
/// Host work runs where the program runs; its memory is host memory.
struct DefaultHostExecutionSpace {
  using memory_space = HostSpace;
  using execution_space = DefaultHostExecutionSpace;
};

/// Kokkos' memory traits, as flags of MemoryTraits<Flags>.
enum MemoryTraitsFlags : unsigned {
  Unmanaged = 0x01,
  RandomAccess = 0x02,
  Atomic = 0x04,
  Restrict = 0x08,
  Aligned = 0x10,
};
template <unsigned Flags> struct MemoryTraits {
  static constexpr unsigned impl_value = Flags;
};
using MemoryManaged = MemoryTraits<0>;
using MemoryUnmanaged = MemoryTraits<Unmanaged>;
using MemoryRandomAccess = MemoryTraits<Unmanaged | RandomAccess>;

namespace Impl {
template <class P> struct IsLayout : std::false_type {};
template <> struct IsLayout<LayoutRight> : std::true_type {};
template <> struct IsLayout<LayoutLeft> : std::true_type {};

template <class P, class = void> struct SpaceOf {
  static constexpr bool is_space = false;
};
template <class P>
struct SpaceOf<P, std::void_t<decltype(P::memory_space::space)>> {
  static constexpr bool is_space = true;
  static constexpr ::hpp::Space space = P::memory_space::space;
};

template <class... P> struct ViewProps {
  using layout = LayoutRight;
  static constexpr ::hpp::Space space = ::hpp::Space::Device;
};
template <class P, class... Rest> struct ViewProps<P, Rest...> {
  using Next = ViewProps<Rest...>;
  static_assert(IsLayout<P>::value || SpaceOf<P>::is_space,
                "Kokkos::View (hpp): a property that is not a layout, a "
                "memory space or MemoryTraits");
  using layout = std::conditional_t<IsLayout<P>::value, P, typename Next::layout>;
  static constexpr ::hpp::Space space = [] {
    if constexpr (SpaceOf<P>::is_space)
      return SpaceOf<P>::space;
    else
      return Next::space;
  }();
};
template <unsigned Flags, class... Rest>
struct ViewProps<MemoryTraits<Flags>, Rest...> : ViewProps<Rest...> {
  static_assert(!(Flags & Atomic),
                "Kokkos::View (hpp): MemoryTraits<Atomic> is not supported "
                "(hpp views do not make accesses atomic); update the elements "
                "with Kokkos::atomic_add & co.");
};
} // namespace Impl

template <class DataType, class... Props>
using View = ::hpp::View<typename data_type_traits<DataType>::value_type,
                         data_type_traits<DataType>::rank,
                         typename Impl::ViewProps<Props...>::layout,
                         Impl::ViewProps<Props...>::space>;

/// Kokkos' MDRangePolicy<Rank<2>>.
template <unsigned N> struct Rank {
  static constexpr int value = int(N);
};
template <class R, class... Props>
using MDRangePolicy = ::hpp::MDRangePolicy<R::value, Props...>;

} // namespace Kokkos
