// Scratch arrays become pointers into the host thread's scratch buffer,
// sized before the region; the barrier hppc infers between the two vector
// loops is reported (a no-op with one thread per team).
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=openmp %s -o /dev/null --report | %FileCheck %s --check-prefix=REPORT

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
        out[(t % nt * 32 + i) * n + t / nt * 32 + j] = tile[j][i];
  }
}

// OMP: const std::size_t hpp_scratch_off0 = 0;
// OMP-NEXT: const std::size_t hpp_scratch_size0 = hpprt::align_up(sizeof(double) * (32) * (33), 64); // 'tile', level 0, per team
// OMP-NEXT: const std::size_t hpp_scratch_off1 = hpp_scratch_off0 + hpp_scratch_size0;
// OMP-NEXT: const std::size_t hpp_scratch_size1 = hpprt::align_up(sizeof(double) * (n), 64); // 'work', level 1, per thread
// OMP-NEXT: const std::size_t hpp_scratch_bytes = hpp_scratch_off1 + hpp_scratch_size1;
// OMP: char *const hpp_scratch = hpprt::omp::thread_scratch(hpp_scratch_bytes);
// OMP: double (*tile)[33] = reinterpret_cast<double (*)[33]>(hpp_scratch + hpp_scratch_off0);
// OMP: double *work = reinterpret_cast<double *>(hpp_scratch + hpp_scratch_off1);
// OMP: const hpprt::index_t hpp_n1 = hpp_n1_0 * hpp_n1_1;
// OMP: int i = hpprt::index_at(hpp_lb1_0, (hpp_iv1 / (hpp_n1_1)), 1); int j = hpprt::index_at(hpp_lb1_1, hpp_iv1 % hpp_n1_1, 1);
// OMP: // hpp: team barrier inserted: 'tile' written at line 17 is read at line 21 (nothing to do with one thread per team)

// REPORT: region 'transpose_L8' (team loop)
// REPORT: line 10: scratch 'tile' level 0 per team: 8448 bytes
// REPORT: line 12: scratch 'work' level 1 per thread: sizeof(double) * (n) bytes
// REPORT: line 14: team-vector loop over i, j (collapse 2) -> sequential loop
// REPORT: barrier inserted: 'tile' written at line 17 is read at line 21
// REPORT: barrier inserted: 'tile' read at line 21 is written at line 17 by the team's next iteration
// REPORT: barriers inserted: 2
