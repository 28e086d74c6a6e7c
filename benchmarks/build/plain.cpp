// An ordinary source without annotations, with the standard headers most
// files of a numeric project include (benchmarks/build/run.py).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

double spread(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  double mean = std::accumulate(v.begin(), v.end(), 0.0) / v.size();
  double s = 0;
  for (double x : v)
    s = std::max(s, std::fabs(x - mean));
  return s;
}
