"""tools/pages/strictness.py: the checker page's table of what a few-board check like
the course's catches, against what the page's own check catches.

The figures are computed, not pinned: each one-bug file is run here through
both checks' own code and compared with what the table says.
"""

from __future__ import annotations

from pyengine import Board
from pyengine.grading.cs50 import CS50_FUNCTIONS
from tests.cs50.mutants import MUTANTS, by_name, source
from tools.pages import strictness


def test_the_few_board_model_is_the_size_the_course_checks_and_legal() -> None:
    counts = {name: sum(test[0] == name for test in strictness.COURSE_TESTS) for name in CS50_FUNCTIONS}
    assert counts["player"] == 4 and counts["actions"] == 3 and counts["winner"] == 5
    assert counts["initial_state"] == 0
    for name, notation, action in strictness.COURSE_TESTS:
        board = Board.parse(notation)  # every board a position a game can reach
        assert name in ("winner", "terminal", "utility", "minimax") or not board.is_over
        assert (action is not None) == (name == "result")


def test_the_table_counts_every_one_bug_file_and_the_page_catches_them_all() -> None:
    found = strictness.tallies()
    assert sum(tally.files for tally in found.values()) == len(MUTANTS)
    assert all(tally.page == tally.files for tally in found.values())
    assert sum(tally.course for tally in found.values()) < len(MUTANTS)
    table = strictness.strictness_table()
    assert f"| all | {len(MUTANTS)} | {sum(t.course for t in found.values())} | {len(MUTANTS)} |" in table


def test_the_few_boards_catch_what_a_fresh_run_shows_and_miss_what_a_shallow_copy_hides() -> None:
    assert strictness.course_catches(source(by_name("player_first_call_flag")), "player")
    assert strictness.course_catches(source(by_name("result_off_board_accepted")), "result")
    assert not strictness.course_catches(source(by_name("result_shallow_copy")), "result")
    assert not strictness.course_catches(source(by_name("initial_state_one_row_thrice")), "initial_state")
    assert strictness.page_catches(source(by_name("result_shallow_copy")), "result")
