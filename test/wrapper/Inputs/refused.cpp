// An annotated file hppc refuses (a race on 'last').
void f(int n, const double* x, double& out) {
  double last = 0;
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    last = x[i];
  out = last;
}
