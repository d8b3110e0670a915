"""A search's events folded into the tree it walked: the one place a search becomes a tree.

``fold(steps)`` turns a whole search's events (search.py) into a
``SearchTree``: every position it entered (a ``SearchNode``: the position,
the move into it, the window it was entered with, its value and whether
that value is exact or only a ``Bound``, its children, the cut-off that
skipped moves there, whether its value came from the memo table), parents
before children. ``Fold`` does the same one event at a time and keeps, as it
goes, the open path: each position the search is inside (a ``PathNode``)
with its moves (``Branch``) as far as they are searched, and the counts.
The explorer's trace (trace.py) steps with a ``Fold``; the explorer's
drawing and outline and the drills' answer keys (drill.py) read the tree.

Every value is for the side to move at its node (negamax, as search.py's),
and so is its bound; ``SearchNode.mover_value`` is the same value seen by
the side that played the move into the node, the way the explorer draws it.
"""

from __future__ import annotations

from enum import Enum, StrEnum

from ..board import Board, Player
from ..geometry import Cell
from ..records import Record
from .search import Counts, Event, Kind, Order, Rule, RunningCounts, ordered_moves

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Final

Path = tuple[Cell, ...]
"""The moves from the search's root to a position (``()`` for the root)."""


class Bound(Enum):
    """Whether a value a search returned is exact or only a bound on the true value."""

    EXACT = "exact"
    AT_LEAST = "at least"
    """A cut-off stopped the search there: the position may be worth more."""
    AT_MOST = "at most"
    """No move did better than alpha, and none was searched to its exact value."""

    @property
    def flipped(self) -> Bound:
        """The same bound seen from the other side (the value's sign changed)."""
        return _FLIPPED[self]


_FLIPPED: Final = {Bound.EXACT: Bound.EXACT, Bound.AT_LEAST: Bound.AT_MOST, Bound.AT_MOST: Bound.AT_LEAST}


def bound_of(value: int, window: tuple[int, int], rule: Rule = Rule.AIMA) -> Bound:
    """What a search under ``rule`` proves of ``value``, returned for the side
    to move from a position entered with ``window`` (alpha, beta): fail-soft,
    a value inside the window is exact, one at or above beta only a lower
    bound, one at or below alpha an upper bound. The strict rule never cuts
    off on a tie, so there a value on an end of the window is exact. Under
    minimax's open window every value is exact.

    >>> bound_of(1, (0, 1)).name, bound_of(-1, (-1, 2)).name, bound_of(0, (-2, 2)).name
    ('AT_LEAST', 'AT_MOST', 'EXACT')
    >>> bound_of(1, (0, 1), Rule.STRICT).name, bound_of(2, (0, 1), Rule.STRICT).name
    ('EXACT', 'AT_LEAST')
    """
    alpha, beta = window
    tie = 0 if rule is Rule.AIMA else 1  # how far past an end of the window a bound lies
    if value - beta >= tie:
        return Bound.AT_LEAST
    if alpha - value >= tie:
        return Bound.AT_MOST
    return Bound.EXACT


# -- the whole tree -------------------------------------------------------------


class SearchNode(Record):
    """One position the search entered, and the steps at which it changed."""

    path: Path
    """The moves from the root to it; its length is its depth."""
    parent: int
    """The index of the parent in ``SearchTree.nodes``; -1 for the root."""
    board: Board
    window: tuple[int, int]
    """The window (alpha, beta) it was entered with, for its side to move."""
    entered: int
    """The step (from 1) that entered it."""
    valued: int | None
    """The step its value came back to the parent (for the root: the last step)."""
    value: int | None
    """Its value for its own side to move (search.py's), once it came back."""
    bound: Bound
    """Whether ``value`` is exact or only a bound, for its own side to move
    (``bound_of``; finished games and table hits are exact)."""
    hit: bool
    """Whether its value came from the memo table."""
    cut: int | None
    """The step of a cut-off here, if one skipped moves."""
    cutoff: Event | None
    """That CUTOFF event: its window, the move that closed it, the moves skipped."""
    children: tuple[int, ...]
    """The indices of the positions entered from it, in the order entered."""

    @property
    def move(self) -> Cell | None:
        """The move into it from the parent (None for the root)."""
        return self.path[-1] if self.path else None

    @property
    def skipped(self) -> tuple[Cell, ...]:
        """The moves a cut-off here skipped, in the order they would have been searched."""
        return self.cutoff.skipped if self.cutoff is not None else ()

    @property
    def mover_value(self) -> int | None:
        """Its value as the side that played the move into it sees it (the root: its own side's)."""
        return self.value if self.value is None or not self.path else -self.value

    @property
    def mover_bound(self) -> Bound:
        """``mover_value``'s bound: the side that played the move sees a bound turned round."""
        return self.bound.flipped if self.path else self.bound


