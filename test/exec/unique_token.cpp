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

// UniqueToken inside regions. Each holder of an id marks the id's slot
// while it holds it (an atomic exchange from 0 to its iteration), so two
// holders of one id at the same time are counted as collisions; every id
// must lie in [0, size()). Cases: a default Instance token in a flat loop
// (the unique_token tutorial's scatter-add into one histogram per id,
// reduced afterwards, must equal the serial histogram), a sized token much
// smaller than the work (threads wait for ids) through AcquireUniqueToken,
// the Global token from hpp::parallel_for, and one id per team acquired in
// a '#pragma hpp single', broadcast to the team's vector loop and released
// in another single, and ids taken in a team-wide vector loop of odd
// block shapes. Sizes are printed only as checks: they are 1 in the
// serial build and the device's or the host's concurrency elsewhere.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

template <class T> T* zeros(long n) {
  T* p = hpp::alloc<T>(n, hpp::Space::Shared);
  for (long i = 0; i < n; ++i) p[i] = T(0);
  return p;
}

// Marks id as held by iteration i; counts a collision if someone else held it.
HPP_FUNCTION inline void hold(int* holder, int* collisions, int id, int i) {
  if (hpp::atomic_exchange(&holder[id], i + 1) != 0) hpp::atomic_add(collisions, 1);
}
HPP_FUNCTION inline void unhold(int* holder, int* collisions, int id, int i) {
  if (hpp::atomic_exchange(&holder[id], 0) != i + 1) hpp::atomic_add(collisions, 1);
}

struct Check {
  int* holder;
  int* collisions;
  int* out_of_range;
};

Check make_check(int size) { return {zeros<int>(size), zeros<int>(1), zeros<int>(1)}; }

void report(const char* what, const Check& c, int size, int uses) {
  int still_held = 0;
  for (int k = 0; k < size; ++k) still_held += c.holder[k] != 0;
  std::printf("%s: size ok %d uses %d collisions %d out of range %d still held %d\n", what,
              size >= 1, uses, *c.collisions, *c.out_of_range, still_held);
  hpp::free(c.holder);
  hpp::free(c.collisions);
  hpp::free(c.out_of_range);
}

void scatter_add(int n, int bins) {
  hpp::UniqueToken<> token;
  const int size = token.size();
  int* values = hpp::alloc<int>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) values[i] = (i * 7919 + 13) % bins;
  const int* v = values;
  int* dup = zeros<int>(long(size) * bins);
  Check c = make_check(size);
  int* uses = zeros<int>(1);
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int id = token.acquire();
    if (id < 0 || id >= size) {
      hpp::atomic_add(c.out_of_range, 1);
    } else {
      hold(c.holder, c.collisions, id, i);
      // The id's own histogram: no other iteration writes it meanwhile.
      dup[long(id) * bins + v[i]] += 1;
      hpp::atomic_add(uses, 1);
      unhold(c.holder, c.collisions, id, i);
      token.release(id);
    }
  }
  std::vector<long> hist(bins, 0), ref(bins, 0);
  for (int k = 0; k < size; ++k)
    for (int b = 0; b < bins; ++b) hist[b] += dup[long(k) * bins + b];
  for (int i = 0; i < n; ++i) ref[values[i]] += 1;
  int wrong = 0;
  for (int b = 0; b < bins; ++b) wrong += hist[b] != ref[b];
  std::printf("scatter-add: bins %d wrong %d first %ld last %ld\n", bins, wrong, hist[0],
              hist[bins - 1]);
  report("instance", c, size, *uses);
  hpp::free(values);
  hpp::free(dup);
  hpp::free(uses);
}

void sized(int n) {
  hpp::UniqueToken<hpp::Scope::Instance> token(3);
  Check c = make_check(3);
  int* uses = zeros<int>(1);
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    hpp::AcquireUniqueToken<hpp::Scope::Instance> lock(token);
    const int id = lock.value();
    if (id < 0 || id >= 3) {
      hpp::atomic_add(c.out_of_range, 1);
    } else {
      hold(c.holder, c.collisions, id, i);
      hpp::atomic_add(uses, 1);
      unhold(c.holder, c.collisions, id, i);
    }
  }
  report("sized 3", c, token.size(), *uses);
  hpp::free(uses);
}

void global_api(int n) {
  hpp::UniqueToken<hpp::Scope::Global> token;
  const int size = token.size();
  Check c = make_check(size);
  int* uses = zeros<int>(1);
  hpp::parallel_for("global_token", n, [=](int i) {
    const int id = token.acquire();
    if (id < 0 || id >= size) {
      hpp::atomic_add(c.out_of_range, 1);
      return;
    }
    hold(c.holder, c.collisions, id, i);
    hpp::atomic_add(uses, 1);
    unhold(c.holder, c.collisions, id, i);
    token.release(id);
  });
  report("global", c, size, *uses);
  hpp::free(uses);
}

void per_team(int teams, int width) {
  hpp::UniqueToken<hpp::Scope::Global> token;
  const int size = token.size();
  Check c = make_check(size);
  int* sums = zeros<int>(size);
  int* lanes = zeros<int>(1);
#pragma hpp team
  for (int t = 0; t < teams; ++t) {
    int id = -1;
#pragma hpp single
    {
      id = token.acquire();
      if (id >= 0 && id < size) hold(c.holder, c.collisions, id, t);
    }
    if (id < 0 || id >= size) {
#pragma hpp single
      hpp::atomic_add(c.out_of_range, 1);
    } else {
      // Every lane of the team sees the id its single acquired.
#pragma hpp vector
      for (int l = 0; l < width; ++l) {
        hpp::atomic_add(&sums[id], 1);
        hpp::atomic_add(lanes, 1);
      }
#pragma hpp single
      {
        unhold(c.holder, c.collisions, id, t);
        token.release(id);
      }
    }
  }
  long total = 0;
  for (int k = 0; k < size; ++k) total += sums[k];
  std::printf("per team: lanes %d total %ld\n", *lanes, total);
  report("per team", c, size, teams);
  hpp::free(sums);
  hpp::free(lanes);
}

// Blocks of 3 x 8 threads: warps hold 24 threads of one block, so lanes
// that acquire together are fewer than a warp and start mid-word.
void odd_blocks(int teams, int per_team) {
  hpp::UniqueToken<> token;
  const int size = token.size();
  Check c = make_check(size);
  int* uses = zeros<int>(1);
#pragma hpp team team_size(3) vector_length(8)
  for (int t = 0; t < teams; ++t) {
#pragma hpp thread vector
    for (int k = 0; k < per_team; ++k) {
      const int id = token.acquire();
      if (id < 0 || id >= size) {
        hpp::atomic_add(c.out_of_range, 1);
      } else {
        hold(c.holder, c.collisions, id, t * per_team + k);
        hpp::atomic_add(uses, 1);
        unhold(c.holder, c.collisions, id, t * per_team + k);
        token.release(id);
      }
    }
  }
  report("odd blocks", c, size, *uses);
  hpp::free(uses);
}

int main() {
  std::printf("concurrency ok %d\n", hpp::concurrency() >= 1);
  scatter_add(200000, 997);
  sized(20000);
  global_api(100000);
  per_team(3000, 40);
  odd_blocks(5000, 37);
  return 0;
}
