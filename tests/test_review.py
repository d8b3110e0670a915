"""The game review (pyengine.review) against the test's own minimax (tests/reference.py)."""

from __future__ import annotations

import random

import pytest

from pyengine import Board, IllegalMoveError, Player, reachable_positions
from pyengine.review import first_mistake, review
from tests import reference as ref
from tests.support import cells_of

WORTH = {ref.LOSS: 0, ref.DRAW: 1, ref.WIN: 2}


def ref_gave_away(cells: str, cell: int) -> bool:
    """The reference's verdict: the move's value, for the mover, below the position's."""
    return WORTH[ref.move_outcome(cells, cell)[0]] < WORTH[ref.solve(cells)[0]]


def test_every_move_of_every_live_position_is_judged_as_the_reference_judges_it() -> None:
    """For each of the 4,520 live positions and each legal move: the review
    marks the move exactly when the reference's value of the move is below the
    reference's value of the position, and the better moves are exactly the
    moves the reference values above the one played."""
    marked = kept = 0
    for board in reachable_positions():
        if board.is_over:
            continue
        cells = cells_of(board)
        for cell in board.legal_moves:
            (judged,) = review(board, (cell,), (board.to_move,))
            assert (judged.ply, judged.cell) == (0, cell)
            assert judged.gave_away == ref_gave_away(cells, cell), (cells, cell)
            played = WORTH[ref.move_outcome(cells, cell)[0]]
            better = {c for c in ref.empties(cells) if WORTH[ref.move_outcome(cells, c)[0]] > played}
            assert {move.cell for move in judged.better} == better, (cells, cell)
            assert all(move.value.value == ref.move_outcome(cells, move.cell)[0] for move in judged.better)
            marked += judged.gave_away
            kept += not judged.gave_away
    assert marked and kept  # both verdicts happen: the check above could fail either way


def test_better_moves_come_best_first() -> None:
    """After X takes the centre, O on an edge loses: the corners, the draws, are better."""
    (judged,) = review(Board.parse(".../.X./..."), (1,), (Player.O,))
    assert judged.gave_away
    assert [move.cell for move in judged.better] == [0, 2, 6, 8]
    assert {move.value.value for move in judged.better} == {ref.DRAW}


def random_game(rng: random.Random) -> tuple[int, ...]:
    cells, moves = ref.EMPTY, []
    while not ref.is_over(cells):
        cell = rng.choice(ref.empties(cells))
        moves.append(cell)
        cells = ref.play(cells, cell)
    return tuple(moves)


@pytest.mark.parametrize("sides", [(Player.X,), (Player.O,), (Player.X, Player.O)])
def test_first_mistake_is_the_first_move_of_a_side_below_its_position(sides: tuple[Player, ...]) -> None:
    """Over 2,000 random games, for each choice of sides under review: the
    first mistake is the first move, by one of those sides, that the reference
    values below the position before it; None when there is none."""
    rng = random.Random(19)
    found = clean = 0
    for _ in range(2000):
        moves = random_game(rng)
        expected = None
        cells = ref.EMPTY
        for ply, cell in enumerate(moves):
            if Player.parse(ref.mover(cells)) in sides and ref_gave_away(cells, cell):
                expected = ply
                break
            cells = ref.play(cells, cell)
        mistake = first_mistake(Board.empty(), moves, sides)
        assert (mistake.ply if mistake else None) == expected, moves
        if mistake:
            assert mistake.cell == moves[mistake.ply]
            found += 1
        else:
            clean += 1
    assert found and clean


def test_a_perfect_game_has_no_mistake() -> None:
    """Both sides playing a best move every time: nothing to mark."""
    cells, moves = ref.EMPTY, []
    while not ref.is_over(cells):
        cell = ref.best_cells(cells)[-1]
        moves.append(cell)
        cells = ref.play(cells, cell)
    assert first_mistake(Board.empty(), moves, (Player.X, Player.O)) is None


def test_only_the_sides_under_review_are_solved() -> None:
    """The reviews name only the moves of the sides asked for, with their index in the game."""
    moves = (4, 1, 0, 8, 2)
    assert [judged.ply for judged in review(Board.empty(), moves, (Player.O,))] == [1, 3]
    assert [judged.ply for judged in review(Board.empty(), moves, (Player.X,))] == [0, 2, 4]
    assert list(review(Board.empty(), moves, ())) == []


def test_a_game_the_rules_do_not_allow_raises_before_any_work() -> None:
    """A taken cell, or a move after the end, is an IllegalMoveError at the call."""
    with pytest.raises(IllegalMoveError):
        review(Board.empty(), (4, 4), (Player.X,))
    with pytest.raises(IllegalMoveError):
        first_mistake(Board.empty(), (0, 3, 1, 4, 2, 5), (Player.X,))


def test_a_four_by_four_game_is_reviewed_too() -> None:
    """On 4x4, from a position near the end: O must block X's row at cell 3;
    playing 15 instead lets it through, and the block is the one better move."""
    start = Board.parse("XXX./OO../XO../....")
    judged = first_mistake(start, (15,), (Player.O,))
    assert judged is not None and judged.gave_away
    assert [move.cell for move in judged.better] == [3]
    assert first_mistake(start, (3,), (Player.O,)) is None
