"""The searches, instrumented: minimax, alpha-beta and memoised minimax, one event at a time.

The fast solver (solver.py) takes shortcuts and hides its work. These searches
take none: each is the textbook algorithm, searched to the end of the game, and
``events()`` yields what it does as it does it, so a page can step through it
(trace.py) and a test can check it. ``run()`` is the same search without the
events, for racing the algorithms; it counts the same nodes. What a person
reads of them is in words.py.

Values are plain: +1 a win, 0 a draw, -1 a loss, always for the side to move at
that node (negamax: a child's value, seen from the parent, changes sign). The
solver also folds in how many moves a win takes, to prefer the fastest; these
searches show the bare minimax value, the one every textbook starts from, so
that a cut-off is the one the textbook predicts. The root value is exact and
equals ``analyze(board).value``.

An alpha-beta window (alpha, beta) is also for the side to move: a value at or
below alpha is no better than a move already found; a value at or above beta
is one the opponent will not allow, so the remaining moves are skipped (a
cut-off). Below the root, a value returned under a narrowed window is only a
bound; the root's is exact. ``INFINITY`` (2, beyond any value) stands for an
open end of the window.
"""

from __future__ import annotations

from enum import Enum

from ..board import Board, Result
from ..choices import Choice
from ..geometry import SIZES, Cell
from ..records import Record

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from typing import Final

INFINITY: Final = 2
"""Stands for an open end of an alpha-beta window: beyond every value."""


class Algorithm(Choice, Enum, noun="algorithm"):
    """Which search: ``Algorithm.parse("alphabeta")`` reads one from text."""

    MINIMAX = "minimax"
    """Every move of every position, to the end of every game."""
    ALPHABETA = "alphabeta"
    """Minimax that skips the moves that cannot change the result (cut-offs)."""
    MEMO = "memo"
    """Minimax that remembers each position's value (a transposition table)."""


class Order(Choice, Enum, noun="move order"):
    """The order alpha-beta tries moves in (minimax and memo use cell order)."""

    CELLS = "cells"
    """Cell order, row by row from the top left."""
    CCE = "cce"
    """The centre, then the corners, then the edges."""
    ENGINE = "engine"
    """The solver's own priorities: a move that completes a line first, then one
    that blocks the opponent's line, then the rest in cell order (solver.py's
    two shortcuts, used here to order the moves, not to skip any)."""


class Rule(Choice, Enum, noun="pruning rule"):
    """When alpha-beta cuts off: the textbooks disagree on a tie."""

    AIMA = "aima"
    """Cut off once alpha >= beta (AIMA's MAX-VALUE returns when v >= beta)."""
    STRICT = "strict"
    """Cut off only once alpha > beta, the bound passed, never on equality (UC
    Berkeley's CS188 autograder expects this: it counts the positions expanded)."""


class Kind(Enum):
    """What happened at one step of a search."""

    ENTER = "enter"
    """The search reached a position."""
    LEAF = "leaf"
    """The position is a finished game: its value is known without searching."""
    UP = "up"
    """A move's value came back up to the position it was played from."""
    CUTOFF = "cutoff"
    """Alpha-beta: the window closed (alpha >= beta; alpha > beta under Rule.STRICT); the other moves are skipped."""
    HIT = "hit"
    """Memo: the position was searched before; its value comes from the table."""
    DONE = "done"
    """The search is over: the root's value and best move."""


class Event(Record):
    """One step of a search, about one position (``board``, reached by ``path``)."""

    kind: Kind
    board: Board
    """The position the event is about: for UP and CUTOFF, the parent the value came back to."""
    path: tuple[Cell, ...]
    """The moves from the search's root to ``board``; its length is the depth."""
    alpha: int
    """The window's lower end at ``board`` (-INFINITY when open)."""
    beta: int
    """The window's upper end at ``board`` (INFINITY when open)."""
    value: int | None = None
    """LEAF, HIT, DONE: the position's value; UP: the move's value for the side to move
    at ``board``; CUTOFF: the best value found; ENTER: None."""
    move: Cell | None = None
    """UP and CUTOFF: the move whose value just came back."""
    best: Cell | None = None
    """UP, CUTOFF, HIT and DONE: the best move found so far at ``board`` (None at a finished game)."""
    skipped: tuple[Cell, ...] = ()
    """CUTOFF: the moves not searched, in the order they would have been."""


