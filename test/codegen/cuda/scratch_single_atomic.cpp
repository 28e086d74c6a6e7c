// Scratch in shared memory (level 0) and in the global pool (level 1), per
// team and per thread; single with broadcast; barriers; atomics once per
// team at team level, per iteration in vector loops.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void kernel(int E, int Q, const double *in, double *out, int *hist) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double tile[Q];
    #pragma hpp scratch level(1) per(thread)
    double mine[4];
    double scale = 0;
    #pragma hpp single
    scale = in[e * Q];
    #pragma hpp vector
    for (int q = 0; q < Q; ++q) {
      tile[q] = scale * in[e * Q + q];
      #pragma hpp atomic
      hist[q % 8] += 1;
    }
    #pragma hpp thread
    for (int k = 0; k < 4; ++k)
      mine[k] = tile[k];
    #pragma hpp atomic
    hist[0] += 1;
    out[e] = tile[0] + mine[0];
  }
}

// CUDA: const std::size_t hpp_scratch_off0 = 0; // 'tile', level 0, per team
// CUDA-NEXT: const std::size_t hpp_scratch_size0 = hpprt::align_up(sizeof(double) * (Q), 16);
// CUDA-NEXT: hpp_launch.scratch_team_bytes[0] = hpp_scratch_off0 + hpp_scratch_size0;
// CUDA-NEXT: const std::size_t hpp_scratch_off1 = 0; // 'mine', level 1, per thread
// CUDA-NEXT: const std::size_t hpp_scratch_size1 = hpprt::align_up(sizeof(double) * (4), 16);
// CUDA-NEXT: hpp_launch.scratch_thread_bytes[1] = hpp_scratch_off1 + hpp_scratch_size1;
// CUDA: double *tile = reinterpret_cast<double *>(hpp_ctx.scratch0() + hpp_scratch_off0);
// CUDA: double *mine = reinterpret_cast<double *>(hpp_ctx.scratch1() + hpp_ctx.scratch1_team_bytes + hpprt::cuda::thread_rank() * hpp_ctx.scratch1_thread_bytes + hpp_scratch_off1);
// CUDA: { // hpp single per team
// CUDA-NEXT: if (hpprt::cuda::is_team_leader())
// CUDA: scale = in[e * Q];
// CUDA: scale = hpprt::cuda::team_broadcast(scale);
// CUDA-NEXT: }
// CUDA: hpprt::cuda::atomic_add(&(hist[q % 8]), static_cast<std::decay_t<decltype(hist[q % 8])>>(1));
// CUDA: hpprt::cuda::team_barrier(); // hpp: barrier inserted: 'tile' written at line 20 is read at line 26
// CUDA: if (hpprt::cuda::is_team_leader()) hpprt::cuda::atomic_add(&(hist[0]), static_cast<std::decay_t<decltype(hist[0])>>(1));
// CUDA: if (hpprt::cuda::is_team_leader()) { out[e] = tile[0] + mine[0]; }
// CUDA: hpprt::cuda::team_barrier(); // hpp: barrier inserted: 'tile' read at line {{[0-9]+}} is written at line 20 by the team's next iteration
