void f(int n, const double *x, double *y, double &total, int &where) {
  double sum = 0, best = 1e300;
  int at = -1;
#pragma hpp parallel reduction(+: sum) reduction(minloc: best, at) name("flat")
  for (int i = n - 1; i >= 0; --i) {
    y[i] = 2 * x[i];
    sum += x[i];
    if (x[i] < best) { best = x[i]; at = i; }
  }
  total = sum;
  where = at;
}
