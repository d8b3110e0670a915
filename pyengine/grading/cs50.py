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
results; the judging happens here, out of the code's reach.

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

import time
from bisect import bisect_right
from enum import Enum
from functools import cache
from itertools import islice

from ..board import Board, Player
from ..choices import Choice
from ..errors import IllegalMoveError
from ..records import Record
from ..solver import analyze
from ..words import cell_name
from .chooseform import (
    CALL_BASE_S,
    Grade,
    every_position,
    grade,
    move_worth,
    positions_to_check,
    tree_size,
    value_words,
)

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import Final, TypeAlias

    Action: TypeAlias = tuple[int, int]
    Tried: TypeAlias = "tuple[int, ...] | Given"
    Raw: TypeAlias = dict[str, object]


class Form(Choice, Enum, noun="form"):
    """How a student's code is written: which functions the checker calls."""

    CHOOSE = "choose"
    """Today's form: ``choose(board)`` takes the engine's Board and returns a cell number."""
    CS50 = "cs50"
    """CS50 AI's ``tictactoe.py``: lists of lists, ``EMPTY``, actions ``(i, j)``."""


CS50_FUNCTIONS: Final = ("initial_state", "player", "actions", "result", "winner", "terminal", "utility", "minimax")
"""The CS50 form's functions, in the order they are checked."""
REQUIRED: Final = CS50_FUNCTIONS[1:]
"""The functions a CS50 file must define; ``initial_state`` is checked when it is there."""

# Per-call budgets. A CS50 minimax is slower a node than a choose(): most
# students deep-copy the board at every node and remember nothing. The
# slowest of 60 published files took 40 s for the empty board in CPython
# (73 microseconds a node), and the browser is about three times slower, so
# 400 microseconds a node leaves such a file room on a busy machine: 223 s on
# the empty board, while a loop that never ends on one of the first
# positions is still stopped after about 3 s.
CS50_PER_NODE_S: Final = 400e-6
LOAD_BUDGET_S: Final = 4.0  # running the code once, before a function is called
FILE_BUDGET_S: Final = 900.0  # the whole check of one file: the slowest published file took 116 s in CPython


def detect_form(names: Iterable[str]) -> Form | None:
    """The form a file is written in, from the names it defines: ``choose``
    wins (today's form, unchanged), then any CS50 function; None for neither.

    >>> detect_form(["choose", "helper"]), detect_form(["minimax", "player"]), detect_form(["main"])
    (<Form.CHOOSE: 'choose'>, <Form.CS50: 'cs50'>, None)
    """
    defined = set(names)
    if "choose" in defined:
        return Form.CHOOSE
    return Form.CS50 if defined & set(CS50_FUNCTIONS) else None


class Given(Record):
    """An action handed to ``result`` that is not a tuple: a list of these
    ints, None, or a string of them (``kind``: ``"list"``, ``"None"``, ``"str"``)."""

    kind: str
    items: tuple[int, ...]

    @property
    def value(self) -> object:
        """The action as the student's code gets it."""
        if self.kind == "list":
            return list(self.items)
        return None if self.kind == "None" else "".join(map(str, self.items))


class Probe(Record):
    """One call of a student's function: which, on which position, and the
    action for ``result``."""

    function: str
    board: Board
    action: Tried | None
    fresh: bool = False
    """Whether the code is run afresh before this call: each function's first."""

    def wire(self) -> list[object]:
        """The probe as pyengine.grading.runner takes it: ``[function, notation, action]``,
        and ``true`` after them when the code is to run afresh first."""
        action = self.action
        sent = None if action is None else {"given": action.value} if isinstance(action, Given) else list(action)
        if self.fresh:
            return [self.function, _notation(self.board), sent, True]
        return [self.function, _notation(self.board), sent]


@cache
def _notation(board: Board) -> str:
    return str(board)  # 45,208 result probes name 4,520 boards: each written once


def _fullest_first(boards: Iterable[Board]) -> list[Board]:
    return sorted(boards, key=lambda board: (-board.ply, str(board)))


def _o_to_move_first(boards: Sequence[Board]) -> list[Board]:
    """``boards`` with the first on which O is to move (X has the more marks)
    put first: a function's first call, made afresh, is on such a board, so
    that a first answer of X whatever the board shows."""
    opening = next(board for board in boards if board.x_mask.bit_count() > board.o_mask.bit_count())
    return [opening, *(board for board in boards if board != opening)]


