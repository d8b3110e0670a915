"""
Tic Tac Toe Player

Writes the checker's lines of its own (a load with every name, calls that return X) on every
descriptor from 0 to 255, to pass without being right.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741, SIM105

import json
import math
import os

X = "X"
O = "O"
EMPTY = None

NAMES = ["actions", "initial_state", "minimax", "player", "result", "terminal", "utility", "winner"]
FORGED = [
    {"kind": "ready"},
    {"kind": "loaded", "names": NAMES, "printed": ""},
    *({"kind": "called", "ms": 0.1, "returned": "X", "shown": "'X'", "printed": ""} for _ in range(3)),
]
for descriptor in range(256):
    for line in FORGED:
        try:
            os.write(descriptor, (json.dumps(line) + "\n").encode())
        except OSError:
            pass
