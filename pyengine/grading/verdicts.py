"""The words of a check: the student's terms, what a failure says, what a
verdict holds, the pass lines and the table of causes.

Everything a student reads about their code is written here, in the
course's terms: boards as lists of rows, actions ``(i, j)``, lines of three
by where they are, answers as the student's code gave them.
"""

from __future__ import annotations

from functools import cache

from ..board import Board, Player
from ..records import Record
from ..solver import analyze
from ..words import cell_name
from .answers import Raised, Returned
from .chooseform import every_position, move_worth
from .probes import Function, Probe, action_of

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final

    from .answers import Answer
    from .probes import Action

MARK_TEXT: Final = {Player.X: "X", Player.O: "O", None: None}
_ROWS: Final = ("top", "middle", "bottom")
_COLUMNS: Final = ("left", "middle", "right")


def grid_of(board: Board) -> list[list[str | None]]:
    """``board`` as the course writes it: a list of three lists of ``"X"``, ``"O"`` or ``None``.

    >>> grid_of(Board.parse("X.O/.X./..."))
    [['X', None, 'O'], [None, 'X', None], [None, None, None]]
    """
    return [list(row) for row in rows_of(board)]


@cache
def rows_of(board: Board) -> tuple[tuple[str | None, ...], ...]:
    """``board``'s rows as the course writes them, as tuples (read once a board)."""
    marks = tuple(MARK_TEXT[mark] for mark in board.marks)
    return (marks[0:3], marks[3:6], marks[6:9])


def line_words(line: tuple[int, ...]) -> str:
    """Where a line of three is: ``'the bottom row'``, ``'the left column'``,
    ``'the diagonal from the top left'``.

    >>> line_words((6, 7, 8)), line_words((0, 3, 6)), line_words((2, 4, 6))
    ('the bottom row', 'the left column', 'the diagonal from the top right')
    """
    first, second = line[0], line[1]
    if second - first == 1:
        return f"the {_ROWS[first // 3]} row"
    if second - first == 3:
        return f"the {_COLUMNS[first]} column"
    return "the diagonal from the top left" if first == 0 else "the diagonal from the top right"


def ending_words(board: Board) -> str:
    """How a finished board ended, or why one is not over, in a clause."""
    if board.winner is not None:
        return f"{board.winner} has three in a row on {line_words(board.winning_lines[0])}"
    empty = 9 - board.ply
    if board.is_over:
        return "every cell is filled and no one has three in a row"
    return f"no one has three in a row and {empty} {'cell is' if empty == 1 else 'cells are'} empty"


def said(answer: Returned | Raised) -> str:
    """What a call gave, as a student reads it: the repr, or the exception."""
    return f"raised {answer.type}" if type(answer) is Raised else answer.shown  # type: ignore[union-attr]


def returned_words(call: str, answer: Returned | Raised) -> str:
    """``"player(board) returned 'X'"``, or what it raised."""
    if type(answer) is Raised:
        return f"{call} raised {answer.words}"
    return f"{call} returned {answer.shown}"  # type: ignore[union-attr]


def answer_words(answer: Answer | None) -> str:
    """What a function answered, after "your player(board)": ``"answers 'X'"``."""
    if isinstance(answer, Raised):
        return f"raises {answer.type}"
    return f"answers {answer.shown}" if isinstance(answer, Returned) else "answers no answer"


def analyze_best(board: Board) -> int:
    """A best move of a live position: the first of the solver's."""
    return analyze(board).best[0]


def move_words(board: Board, cell: int) -> str:
    """A move as an action, where it is and its worth: ``'(0, 2) (top right), a win in 1'``."""
    return f"{action_of(cell)!r} ({cell_name(cell)}), {move_worth(board, cell)}"


def cell_words(board: Board, cell: int) -> str:
    """A move as a cell number, where it is and its worth (the ``choose`` form's)."""
    return f"{cell} ({cell_name(cell)}), {move_worth(board, cell)}"


def board_words(probe: Probe) -> str:
    """The failing position in the student's terms: the board as rows."""
    if probe.function is Function.INITIAL_STATE:
        return "The first call is made on a fresh run of your code" if probe.fresh else "That was its second call"
    first = " (the first call of a fresh run of your code)" if probe.fresh else ""
    return f"The board{first}: {grid_of(probe.board)!r}"


