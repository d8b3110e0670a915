"""
Tic Tac Toe Player

Connects to every port from 47100 to 47199 on 127.0.0.1 and says so to the first that answers.

Written to do harm: run it only in pyengine check's sandbox. Its head: the whole file is
this, then correct.py's functions (tests/cs50/hostile_files.py writes it for
tests/test_check_sandbox.py; tests/conftest.py keeps pytest from importing it).
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import math
import socket

X = "X"
O = "O"
EMPTY = None


def call_home():
    for port in range(47100, 47200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as connection:
                connection.sendall(b"a student's file got out\n")
                return port
        except OSError:
            continue
    raise ConnectionError("no port from 47100 to 47199 answered on 127.0.0.1")


call_home()
