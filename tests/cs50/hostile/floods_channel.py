"""
Tic Tac Toe Player

Writes without end and without a newline on every descriptor from 3 to 255 (64 MB at most
each), for the checker to keep it all.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import contextlib
import math
import os

X = "X"
O = "O"
EMPTY = None

CHUNK = b"x" * 2**20
for descriptor in range(3, 256):
    with contextlib.suppress(OSError):
        for _ in range(64):
            os.write(descriptor, CHUNK)
