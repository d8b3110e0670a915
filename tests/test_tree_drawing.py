"""The explorer's drawn tree (site/py/tree_drawing.py), in CPython: the nodes
drawn at a step are the positions the search has entered by then, their
values are the events' values as each convention states them, the skipped
nodes are exactly the moves the cut-offs skipped, and the view falls back to
the path when the whole tree would not be readable."""

from __future__ import annotations

import itertools

import pytest
import tree_drawing as drawing
from tree_drawing import Picture, View, WholeTree

from pyengine import Board
from pyengine.board import Player
from pyengine.teaching.search import INFINITY, Algorithm, Kind, Order, events
from pyengine.teaching.searchtree import Bound, BranchState, fold
from pyengine.teaching.stepwords import Convention, bounded
from pyengine.teaching.trace import Step, Trace
from tests.support import expected_values, key

SMALL = Board.parse("X.O/.X./..O")  # five empty cells: alpha-beta cuts here
TINY = Board.parse("XOX/.O./X..")  # four empty cells: a whole tree that fits a projector
SEARCHES = [
    (Algorithm.ALPHABETA, Order.CELLS, SMALL),
    (Algorithm.ALPHABETA, Order.CCE, TINY),
    (Algorithm.MINIMAX, Order.CELLS, TINY),
    (Algorithm.MEMO, Order.CELLS, SMALL),
]


def step_at(algorithm: Algorithm, board: Board, order: Order, number: int) -> Step:
    trace = Trace(algorithm, board, order)
    trace.seek(number)
    assert trace.work(10**7)
    return trace.current