class Counts(Record):
    """What a search did: counted the same way by ``events()`` and ``run()``."""

    nodes: int
    """Positions entered, the root and every finished game included."""
    leaves: int
    """Finished games reached."""
    cutoffs: int
    """Alpha-beta cut-offs that skipped at least one move."""
    hits: int
    """Positions whose value came from the memo table."""


def centre_corners_edges(size: int) -> tuple[Cell, ...]:
    """The cells of a size x size board, centre first (every cell off the
    border), then the corners, then the other border cells.

    >>> centre_corners_edges(3), centre_corners_edges(4)[:8]
    ((4, 0, 2, 6, 8, 1, 3, 5, 7), (5, 6, 9, 10, 0, 3, 12, 15))
    """
    last = size - 1

    def rank(cell: Cell) -> int:
        row, column = divmod(cell, size)
        on_edge = (row in (0, last)) + (column in (0, last))
        return on_edge if on_edge != 1 else 3  # 0 centre, 2 corner, 3 edge

    return tuple(sorted(range(size * size), key=lambda cell: (rank(cell), cell)))


_CCE: Final = {size: centre_corners_edges(size) for size in SIZES}


def _read(algorithm: Algorithm | str, order: Order | str) -> tuple[Algorithm, Order]:
    """The algorithm and move order asked for (members or their names); only
    alpha-beta orders its moves, the others go in cell order."""
    searched = Algorithm.parse(algorithm)
    return searched, Order.parse(order) if searched is Algorithm.ALPHABETA else Order.CELLS


def ordered_moves(board: Board, order: Order) -> tuple[Cell, ...]:
    """The legal moves of ``board`` in the order ``order`` tries them."""
    moves = board.legal_moves
    if order is Order.CELLS:
        return moves
    if order is Order.CCE:
        return tuple(c for c in _CCE[board.size] if c in moves)
    me, them = board.turn_masks
    shape = board.geometry
    free = shape.full ^ (me | them)
    wins = shape.winning_cells(me, free)
    blocks = tuple(c for c in shape.winning_cells(them, free) if c not in wins)
    return wins + blocks + tuple(c for c in moves if c not in wins and c not in blocks)


def leaf_value(board: Board) -> int:
    """A finished game's value for the side that would move next: -1 if the
    other side has just won, 0 for a draw."""
    return 0 if board.result is Result.DRAW else -1


# -- the searches, as events ---------------------------------------------------


def events(
    algorithm: Algorithm | str, board: Board, order: Order | str = Order.CELLS, rule: Rule | str = Rule.AIMA
) -> Iterator[Event]:
    """Every step of ``algorithm`` searching ``board`` to the end, in order,
    ending with one DONE event that holds the root's value and best move.
    ``rule`` says when alpha-beta cuts off (the others never do).

    >>> steps = list(events(Algorithm.MINIMAX, Board.parse("XOX/OXO/OX.")))
    >>> " ".join(step.kind.value for step in steps)
    'enter enter leaf up done'
    >>> steps[-1].value, steps[-1].best  # X completes the diagonal
    (1, 8)
    """
    algorithm, order = _read(algorithm, order)
    table: dict[Board, tuple[int, Cell | None]] | None = {} if algorithm is Algorithm.MEMO else None
    value, best = yield from _search(board, (), -INFINITY, INFINITY, _pruning(algorithm, rule), order, table)
    yield Event(Kind.DONE, board, (), -INFINITY, INFINITY, value, None, best)


def _pruning(algorithm: Algorithm, rule: Rule | str) -> int | None:
    """How far alpha must pass beta for a cut-off: None for no cut-offs (not
    alpha-beta), 0 for AIMA's alpha >= beta, 1 for the strict alpha > beta."""
    if algorithm is not Algorithm.ALPHABETA:
        return None
    return 0 if Rule.parse(rule) is Rule.AIMA else 1


