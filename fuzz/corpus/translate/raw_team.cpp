void g(int n, int m, const double *a, double *out, int *hist) {
#pragma hpp team league(n) team_size(auto) vector_length(4)
  for (int e = 0; e < n; ++e) {
#pragma hpp scratch level(0) per(team)
    double s[32];
    double row = 0;
#pragma hpp thread
    for (int j = 0; j < 32; ++j)
      s[j] = a[(e * 32 + j) % m];
    double *p = s;
#pragma hpp thread reduction(+: row)
    for (int j = 0; j < 32; ++j) {
#pragma hpp vector
      for (int k = 0; k < 4; ++k)
        out[e * 4 + k] = p[(j + k) % 32];
      row += p[31 - j];
    }
#pragma hpp single per(team)
    out[e] = row;
#pragma hpp atomic
    hist[e % 8]++;
  }
}
