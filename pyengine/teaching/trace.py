"""A search that can be stepped forward and back, and the tree it walked.

``Trace`` replays a search's events (search.py) to any step and keeps, for
the step it stands at, the current path: each position on it (a
``PathNode``) with its moves (``Branch``) and their states. ``tree`` turns a
whole search's events into the tree of positions it entered (``TreeNode``),
for drawing a small search whole.
"""

from __future__ import annotations

import math
from enum import StrEnum

from ..board import Board, Player
from ..geometry import Cell
from ..records import Record
from .search import Algorithm, Counts, Event, Kind, Order, Rule, RunningCounts, events, ordered_moves

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Final


SMALL_TREE: Final = 6
"""Positions with at most this many empty cells have their whole tree drawn
(at most 1,585 nodes, under minimax); larger ones, the current path only."""
LANDMARKS: Final = {Algorithm.ALPHABETA: Kind.CUTOFF, Algorithm.MEMO: Kind.HIT, Algorithm.MINIMAX: Kind.LEAF}
"""The event that sets each algorithm apart: what "next" and "previous" look for."""
JUMPS: Final = ("first", "-100", "-10", "-1", "+1", "+10", "+100", "next", "previous", "last")
"""Every jump ``Trace.jump`` takes: the first or last step, so many steps
on or back, the next or previous landmark (LANDMARKS)."""
WORK_EVENTS: Final = 100
"""Events ``Trace.run`` makes between two yields (the last ones each copy
the path: about 0.1 ms)."""


def steps_total(counts: Counts) -> int:
    """How many steps (events) a search has, from the counts of ``search.run``,
    which makes none: each node entered is one step and, but the root, one
    more when its value comes back; each finished game, table hit and
    cut-off is one; the last step (DONE) one more, in place of the root's.

    >>> from pyengine.teaching.search import run_to_end
    >>> board = Board.parse("X.O/.X./...")
    >>> steps_total(run_to_end("alphabeta", board).counts) == len(list(events("alphabeta", board)))
    True
    """
    return 2 * counts.nodes + counts.leaves + counts.hits + counts.cutoffs


def steps_bound(board: Board) -> int:
    """More steps than any search of ``board`` makes: a node is entered once
    and adds at most three more events (a finished game or a table hit, the
    value backed up, a cut-off), and there are no more nodes than sequences
    of moves into the empty cells; one more for the last event."""
    empty = board.geometry.cells - board.ply
    sequences = sum(math.perm(empty, depth) for depth in range(empty + 1))
    return 4 * sequences + 1


def bound(value: int, alpha: int, beta: int, rule: Rule = Rule.AIMA) -> int:
    """Whether ``value``, what a search under ``rule`` returned for the side
    to move under the window ``(alpha, beta)``, is exact (0) or only a bound:
    +1 when it is at least beta (a cut-off stopped the search there: the
    position may be worth more), -1 when it is at most alpha (no move did
    better, and none was searched to its exact value). The strict rule never
    cuts off on a tie, so there a value on an end of the window is exact. A
    value seen from the other side changes sign, and so does its bound. Under
    minimax's open window every value is exact.

    >>> bound(1, 0, 1), bound(-1, -1, 2), bound(0, -2, 2)
    (1, -1, 0)
    >>> bound(1, 0, 1, Rule.STRICT), bound(-1, -1, 2, Rule.STRICT), bound(2, 0, 1, Rule.STRICT)
    (0, 0, 1)
    """
    tie = 0 if rule is Rule.AIMA else 1  # how far past an end of the window a bound lies
    return 1 if value - beta >= tie else -1 if alpha - value >= tie else 0


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
    bound: int
    """Whether ``value`` is exact (0) or only a bound, as ``value`` is seen
    (+1 at least, -1 at most; see ``bound()``). The root, finished games and
    table hits are exact."""
    cut: int | None
    """The step of a cut-off here, if one skipped moves."""
    skipped: tuple[Cell, ...]
    """The moves that cut-off skipped."""
    hit: bool
    """Whether its value came from the memo table."""
    window: tuple[int, int]
    """The window (alpha, beta) it was entered with, for its own side to move."""


