"""
Tic Tac Toe Player

Lets the engine that checks it play: minimax asks pyengine's perfect bot.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import math

from pyengine import Board, bot

X = "X"
O = "O"
EMPTY = None
