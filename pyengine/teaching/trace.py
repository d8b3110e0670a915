"""A search that can be stepped forward and back, to any step, by typed jumps.

``Trace`` replays a search's events (search.py) to any step, folding them
(searchtree.py's ``Fold``) into the current path: each position on it (a
``PathNode``) with its moves (``Branch``) and their states. Where it stands
and what it was asked for is one immutable ``Cursor``. A page asks for a step
by number or by a ``Jump``, the explorer's controls read once from their text
(``Jump.parse``).
"""

from __future__ import annotations

import math
from enum import Enum

from ..board import Board
from ..choices import Choice
from ..records import Record
from .search import Algorithm, Counts, Event, Kind, Order, Rule, events
from .searchtree import Bound, Fold, PathNode

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Final


SMALL_TREE: Final = 6
"""Positions with at most this many empty cells have their whole tree drawn
(at most 1,585 nodes, under minimax); larger ones, the current path only."""
LANDMARKS: Final = {Algorithm.ALPHABETA: Kind.CUTOFF, Algorithm.MEMO: Kind.HIT, Algorithm.MINIMAX: Kind.LEAF}
"""The event that sets each algorithm apart: what "next" and "previous" look for."""


class Jump(Choice, Enum, noun="jump"):
    """Where a control of the explorer asks the trace to go. The values are
    the page's ``data-jump`` names: ``Jump.parse("+10")`` reads one."""

    FIRST = "first"
    BACK_100 = "-100"
    BACK_10 = "-10"
    BACK = "-1"
    ON = "+1"
    ON_10 = "+10"
    ON_100 = "+100"
    NEXT = "next"
    """The next landmark after the step shown (LANDMARKS)."""
    PREVIOUS = "previous"
    """The last landmark before the step shown."""
    LAST = "last"

    @property
    def steps(self) -> int | None:
        """How many steps on (back, when negative) the jump goes; None for the others."""
        return _STEPS.get(self)

    @property
    def farther(self) -> Jump:
        """The same jump with Shift held: ten steps become a hundred.

        >>> Jump.parse("-10").farther, Jump.ON.farther
        (<Jump.BACK_100: '-100'>, <Jump.ON: '+1'>)
        """
        return _FARTHER.get(self, self)


_STEPS: Final = {Jump.BACK_100: -100, Jump.BACK_10: -10, Jump.BACK: -1, Jump.ON: 1, Jump.ON_10: 10, Jump.ON_100: 100}
_FARTHER: Final = {Jump.BACK_10: Jump.BACK_100, Jump.ON_10: Jump.ON_100}
JUMPS: Final = tuple(Jump)
"""Every jump ``Trace.jump`` takes."""
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
    def value_bound(self) -> Bound:
        """UP: whether the move's value that came back is exact or only a
        bound, as the event's value is seen; exact at every other event."""
        event = self.event
        if event.kind is not Kind.UP or not self.path:
            return Bound.EXACT
        return next(branch.bound for branch in self.path[-1].branches if branch.move == event.move)


class Cursor(Record):
    """Where a trace stands and what it was last asked for: one immutable
    value, replaced whole whenever either changes."""

    at: int
    """The step it stands at (0 before the first is made, or after a start again)."""
    target: int
    """The step asked for; while ``seeking``, the step it looks on from."""
    seeking: Kind | None = None
    """Looking for the next step of this kind after ``target``."""
    before: Kind | None = None
    """Looking for the last step of this kind before the one it stood at:
    the steps up to ``target`` are made again from the first."""
    then: bool | None = None
    """Once at ``target``, look on (True) or back (False) from there: a look asked for mid-way."""
    asked: int | None = None
    """The step number last asked for by number (past the end, it is said once: ``take_past_end``)."""
    shown: int = 1
    """The step it stood at when it last arrived (or halted): the one a page shows."""

    @property
    def arrived(self) -> bool:
        """Whether it stands at the step asked for."""
        return self.seeking is None and self.at >= 1 and self.at == self.target


