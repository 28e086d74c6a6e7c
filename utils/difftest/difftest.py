#!/usr/bin/env python3
"""Differential tester: random valid hpp programs, translated by hppc, built,
run and compared with their serial build; mismatches are minimised into
standalone reproducers.

  difftest.py run --hppc BUILD/bin/hppc [--seed S] [--kernels N] ...
      OpenMP runs (OMP_NUM_THREADS 1 and 3 by default) of N kernels, in
      programs of --per-program kernels each, and a CUDA compile-only check
      (hppc --backend=cuda, nvcc -Werror) of the first --cuda-kernels.
  difftest.py build-device --hppc ... --out DIR
      translates and compiles programs for CUDA and records their serial
      outputs in DIR, for scripts/device/run-difftest.sh.
  difftest.py compare EXPECTED ACTUAL
      exact line-by-line comparison; names the mismatching kernels.

A translation refused by hppc, a translated file that does not compile, a
crash, or an output line that differs from the serial build's is a failure
(the generator only writes valid programs: a refusal is either a translator
bug or a generator bug, never skipped). Each failure is narrowed to the
fewest kernels that still show it, and written as a reproducer in the
format of test/exec (its RUN lines build it both ways and compare).
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

LINE = re.compile(r"^k(\d+) ")


class Tools:
    def __init__(self, a):
        self.hppc = os.path.abspath(a.hppc)
        self.cxx = a.cxx
        self.serial = a.serial_cxx
        self.nvcc = a.nvcc
        self.mutate = None
        if getattr(a, "mutate", None) is not None:
            self.mutate = ("result", a.mutate)
        elif getattr(a, "mutate_compile", None) is not None:
            self.mutate = ("compile", a.mutate_compile)
        self.timeout = a.timeout
        self.known = set(getattr(a, "avoid", None) or [])
        cfg = lambda b, w: shlex.split(subprocess.run(
            [self.hppc, "config", "--backend=" + b, "--" + w], check=True,
            capture_output=True, text=True).stdout)
        self.omp_cflags, self.omp_libs = cfg("openmp", "cflags"), cfg("openmp", "libs")
        self.include = [f for f in self.omp_cflags if f.startswith("-I")]
        if self.nvcc:
            self.cuda_cflags, self.cuda_libs = cfg("cuda", "cflags"), cfg("cuda", "libs")


def undefined_behaviour_traps(cxx):
    """Flags that make the serial build stop at undefined behaviour (a
    signed overflow, a float-to-integer conversion out of range), which the
    generator must never produce: two compilers may give such a program
    different results, and the comparison would blame the translator
    (seed 3001, kernel 30: g++ and clang disagreed on an overflowing row).
    Trapping needs no sanitizer runtime."""
    if "clang" in os.path.basename(shlex.split(cxx)[0]):
        return ["-fsanitize=undefined", "-fno-sanitize=vptr,function", "-fsanitize-trap=undefined"]
    return ["-fsanitize=undefined", "-fno-sanitize=vptr", "-fsanitize-undefined-trap-on-error"]


def sh(cmd, timeout, env=None, out=None):
    """Runs cmd; returns (status, output). Status 'timeout' on a time-out."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if out is not None:
        with open(out, "w") as f:
            f.write(p.stdout)
    return p.returncode, p.stdout + p.stderr


def compare_outputs(want, got):
    """Kernels whose lines differ; the set of all expected ones if the
    structure differs (a missing line after a crash names the kernel that
    stopped it, and everything after it)."""
    w = [l for l in want.splitlines() if l.strip()]
    g = [l for l in got.splitlines() if l.strip()]
    bad = []
    for i, line in enumerate(w):
        if i >= len(g) or g[i] != line:
            m = LINE.match(line)
            bad.append(int(m.group(1)) if m else -1)
    if len(g) > len(w):
        bad.append(-1)
    return bad


def kernel_of(line):
    m = LINE.match(line)
    return int(m.group(1)) if m else None


