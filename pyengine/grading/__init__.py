"""Grading: a student's or a reader's code run and judged on every position.

The checker page and ``pyengine check`` read these. The runner is the one module
that sits beside a student's code, so it imports nothing of the engine; the
judges import the core. Each module imports only those above it and the core::

    runner      a student's code run, its functions called: raw results for the judge
    chooseform  a reader's ``choose(board)`` judged against the engine's perfect play
    probes      Form, Function, Probe: the calls that check a file, in order, as the runner takes them
    answers     the runner's answers read once into typed values: Returned, Raised, TimedOut...
    verdicts    the words: the student's terms, Failure, Verdict, the pass lines, the table of causes
    judges      judge_call: one call's answer against the specification
    judge       Judge: one file's verdicts, decided answer by answer; Report
    session     Session: one check driven, no I/O (what to send, budgets, fresh runners)
    cs50        CS50 AI's tictactoe.py form as one: the names the rooms above hold
"""
