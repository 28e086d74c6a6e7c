// A library header calling the API: hppc rewrites only the main file.
#include <hpp/hpp.hpp>
inline void fillIota(int n, double *x) { hpp::parallel_for(n, [=](int i) { x[i] = i; }); }