class TestWholeTree:
    """A small search drawn whole, checked against its events at every step."""

    @pytest.mark.parametrize(("algorithm", "order", "board"), SEARCHES)
    @pytest.mark.parametrize("convention", list(Convention))
    def test_nodes_values_and_pruned_follow_the_events(
        self, algorithm: Algorithm, order: Order, board: Board, convention: Convention
    ) -> None:
        """At every step: a node for each position entered so far and for each
        move skipped by a cut-off so far, and no other; data-value on exactly
        the nodes whose value is known, equal to the events' value as
        ``convention`` states it; data-step is the step that entered the
        node (a skipped move: its cut-off's step)."""
        steps = list(events(algorithm, board, order))
        whole = WholeTree(fold(steps), algorithm is Algorithm.ALPHABETA)
        trace = Trace(algorithm, board, order)
        for number in range(1, len(steps) + 1):
            trace.seek(number)
            assert trace.work(10**6)
            picture = whole.picture(trace.current, convention)
            entered = {key(e.path): n for n, e in enumerate(steps[:number], 1) if e.kind is Kind.ENTER}
            skipped = {
                key((*e.path, cell)): n
                for n, e in enumerate(steps[:number], 1)
                if e.kind is Kind.CUTOFF
                for cell in e.skipped
            }
            assert set(picture.glyphs) == entered.keys() | skipped.keys()
            pruned = {name for name, glyph in picture.glyphs.items() if "pruned" in glyph.classes.split()}
            assert pruned == skipped.keys()
            assert {name: g.step for name, g in picture.glyphs.items()} == {**entered, **skipped}
            values = {name: int(g.value) for name, g in picture.glyphs.items() if g.value is not None}
            assert values == expected_values(steps, number, board, convention)
            current = [name for name, glyph in picture.glyphs.items() if "current" in glyph.classes.split()]
            assert current == [key(steps[number - 1].path)]

    def test_the_last_step_has_every_node_and_the_root_value(self) -> None:
        steps = list(events(Algorithm.ALPHABETA, SMALL, Order.CELLS))
        whole = WholeTree(fold(steps), True)
        picture = whole.picture(step_at(Algorithm.ALPHABETA, SMALL, Order.CELLS, len(steps)), Convention.NEGAMAX)
        cutoffs = [e for e in steps if e.kind is Kind.CUTOFF]
        assert cutoffs, "this position must show a cut-off"
        assert sum("pruned" in g.classes.split() for g in picture.glyphs.values()) == sum(
            len(e.skipped) for e in cutoffs
        )
        assert picture.glyphs[""].value == str(steps[-1].value)
        # Every cut-off says why, with its window, under the moves it skipped.
        reasons = {name for name in picture.notes if name.startswith("cut:")}
        assert reasons == {"cut:" + key(e.path) for e in cutoffs}
        # Every drawn line joins a node to its parent.
        for name, edge in picture.edges.items():
            child = picture.glyphs[name]
            parent = picture.glyphs[name.rpartition(",")[0] if "," in name else ""]
            assert (edge.x1, edge.x2) == (parent.x, child.x) and edge.y1 < edge.y2

    def test_a_cut_off_says_its_window_in_either_convention(self) -> None:
        """The reason under skipped moves is the cut-off's window: alpha at
        least beta under negamax; for O's position under MAX/MIN, the window
        seen from X, (-beta, -alpha), still reads alpha at least beta."""
        steps = list(events(Algorithm.ALPHABETA, SMALL, Order.CELLS))
        cut = next(e for e in steps if e.kind is Kind.CUTOFF and e.board.to_move is Player.O)
        number = steps.index(cut) + 1
        step = step_at(Algorithm.ALPHABETA, SMALL, Order.CELLS, number)
        whole = WholeTree(fold(steps), True)
        sign = {1: "+1", 0: "0", -1: "\u22121", INFINITY: "+\u221e", -INFINITY: "\u2212\u221e"}
        negamax = whole.picture(step, Convention.NEGAMAX).notes["cut:" + key(cut.path)].lines
        maxmin = whole.picture(step, Convention.MAXMIN).notes["cut:" + key(cut.path)].lines
        assert negamax == (f"\u03b1 {sign[cut.alpha]}", f"\u2265 \u03b2 {sign[cut.beta]}")
        assert maxmin == (f"\u03b1 {sign[-cut.beta]}", f"\u2265 \u03b2 {sign[-cut.alpha]}")
        window = whole.picture(step, Convention.NEGAMAX).notes["window"].lines[0]
        assert window.endswith(f"\u03b1 {sign[cut.alpha]}, \u03b2 {sign[cut.beta]}")
        # The window is the current node's, which the picture marks apart from the rest of the path.
        assert window.startswith("At the current node (outlined)")
        glyphs = whole.picture(step, Convention.NEGAMAX).glyphs
        current = [name for name, glyph in glyphs.items() if "current" in glyph.classes.split()]
        assert current == [key(cut.path)]

    def test_bounds_are_marked_where_the_window_narrowed(self) -> None:
        """Alpha-beta below the root returns bounds: a node whose value fell
        outside the window it was entered with shows \u2265 or \u2264; the
        root and finished games never do; minimax never does."""
        steps = list(events(Algorithm.ALPHABETA, SMALL, Order.CELLS))
        step = step_at(Algorithm.ALPHABETA, SMALL, Order.CELLS, len(steps))
        picture = WholeTree(fold(steps), True).picture(step, Convention.NEGAMAX)
        bounded = {name for name, g in picture.glyphs.items() if g.label[:1] in ("\u2265", "\u2264")}
        assert bounded and "" not in bounded
        assert all(not g.board.is_over for name, g in picture.glyphs.items() if name in bounded)
        plain = list(events(Algorithm.MINIMAX, SMALL))
        minimax = WholeTree(fold(plain), False).picture(
            step_at(Algorithm.MINIMAX, SMALL, Order.CELLS, len(plain)), Convention.NEGAMAX
        )
        assert all(g.label[:1] not in ("\u2265", "\u2264") for g in minimax.glyphs.values())
        assert "window" not in minimax.notes

    def test_a_finished_root_is_valued_for_the_side_that_would_move(self) -> None:
        """X has won: the root is worth -1 to O, who would move next, which
        is +1 from X's side (MAX/MIN); both views say the same."""
        board = Board.parse("XXX/OO./...")
        steps = list(events(Algorithm.ALPHABETA, board))
        step = step_at(Algorithm.ALPHABETA, board, Order.CELLS, len(steps))
        for convention, value in ((Convention.NEGAMAX, "-1"), (Convention.MAXMIN, "1")):
            assert WholeTree(fold(steps), True).picture(step, convention).glyphs[""].value == value
            assert drawing.path_picture(step, True, True, convention).glyphs[""].value == value

    def test_memo_hits_are_marked(self) -> None:
        steps = list(events(Algorithm.MEMO, SMALL))
        hits = {key(e.path) for e in steps if e.kind is Kind.HIT}
        assert hits
        picture = WholeTree(fold(steps), False).picture(
            step_at(Algorithm.MEMO, SMALL, Order.CELLS, len(steps)), Convention.NEGAMAX
        )
        assert {name for name, g in picture.glyphs.items() if "hit" in g.classes.split()} == hits

    def test_leaves_get_their_own_slots_and_parents_sit_over_their_children(self) -> None:
        steps = list(events(Algorithm.MINIMAX, TINY))
        whole = WholeTree(fold(steps), False)
        picture = whole.picture(step_at(Algorithm.MINIMAX, TINY, Order.CELLS, len(steps)), Convention.NEGAMAX)
        by_depth: dict[float, list[float]] = {}
        for glyph in picture.glyphs.values():
            by_depth.setdefault(glyph.y, []).append(glyph.x)
        for xs in by_depth.values():
            xs.sort()
            assert all(b - a >= drawing.SLOT_BOARDS - 1e-9 for a, b in itertools.pairwise(xs))
        for name, glyph in picture.glyphs.items():
            kids = [g.x for n, g in picture.glyphs.items() if n and n.rpartition(",")[0] == name]
            if kids:
                assert glyph.x == pytest.approx((min(kids) + max(kids)) / 2)
        assert all(0 < g.x < picture.width and 0 < g.y < picture.height for g in picture.glyphs.values())