class Case:
    """One program: a seed and a list of kernel indices, built in `dir`."""

    def __init__(self, tools, seed, kernels, dir, gpu=False):
        self.t, self.seed, self.kernels, self.dir, self.gpu = tools, seed, list(kernels), dir, gpu
        os.makedirs(dir, exist_ok=True)
        self.src = os.path.join(dir, "prog.cpp")
        with open(self.src, "w") as f:
            f.write(gen.program(seed, self.kernels, gpu=gpu, avoid=tools.known))

    def serial(self):
        """Serial output, or raises: the serial build must always work."""
        exe = os.path.join(self.dir, "ser")
        st, log = sh(shlex.split(self.t.serial) + ["-std=c++17", "-O2", "-Wno-unknown-pragmas"]
                     + undefined_behaviour_traps(self.t.serial)
                     + self.t.include + [self.src, "-o", exe], 300)
        if st != 0:
            raise RuntimeError("serial build of %s failed (generator bug):\n%s" % (self.src, log[:3000]))
        st, out = sh([exe], self.t.timeout, out=exe + ".out")
        if st != 0:
            raise RuntimeError("serial run of %s failed (%s; generator bug):\n%s" % (self.src, st, out[-2000:]))
        with open(exe + ".out") as f:
            return f.read()

    def openmp(self, threads):
        """None when every thread count matches the serial output, else
        (stage, message, kernels or None)."""
        out = os.path.join(self.dir, "omp.cpp")
        st, log = sh([self.t.hppc, "translate", "--backend=openmp", self.src, "-o", out], 300)
        if st != 0:
            return ("translate", log[-3000:], None)
        self.mutate(out)
        exe = os.path.join(self.dir, "omp")
        st, log = sh(shlex.split(self.t.cxx) + ["-std=c++17", "-O2"] + self.t.omp_cflags
                     + [out, "-o", exe] + self.t.omp_libs, 600)
        if st != 0:
            return ("compile", log[-3000:], None)
        want = self.serial()
        for n in threads:
            env = dict(os.environ, OMP_NUM_THREADS=str(n))
            st, got = sh([exe], self.t.timeout, env=env, out=exe + ".%d.out" % n)
            with open(exe + ".%d.out" % n) as f:
                got = f.read()
            bad = compare_outputs(want, got)
            if st != 0 or bad:
                detail = ["OMP_NUM_THREADS=%d: exit %s" % (n, st)]
                wl, gl = want.splitlines(), got.splitlines()
                for i, line in enumerate(wl):
                    if i >= len(gl) or gl[i] != line:
                        detail.append("  serial:     " + line)
                        detail.append("  translated: " + (gl[i] if i < len(gl) else "(missing)"))
                        if len(detail) > 12:
                            break
                ks = sorted({b for b in bad if b >= 0}) or None
                return ("run", "\n".join(detail), ks)
        return None

    def mutate(self, translated):
        """Self-test: corrupt one kernel of the translated program, its
        result (--mutate) or its compilation (--mutate-compile)."""
        kind, k = self.t.mutate or (None, None)
        if kind is None:
            return
        with open(translated) as f:
            text = f.read()
        marker = "dt_h ^= 0; // DT_MUTATE dt_k%d\n" % k
        bad = "dt_h ^= 1;" if kind == "result" else "dt_h ^= dt_not_declared;"
        with open(translated, "w") as f:
            f.write(text.replace(marker, bad + marker[len("dt_h ^= 0;"):]))

    def cuda_compile(self, out_exe=None):
        out = os.path.join(self.dir, "prog.cu")
        st, log = sh([self.t.hppc, "translate", "--backend=cuda", self.src, "-o", out], 300)
        if st != 0:
            return ("translate-cuda", log[-3000:], None)
        exe = out_exe or os.path.join(self.dir, "cuda")
        cmd = [self.t.nvcc, "-arch=sm_90", "-Werror", "all-warnings"] + self.t.cuda_cflags + \
              ["-x", "cu", out, "-o", exe] + self.t.cuda_libs
        if out_exe is None:
            cmd = [self.t.nvcc, "-arch=sm_90", "-Werror", "all-warnings"] + self.t.cuda_cflags + \
                  ["-x", "cu", "-c", out, "-o", exe + ".o"]
        st, log = sh(cmd, 900)
        if st != 0:
            return ("nvcc", log[-3000:], None)
        return None


REPRO_HEAD = """// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: env OMP_NUM_THREADS=1 %t > %t.1.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// OPENMP-RUN: %compare %t.ser.out %t.1.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Found by utils/difftest (seed SEED, kernel(s) KERNELS):
// STAGE failure.
DETAIL
"""


