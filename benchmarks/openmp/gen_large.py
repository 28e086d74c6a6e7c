#!/usr/bin/env python3
"""Generates a large annotated C++ file (about --lines lines, default 1000)
for timing `hppc translate`. It cycles through functions that use varied
pragma constructs: flat loops with reductions (+, min/max, minloc), team /
thread / vector nests, team-wide vector loops, scratch at both levels and
per team / per thread, collapse at flat and vector level, atomics, single
and an inclusive scan. A main() calls every function on small arrays, so the
translated file is a complete program.

Usage: gen_large.py [-o OUT] [--lines N]
"""
import argparse
import sys

# Each template is formatted with k (the function's index). Bodies only use
# their parameters and visible inline helpers, so hppc accepts them.
TEMPLATES = [
    # 0: flat sum reduction calling a visible helper.
    ("double", "(int n, const double* x, const double* y)", "n, x, y", """\
double flat_sum_{k}(int n, const double* x, const double* y) {{
  double s = 0;
#pragma hpp parallel reduction(+: s) name("flat_sum_{k}")
  for (int i = 0; i < n; ++i) {{
    const double t = helper_{h}(x[i], y[i]);
    s += t * {c}.5;
  }}
  return s;
}}
"""),
    # 1: min/max reductions with a strided, descending loop.
    ("double", "(int n, const double* x, const double* y)", "n, x, y", """\
double flat_minmax_{k}(int n, const double* x, const double* y) {{
  double mn = 1e300, mx = -1e300;
#pragma hpp parallel reduction(min: mn) reduction(max: mx)
  for (int i = n - 1; i >= 0; i -= 2) {{
    const double v = x[i] - {c} * y[i];
    mn = v < mn ? v : mn;
    mx = v > mx ? v : mx;
  }}
  return mx - mn;
}}
"""),
    # 2: team / thread / vector nest with reductions at every level.
    ("double", "(int n, const double* x, const double* y)", "n, x, y", """\
double nest_{k}(int n, const double* x, const double* y) {{
  const int rows = n / 8, cols = 8;
  double total = 0;
#pragma hpp team reduction(+: total) name("nest_{k}")
  for (int r = 0; r < rows; ++r) {{
    double rowsum = 0;
#pragma hpp thread reduction(+: rowsum)
    for (int c = 0; c < cols; ++c) {{
      double lane = 0;
#pragma hpp vector reduction(+: lane)
      for (int v = 0; v < {c}; ++v)
        lane += x[r * cols + c] * (v + 1) + y[(r * cols + c + v) % n];
      rowsum += lane;
    }}
    total += rowsum / (r + 1);
  }}
  return total;
}}
"""),
    # 3: team-level scratch filled by a vector loop and read by another
    # (hppc inserts the barrier), result written in a single.
    ("double", "(int n, const double* x, double* out)", "n, x, out", """\
double scratch_team_{k}(int n, const double* x, double* out) {{
  const int T = n / 16;
#pragma hpp team name("scratch_team_{k}")
  for (int t = 0; t < T; ++t) {{
#pragma hpp scratch
    double tile[16];
#pragma hpp vector
    for (int i = 0; i < 16; ++i)
      tile[i] = x[t * 16 + i] * {c};
    double s = 0;
#pragma hpp vector reduction(+: s)
    for (int i = 0; i < 16; ++i)
      s += tile[15 - i] * (i + 1);
#pragma hpp single
    out[t] = s;
  }}
  return out[0];
}}
"""),
    # 4: flat collapse(2) stencil.
    ("double", "(int n, const double* x, double* out)", "n, x, out", """\
double collapse_{k}(int n, const double* x, double* out) {{
  const int R = n / 16, C = 16;
#pragma hpp parallel collapse(2) name("collapse_{k}")
  for (int i = 1; i < R - 1; ++i)
    for (int j = 1; j < C - 1; ++j)
      out[i * C + j] = {c} * x[i * C + j] - x[(i - 1) * C + j] -
                       x[(i + 1) * C + j] - x[i * C + j - 1] -
                       x[i * C + j + 1];
  return out[C + 1];
}}
"""),
    # 5: histogram with atomics.
    ("double", "(int n, const double* x, double* out)", "n, x, out", """\
double atomic_hist_{k}(int n, const double* x, double* out) {{
  int hist[{b}] = {{}};
#pragma hpp parallel name("atomic_hist_{k}")
  for (int i = 0; i < n; ++i) {{
    const int b = static_cast<int>(x[i] * {b}) % {b};
#pragma hpp atomic
    hist[b] += 1;
#pragma hpp atomic
    out[b] += x[i];
  }}
  double s = 0;
  for (int b = 0; b < {b}; ++b)
    s += hist[b] * (b + 1);
  return s;
}}
"""),
    # 6: team loop with a team-wide vector reduction (TeamVectorRange).
    ("double", "(int n, const double* x, const double* y)", "n, x, y", """\
double team_vector_{k}(int n, const double* x, const double* y) {{
  const int rows = n / 32, cols = 32;
  double result = 0;
#pragma hpp team reduction(+: result) name("team_vector_{k}")
  for (int e = 0; e < rows; ++e) {{
    double row = 0;
#pragma hpp vector reduction(+: row)
    for (int j = 0; j < cols; ++j)
      row += x[static_cast<long>(e) * cols + j] * y[j];
    result += (e % {c} + 1) * row;
  }}
  return result;
}}
"""),
    # 7: flat team thread vector loop with two reductions.
    ("double", "(int n, const double* x, const double* y)", "n, x, y", """\
double flat_tvv_{k}(int n, const double* x, const double* y) {{
  double s = 0, p = 1;
#pragma hpp team thread vector reduction(+: s) reduction(*: p)
  for (long i = 0; i < n; ++i) {{
    s += x[i] * y[i] + {c};
    p *= 1.0 + 1e-9 * x[i];
  }}
  return s * p;
}}
"""),
    # 8: per-thread scratch at level 1 with run-time size, thread loop.
    ("double", "(int n, const double* x, double* out)", "n, x, out", """\
double scratch_thread_{k}(int n, const double* x, double* out) {{
  const int T = n / 64, K = 4 + {c};
#pragma hpp team name("scratch_thread_{k}")
  for (int t = 0; t < T; ++t) {{
#pragma hpp scratch level(1) per(thread)
    double buf[K];
    double s = 0;
#pragma hpp thread reduction(+: s)
    for (int i = 0; i < 8; ++i) {{
#pragma hpp vector
      for (int k = 0; k < K; ++k)
        buf[k] = x[t * 64 + i * 8 + k % 8] * (k + 1);
      double local = 0;
#pragma hpp vector reduction(+: local)
      for (int k = 0; k < K; ++k)
        local += buf[k];
      s += local;
    }}
#pragma hpp single
    out[t] = s;
  }}
  return out[0];
}}
"""),
    # 9: minloc reduction.
    ("double", "(int n, const double* x, const double* y)", "n, x, y", """\
double minloc_{k}(int n, const double* x, const double* y) {{
  double best = 1e300;
  int besti = -1;
#pragma hpp parallel reduction(minloc: best, besti) name("minloc_{k}")
  for (int i = 0; i < n; ++i) {{
    const double v = (x[i] - {c}) * (x[i] - {c}) + y[i];
    if (v < best) {{
      best = v;
      besti = i;
    }}
  }}
  return best + besti;
}}
"""),
    # 10: vector collapse(2) inside a team loop, scratch at level 0.
    ("double", "(int n, const double* x, double* out)", "n, x, out", """\
double vcollapse_{k}(int n, const double* x, double* out) {{
  const int T = n / 64;
#pragma hpp team name("vcollapse_{k}")
  for (int t = 0; t < T; ++t) {{
#pragma hpp scratch level(0)
    double tile[8][9];
#pragma hpp vector collapse(2)
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        tile[i][j] = x[t * 64 + i * 8 + j];
#pragma hpp vector collapse(2)
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        out[t * 64 + j * 8 + i] = tile[i][j] * {c};
  }}
  return out[1];
}}
"""),
    # 11: inclusive prefix sum.
    ("double", "(int n, const double* x, double* out)", "n, x, out", """\
double scan_{k}(int n, const double* x, double* out) {{
  double S = 0;
#pragma hpp parallel reduction(inscan, +: S) name("scan_{k}")
  for (int i = 0; i < n; ++i) {{
    S += x[i] * {c};
#pragma hpp scan inclusive(S)
    out[i] = S;
  }}
  return out[n - 1];
}}
"""),
]

