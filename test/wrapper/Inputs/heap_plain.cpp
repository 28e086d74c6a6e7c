// An ordinary program (no annotations): vectors, strings, new[], malloc,
// threads. Linked with the managed heap it must run the same, on a GPU
// machine (managed memory) or without one (the heap falls back to libc).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

int main() {
  std::vector<double> v(1 << 20);
  std::iota(v.begin(), v.end(), 0.0);
  std::string s;
  for (int i = 0; i < 1000; ++i)
    s += std::to_string(i % 10);
  int *a = new int[5000];
  for (int i = 0; i < 5000; ++i)
    a[i] = i;
  char *m = static_cast<char *>(std::malloc(100));
  std::strcpy(m, "malloc");
  m = static_cast<char *>(std::realloc(m, 1 << 20));
  long sums[4] = {};
  std::vector<std::thread> t;
  for (int k = 0; k < 4; ++k)
    t.emplace_back([k, &sums] {
      std::vector<long> w(10000 + k, k);
      sums[k] = std::accumulate(w.begin(), w.end(), 0L);
    });
  for (auto &x : t)
    x.join();
  std::printf("%.0f %zu %d %s %ld %ld\n", std::accumulate(v.begin(), v.end(), 0.0), s.size(),
              a[4999], m, sums[1], sums[3]);
  delete[] a;
  std::free(m);
  return 0;
}