def tree(steps: list[Event], rule: Rule = Rule.AIMA) -> tuple[list[TreeNode], dict[tuple[Cell, ...], int]]:
    """Every position a whole search entered, parents before children (the
    order of entering), and the index of each by its path from the root
    (``rule``: the pruning rule the search cut off by, which says what is a bound).

    >>> nodes, index = tree(list(events(Algorithm.MINIMAX, Board.parse("XOX/OXO/OX."))))
    >>> tuple((n.move, n.entered, n.valued, n.value) for n in nodes)
    ((None, 1, 5, 1), (8, 2, 4, 1))
    """
    nodes: list[TreeNode] = []
    index: dict[tuple[Cell, ...], int] = {}
    for number, event in enumerate(steps, 1):
        kind = event.kind
        if kind is Kind.ENTER:
            parent = index[event.path[:-1]] if event.path else -1
            index[event.path] = len(nodes)
            move = event.path[-1] if event.path else None
            nodes.append(
                TreeNode(parent, move, event.board, number, None, None, 0, None, (), False, (event.alpha, event.beta))
            )
        elif kind is Kind.UP:
            assert event.move is not None
            at = index[(*event.path, event.move)]
            child = nodes[at]
            exact = child.hit or child.board.is_over
            nodes[at] = child._replace(
                valued=number, value=event.value, bound=0 if exact else -bound(-(event.value or 0), *child.window, rule)
            )
        elif kind is Kind.CUTOFF:
            at = index[event.path]
            nodes[at] = nodes[at]._replace(cut=number, skipped=event.skipped)
        elif kind is Kind.HIT:
            at = index[event.path]
            nodes[at] = nodes[at]._replace(hit=True)
        elif kind is Kind.DONE:
            nodes[0] = nodes[0]._replace(valued=number, value=event.value)
    return nodes, index


# -- stepping forward and back --------------------------------------------------


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
    bound: int
    """Whether ``value`` is exact (0) or only a bound, as ``value`` is seen
    (+1 at least, -1 at most; see ``bound()``): the trace keeps the window
    each move was searched under to say so."""
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
    def best_bound(self) -> int:
        """Whether ``best_value`` is exact (0) or only a bound (+1 at least, -1
        at most): the bound of the move it came from."""
        return next(
            (branch.bound for branch in self.branches if branch.move == self.best and branch.state is BranchState.DONE),
            0,
        )


class Step(Record):
    """The search as it stands after ``number`` events (numbered from 1)."""

    number: int
    event: Event
    counts: Counts
    path: tuple[PathNode, ...]
    """The path from the root to the event's position, each with its moves: the
    tree with finished subtrees folded into their values and counts."""
    cutoffs_at_x: int = 0
    """How many of ``counts.cutoffs`` were at X's turn (MAX's, in the
    classroom's words: beta cut-offs); the others were at O's."""

    @property
    def window(self) -> tuple[int, int]:
        """The alpha-beta window at the step's position: the event's; at the
        last step (DONE), the root's final one, not the open window it began with."""
        event = self.event
        if event.kind is Kind.DONE and self.path:
            return self.path[0].alpha, self.path[0].beta
        return event.alpha, event.beta

    @property
    def value_bound(self) -> int:
        """UP: whether the move's value that came back is exact (0) or only a
        bound (+1 at least, -1 at most, as the event's value is seen); 0 at
        every other event."""
        event = self.event
        if event.kind is not Kind.UP or not self.path:
            return 0
        return next(branch.bound for branch in self.path[-1].branches if branch.move == event.move)


class _Frame:
    """A position on the current path while the trace runs (mutable, unlike PathNode)."""

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

    def __init__(self, board: Board, alpha: int, beta: int, moves: tuple[Cell, ...], entered: int) -> None:
        self.board, self.alpha, self.beta, self.entered = board, alpha, beta, entered
        self.window = (alpha, beta)  # as entered: alpha narrows as moves come back
        self.exact = board.is_over  # a finished game's value, or a table hit's, is never a bound
        self.best: Cell | None = None
        self.best_value: int | None = None
        self.moves = moves
        self.states = [BranchState.WAITING] * len(moves)
        self.values: list[int | None] = [None] * len(moves)
        self.bounds = [0] * len(moves)
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


