"""Every value the explorer shows is true: exact where it says nothing, a
true bound where it says \u2265 or \u2264 ("at least", "at most").

Alpha-beta below the root returns values under a narrowed window, and those
are only bounds. Here every view of the explorer (the text outline, the
whole drawing, the path drawing, the event's sentence, the best move so far
and the path's headings) is read as a person reads it, at every step of
alpha-beta in cell order and in centre-corners-edges order, under both
conventions, and each value it states is checked against the engine's own
solver (``pyengine.value_of``, the table of all positions), never against
the search that made it.

The walk over every 3x3 position with at most 6 empty cells takes minutes, so
it is marked slow (``pytest -m slow tests/test_bounds.py``); by default the
same checks run on the ready lessons and on a fixed sample of positions.
"""

from __future__ import annotations

import re

import explorer_address
import pytest
import tree_drawing as drawing

from pyengine import Board, Player, Value, reachable_positions, value_of
from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm, Kind, Order, events
from pyengine.teaching.searchtree import fold
from pyengine.teaching.stepwords import Convention, describe, valued_side
from pyengine.teaching.trace import SMALL_TREE, Step, Trace

ORDERS = (Order.CELLS, Order.CCE)
CONVENTIONS = tuple(Convention)
MARKS = {"": 0, "\u2265": 1, "at least": 1, "\u2264": -1, "at most": -1}
"""How each view marks a value: exact (nothing), at least, at most."""
NUMBER = r"(?P<value>[+\u2212]?\d)"
BOUND = r"(?:(?P<mark>\u2265|\u2264|at least|at most) )?"
LABEL = re.compile(rf"^{BOUND}{NUMBER}$")
OUTLINE = re.compile(rf"(?:\): |won: |drawn: |draw: |worth ){BOUND}{NUMBER}(?: (?:for|to) (?P<side>[XO]))?")
SENTENCE = re.compile(rf"is worth {BOUND}{NUMBER} to (?P<side>[XO])")
BEST = re.compile(rf"worth {BOUND}{NUMBER} to (?P<side>[XO])$")
BRANCH = re.compile(rf"\): {BOUND}{NUMBER}, [\d,]+ nodes?$")
HEADING = re.compile(rf"best so far .*\({BOUND}{NUMBER}\)\.$")

SCORES = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}


def truth(board: Board, side: Player) -> int:
    """What ``board`` is worth to ``side`` under perfect play, from the
    engine's solver: a finished game by its result, any other by value_of."""
    if board.is_over:
        own = 0 if board.winner is None else -1  # for the side that would move next
    else:
        value, _ = value_of(board)
        assert value is not None
        own = SCORES[value]
    return own if valued_side(board) is side else -own


class Checks:
    """The claims read so far, each checked at once; counted, so that a
    test that read nothing cannot pass."""

    def __init__(self) -> None:
        self.exact = self.bounds = 0
        self.seen: set[tuple[object, ...]] = set()
        """The drawn labels read already in this walk: the same text on the
        same node is the same claim (a drawing redraws most nodes at every step)."""

    def claim(self, where: str, board: Board, side: Player, shown: int, mark: str | None) -> None:
        """``board`` is worth ``shown`` to ``side``, exactly or as ``mark`` bounds it."""
        true = truth(board, side)
        bound = MARKS[mark or ""]
        if bound == 0:
            self.exact += 1
            assert true == shown, f"{where}: shows {shown} for {side} at {board} as exact; it is worth {true}"
        else:
            self.bounds += 1
            assert (true - shown) * bound >= 0, (
                f"{where}: shows {mark} {shown} for {side} at {board}; it is worth {true}"
            )

    def read(self, where: str, pattern: re.Pattern[str], text: str, board: Board, side: Player | None) -> None:
        """Every value ``pattern`` finds in ``text``, about ``board``, for ``side`` (None: the text says)."""
        found = pattern.search(text)
        assert found is not None, f"{where}: no value in {text!r}"
        named = found.groupdict().get("side")
        whose = Player(named) if named else side
        assert whose is not None, f"{where}: whose value is {text!r}?"
        self.claim(f"{where} {text!r}", board, whose, number(found["value"]), found["mark"])


def number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def viewpoint(board: Board, path: tuple[int, ...], convention: Convention) -> Player:
    """Whose value a drawn node shows (tree_drawing's docstring): X's under
    MAX/MIN; under negamax the side that played the move into it, the root's
    own side to move at the root."""
    if convention is Convention.MAXMIN:
        return Player.X
    node = after(board, path)
    return node[path[-1]] or Player.X if path else valued_side(node)


def node_of(key: str) -> tuple[int, ...]:
    """A drawn node's moves from the root, from its ``data-node``."""
    return tuple(int(cell) for cell in key.split(",")) if key else ()


def after(board: Board, path: tuple[int, ...]) -> Board:
    for cell in path:
        board = board.play(cell)
    return board