class Trace:
    """A search that can be stepped forward and back, to any step.

    The events are made again rather than stored (the empty board under minimax
    has about 1.4 million): the last ``keep`` steps made are remembered, so
    stepping back a little is instant, and going further back starts again
    from the first event. ``work(budget)`` makes at most ``budget`` events toward the
    step asked for by ``seek``, so a page can cut a long jump into slices
    and stay responsive; ``run()`` does it all, a slice at a time.

    A page asks with ``jump`` (a ``Jump``) or ``seek``: every step asked
    for is kept between 1 and the last step, and every jump works whatever
    the trace is doing. Where it stands is ``cursor``; the steps remembered
    always hold the one it stands at, consecutive, so that a step is found
    by its number.

    >>> trace = Trace(Algorithm.ALPHABETA, Board.parse("XOX/OXO/..."), Order.CCE)
    >>> trace.seek(14); trace.work(1000)
    True
    >>> trace.current.event.kind, trace.current.event.skipped
    (<Kind.CUTOFF: 'cutoff'>, (8,))
    >>> trace.jump(Jump.FIRST); trace.jump(Jump.ON_10); trace.jump(Jump.BACK); trace.work(1000)
    True
    >>> trace.current.number, trace.current.event.kind, trace.current.counts
    (10, <Kind.ENTER: 'enter'>, Counts(nodes=6, leaves=2, cutoffs=0, hits=0))
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
        self.cursor = Cursor(0, 1)
        self._found: Step | None = None  # looking back: the last step of that kind made so far (or the first)
        self._restart()
        self.work(1)

    @property
    def landmark(self) -> Kind:
        """The event that sets this search's algorithm apart (LANDMARKS)."""
        return LANDMARKS[self.algorithm]

    def _restart(self) -> None:
        self._events = events(self.algorithm, self.board, self.order, self.rule)
        self._fold = Fold(self.order, self.rule)
        self._last: Event | None = None
        self._recent: list[Step] = []  # the last ``keep`` steps made, oldest first
        self.cursor = self.cursor._replace(at=0)

    @property
    def made(self) -> int:
        """Events made since the last start from the first (progress of a long seek)."""
        return self._fold.made

    @property
    def current(self) -> Step:
        """The step the trace stands at (after a restart, once ``work`` has made one)."""
        recent = self._recent
        return recent[self.cursor.at - recent[0].number]

    def recent(self, count: int) -> list[Step]:
        """Up to ``count`` steps remembered, ending with the current one."""
        recent = self._recent
        here = self.cursor.at - recent[0].number
        return recent[max(0, here - count + 1) : here + 1]

    @property
    def target(self) -> int:
        """The step asked for (while a ``seek_next`` looks, the step it started from)."""
        return self.cursor.target

    @property
    def shown(self) -> int:
        """The step the trace stood at when it last arrived (or halted): the one a page shows."""
        return self.cursor.shown

    @property
    def arrived(self) -> bool:
        """Whether the trace stands at the step asked for."""
        return self.cursor.arrived

    def jump(self, how: Jump | str) -> None:
        """Ask for the step a control names (a Jump, or its name)."""
        how = Jump.parse(how)
        if how is Jump.FIRST:
            self.seek(1)
        elif how is Jump.LAST:
            self.seek_last()
        elif how is Jump.NEXT or how is Jump.PREVIOUS:
            self.look(how is Jump.NEXT)
        else:
            steps = how.steps
            assert steps is not None  # every other jump goes so many steps
            self.seek(self.cursor.target + steps)

    def seek_last(self) -> None:
        """Ask for the last step (past every step the search could have, when
        its length is not known yet: a trace stops at its end)."""
        self.seek(self.total if self.total is not None else steps_bound(self.board))
        self.cursor = self.cursor._replace(asked=None)

    def look(self, on: bool) -> None:
        """Ask for the next landmark after the step shown (``on``), or the
        last one before it; mid-way to another step, come back to the step
        shown first, then look from there."""
        if self.arrived:
            self._look_from_here(on)
        else:
            self.seek(self.cursor.shown)
            self.cursor = self.cursor._replace(asked=None, then=on)

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
        on = self.cursor.then
        if on is not None:
            self.cursor = self.cursor._replace(then=None)
            self._look_from_here(on)
            while not self.work(budget):
                yield self.made
        self.cursor = self.cursor._replace(shown=self.current.number)

    def take_past_end(self) -> int | None:
        """The step number last asked for, if it lies past the search's end
        (once: the question is then answered)."""
        asked = self.cursor.asked
        self.cursor = self.cursor._replace(asked=None)
        if asked is not None and self.total is not None and asked > self.total:
            return asked
        return None

    def seek(self, number: int) -> None:
        """Ask for step ``number`` (from 1; beyond the end means the last step)."""
        target = max(1, number)
        if self.total is not None:
            target = min(target, self.total)
        recent, cursor = self._recent, self.cursor
        at = cursor.at
        if recent and recent[0].number <= target <= recent[-1].number:
            at = target  # remembered: no work to do
        elif target <= self._fold.made:  # made already and not kept: only a new start reaches it
            self._restart()
            at = 0
        self.cursor = Cursor(at, target, None, None, None, number, cursor.shown)  # in order: the fast way (work)

    def seek_next(self, kind: Kind) -> None:
        """Ask for the next step of ``kind`` after this one (the last step if there is none)."""
        recent, cursor = self._recent, self.cursor
        for step in recent[cursor.at - recent[0].number + 1 :]:
            if step.event.kind is kind:
                self.cursor = cursor._replace(at=step.number, target=step.number, before=None, then=None)
                return
        last = recent[-1].number
        at = last
        if self.made > last:  # the events after it were made and not kept (a far seek given up)
            self._restart()  # only a new start makes them again
            at = 0
        self.cursor = self.cursor._replace(at=at, target=last, seeking=kind, before=None, then=None)

    def seek_previous(self, kind: Kind) -> None:
        """Ask for the last step of ``kind`` before this one (the first step if
        there is none). Steps not remembered are made again from the first,
        noting the last one of ``kind``."""
        recent, here = self._recent, self.cursor.at
        for step in reversed(recent[: here - recent[0].number]):
            if step.event.kind is kind:
                self.seek(step.number)
                return
        if recent[0].number == 1:  # every step before this one is remembered: none is of ``kind``
            self.seek(1)
            return
        self._restart()
        self._found = None
        self.cursor = self.cursor._replace(target=here - 1, seeking=None, before=kind, then=None)

    def halt(self) -> None:
        """Give up a long seek: stand at the last step made so far."""
        self.cursor = self.cursor._replace(before=None, then=None)
        if self._last is None:
            self.seek(1)
            self.work(1)
        else:
            made, recent = self.made, self._recent
            if not recent or recent[-1].number != made:
                self._remember(self._step(self._last))
            self.cursor = self.cursor._replace(at=made, target=made, seeking=None)
        self.cursor = self.cursor._replace(shown=self.current.number)

    def work(self, budget: int) -> bool:
        """Make at most ``budget`` events toward the step asked for; True once there."""
        recent, fold, keep, cursor = self._recent, self._fold, self.keep, self.cursor
        at, target, seeking, before = cursor.at, cursor.target, cursor.seeking, cursor.before
        while budget > 0 and not (seeking is None and at == target):
            if recent and seeking is None and recent[-1].number >= target:
                at = target  # remembered on the way
                break
            event = next(self._events, None)
            if event is None:  # the end: stand at the last step
                made = self.total = fold.made
                if self._last is not None and (not recent or recent[-1].number != made):
                    self._remember(self._step(self._last))
                at, target, seeking = made, made, None
                break
            fold.add(event)
            budget -= 1
            self._last = event
            made = fold.made
            if before is not None and (event.kind is before or made == 1):
                self._found = self._step(event)
            if seeking is not None and event.kind is seeking and made > target:
                seeking, target = None, made
            if seeking is not None or made > target - keep:
                self._remember(self._step(event))
                at = made
        # A cursor made with every field in order, as a record's fast way is
        # (``_replace`` names them, and took a fifth of a step forward), and
        # whether it arrived read here: the explorer's Forward makes one event.
        self.cursor = Cursor(at, target, seeking, before, cursor.then, cursor.asked, cursor.shown)
        arrived = seeking is None and at == target and at >= 1
        if before is not None and arrived:
            self._land()
        return arrived

    def _land(self) -> None:
        """The steps before the one seek_previous started from are made: stand
        at the last of its kind (kept alone when it is not among the steps
        remembered: they stay consecutive)."""
        found, self._found = self._found, None
        assert found is not None  # the first step is noted at least
        recent = self._recent
        if not (recent and recent[0].number <= found.number <= recent[-1].number):
            recent[:] = [found]
        self.cursor = self.cursor._replace(at=found.number, target=found.number, before=None)

    def _step(self, event: Event) -> Step:
        """The search as it stands now, after ``event``."""
        fold = self._fold
        return Step(fold.made, event, fold.counter.counts(), fold.path(), fold.cutoffs_at_x)

    def _remember(self, step: Step) -> None:
        """Keep ``step`` as the last one made (the caller stands at it). The
        steps kept stay consecutive, so that a step is found by its number: one
        made after a gap (the steps between were made but not kept, on the way
        to a far one) replaces those before it."""
        # Kept across a gap, the steps' numbers would no longer find them:
        # after End the trace held steps 1 and the last, took the last for
        # step 2, and Back raised IndexError.
        recent = self._recent
        if recent and recent[-1].number != step.number - 1:
            recent.clear()
        recent.append(step)
        if len(recent) > self.keep:
            del recent[: len(recent) - self.keep]