class SearchTree(Record):
    """Every position a whole search entered, parents before children (the order entered)."""

    nodes: tuple[SearchNode, ...]
    by_path: dict[Path, int]
    """Each node's index in ``nodes``, by its path."""
    cutoffs: tuple[Event, ...]
    """The search's CUTOFF events, in order."""

    def node(self, path: Path) -> SearchNode:
        """The node reached by ``path`` (KeyError if the search never entered it)."""
        return self.nodes[self.by_path[path]]


# -- the open path ----------------------------------------------------------------


class BranchState(StrEnum):
    """How far the search has got with one move. (A StrEnum: the page writes
    a state into ``data-state`` as it is.)"""

    WAITING = "waiting"
    """Not searched yet."""
    SEARCHING = "searching"
    """On the current path."""
    DONE = "done"
    """Searched: its value is known."""
    SKIPPED = "skipped"
    """Cut off: it will not be searched."""


class Branch(Record):
    """One move at a position on the current path, as far as the search has got."""

    move: Cell
    state: BranchState
    value: int | None
    """The move's value for the side to move at the parent, once done."""
    bound: Bound
    """Whether ``value`` is exact or only a bound, as ``value`` is seen (the
    fold keeps the window each move was searched under to say so)."""
    nodes: int
    """Positions entered below and at this move so far."""
    entered: int | None
    """The step (from 1) that entered the move's position; None until then."""


class PathNode(Record):
    """One position on the current path and its moves."""

    board: Board
    alpha: int
    beta: int
    best: Cell | None
    best_value: int | None
    branches: tuple[Branch, ...]
    entered: int
    """The step (from 1) that entered this position."""

    @property
    def best_bound(self) -> Bound:
        """Whether ``best_value`` is exact or only a bound: the bound of the move it came from."""
        return next(
            (branch.bound for branch in self.branches if branch.move == self.best and branch.state is BranchState.DONE),
            Bound.EXACT,
        )


class _Open:
    """A position on the open path while the fold goes on (mutable, unlike PathNode)."""

    __slots__ = (
        "board",
        "alpha",
        "beta",
        "window",
        "exact",
        "best",
        "best_value",
        "moves",
        "states",
        "values",
        "bounds",
        "nodes",
        "start",
        "steps",
        "entered",
    )

    def __init__(self, event: Event, moves: tuple[Cell, ...], entered: int) -> None:
        self.board, self.alpha, self.beta, self.entered = event.board, event.alpha, event.beta, entered
        self.window = (event.alpha, event.beta)  # as entered: alpha narrows as moves come back
        self.exact = event.board.is_over  # a finished game's value, or a table hit's, is never a bound
        self.best: Cell | None = None
        self.best_value: int | None = None
        self.moves = moves
        self.states = [BranchState.WAITING] * len(moves)
        self.values: list[int | None] = [None] * len(moves)
        self.bounds = [Bound.EXACT] * len(moves)
        self.nodes = [0] * len(moves)
        self.start = [0] * len(moves)  # the node count when each move was entered
        self.steps: list[int | None] = [None] * len(moves)  # the step that entered each move

    def node(self, nodes_now: int) -> PathNode:
        counted = tuple(
            nodes_now - start if state is BranchState.SEARCHING else n
            for state, n, start in zip(self.states, self.nodes, self.start, strict=True)
        )
        branches = tuple(
            Branch(*fields)
            for fields in zip(self.moves, self.states, self.values, self.bounds, counted, self.steps, strict=True)
        )
        return PathNode(self.board, self.alpha, self.beta, self.best, self.best_value, branches, self.entered)


