#!/usr/bin/env python3
"""Runs the lit suite with hppc's preamble PCH cache off, then on (a fresh
cache), and compares every file the tests wrote (their Output directories:
translations, reports, dependency files, objects) byte for byte. Prints the
files that differ and how the parses used the cache (HPP_PCH_LOG). Exit
status 1 when a file differs or a run's lit verdict differs.

usage: scripts/compare-pch.py [--build-dir build] [--work DIR] [--only-on]
                              [lit args...]
With --only-on the run without the cache is not made again: the files of
the last one in WORK are compared with those of the tests run now (lit
args such as --filter select them), and only those.
"""
import argparse
import collections
import filecmp
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_suite(build, env, lit_args):
    lit = os.environ.get("LIT", "/usr/lib/llvm-19/build/utils/lit/lit.py")
    p = subprocess.run([sys.executable, lit, "-q", "test"] + lit_args, cwd=build, env=env)
    return p.returncode


def snapshot(build, dest):
    """Copies the Output directories of build/test to dest."""
    shutil.rmtree(dest, ignore_errors=True)
    test = os.path.join(build, "test")
    for dirpath, dirnames, _ in os.walk(test):
        if os.path.basename(dirpath) == "Output":
            rel = os.path.relpath(dirpath, test)
            shutil.copytree(dirpath, os.path.join(dest, rel), symlinks=True)
            dirnames[:] = []


def files(root):
    out = set()
    for dirpath, _, names in os.walk(root):
        for n in names:
            out.add(os.path.relpath(os.path.join(dirpath, n), root))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("--work", default=None)
    p.add_argument("--only-on", action="store_true")
    a, lit_args = p.parse_known_args()
    build = os.path.abspath(a.build_dir)
    work = os.path.abspath(a.work or os.path.join(build, "compare-pch"))
    os.makedirs(work, exist_ok=True)
    cache = os.path.join(work, "cache")
    log = os.path.join(work, "pch.log")
    shutil.rmtree(cache, ignore_errors=True)
    if os.path.exists(log):
        os.remove(log)

    rc = {}
    runs = (("off", {"HPP_PCH_CACHE": "off"}),
            ("on", {"HPP_PCH_CACHE": cache, "HPP_PCH_LOG": log}))
    if a.only_on:
        runs = runs[1:]
        rc["off"] = 0
        # Only the Output directories this run writes are compared.
        for dirpath, dirnames, _ in os.walk(os.path.join(build, "test")):
            if os.path.basename(dirpath) == "Output":
                shutil.rmtree(dirpath)
                dirnames[:] = []
    for name, extra in runs:
        env = dict(os.environ, **extra)
        rc[name] = run_suite(build, env, lit_args)
        snapshot(build, os.path.join(work, name))
        print("== lit with the PCH %s: exit %d" % (name, rc[name]), flush=True)

    a_dir, b_dir = os.path.join(work, "off"), os.path.join(work, "on")
    fa, fb = files(a_dir), files(b_dir)
    if a.only_on:
        ran = {f.split(os.sep)[0] + os.sep + f.split(os.sep)[1] for f in fb}
        fa = {f for f in fa if f.split(os.sep)[0] + os.sep + f.split(os.sep)[1] in ran}
    differ = [f for f in sorted(fa & fb)
              if not filecmp.cmp(os.path.join(a_dir, f), os.path.join(b_dir, f), shallow=False)]
    only = sorted(fa ^ fb)
    print("== %d files compared, %d differ, %d in one run only" % (len(fa & fb), len(differ), len(only)))
    for f in differ:
        print("differs: " + f)
    for f in only:
        print("only in %s: %s" % ("off" if f in fa else "on", f))

    uses = collections.Counter()
    reasons = collections.Counter()
    if os.path.exists(log):
        for line in open(log):
            m = re.match(r"(\w+) .*?(?: \((.*)\))?$", line.rstrip("\n"))
            if m:
                uses[m.group(1)] += 1
                if m.group(2):
                    reasons[m.group(2)] += 1
    print("== parses: " + ", ".join("%s %d" % kv for kv in sorted(uses.items())))
    for r, n in reasons.most_common():
        print("   %5d  %s" % (n, r))
    return 1 if differ or only or rc["off"] != rc["on"] else 0


if __name__ == "__main__":
    sys.exit(main())