class Failure(Record):
    """Why one call's answer is wrong: what was expected, what came back, in words."""

    expected: str
    got: str
    reason: str


class Verdict(Record):
    """One function's verdict: a line of the page, an entry of ``pyengine check --json``."""

    name: str
    """The function: ``"player"`` ... ``"minimax"``, or ``"choose"``; ``"code"`` when the
    code did not run, or defines neither form."""
    passed: bool
    position: str | None
    """The first failing position in checking order, in the engine's notation; None when passed."""
    expected: str | None
    """What was expected there, in the student's terms (``"'X'"``, ``"{(0, 1), (2, 1)}"``)."""
    got: str | None
    """What came back there (``"None"``, ``"raised ValueError"``)."""
    reason: str
    """The verdict in a sentence, for a pass too (a slower win is reported here)."""
    action: Action | None = None
    """For ``result``: the ``(i, j)`` it was called with at the failing position."""
    played: int | None = None
    """For ``minimax`` and ``choose``: the cell played at the failing position, or at the
    first slower win of a pass."""
    best: int | None = None
    """With ``played``: a best move there (a cell)."""


PASSES: Final = {
    Function.INITIAL_STATE: "initial_state() returns the empty board, each row a list of its own, new at each call",
    Function.PLAYER: "player(board) names the player to move on all {live:,} positions not over",
    Function.ACTIONS: "actions(board) is the set of the empty cells on all {live:,} positions not over",
    Function.RESULT: (
        "result(board, action) is right on every cell of the {live:,} positions not over: a new board for "
        "an empty cell, the given board left as it was, an exception for a taken cell; and an exception for an "
        "action that is not valid (off the board, negative, not a pair) on each of them"
    ),
    Function.WINNER: "winner(board) is right on all {every:,} positions",
    Function.TERMINAL: "terminal(board) is right on all {every:,} positions",
    Function.UTILITY: "utility(board) is right on all {over:,} finished positions",
    Function.MINIMAX: (
        "minimax(board) returns None on all {over:,} finished boards and keeps the value on all {live:,} "
        "positions with a move"
    ),
    Function.CHOOSE: "choose(board) keeps the value on all {live:,} positions with a move",
}
"""What a function that passes is said to do, with the counts of ``counts()``."""


@cache
def counts() -> dict[str, int]:
    """How many positions there are of each kind the checks name, counted."""
    every = every_position()
    live = sum(not board.is_over for board in every)
    return {"every": len(every), "live": live, "over": len(every) - live}


class Cause(Record):
    """A function another one stands on, and where its answer is asked."""

    helper: Function
    below: bool
    """Whether a failure on a position play reaches from here counts (a search's), not only on this board."""


CAUSES: Final = {
    Function.RESULT: (Cause(Function.PLAYER, False),),
    Function.TERMINAL: (Cause(Function.WINNER, False),),
    Function.UTILITY: (Cause(Function.WINNER, False), Cause(Function.TERMINAL, False)),
    Function.MINIMAX: tuple(
        Cause(helper, True)
        for helper in (
            Function.WINNER,
            Function.TERMINAL,
            Function.UTILITY,
            Function.PLAYER,
            Function.ACTIONS,
            Function.RESULT,
        )
    ),
}
"""The one table of causes: for each function, the functions its answer
stands on (result puts player's mark; terminal asks winner; utility asks
winner, or terminal; minimax's search asks them all, on the positions below),
first to last. A function that fails where one of these failed first is said
to fail because of it; each helper is checked before the functions that
stand on it."""


def cause_words(function: Function, helper: Function, board: Board, where: Board, answer: Answer | None) -> str:
    """The clause that ends ``function``'s reason at ``board`` when ``helper``,
    which it stands on, answered wrong at ``where`` (the same board, or one
    its search looks at from there)."""
    said_there = answer_words(answer)
    if where == board:
        return f", because your {helper}(board) {said_there} on this same board (fix {helper} first)"
    return (
        f", because your {helper}(board) {said_there} on {grid_of(where)!r} ({where}), a position "
        f"{function}'s search looks at from here: it cannot see the game as it is (fix {helper} first)"
    )
