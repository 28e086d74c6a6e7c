"""FileCheck directives in a test's own text, and output without them.

hppc keeps the user's source, comments included, so a translated test file
still holds the test's `// CUDA: ...` lines; FileCheck run on that output
would find each pattern in its own comment. Tests therefore check the output
with the directive lines of the prefixes in use removed (filecheck.py), and
vacuous_checks.py makes sure no test passes against its untranslated input.
"""
import re

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


def directive_regex(prefixes):
    """Matches a line holding a directive of one of the prefixes."""
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return re.compile(r"(?<![A-Za-z0-9_-])(?:%s)%s:" % (alternatives, _SUFFIXES))


def strip_directives(text, prefixes):
    """text without the lines that hold a directive of one of the prefixes."""
    directive = directive_regex(prefixes)
    return "".join(line for line in text.splitlines(keepends=True)
                   if not directive.search(line))
