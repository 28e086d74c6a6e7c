#!/usr/bin/env python3
"""Writes a CMake project of N C++ files (default 200) for the build benchmark.

Every file is ordinary numeric code (<vector>, <cmath>, <algorithm>, a small
struct, a few functions); one file in ten (20 of 200) also has hpp
annotations: a `#pragma hpp parallel` loop, a reduction and an
hpp::parallel_for call. main.cpp calls one function of every file and prints
a checksum, so a build that compiled something wrong prints another number.
The project knows nothing of hpp beyond HPP_INCLUDE_DIR (for <hpp/hpp.hpp>):
built with the plain compiler the pragmas are ignored and the API calls run
serially; with hppc++ as the compiler the annotated files are translated.

Usage: gen-project.py OUT_DIR [--files N] [--annotated-every K]
"""
import argparse
import os

PLAIN = """\
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace unit{i} {{
struct Stats {{
  double mean = 0, spread = 0;
}};

static Stats stats(const std::vector<double>& v) {{
  Stats s;
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / v.size();
  for (double x : v)
    s.spread = std::max(s.spread, std::fabs(x - s.mean));
  return s;
}}

static void smooth(std::vector<double>& v) {{
  std::vector<double> out(v.size());
  for (std::size_t i = 1; i + 1 < v.size(); ++i)
    out[i] = 0.25 * v[i - 1] + 0.5 * v[i] + 0.25 * v[i + 1];
  out.front() = v.front();
  out.back() = v.back();
  v.swap(out);
}}
}} // namespace unit{i}

double work{i}(std::size_t n) {{
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = std::sin(0.001 * (i + {i})) + std::sqrt(double(i % 17));
  unit{i}::smooth(v);
  std::sort(v.begin(), v.end());
  unit{i}::Stats s = unit{i}::stats(v);
  return s.mean + 0.5 * s.spread;
}}
"""

ANNOTATED = """\
#include <hpp/hpp.hpp>
#include <cmath>
#include <vector>

namespace unit{i} {{
static void scale(std::size_t n, double a, double* y) {{
#pragma hpp parallel name("scale{i}")
  for (std::size_t i = 0; i < n; ++i)
    y[i] = a * y[i] + std::cos(0.001 * i);
}}

static double sum(std::size_t n, const double* y) {{
  double s = 0;
#pragma hpp parallel name("sum{i}") reduction(+: s)
  for (std::size_t i = 0; i < n; ++i)
    s += y[i];
  return s;
}}
}} // namespace unit{i}

double work{i}(std::size_t n) {{
  std::vector<double> v(n);
  double* y = v.data();
  hpp::parallel_for("init{i}", n, [=](std::size_t i) {{ y[i] = std::sqrt(double(i % 13)); }});
  unit{i}::scale(n, 1.0 + {i} * 1e-3, y);
  return unit{i}::sum(n, y) / n;
}}
"""

MAIN_HEAD = """\
#include <cstdio>
#include <cstddef>

"""


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--files", type=int, default=200)
    p.add_argument("--annotated-every", type=int, default=10)
    a = p.parse_args()
    os.makedirs(os.path.join(a.out, "src"), exist_ok=True)
    names = []
    annotated = 0
    for i in range(a.files):
        is_annotated = i % a.annotated_every == a.annotated_every - 1
        annotated += is_annotated
        name = "src/unit%03d.cpp" % i
        names.append(name)
        with open(os.path.join(a.out, name), "w") as f:
            f.write((ANNOTATED if is_annotated else PLAIN).format(i=i))
    with open(os.path.join(a.out, "main.cpp"), "w") as f:
        f.write(MAIN_HEAD)
        for i in range(a.files):
            f.write("double work%d(std::size_t n);\n" % i)
        f.write("\nint main() {\n  double total = 0;\n")
        for i in range(a.files):
            f.write("  total += work%d(1000);\n" % i)
        f.write('  std::printf("checksum %.6f\\n", total);\n  return 0;\n}\n')
    with open(os.path.join(a.out, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.21)\n"
                "project(hpp_build_bench CXX)\n"
                "set(CMAKE_CXX_STANDARD 17)\n"
                "set(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
                'set(HPP_INCLUDE_DIR "" CACHE PATH "Directory holding hpp/hpp.hpp")\n'
                "add_executable(bench main.cpp\n")
        for n in names:
            f.write("  %s\n" % n)
        f.write(")\ntarget_include_directories(bench PRIVATE ${HPP_INCLUDE_DIR})\n")
    print("%d files, %d annotated, in %s" % (a.files, annotated, a.out))


if __name__ == "__main__":
    main()
