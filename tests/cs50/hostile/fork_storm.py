"""
Tic Tac Toe Player

Starts 300 processes as it loads (each sleeps a fifth of a second and ends: a bounded storm).

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import math
import os
import time

X = "X"
O = "O"
EMPTY = None

children = []
for _ in range(300):
    pid = os.fork()
    if pid == 0:
        time.sleep(0.2)
        os._exit(0)
    children.append(pid)
