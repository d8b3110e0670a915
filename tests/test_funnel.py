"""The facts page's funnel (pyengine.facts.funnel), each number computed a
second way here: by enumeration, by the census by symmetry classes, or from
the reference model (tests/reference.py)."""

from __future__ import annotations

import itertools

from pyengine import Board, Player, compute_facts
from pyengine.census import census
from pyengine.editions.nojs import nojs_edition
from pyengine.facts import funnel
from tests import reference as ref


def test_the_boards_and_the_move_orders() -> None:
    """Counted by listing them all, not by a formula."""
    f = funnel()
    assert f.boards == sum(1 for _ in itertools.product("XO.", repeat=9))
    assert f.move_orders == sum(1 for _ in itertools.permutations(range(9)))


def test_positions_are_the_reference_models() -> None:
    f = funnel()
    assert f.positions == len(ref.reachable())
    assert f.positions_up_to_symmetry == census(3).classes


def test_a_persons_sequences_against_the_reference_bot() -> None:
    """A person's move sequences against a bot that plays the lowest of the
    reference solver's best cells, walked here one game at a time."""

    def sequences(person: str) -> int:
        count, frontier = 0, [ref.EMPTY]
        while frontier:
            cells = frontier.pop()
            if ref.is_over(cells):
                continue
            if ref.mover(cells) != person:
                frontier.append(ref.play(cells, min(ref.best_cells(cells))))
                continue
            count += len(ref.empties(cells))
            frontier.extend(ref.play(cells, c) for c in ref.empties(cells))
        return count

    f = funnel()
    assert (f.sequences_as_x, f.sequences_as_o) == (sequences("X"), sequences("O"))


def test_the_tree_by_depth_is_the_census() -> None:
    """The tree's nodes by depth, as the census by symmetry classes counts them."""
    assert funnel().tree_nodes_by_depth == tuple(nodes for _, _, nodes in census(3).per_depth)
    assert sum(funnel().tree_nodes_by_depth) == compute_facts().tree_nodes


def test_games_up_to_symmetry_are_distinct_sequences_of_positions_up_to_symmetry() -> None:
    """Every one of the 255,168 games, each position replaced by its symmetry
    class: as many distinct sequences as the funnel counts (26,830)."""
    canonical: dict[Board, Board] = {}

    def shape(board: Board) -> Board:
        if board not in canonical:
            canonical[board] = board.canonical()[0]
        return canonical[board]

    seen: set[tuple[Board, ...]] = set()
    stack: list[tuple[Board, tuple[Board, ...]]] = [(Board.empty(), (shape(Board.empty()),))]
    games = 0
    while stack:
        board, path = stack.pop()
        if board.is_over:
            games += 1
            seen.add(path)
            continue
        for cell in board.legal_moves:
            child = board.play(cell)
            stack.append((child, (*path, shape(child))))
    assert games == funnel().games
    assert len(seen) == funnel().games_up_to_symmetry


def test_a_persons_sequences_are_the_no_javascript_editions() -> None:
    """The sequences against the compiled bot are the selectors the no-JS
    edition writes, one per sequence."""
    f = funnel()
    assert (f.sequences_as_x, f.sequences_as_o) == (nojs_edition(Player.X).sequences, nojs_edition(Player.O).sequences)
