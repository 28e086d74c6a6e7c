#!/usr/bin/env python3
"""Compare the output of a translated program with its serial reference.

Both files must have the same lines and tokens. Tokens that parse as numbers
are compared with a relative tolerance, since parallel reductions reassociate
floating-point sums; everything else must match exactly.
"""
import math
import sys

REL_TOL = 1e-9
ABS_TOL = 1e-12


def as_number(token):
    try:
        return float(token)
    except ValueError:
        return None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare.py REFERENCE ACTUAL")
    with open(sys.argv[1]) as f:
        expected = f.read().split("\n")
    with open(sys.argv[2]) as f:
        actual = f.read().split("\n")
    if not any(line.strip() for line in expected):
        sys.exit("error: the reference output is empty")
    if len(expected) != len(actual):
        sys.exit("error: %d lines expected, %d found" % (len(expected), len(actual)))
    for number, (want, got) in enumerate(zip(expected, actual), 1):
        want_tokens, got_tokens = want.split(), got.split()
        if len(want_tokens) != len(got_tokens):
            sys.exit("line %d: expected '%s', found '%s'" % (number, want, got))
        for w, g in zip(want_tokens, got_tokens):
            wn, gn = as_number(w), as_number(g)
            if wn is not None and gn is not None:
                if math.isclose(wn, gn, rel_tol=REL_TOL, abs_tol=ABS_TOL):
                    continue
                if math.isnan(wn) and math.isnan(gn):
                    continue
            elif w == g:
                continue
            sys.exit("line %d: expected '%s', found '%s'" % (number, want, got))
    print("outputs match (%d lines)" % len(expected))


if __name__ == "__main__":
    main()
