"""Exits 1, naming them, when a dependency file lists paths that do not
exist once their ".." are folded, as Ninja folds them: Ninja then sees a
missing input and rebuilds the object on every run.
Usage: depfile_paths_exist.py FILE.d"""
import os
import sys

text = open(sys.argv[1]).read().replace("\\\n", " ")
missing = []
for line in text.splitlines():
    if ":" not in line:
        continue
    for path in line.split(":", 1)[1].split():
        if not os.path.exists(os.path.normpath(path)):
            missing.append(path)
for path in missing:
    print("missing:", path)
sys.exit(1 if missing else 0)