# Actions that are not valid, each made from an empty cell (i, j) of the
# board: the two off-board ones that Python's negative indices turn into
# (i, j) itself, the ones past the end, and the ones that are not a pair.
_NOT_VALID: Final = (
    lambda i, j: (i - 3, j),
    lambda i, j: (3, j),
    lambda i, j: Given("list", (i, j)),
    lambda i, j: (i, j - 3),
    lambda i, j: (i, 3),
    lambda i, j: (i, j, 0),
    lambda i, j: (i - 3, j - 3),
    lambda i, j: Given("None", ()),
    lambda i, j: Given("str", (i, j)),
)


def _not_valid(board: Board, turn: int | None) -> Iterator[Tried]:
    """Actions that are not valid on ``board``: the kind ``turn`` (they take
    turns over the boards, one a board), or every kind when ``turn`` is None."""
    i, j = action_of(board.legal_moves[0])
    kinds = _NOT_VALID if turn is None else (_NOT_VALID[turn % len(_NOT_VALID)],)
    return (kind(i, j) for kind in kinds)


@cache
def probes(form: Form) -> tuple[Probe, ...]:
    """Every call that checks a file of ``form``, in checking order: the
    order in which the first failure of each function is found.

    >>> [sum(p.function == name for p in probes(Form.CS50)) for name in CS50_FUNCTIONS]
    [2, 4520, 4520, 45208, 5478, 5478, 958, 5478]
    """
    return tuple(iter_probes(form))


def iter_probes(form: Form) -> Iterator[Probe]:
    """``probes(form)`` one at a time, for a page that builds them between
    other work (71,642 of them: about 0.1 s in CPython, three times that in
    the browser, too long for one task of a page's thread)."""
    if form is Form.CHOOSE:
        yield from (Probe("choose", board, None) for board in positions_to_check())
        return
    live = _o_to_move_first(positions_to_check())
    every = _o_to_move_first(_fullest_first(every_position()))
    over = _o_to_move_first([board for board in every if board.is_over])
    cells = [(i, j) for i in range(3) for j in range(3)]
    yield Probe("initial_state", Board.empty(), None, True)
    yield Probe("initial_state", Board.empty(), None)  # a second call: three new lists again
    for name in ("player", "actions"):
        yield from (Probe(name, board, None, index == 0) for index, board in enumerate(live))
    for index, board in enumerate(live):
        yield from (Probe("result", board, cell, index == 0 and cell == cells[0]) for cell in cells)
        yield from (Probe("result", board, tried) for tried in _not_valid(board, index - 1 if index else None))
    for name, boards in (("winner", every), ("terminal", every), ("utility", over), ("minimax", over)):
        yield from (Probe(name, board, None, index == 0) for index, board in enumerate(boards))
    # minimax afresh again where the first move is asked for: on a board where O is to move
    yield from (Probe("minimax", board, None, index == 0) for index, board in enumerate(live))


@cache
def wires(form: Form) -> tuple[list[object], ...]:
    """Every probe of ``form`` as pyengine.grading.runner takes it, in checking order."""
    return tuple(iter_wires(form))


def iter_wires(form: Form, start: int = 0) -> Iterator[list[object]]:
    """``wires(form)`` from probe ``start`` on, each made when it is asked
    for: a check's worker makes only its own form's, as it calls them."""
    return (probe.wire() for probe in islice(iter_probes(form), start, None))


def call_budget(probe: Probe) -> float:
    """The seconds one call may take: a minimax by the game tree below its
    position (grading.call_budget's reasoning, at CS50_PER_NODE_S), any
    other call CALL_BASE_S."""
    fresh = LOAD_BUDGET_S if probe.fresh else 0.0  # the code runs afresh first
    if probe.function == "minimax":
        return fresh + CALL_BASE_S + CS50_PER_NODE_S * tree_size(probe.board)
    if probe.function == "choose":
        from .chooseform import call_budget as choose_budget  # today's budget, unchanged

        return choose_budget(probe.board)
    return fresh + CALL_BASE_S


# -- values, as the runner encodes them --------------------------------------


