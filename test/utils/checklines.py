"""FileCheck directives in a test's own text, and output without them.

hppc keeps the user's source, comments included, so a translated test file
still holds the test's `// CUDA: ...` lines; FileCheck run on that output
would find each pattern in its own comment. Tests therefore check the output
with the test's directive lines removed, those of every prefix the test
uses (filecheck.py), and vacuous_checks.py makes sure no test passes against
its untranslated input: the test file with the same lines removed.
"""
import re
import shlex

# FileCheck's directive suffixes (llvm/docs/CommandGuide/FileCheck.rst).
_SUFFIXES = r"(?:-NEXT|-SAME|-NOT|-DAG|-LABEL|-EMPTY|-COUNT-[0-9]+)?(?:\{LITERAL\})?"


def prefixes_from_args(args):
    """The check prefixes a FileCheck command line selects (CHECK by default)."""
    prefixes = []
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, value = a.lstrip("-").partition("=")
        if a.startswith("-") and name in ("check-prefix", "check-prefixes"):
            if not eq:
                i += 1
                value = args[i] if i < len(args) else ""
            prefixes += [p for p in value.split(",") if p]
        i += 1
    return prefixes or ["CHECK"]


# FileCheck options whose value may be the next argument.
_VALUE_OPTIONS = {"check-prefix", "check-prefixes", "comment-prefixes", "implicit-check-not",
                  "input-file", "dump-input", "dump-input-filter", "D"}


def check_file_from_args(args):
    """The check file of a FileCheck command line (its positional argument)."""
    i = 0
    while i < len(args):
        a = args[i]
        if not a.startswith("-"):
            return a
        if "=" not in a and a.lstrip("-") in _VALUE_OPTIONS:
            i += 1
        i += 1
    return None


def prefixes_in_file(text):
    """Every prefix that the test's RUN lines check the test file itself
    with ('FileCheck %s ...')."""
    prefixes = set()
    for line in text.splitlines():
        if "RUN:" not in line or "FileCheck" not in line:
            continue
        for command in line.split("FileCheck")[1:]:
            try:
                args = shlex.split(command)
            except ValueError:
                args = command.split()
            if check_file_from_args(args) == "%s":
                prefixes.update(prefixes_from_args(args))
    return prefixes


def directive_regex(prefixes):
    """Matches a line holding a directive of one of the prefixes."""
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return re.compile(r"(?<![A-Za-z0-9_-])(?:%s)%s:" % (alternatives, _SUFFIXES))


def strip_directives(text, prefixes):
    """text without the lines that hold a directive of one of the prefixes."""
    directive = directive_regex(prefixes)
    return "".join(line for line in text.splitlines(keepends=True)
                   if not directive.search(line))
