void h(int n, const long *x, long *inc, long *exc) {
  long run = 0, run2 = 0;
#pragma hpp parallel reduction(inscan, +: run)
  for (int i = 0; i < n; ++i) {
    run += x[i];
#pragma hpp scan inclusive(run)
    inc[i] = run;
  }
#pragma hpp parallel collapse(2) reduction(inscan, +: run2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 2; ++j) {
      exc[2 * i + j] = run2;
#pragma hpp scan exclusive(run2)
      run2 += x[i];
    }
}