class TestPathView:
    """A large search drawn as its path: the rows are the positions on the
    path, each with all its moves, as the trace holds them."""

    @pytest.mark.parametrize("convention", list(Convention))
    def test_the_path_and_its_moves(self, convention: Convention) -> None:
        board = Board.parse("X.O/.../...")
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS))
        for number in (1, 7, 40, 333, len(steps)):
            step = step_at(Algorithm.ALPHABETA, board, Order.CELLS, number)
            picture = drawing.path_picture(step, True, True, convention)
            want = {""}
            for depth, node in enumerate(step.path):
                want |= {key((*step.event.path[:depth], b.move)) for b in node.branches}
            assert set(picture.glyphs) == want
            for depth, node in enumerate(step.path):
                for branch in node.branches:
                    glyph = picture.glyphs[key((*step.event.path[:depth], branch.move))]
                    assert ("pruned" in glyph.classes.split()) == (branch.state is BranchState.SKIPPED)
                    if branch.state is BranchState.DONE:
                        assert branch.value is not None and node.board.to_move is not None
                        flip = convention is Convention.MAXMIN and node.board.to_move is Player.O
                        assert glyph.value == str(-branch.value if flip else branch.value)
                        assert glyph.step == branch.entered
            current = [n for n, g in picture.glyphs.items() if "current" in g.classes.split()]
            assert current == [key(step.event.path)]
            if step.event.kind is Kind.DONE:
                assert picture.glyphs[""].value == str(step.event.value)

    def test_the_picture_keeps_the_height_it_is_asked_for(self) -> None:
        shallow = step_at(Algorithm.MINIMAX, Board.parse("X.O/.../..."), Order.CELLS, 2)
        deep = step_at(Algorithm.MINIMAX, Board.parse("X.O/.../..."), Order.CELLS, 9)
        assert len(deep.path) > len(shallow.path)
        tall = drawing.path_picture(deep, True, False, Convention.NEGAMAX)
        assert drawing.path_picture(shallow, True, False, Convention.NEGAMAX).height < tall.height
        assert drawing.path_picture(shallow, True, False, Convention.NEGAMAX, len(deep.path)).height == tall.height

    def test_a_cut_off_shows_its_skipped_moves_and_why(self) -> None:
        board = Board.parse("X.O/.../...")
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS))
        number, cut = next((n, e) for n, e in enumerate(steps, 1) if e.kind is Kind.CUTOFF)
        picture = drawing.path_picture(
            step_at(Algorithm.ALPHABETA, board, Order.CELLS, number), True, True, Convention.NEGAMAX
        )
        pruned = {n for n, g in picture.glyphs.items() if "pruned" in g.classes.split()}
        assert pruned == {key((*cut.path, cell)) for cell in cut.skipped}
        assert "cut:" + key(cut.path) in picture.notes

    def test_memo_hits_on_the_path_are_marked(self) -> None:
        """A move searched in one node that is no finished game came from the table."""
        board = Board.parse("X.O/.../...")
        steps = list(events(Algorithm.MEMO, board))
        number, hit = next((n, e) for n, e in enumerate(steps, 1) if e.kind is Kind.HIT)
        at_hit = drawing.path_picture(
            step_at(Algorithm.MEMO, board, Order.CELLS, number), False, False, Convention.NEGAMAX
        )
        assert "hit" in at_hit.glyphs[key(hit.path)].classes.split()
        after = drawing.path_picture(
            step_at(Algorithm.MEMO, board, Order.CELLS, number + 1), False, False, Convention.NEGAMAX
        )
        assert "hit" in after.glyphs[key(hit.path)].classes.split()
        assert after.glyphs[key(hit.path)].value == str(steps[number].value)  # the UP after the hit


