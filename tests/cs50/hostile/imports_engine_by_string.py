"""
Tic Tac Toe Player

Imports the engine by a name built as it runs, past any search for the word in its text.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import importlib
import math

X = "X"
O = "O"
EMPTY = None

ENGINE = "".join(chr(code) for code in (112, 121, 101, 110, 103, 105, 110, 101))
try:
    engine = importlib.import_module(ENGINE)
except ImportError:
    engine = __import__(ENGINE)
