"""site/py/checker_view.py: what the checker page says of the engine's verdicts, checked in CPython."""

from __future__ import annotations

import sys
from pathlib import Path

from pyengine import Board, analyze
from pyengine.grading.cs50 import CS50_FUNCTIONS, Form, Function, Probe, check_code
from tests.cs50 import mutants

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site" / "py"))
import checker_view


def test_a_pass_of_every_function_is_a_pass() -> None:
    verdicts = list(check_code(mutants.CORRECT.read_text()).verdicts)
    assert [verdict.name for verdict in verdicts] == list(CS50_FUNCTIONS)
    verdict, words = checker_view.summary(verdicts, Form.CS50)
    assert verdict == "pass" and str(len(CS50_FUNCTIONS)) in words


def test_a_failing_result_marks_the_action_it_was_called_with() -> None:
    code = mutants.source(mutants.by_name("result_edits_board"))
    failed = [verdict for verdict in check_code(code).verdicts if not verdict.passed]
    assert checker_view.summary(failed, Form.CS50)[0] == "fail"
    result = next(verdict for verdict in failed if verdict.name == "result")
    assert result.action is not None and result.position is not None
    i, j = result.action
    assert checker_view.cell_roles(result) == {i * 3 + j: "action"}
    label = checker_view.board_label(Board.parse(str(result.position)), result, Form.CS50)
    assert label.startswith(f"The position {result.position}") and f"the action tried {result.action!r}" in label
    assert checker_view.detail(result) == f"Expected: {result.expected}. Got: {result.got}."


def test_a_failing_minimax_marks_the_move_played_and_a_best_one() -> None:
    code = mutants.source(mutants.by_name("minimax_returns_in_loop"))
    minimax = next(verdict for verdict in check_code(code).verdicts if verdict.name == "minimax")
    assert not minimax.passed and minimax.played is not None and minimax.best is not None
    board = Board.parse(str(minimax.position))
    assert minimax.best in analyze(board).best and minimax.played not in analyze(board).best
    assert checker_view.cell_roles(minimax) == {minimax.played: "played", minimax.best: "best"}
    label = checker_view.board_label(board, minimax, Form.CS50)
    i, j = divmod(minimax.played, 3)
    assert f"your move {(i, j)!r}" in label  # the course's (i, j), not a cell number


def test_cells_are_named_in_the_forms_terms() -> None:
    assert checker_view.move_name(5, Form.CS50) == "(1, 2)"
    assert checker_view.move_name(5, Form.CHOOSE) == "5"


def test_progress_names_the_function_and_the_slowest_call() -> None:
    board = Board.parse("X.O/.X./...")
    probe = Probe(Function.MINIMAX, board, None)
    words = checker_view.progress_words(probe, 12, 5478, (2500.0, probe))
    assert words.startswith("Checking minimax(): 12 of 5,478 calls") and "2.50 s on X.O/.X./..." in words


def test_a_reason_ends_as_a_sentence_once() -> None:
    assert checker_view.sentence("winner(board) returned None") == "winner(board) returned None."
    assert checker_view.sentence("A loop that never ends?") == "A loop that never ends?"


def test_an_action_off_the_board_marks_no_cell_and_is_named_in_the_words() -> None:
    """result(board, (-3, 0)) is no cell of the drawn board: nothing is marked
    there, and the reason names the action and gives the board as rows."""
    code = mutants.source(mutants.by_name("result_off_board_accepted"))
    result = next(verdict for verdict in check_code(code, functions=["result"]).verdicts if verdict.name == "result")
    assert not result.passed and result.action is None and result.position is not None
    assert checker_view.cell_roles(result) == {}
    label = checker_view.board_label(Board.parse(result.position), result, Form.CS50)
    assert label == f"The position {result.position}"
    assert "is off the board" in result.reason and "The board" in result.reason