HEADER = """\
// Generated by benchmarks/openmp/gen_large.py: a large annotated file for
// timing `hppc translate`. Do not edit; regenerate.
#include <cstdio>
#include <vector>

"""

HELPER = """\
inline double helper_{k}(double a, double b) {{
  return a * {c} + b / (1.0 + a * a);
}}

"""


def generate(target_lines):
    parts = [HEADER]
    nhelpers = 4
    for h in range(nhelpers):
        parts.append(HELPER.format(k=h, c=h + 2))
    funcs = []  # (name, args)
    k = 0
    while True:
        text = "".join(parts)
        # Reserve room for main (about 3 lines per call + 15).
        if text.count("\n") + 3 * len(funcs) + 15 >= target_lines:
            break
        _, _, args, tmpl = TEMPLATES[k % len(TEMPLATES)]
        body = tmpl.format(k=k, c=k % 5 + 2, h=k % nhelpers, b=8 + k % 8)
        parts.append(body + "\n")
        name = body.split("(", 1)[0].split()[-1]
        funcs.append((name, args))
        k += 1
    main = ["int main() {",
            "  const int n = 4096;",
            "  std::vector<double> xs(n), ys(n), outs(n);",
            "  for (int i = 0; i < n; ++i) {",
            "    xs[i] = (i % 97) / 97.0;",
            "    ys[i] = (i % 89) / 89.0;",
            "  }",
            "  const double *x = xs.data(), *y = ys.data();",
            "  double* out = outs.data();",
            "  double checksum = 0;"]
    for name, args in funcs:
        main.append("  for (int i = 0; i < n; ++i) out[i] = 0;")
        main.append("  checksum += %s(%s);" % (name, args))
        main.append("  (void)y;")
    main += ['  std::printf("%d functions, checksum %.6g\\n", ' + str(len(funcs)) + ', checksum);',
             "  return 0;",
             "}"]
    parts.append("\n".join(main) + "\n")
    return "".join(parts), len(funcs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--lines", type=int, default=1000)
    a = ap.parse_args()
    text, nfuncs = generate(a.lines)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    print("gen_large.py: %d lines, %d functions, %d pragmas" %
          (text.count("\n"), nfuncs, text.count("#pragma hpp")), file=sys.stderr)


if __name__ == "__main__":
    main()
