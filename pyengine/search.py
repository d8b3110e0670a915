"""The searches, instrumented: minimax, alpha-beta and memoised minimax, one event at a time.

The fast solver (solver.py) takes shortcuts and hides its work. These searches
take none: each is the textbook algorithm, searched to the end of the game, and
``events()`` yields what it does as it does it, so a page can step through it
and a test can check it. ``run()`` is the same search without the events, for
racing the algorithms; it counts the same nodes (the tests check that).

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

from .board import Board, Player, Result
from .choices import Choice
from .geometry import SIZES, Cell
from .records import Record
from .solver import winning_cells
from .words import cell_name

TYPE_CHECKING = False  # see board.py
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
    """Cell order, 0 to 8, row by row from the top left."""
    CCE = "cce"
    """The centre, then the corners, then the edges."""
    ENGINE = "engine"
    """The solver's own priorities: a move that completes a line first, then one
    that blocks the opponent's line, then the rest in cell order (solver.py's
    two shortcuts, used here to order the moves, not to skip any)."""


ALGORITHM_NAMES: Final = {
    Algorithm.MINIMAX: "Minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.MEMO: "Memoised minimax",
}
"""What each algorithm is called on the page (its choice and its race row)."""

ORDER_NAMES: Final = {
    Order.CELLS: "cell order",
    Order.CCE: "centre, corners, edges",
    Order.ENGINE: "the engine's order",
}
"""What each move order is called on the page."""


class Kind(Enum):
    """What happened at one step of a search."""

    ENTER = "enter"
    """The search reached a position."""
    LEAF = "leaf"
    """The position is a finished game: its value is known without searching."""
    UP = "up"
    """A move's value came back up to the position it was played from."""
    CUTOFF = "cutoff"
    """Alpha-beta: the window closed (alpha >= beta); the other moves are skipped."""
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


def ordered_moves(board: Board, order: Order) -> tuple[Cell, ...]:
    """The legal moves of ``board`` in the order ``order`` tries them."""
    moves = board.legal_moves
    if order is Order.CELLS:
        return moves
    if order is Order.CCE:
        return tuple(c for c in _CCE[board.size] if c in moves)
    me, them = board.sides
    shape = board.geometry
    free = shape.full ^ (me | them)
    wins = winning_cells(me, free, shape)
    blocks = tuple(c for c in winning_cells(them, free, shape) if c not in wins)
    return wins + blocks + tuple(c for c in moves if c not in wins and c not in blocks)


def leaf_value(board: Board) -> int:
    """A finished game's value for the side that would move next: -1 if the
    other side has just won, 0 for a draw."""
    return 0 if board.result is Result.DRAW else -1


# -- the searches, as events ---------------------------------------------------


def events(algorithm: Algorithm, board: Board, order: Order = Order.CELLS) -> Iterator[Event]:
    """Every step of ``algorithm`` searching ``board`` to the end, in order,
    ending with one DONE event that holds the root's value and best move.

    >>> steps = list(events(Algorithm.MINIMAX, Board.parse("XOX/OXO/OX.")))
    >>> [step.kind.value for step in steps]
    ['enter', 'enter', 'leaf', 'up', 'done']
    >>> steps[-1].value, steps[-1].best  # X completes the diagonal
    (1, 8)
    """
    if algorithm is not Algorithm.ALPHABETA:
        order = Order.CELLS
    table: dict[Board, tuple[int, Cell | None]] | None = {} if algorithm is Algorithm.MEMO else None
    value, best = yield from _search(board, (), -INFINITY, INFINITY, algorithm is Algorithm.ALPHABETA,
                                     order, table)
    yield Event(Kind.DONE, board, (), -INFINITY, INFINITY, value, None, best)


def _search(
    board: Board, path: tuple[Cell, ...], alpha: int, beta: int, pruning: bool, order: Order,
    table: dict[Board, tuple[int, Cell | None]] | None,
) -> Generator[Event, None, tuple[int, Cell | None]]:
    """Negamax over ``board``, yielding its events; returns (value, best move)."""
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
        if pruning and value > alpha:
            alpha = value
        yield Event(Kind.UP, board, path, alpha, beta, value, cell, best)
        if pruning and alpha >= beta:
            skipped = moves[index + 1:]
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