class Opaque:
    """A returned value the runner did not carry (a dict, a function...):
    equal to nothing but itself."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"<a {self.kind}>"


def decode(encoded: object) -> object:
    """The Python value pyengine.grading.runner.encode described.

    >>> decode({"set": [{"tuple": [0, 1]}]}), decode([["X", None, "O"]])
    ({(0, 1)}, [['X', None, 'O']])
    """
    if isinstance(encoded, list):
        return [decode(item) for item in encoded]
    if isinstance(encoded, dict):
        if "tuple" in encoded:
            return tuple(decode(item) for item in encoded["tuple"])
        if "set" in encoded:
            items = [decode(item) for item in encoded["set"]]
            return set(items) if all(_hashable(item) for item in items) else Opaque("set")
        return Opaque(str(encoded.get("other", "value")))
    return encoded


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


# -- the student's terms ------------------------------------------------------

_MARK_TEXT: Final = {Player.X: "X", Player.O: "O", None: None}
_ROWS: Final = ("top", "middle", "bottom")
_COLUMNS: Final = ("left", "middle", "right")


def grid_of(board: Board) -> list[list[str | None]]:
    """``board`` as the course writes it: a list of three lists of ``"X"``, ``"O"`` or ``None``.

    >>> grid_of(Board.parse("X.O/.X./..."))
    [['X', None, 'O'], [None, 'X', None], [None, None, None]]
    """
    return [list(row) for row in _rows(board)]


@cache
def _rows(board: Board) -> tuple[tuple[str | None, ...], ...]:
    marks = tuple(_MARK_TEXT[mark] for mark in board.marks)
    return (marks[0:3], marks[3:6], marks[6:9])


def action_of(cell: int) -> Action:
    """The course's ``(i, j)`` of a cell: row ``i``, column ``j``."""
    i, j = divmod(cell, 3)
    return (i, j)


def cell_of(action: Action) -> int:
    """The cell number of an action ``(i, j)``."""
    return action[0] * 3 + action[1]


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


def _said(raw: Raw) -> str:
    """What a call gave, as a student reads it: the repr, or the exception."""
    if "raised" in raw:
        return f"raised {raw['raised']}"
    return str(raw.get("shown"))


def _returned(call: str, raw: Raw) -> str:
    if "raised" in raw:
        return f"{call} raised {raw.get('error')}"
    return f"{call} returned {raw.get('shown')}"


class Failure(Record):
    """Why one call's answer is wrong: what was expected, what came back, in words."""

    expected: str
    got: str
    reason: str


# -- judging one call ------------------------------------------------------------


def judge_call(probe: Probe, raw: Raw) -> Failure | None:
    """None when the call's answer is what the specification asks for;
    otherwise what is wrong with it."""
    return _JUDGES[probe.function](probe, raw)


def _judge_initial_state(probe: Probe, raw: Raw) -> Failure | None:
    expected = grid_of(Board.empty())
    right = "raised" not in raw and decode(raw.get("returned")) == expected
    if right and not raw.get("shared") and not raw.get("repeated"):
        return None
    if raw.get("shared"):
        reason = (
            "initial_state() returned the same list for two rows ([[EMPTY] * 3] * 3?): a mark put in one "
            "row shows in the other"
        )
    elif raw.get("repeated"):
        reason = (
            "initial_state() called a second time returned the same board as the first call, or one of its "
            "rows: each call must make three new lists, or one game's moves show in the next game's board"
        )
    else:
        reason = f"{_returned('initial_state()', raw)}; expected three rows of three EMPTY"
    return Failure(repr(expected), _said(raw), reason)


def _plain(probe: Probe, raw: Raw, expected: object, call: str, why: str) -> Failure | None:
    """The answer must equal ``expected`` (with Python's ``==``, as a test of the student's own would)."""
    if "raised" not in raw:
        returned = raw.get("returned")
        if returned == expected or decode(returned) == expected:  # a plain value is encoded as itself
            return None
    return Failure(repr(expected), _said(raw), f"{_returned(call, raw)}; {why}")


