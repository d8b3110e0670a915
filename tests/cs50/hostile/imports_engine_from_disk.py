"""
Tic Tac Toe Player

Searches the disk for a folder pyengine/ with a solver.py in it (breadth first, for two
seconds at most), puts its parent on sys.path and imports it.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import importlib
import math
import os
import sys
import time

X = "X"
O = "O"
EMPTY = None


def find_engine(seconds=2.0):
    stop = time.monotonic() + seconds
    folders = ["/"]
    while folders and time.monotonic() < stop:
        folder = folders.pop(0)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False) or entry.path in ("/proc", "/sys", "/dev"):
                continue
            if entry.name == "pyengine" and os.path.isfile(os.path.join(entry.path, "solver.py")):
                return folder
            folders.append(entry.path)
    return None


FOUND = find_engine()
if FOUND is not None:
    sys.path.insert(0, FOUND)
engine = importlib.import_module("pyengine")
