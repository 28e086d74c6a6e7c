// The header the preamble of a.cpp and b.cpp includes; pch_cache.test
// edits a copy of it.
#pragma once
constexpr double Scale = 2.0;
static_assert(Scale > 0, "a positive scale");
inline double twice(double x) { return Scale * x; }