class _Counter:
    """Mutable counts while a run goes on (a record per node would double its time)."""

    __slots__ = ("nodes", "leaves", "cutoffs", "hits", "tick")

    def __init__(self, tick: int = TICK) -> None:
        self.nodes = self.leaves = self.cutoffs = self.hits = 0
        self.tick = tick

    def counts(self) -> Counts:
        return Counts(self.nodes, self.leaves, self.cutoffs, self.hits)


class Outcome(Record):
    """A finished run: the root's value and best move, and the counts."""

    value: int
    best: Cell | None
    counts: Counts


def run(
    algorithm: Algorithm, board: Board, order: Order = Order.CELLS, tick: int = TICK
) -> Generator[int, None, Outcome]:
    """``algorithm`` on ``board`` without the events: yields the nodes so far
    every ``tick`` nodes, and returns the Outcome (via StopIteration, or ``yield from``).

    It walks exactly the tree ``events()`` walks, in the same order.
    """
    if algorithm is not Algorithm.ALPHABETA:
        order = Order.CELLS
    counter = _Counter(tick)
    table: dict[Board, tuple[int, Cell | None]] | None = {} if algorithm is Algorithm.MEMO else None
    value, best = yield from _count(board, -INFINITY, INFINITY, algorithm is Algorithm.ALPHABETA, order,
                                    table, counter)
    return Outcome(value, best, counter.counts())


def outcome(algorithm: Algorithm, board: Board, order: Order = Order.CELLS) -> Outcome:
    """``run()`` to the end, at once.

    >>> outcome(Algorithm.MINIMAX, Board.parse("XOX/OXO/OX.")).counts
    Counts(nodes=2, leaves=1, cutoffs=0, hits=0)
    """
    steps = run(algorithm, board, order)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: Outcome = stop.value
            return result


