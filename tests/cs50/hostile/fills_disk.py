"""
Tic Tac Toe Player

Fills its folder's disk, a megabyte at a time (256 at most).

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import math

X = "X"
O = "O"
EMPTY = None

with open("filler.bin", "wb") as filler:
    for _ in range(256):
        filler.write(bytes(2**20))
