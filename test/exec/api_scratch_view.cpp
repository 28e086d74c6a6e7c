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

// Views over scratch, hpp spelling: every team stages its row of `a` in a
// level-0 view built over team_scratch(0), reorders it into a rank-2
// LayoutLeft view over level-1 scratch (declared after the first loop),
// sums that by columns, negates the staged row in place and keeps a value
// in a view over thread_scratch(0). No team_barrier() is written: each step
// reads what other threads wrote in the step before (or overwrites what
// they read), and hppc must insert the barriers, following the views to
// their arrays; the serial build has one thread and needs none. There are
// many more teams than a GPU runs at once, so blocks run several teams and
// reuse their scratch. Requests are sized with View::shmem_size. All values
// are small integers: sums are exact in any order.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int E = 700, r = 8, c = 12, n = r * c;
  using Vec = hpp::View<double, 1>;
  using Tile = hpp::View<double, 2, hpp::LayoutLeft>;
  hpp::View<double, 2> a("a", E, n);
  auto ha = hpp::create_mirror_view(a);
  for (int e = 0; e < E; ++e)
    for (int i = 0; i < n; ++i)
      ha(e, i) = (e * 7 + i * 3) % 23 - 11;
  hpp::deep_copy(a, ha);
  Vec out("out", E), first("first", E);

  hpp::parallel_for(
      "stage",
      hpp::TeamPolicy(E, hpp::AUTO)
          .set_scratch_size(0, hpp::PerTeam(Vec::shmem_size(n)), hpp::PerThread(Vec::shmem_size(1)))
          .set_scratch_size(1, hpp::PerTeam(Tile::shmem_size(r, c))),
      [=](const hpp::TeamMember& t) {
        Vec mine(t.thread_scratch(0), 1);
        Vec row(t.team_scratch(0), n);
        hpp::parallel_for(hpp::TeamVectorRange(t, n),
                          [&](int i) { row(i) = a(t.league_rank(), i); });
        Tile tile(t.team_scratch(1), r, c);
        hpp::parallel_for(hpp::TeamThreadRange(t, r), [&](int i) {
          hpp::parallel_for(hpp::ThreadVectorRange(t, c),
                            [&](int j) { tile(i, j) = row(n - 1 - (i * c + j)); });
        });
        double s = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, c),
            [&](int j, double& p) {
              for (int i = 0; i < r; ++i)
                p += tile(i, j) * (j + 1);
            },
            s);
        hpp::parallel_for(hpp::TeamVectorRange(t, n), [&](int i) { row(i) = -row(i); });
        hpp::single(hpp::PerThread(t), [&] { mine(0) = s; });
        hpp::single(hpp::PerTeam(t), [&] {
          out(t.league_rank()) = mine(0);
          first(t.league_rank()) = row(n - 1);
        });
      });

  auto hout = hpp::create_mirror_view(out);
  auto hfirst = hpp::create_mirror_view(first);
  hpp::deep_copy(hout, out);
  hpp::deep_copy(hfirst, first);
  double weighted = 0, firsts = 0;
  for (int e = 0; e < E; ++e) {
    weighted += hout(e) * (e % 5 + 1);
    firsts += hfirst(e) * (e % 3 + 1);
  }
  std::printf("out(0) %g out(1) %g out(%d) %g\n", hout(0), hout(1), E - 1, hout(E - 1));
  std::printf("weighted %.17g firsts %.17g\n", weighted, firsts);
  return 0;
}