def walk(board: Board, order: Order, checks: Checks) -> None:
    """Every step of alpha-beta on ``board`` in ``order``, every view, both conventions."""
    steps = list(events(Algorithm.ALPHABETA, board, order))
    searched = fold(steps, order)
    nodes = searched.nodes
    checks.seen.clear()
    for convention in CONVENTIONS:
        # The outline's line for a node changes only when its value comes back
        # (its ``valued`` step): read each line as it stands from then on.
        for node in nodes:
            if node.value is None:
                continue
            line = searchwords.tree_label(node, True, False, convention=convention)
            if node.move is None:
                checks.read("outline", OUTLINE, line, node.board, valued_side(node.board))
            else:
                checks.read("outline", OUTLINE, line, node.board, None)
    whole = drawing.WholeTree(searched, True)
    trace = Trace(Algorithm.ALPHABETA, board, order)
    for number_ in range(1, len(steps) + 1):
        trace.seek(number_)
        assert trace.work(10**6)
        step = trace.current
        assert step.event == steps[number_ - 1]
        for convention in CONVENTIONS:
            read_pictures(board, step, whole, convention, checks)
            read_sentences(board, step, convention, checks)


def read_pictures(board: Board, step: Step, whole: drawing.WholeTree, convention: Convention, checks: Checks) -> None:
    seen = checks.seen
    for name, picture in (
        ("whole drawing", whole.picture(step, convention)),
        ("path drawing", drawing.path_picture(step, False, True, convention)),
    ):
        for key, glyph in picture.glyphs.items():
            if not glyph.label:
                assert glyph.value is None
                continue
            if (key, glyph.label, glyph.value, convention) in seen:
                continue
            seen.add((key, glyph.label, glyph.value, convention))
            path = node_of(key)
            found = LABEL.match(glyph.label)
            assert found is not None, f"{name}: {glyph.label!r}"
            assert glyph.value == str(number(found["value"]))
            checks.claim(
                f"{name} at step {step.number}, node {key!r}",
                after(board, path),
                viewpoint(board, path, convention),
                number(found["value"]),
                found["mark"],
            )


def read_sentences(board: Board, step: Step, convention: Convention, checks: Checks) -> None:
    event = step.event
    where = f"step {step.number}"
    if event.kind is Kind.UP:
        assert event.move is not None
        text = describe(event, Algorithm.ALPHABETA, convention=convention, bound=step.value_bound)
        checks.read(f"event at {where}", SENTENCE, text, event.board.play(event.move), None)
    node = step.path[-1]
    if node.best is not None and event.kind is not Kind.DONE and not node.board.is_over:
        text = searchwords.best_text(step, convention=convention)
        checks.read(f"best so far at {where}", BEST, text, node.board.play(node.best), None)
    for depth, on_path in enumerate(step.path):
        if on_path.best is None or on_path.best_value is None or on_path.board.is_over:
            continue
        text = searchwords.node_heading(on_path, depth, Algorithm.ALPHABETA, convention=convention)
        side = Player.X if convention is Convention.MAXMIN else valued_side(on_path.board)
        checks.read(f"path heading at {where}", HEADING, text, on_path.board.play(on_path.best), side)
        if depth == len(step.path) - 1:
            for branch in on_path.branches:  # values come back only to the end of the path
                if branch.value is None:
                    continue
                text = searchwords.branch_text(branch, on_path, convention=convention)
                checks.read(f"path outline at {where}", BRANCH, text, on_path.board.play(branch.move), side)


def searched(board: Board) -> bool:
    return board.size == 3 and board.geometry.cells - board.ply <= SMALL_TREE


def every_position() -> list[Board]:
    return sorted((board for board in reachable_positions() if searched(board)), key=str)


SAMPLE = [lesson.board for lesson in explorer_address.LESSONS] + every_position()[::199]
"""The ready lessons (the deep cut-off among them, the case that once showed a bound as exact) and
every 199th position in notation order."""


@pytest.mark.parametrize("order", ORDERS)
def test_every_value_shown_on_a_sample_is_true(order: Order) -> None:
    checks = Checks()
    for board in SAMPLE:
        walk(board, order, checks)
    assert checks.exact > 1000 and checks.bounds > 100


@pytest.mark.slow
@pytest.mark.parametrize("order", ORDERS)
def test_every_value_shown_is_true_on_every_small_position(order: Order) -> None:
    checks = Checks()
    for board in every_position():
        walk(board, order, checks)
    assert checks.bounds > 10_000


def test_the_deep_cut_offs_move_is_said_to_be_at_most_plus_one() -> None:
    """After X plays top right, O wins on the left column at once, so the
    move is worth -1 to X; alpha-beta stopped at +1, a bound."""
    lesson = next(lesson for lesson in explorer_address.LESSONS if lesson.key == "deep-cutoff")
    nodes = fold(events(lesson.algorithm, lesson.board, lesson.order), lesson.order).nodes
    top_right = next(node for node in nodes if node.move == 2 and node.parent == 0)
    assert searchwords.tree_label(top_right, True, True).startswith("X top right (2): \u2264 +1 for X \u2014 cut off")
    assert truth(lesson.board.play(2), Player.X) == -1
