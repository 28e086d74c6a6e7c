#!/usr/bin/env python3
"""Whether two translations are the same code, laid out alike or not.

Usage: samecode.py A B   (either may be '-', standard input)

Compares the texts with their whitespace removed: two backends' translations
of one input hold the same tokens where their emitters share the code, but
the formatter may break their lines at other places (a runtime namespace
one character longer pushes a call past the column limit). On a difference,
prints where it is, with some context of each, and exits 1.
"""
import re
import sys


def read(name):
    if name == "-":
        return sys.stdin.read()
    with open(name, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: samecode.py A B")
    a, b = (re.sub(r"\s+", "", read(n)) for n in sys.argv[1:])
    if a == b:
        return
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    print("%s and %s differ (whitespace aside) at character %d:" % (sys.argv[1], sys.argv[2], at))
    for name, text in zip(sys.argv[1:], (a, b)):
        print("  %s: ...%s|%s..." % (name, text[max(0, at - 60):at], text[at:at + 60]))
    sys.exit(1)


if __name__ == "__main__":
    main()
