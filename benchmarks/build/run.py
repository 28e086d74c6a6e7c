#!/usr/bin/env python3
"""Build-integration benchmarks for hppc++ (issue 12, "Performance").

Prints one table: benchmark, plain time, hpp time, ratio, target. Each
configuration runs several times, interleaved with its baseline (the
machine is shared: a burst of load then hits both alike), and the table
shows medians. Nothing here asserts: it measures.

  pass-through   hppc++ -O2 -c on a file without annotations (tiny, and one
                 including <vector>/<cmath>/<algorithm>), as the compiler and
                 in the launcher form, against the compiler itself.
                 Target <= 1.05.
  cuda compile   hppc++ --hpp-backend=cuda -c on an annotated file (with and
                 without a depfile, as Ninja asks for one) against nvcc on
                 the already-translated file with the same flags (compile
                 only: no GPU needed). Target <= 1.3. annotated.cpp has an
                 hpp::parallel_for call (its translation parses the file
                 twice), annotated-pragmas.cpp only pragmas (parsed once).
  project        a generated 200-file CMake project, 10% annotated
                 (gen-project.py), `ninja -j2` from clean: plain compiler
                 with pragmas ignored against hppc++ as CMAKE_CXX_COMPILER
                 (OpenMP). Target <= 1.15.

Usage: benchmarks/build/run.py [--build-dir build] [--only NAME ...]
         [--reps N] [--cuda-reps N] [--project-reps N] [--files N]
Environment: CXX (default clang++-19), NVCC (default
/usr/local/cuda/bin/nvcc, or nvcc on PATH).
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def timed(cmd, cwd=None, env=None):
    """Runs cmd; returns (wall seconds, CPU seconds of it and its children)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (r.returncode, " ".join(cmd),
                                          r.stderr.decode(errors="replace")))
    cpu = (after.ru_utime - usage.ru_utime) + (after.ru_stime - usage.ru_stime)
    return elapsed, cpu


def interleaved(pairs, reps, before=None):
    """Runs each (plain, hpp) pair `reps` times, alternating which goes
    first; returns per pair the medians ((plain wall, plain CPU),
    (hpp wall, hpp CPU))."""
    times = [([], []) for _ in pairs]
    for r in range(reps):
        for k, (plain, hpp) in enumerate(pairs):
            order = [(0, plain), (1, hpp)] if r % 2 == 0 else [(1, hpp), (0, plain)]
            for which, run in order:
                if before:
                    before(k, which)
                times[k][which].append(run())
    med = lambda ts: (statistics.median(t[0] for t in ts), statistics.median(t[1] for t in ts))
    return [(med(p), med(h)) for p, h in times]


def add(rows, name, medians, target):
    """One row per measure: CPU time (what the wrapper adds, little moved
    by other load) and wall-clock time."""
    (pw, pc), (hw, hc) = medians
    rows.append((name, "cpu", pc, hc, target))
    rows.append((name, "wall", pw, hw, target))


def passthrough(a, env, rows):
    out = os.path.join(a.work, "passthrough")
    os.makedirs(out, exist_ok=True)
    cxx = env["HPP_CXX"]
    hppcxx = os.path.join(a.build_dir, "bin", "hppc++")
    pairs, names = [], []
    for src in ("small.cpp", "plain.cpp"):
        path = os.path.join(HERE, src)
        args = ["-O2", "-std=c++17", "-c", path, "-o", os.path.join(out, "x.o")]
        plain = [cxx] + args
        for form, hpp in (("compiler", [hppcxx] + args), ("launcher", [hppcxx, cxx] + args)):
            names.append("pass-through %s (%s)" % (src, form))
            pairs.append((lambda c=plain: timed(c, env=env), lambda c=hpp: timed(c, env=env)))
    for name, m in zip(names, interleaved(pairs, a.reps)):
        add(rows, name, m, 1.05)
    # The front's own cost, without the compiler's noise: hppc++ with
    # HPP_CXX=true against true itself.
    true = shutil.which("true")
    quiet = dict(env, HPP_CXX=true)
    args = ["-O2", "-c", os.path.join(HERE, "plain.cpp"), "-o", os.path.join(out, "x.o")]
    ((p, _), (h, _)), = interleaved([(lambda: timed([true] + args, env=quiet),
                                      lambda: timed([hppcxx] + args, env=quiet))],
                                    10 * a.reps)
    a.notes.append("hppc++ front overhead: %.2f ms per call (HPP_CXX=true: %.2f ms, true: %.2f ms)"
                   % (1000 * (h - p), 1000 * h, 1000 * p))


