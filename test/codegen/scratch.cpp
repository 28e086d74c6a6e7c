// Scratch arrays become pointers into per-team memory laid out before the
// region: on OpenMP the host thread's buffer (each array 64-byte aligned,
// both levels in one buffer), on CUDA shared memory for level 0 and the
// global pool for level 1 (16-byte aligned, sizes per team and per thread).
// The barriers hppc infers between loops that share a scratch array are
// reported; on OpenMP they are comments (one thread per team), on CUDA
// __syncthreads() through hpprt::cuda::team_barrier().
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=openmp %s -o /dev/null --report | %FileCheck %s --check-prefix=REPORT
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void transpose(int nt, int n, const double *in, double *out) {
  #pragma hpp team
  for (int t = 0; t < nt * nt; ++t) {
    #pragma hpp scratch level(0)
    double tile[32][33];
    #pragma hpp scratch level(1) per(thread)
    double work[n];
    #pragma hpp vector collapse(2)
    for (int i = 0; i < 32; ++i)
      for (int j = 0; j < 32; ++j)
        tile[i][j] = in[(t / nt * 32 + i) * n + t % nt * 32 + j];
    #pragma hpp vector collapse(2)
    for (int i = 0; i < 32; ++i)
      for (int j = 0; j < 32; ++j)
        out[(t % nt * 32 + i) * n + t / nt * 32 + j] = tile[j][i] + work[0] * 0;
  }
}

void levels(int E, int Q, const double *in, double *out) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double tile[Q];
    #pragma hpp scratch level(1) per(thread)
    double mine[4];
    #pragma hpp vector
    for (int q = 0; q < Q; ++q)
      tile[q] = in[e * Q + q];
    #pragma hpp thread
    for (int k = 0; k < 4; ++k)
      mine[k] = tile[k];
    out[e] = tile[0] + mine[0];
  }
}

// REPORT: region 'transpose_L15' (team loop)
// REPORT: line 17: scratch 'tile' level 0 per team: 8448 bytes
// REPORT-NEXT: line 19: scratch 'work' level 1 per thread: sizeof(double) * (n) bytes
// REPORT-NEXT: line 21: team-vector loop over i, j (collapse 2) -> {{.*}}
// REPORT-NEXT: line 25: team-vector loop over i, j (collapse 2) -> {{.*}}
// REPORT-NEXT: line 25: barrier inserted: 'tile' written at line 24 is read at line 28
// REPORT-NEXT: line 29: barrier inserted: 'tile' read at line 28 is written at line 24 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2
// REPORT: region 'levels_L33' (team loop)
// REPORT: line 35: scratch 'tile' level 0 per team: sizeof(double) * (Q) bytes
// REPORT-NEXT: line 37: scratch 'mine' level 1 per thread: 32 bytes
// REPORT: line 42: barrier inserted: 'tile' written at line 41 is read at line 44
// REPORT-NEXT: line 46: barrier inserted: 'tile' read at line 44 is written at line 41 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2

// OMP-LABEL: void transpose(
// OMP: const std::size_t hpp_scratch_off0 = 0;
// OMP-NEXT: const std::size_t hpp_scratch_size0 = hpprt::align_up(
// OMP-NEXT: sizeof(double) * (32) * (33), 64); // 'tile', level 0, per team
// OMP-NEXT: const std::size_t hpp_scratch_off1 = hpp_scratch_off0 + hpp_scratch_size0;
// OMP-NEXT: const std::size_t hpp_scratch_size1 = hpprt::align_up(
// OMP-NEXT: sizeof(double) * (n), 64); // 'work', level 1, per thread
// OMP-NEXT: const std::size_t hpp_scratch_bytes = hpp_scratch_off1 + hpp_scratch_size1;
// OMP-NEXT: hpprt::omp::RegionErrors{{[[:space:]]+}}hpp_errors({{[[:space:]]*}}"transpose_L15",{{[[:space:]]+}}"{{.*}}scratch.cpp",{{[[:space:]]+}}15);
// OMP: char *const hpp_scratch =
// OMP-NEXT: hpprt::omp::thread_scratch(hpp_scratch_bytes, hpp_errors);
// OMP-NEXT: const hpprt::Chunk hpp_chunk =
// OMP-NEXT: hpp_scratch ? hpprt::static_chunk(hpp_n0, omp_get_thread_num(),
// OMP-NEXT: omp_get_num_threads())
// OMP-NEXT: : hpprt::Chunk{0, 0};
// OMP: double (*tile)[33] = reinterpret_cast<double (*)[33]>(hpp_scratch + hpp_scratch_off0);
// OMP: double *work = reinterpret_cast<double *>(hpp_scratch + hpp_scratch_off1);
// OMP: const hpprt::index_t hpp_n1 = hpp_n1_0 * hpp_n1_1;
// OMP: for (hpprt::index_t hpp_iv1 = 0; hpp_iv1 < hpp_n1; ++hpp_iv1) {
// OMP-NEXT: hpprt::index_t hpp_q1 = hpp_iv1;
// OMP-NEXT: const hpprt::index_t hpp_x1_1 = hpp_div1_1.peel(hpp_q1);
// OMP-NEXT: int i = hpprt::index_at(hpp_lb1_0, hpp_q1, 1);
// OMP-NEXT: int j = hpprt::index_at(hpp_lb1_1, hpp_x1_1, 1);
// OMP: // hpp: team barrier inserted: 'tile' written at line 24 is read at line 28 (nothing to do with one thread per team)
// OMP: // hpp: team barrier inserted: 'tile' read at line 28 is written at line 24 by the team's next iteration (nothing to do with one thread per team)
// OMP-LABEL: void levels(
// OMP: const std::size_t hpp_scratch_size0 =
// OMP-NEXT: hpprt::align_up(sizeof(double) * (Q), 64); // 'tile', level 0, per team
// OMP: const std::size_t hpp_scratch_size1 = hpprt::align_up(
// OMP-NEXT: sizeof(double) * (4), 64); // 'mine', level 1, per thread
// OMP: double *tile = reinterpret_cast<double *>(hpp_scratch + hpp_scratch_off0);
// OMP: double *mine = reinterpret_cast<double *>(hpp_scratch + hpp_scratch_off1);
// OMP-NOT: team_barrier(
// OMP: out[e] = tile[0] + mine[0];

