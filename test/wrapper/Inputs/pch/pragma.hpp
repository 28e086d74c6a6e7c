// A header with an hpp annotation of its own: a file that includes it in
// its preamble is parsed without the PCH (the pragma handler must see it).
#pragma once
inline void fill(double *p, int n) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    p[i] = 0;
}
