"""The solver: analyze(), best_moves() and value_of() against the test's own minimax."""

from __future__ import annotations

import pytest

from pyengine import (
    Board,
    IllegalMoveError,
    MoveAnalysis,
    Value,
    analyze,
    analyze_move,
    best_moves,
    reachable_positions,
    value_of,
)
from pyengine.errors import OFF_BOARD, TAKEN
from tests import reference as ref
from tests.support import cells_of

BOARDS = reachable_positions()


def test_empty_board_is_a_draw_in_nine_with_every_move_best() -> None:
    """With perfect play the game is drawn on a full board, and no first move loses."""
    analysis = analyze(Board.empty())
    assert analysis.value is Value.DRAW
    assert analysis.plies == 9
    assert analysis.best == tuple(range(9))
    assert analysis.moves == tuple(MoveAnalysis(c, Value.DRAW, 9) for c in range(9))
    assert analysis.board == Board.empty()


def test_every_live_position_matches_an_independent_minimax() -> None:
    """For all 4,520 live positions: the value and length, each move's value and length,
    and the set of best moves are those of a plainly written minimax (fastest win,
    slowest loss)."""
    live = 0
    for board in BOARDS:
        if board.is_over:
            continue
        live += 1
        cells = cells_of(board)
        analysis = analyze(board)
        value, plies = ref.solve(cells)
        assert (analysis.value.value, analysis.plies) == (value, plies), cells  # type: ignore[union-attr]
        assert [m.cell for m in analysis.moves] == ref.empties(cells)
        for move in analysis.moves:
            assert (move.value.value, move.plies) == ref.move_outcome(cells, move.cell), (cells, move)
            assert analysis.move(move.cell) == move
        assert analysis.best == ref.best_cells(cells), cells
    assert live == 4520


def test_finished_boards_have_no_value_and_no_moves() -> None:
    """Won or drawn boards: value None, 0 plies, no moves, nothing best."""
    for board in BOARDS:
        if board.is_over:
            analysis = analyze(board)
            assert analysis.value is None and analysis.plies == 0
            assert analysis.moves == () and analysis.best == ()
            assert best_moves(board) == ()
            assert value_of(board) == (None, 0)


def test_best_moves_and_value_of_agree_with_analyze() -> None:
    """best_moves() is analyze().best and value_of() is its (value, plies), everywhere."""
    for board in BOARDS:
        analysis = analyze(board)
        assert best_moves(board) == analysis.best
        assert value_of(board) == (analysis.value, analysis.plies)


@pytest.mark.parametrize(
    ("text", "value", "plies", "best"),
    [
        ("XX./OO./...", Value.WIN, 1, (2,)),  # win at once rather than block
        ("X.O/.X./...", Value.DRAW, 6, (8,)),  # O must block the diagonal
        ("XX./O../...", Value.LOSS, 4, (2,)),  # the block only delays: X forks from the centre
        ("X../.O./..X", Value.DRAW, 6, (1, 3, 5, 7)),  # O must take an edge, not a corner
        ("X../.../...", Value.DRAW, 8, (4,)),  # the only reply to a corner is the centre
        ("X.X/.O./X.O", Value.LOSS, 2, (1, 3, 5, 7)),  # two threats: every move loses next turn
    ],
)
def test_textbook_positions(text: str, value: Value, plies: int, best: tuple[int, ...]) -> None:
    """Well-known positions have their well-known answers."""
    analysis = analyze(Board.parse(text))
    assert (analysis.value, analysis.plies, analysis.best) == (value, plies, best)


def test_move_of_an_illegal_cell_is_an_illegal_move_error() -> None:
    """Analysis.move() only knows legal moves, and says so as analyze_move does."""
    board = Board.parse("X.O/.X./...")
    for cell, reason in ((0, TAKEN), (9, OFF_BOARD)):
        with pytest.raises(IllegalMoveError) as from_analysis:
            analyze(board).move(cell)
        with pytest.raises(IllegalMoveError) as from_analyze_move:
            analyze_move(board, cell)
        assert from_analysis.value.reason == from_analyze_move.value.reason == reason
        assert from_analysis.value.cell == cell