// CUDA-LABEL: void transpose(
// CUDA: const std::size_t hpp_scratch_off0 = 0; // 'tile', level 0, per team
// CUDA-NEXT: const std::size_t hpp_scratch_size0 =
// CUDA-NEXT: hpprt::align_up(sizeof(double) * (32) * (33), 16);
// CUDA-NEXT: hpp_launch.scratch_team_bytes[0] = hpp_scratch_off0 + hpp_scratch_size0;
// CUDA-NEXT: const std::size_t hpp_scratch_off1 = 0; // 'work', level 1, per thread
// CUDA-NEXT: const std::size_t hpp_scratch_size1 =
// CUDA-NEXT: hpprt::align_up(sizeof(double) * (n), 16);
// CUDA-NEXT: hpp_launch.scratch_thread_bytes[1] = hpp_scratch_off1 + hpp_scratch_size1;
// CUDA: double (*tile)[33] = reinterpret_cast<double (*)[33]>(hpp_ctx.scratch0() + hpp_scratch_off0);
// CUDA: double *work = reinterpret_cast<double *>(hpp_ctx.scratch1() + hpp_ctx.scratch1_team_bytes + hpprt::cuda::thread_rank() * hpp_ctx.scratch1_thread_bytes + hpp_scratch_off1);
// CUDA: tile[i][j] = in[(t / nt * 32 + i) * n + t % nt * 32 + j];
// CUDA: // hpp: barrier inserted: 'tile' written at line 24 is read at line 28
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA: out[(t % nt * 32 + i) * n + t / nt * 32 + j] = tile[j][i] + work[0] * 0;
// CUDA: // hpp: barrier inserted: 'tile' read at line 28 is written at line 24 by the team's next iteration
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA-LABEL: void levels(
// CUDA: const std::size_t hpp_scratch_off0 = 0; // 'tile', level 0, per team
// CUDA-NEXT: const std::size_t hpp_scratch_size0 =
// CUDA-NEXT: hpprt::align_up(sizeof(double) * (Q), 16);
// CUDA-NEXT: hpp_launch.scratch_team_bytes[0] = hpp_scratch_off0 + hpp_scratch_size0;
// CUDA-NEXT: const std::size_t hpp_scratch_off1 = 0; // 'mine', level 1, per thread
// CUDA-NEXT: const std::size_t hpp_scratch_size1 =
// CUDA-NEXT: hpprt::align_up(sizeof(double) * (4), 16);
// CUDA-NEXT: hpp_launch.scratch_thread_bytes[1] = hpp_scratch_off1 + hpp_scratch_size1;
// CUDA: double *tile = reinterpret_cast<double *>(hpp_ctx.scratch0() + hpp_scratch_off0);
// CUDA: double *mine = reinterpret_cast<double *>(hpp_ctx.scratch1() + hpp_ctx.scratch1_team_bytes + hpprt::cuda::thread_rank() * hpp_ctx.scratch1_thread_bytes + hpp_scratch_off1);
// CUDA: // hpp: barrier inserted: 'tile' written at line 41 is read at line 44
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA: if (hpprt::cuda::is_team_leader()) { out[e] = tile[0] + mine[0]; }
// CUDA-NEXT: // hpp: barrier inserted: 'tile' read at line 44 is written at line 41 by the team's next iteration
// CUDA-NEXT: hpprt::cuda::team_barrier();

// HIP is the CUDA translation with the HIP runtime's names: the diff checks
// every other byte, the HIP lines the runtime's macro, header and namespace.
// (Here, at the end, so that the lines checked above keep their numbers.)
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: #define HPP_BACKEND_{{HIP}} 1
// HIP-NEXT: #include <hpprt/{{hip}}/hpprt.hpp>
// HIP: hpprt::{{hip}}::
