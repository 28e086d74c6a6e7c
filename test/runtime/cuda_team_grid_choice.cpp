// HPP_TEAM_GRID=resident launches a team region whose blocks stride over
// the league on min(league, resident blocks); the default (`balanced`)
// spreads the teams evenly over fewer blocks per multiprocessor. Leagues
// of a few rounds of the resident blocks give the same results either
// way (sums of integers, exact in any order), and a value that is no
// choice is an error naming the variable, never a silent default. Runs
// where a GPU is (scripts/device/).
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: %t > %t.default
// RUN: env HPP_TEAM_GRID=balanced %t > %t.balanced
// RUN: env HPP_TEAM_GRID=resident %t > %t.resident
// RUN: diff %t.default %t.balanced
// RUN: diff %t.default %t.resident
// RUN: %FileCheck --input-file=%t.default %s --check-prefix=OUT
// RUN: env HPP_TEAM_GRID=wide not %t 2> %t.err
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=terminate
// OUT: league 1 total 2016
// OUT: league 1500 total 3024000
// OUT: league 5000 total 10080000
// OUT: league 9000 total 18144000
// OUT: league 40000 total 80640000
// CHECK: hpp: error: HPP_TEAM_GRID='wide' is not a choice (expected balanced or resident)
#include <cstdio>
#include <hpp/hpp.hpp>

// Each team adds 0 + 1 + ... + 63 = 2016, once: a team run twice or not
// at all changes the total. Teams of 64 threads fit 32 blocks on each
// multiprocessor (4224 on an H200): 5000, 9000 and 40000 teams take 2, 3
// and 10 rounds.
long long teams_total(int league) {
  long long total = 0;
#pragma hpp team reduction(+: total) name("teams_total")
  for (int t = 0; t < league; ++t) {
    long long team = 0;
#pragma hpp thread reduction(+: team)
    for (int i = 0; i < 64; ++i)
      team += i;
    total += team;
  }
  return total;
}

int main() {
  for (int league : {1, 1500, 5000, 9000, 40000})
    std::printf("league %d total %lld\n", league, teams_total(league));
  return 0;
}