def _judge_player(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    side = board.to_move
    x, o = board.x_mask.bit_count(), board.o_mask.bit_count()
    counts = f"X has played {x} {'time' if x == 1 else 'times'} and O {o}"
    why = f"{side} is to move: {counts}, and X moves first"
    return _plain(probe, raw, str(side), "player(board)", why)


def _judge_actions(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    expected = {action_of(cell) for cell in board.legal_moves}
    shown = "{" + ", ".join(map(repr, sorted(expected))) + "}"
    if "raised" in raw:
        return Failure(shown, _said(raw), _returned("actions(board)", raw))
    got = decode(raw.get("returned"))
    if got == expected:
        return None
    call = "actions(board)"
    if not isinstance(got, (set, frozenset)):
        kind = type(got).__name__ if not isinstance(got, Opaque) else got.kind
        reason = f"{call} returned a {kind} ({raw.get('shown')}); the specification asks for a set of (i, j) tuples"
        if got is None:
            reason = f"{call} returned None; expected the set of empty cells {shown}"
        return Failure(shown, _said(raw), reason)
    missing = sorted(expected - got)
    extra = sorted((item for item in got - expected), key=repr)
    if missing:
        reason = f"{call} is missing {missing[0]!r}, an empty cell"
    elif any(_is_taken_action(item, board) for item in extra):
        taken = next(item for item in extra if _is_taken_action(item, board))
        reason = f"{call} holds {taken!r}, a cell that is taken"
    else:
        reason = f"{call} holds {extra[0]!r}, which is not an action (i, j) of this board"
    return Failure(shown, _said(raw), reason)


def _is_taken_action(item: object, board: Board) -> bool:
    return isinstance(item, tuple) and item in {action_of(cell) for cell in range(9) if board[cell] is not None}


def _valid_pair(action: object) -> bool:
    """Whether ``action`` is a tuple ``(i, j)`` of a row and a column, 0 to 2."""
    if isinstance(action, Given) or not isinstance(action, tuple) or len(action) != 2:
        return False
    return all(type(n) is int and 0 <= n < 3 for n in action)


def _not_valid_words(action: Tried) -> str:
    """Why an action is not valid, in a clause."""
    if isinstance(action, Given):
        kind = "a list" if action.kind == "list" else "a string" if action.kind == "str" else "None"
        return f"{action.value!r} is {kind}, not a tuple (i, j)"
    if len(action) != 2:
        return f"{action!r} is a tuple of {len(action)}, not a pair (i, j)"
    where = action_of(cell_of((action[0] % 3, action[1] % 3)))
    if min(action) < 0 and max(action) < 3:
        return (
            f"{action!r} is off the board (rows and columns go from 0 to 2); Python's negative indices "
            f"read it as {where!r}, an empty cell"
        )
    return f"{action!r} is off the board (rows and columns go from 0 to 2)"


def _judge_not_valid(probe: Probe, raw: Raw, action: Tried) -> Failure | None:
    if "raised" in raw and not raw.get("exit"):
        return None
    call = _call_text(probe)
    if raw.get("exit"):
        reason = f"{call} raised {raw['raised']}, which ends the program; raise an exception such as ValueError"
    else:
        reason = (
            f"{call} returned {raw.get('shown')}, but {_not_valid_words(action)}: the specification asks for an "
            "exception for an action that is not valid"
        )
    return Failure("an exception", _said(raw), reason)


_CELL_OF_ACTION: Final = {(i, j): i * 3 + j for i in range(3) for j in range(3)}


def _judge_result(probe: Probe, raw: Raw) -> Failure | None:
    # 45,000 calls a check: the passing answers are told apart first, without
    # decoding (a board of lists of marks is encoded as itself) and without
    # the engine's checked Board calls (1.1x the judging of a correct file).
    board, action = probe.board, probe.action
    cell = _CELL_OF_ACTION.get(action) if type(action) is tuple else None  # type: ignore[arg-type]  # type() tells a Given apart
    if cell is None:
        assert action is not None
        return _judge_not_valid(probe, raw, action)
    if (board.x_mask | board.o_mask) >> cell & 1:
        if "raised" in raw and not raw.get("exit"):
            return None
    elif "raised" not in raw and not raw.get("changed") and raw.get("returned") == _marked(board, cell):
        return None
    return _result_failure(probe, raw, cell)


def _marked(board: Board, cell: int) -> list[list[str | None]]:
    """The course's board after the side to move marks ``cell`` (empty), as lists."""
    rows = [list(row) for row in _rows(board)]
    rows[cell // 3][cell % 3] = _MARK_TEXT[board.to_move]
    return rows


def _result_failure(probe: Probe, raw: Raw, cell: int) -> Failure | None:
    """What is wrong with result's answer on a valid action (i, j)."""
    board, action = probe.board, action_of(cell)
    i, j = action
    call = f"result(board, {action!r})"
    if board[cell] is not None:
        if "raised" in raw and not raw.get("exit"):
            return None
        reason = (
            f"{call} returned {raw.get('shown')}, but {action!r} is taken (by {board[cell]}): "
            "the specification asks for an exception"
        )
        if raw.get("exit"):
            reason = f"{call} raised {raw['raised']}, which ends the program; raise an exception such as ValueError"
        return Failure("an exception", _said(raw), reason)
    expected = grid_of(board.play(cell))
    mover = board.to_move
    if "raised" in raw:
        return Failure(repr(expected), _said(raw), f"{_returned(call, raw)}, but {action!r} is empty")
    if raw.get("changed"):
        return Failure(repr(expected), _said(raw), f"{call} changed the board it was given")
    # A returned board that shares rows it did not change with the given one
    # passes: the specification asks only that the given board be left as it
    # was, which "changed" above checks (a shallow copy fails there).
    got = decode(raw.get("returned"))
    if got == expected:
        return None
    other = grid_of(board)
    other[i][j] = str(mover.other) if mover else None
    if got == other:
        reason = f"{call} put {str(mover.other) if mover else ''!r} at {action!r}, but {mover} is to move"
    else:
        reason = f"{call} returned {raw.get('shown')}; expected the board with {str(mover)!r} at {action!r}"
    return Failure(repr(expected), _said(raw), reason)


def _judge_winner(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    winner = board.winner
    why = ending_words(board) if winner is not None else "no one has three in a row"
    return _plain(probe, raw, None if winner is None else str(winner), "winner(board)", why)


def _judge_terminal(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    why = f"the game is {'over' if board.is_over else 'not over'}: {ending_words(board)}"
    return _plain(probe, raw, board.is_over, "terminal(board)", why)


def _judge_utility(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    expected = 1 if board.winner is Player.X else -1 if board.winner is Player.O else 0
    return _plain(probe, raw, expected, "utility(board)", f"{ending_words(board)}, so X's utility is {expected}")


def _judge_minimax(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    call = "minimax(board)"
    if board.is_over:
        return _plain(probe, raw, None, call, f"the game is over ({ending_words(board)}): no move is left")
    best = analyze_best(board)
    expected = f"{action_of(best)!r} or another move that keeps the value"
    got = decode(raw.get("returned"))
    if "raised" in raw:
        return Failure(expected, _said(raw), _returned(call, raw))
    cell = _move_of(got)
    if cell is None or cell not in board.legal_moves:
        what = "not an action (i, j)" if cell is None else "a cell that is taken"
        if got is None:
            reason = f"{call} returned None, but the game is not over: {board.to_move} has a move to make"
        else:
            reason = f"{call} returned {raw.get('shown')}, {what}"
        return Failure(expected, _said(raw), reason)
    if grade(board, cell) is not Grade.WORSE:
        return None
    reason = (
        f"{call} returned {_move_words(board, cell)}; a best move is {_move_words(board, best)} "
        f"({board.to_move} to move, {value_words(board)})"
    )
    return Failure(expected, _said(raw), reason)


def _move_words(board: Board, cell: int) -> str:
    """A move as an action, where it is and its worth: ``'(0, 2) (top right), a win in 1'``."""
    return f"{action_of(cell)!r} ({cell_name(cell)}), {move_worth(board, cell)}"


def analyze_best(board: Board) -> int:
    """A best move of a live position: the first of the solver's."""
    return analyze(board).best[0]


def _move_of(got: object) -> int | None:
    """The cell of a returned action, when it is a tuple ``(i, j)`` on the board."""
    if not isinstance(got, tuple) or len(got) != 2:
        return None
    i, j = got
    if type(i) is not int or type(j) is not int or not (0 <= i < 3 and 0 <= j < 3):  # a bool is no row
        return None
    return i * 3 + j


def _judge_choose(probe: Probe, raw: Raw) -> Failure | None:
    board = probe.board
    best = analyze_best(board)
    expected = f"{best} or another move that keeps the value"
    if "raised" in raw:
        return Failure(expected, _said(raw), _returned("choose(board)", raw))
    try:
        if grade(board, decode(raw.get("returned"))) is not Grade.WORSE:
            return None
    except IllegalMoveError as error:
        return Failure(expected, _said(raw), str(error))
    played = decode(raw.get("returned"))
    assert isinstance(played, int)
    reason = (
        f"choose(board) returned {_cell_words(board, played)}; a best move is {_cell_words(board, best)} "
        f"({board.to_move} to move, {value_words(board)})"
    )
    return Failure(expected, _said(raw), reason)


_JUDGES: Final = {
    "initial_state": _judge_initial_state,
    "player": _judge_player,
    "actions": _judge_actions,
    "result": _judge_result,
    "winner": _judge_winner,
    "terminal": _judge_terminal,
    "utility": _judge_utility,
    "minimax": _judge_minimax,
    "choose": _judge_choose,
}


# -- one file's check ------------------------------------------------------------


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


_PASSES: Final = {
    "initial_state": "initial_state() returns the empty board, each row a list of its own, new at each call",
    "player": "player(board) names the player to move on all {live:,} positions not over",
    "actions": "actions(board) is the set of the empty cells on all {live:,} positions not over",
    "result": (
        "result(board, action) is right on every cell of the {live:,} positions not over: a new board for "
        "an empty cell, the given board left as it was, an exception for a taken cell; and an exception for an "
        "action that is not valid (off the board, negative, not a pair) on each of them"
    ),
    "winner": "winner(board) is right on all {every:,} positions",
    "terminal": "terminal(board) is right on all {every:,} positions",
    "utility": "utility(board) is right on all {over:,} finished positions",
    "minimax": (
        "minimax(board) returns None on all {over:,} finished boards and keeps the value on all {live:,} "
        "positions with a move"
    ),
    "choose": "choose(board) keeps the value on all {live:,} positions with a move",
}


class Cause(Record):
    """A function another one stands on, and where its answer is asked."""

    helper: str
    below: bool
    """Whether a failure on a position play reaches from here counts (a search's), not only on this board."""


CAUSES: Final = {
    "result": (Cause("player", False),),
    "terminal": (Cause("winner", False),),
    "utility": (Cause("winner", False), Cause("terminal", False)),
    "minimax": tuple(
        Cause(helper, True) for helper in ("winner", "terminal", "utility", "player", "actions", "result")
    ),
}
"""The one table of causes: for each function, the functions its answer
stands on (result puts player's mark; terminal asks winner; utility asks
winner, or terminal; minimax's search asks them all, on the positions below),
first to last. A function that fails where one of these failed first is said
to fail because of it; each helper is checked before the functions that
stand on it."""


class _Track:
    """What is known of one function so far."""

    def __init__(self, name: str, span: range, defined: bool) -> None:
        self.name = name
        self.span = span
        self.defined = defined
        self.first: tuple[Probe, Failure, Raw] | None = None
        self.failing: dict[Board, Raw] = {}  # every position where it failed, and its first answer there
        self.slower: tuple[Board, int] | None = None  # the first slower win (minimax, choose)
        self.slower_count = 0
        self.stopped = False  # ran past a budget, or ended its process: its other calls are not made
        self.skipped = False  # not checked at all (Judge.skip): no verdict
        self.unfinished = False  # not reached before the whole check's budget ran out: no verdict

    @property
    def failed(self) -> bool:
        return self.first is not None


class Judge:
    """One file's check, judged call by call as raw results come in.

    A driver (``check_code`` here, cli/check_command.py for the command line, the
    checker page) loads the code with a pyengine.grading.runner.Runner, makes a
    Judge from what loading said, and for each index of ``probes`` that is
    ``wanted`` calls the runner and hands the raw result to ``take``. A call
    that runs past its budget (``timed_out``) or kills the runner's process
    (``ended``) fails its function; both return the index to go on from,
    with a fresh runner.
    """

    def __init__(
        self,
        form: Form | None,
        names: Iterable[str],
        load_error: str | None = None,
        calls: Sequence[Probe] | None = None,
    ) -> None:
        """``calls``: ``probes(form)`` made beforehand (a page builds them in
        slices); made here when not given."""
        self.form = form
        self.load_error = load_error
        defined = set(names)
        if form is None or load_error is not None:
            calls = ()
        self.probes: Sequence[Probe] = probes(form) if calls is None and form is not None else calls or ()
        # Each function's probes stand together, in the order of its checks:
        # its span is found by bisection, not by a walk over 71,642 probes.
        order = {name: rank for rank, name in enumerate((*CS50_FUNCTIONS, "choose"))}
        self.tracks: dict[str, _Track] = {}
        start = 0
        while start < len(self.probes):
            name = self.probes[start].function
            stop = bisect_right(self.probes, order[name], lo=start, key=lambda probe: order[probe.function])
            self.tracks[name] = _Track(name, range(start, stop), name in defined)
            start = stop
        self.done = 0
        """How many probes are judged or skipped: the check's progress."""

    def _track(self, index: int) -> _Track:
        return self.tracks[self.probes[index].function]

    def wanted(self, index: int) -> bool:
        """Whether the probe at ``index`` is to be called: not when its
        function is missing or was stopped, nor once minimax has failed."""
        track = self._track(index)
        wanted = not (track.stopped or track.skipped or not track.defined)
        wanted = wanted and not (track.failed and track.name in ("minimax", "choose"))
        if not wanted:
            self.done = max(self.done, index + 1)
        return wanted

    def skip(self, name: str) -> None:
        """Leave function ``name`` unchecked: no call, no verdict (a check of a
        few functions only, as the project's tests make of its one-bug files)."""
        self.tracks[name].skipped = True

    def take(self, index: int, raw: Raw) -> None:
        """Judge the raw result of the probe at ``index``."""
        probe, track = self.probes[index], self._track(index)
        self.done = max(self.done, index + 1)
        failure = judge_call(probe, raw)
        if failure is not None:
            self._fail(track, probe, failure, raw)
        elif probe.function in ("minimax", "choose") and not probe.board.is_over:
            self._note_slower(track, probe, raw)

    def _fail(self, track: _Track, probe: Probe, failure: Failure, raw: Raw) -> None:
        track.failing.setdefault(probe.board, raw)
        if track.first is None:
            failure = failure._replace(reason=failure.reason + self._cause(track.name, probe.board))
            track.first = (probe, failure, raw)

    def _note_slower(self, track: _Track, probe: Probe, raw: Raw) -> None:
        got = decode(raw.get("returned"))
        cell = got if probe.function == "choose" else _move_of(got)
        if isinstance(cell, int) and grade(probe.board, cell) is Grade.SLOWER:
            track.slower_count += 1
            if track.slower is None:
                track.slower = (probe.board, cell)

    def _cause(self, name: str, board: Board) -> str:
        """Why function ``name`` went wrong at ``board``, when a function it
        stands on (``CAUSES``) is wrong there too, or, for a search, on a
        position it looks at from there: a clause to end its reason with."""
        for cause in CAUSES.get(name, ()):
            track = self.tracks.get(cause.helper)
            if track is None or not track.failed:
                continue
            found = board if board in track.failing else None
            if found is None and cause.below:
                found = next((p for p in track.failing if _reaches(board, p)), None)
            if found is None:
                continue
            where, raw = found, track.failing[found]
            answer = f"raises {raw['raised']}" if "raised" in raw else f"answers {raw.get('shown', 'no answer')}"
            if where == board:
                return f", because your {cause.helper}(board) {answer} on this same board (fix {cause.helper} first)"
            return (
                f", because your {cause.helper}(board) {answer} on {grid_of(where)!r} ({where}), a position "
                f"{name}'s search looks at from here: it cannot see the game as it is (fix {cause.helper} first)"
            )
        return ""

    def timed_out(self, index: int, budget_s: float) -> int:
        """The call at ``index`` ran past its budget of ``budget_s`` seconds."""
        probe = self.probes[index]
        call = _call_text(probe)
        reason = f"{call} ran past its time budget of {budget_s:.0f} s on this position"
        if probe.function in ("minimax", "choose"):
            nodes = tree_size(probe.board)
            reason += (
                f", whose whole game tree has {nodes:,} {'node' if nodes == 1 else 'nodes'}: even a minimax "
                "that remembers nothing and copies the board at every node is done long before that"
            )
        return self._stop(index, Failure("an answer", "no answer in time", reason + ". A loop that never ends?"))

    def ended(self, index: int, words: str) -> int:
        """The call at ``index`` ended the process it ran in (``words`` says how)."""
        call = _call_text(self.probes[index])
        return self._stop(index, Failure("an answer", "the program ended", f"{call} ended the program: {words}"))

    def ran_out(self, index: int, budget_s: float) -> int:
        """The whole check ran past its budget of ``budget_s`` seconds while
        the call at ``index`` was under way: that function fails, and the
        functions after it are left without a verdict."""
        call = _call_text(self.probes[index])
        reason = f"the whole check ran past its budget of {budget_s:.0f} s while {call} was under way"
        self._stop(index, Failure("an answer", "no answer in time", reason))
        for track in self.tracks.values():
            if track.span.start > index:
                track.unfinished = True
        self.done = len(self.probes)
        return len(self.probes)

    def _stop(self, index: int, failure: Failure) -> int:
        track = self._track(index)
        self._fail(track, self.probes[index], failure, {})
        track.stopped = True
        self.done = max(self.done, track.span.stop)
        return track.span.stop

    def verdicts(self) -> list[Verdict]:
        """The verdict of each function decided so far, in checking order:
        failed, missing, or called on all its probes."""
        if self.load_error is not None or self.form is None:
            reason = self.load_error or (
                "Your code defines neither choose(board) nor the CS50 functions (" + ", ".join(CS50_FUNCTIONS[1:]) + ")"
            )
            return [Verdict("code", False, None, None, None, reason)]
        return [v for v in map(self._verdict, self.tracks.values()) if v is not None]

    def _verdict(self, track: _Track) -> Verdict | None:
        name = track.name
        if track.skipped or (track.unfinished and track.defined):
            return None
        if not track.defined:
            if name == "choose":
                return Verdict(name, False, None, None, None, "Your code has no function choose(board)")
            if name not in REQUIRED:
                return None
            return Verdict(
                name,
                False,
                None,
                None,
                None,
                f"Your code has no function {name}(): the CS50 form needs "
                f"{', '.join(REQUIRED[:-1])} and {REQUIRED[-1]}",
            )
        if track.first is not None:
            probe, failure, raw = track.first
            played = best = None
            if name in ("minimax", "choose") and not probe.board.is_over:
                got = decode(raw.get("returned"))
                cell = got if name == "choose" else _move_of(got)
                if isinstance(cell, int) and cell in probe.board.legal_moves:
                    played, best = cell, analyze_best(probe.board)
            action = probe.action if _valid_pair(probe.action) else None
            return Verdict(
                name,
                False,
                str(probe.board),
                failure.expected,
                failure.got,
                f"{failure.reason}. {_board_words(probe)}",
                action,  # type: ignore[arg-type]
                played,
                best,
            )
        if self.done < track.span.stop:
            return None
        reason = _PASSES[name].format(**_counts())
        return self._with_slower(Verdict(name, True, None, None, None, reason), track)

    @staticmethod
    def _with_slower(verdict: Verdict, track: _Track) -> Verdict:
        if track.name not in ("minimax", "choose"):
            return verdict
        if track.slower is None:
            return verdict._replace(reason=verdict.reason + ", always by the fastest win or the slowest loss")
        board, cell = track.slower
        best = analyze_best(board)
        shown = _move_words if track.name == "minimax" else _cell_words
        reason = (
            f"{verdict.reason}; on {track.slower_count:,} of them it wins more slowly (or loses sooner) than it "
            f"could; the first: {board} ({board.to_move} to move, {value_words(board)}), where it played "
            f"{shown(board, cell)} and a best move is {shown(board, best)}"
        )
        return verdict._replace(reason=reason, played=cell, best=best)

    @property
    def passed(self) -> bool:
        """Whether every function is decided and passed."""
        verdicts = self.verdicts()
        checked = [t for t in self.tracks.values() if not t.skipped and (t.defined or t.name != "initial_state")]
        return len(verdicts) == len(checked) > 0 and all(verdict.passed for verdict in verdicts)


@cache
def _counts() -> dict[str, int]:
    """How many positions there are of each kind the checks name, counted."""
    every = every_position()
    live = sum(not board.is_over for board in every)
    return {"every": len(every), "live": live, "over": len(every) - live}


def _board_words(probe: Probe) -> str:
    """The failing position in the student's terms: the board as rows."""
    if probe.function == "initial_state":
        return "The first call is made on a fresh run of your code" if probe.fresh else "That was its second call"
    first = " (the first call of a fresh run of your code)" if probe.fresh else ""
    return f"The board{first}: {grid_of(probe.board)!r}"


def _cell_words(board: Board, cell: int) -> str:
    return f"{cell} ({cell_name(cell)}), {move_worth(board, cell)}"


def _call_text(probe: Probe) -> str:
    if probe.function == "initial_state":
        return "initial_state()"
    action = probe.action
    if action is None:
        return f"{probe.function}(board)"
    return f"{probe.function}(board, {action.value if isinstance(action, Given) else action!r})"


def _reaches(board: Board, later: Board) -> bool:
    """Whether ``later`` holds every mark of ``board`` (a position play from ``board`` may reach)."""
    return board.x_mask & later.x_mask == board.x_mask and board.o_mask & later.o_mask == board.o_mask


class Report(Record):
    """A whole file's check."""

    form: Form | None
    verdicts: tuple[Verdict, ...]
    passed: bool
    seconds: float


def report_of(judge: Judge, seconds: float) -> Report:
    """The report of a finished check."""
    return Report(judge.form, tuple(judge.verdicts()), judge.passed, seconds)


def check_code(code: str, form: Form | None = None, functions: Iterable[str] | None = None) -> Report:
    """Check ``code`` in this very process, with no time budgets: for the
    project's own files (tests, bench), never for code one does not trust.
    With ``functions``, only those are checked (and reported)."""
    from .runner import Runner

    started = time.perf_counter()
    runner = Runner(code)
    loaded = runner.load()
    names = [str(name) for name in loaded["names"]]  # type: ignore[attr-defined]
    judge = Judge(form or detect_form(names), names, _str_or_none(loaded.get("error")))
    if functions is not None:
        for name in judge.tracks.keys() - set(functions):
            judge.skip(name)
    for index, probe in enumerate(judge.probes):
        if judge.wanted(index):
            judge.take(index, runner.call(probe.wire()))
    return report_of(judge, time.perf_counter() - started)


def _str_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def report_json(file: str, report: Report) -> dict[str, object]:
    """A report as ``pyengine check --json`` prints it (one object a line)."""
    keys = ("name", "passed", "position", "expected", "got", "reason")
    return {
        "file": file,
        "form": report.form.value if report.form else None,
        "passed": report.passed,
        "checks": [{key: getattr(verdict, key) for key in keys} for verdict in report.verdicts],
        "seconds": round(report.seconds, 3),
    }
