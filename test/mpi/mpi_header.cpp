// <hpp/mpi.hpp> in a host program (OpenMP build, and serial): every buffer
// is host memory, so no message is staged whatever the MPI says, send()
// and buffer() hand MPI the user's pointer, and a ring exchange through
// Messages delivers each rank's data. gpu_aware() asks Open MPI (Debian's
// is not CUDA-aware) unless HPP_MPI_GPU_AWARE decides, and a host program
// prints nothing about it.
// REQUIRES: mpi
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp -- $(mpicxx --showme:compile)
// RUN: mpicxx -std=c++17 -O2 $(%hppc config --backend=openmp --cflags) %t.omp.cpp -o %t.omp %cxx_omp_link
// RUN: mpicxx -std=c++17 -O2 -Wno-unknown-pragmas -I%hpp_include %s -o %t.ser
// RUN: %mpirun -np 3 %t.omp 2>&1 | %FileCheck %s --check-prefixes=CHECK,LIB --implicit-check-not=hpp:
// RUN: %mpirun -np 2 -x HPP_MPI_GPU_AWARE=1 %t.omp 2>&1 | %FileCheck %s --check-prefixes=CHECK,YES --implicit-check-not=hpp:
// RUN: %mpirun -np 2 -x HPP_MPI_GPU_AWARE=0 %t.ser 2>&1 | %FileCheck %s --check-prefixes=CHECK,NO --implicit-check-not=hpp:
// LIB: gpu_aware: no
// YES: gpu_aware: yes
// NO: gpu_aware: no
// CHECK: staged: no no
// CHECK: ring: ok
#include <hpp/hpp.hpp>
#include <hpp/mpi.hpp>

#include <cstdio>

void fill(const hpp::Stream& s, long* p, int n, long base) {
#pragma hpp parallel stream(s) nowait
  for (int i = 0; i < n; ++i)
    p[i] = base + i;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  bool ok = true;
  {
    const int n = 1000;
    hpp::Stream s;
    long* out = hpp::alloc<long>(n);
    long* in = hpp::alloc<long>(n);
    hpp::mpi::Message<long> to(out, n, s), from(in, n, s);
    const bool aware = hpp::mpi::gpu_aware();
    if (rank == 0) {
      std::printf("gpu_aware: %s\n", aware ? "yes" : "no");
      std::printf("staged: %s %s\n", to.staged() ? "yes" : "no", from.staged() ? "yes" : "no");
    }
    ok = ok && from.buffer() == in && !hpp::mpi::needs_staging(out);
    MPI_Request r[2];
    const int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    MPI_Irecv(from.buffer(), n, hpp::mpi::datatype<long>(), prev, 7, MPI_COMM_WORLD, &r[0]);
    fill(s, out, n, 1000L * rank);
    long* sent = to.send();
    ok = ok && sent == out;
    MPI_Isend(sent, n, hpp::mpi::datatype<long>(), next, 7, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    from.received();
    s.fence();
    for (int i = 0; i < n; ++i)
      ok = ok && in[i] == 1000L * prev + i;
    hpp::free(out);
    hpp::free(in);
  }
  int all = ok ? 1 : 0, every = 0;
  MPI_Reduce(&all, &every, 1, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("ring: %s\n", every ? "ok" : "WRONG");
  MPI_Finalize();
  return every || rank != 0 ? 0 : 1;
}
