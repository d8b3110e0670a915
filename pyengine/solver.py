"""The perfect-play solver: the exact value of a position and how long it lasts.

Two back-ends score positions (analysis.py says how a score reads): the 3x3
table (table.py), which remembers every position, and the alpha-beta search
(alphabeta.py) for 4x4, too big to tabulate. ``backend`` chooses between them,
per board shape, in this one place; every question below goes through it, and
``analysis.from_scores`` turns the scores into the same typed answers for both.

The results themselves (``Value``, ``MoveAnalysis``, ``Analysis``,
``summarize``) are defined in analysis.py, below both back-ends, and are the
solver's answers: they are importable from here too.
"""

from __future__ import annotations

from .analysis import (
    Analysis,
    Backend,
    MoveAnalysis,
    Value,
    finished,
    from_scores,
    not_a_move,
    summarize,
    value_and_plies,
)
from .board import Board
from .geometry import THREE, Cell, Geometry, forget_tables
from .table import TABLE

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from random import Random

__all__ = [
    "Analysis",
    "MoveAnalysis",
    "Value",
    "analyze",
    "analyze_move",
    "backend",
    "best_moves",
    "clear_caches",
    "perfect_move",
    "summarize",
    "value_of",
]

_BACKENDS: dict[int, Backend] = {THREE.side: TABLE}


def backend(geometry: Geometry) -> Backend:
    """The back-end that scores boards of ``geometry``: the table on 3x3, a
    search (made on first use, and kept with its transposition table) on any
    other size."""
    found = _BACKENDS.get(geometry.side)
    if found is None:
        # Imported on first use: a 3x3 game never needs it.
        from .alphabeta import Search

        found = _BACKENDS[geometry.side] = Search(geometry)
    return found


def clear_caches() -> None:
    """Forget every score, best move and transposition table remembered so
    far, as in a fresh process: for tests and benchmarks that time a first
    answer, or measure what a search does from nothing (its symmetry tables included)."""
    forget_tables()
    for kept in _BACKENDS.values():
        kept.clear()
    for side in [side for side in _BACKENDS if side != THREE.side]:
        del _BACKENDS[side]


def analyze(board: Board) -> Analysis:
    """Solve ``board``: its value, its length, and every legal move's.

    >>> a = analyze(Board.empty())
    >>> a.value, a.plies, a.best
    (<Value.DRAW: 'draw'>, 9, (0, 1, 2, 3, 4, 5, 6, 7, 8))
    >>> a = analyze(Board.parse("XX./OO./..."))
    >>> a.value, a.plies, a.best
    (<Value.WIN: 'win'>, 1, (2,))
    >>> a.move(6)
    MoveAnalysis(cell=6, value=<Value.LOSS: 'loss'>, plies=2)
    """
    if board.is_over:
        return finished(board)
    scorer = backend(board.geometry)
    me, them = board.turn_masks
    scored = [(cell, scorer.move_score(me, them, 1 << cell)) for cell in board.legal_moves]
    return from_scores(board, scored, scorer.cells)


def analyze_move(board: Board, cell: Cell) -> MoveAnalysis:
    """One legal move of ``board`` solved: what ``analyze(board).move(cell)``
    says, at the cost of that move alone; IllegalMoveError for any other cell.
    On 4x4, where a whole analysis takes a while, a page can solve the moves
    one at a time and stay responsive; ``summarize`` then makes them an Analysis."""
    if cell not in board.legal_moves:
        raise not_a_move(board, cell)
    scorer = backend(board.geometry)
    me, them = board.turn_masks
    score = scorer.move_score(me, them, 1 << cell)
    return MoveAnalysis(cell, *value_and_plies(score, len(board.legal_moves), scorer.cells))


def value_of(board: Board) -> tuple[Value | None, int]:
    """The value for the side to move and the plies left, without the moves."""
    if board.is_over:
        return None, 0
    scorer = backend(board.geometry)
    me, them = board.turn_masks
    return value_and_plies(scorer.score(me, them), len(board.legal_moves), scorer.cells)


def best_moves(board: Board) -> tuple[Cell, ...]:
    """The cells perfect play chooses among (none once the game is over): the
    same as ``analyze(board).best``, remembered per position on 3x3, because
    bots ask for it at every move of every game."""
    return backend(board.geometry).best_moves(board) if board.legal_moves else ()


def perfect_move(board: Board, rng: Random) -> Cell:
    """A move perfect play chooses, at random among the best by ``rng``;
    IllegalMoveError once the game is over."""
    return backend(board.geometry).perfect_move(board, rng)