def minimise(check, kernels, hint):
    """The smallest subset of `kernels` (a list) for which check() fails,
    starting from the kernels the outputs name (`hint`)."""
    for k in hint or []:
        if check([k]):
            return [k]
    cur = list(kernels)
    n = 2
    while len(cur) > 1:
        chunk = max(1, len(cur) // n)
        parts = [cur[i:i + chunk] for i in range(0, len(cur), chunk)]
        for p in parts:
            if check(p):
                cur, n = p, 2
                break
        else:
            for p in parts:
                rest = [k for k in cur if k not in p]
                if rest and check(rest):
                    cur, n = rest, max(n - 1, 2)
                    break
            else:
                if n >= len(cur):
                    break
                n = min(len(cur), n * 2)
    return cur


def handle_failure(tools, a, seed, kernels, failure, runner, workroot):
    stage, msg, hint = failure
    print("FAIL seed %d kernels %d..%d: %s" % (seed, kernels[0], kernels[-1], stage))
    print("\n".join("    " + l for l in msg.splitlines()[:20]))
    count = [0]

    def check(sub):
        count[0] += 1
        d = os.path.join(workroot, "min-%d-%d" % (seed, count[0]))
        f = runner(Case(tools, seed, sub, d, gpu=a.gpu))
        if f is not None and f[0] == stage:
            check.last = f
            return True
        return False

    check.last = failure
    small = minimise(check, kernels, hint)
    stage, msg, _ = check.last
    os.makedirs(a.repro_dir, exist_ok=True)
    name = os.path.join(a.repro_dir, "difftest_s%d_k%s.cpp" % (seed, "_".join(map(str, small))))
    detail = "\n".join("// " + l for l in msg.splitlines()[:30])
    with open(name, "w") as f:
        f.write(REPRO_HEAD.replace("SEED", str(seed)).replace("KERNELS", ",".join(map(str, small)))
                .replace("STAGE", stage).replace("DETAIL", detail))
        f.write(gen.program(seed, small, gpu=a.gpu, avoid=tools.known))
    print("  minimised to kernel(s) %s in %d tries; reproducer: %s" % (
        ",".join(map(str, small)), count[0], name))
    return name


def cmd_run(a):
    tools = Tools(a)
    start = time.time()
    workroot = a.work or tempfile.mkdtemp(prefix="difftest.")
    os.makedirs(workroot, exist_ok=True)
    threads = [int(x) for x in a.threads.split(",")]
    groups = [list(range(i, min(i + a.per_program, a.first + a.kernels)))
              for i in range(a.first, a.first + a.kernels, a.per_program)]
    omp_runner = lambda case: case.openmp(threads)
    cuda_runner = lambda case: case.cuda_compile()
    jobs = []
    for g in groups if not a.skip_openmp else []:
        jobs.append(("openmp", g, omp_runner))
    if a.cuda_kernels and tools.nvcc:
        cg = list(range(a.first, a.first + min(a.cuda_kernels, a.kernels)))
        for i in range(0, len(cg), a.cuda_per_program):
            jobs.append(("cuda", cg[i:i + a.cuda_per_program], cuda_runner))

    def do(job):
        what, g, runner = job
        d = os.path.join(workroot, "%s-%d-%d" % (what, a.seed, g[0]))
        t0 = time.time()
        return job, runner(Case(tools, a.seed, g, d, gpu=a.gpu)), time.time() - t0

    failures = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(do, jobs))
    for (what, g, runner), f, secs in results:
        if a.verbose:
            print("%-6s kernels %4d..%-4d %s %.1fs" % (what, g[0], g[-1], "ok" if f is None else f[0], secs))
        if f is not None:
            failures.append(handle_failure(tools, a, a.seed, g, f, runner, workroot))
    nomp = 0 if a.skip_openmp else a.kernels
    ncuda = min(a.cuda_kernels, a.kernels) if tools.nvcc else 0
    print("difftest: seed %d: %d kernels on OpenMP (threads %s); %d kernels compiled for CUDA%s; %d failure(s) in %.0fs" % (
        a.seed, nomp, a.threads, ncuda, "" if tools.nvcc else " (no nvcc)", len(failures), time.time() - start))
    if not a.work and not a.keep:
        shutil.rmtree(workroot, ignore_errors=True)
    return 1 if failures else 0


