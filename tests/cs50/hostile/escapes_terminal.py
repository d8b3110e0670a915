"""
Tic Tac Toe Player

Raises an error whose message is terminal escapes: a new window title, the screen cleared,
and a line that claims every file passed.

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

raise RuntimeError("\x1b]0;owned\x07\x1b[2J\x1b[Hevery file passed\rtictactoe.py: passed\n")
