// The project's shared header: every file includes it, so editing it
// rebuilds (and re-translates) all three.
#pragma once
#include <cstddef>

constexpr double kScale = 2.5;

void saxpy(std::size_t n, double a, const double* x, double* y);
double norm1(std::size_t n, const double* x);
double norm_inf(std::size_t n, const double* x);
