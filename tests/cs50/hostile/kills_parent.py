"""
Tic Tac Toe Player

player() kills the process that started it, then its own process group.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import contextlib
import math
import os
import signal

X = "X"
O = "O"
EMPTY = None