class _Node:
    """A SearchNode while the fold goes on (mutable)."""

    __slots__ = (
        "path",
        "parent",
        "board",
        "window",
        "entered",
        "valued",
        "value",
        "bound",
        "hit",
        "cut",
        "cutoff",
        "children",
        "index",
    )

    def __init__(self, event: Event, parent: int, entered: int, index: int) -> None:
        self.path, self.parent, self.board = event.path, parent, event.board
        self.window = (event.alpha, event.beta)
        self.entered, self.index = entered, index
        self.valued: int | None = None
        self.value: int | None = None
        self.bound = Bound.EXACT
        self.hit = False
        self.cut: int | None = None
        self.cutoff: Event | None = None
        self.children: list[int] = []

    def valued_at(self, step: int, value: int, rule: Rule) -> None:
        """Its value (for its own side to move) came back at ``step``."""
        self.valued, self.value = step, value
        if not (self.hit or self.board.is_over):  # a table hit's or a finished game's value is never a bound
            self.bound = bound_of(value, self.window, rule)


class Fold:
    """A search's events folded one at a time (``add``), one of two ways.

    By default, as the explorer steps: the counts and the open path, each
    position the search is inside with its moves and their states (``path()``);
    finished subtrees are folded into their values and counts, so a search of
    millions of events takes no more room than its depth. With ``whole``,
    every position entered, kept (``tree()``), for a search small enough to
    draw or to drill; the counts and the path are not kept then. Both read a
    value's bound the one way, ``bound_of``.

    ``order`` is the order the search tried its moves in (a path's moves are
    listed in it); ``rule`` its pruning rule, which says what is a bound.
    """

    def __init__(self, order: Order = Order.CELLS, rule: Rule = Rule.AIMA, whole: bool = False) -> None:
        self.order, self.rule = order, rule
        self.made = 0
        """Events folded so far: the number of the last one."""
        self.counter = RunningCounts()
        self.cutoffs_at_x = 0
        """How many of the cut-offs were at X's turn (MAX's: beta cut-offs)."""
        self.frames: list[_Open] = []
        self._nodes: list[_Node] = []
        self._open: list[_Node] = []  # whole: the nodes on the path
        self._cutoffs: list[Event] = []
        # One way chosen once, not tested at every event: stepping a large
        # search makes millions of them, and a whole tree needs no open path.
        self.add: Callable[[Event], None] = self._add_node if whole else self._add_step

    def counts(self) -> Counts:
        return self.counter.counts()

    def path(self) -> tuple[PathNode, ...]:
        """The open path now: the tree with its finished subtrees folded into their values and counts."""
        nodes = self.counter.nodes
        return tuple(frame.node(nodes) for frame in self.frames)

    def _add_step(self, event: Event) -> None:
        """Fold in the next event: the counts and the open path."""
        self.made += 1
        made, counter, frames, kind = self.made, self.counter, self.frames, event.kind
        if kind is Kind.ENTER:
            counter.nodes += 1
            if frames:
                parent = frames[-1]
                index = parent.moves.index(event.path[-1])
                parent.states[index] = BranchState.SEARCHING
                parent.start[index] = counter.nodes - 1
                parent.steps[index] = made
            moves = ordered_moves(event.board, self.order) if not event.board.is_over else ()
            frames.append(_Open(event, moves, made))
        elif kind is Kind.LEAF:
            counter.leaves += 1
            frames[-1].best_value = event.value
        elif kind is Kind.HIT:
            counter.hits += 1
            frame = frames[-1]
            frame.best, frame.best_value, frame.exact = event.best, event.value, True
        elif kind is Kind.UP:
            child = frames.pop()
            parent = frames[-1]
            assert event.move is not None and event.value is not None
            # The child's own value is -event.value: its bound, seen from here, turns round.
            bound = Bound.EXACT if child.exact else bound_of(-event.value, child.window, self.rule).flipped
            index = parent.moves.index(event.move)
            parent.states[index] = BranchState.DONE
            parent.values[index] = event.value
            parent.bounds[index] = bound
            parent.nodes[index] = counter.nodes - parent.start[index]
            parent.alpha = event.alpha
            if parent.best_value is None or parent.best != event.best:
                parent.best, parent.best_value = event.best, event.value
        elif kind is Kind.CUTOFF:
            counter.cutoffs += 1
            if event.board.to_move is Player.X:
                self.cutoffs_at_x += 1
            frame = frames[-1]
            for cell in event.skipped:
                frame.states[frame.moves.index(cell)] = BranchState.SKIPPED
        elif kind is Kind.DONE:
            frames[-1].best, frames[-1].best_value = event.best, event.value

    def _add_node(self, event: Event) -> None:
        """Fold in the next event: the whole tree."""
        self._add_nodes((event,))

    def _add_nodes(self, steps: Iterable[Event]) -> None:
        """Fold in every event of ``steps``: the whole tree (one loop, not a
        call per event: ``fold`` hands it a whole search)."""
        made, path, nodes, rule = self.made, self._open, self._nodes, self.rule
        for event in steps:
            made += 1
            kind = event.kind
            if kind is Kind.ENTER:
                index = len(nodes)
                parent = -1
                if path:
                    above = path[-1]
                    above.children.append(index)
                    parent = above.index
                node = _Node(event, parent, made, index)
                nodes.append(node)
                path.append(node)
            elif kind is Kind.UP:
                assert event.value is not None
                path.pop().valued_at(made, -event.value, rule)  # the child's value for its own side to move
            elif kind is Kind.CUTOFF:
                node = path[-1]
                node.cut, node.cutoff = made, event
                self._cutoffs.append(event)
            elif kind is Kind.HIT:
                path[-1].hit = True
            elif kind is Kind.DONE:
                assert event.value is not None
                path[-1].valued_at(made, event.value, rule)
        self.made = made

    def tree(self) -> SearchTree:
        """Every node entered so far (a ``whole`` fold's), as records."""
        # Each record made from its tuple of fields in order, without the
        # record's own constructor: a third of its cost, and a drill's key
        # makes some ninety (bench/drill.py --against).
        made = tuple.__new__
        nodes = tuple(
            [
                made(
                    SearchNode,
                    (
                        n.path,
                        n.parent,
                        n.board,
                        n.window,
                        n.entered,
                        n.valued,
                        n.value,
                        n.bound,
                        n.hit,
                        n.cut,
                        n.cutoff,
                        tuple(n.children),
                    ),
                )
                for n in self._nodes
            ]
        )
        return SearchTree(nodes, {n.path: n.index for n in self._nodes}, tuple(self._cutoffs))


def fold(steps: Iterable[Event], order: Order = Order.CELLS, rule: Rule = Rule.AIMA) -> SearchTree:
    """Every position a whole search entered, parents before children, from
    its events (``order``: the order it tried moves in; ``rule``: the pruning
    rule it cut off by, which says what is a bound).

    >>> from pyengine.teaching.search import Algorithm, events
    >>> tree = fold(events(Algorithm.MINIMAX, Board.parse("XOX/OXO/OX.")))
    >>> tuple((n.move, n.entered, n.valued, n.value, n.bound.name, n.children) for n in tree.nodes)
    ((None, 1, 5, 1, 'EXACT', (1,)), (8, 2, 4, -1, 'EXACT', ()))
    >>> tree.node((8,)).mover_value  # X, who completed the diagonal, wins
    1
    """
    folding = Fold(order, rule, whole=True)
    folding._add_nodes(steps)
    return folding.tree()