class TestChoosingTheView:
    def test_whole_when_it_fits_readably_else_the_path(self) -> None:
        steps = list(events(Algorithm.ALPHABETA, TINY, Order.CELLS))
        whole = WholeTree(fold(steps), True)
        needed = whole.slots * drawing.SLOT_BOARDS + 2 * drawing.MARGIN
        assert drawing.choose_view(whole.slots, 4, needed * drawing.MIN_SCALE) == View(True, True)
        moves = whole.slots * drawing.SLOT_MOVES + 2 * drawing.MARGIN
        assert drawing.choose_view(whole.slots, 4, moves * drawing.MIN_SCALE) == View(True, False)
        assert drawing.choose_view(whole.slots, 4, moves * drawing.MIN_SCALE - 1).whole is False
        assert drawing.choose_view(None, 9, 10_000) == View(False, True)

    def test_three_empty_cells_are_whole_down_to_a_phone(self) -> None:
        """The browser test's position (tests/browser/test_tree.py) is drawn
        whole in a box 256 px wide, whatever the page's layout gives the tree."""
        whole = WholeTree(fold(events(Algorithm.ALPHABETA, Board.parse("XOX/.O./X.O"))), True)
        assert drawing.choose_view(whole.slots, 3, 256).whole

    def test_projector_widths(self) -> None:
        """On a 1280 px projector with the tree as wide as the screen, a
        four-empty-cell search is drawn whole with boards; plain minimax on
        six empty cells (hundreds of leaves) only as its path."""
        tiny = WholeTree(fold(events(Algorithm.ALPHABETA, TINY, Order.CCE)), True)
        assert drawing.choose_view(tiny.slots, 4, 1280) == View(True, True)
        big = WholeTree(fold(events(Algorithm.MINIMAX, Board.parse("X.O/.X./..."))), False)
        assert drawing.choose_view(big.slots, 6, 1920).whole is False

    def test_presenting_keeps_labels_and_cells_24_px_at_1080(self) -> None:
        """Presenting on a 1080 px screen, the view chosen is drawn at a scale
        where values, moves and a mini-board's cells are 24 px or more: "A deep
        cut-off", drawn whole when not presenting, falls back to its path with
        boards in the same box; the whole tree of three empty cells stays whole."""
        least_px = 1080 * drawing.PRESENT_SHARE
        assert least_px == pytest.approx(24)
        board = Board.parse("O../OX./.X.")
        deep = WholeTree(fold(events(Algorithm.ALPHABETA, board, Order.CELLS)), True)
        box = (deep.slots * drawing.SLOT_MOVES + 2 * drawing.MARGIN) * drawing.MIN_SCALE  # whole, moves, today
        assert drawing.choose_view(deep.slots, 5, box) == View(True, False)
        view = drawing.choose_view(deep.slots, 5, box, least_px)
        assert view == View(False, True)
        scale = drawing.least_scale(view.boards, 3, least_px)
        assert drawing.VALUE_FONT * scale >= 24 and drawing.BOARD / 3 * scale >= 24
        assert (5 * drawing.SLOT_BOARDS + 2 * drawing.MARGIN) * scale <= box  # the path's row fits at that scale
        assert drawing.least_scale(False, 3, least_px) * drawing.VALUE_FONT == pytest.approx(24)
        assert drawing.least_scale(True, 3, 0.0) == drawing.MIN_SCALE  # not presenting: today's rule
        tiny = WholeTree(fold(events(Algorithm.ALPHABETA, TINY, Order.CELLS)), True)
        assert drawing.choose_view(tiny.slots, 4, 1035, least_px).whole


class TestShapes:
    def test_a_mini_board_draws_each_mark_once(self) -> None:
        board = Board.parse("XO./.X./..O")
        grid, xs, os = drawing.board_shapes(board)
        assert grid.count("M") == 4  # two lines each way
        assert xs.count("M") == 2 * 2  # two strokes per X
        assert os.count("a") == 2 * 2  # two arcs per O
        four = Board.parse("XO../OX../..XO/....")
        grid4, xs4, os4 = drawing.board_shapes(four)
        assert grid4.count("M") == 6 and xs4.count("M") == 2 * 3 and os4.count("a") == 2 * 3

    def test_the_last_move_is_the_square_of_its_cell(self) -> None:
        x, y, side = drawing.last_cell(Board.empty(), 5)
        assert (x, y, side) == (drawing.BOARD / 6, -drawing.BOARD / 6, drawing.BOARD / 3)

    def test_words(self) -> None:
        assert bounded(1) == "+1"
        assert bounded(0, Bound.AT_LEAST) == "\u2265 0" and bounded(-1, Bound.AT_MOST) == "\u2264 \u22121"
        assert drawing.node_key(()) == "" and drawing.node_key((4, 0)) == "4,0"
        assert "MAX" in drawing.key_text(Convention.MAXMIN, True)
        assert "cut off" in drawing.key_text(Convention.NEGAMAX, True)
        assert "cut off" not in drawing.key_text(Convention.NEGAMAX, False)
        assert "current node, where the search stands, has a thick outline" in drawing.key_text(
            Convention.NEGAMAX, False
        )


def test_picture_is_a_record() -> None:
    """A picture compares by value: the page redraws only what changed."""
    step = step_at(Algorithm.MINIMAX, TINY, Order.CELLS, 5)
    whole = WholeTree(fold(events(Algorithm.MINIMAX, TINY)), False)
    first: Picture = whole.picture(step, Convention.NEGAMAX)
    assert first == whole.picture(step, Convention.NEGAMAX)
