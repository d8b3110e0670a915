"""Which cells complete a line: a rule of the board's shape (Geometry), asked
by the bots, the searches and the solver, none of which needs another's."""

from __future__ import annotations

import random

import pytest

from pyengine import Board, Level, alphabeta, bot, clear_caches, geometry, play_match
from pyengine.geometry import completion_table
from pyengine.teaching.search import Algorithm, Order, events, ordered_moves
from tests.test_imports import graph
from tests.test_legality import lines_by_hand


def completing_by_hand(size: int, mine: int) -> int:
    """The cells outside ``mine`` that, added to it, make a whole row, column
    or diagonal through them (the legality test's lines, written by hand)."""
    found = 0
    for cell in range(size * size):
        with_it = mine | 1 << cell
        through = [line for line in lines_by_hand(size) if cell in line]
        if not mine >> cell & 1 and any(all(with_it >> c & 1 for c in line) for line in through):
            found |= 1 << cell
    return found


def test_completing_on_every_3x3_mask_and_a_sample_of_4x4() -> None:
    """Geometry.completing names exactly the cells that would finish a line,
    on all 512 sets of 3x3 cells and 3,000 random sets of 4x4 ones; the
    3x3 solver's table of every mask says the same."""
    three, four = geometry(3), geometry(4)
    table = completion_table(three)
    for mine in range(512):
        assert three.completing(mine) == table[mine] == completing_by_hand(3, mine), bin(mine)
    for mine in random.Random(29).sample(range(1 << 16), 3000):
        assert four.completing(mine) == completing_by_hand(4, mine), bin(mine)


def test_winning_cells_are_the_free_completing_cells_in_order() -> None:
    """winning_cells keeps only the free cells, in increasing order."""
    four = geometry(4)
    # X on 0, 1, 2 and 5, 10: the top row needs 3, the diagonal 15; O holds 15.
    mine, theirs = 0b0000_0100_0010_0111, 1 << 15
    assert four.completing(mine) == 1 << 3 | 1 << 15
    assert four.winning_cells(mine, four.full ^ (mine | theirs)) == (3,)
    assert four.winning_cells(mine, four.full ^ mine) == (3, 15)


@pytest.fixture
def no_search_may_be_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to build the alpha-beta back-end fails the test; every
    back-end built so far is forgotten first, so none is at hand."""

    def refuse(*_: object) -> None:
        raise AssertionError("the alpha-beta search was built")

    clear_caches()
    monkeypatch.setattr(alphabeta.Search, "__init__", refuse)


@pytest.mark.usefixtures("no_search_may_be_built")
@pytest.mark.parametrize("level", [Level.RANDOM, Level.EASY, Level.MEDIUM])
def test_the_bots_below_perfect_never_build_the_4x4_search(level: Level) -> None:
    """Random, easy and medium bots play whole 4x4 games without the solver's
    back-end: completing a line is the board's rule, not the solver's."""
    result = play_match(bot(level, seed=1), bot(Level.MEDIUM, seed=2), 20, start=Board.empty(4))
    assert result.games == 20


@pytest.mark.usefixtures("no_search_may_be_built")
def test_the_textbook_searches_order_4x4_moves_without_the_solver() -> None:
    """The engine's move order (wins, then blocks) needs no back-end, on 4x4 too."""
    board = Board.parse("XXX./OOO./..../....")
    assert ordered_moves(board, Order.ENGINE)[:2] == (3, 7)
    assert sum(1 for _ in events(Algorithm.ALPHABETA, board, Order.ENGINE)) > 0


def test_search_imports_no_solver() -> None:
    """The textbook searches took the rule from the solver, and so depended on
    the module they are meant to be the plain counterpart of; now they do not."""
    assert "pyengine.solver" not in graph()["pyengine.teaching.search"]
