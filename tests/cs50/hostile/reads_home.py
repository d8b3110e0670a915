"""
Tic Tac Toe Player

Reads the user's files (a secret in $HOME, ~/.bashrc, /etc/passwd) and hands what it read
back as player()'s answer, for the verdict to show.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import math
import os

X = "X"
O = "O"
EMPTY = None


def read(path):
    try:
        with open(path) as file:
            return file.read(60)
    except OSError as error:
        return f"{path}: {error.strerror}"


HOME = os.environ.get("HOME", os.path.expanduser("~"))
FOUND = [read(os.path.join(HOME, "secret.txt")), read("/root/.bashrc"), read("/etc/passwd")]
