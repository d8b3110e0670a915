"""A drill's tree drawn as the explorer draws a search (site/py/drill_drawing.py),
in CPython: every node of the answer key is drawn once, keyed by its path;
the finished games carry their given values and nothing else does; before a
move is marked, a move the search never examines is drawn exactly like one
it does; a mark draws that move and all below it as cut off; the entries sit
beside their nodes without overlapping; a phone's width gets the list."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path as FilePath

import pytest

from pyengine import Board
from pyengine.board import reachable_positions
from pyengine.teaching.drill import Drill, Key, Status, answer_key, eligible, node_key
from pyengine.teaching.search import Order, Rule
from pyengine.teaching.stepwords import Convention

sys.path.insert(0, str(FilePath(__file__).resolve().parent.parent / "site" / "py"))
import drill_drawing
import tree_drawing as drawing
from drill_drawing import DrillTree, Place
from tree_drawing import View

DRILLS = [board for board in reachable_positions() if len(board.legal_moves) in (3, 4) and eligible(board, Order.CELLS)]
"""Every 3x3 drill position in cell order."""
SAMPLE = [*DRILLS[::40], Board.parse("XO./.XO/X..")]
SETTINGS = list(itertools.product(Convention, Rule))


def _keys(boards: list[Board]) -> list[Key]:
    """A drill of each board, its convention and rule taken in turn (each setting over many boards)."""
    return [
        answer_key(Drill(board, Order.CELLS, *settings))
        for board, settings in zip(boards, itertools.cycle(SETTINGS), strict=False)
    ]


def _placed(key: Key) -> DrillTree:
    tree = DrillTree(key)
    tree.place(View(True, True))
    return tree


def test_there_are_drills_to_draw() -> None:
    assert len(DRILLS) > 50


def test_every_node_of_the_key_is_drawn_once_keyed_by_its_path() -> None:
    for key in _keys(SAMPLE):
        picture = _placed(key).picture(frozenset())
        assert list(picture.glyphs) == [node_key(node.path) for node in key.nodes]
        assert list(picture.edges) == [node_key(node.path) for node in key.nodes if node.path]
        for node in key.nodes:
            glyph = picture.glyphs[node_key(node.path)]
            assert glyph.board == node.board and glyph.move == (node.path[-1] if node.path else None)
            assert 0 < glyph.x < picture.width and 0 < glyph.y < picture.height
            if node.path:  # a node's line comes down from its parent's value list to its own top
                edge, parent = picture.edges[glyph.key], picture.glyphs[node_key(node.path[:-1])]
                assert (edge.x1, edge.x2) == (parent.x, glyph.x) and parent.y < edge.y1 < edge.y2 < glyph.y


def test_only_finished_games_carry_values_the_given_ones() -> None:
    for key in _keys(DRILLS):
        picture = _placed(key).picture(frozenset())
        for node in key.nodes:
            glyph = picture.glyphs[node_key(node.path)]
            if node.board.is_over:
                assert node.given is not None
                assert (glyph.value, glyph.label) == (str(node.given.value), node.given.text)
            else:
                assert (glyph.value, glyph.label) == (None, "")


def test_unmarked_a_never_searched_move_is_drawn_like_any_other() -> None:
    """Before a mark, a node's classes and its line's say only who moved into
    it, never what the search does there (its value: only a finished game's,
    checked above)."""
    statuses = set()
    for key in _keys(DRILLS):
        picture = _placed(key).picture(frozenset())
        for node in key.nodes:
            glyph = picture.glyphs[node_key(node.path)]
            mover = node.board[node.path[-1]] if node.path else None
            assert glyph.classes == ("tn" if mover is None else f"tn {mover.value.lower()}")
            assert glyph.step is None  # no click leads anywhere
            if node.path:
                assert picture.edges[glyph.key].classes == "edge"
            statuses.add(node.status)
    assert statuses == set(Status)  # searched, skipped and below among them


def test_a_mark_draws_that_move_and_all_below_it_cut_off() -> None:
    for key in _keys(SAMPLE):
        tree = _placed(key)
        for node in key.nodes:
            if not node.path:
                continue
            picture = tree.picture(frozenset({node.path}))
            for other in key.nodes:
                glyph, edge = picture.glyphs[node_key(other.path)], picture.edges.get(node_key(other.path))
                under = other.path[: len(node.path)] == node.path and other.path != node.path
                assert ("pruned" in glyph.classes.split()) == (other.path == node.path)
                assert ("below" in glyph.classes.split()) == under
                if edge is not None:
                    assert ("pruned" in edge.classes.split()) == (other.path == node.path or under)


def _overlap(a: Place, b: Place) -> bool:
    return (
        a.left < b.left + b.width
        and b.left < a.left + a.width
        and a.top < b.top + b.height
        and b.top < a.top + a.height
    )


def test_entries_sit_beside_their_nodes_and_never_overlap() -> None:
    for key in _keys(SAMPLE):
        tree = _placed(key)
        picture = tree.picture(frozenset())
        entries = tree.entries()
        assert list(entries) == [node.path for node in key.nodes]  # the tree's order, for the keyboard
        places: list[Place] = []
        for node in key.nodes:
            found = entries[node.path]
            assert (found.value is None) == node.board.is_over
            assert (found.skip is None) == (not node.path)
            glyph = picture.glyphs[node_key(node.path)]
            x, y = glyph.x / picture.width, glyph.y / picture.height
            if found.value is not None:  # under its node, centred
                assert found.value.top > y and found.value.left + found.value.width / 2 == pytest.approx(x)
            if found.skip is not None:  # above it, on the line into it
                assert found.skip.top + found.skip.height < y
            for place in (found.value, found.skip, found.grade):
                if place is not None:
                    assert place.left >= 0 and place.left + place.width <= 1
                    assert place.top >= 0 and place.top + place.height <= 1
                    places.append(place)
        assert not any(_overlap(a, b) for a, b in itertools.combinations(places, 2))


def test_the_view_follows_the_width() -> None:
    key = answer_key(Drill(Board.parse("XO./.XO/X.."), Order.CELLS, Convention.MAXMIN, Rule.AIMA))
    tree = DrillTree(key)
    units = tree.units()
    assert units == tree.whole.slots * drill_drawing.SLOT + 2 * drawing.MARGIN
    assert tree.choose_view(390) is None  # a phone: the list
    assert tree.choose_view(units * drill_drawing.MIN_SCALE) == View(True, True)
    assert tree.choose_view(units * drill_drawing.MIN_SCALE - 1) is None
