#!/usr/bin/env python3
"""CPU seconds of `hppc translate` with the preamble PCH cache off, cold
(emptied before each run) and warm, interleaved; best and median of N runs.

usage: benchmarks/build/translate-pch.py [--build-dir build] [--reps 5]
Files: benchmarks/build/annotated.cpp (CUDA) and unit009.cpp of the project
gen-project.py writes (OpenMP), as in docs/performance.md.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cpu(cmd, before=None):
    if before:
        before()
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    a = resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("--reps", type=int, default=5)
    a = p.parse_args()
    hppc = os.path.join(os.path.abspath(a.build_dir), "bin", "hppc")
    work = tempfile.mkdtemp(prefix="hpp-pch-bench-")
    subprocess.run([sys.executable, os.path.join(HERE, "gen-project.py"),
                    os.path.join(work, "project")], check=True, stdout=subprocess.DEVNULL)
    cache = os.path.join(work, "cache")
    out = os.path.join(work, "out")
    wipe = lambda: shutil.rmtree(cache, ignore_errors=True)
    print("| file | backend | off best (median) | cold best (median) | warm best (median) |")
    print("|---|---|---|---|---|")
    for name, src, backend, flags in (
            ("benchmarks/build/annotated.cpp", os.path.join(HERE, "annotated.cpp"), "cuda",
             ["-std=c++17"]),
            ("project unit009.cpp", os.path.join(work, "project", "src", "unit009.cpp"),
             "openmp", ["-std=c++17", "-O2"])):
        base = [hppc, "translate", "--backend=" + backend, src, "-o", out]
        res = {"off": [], "cold": [], "warm": []}
        outputs = {}
        for _ in range(a.reps):
            for mode in ("off", "cold", "warm"):
                opt = "--pch-cache=off" if mode == "off" else "--pch-cache=" + cache
                res[mode].append(cpu(base + [opt, "--"] + flags,
                                     before=wipe if mode == "cold" else None))
                outputs[mode] = open(out, "rb").read()
        if len(set(outputs.values())) != 1:
            sys.exit("the translations of %s differ with and without the cache" % name)
        cells = ["%.3f (%.3f)" % (min(v), sorted(v)[len(v) // 2]) for v in res.values()]
        print("| %s | %s | %s |" % (name, backend, " | ".join(cells)), flush=True)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
