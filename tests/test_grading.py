"""pyengine/grading/chooseform.py: what a chosen move is worth, for 'Check your own minimax'."""

from __future__ import annotations

from functools import cache

import pytest

from pyengine import Board, IllegalMoveError, Value, analyze, reachable_positions
from pyengine.grading.chooseform import Grade, call_budget, grade, positions_to_check, tree_size
from pyengine.policy import fixed_move


def test_the_positions_are_every_live_one_most_marks_first() -> None:
    positions = positions_to_check()
    assert set(positions) == {board for board in reachable_positions() if not board.is_over}
    assert len(positions) == 4520
    assert [b.ply for b in positions] == sorted((b.ply for b in positions), reverse=True)


def test_a_memoised_minimax_never_searches_far_in_one_call() -> None:
    """Checked in this order, a chooser that remembers values finds every
    position's children already known but for those of one more mark: no
    call visits more than the position's own moves. (Fewest marks first, the
    empty board's call alone visited every position below it.)"""
    visits = 0

    @cache
    def value(board: Board) -> int:
        nonlocal visits
        visits += 1
        if board.is_over:
            return 0 if board.winner is None else -1
        return max(-value(board.play(cell)) for cell in board.legal_moves)

    most = 0
    for board in positions_to_check():
        visits = 0
        max(board.legal_moves, key=lambda cell: -value(board.play(cell)))
        most = max(most, visits)
    assert most <= 9


def test_the_engines_own_choice_is_best_everywhere() -> None:
    assert all(grade(board, fixed_move(board)) is Grade.BEST for board in positions_to_check())


def test_the_lowest_cell_fails_where_it_first_gives_value_away() -> None:
    """Computed the long way: the first position whose lowest empty cell
    leads to a worse outcome than the position's value."""
    rank = {Value.WIN: 2, Value.DRAW: 1, Value.LOSS: 0}
    first = next(
        board
        for board in positions_to_check()
        if rank[analyze(board).move(board.legal_moves[0]).value] < rank[analyze(board).value]  # type: ignore[index]
    )
    failures = [board for board in positions_to_check() if grade(board, board.legal_moves[0]) is Grade.WORSE]
    assert failures[0] == first


def test_minimax_without_distance_keeps_the_value_but_is_sometimes_slower() -> None:
    @cache
    def value(board: Board) -> int:
        if board.is_over:
            return 0 if board.winner is None else -1
        return max(-value(board.play(cell)) for cell in board.legal_moves)

    def plain(board: Board) -> int:
        return max(board.legal_moves, key=lambda cell: -value(board.play(cell)))

    grades = [grade(board, plain(board)) for board in positions_to_check()]
    assert Grade.WORSE not in grades and Grade.SLOWER in grades


@pytest.mark.parametrize(
    "answer, words", [("4", "not a cell number"), (9, "not an empty cell"), (0, "not an empty cell")]
)
def test_anything_but_a_legal_cell_says_why(answer: object, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words):
        grade(Board.parse("X../.../..."), answer)


class TestBudgets:
    """The time a call of the reader's code may take grows with the game tree below its position."""

    def test_the_tree_below_the_empty_board_is_the_published_one(self) -> None:
        assert tree_size(Board.empty()) == 549_946

    def test_the_tree_size_counts_every_node_below_a_position(self) -> None:
        def walk(board: Board) -> int:  # the plain way: no memory
            return 1 + (0 if board.is_over else sum(walk(board.play(cell)) for cell in board.legal_moves))

        for board in positions_to_check()[::300]:
            assert tree_size(board) == walk(board)

    def test_a_runaway_on_the_first_positions_is_stopped_within_a_few_seconds(self) -> None:
        first = positions_to_check()[0]
        assert tree_size(first) <= 2 and call_budget(first) < 3.5
