// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// The runtime used from several host threads at once (issue 13, item 8):
// four threads, each with its own arrays and its own stream, run 200 rounds
// of a flat reduction, a team loop with level-0 and level-1 scratch and an
// inclusive scan, with sizes that change every round so that the runtime's
// buffer pools grow while other threads launch. Integer data: every result
// is exact and checked against a loop on the host in the same thread.
// test/runtime/threads_tsan.test runs this program under ThreadSanitizer,
// scripts/threads-check.sh also with --default-stream per-thread and under
// compute-sanitizer (with fewer rounds: the first argument).
#include <cstdio>
#include <cstdlib>
#include <hpp/hpp.hpp>
#include <thread>
#include <vector>

long flat_sum(const hpp::Stream& s, int n, const long* a) {
  long sum = 0;
#pragma hpp parallel reduction(+: sum) stream(s)
  for (int i = 0; i < n; ++i)
    sum += a[i] * (i % 3 + 1);
  return sum;
}

// out[t] = sum over the tile t of a: tile[i] * (i + 1) + 2 * tile[N - 1 - i],
// read back from scratch of both levels.
void team_tiles(const hpp::Stream& s, int T, int N, const long* a, long* out) {
#pragma hpp team stream(s)
  for (int t = 0; t < T; ++t) {
#pragma hpp scratch level(0)
    long tile[N];
#pragma hpp scratch level(1)
    long twice[N];
#pragma hpp vector
    for (int i = 0; i < N; ++i) {
      tile[i] = a[t * N + i];
      twice[i] = 2 * a[t * N + i];
    }
    long acc = 0;
#pragma hpp vector reduction(+: acc)
    for (int i = 0; i < N; ++i)
      acc += tile[i] * (i + 1) + twice[N - 1 - i];
#pragma hpp single
    out[t] = acc;
  }
}

long prefix_sums(const hpp::Stream& s, int n, const long* a, long* out) {
  long run = 0;
#pragma hpp parallel reduction(inscan, +: run) stream(s)
  for (int i = 0; i < n; ++i) {
    run += a[i];
#pragma hpp scan inclusive(run)
    out[i] = run;
  }
  return run;
}

struct Outcome {
  long wrong = 0;
  long checksum = 0;
};

void worker(int id, int rounds, Outcome& r) {
  hpp::Stream stream;
  const int nmax = 30000 + 1000 * id;
  long* a = hpp::alloc<long>(nmax, hpp::Space::Shared);
  long* out = hpp::alloc<long>(nmax, hpp::Space::Shared);
  for (int round = 0; round < rounds; ++round) {
    // Sizes that rise and fall, differently in every thread.
    const int n = 500 + (round * 7919 + id * 1237) % (nmax - 500);
    for (int i = 0; i < n; ++i)
      a[i] = (i * 31 + round * 17 + id * 5) % 1001 - 500;

    long expect = 0;
    for (int i = 0; i < n; ++i)
      expect += a[i] * (i % 3 + 1);
    const long sum = flat_sum(stream, n, a);
    r.wrong += sum != expect;

    const int N = 8 + (round * 13 + id * 29) % 150;
    const int T = n / N;
    for (int t = 0; t < T; ++t)
      out[t] = -1;
    team_tiles(stream, T, N, a, out);
    for (int t = 0; t < T; ++t) {
      long acc = 0;
      for (int i = 0; i < N; ++i)
        acc += a[t * N + i] * (i + 1) + 2 * a[t * N + N - 1 - i];
      r.wrong += out[t] != acc;
      r.checksum += out[t] % 1000;
    }

    const long total = prefix_sums(stream, n, a, out);
    long run = 0;
    for (int i = 0; i < n; ++i) {
      run += a[i];
      r.wrong += out[i] != run;
    }
    r.wrong += total != run;
    r.checksum += sum + total;
  }
  hpp::free(a);
  hpp::free(out);
}

int main(int argc, char** argv) {
  const int threads = 4;
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 200;
  std::vector<Outcome> outcomes(threads);
  std::vector<std::thread> pool;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back(worker, id, rounds, std::ref(outcomes[id]));
  for (std::thread& t : pool)
    t.join();
  long wrong = 0;
  for (int id = 0; id < threads; ++id) {
    std::printf("thread %d: wrong %ld checksum %ld\n", id, outcomes[id].wrong,
                outcomes[id].checksum);
    wrong += outcomes[id].wrong;
  }
  std::printf("%s\n", wrong ? "FAILED" : "all results exact");
  return wrong ? 1 : 0;
}
