// A View built over scratch, View(t.team_scratch(l), n...) (Kokkos' scratch
// views), becomes a scratch array of the product of its extents, declared
// where the view is, and the same view over that array. The array is what
// the model sizes, places and reports, so set_scratch_size plays no part in
// the translation, as for get<T>(n). Building the view from the array's
// address has no side effect: on a GPU every thread builds its own copy.
// hppc follows the view to its array for the barriers, as it follows a
// pointer: the fill is separated from the reads, and the last reads from
// the next team's fill.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

void rows(int E, int n, int r, int c, hpp::View<const double, 2> a, hpp::View<double, 1> out) {
  using Vec = hpp::View<double, 1>;
  using Tile = hpp::View<double, 2, hpp::LayoutLeft>;
  hpp::parallel_for(
      "rows",
      hpp::TeamPolicy(E, hpp::AUTO)
          .set_scratch_size(0, hpp::PerTeam(Vec::shmem_size(n)))
          .set_scratch_size(1, hpp::PerTeam(Tile::shmem_size(r, c)),
                            hpp::PerThread(Vec::shmem_size(2))),
      [=](const hpp::TeamMember& t) {
        const int e = t.league_rank();
        Vec w(t.team_scratch(0), n);
        Tile tile(t.team_scratch(1), r, c);
        Vec mine(t.thread_scratch(1), 2);
        hpp::parallel_for(hpp::TeamVectorRange(t, n), [&](int i) { w(i) = a(e, i); });
        hpp::parallel_for(hpp::TeamThreadRange(t, r), [&](int i) {
          hpp::parallel_for(hpp::ThreadVectorRange(t, c), [&](int j) { tile(i, j) = w(i + j); });
        });
        double s = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, r), [&](int i, double& p) { p += tile(r - 1 - i, c - 1); }, s);
        hpp::single(hpp::PerThread(t), [&] { mine(1) = 2 * s; });
        hpp::single(hpp::PerTeam(t), [&] { out(e) = s + mine(1); });
      });
}

// REPORT: region 'rows' (team loop)
// REPORT: line 28: scratch 'hpp_w_scratch[[W:[0-9]+]]' level 0 per team: sizeof(double) * ((n)) bytes
// REPORT-NEXT: line 29: scratch 'hpp_tile_scratch[[T:[0-9]+]]' level 1 per team: sizeof(double) * ((r) * (c)) bytes
// REPORT-NEXT: line 30: scratch 'hpp_mine_scratch{{[0-9]+}}' level 1 per thread: 16 bytes
// REPORT: line 32: barrier inserted: 'hpp_w_scratch[[W]]' written at line 31 is read at line 33
// REPORT-NEXT: line 36: barrier inserted: 'hpp_tile_scratch[[T]]' written at line 33 is read at line 37
// REPORT-NEXT: line 40: barrier inserted: 'hpp_tile_scratch[[T]]' read at line 37 is written at line 33 by the team's next iteration
// REPORT-NEXT: barriers inserted: 3

// OMP: double *hpp_w_scratch[[W:[0-9]+]] = reinterpret_cast<double *>(hpp_scratch + hpp_scratch_off0);
// OMP: Vec w(hpp_w_scratch[[W]], n);
// OMP: double *hpp_tile_scratch[[T:[0-9]+]] = reinterpret_cast<double *>(hpp_scratch + hpp_scratch_off1);
// OMP: Tile tile(hpp_tile_scratch[[T]], r, c);
// OMP: Vec mine(hpp_mine_scratch{{[0-9]+}}, 2);

// CUDA: hpp_launch.scratch_team_bytes[0] = hpp_scratch_off0 + hpp_scratch_size0;
// CUDA: hpp_launch.scratch_team_bytes[1] = hpp_scratch_off1 + hpp_scratch_size1;
// CUDA: hpp_launch.scratch_thread_bytes[1] = hpp_scratch_off2 + hpp_scratch_size2;
// CUDA: double *hpp_w_scratch[[W:[0-9]+]] = reinterpret_cast<double *>(hpp_ctx.scratch0() + hpp_scratch_off0);
// CUDA: Vec w(hpp_w_scratch[[W]], n);
// CUDA: double *hpp_tile_scratch[[T:[0-9]+]] = reinterpret_cast<double *>(hpp_ctx.scratch1() + hpp_scratch_off1);
// CUDA: Tile tile(hpp_tile_scratch[[T]], r, c);
// CUDA: double *hpp_mine_scratch[[M:[0-9]+]] = reinterpret_cast<double *>(hpp_ctx.scratch1() + hpp_ctx.scratch1_team_bytes + hpprt::cuda::thread_rank() * hpp_ctx.scratch1_thread_bytes + hpp_scratch_off2);
// CUDA: Vec mine(hpp_mine_scratch[[M]], 2);
// CUDA: hpprt::cuda::team_barrier();
// CUDA: hpprt::cuda::team_barrier();
// CUDA: hpprt::cuda::team_barrier();

// HIP is the CUDA translation with the HIP runtime's names.
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: hpprt::{{hip}}::team_barrier();
