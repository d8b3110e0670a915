"""pyengine/grading/cs50.py and pyengine/grading/runner.py: CS50 AI's tictactoe.py judged on every position.

The project's own files (tests/cs50/) are checked in this process
(``check_code``): the process boundary proves nothing here, and
tests/test_check_cli.py runs the command line's children. Each one-bug file
must fail the function it breaks, at a position where this module's own
tiny reference, written from the course's specification and sharing nothing
with the engine's judging, shows the function is wrong.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from itertools import pairwise

import pytest

from pyengine import Board, Player, reachable_positions
from pyengine.grading.chooseform import positions_to_check
from pyengine.grading.cs50 import (
    CAUSES,
    CS50_FUNCTIONS,
    Form,
    Function,
    Given,
    Judge,
    Verdict,
    action_of,
    check_code,
    decode,
    detect_form,
    iter_probes,
    probes,
    report_json,
    wires,
)
from pyengine.grading.runner import Runner, encode, grid
from tests.cs50.mutants import CORRECT, MUTANTS, SLOW, Mutant, by_name, source

# -- a reference of the specification, on lists of lists ----------------------

Grid = list[list[str | None]]
LINES = [[(i, 0), (i, 1), (i, 2)] for i in range(3)] + [[(0, j), (1, j), (2, j)] for j in range(3)]
LINES += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]


def ref_winner(g: Grid) -> str | None:
    for line in LINES:
        marks = {g[i][j] for i, j in line}
        if len(marks) == 1 and None not in marks:
            return marks.pop()
    return None


def ref_terminal(g: Grid) -> bool:
    return ref_winner(g) is not None or all(cell is not None for row in g for cell in row)


def ref_player(g: Grid) -> str:
    flat = [cell for row in g for cell in row]
    return "X" if flat.count("X") == flat.count("O") else "O"


def ref_actions(g: Grid) -> set[tuple[int, int]]:
    return {(i, j) for i in range(3) for j in range(3) if g[i][j] is None}


def ref_result(g: Grid, action: tuple[int, int]) -> Grid:
    i, j = action
    new = [row[:] for row in g]
    new[i][j] = ref_player(g)
    return new


def ref_utility(g: Grid) -> int:
    return {"X": 1, "O": -1, None: 0}[ref_winner(g)]


@cache
def ref_value(key: tuple[tuple[str | None, ...], ...]) -> int:
    g = [list(row) for row in key]
    if ref_terminal(g):
        return ref_utility(g)
    values = [ref_value(tuple(map(tuple, ref_result(g, a)))) for a in ref_actions(g)]
    return max(values) if ref_player(g) == "X" else min(values)


def value_of(g: Grid) -> int:
    return ref_value(tuple(map(tuple, g)))


def wrong_at(namespace: dict[str, object], function: str, notation: str, action: object) -> bool:
    """Whether the student's ``function`` breaks the specification at this
    position (and action), by the reference above: called here, on a board of
    the test's own. An action that is not a pair of a row and a column from
    0 to 2 must raise."""
    g = grid(notation)
    given = [row[:] for row in g]
    call = namespace[function]
    cells = [(i, j) for i in range(3) for j in range(3)]
    if function == "result" and not (type(action) is tuple and action in cells):
        try:
            call(given, action)  # type: ignore[operator]
        except Exception:
            return False
        return True
    try:
        got = call() if function == "initial_state" else call(given, action) if action else call(given)  # type: ignore[operator]
    except Exception:
        return not (function == "result" and action is not None and g[action[0]][action[1]] is not None)
    if function == "initial_state":  # and a second call: three new lists again, none of the first call's
        again = call()  # type: ignore[operator]
        shared = again is got or any(row is mine for row in again for mine in got)
        return got != [[None] * 3 for _ in range(3)] or len({id(row) for row in got}) < 3 or shared
    if function == "player":
        return got != ref_player(g)
    if function == "actions":
        return got != ref_actions(g)
    if function == "result":
        assert action is not None
        if g[action[0]][action[1]] is not None:
            return True  # a taken cell that did not raise
        shares = got is given or any(row is mine for row in got for mine in given)
        return given != g or shares or got != ref_result(g, action)
    if function == "winner":
        return got != ref_winner(g)
    if function == "terminal":
        return got != ref_terminal(g)
    if function == "utility":
        return got != ref_utility(g)
    assert function == "minimax"
    if ref_terminal(g):
        return got is not None
    return got not in ref_actions(g) or value_of(ref_result(g, got)) != value_of(g)


def loaded(code: str) -> dict[str, object]:
    namespace: dict[str, object] = {"__name__": "tictactoe"}
    exec(compile(code, "<mutant>", "exec"), namespace)
    return namespace


# -- the probes ----------------------------------------------------------------


def test_every_function_is_probed_where_the_specification_defines_it() -> None:
    every = reachable_positions()
    live = [board for board in every if not board.is_over]
    over = [board for board in every if board.is_over]
    calls = probes(Form.CS50)
    on = {name: [p.board for p in calls if p.function.value == name] for name in CS50_FUNCTIONS}
    assert set(on["player"]) == set(on["actions"]) == set(live) and len(on["player"]) == len(live)
    assert sorted(on["winner"], key=str) == sorted(on["terminal"], key=str) == sorted(every, key=str)
    assert sorted(on["utility"], key=str) == sorted(over, key=str)
    assert sorted(on["minimax"], key=str) == sorted(every, key=str)
    results = {(p.board, p.action) for p in calls if p.function.value == "result" and is_cell(p.action)}
    assert results == {(board, (i, j)) for board in live for i in range(3) for j in range(3)}
    assert on["initial_state"] == [Board.empty()] * 2


def is_cell(action: object) -> bool:
    return not isinstance(action, Given) and action in {(i, j) for i in range(3) for j in range(3)}


def test_result_is_given_an_action_that_is_not_valid_on_every_position() -> None:
    """One a position, each kind in turn, and every kind on the first: each
    off-board pair points, through Python's negative indices or past the
    end, at a cell that is empty there, so a result() that never checks its
    bounds cannot raise by luck on a taken cell."""
    tried: dict[Board, list[object]] = {}
    for p in probes(Form.CS50):
        if p.function.value == "result" and not is_cell(p.action):
            tried.setdefault(p.board, []).append(p.action)
    live = [board for board in reachable_positions() if not board.is_over]
    assert set(tried) == set(live)
    first = next(p.board for p in probes(Form.CS50) if p.function.value == "result")
    assert len(set(tried[first])) == len(tried[first]) == 9  # every kind on the first
    assert all(len(tried[board]) == 1 for board in live if board != first)
    for board, actions in tried.items():
        for action in actions:
            if isinstance(action, tuple) and not isinstance(action, Given) and len(action) == 2:
                i, j = action
                assert not (0 <= i < 3 and 0 <= j < 3)
                if max(action) < 3:  # a negative index reads the cell i % 3, j % 3
                    assert board[(i % 3) * 3 + j % 3] is None
    assert {a.kind for actions in tried.values() for a in actions if isinstance(a, Given)} == {"list", "None", "str"}


def test_each_functions_first_call_is_afresh_on_a_board_where_o_is_to_move() -> None:
    calls = probes(Form.CS50)
    firsts = {name: next(p for p in calls if p.function.value == name) for name in CS50_FUNCTIONS}
    assert all(p.fresh for p in firsts.values())
    for name, first in firsts.items():
        if name != "initial_state":
            assert first.board.x_mask.bit_count() == first.board.o_mask.bit_count() + 1, name
    live_minimax = next(p for p in calls if p.function.value == "minimax" and not p.board.is_over)
    assert live_minimax.fresh and live_minimax.board.to_move is Player.O
    assert sum(p.fresh for p in calls) == len(CS50_FUNCTIONS) + 1
    assert [p.wire()[3:] for p in calls[:2]] == [[True], []]


def test_the_order_is_functions_in_turn_then_minimax_from_the_finished_to_the_empty_board() -> None:
    calls = probes(Form.CS50)
    names = [p.function.value for p in calls]
    assert sorted(set(names), key=names.index) == list(CS50_FUNCTIONS)
    assert names == sorted(names, key=CS50_FUNCTIONS.index)
    minimax = [p.board for p in calls if p.function.value == "minimax"]
    finished = [board.is_over for board in minimax]
    assert finished == sorted(finished, reverse=True)  # every finished board before any live one
    live = [board for board in minimax if not board.is_over]
    assert sorted(live, key=str) == sorted(positions_to_check(), key=str) and live[-1] == Board.empty()
    assert live[1:] == [board for board in positions_to_check() if board != live[0]]  # fullest first, after the first


def test_the_choose_form_is_probed_as_the_page_checks_it() -> None:
    assert [p.board for p in probes(Form.CHOOSE)] == positions_to_check()


@pytest.mark.parametrize(
    ("names", "form"),
    [
        (["choose"], Form.CHOOSE),
        (["choose", "minimax", "player"], Form.CHOOSE),
        (["minimax"], Form.CS50),
        (["winner", "helper"], Form.CS50),
        (["main", "helper"], None),
    ],
)
def test_the_form_is_found_from_the_names_defined(names: list[str], form: Form | None) -> None:
    assert detect_form(names) is form


# -- the runner ----------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [None, True, 0, -1, 1.0, "X", [["X", None, "O"]], (0, 1), {(0, 1), (2, 2)}, frozenset({(1, 1)}), [(0, 0)]],
)
def test_what_the_runner_encodes_the_judge_decodes_equal(value: object) -> None:
    carried = decode(json.loads(json.dumps(encode(value))))
    assert carried == value
    assert type(carried) is type(value) or isinstance(value, frozenset)


def test_an_unknown_value_equals_nothing() -> None:
    assert decode(encode({"a": 1})) != {"a": 1}
    assert decode(encode(print)) is not None


def test_each_call_gets_a_board_of_its_own() -> None:
    runner = Runner("def winner(board):\n    board[0][0] = 'O'\n    return None\n")
    assert runner.load()["names"] == ["winner"]
    for _ in range(2):
        assert runner.call(["winner", "X........", None])["returned"] is None  # a fresh X at (0, 0) each time


def test_a_change_to_the_given_board_and_a_shared_row_are_seen() -> None:
    runner = Runner(
        "def result(board, action):\n    new = list(board)\n    new[0] = board[0]\n    return new\n"
        "def result2(board, action):\n    board[2][2] = 'X'\n    return board\n"
    )
    runner.load()
    shared = runner.call(["result", ".........", [0, 0]])
    assert shared.get("shared") and not shared.get("changed")
    runner.namespace["result"] = runner.namespace["result2"]
    changed = runner.call(["result", ".........", [0, 0]])
    assert changed.get("shared") and changed.get("changed")


def test_a_result_that_shares_only_rows_it_left_alone_passes() -> None:
    """Copying just the row it marks leaves the given board as it was, which is
    all the specification asks of result; a grader that failed it would fail
    correct code."""
    correct = CORRECT.read_text()
    code = correct.replace("    new = [row[:] for row in board]", "    new = list(board)\n    new[i] = board[i][:]")
    assert code != correct
    assert verdict(check_code(code, functions=["result"]).verdicts, "result").passed


def test_errors_name_the_line_in_the_students_code() -> None:
    runner = Runner("def player(board):\n    x = 1\n    return board[5]\n")
    runner.load()
    answer = runner.call(["player", ".........", None])
    assert answer["raised"] == "IndexError" and "line 3" in str(answer["error"])
    assert "Syntax error on line 2" in str(Runner("x = 1\ndef (:\n").load()["error"])


def test_printing_is_kept_apart_and_cut() -> None:
    runner = Runner("print('x' * 100_000)\ndef player(board):\n    print('hello')\n    return 'X'\n")
    first = runner.load()
    assert len(str(first["printed"])) < 21_000 and "cut" in str(first["printed"])
    assert runner.call(["player", ".........", None])["returned"] == "X"


# -- the verdicts --------------------------------------------------------------


def verdict(report_verdicts: tuple[Verdict, ...], name: str) -> Verdict:
    return next(v for v in report_verdicts if v.name == name)


def test_the_correct_file_passes_every_check() -> None:
    report = check_code(CORRECT.read_text())
    assert report.form is Form.CS50 and report.passed
    assert [v.name for v in report.verdicts] == list(CS50_FUNCTIONS)
    assert all(v.passed and v.position is None for v in report.verdicts)
    line = report_json("tictactoe.py", report)
    assert line["passed"] is True and line["form"] == "cs50"
    assert [set(check) for check in line["checks"]] == [  # type: ignore[union-attr]
        {"name", "passed", "position", "expected", "got", "reason"}
    ] * len(CS50_FUNCTIONS)


def test_a_slower_win_passes_and_is_reported() -> None:
    """correct.py takes the first action that keeps the value, not the fastest win."""
    minimax = verdict(check_code(CORRECT.read_text(), functions=["minimax"]).verdicts, "minimax")
    assert minimax.passed and "more slowly" in minimax.reason
    assert minimax.played is not None and minimax.best is not None


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_each_bug_is_caught_by_the_function_it_breaks(mutant: Mutant) -> None:
    code = source(mutant)
    report = check_code(code, functions=[mutant.function])
    (caught,) = report.verdicts
    assert caught.name == mutant.function and not caught.passed and not report.passed
    assert caught.position is not None and caught.reason
    if mutant.function == "result":  # one of the actions tried there, on a valid cell or not
        here = [p for p in probes(Form.CS50) if p.function.value == "result" and str(p.board) == caught.position]
        tried = [tried_value(p.action) for p in here]
        assert caught.action is None or caught.action in tried
        assert any(wrong_at(loaded(code), "result", caught.position, action) for action in tried), caught
    else:
        assert wrong_at(loaded(code), mutant.function, caught.position, None), caught


def tried_value(action: object) -> object:
    return action.value if isinstance(action, Given) else action


def test_there_are_thirty_one_bug_files_or_more_over_every_function() -> None:
    assert len(MUTANTS) >= 30 and len({m.name for m in MUTANTS}) == len(MUTANTS)
    assert {m.function for m in MUTANTS} == set(CS50_FUNCTIONS)


def test_the_first_failure_is_the_first_in_checking_order() -> None:
    """winner() that stops at a line of three EMPTY cells: the first position
    in checking order where that gives the wrong answer, found the long way."""
    mutant = next(m for m in MUTANTS if m.name == "winner_stops_at_empty_line")
    namespace = loaded(source(mutant))
    order = [p.board for p in probes(Form.CS50) if p.function.value == "winner"]
    first = next(board for board in order if wrong_at(namespace, "winner", str(board), None))
    caught = verdict(check_code(source(mutant), functions=["winner"]).verdicts, "winner")
    assert caught.position == str(first)
    assert caught.reason.startswith("winner(board) returned None; X has three in a row on the")


def test_minimax_is_blamed_on_the_helper_it_stands_on() -> None:
    mutant = next(m for m in MUTANTS if m.name == "winner_stops_at_empty_line")
    report = check_code(source(mutant), functions=["winner", "minimax"])
    minimax = verdict(report.verdicts, "minimax")
    assert not minimax.passed and "because your winner(board) answers None" in minimax.reason


def test_a_minimax_that_throws_value_away_shows_its_move_and_a_best_one() -> None:
    mutant = next(m for m in MUTANTS if m.name == "minimax_maximises_both")
    minimax = verdict(check_code(source(mutant), functions=["minimax"]).verdicts, "minimax")
    board = Board.parse(str(minimax.position))
    assert minimax.played in board.legal_moves and minimax.best in board.legal_moves
    assert f"returned {action_of(minimax.played)!r}" in minimax.reason  # type: ignore[arg-type]


def test_a_missing_function_is_named_and_the_others_still_checked() -> None:
    code = CORRECT.read_text().replace("def utility(board):", "def utility_(board):")
    report = check_code(code, functions=["player", "utility"])
    assert not report.passed
    assert verdict(report.verdicts, "player").passed
    missing = verdict(report.verdicts, "utility")
    assert not missing.passed and "no function utility()" in missing.reason


def test_code_that_does_not_run_gets_one_verdict_saying_why() -> None:
    (broken,) = check_code("def player(board):\n    return 'X'\nraise SystemExit(3)\n").verdicts
    assert broken.name == "code" and "SystemExit on line 3" in broken.reason
    (neither,) = check_code("def main():\n    pass\n").verdicts
    assert neither.name == "code" and "neither choose(board) nor" in neither.reason


def test_a_call_past_its_budget_fails_its_function_and_the_check_goes_on() -> None:
    judge = Judge(Form.CS50, CS50_FUNCTIONS)
    player = judge.tracks[Function.PLAYER].span
    assert judge.timed_out(player.start, 3.0) == judge.tracks[Function.ACTIONS].span.start
    (failed,) = judge.verdicts()[1:2]
    assert failed.name == "player" and "time budget of 3 s" in failed.reason and failed.position is not None
    assert not judge.wanted(player.start + 1) and judge.wanted(judge.tracks[Function.ACTIONS].span.start)


@pytest.mark.slow
def test_the_slow_deepcopy_file_passes_every_check() -> None:
    report = check_code(SLOW.read_text())
    assert report.passed, [v for v in report.verdicts if not v.passed]


def test_each_one_bug_file_differs_from_the_correct_one_only_where_its_edits_say() -> None:
    correct = CORRECT.read_text().splitlines()
    for mutant in MUTANTS:
        changed = [line for line in difflib.ndiff(correct, source(mutant).splitlines()) if line[:1] in "+-"]
        edited = sum(len(old.splitlines()) + len(new.splitlines()) for old, new in mutant.edits)
        assert 0 < len(changed) <= edited, mutant.name


def test_probes_made_one_at_a_time_serve_a_judge_as_well() -> None:
    made = tuple(iter_probes(Form.CS50))
    assert made == probes(Form.CS50) and [p.wire() for p in made] == list(wires(Form.CS50))
    handed, own = Judge(Form.CS50, CS50_FUNCTIONS, calls=made), Judge(Form.CS50, CS50_FUNCTIONS)
    assert {n: t.span for n, t in handed.tracks.items()} == {n: t.span for n, t in own.tracks.items()}
    spans = [own.tracks[Function(name)].span for name in CS50_FUNCTIONS]
    assert spans[0].start == 0 and spans[-1].stop == len(made)
    assert all(a.stop == b.start for a, b in pairwise(spans))
    assert all(made[i].function.value == name for name in CS50_FUNCTIONS for i in own.tracks[Function(name)].span)


def test_calls_answer_each_probe_in_turn() -> None:
    runner = Runner("def player(board):\n    return 'X'\n")
    runner.load()
    answers = list(runner.calls([["player", ".........", None], ["player", "X........", None]]))
    assert [answer["returned"] for answer in answers] == ["X", "X"]


def test_a_fresh_probe_runs_the_code_again_and_a_given_action_is_passed_as_it_is() -> None:
    runner = Runner(
        "calls = 0\ndef player(board):\n    global calls\n    calls += 1\n    return calls\n"
        "def result(board, action):\n    return repr(action)\n"
    )
    runner.load()
    counted = [runner.call(["player", ".........", None, *fresh])["returned"] for fresh in ([], [], [True], [])]
    assert counted == [1, 2, 1, 2]
    given = [runner.call(["result", ".........", {"given": value}])["returned"] for value in ([0, 1], None, "01")]
    assert given == ["[0, 1]", "None", "'01'"]


def test_initial_state_must_make_a_new_board_each_call() -> None:
    runner = Runner("START = [[None] * 3 for _ in range(3)]\ndef initial_state():\n    return START\n")
    runner.load()
    first, second = (runner.call(wire) for wire in wires(Form.CS50)[:2])
    assert not first.get("repeated") and second.get("repeated")


def test_a_function_that_fails_because_of_another_says_which_and_where() -> None:
    """The one table of causes: terminal, utility and minimax fail on a won
    board because winner() answers None there; result marks X for O because
    player() answered X on its first call."""
    report = check_code(
        source(by_name("winner_stops_at_empty_line")), functions=["winner", "terminal", "utility", "minimax"]
    )
    assert {cause.helper for cause in CAUSES[Function.TERMINAL] + CAUSES[Function.UTILITY]} == {
        Function.WINNER,
        Function.TERMINAL,
    }
    won = verdict(report.verdicts, "winner").position
    for name in ("terminal", "utility", "minimax"):
        failed = verdict(report.verdicts, name)
        assert not failed.passed and failed.position == won
        assert "because your winner(board) answers None on this same board" in failed.reason
    flag = check_code(source(by_name("player_first_call_flag")), functions=["player", "result"])
    player, result = verdict(flag.verdicts, "player"), verdict(flag.verdicts, "result")
    assert player.position == result.position and "fresh run" in player.reason
    assert "because your player(board) answers 'X' on this same board" in result.reason
    assert str(grid(str(result.position))) in result.reason  # the board as rows, in the student's terms
    alone = verdict(check_code(source(by_name("player_first_call_flag")), functions=["result"]).verdicts, "result")
    assert not alone.passed and "because" not in alone.reason  # no cause named when player was not checked
