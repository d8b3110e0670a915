"""The CS50 AI form of a student's tic-tac-toe, judged on every position.

Harvard's CS50 AI course ("Project 0: Tic-Tac-Toe") has its students write
``tictactoe.py``: ``initial_state``, ``player``, ``actions``, ``result``,
``winner``, ``terminal``, ``utility`` and ``minimax`` over a board that is a
list of three lists of ``"X"``, ``"O"`` or ``None`` (``EMPTY``), with actions
``(i, j)``, ``i`` the row. This module knows that form and today's
``choose(board)`` form: which one a file is written in, every call that
checks it (the probes, in checking order), what each call may take, and
what every answer is worth, in the student's own terms.

It never runs the student's code. pyengine.grading.runner does that, in the page's
Web Worker or in a child process of ``pyengine check``, and hands back raw
results; the judging happens out of the code's reach, in the modules this one
gathers, each a room of its own::

    probes     Form, Function, Probe: every call that checks a file, its budget, its wire
    answers    the runner's answers read once: Returned, Raised, TimedOut, Ended, Refused
    verdicts   the words: the student's terms, Failure, Verdict, the pass lines, CAUSES
    judges     judge_call: one answer against the specification
    judge      Judge: one file's verdicts, answer by answer; Report
    session    Session: one check driven (what to send, budgets, fresh runners); check_code

The names other modules import stand here too, so that
``from pyengine.grading.cs50 import ...`` reads the form as one.

The specification, function by function, and what is checked:

- ``initial_state``: twice, three new lists of three ``EMPTY`` each time
  (no row shared with another, nor with the last call's board);
- ``player``, ``actions``: on the 4,520 positions not over (on a finished
  board the specification accepts any answer);
- ``result``: on each of them and every cell: on an empty cell a new board
  with the mover's mark, the given board left as it was (rows included) and
  sharing no row with the answer; on a taken cell an exception; and on each
  of them one action that is not valid (off the board, negative, not a pair),
  every kind in turn, each at an empty cell's place (``(-1, 2)`` where
  ``(2, 2)`` is empty, so that Python's negative indices cannot hide it): an
  exception;
- ``winner``, ``terminal``: on all 5,478 positions; ``utility`` on the 958
  finished ones;
- ``minimax``: ``None`` on every finished board, then on each of the 4,520
  positions with a move, fullest first, a legal ``(i, j)`` that keeps the
  position's value (a slower win passes and is reported, as for ``choose``).

As the course's checker imports the file afresh for each test, each
function's first call is made in a fresh run of the code (``Probe.fresh``),
on a board where O is to move: an answer that depends on earlier calls (a
flag that makes ``player``'s first call answer X) shows there. A function that
fails where one it stands on fails too says so (``CAUSES``).
"""

from __future__ import annotations

from .answers import Ended, Opaque, Raised, Refused, Returned, TimedOut, answer_of, decode
from .judge import Judge, Report, Track, report_json, report_of
from .judges import judge_call, move_of, played_cell, valid_pair
from .probes import (
    CS50_FUNCTIONS,
    CS50_PER_NODE_S,
    FILE_BUDGET_S,
    LOAD_BUDGET_S,
    REQUIRED,
    Form,
    Function,
    Given,
    Probe,
    action_of,
    call_budget,
    cell_of,
    detect_form,
    iter_probes,
    iter_wires,
    probes,
    wires,
)
from .session import Session, check_code
from .verdicts import (
    CAUSES,
    PASSES,
    Cause,
    Failure,
    Verdict,
    analyze_best,
    ending_words,
    grid_of,
    line_words,
)

__all__ = [
    "CAUSES",
    "CS50_FUNCTIONS",
    "CS50_PER_NODE_S",
    "FILE_BUDGET_S",
    "LOAD_BUDGET_S",
    "PASSES",
    "REQUIRED",
    "Cause",
    "Ended",
    "Failure",
    "Form",
    "Function",
    "Given",
    "Judge",
    "Opaque",
    "Probe",
    "Raised",
    "Refused",
    "Report",
    "Returned",
    "Session",
    "TimedOut",
    "Track",
    "Verdict",
    "action_of",
    "analyze_best",
    "answer_of",
    "call_budget",
    "cell_of",
    "check_code",
    "decode",
    "detect_form",
    "ending_words",
    "grid_of",
    "iter_probes",
    "iter_wires",
    "judge_call",
    "line_words",
    "move_of",
    "played_cell",
    "probes",
    "report_json",
    "report_of",
    "valid_pair",
    "wires",
]
