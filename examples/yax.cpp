// y^T A x with one team per row of A and a vector reduction inside each
// row, the classic example of hierarchical parallelism. Built by g++ without
// hppc, the pragmas are ignored and it runs serially.
#include <cstdio>
#include <vector>

int main() {
  const int rows = 4000, cols = 1500;
  std::vector<double> A(static_cast<size_t>(rows) * cols), x(cols), y(rows);
  for (int i = 0; i < rows; ++i)
    y[i] = 1 + i % 3;
  for (int j = 0; j < cols; ++j)
    x[j] = 1 + j % 5;
  for (size_t k = 0; k < A.size(); ++k)
    A[k] = static_cast<double>(k % 7);

  const double *pA = A.data(), *px = x.data(), *py = y.data();
  double result = 0;
  #pragma hpp team reduction(+: result) name("yAx")
  for (int e = 0; e < rows; ++e) {
    double row = 0;
    #pragma hpp vector reduction(+: row)
    for (int j = 0; j < cols; ++j)
      row += pA[static_cast<size_t>(e) * cols + j] * px[j];
    result += py[e] * row;
  }
  std::printf("yAx = %.1f\n", result);
  return 0;
}
