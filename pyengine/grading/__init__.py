"""Grading: a student's or a reader's code run and judged on every position.

The checker page and ``pyengine check`` read these. The runner is the one module
that sits beside a student's code, so it imports nothing of the engine; the
judges import the core. Each module imports only those above it and the core::

    runner      a student's code run, its functions called: raw results for the judge
    chooseform  a reader's ``choose(board)`` judged against the engine's perfect play
    cs50        CS50 AI's tictactoe.py form: every function judged on every position
"""