def _search(
    board: Board,
    path: tuple[Cell, ...],
    alpha: int,
    beta: int,
    pruning: int | None,
    order: Order,
    table: dict[Board, tuple[int, Cell | None]] | None,
) -> Generator[Event, None, tuple[int, Cell | None]]:
    """Negamax over ``board``, yielding its events; returns (value, best move).
    ``pruning``: None for no cut-offs, else how far alpha must pass beta (0 or 1)."""
    yield Event(Kind.ENTER, board, path, alpha, beta)
    if board.is_over:
        value = leaf_value(board)
        yield Event(Kind.LEAF, board, path, alpha, beta, value)
        return value, None
    if table is not None:
        known = table.get(board)
        if known is not None:
            yield Event(Kind.HIT, board, path, alpha, beta, known[0], None, known[1])
            return known
    moves = ordered_moves(board, order)
    best_value, best = -INFINITY, None
    for index, cell in enumerate(moves):
        child, _ = yield from _search(board.play(cell), (*path, cell), -beta, -alpha, pruning, order, table)
        value = -child
        if value > best_value:
            best_value, best = value, cell
        if pruning is not None and value > alpha:
            alpha = value
        yield Event(Kind.UP, board, path, alpha, beta, value, cell, best)
        if pruning is not None and alpha - beta >= pruning:
            skipped = moves[index + 1 :]
            if skipped:
                yield Event(Kind.CUTOFF, board, path, alpha, beta, best_value, cell, best, skipped)
            break
    if table is not None:
        table[board] = (best_value, best)
    return best_value, best


def tally(steps: Iterator[Event]) -> Counts:
    """The counts of a stream of events."""
    nodes = leaves = cutoffs = hits = 0
    for step in steps:
        kind = step.kind
        if kind is Kind.ENTER:
            nodes += 1
        elif kind is Kind.LEAF:
            leaves += 1
        elif kind is Kind.CUTOFF:
            cutoffs += 1
        elif kind is Kind.HIT:
            hits += 1
    return Counts(nodes, leaves, cutoffs, hits)


# -- the same searches, counting only (the race) --------------------------------

TICK: Final = 4096
"""``run()`` yields after every TICK nodes, so a page can give the browser a turn."""


class RunningCounts:
    """Mutable counts while a run goes on (a record per node would double its time)."""

    __slots__ = ("nodes", "leaves", "cutoffs", "hits", "tick")

    def __init__(self, tick: int = TICK) -> None:
        self.nodes = self.leaves = self.cutoffs = self.hits = 0
        self.tick = tick

    def counts(self) -> Counts:
        return Counts(self.nodes, self.leaves, self.cutoffs, self.hits)


class RunResult(Record):
    """A finished run: the root's value and best move, and the counts."""

    value: int
    best: Cell | None
    counts: Counts


def run(
    algorithm: Algorithm | str,
    board: Board,
    order: Order | str = Order.CELLS,
    tick: int = TICK,
    rule: Rule | str = Rule.AIMA,
) -> Generator[int, None, RunResult]:
    """``algorithm`` on ``board`` without the events: yields the nodes so far
    every ``tick`` nodes, and returns the RunResult (via StopIteration, or ``yield from``).

    It walks exactly the tree ``events()`` walks under the same ``rule``, in the same order.
    """
    algorithm, order = _read(algorithm, order)
    counter = RunningCounts(tick)
    table: dict[Board, tuple[int, Cell | None]] | None = {} if algorithm is Algorithm.MEMO else None
    value, best = yield from _count(board, -INFINITY, INFINITY, _pruning(algorithm, rule), order, table, counter)
    return RunResult(value, best, counter.counts())


def run_to_end(algorithm: Algorithm | str, board: Board, order: Order | str = Order.CELLS) -> RunResult:
    """``run()`` to the end, at once.

    >>> run_to_end("minimax", Board.parse("XOX/OXO/OX.")).counts
    Counts(nodes=2, leaves=1, cutoffs=0, hits=0)
    """
    steps = run(algorithm, board, order)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: RunResult = stop.value
            return result


def _count(
    board: Board,
    alpha: int,
    beta: int,
    pruning: int | None,
    order: Order,
    table: dict[Board, tuple[int, Cell | None]] | None,
    counter: RunningCounts,
) -> Generator[int, None, tuple[int, Cell | None]]:
    """_search's twin: the same walk, counting instead of yielding events."""
    counter.nodes += 1
    if not counter.nodes % counter.tick:
        yield counter.nodes
    if board.is_over:
        counter.leaves += 1
        return leaf_value(board), None
    if table is not None:
        known = table.get(board)
        if known is not None:
            counter.hits += 1
            return known
    moves = ordered_moves(board, order) if order is not Order.CELLS else board.legal_moves
    best_value, best = -INFINITY, None
    for index, cell in enumerate(moves):
        child, _ = yield from _count(board.play(cell), -beta, -alpha, pruning, order, table, counter)
        value = -child
        if value > best_value:
            best_value, best = value, cell
        if pruning is not None:
            if value > alpha:
                alpha = value
            if alpha - beta >= pruning:
                if index + 1 < len(moves):
                    counter.cutoffs += 1
                break
    if table is not None:
        table[board] = (best_value, best)
    return best_value, best
