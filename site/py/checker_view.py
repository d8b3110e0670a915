"""What "Check your own minimax" says and draws, from the engine's verdicts.

The checker (checker_page.py) wires the page; this module only turns what
pyengine.grading.cs50 decided into the words and the marks a reader sees, in the
form's own terms: for the CS50 form lists of lists, ``EMPTY`` and ``(i, j)``
with ``i`` the row; for the ``choose`` form the engine's Board and cells 0 to
8. It imports neither pyscript nor the DOM, so tests/test_checkview.py checks
it in CPython.
"""

from __future__ import annotations

from pyengine import Board
from pyengine.grading.cs50 import Form, Probe, Verdict, action_of

FORM_WORDS = {
    Form.CS50: (
        "Found the CS50 AI form (tictactoe.py): each function gets a board as a list of three lists of "
        '"X", "O" or EMPTY (None), fresh for every call, and an action is a tuple (i, j), i the row and '
        "j the column, from 0 at the top left."
    ),
    Form.CHOOSE: (
        "Found the choose(board) form: choose gets the engine's Board and returns a cell, 0 to 8 row by row "
        "from the top left."
    ),
}
"""The form found, said once the code has run (what its functions get and give)."""

NO_FORM = "Found neither form: no choose(board), and none of the CS50 functions."

ROLE_TEXT = {"played": "you", "best": "best", "action": "here"}
"""What an empty cell the verdict points at says (a move played, a best one, the action tried)."""


def summary(verdicts: list[Verdict], form: Form | None) -> tuple[str, str]:
    """The overall verdict, ``"pass"`` or ``"fail"``, and its sentence."""
    failed = [verdict.name for verdict in verdicts if not verdict.passed]
    if form is None or any(verdict.name == "code" for verdict in verdicts):
        return "fail", "Your code could not be checked: see below."
    if not failed:
        if form is Form.CHOOSE:
            return "pass", "choose(board) keeps the value on every position with a move."
        return "pass", f"All {len(verdicts)} functions do what the specification asks, on every position."
    names = ", ".join(f"{name}()" for name in failed)
    if len(failed) == 1:
        return "fail", f"{names} fails; the first position where it goes wrong is drawn below."
    return "fail", f"{len(failed)} of {len(verdicts)} functions fail: {names}. Each shows where it first goes wrong."


def sentence(words: str) -> str:
    """``words`` ending as a sentence ends: a full stop unless it has its own."""
    return words if words.endswith((".", "?", "!")) else words + "."


def detail(verdict: Verdict) -> str:
    """What came back and what was expected, for a failing line that has a position."""
    if verdict.passed or verdict.expected is None:
        return ""
    return f"Expected: {verdict.expected}. Got: {verdict.got}."


def cell_roles(verdict: Verdict) -> dict[int, str]:
    """The cells a failing line marks on its board: the action ``result``
    was called with, or the move played and a best one."""
    roles: dict[int, str] = {}
    if verdict.action is not None:
        i, j = verdict.action
        roles[i * 3 + j] = "action"
    if verdict.best is not None:
        roles[verdict.best] = "best"
    if verdict.played is not None:
        roles[verdict.played] = "played"
    return roles


def move_name(cell: int, form: Form | None) -> str:
    """A cell as the form names it: ``(1, 2)`` for the CS50 form, ``5`` for ``choose``."""
    return repr(action_of(cell)) if form is Form.CS50 else str(cell)


def board_label(board: Board, verdict: Verdict, form: Form | None) -> str:
    """The board's accessible name: the position and the cells it marks."""
    label = f"The position {board}"
    named = {"played": "your move", "best": "a best move", "action": "the action tried"}
    marks = [f"{named[role]} {move_name(cell, form)}" for cell, role in sorted(cell_roles(verdict).items())]
    return label + ("; " + ", ".join(marks) if marks else "")


def progress_words(probe: Probe, done: int, total: int, slowest: tuple[float, Probe] | None) -> str:
    """The status line while a function is checked: its calls so far, and
    the slowest call of the check so far."""
    words = f"Checking {probe.function}(): {done:,} of {total:,} calls"
    if slowest is not None:
        ms, where = slowest
        words += f"; the slowest call so far: {where.function}() {ms / 1000:.2f} s on {where.board}"
    return words + "\u2026"
