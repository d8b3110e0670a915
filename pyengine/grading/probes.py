"""The calls that check a file, in checking order, as the runner takes them.

A probe is one call of a student's function: which function (``Function``),
on which position, with which action for ``result``, and whether the code
runs afresh first. This module makes them for either form, in the order in
which each function's first failure is found, says how long each may take,
and writes each as the runner takes it on the wire: ``[function, notation,
action]``, ``["result", "X.O/.X./...", [2, 1]]``, an action that is not a
pair as ``{"given": value}``, and ``true`` after them for a fresh run
(pyengine.grading.runner reads it). The runner's answers come back in the
form pyengine.grading.answers reads.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from itertools import islice

from ..board import Board
from ..choices import Choice
from ..records import Record
from .chooseform import CALL_BASE_S, every_position, positions_to_check, tree_size
from .chooseform import call_budget as choose_budget

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import Final, TypeAlias

    Action: TypeAlias = tuple[int, int]
    Tried: TypeAlias = "tuple[int, ...] | Given"


class Form(Choice, Enum, noun="form"):
    """How a student's code is written: which functions the checker calls."""

    CHOOSE = "choose"
    """Today's form: ``choose(board)`` takes the engine's Board and returns a cell number."""
    CS50 = "cs50"
    """CS50 AI's ``tictactoe.py``: lists of lists, ``EMPTY``, actions ``(i, j)``."""


class Function(Choice, Enum, noun="function"):
    """A function the checker calls, by the course's name, in checking order:
    the CS50 form's eight, then today's ``choose``."""

    INITIAL_STATE = "initial_state"
    PLAYER = "player"
    ACTIONS = "actions"
    RESULT = "result"
    WINNER = "winner"
    TERMINAL = "terminal"
    UTILITY = "utility"
    MINIMAX = "minimax"
    CHOOSE = "choose"

    # Members are hashed by identity, in C: Enum's own __hash__ is Python's
    # (hash of the name), and the check looks a function up in a dict on
    # every one of its 71,642 answers.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self._value_

    @property
    def searches(self) -> bool:
        """Whether it chooses a move (minimax, choose): judged by the move's
        worth, and checked no further once it has failed."""
        return self is Function.MINIMAX or self is Function.CHOOSE


CS50_FUNCTIONS: Final = tuple(function.value for function in Function if function is not Function.CHOOSE)
"""The CS50 form's functions by name, in the order they are checked."""
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


FORMS: Final = ((Form.CHOOSE, ("choose",)), (Form.CS50, CS50_FUNCTIONS))
"""Each form with the functions that tell it, in the order they are tried:
the first form a file defines one of these functions of is its form. The
page's worker, which has no engine, is handed this table and reads it the
same way (site/py/sandbox.py)."""


def detect_form(names: Iterable[str]) -> Form | None:
    """The form a file is written in, from the names it defines: ``choose``
    wins (today's form, unchanged), then any CS50 function; None for neither.

    >>> detect_form(["choose", "helper"]), detect_form(["minimax", "player"]), detect_form(["main"])
    (<Form.CHOOSE: 'choose'>, <Form.CS50: 'cs50'>, None)
    """
    defined = set(names)
    return next((form for form, functions in FORMS if defined.intersection(functions)), None)


def action_of(cell: int) -> Action:
    """The course's ``(i, j)`` of a cell: row ``i``, column ``j``."""
    i, j = divmod(cell, 3)
    return (i, j)


def cell_of(action: Action) -> int:
    """The cell number of an action ``(i, j)``."""
    return action[0] * 3 + action[1]


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

    function: Function
    board: Board
    action: Tried | None
    fresh: bool = False
    """Whether the code is run afresh before this call: each function's first."""

    def wire(self) -> list[object]:
        """The probe as pyengine.grading.runner takes it: ``[function, notation, action]``,
        and ``true`` after them when the code is to run afresh first."""
        action = self.action
        sent = None if action is None else {"given": action.value} if isinstance(action, Given) else list(action)
        name = self.function._value_  # the member's attribute: .value is a Python-level descriptor
        if self.fresh:
            return [name, _notation(self.board), sent, True]
        return [name, _notation(self.board), sent]

    def call_text(self) -> str:
        """The call as the student would write it: ``result(board, (3, 1))``."""
        if self.function is Function.INITIAL_STATE:
            return "initial_state()"
        action = self.action
        if action is None:
            return f"{self.function}(board)"
        return f"{self.function}(board, {action.value if isinstance(action, Given) else action!r})"


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

    >>> [sum(p.function.value == name for p in probes(Form.CS50)) for name in CS50_FUNCTIONS]
    [2, 4520, 4520, 45208, 5478, 5478, 958, 5478]
    """
    return tuple(iter_probes(form))


def iter_probes(form: Form) -> Iterator[Probe]:
    """``probes(form)`` one at a time, for a page that builds them between
    other work (71,642 of them: about 0.1 s in CPython, three times that in
    the browser, too long for one task of a page's thread)."""
    if form is Form.CHOOSE:
        yield from (Probe(Function.CHOOSE, board, None) for board in positions_to_check())
        return
    live = _o_to_move_first(positions_to_check())
    every = _o_to_move_first(_fullest_first(every_position()))
    over = _o_to_move_first([board for board in every if board.is_over])
    cells = [(i, j) for i in range(3) for j in range(3)]
    yield Probe(Function.INITIAL_STATE, Board.empty(), None, True)
    yield Probe(Function.INITIAL_STATE, Board.empty(), None)  # a second call: three new lists again
    for function in (Function.PLAYER, Function.ACTIONS):
        yield from (Probe(function, board, None, index == 0) for index, board in enumerate(live))
    for index, board in enumerate(live):
        yield from (Probe(Function.RESULT, board, cell, index == 0 and cell == cells[0]) for cell in cells)
        yield from (Probe(Function.RESULT, board, tried) for tried in _not_valid(board, index - 1 if index else None))
    checks = (
        (Function.WINNER, every),
        (Function.TERMINAL, every),
        (Function.UTILITY, over),
        (Function.MINIMAX, over),
    )
    for function, boards in checks:
        yield from (Probe(function, board, None, index == 0) for index, board in enumerate(boards))
    # minimax afresh again where the first move is asked for: on a board where O is to move
    yield from (Probe(Function.MINIMAX, board, None, index == 0) for index, board in enumerate(live))


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
    position (chooseform.call_budget's reasoning, at CS50_PER_NODE_S), any
    other call CALL_BASE_S."""
    if probe.function is Function.CHOOSE:
        return choose_budget(probe.board)  # today's budget, unchanged
    fresh = LOAD_BUDGET_S if probe.fresh else 0.0  # the code runs afresh first
    if probe.function is Function.MINIMAX:
        return fresh + CALL_BASE_S + CS50_PER_NODE_S * tree_size(probe.board)
    return fresh + CALL_BASE_S