class Trace:
    """A search that can be stepped forward and back, to any step.

    The events are made again rather than stored (the empty board under minimax
    has about 1.4 million): the last ``keep`` steps made are remembered, so
    stepping back a little is instant, and going further back starts again
    from the first event. ``work(budget)`` makes at most ``budget`` events toward the
    step asked for by ``seek``, so a page can cut a long jump into slices
    and stay responsive; ``run()`` does it all, a slice at a time.

    A page asks with ``jump`` (one of JUMPS) or ``seek``: every step asked
    for is kept between 1 and the last step, and every jump works whatever
    the trace is doing.

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

    def __init__(
        self,
        algorithm: Algorithm | str,
        board: Board,
        order: Order | str = Order.CELLS,
        # keep is small (two jumps of a hundred) because remembering is what a
        # step costs: each remembered step copies the path, about ten times the
        # cost of making the event, and a start again or a far jump remembers
        # the keep steps before the one asked for (bench/trace.py: with 2,000,
        # a step back past them took three times as long).
        keep: int = 240,
        rule: Rule | str = Rule.AIMA,
    ) -> None:
        self.algorithm = Algorithm.parse(algorithm)
        self.board = board
        self.order = Order.parse(order) if self.algorithm is Algorithm.ALPHABETA else Order.CELLS
        self.rule: Rule = Rule.parse(rule) if self.algorithm is Algorithm.ALPHABETA else Rule.AIMA
        """When alpha-beta cuts off (the others never do: AIMA's, the default, for them)."""
        self.keep = max(2, keep)
        self.total: int | None = None
        """How many steps the search has, once known: the trace reached its
        end, or the page counted them (``steps_total``) and said so here."""
        self._target = 1
        self._kind: Kind | None = None
        self._previous: Kind | None = None  # seek_previous: the kind looked for behind the target
        self._found: Step | None = None  # the last step of that kind made so far (or the first step)
        self._then: bool | None = None  # once at the step asked for, look on (True) or back (False)
        self.asked: int | None = None
        """The step number last asked for by number (a step past the end is said once: take_past_end)."""
        self._restart()
        self.work(1)
        self.shown = 1
        """The step the trace stood at when it last arrived (or halted): the one a page shows."""

    @property
    def landmark(self) -> Kind:
        """The event that sets this search's algorithm apart (LANDMARKS)."""
        return LANDMARKS[self.algorithm]

    def _restart(self) -> None:
        self._events = events(self.algorithm, self.board, self.order, self.rule)
        self.made = 0
        """Events made since the last start from the first (progress of a long seek)."""
        self._counter = RunningCounts()
        self._cutoffs_at_x = 0
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
        return self._recent[max(0, self._at - count + 1) : self._at + 1]

    @property
    def target(self) -> int:
        """The step asked for (while a ``seek_next`` looks, the step it started from)."""
        return self._target

    @property
    def arrived(self) -> bool:
        """Whether the trace stands at the step asked for."""
        return self._kind is None and self._at >= 0 and self.current.number == self._target

    def jump(self, how: str) -> None:
        """Ask for the step a control names (one of JUMPS)."""
        if how == "first":
            self.seek(1)
        elif how == "last":
            self.seek_last()
        elif how in ("next", "previous"):
            self.look(how == "next")
        else:
            self.seek(self._target + int(how))

    def seek_last(self) -> None:
        """Ask for the last step (past every step the search could have, when
        its length is not known yet: a trace stops at its end)."""
        self.seek(self.total if self.total is not None else steps_bound(self.board))
        self.asked = None

    def look(self, on: bool) -> None:
        """Ask for the next landmark after the step shown (``on``), or the
        last one before it; mid-way to another step, come back to the step
        shown first, then look from there."""
        if self.arrived:
            self._look_from_here(on)
        else:
            self.seek(self.shown)
            self.asked = None
            self._then = on

    def _look_from_here(self, on: bool) -> None:
        if on:
            self.seek_next(self.landmark)
        else:
            self.seek_previous(self.landmark)

    def run(self, budget: int = WORK_EVENTS) -> Iterator[int]:
        """Make the steps toward the one asked for, ``budget`` events at a
        time, yielding how many are made; ends standing at it."""
        while not self.work(budget):
            yield self.made
        if self._then is not None:
            on, self._then = self._then, None
            self._look_from_here(on)
            while not self.work(budget):
                yield self.made
        self.shown = self.current.number

    def take_past_end(self) -> int | None:
        """The step number last asked for, if it lies past the search's end
        (once: the question is then answered)."""
        asked, self.asked = self.asked, None
        if asked is not None and self.total is not None and asked > self.total:
            return asked
        return None

    def seek(self, number: int) -> None:
        """Ask for step ``number`` (from 1; beyond the end means the last step)."""
        self.asked = number
        self._kind = self._previous = self._then = None
        self._target = max(1, number)
        if self.total is not None:
            self._target = min(self._target, self.total)
        recent = self._recent
        if recent and recent[0].number <= self._target <= recent[-1].number:
            self._at = self._target - recent[0].number  # remembered: no work to do
        elif self._target <= self.made:  # made already and not kept: only a new start reaches it
            self._restart()

    def seek_next(self, kind: Kind) -> None:
        """Ask for the next step of ``kind`` after this one (the last step if there is none)."""
        self._previous = self._then = None
        recent = self._recent
        for index in range(self._at + 1, len(recent)):
            if recent[index].event.kind is kind:
                self._at, self._target, self._kind = index, recent[index].number, None
                return
        last = recent[-1].number
        if self.made > last:  # the events after it were made and not kept (a far seek given up)
            self._restart()  # only a new start makes them again
        else:
            self._at = len(recent) - 1
        self._target = last
        self._kind = kind

    def seek_previous(self, kind: Kind) -> None:
        """Ask for the last step of ``kind`` before this one (the first step if
        there is none). Steps not remembered are made again from the first,
        noting the last one of ``kind``."""
        recent, here = self._recent, self.current.number
        for index in range(self._at - 1, -1, -1):
            if recent[index].event.kind is kind:
                self.seek(recent[index].number)
                return
        if recent[0].number == 1:  # every step before this one is remembered: none is of ``kind``
            self.seek(1)
            return
        self._restart()
        self._target, self._kind, self._previous, self._found = here - 1, None, kind, None

    def halt(self) -> None:
        """Give up a long seek: stand at the last step made so far."""
        self._previous = self._then = None
        if self._last is None:
            self.seek(1)
            self.work(1)
        else:
            recent = self._recent
            if not recent or recent[-1].number != self.made:
                self._remember(self._step(self._last))
            self._target, self._kind, self._at = self.made, None, len(recent) - 1
        self.shown = self.current.number

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
                    self._remember(self._step(self._last))
                self._target, self._kind, self._at = self.made, None, len(recent) - 1
                break
            self.made += 1
            budget -= 1
            self._last = event
            self._apply(event)
            if self._previous is not None and (event.kind is self._previous or self.made == 1):
                self._found = self._step(event)
            if self._kind is not None and event.kind is self._kind and self.made > self._target:
                self._kind, self._target = None, self.made
            if self._kind is not None or self.made > self._target - self.keep:
                self._remember(self._step(event))
        if self._previous is not None and self.arrived:
            self._land()
        return self.arrived

    def _land(self) -> None:
        """The steps before the one seek_previous started from are made: stand
        at the last of its kind (kept alone when it is not among the steps
        remembered: they stay consecutive)."""
        found, self._previous, self._found = self._found, None, None
        assert found is not None  # the first step is noted at least
        recent = self._recent
        if not (recent and recent[0].number <= found.number <= recent[-1].number):
            recent[:] = [found]
        self._at = found.number - recent[0].number
        self._target = found.number

    def _step(self, event: Event) -> Step:
        """The search as it stands now, after ``event``."""
        return Step(self.made, event, self._counter.counts(), self._path(), self._cutoffs_at_x)

    def _remember(self, step: Step) -> None:
        """Keep ``step`` as the last one made, and stand at it. The steps kept
        stay consecutive, so that a step is found by its number: one made
        after a gap (the steps between were made but not kept, on the way to
        a far one) replaces those before it."""
        # Kept across a gap, the steps' numbers would no longer find them:
        # after End the trace held steps 1 and the last, took the last for
        # step 2, and Back raised IndexError.
        recent = self._recent
        if recent and recent[-1].number != step.number - 1:
            recent.clear()
        recent.append(step)
        if len(recent) > self.keep:
            del recent[: len(recent) - self.keep]
        self._at = len(recent) - 1

    def _path(self) -> tuple[PathNode, ...]:
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
                parent.states[index] = BranchState.SEARCHING
                parent.start[index] = counter.nodes - 1
                parent.steps[index] = self.made
            live = not event.board.is_over
            moves = ordered_moves(event.board, self.order) if live else ()
            frames.append(_Frame(event.board, event.alpha, event.beta, moves, self.made))
        elif kind is Kind.LEAF:
            counter.leaves += 1
            frames[-1].best_value = event.value
        elif kind is Kind.HIT:
            counter.hits += 1
            frames[-1].best, frames[-1].best_value = event.best, event.value
            frames[-1].exact = True
        elif kind is Kind.UP:
            child = frames.pop()
            parent = frames[-1]
            assert event.move is not None and event.value is not None
            index = parent.moves.index(event.move)
            parent.states[index] = BranchState.DONE
            parent.values[index] = event.value
            parent.bounds[index] = 0 if child.exact else -bound(-event.value, *child.window, self.rule)
            parent.nodes[index] = counter.nodes - parent.start[index]
            parent.alpha = event.alpha
            if parent.best_value is None or parent.best != event.best:
                parent.best, parent.best_value = event.best, event.value
        elif kind is Kind.CUTOFF:
            counter.cutoffs += 1
            if event.board.to_move is Player.X:
                self._cutoffs_at_x += 1
            frame = frames[-1]
            for cell in event.skipped:
                frame.states[frame.moves.index(cell)] = BranchState.SKIPPED
        elif kind is Kind.DONE:
            frames[-1].best, frames[-1].best_value = event.best, event.value
