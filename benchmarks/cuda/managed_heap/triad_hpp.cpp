// The streaming kernel of the managed-heap benchmark, translated by hppc:
// a = b + s * c, as an existing program would annotate it.
void hpp_triad(long n, double s, const double *b, const double *c, double *a) {
#pragma hpp parallel name("triad")
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}
