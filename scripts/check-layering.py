#!/usr/bin/env python3
"""Fails when a stage of the translator includes a later stage.

lib/ is one folder per stage; each may include the stages before it and
itself, never one after it or a sibling:

    Basic <- IR <- Analysis <- {Frontend, Backend} <- Driver <- {tool, plugin}

The public headers under include/hppc/ sit beside Basic: hppc/Backend.h may be
included anywhere, hppc/Translator.h and hppc/InParseTranslation.h (the
library's entry points) only by Driver, tool and plugin (the Clang plugin). Prints every offending `#include` as FILE:LINE and exits 1.
Usage: check-layering.py REPO_ROOT
"""
import os
import re
import sys

RANK = {"Basic": 0, "IR": 1, "Analysis": 2, "Frontend": 3, "Backend": 3,
        "Driver": 4, "tool": 5, "plugin": 5}
PUBLIC_MIN_RANK = {"hppc/Backend.h": 0, "hppc/Translator.h": RANK["Driver"],
                   "hppc/InParseTranslation.h": RANK["Driver"],
                   "hppc/KernelResources.h": RANK["Driver"]}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def stage_of_include(path):
    head = path.split("/", 1)[0]
    return head if head in RANK else None


def check_file(path, stage):
    errors = []
    rank = RANK[stage]
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            if target in PUBLIC_MIN_RANK:
                if rank < PUBLIC_MIN_RANK[target]:
                    errors.append((number, target, "a public header above this stage"))
                continue
            other = stage_of_include(target)
            if other is None or other == stage:
                continue
            if RANK[other] >= rank:
                why = "a later stage" if RANK[other] > rank else "a sibling stage"
                errors.append((number, target, why))
    return errors


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    folders = [(os.path.join(root, "lib", s), s) for s in RANK
               if s not in ("tool", "plugin")]
    folders.append((os.path.join(root, "tool"), "tool"))
    folders.append((os.path.join(root, "plugin"), "plugin"))
    failures = 0
    checked = 0
    for folder, stage in folders:
        for dirpath, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp", ".def")):
                    continue
                path = os.path.join(dirpath, name)
                checked += 1
                for number, target, why in check_file(path, stage):
                    rel = os.path.relpath(path, root)
                    print(f"{rel}:{number}: {stage} includes \"{target}\", {why}")
                    failures += 1
    # A file directly in lib/ has no stage: every file belongs to one.
    for name in os.listdir(os.path.join(root, "lib")):
        if name.endswith((".h", ".cpp")):
            print(f"lib/{name}: not in a stage folder")
            failures += 1
    if checked == 0:
        print("no sources found under", root)
        return 2
    print(f"{checked} files checked, {failures} layering violations")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
