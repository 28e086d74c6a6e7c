#include <hpp/hpp.hpp>
double k(int n, int m, const double *x, double *y) {
  double sum = 0;
  hpp::parallel_reduce(n, [=](int i, double &r) { r += x[i]; }, sum);
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    double row = 0;
    hpp::parallel_reduce(hpp::TeamThreadRange(t, m), [&](int c, double &r) { r += x[c]; }, row);
    hpp::single(hpp::PerTeam(t), [&] { y[t.league_rank()] = row; });
  });
  return sum;
}
