// What <hpp/kokkos.hpp> cannot give a Kokkos program is a compile-time
// error, never a silent difference: MemoryTraits<Atomic> (hpp would not
// make the accesses atomic), a scratch view of a space other than the
// scratch (default) space or of const elements, and shmem_size with the
// wrong number of extents. The traits that are hints are accepted.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note
#include <hpp/kokkos.hpp>
#include <type_traits>

static_assert(std::is_same<Kokkos::View<double*, Kokkos::MemoryTraits<Kokkos::Unmanaged | Kokkos::RandomAccess>>,
                           Kokkos::View<double*>>::value,
              "hints change nothing");
static_assert(std::is_same<Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                        Kokkos::MemoryUnmanaged>,
                           Kokkos::View<double*>>::value,
              "a scratch view is a device-space view");

// expected-error@hpp/kokkos.hpp:* {{Kokkos::View (hpp): MemoryTraits<Atomic> is not supported}}
Kokkos::View<int*, Kokkos::MemoryTraits<Kokkos::Atomic>> counts;

void scratch(const Kokkos::TeamPolicy<>::member_type& t) {
  // expected-error@hpp/view.hpp:* {{hpp::View: a scratch view is a view of the default space}}
  Kokkos::View<double*, Kokkos::HostSpace> host(t.team_scratch(0), 4);
  // expected-error@hpp/view.hpp:* {{hpp::View: a scratch view's elements must be writable}}
  Kokkos::View<const double*> ro(t.team_scratch(0), 4);
  // expected-error@hpp/view.hpp:* {{hpp::View: give one extent per dimension (the rank)}}
  (void)Kokkos::View<double**>::shmem_size(4);
}
