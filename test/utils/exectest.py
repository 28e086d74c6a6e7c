"""lit format for execution programs: one lit test per backend per program.

A program in test/exec/ carries its RUN lines per backend, under keywords
named after the backend:

    // OPENMP-RUN: ...   translate, build, run, compare with the serial build
    // CUDA-BUILD: ...   translate and compile with nvcc
    // CUDA-RUN: ...     run on the GPU, compare with the serial build

and lit sees one test per backend instance:

    exec/NAME.cpp:openmp        OPENMP-BUILD + OPENMP-RUN lines
    exec/NAME.cpp:cuda-compile  CUDA-BUILD lines; REQUIRES nvcc
    exec/NAME.cpp:cuda          CUDA-BUILD + CUDA-RUN lines; REQUIRES nvcc, cuda
    exec/NAME.cpp:hip-compile   the CUDA-BUILD lines for HIP; REQUIRES hip-amd

Every GPU program is compiled for AMD as well: the hip-compile instance
runs its CUDA-BUILD lines with the HIP backend and clang -x hip
(%hip_hpp, %hip_hpp_link) in place of nvcc, so no program can be left out
of the HIP build. It runs nowhere here (no AMD GPU); the device runs the
HIP build through HIP's NVIDIA platform (scripts/hip-exec-build.sh).

so without a GPU the CUDA run is UNSUPPORTED, never a PASS after only
compiling, and the compile is a result of its own. A backend gets a
'-compile' instance when it needs a feature to run that it does not need to
build. REQUIRES:, UNSUPPORTED: and XFAIL: lines hold for every instance; a
plain RUN: line is an error (it would not say which backend it is for).
Run one instance with lit's --filter, e.g. --filter 'yax.cpp:openmp$'.
"""
import os

import lit.formats
import lit.Test
import lit.TestRunner
from lit.TestRunner import IntegratedTestKeywordParser, ParserKind


class Backend:
    def __init__(self, name, keyword, build_requires, run_requires):
        self.name = name
        self.build = keyword + "-BUILD:"
        self.run = keyword + "-RUN:"
        self.build_requires = build_requires
        self.run_requires = run_requires


BACKENDS = [
    Backend("openmp", "OPENMP", build_requires=[], run_requires=[]),
    Backend("cuda", "CUDA", build_requires=["nvcc"], run_requires=["nvcc", "cuda"]),
]
KEYWORDS = [k for b in BACKENDS for k in (b.build, b.run)]


class Instance:
    """One backend instance of a program: which lines it runs, what it needs."""

    def __init__(self, name, keywords, requires):
        self.name = name
        self.keywords = keywords
        self.requires = requires


HIP_COMPILE = "hip-compile"


def instances(text):
    for b in BACKENDS:
        if b.run in text:
            yield Instance(b.name, [b.build, b.run], b.run_requires)
        if b.build in text and b.build_requires != b.run_requires:
            yield Instance(b.name + "-compile", [b.build], b.build_requires)
    if "CUDA-BUILD:" in text:
        yield Instance(HIP_COMPILE, ["CUDA-BUILD:"], ["hip-amd"])


def cuda_command_for_hip(command):
    """A CUDA-BUILD command with the HIP backend and compiler."""
    return (command.replace("--backend=cuda", "--backend=hip")
            .replace("%t.cu", "%t.hip")
            .replace("%nvcc_hpp_link", "%hip_hpp_link")
            .replace("%nvcc_hpp", "%hip_hpp"))


def cuda_line_for_hip(line):
    # lit gives the script as CommandDirective objects (lit 17+) or strings.
    if isinstance(line, str):
        return cuda_command_for_hip(line)
    line.command = cuda_command_for_hip(line.command)
    return line


class ProgramTest(lit.Test.Test):
    """A program's instance: named NAME.cpp:INSTANCE, sourced from NAME.cpp."""

    def __init__(self, suite, dir_in_suite, filename, config, instance):
        super().__init__(suite, dir_in_suite + (filename + ":" + instance.name,), config)
        self.program = dir_in_suite + (filename,)
        self.instance = instance
        self.requires += instance.requires

    def getSourcePath(self):
        return self.suite.getSourcePath(self.program)

    def getExecPath(self):
        # Temporary files are Output/NAME.cpp.INSTANCE.*: no ':' in paths.
        return self.suite.getExecPath(self.program) + "." + self.instance.name


class ExecTest(lit.formats.ShTest):
    def __init__(self):
        super().__init__(execute_external=True)

    def getTestsForPath(self, testSuite, path_in_suite, litConfig, localConfig):
        filename = path_in_suite[-1]
        if filename.startswith(".") or filename in localConfig.excludes:
            return
        if os.path.splitext(filename)[1] not in localConfig.suffixes:
            return
        with open(testSuite.getSourcePath(path_in_suite), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        found = False
        for instance in instances(text):
            found = True
            yield ProgramTest(testSuite, path_in_suite[:-1], filename, localConfig, instance)
        if not found:
            # Reported UNRESOLVED by execute(): a program no backend runs.
            yield lit.Test.Test(testSuite, path_in_suite, localConfig)

    def execute(self, test, litConfig):
        if not isinstance(test, ProgramTest):
            return lit.Test.Result(lit.Test.UNRESOLVED,
                                   "no %s lines" % " or ".join(b.run for b in BACKENDS))
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
        # Every backend keyword has a parser, so that 'RUN:' inside
        # 'CUDA-RUN:' is never taken for a plain RUN line; the lines of
        # other instances go to a list that is dropped.
        script, others = [], []
        parsers = [IntegratedTestKeywordParser(
            k, ParserKind.COMMAND,
            initial_value=script if k in test.instance.keywords else others)
            for k in KEYWORDS]
        plain = lit.TestRunner.parseIntegratedTestScript(
            test, additional_parsers=parsers, require_script=False)
        if isinstance(plain, lit.Test.Result):
            return plain
        if plain:
            return lit.Test.Result(lit.Test.UNRESOLVED,
                                   "plain RUN: lines in an execution program; use "
                                   + ", ".join(KEYWORDS))
        if test.instance.name == HIP_COMPILE:
            script[:] = [cuda_line_for_hip(line) for line in script]
        if litConfig.noExecute:
            return lit.Test.Result(lit.Test.PASS)
        tmpDir, tmpBase = lit.TestRunner.getTempPaths(test)
        substitutions = lit.TestRunner.getDefaultSubstitutions(
            test, tmpDir, tmpBase, normalize_slashes=True)
        conditions = {f: True for f in test.config.available_features}
        script = lit.TestRunner.applySubstitutions(
            script, substitutions, conditions,
            recursion_limit=test.config.recursiveExpansionLimit)
        return lit.TestRunner._runShTest(test, litConfig, True, script, tmpBase)