def _count(
    board: Board, alpha: int, beta: int, pruning: bool, order: Order,
    table: dict[Board, tuple[int, Cell | None]] | None, counter: _Counter,
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
        if pruning:
            if value > alpha:
                alpha = value
            if alpha >= beta:
                if index + 1 < len(moves):
                    counter.cutoffs += 1
                break
    if table is not None:
        table[board] = (best_value, best)
    return best_value, best


# -- the whole tree, for small positions ------------------------------------------

SMALL_TREE: Final = 6
"""Positions with at most this many empty cells have their whole tree drawn
(at most 1,585 nodes, under minimax); larger ones, the current path only."""


class TreeNode(Record):
    """One position the search entered, and the steps at which it changed."""

    parent: int
    """The index of the parent in the list ``tree()`` returns; -1 for the root."""
    move: Cell | None
    """The move from the parent (None for the root)."""
    board: Board
    entered: int
    """The step (from 1) that entered it."""
    valued: int | None
    """The step its value came back to the parent (for the root: the last step)."""
    value: int | None
    """Its value as the parent's side to move sees it (the root: its own value)."""
    cut: int | None
    """The step of a cut-off here, if one skipped moves."""
    skipped: tuple[Cell, ...]
    """The moves that cut-off skipped."""
    hit: bool
    """Whether its value came from the memo table."""


def tree(steps: list[Event]) -> tuple[list[TreeNode], dict[tuple[Cell, ...], int]]:
    """Every position a whole search entered, parents before children (the
    order of entering), and the index of each by its path from the root.

    >>> nodes, index = tree(list(events(Algorithm.MINIMAX, Board.parse("XOX/OXO/OX."))))
    >>> [(n.move, n.entered, n.valued, n.value) for n in nodes]
    [(None, 1, 5, 1), (8, 2, 4, 1)]
    """
    fields: list[list[object]] = []
    index: dict[tuple[Cell, ...], int] = {}
    for number, event in enumerate(steps, 1):
        kind = event.kind
        if kind is Kind.ENTER:
            parent = index[event.path[:-1]] if event.path else -1
            index[event.path] = len(fields)
            move = event.path[-1] if event.path else None
            fields.append([parent, move, event.board, number, None, None, None, (), False])
        elif kind is Kind.UP:
            assert event.move is not None
            child = fields[index[(*event.path, event.move)]]
            child[4], child[5] = number, event.value
        elif kind is Kind.CUTOFF:
            here = fields[index[event.path]]
            here[6], here[7] = number, event.skipped
        elif kind is Kind.HIT:
            fields[index[event.path]][8] = True
        elif kind is Kind.DONE:
            fields[0][4], fields[0][5] = number, event.value
    return [TreeNode(*node) for node in fields], index  # type: ignore[arg-type]


# -- stepping forward and back --------------------------------------------------


class Branch(Record):
    """One move at a position on the current path, as far as the search has got."""

    move: Cell
    state: str
    """``"waiting"``, ``"searching"`` (on the current path), ``"done"`` or ``"skipped"`` (cut off)."""
    value: int | None
    """The move's value for the side to move at the parent, once done."""
    nodes: int
    """Positions entered below and at this move so far."""


class Node(Record):
    """One position on the current path and its moves."""

    board: Board
    alpha: int
    beta: int
    best: Cell | None
    best_value: int | None
    branches: tuple[Branch, ...]


class Step(Record):
    """The search as it stands after ``number`` events (numbered from 1)."""

    number: int
    event: Event
    counts: Counts
    path: tuple[Node, ...]
    """The path from the root to the event's position, each with its moves: the
    tree with finished subtrees folded into their values and counts."""


class _Frame:
    """A position on the current path while the trace runs (mutable, unlike Node)."""

    __slots__ = ("board", "alpha", "beta", "best", "best_value", "moves", "states", "values", "nodes", "start")

    def __init__(self, board: Board, alpha: int, beta: int, moves: tuple[Cell, ...]) -> None:
        self.board, self.alpha, self.beta = board, alpha, beta
        self.best: Cell | None = None
        self.best_value: int | None = None
        self.moves = moves
        self.states = ["waiting"] * len(moves)
        self.values: list[int | None] = [None] * len(moves)
        self.nodes = [0] * len(moves)
        self.start = [0] * len(moves)  # the node count when each move was entered

    def node(self, nodes_now: int) -> Node:
        counted = tuple(
            nodes_now - start if state == "searching" else n
            for state, n, start in zip(self.states, self.nodes, self.start, strict=True)
        )
        branches = tuple(
            Branch(*fields) for fields in zip(self.moves, self.states, self.values, counted, strict=True)
        )
        return Node(self.board, self.alpha, self.beta, self.best, self.best_value, branches)


class Trace:
    """A search that can be stepped forward and back, to any step.

    The events are made again rather than stored (the empty board under minimax
    has about 1.4 million): the last ``keep`` steps made are remembered, so
    stepping back a little is instant, and going further back starts again
    from the first event. ``work(budget)`` makes at most ``budget`` events
    toward the step asked for by ``seek``, so a page can cut a long jump into
    slices and stay responsive.

    >>> trace = Trace(Algorithm.ALPHABETA, Board.parse("XOX/OXO/..."), Order.CCE)
    >>> trace.seek(14); trace.work(1000)
    True
    >>> trace.current.event.kind, trace.current.event.skipped
    (<Kind.CUTOFF: 'cutoff'>, (8,))
    >>> trace.seek(3); trace.work(1000)
    True
    >>> trace.current.event.kind, trace.current.counts
    (<Kind.LEAF: 'leaf'>, Counts(nodes=2, leaves=1, cutoffs=0, hits=0))
    """

    def __init__(self, algorithm: Algorithm, board: Board, order: Order = Order.CELLS, keep: int = 2000) -> None:
        self.algorithm = algorithm
        self.board = board
        self.order = order if algorithm is Algorithm.ALPHABETA else Order.CELLS
        self.keep = max(2, keep)
        self.total: int | None = None
        """How many steps the search has, once the trace has reached its end."""
        self._target = 1
        self._kind: Kind | None = None
        self._restart()
        self.work(1)

    def _restart(self) -> None:
        self._events = events(self.algorithm, self.board, self.order)
        self.made = 0
        """Events made since the last start from the first (progress of a long seek)."""
        self._counter = _Counter()
        self._frames: list[_Frame] = []
        self._last: Event | None = None
        self._recent: list[Step] = []  # the last ``keep`` steps made, oldest first
        self._at = -1  # the index in _recent of the step the trace stands at

    @property
    def current(self) -> Step:
        """The step the trace stands at (after a restart, once ``work`` has made one)."""
        return self._recent[self._at]

    def recent(self, count: int) -> list[Step]:
        """Up to ``count`` steps remembered, ending with the current one."""
        return self._recent[max(0, self._at - count + 1): self._at + 1]

    @property
    def target(self) -> int:
        """The step asked for (while a ``seek_next`` looks, the step it started from)."""
        return self._target

    @property
    def arrived(self) -> bool:
        """Whether the trace stands at the step asked for."""
        return self._kind is None and self._at >= 0 and self.current.number == self._target

    def seek(self, number: int) -> None:
        """Ask for step ``number`` (from 1; beyond the end means the last step)."""
        self._kind = None
        self._target = max(1, number)
        if self.total is not None:
            self._target = min(self._target, self.total)
        recent = self._recent
        if recent and recent[0].number <= self._target <= recent[-1].number:
            self._at = self._target - recent[0].number  # remembered: no work to do
        elif recent and self._target < recent[0].number:
            self._restart()

    def seek_next(self, kind: Kind) -> None:
        """Ask for the next step of ``kind`` after this one (the last step if there is none)."""
        recent = self._recent
        for index in range(self._at + 1, len(recent)):
            if recent[index].event.kind is kind:
                self._at, self._target, self._kind = index, recent[index].number, None
                return
        self._at = len(recent) - 1
        self._target = recent[-1].number
        self._kind = kind

    def halt(self) -> None:
        """Give up a long seek: stand at the last step made so far."""
        if self._last is None:
            self.seek(1)
            self.work(1)
            return
        recent = self._recent
        if not recent or recent[-1].number != self.made:
            recent.append(Step(self.made, self._last, self._counter.counts(), self._path()))
            if len(recent) > self.keep:
                del recent[0]
        self._target, self._kind, self._at = self.made, None, len(recent) - 1

    def work(self, budget: int) -> bool:
        """Make at most ``budget`` events toward the step asked for; True once there."""
        recent = self._recent
        while not self.arrived and budget > 0:
            if recent and self._kind is None and recent[-1].number >= self._target:
                self._at = self._target - recent[0].number
                break
            event = next(self._events, None)
            if event is None:  # the end: stand at the last step
                self.total = self.made
                if self._last is not None and (not recent or recent[-1].number != self.made):
                    recent.append(Step(self.made, self._last, self._counter.counts(), self._path()))
                self._target, self._kind, self._at = self.made, None, len(recent) - 1
                break
            self.made += 1
            budget -= 1
            self._last = event
            self._apply(event)
            if self._kind is not None and event.kind is self._kind:
                self._kind, self._target = None, self.made
            if self._kind is not None or self.made > self._target - self.keep:
                recent.append(Step(self.made, event, self._counter.counts(), self._path()))
                if len(recent) > self.keep:
                    del recent[: len(recent) - self.keep]
                self._at = len(recent) - 1
        return self.arrived

    def _path(self) -> tuple[Node, ...]:
        nodes = self._counter.nodes
        return tuple(frame.node(nodes) for frame in self._frames)

    def _apply(self, event: Event) -> None:
        """Bring the counts and the path up to date with one more event."""
        counter, frames, kind = self._counter, self._frames, event.kind
        if kind is Kind.ENTER:
            counter.nodes += 1
            if frames:
                parent = frames[-1]
                index = parent.moves.index(event.path[-1])
                parent.states[index] = "searching"
                parent.start[index] = counter.nodes - 1
            live = not event.board.is_over
            moves = ordered_moves(event.board, self.order) if live else ()
            frames.append(_Frame(event.board, event.alpha, event.beta, moves))
        elif kind is Kind.LEAF:
            counter.leaves += 1
            frames[-1].best_value = event.value
        elif kind is Kind.HIT:
            counter.hits += 1
            frames[-1].best, frames[-1].best_value = event.best, event.value
        elif kind is Kind.UP:
            frames.pop()
            parent = frames[-1]
            assert event.move is not None
            index = parent.moves.index(event.move)
            parent.states[index] = "done"
            parent.values[index] = event.value
            parent.nodes[index] = counter.nodes - parent.start[index]
            parent.alpha = event.alpha
            if parent.best_value is None or parent.best != event.best:
                parent.best, parent.best_value = event.best, event.value
        elif kind is Kind.CUTOFF:
            counter.cutoffs += 1
            frame = frames[-1]
            for cell in event.skipped:
                frame.states[frame.moves.index(cell)] = "skipped"
        elif kind is Kind.DONE:
            frames[-1].best, frames[-1].best_value = event.best, event.value


# -- in words ------------------------------------------------------------------


def signed(value: int) -> str:
    """A value or a window's end as the page shows it: +1, 0, or -1 and the
    infinities with a true minus sign (U+2212) and the infinity sign."""
    if value >= INFINITY:
        return "+\u221e"
    if value <= -INFINITY:
        return "\u2212\u221e"
    return f"+{value}" if value > 0 else "0" if value == 0 else f"\u2212{-value}"


def path_words(board: Board, path: tuple[Cell, ...]) -> str:
    """The moves from the root, as a person reads them: ``'X centre, O top left'``."""
    if not path:
        return "the root (the position searched)"
    # Who played the first move: count back from the position's own side to move.
    sides = []
    side = Player.X if (board.ply - len(path)) % 2 == 0 else Player.O
    for _ in path:
        sides.append(side)
        side = side.other
    return ", ".join(f"{who} {cell_name(cell, board.size)}" for who, cell in zip(sides, path, strict=True))


def board_words(board: Board) -> str:
    """A position in words, for a screen reader: the marks, and who moves."""
    parts = []
    for player in (Player.X, Player.O):
        cells = [cell_name(c, board.size) for c in range(board.geometry.cells) if board[c] is player]
        parts.append(f"{player} on {', '.join(cells)}" if cells else f"no {player}")
    if board.is_over:
        end = board.result.summary
        return f"{'; '.join(parts)}. The game is over: {end}."
    return f"{'; '.join(parts)}. {board.to_move} to move."


def describe(event: Event, algorithm: Algorithm) -> str:
    """One step in a sentence: what happened, and why it matters."""
    board, kind = event.board, event.kind
    side = board.to_move
    window = (
        f", window ({signed(event.alpha)}, {signed(event.beta)})" if algorithm is Algorithm.ALPHABETA else ""
    )
    if kind is Kind.ENTER:
        where = "the root" if not event.path else f"after {path_words(board, event.path)}"
        if board.is_over:
            return f"Enter {where}: the game is over."
        return f"Enter {where}: {side} to move{window}."
    if kind is Kind.LEAF:
        value = signed(event.value or 0)
        if board.result is Result.DRAW:
            return "A finished game: a draw, worth 0."
        loser = board.winner.other if board.winner else None
        return f"A finished game: {board.result.summary}, worth {value} to {loser}, who would move next."
    size = board.size
    best = f"{cell_name(event.best, size)}" if event.best is not None else "none"
    if kind is Kind.UP:
        assert event.move is not None and event.value is not None
        return (f"Back at {side}'s turn: {cell_name(event.move, size)} is worth {signed(event.value)} to {side}; "
                f"best so far: {best}{window}.")
    if kind is Kind.CUTOFF:
        skipped = ", ".join(cell_name(c, size) for c in event.skipped)
        return (f"Cut-off: \u03b1 {signed(event.alpha)} \u2265 \u03b2 {signed(event.beta)}. The opponent, one "
                f"move up, already has a choice at least as good, so it will never let the game reach this "
                f"position: {skipped} {'is' if len(event.skipped) == 1 else 'are'} not searched.")
    if kind is Kind.HIT:
        return f"Seen before: the table says this position is worth {signed(event.value or 0)} to {side}."
    return (f"Done: the position is worth {signed(event.value or 0)} to {side}"
            + (f"; best move {best}." if event.best is not None else "."))