def cmd_build_device(a):
    tools = Tools(a)
    os.makedirs(a.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="difftest-dev.")
    groups = [list(range(i, min(i + a.per_program, a.first + a.kernels)))
              for i in range(a.first, a.first + a.kernels, a.per_program)]

    def do(g):
        name = "s%d_k%d-%d" % (a.seed, g[0], g[-1])
        case = Case(tools, a.seed, g, os.path.join(work, name), gpu=True)
        f = case.cuda_compile(out_exe=os.path.join(a.out, name + ".cuda"))
        if f is None:
            with open(os.path.join(a.out, name + ".ser.out"), "w") as fo:
                fo.write(case.serial())
            shutil.copy(case.src, os.path.join(a.out, name + ".cpp"))
            subprocess.run(["strip", os.path.join(a.out, name + ".cuda")])
        return g, case, f

    status = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for g, case, f in ex.map(do, groups):
            if f is None:
                print("built  kernels %d..%d" % (g[0], g[-1]))
            else:
                status = 1
                handle_failure(tools, a, a.seed, g, f, lambda c: c.cuda_compile(), work)
    shutil.rmtree(work, ignore_errors=True)
    return status


def cmd_compare(a):
    with open(a.expected) as f:
        want = f.read()
    with open(a.actual) as f:
        got = f.read()
    bad = compare_outputs(want, got)
    if not bad:
        print("match (%d kernels)" % len(want.splitlines()))
        return 0
    print("MISMATCH in kernel(s) %s" % ",".join(str(b) for b in sorted(set(bad))))
    wl, gl = want.splitlines(), got.splitlines()
    for i, l in enumerate(wl):
        if i >= len(gl) or gl[i] != l:
            print("  serial:  %s\n  device:  %s" % (l, gl[i] if i < len(gl) else "(missing)"))
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("run", "build-device"):
        p = sub.add_parser(name)
        p.add_argument("--hppc", required=True)
        p.add_argument("--cxx", default="clang++-19", help="compiler for translated OpenMP code")
        p.add_argument("--serial-cxx", default="clang++-19", help="compiler of the serial reference")
        p.add_argument("--nvcc", default=None)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--first", type=int, default=0, help="first kernel index")
        p.add_argument("--kernels", type=int, default=200)
        p.add_argument("--per-program", type=int, default=25)
        p.add_argument("--jobs", type=int, default=2)
        p.add_argument("--timeout", type=int, default=60, help="seconds per program run")
        p.add_argument("--repro-dir", default="difftest-repro")
        p.add_argument("--gpu", action="store_true", help="generate for GPUs (no host-only forms)")
        p.add_argument("--avoid", action="append", default=[],
                       help="a known translator bug (gen.KNOWN_BUGS) the generator must not produce")
        if name == "run":
            p.add_argument("--threads", default="1,3")
            p.add_argument("--cuda-kernels", type=int, default=0)
            p.add_argument("--cuda-per-program", type=int, default=25)
            p.add_argument("--work", default=None, help="keep the programs here")
            p.add_argument("--keep", action="store_true")
            p.add_argument("--skip-openmp", action="store_true", help="only the CUDA compile check")
            p.add_argument("--mutate", type=int, default=None, metavar="K",
                           help="self-test: corrupt kernel K's result in the translated program")
            p.add_argument("--mutate-compile", type=int, default=None, metavar="K",
                           help="self-test: make kernel K's translated code fail to compile")
            p.add_argument("-v", "--verbose", action="store_true")
        else:
            p.add_argument("--out", required=True)
    p = sub.add_parser("compare")
    p.add_argument("expected")
    p.add_argument("actual")
    a = ap.parse_args()
    if a.cmd == "compare":
        return cmd_compare(a)
    if a.nvcc and not os.path.exists(a.nvcc):
        a.nvcc = None
    for bug in a.avoid:
        if bug not in gen.KNOWN_BUGS:
            ap.error("unknown known bug '%s' (gen.KNOWN_BUGS: %s)" % (bug, ", ".join(gen.KNOWN_BUGS)))
    return cmd_run(a) if a.cmd == "run" else cmd_build_device(a)


if __name__ == "__main__":
    sys.exit(main())