def cuda(a, env, rows):
    if not a.nvcc:
        print("(no nvcc: the cuda rows are left out)", file=sys.stderr)
        return
    out = os.path.join(a.work, "cuda")
    os.makedirs(out, exist_ok=True)
    include = os.path.join(a.build_dir, "include")
    obj = os.path.join(out, "x.o")
    # The flags the wrapper gives nvcc (HPP_WRAPPER_VERBOSE=1 shows them).
    nv = [a.nvcc, "-arch=" + env.get("HPP_CUDA_ARCH", "sm_90"), "--extended-lambda",
          "--expt-relaxed-constexpr", "-I" + include, "-O2", "-std=c++17"]
    hpp = [os.path.join(a.build_dir, "bin", "hppc++"), "--hpp-backend=cuda", "-O2",
           "-std=c++17"]
    dep = ["-MD", "-MT", obj, "-MF", os.path.join(out, "x.d")]
    pairs, names = [], []
    for name in ("annotated.cpp", "annotated-pragmas.cpp"):
        src = os.path.join(HERE, name)
        translated = os.path.join(out, name.replace(".cpp", ".cu"))
        subprocess.run([os.path.join(a.build_dir, "bin", "hppc"), "translate",
                        "--backend=cuda", src, "-o", translated, "--", "-std=c++17"],
                       check=True)
        for flags, label in (([], ""), (dep, " -MD")):
            names.append("cuda compile %s%s" % (name, label))
            pairs.append((
                lambda t=translated, f=flags: timed(nv + f + ["-x", "cu", "-c", t, "-o", obj],
                                                    env=env),
                lambda s=src, f=flags: timed(hpp + f + ["-c", s, "-o", obj], env=env)))
    for name, m in zip(names, interleaved(pairs, a.cuda_reps)):
        add(rows, name, m, 1.3)


def project(a, env, rows):
    src = os.path.join(a.work, "project")
    subprocess.run([sys.executable, os.path.join(HERE, "gen-project.py"), src,
                    "--files", str(a.files)], check=True, stdout=subprocess.DEVNULL)
    include = os.path.join(a.build_dir, "include")
    dirs = []
    for name, flags in (("plain", ["-DCMAKE_CXX_COMPILER=" + env["HPP_CXX"],
                                   "-DCMAKE_CXX_FLAGS=-Wno-unknown-pragmas"]),
                        ("hpp", ["-DCMAKE_CXX_COMPILER=" +
                                 os.path.join(a.build_dir, "bin", "hppc++")])):
        d = os.path.join(a.work, "project-" + name)
        shutil.rmtree(d, ignore_errors=True)
        subprocess.run(["cmake", "-G", "Ninja", "-S", src, "-B", d, "-DCMAKE_BUILD_TYPE=Release",
                        "-DHPP_INCLUDE_DIR=" + include] + flags, check=True, env=env,
                       stdout=subprocess.DEVNULL)
        dirs.append(d)

    def clean(_, which):
        subprocess.run(["ninja", "-C", dirs[which], "-t", "clean"], check=True,
                       stdout=subprocess.DEVNULL)

    pair = [(lambda: timed(["ninja", "-C", dirs[0], "-j2"], env=env),
             lambda: timed(["ninja", "-C", dirs[1], "-j2"], env=env))]
    m, = interleaved(pair, a.project_reps, before=clean)
    # Both programs must compute the same thing.
    outs = [subprocess.run([os.path.join(d, "bench")], check=True, capture_output=True,
                           env=env).stdout for d in dirs]
    if outs[0] != outs[1]:
        sys.exit("the two builds print different results: %r %r" % tuple(outs))
    annotated = a.files // 10
    add(rows, "project %d files (%d annotated), ninja -j2" % (a.files, annotated), m, 1.15)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("--only", nargs="*", choices=["pass-through", "cuda", "project"])
    p.add_argument("--reps", type=int, default=31, help="pass-through repeats")
    p.add_argument("--cuda-reps", type=int, default=5)
    p.add_argument("--project-reps", type=int, default=3)
    p.add_argument("--files", type=int, default=200)
    a = p.parse_args()
    a.build_dir = os.path.abspath(a.build_dir)
    a.work = os.path.join(a.build_dir, "benchmarks", "build")
    os.makedirs(a.work, exist_ok=True)
    cxx = shutil.which(os.environ.get("CXX", "clang++-19"))
    a.nvcc = os.environ.get("NVCC") or (
        "/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc")
        else shutil.which("nvcc"))
    env = dict(os.environ, HPP_CXX=cxx, LC_ALL="C")
    if a.nvcc:
        env["HPP_NVCC"] = a.nvcc
    env.pop("HPP_BACKEND", None)
    env.pop("HPP_WRAPPER_VERBOSE", None)
    only = a.only or ["pass-through", "cuda", "project"]
    load_before = os.getloadavg()
    rows = []
    a.notes = []
    if "pass-through" in only:
        passthrough(a, env, rows)
    if "cuda" in only:
        cuda(a, env, rows)
    if "project" in only:
        project(a, env, rows)
    load_after = os.getloadavg()
    width = max(len(r[0]) for r in rows) if rows else 10
    print("%-*s  %4s  %9s  %9s  %6s  %6s" % (width, "benchmark", "time", "plain s", "hpp s",
                                              "ratio", "target"))
    for name, measure, plain, hpp, target in rows:
        ratio = hpp / plain
        print("%-*s  %4s  %9.3f  %9.3f  %6.3f  %6s%s" % (
            width, name, measure, plain, hpp, ratio, "<=%.2f" % target,
            "" if ratio <= target else "  (above)"))
    for note in a.notes:
        print(note)
    print("medians; %d cores; load average before %.2f, after %.2f (1 min)"
          % (os.cpu_count(), load_before[0], load_after[0]))


if __name__ == "__main__":
    main()
