#!/usr/bin/env python3
"""FileCheck on output with the test's own check lines removed.

Usage: filecheck.py FILECHECK [FileCheck arguments]

Reads the input (--input-file, or stdin), drops every line that holds a
directive of a prefix the check file uses (those of this command and of the
check file's other FileCheck RUN lines: a CUDA check must not match an OMP
line either; checklines.py), and runs FILECHECK on the rest with the other
arguments unchanged. lit's %FileCheck is this script, so a check can only
match what the translator wrote, never a check line copied into the output.
"""
import subprocess
import sys

import checklines


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: filecheck.py FILECHECK [FileCheck arguments]")
    filecheck, args = sys.argv[1], sys.argv[2:]
    passed, input_file = [], None
    i = 0
    while i < len(args):
        name, eq, value = args[i].lstrip("-").partition("=")
        if args[i].startswith("-") and name == "input-file":
            if not eq:
                i += 1
                value = args[i]
            input_file = value
        else:
            passed.append(args[i])
        i += 1
    if input_file is None or input_file == "-":
        text = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
    else:
        with open(input_file, "rb") as f:
            text = f.read().decode("utf-8", "surrogateescape")
    prefixes = set(checklines.prefixes_from_args(passed))
    check_file = checklines.check_file_from_args(passed)
    if check_file:
        with open(check_file, "rb") as f:
            prefixes |= checklines.prefixes_in_file(f.read().decode("utf-8", "surrogateescape"))
    kept = checklines.strip_directives(text, prefixes)
    result = subprocess.run([filecheck] + passed,
                            input=kept.encode("utf-8", "surrogateescape"))
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
