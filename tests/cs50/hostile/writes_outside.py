"""
Tic Tac Toe Player

Leaves a note outside its own folder: in the home folders, the work tree, /var/tmp, /usr/local
and the folder above its own.

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

NOTE = "pyengine-hostile-was-here.txt"
refused = []
for folder in ("/root", "/home", "/work", "/var/tmp", "/usr/local", ".."):
    try:
        with open(os.path.join(folder, NOTE), "w") as note:
            note.write("a student's file wrote this\n")
    except OSError as error:
        refused.append(f"{folder} ({error.strerror})")
if refused:
    raise PermissionError("could not write in " + ", ".join(refused))
