#!/usr/bin/env python3
"""Fails if a test's checks pass against the test's own, untranslated text.

Usage: vacuous_checks.py FILECHECK DIR_OR_FILE...

For every test file (.cpp, .test; Inputs/ folders skipped) and every
'RUN: ... %FileCheck %s ...' line in it, runs FILECHECK with that line's
options on the test file itself with the directive lines of all its
prefixes removed: the output of a translator that did nothing. A check that passes
there proves nothing about the translation, so each one is reported and the
exit status is 1. Checks of other output (reports, diagnostics) fail there
by themselves. A RUN line that calls FileCheck other than through
%FileCheck (which removes the check lines from the output, filecheck.py) is
reported too, and so is a directive that does not begin its comment
line: prose such as "... on CUDA: the league ..." is a check to FileCheck.
"""
import re
import os
import shlex
import subprocess
import sys

import checklines

TEST_SUFFIXES = (".cpp", ".test")
# Shell tokens that end the FileCheck command on a RUN line.
COMMAND_ENDS = {"|", "||", "&&", ";", ">", "2>", ">>", "2>&1"}


def test_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d != "Inputs")
            for name in sorted(files):
                if name.endswith(TEST_SUFFIXES):
                    yield os.path.join(root, name)


# FileCheck called directly, not through the %FileCheck substitution.
DIRECT_FILECHECK = re.compile(r"(?<![%\w/-])FileCheck\b|/FileCheck\b")


def run_lines(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for number, line in enumerate(f.read().splitlines(), 1):
            if "RUN:" in line:
                yield number, line.split("RUN:", 1)[1]


def filecheck_runs(path):
    """(line number, FileCheck arguments) of each RUN line checking %s."""
    for number, line in run_lines(path):
        if "%FileCheck" not in line:
            continue
        command = line.split("%FileCheck", 1)[1]
        args = []
        for token in shlex.split(command):
            if token in COMMAND_ENDS:
                break
            args.append(token)
        if "%s" not in args:
            continue
        kept, skip = [], False
        for a in args:
            if skip:
                skip = False
                continue
            name, eq, _ = a.lstrip("-").partition("=")
            if a.startswith("-") and name == "input-file":
                skip = not eq
                continue
            kept.append(path if a == "%s" else a)
        yield number, kept


def prose_directives(path):
    """Directives of the file's own prefixes in the middle of a line."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    prefixes = checklines.prefixes_in_file(text)
    if not prefixes:
        return []
    directive = checklines.directive_regex(prefixes)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        m = directive.search(line)
        if m and line[:m.start()].strip() not in ("", "//", "#"):
            found.append("%s:%d: '%s' inside a line is a FileCheck directive; reword it"
                         % (path, number, m.group(0)))
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: vacuous_checks.py FILECHECK DIR_OR_FILE...")
    filecheck, paths = sys.argv[1], sys.argv[2:]
    files = runs = 0
    problems = []
    for path in test_files(paths):
        files += 1
        for number, line in run_lines(path):
            if DIRECT_FILECHECK.search(line):
                problems.append("%s:%d: FileCheck is called directly; use %%FileCheck"
                               % (path, number))
        problems += prose_directives(path)
        for number, args in filecheck_runs(path):
            runs += 1
            prefixes = checklines.prefixes_from_args(args)
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            untranslated = checklines.strip_directives(
                text, set(prefixes) | checklines.prefixes_in_file(text))
            result = subprocess.run([filecheck] + args,
                                    input=untranslated.encode("utf-8", "surrogateescape"),
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if result.returncode == 0:
                problems.append("%s:%d: the %s checks pass against the untranslated input"
                               % (path, number, ",".join(prefixes)))
    for line in problems:
        print(line)
    print("%d test files, %d FileCheck runs, %d problems" % (files, runs, len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
