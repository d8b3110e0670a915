"""``pyengine check``: students' files, each in a Python process of its own.

Every test runs the real command (a fresh interpreter) on files written
here, most of them a few functions long so that each check takes a second
or two: a CS50 file that lacks a function fails that one and the others are
still checked. The limits are shown with files that loop, exit, delete
what is in their folder, print without end or ask for too much memory.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine import Board, analyze
from pyengine.grading.chooseform import positions_to_check
from pyengine.grading.cs50 import CS50_FUNCTIONS, LOAD_BUDGET_S, REQUIRED, check_code, report_json
from tests.cs50.mutants import CORRECT, by_name, source
from tests.support import assert_one_line_error

# A perfect choose() of its own: the engine is out of a checked file's reach.
PERFECT_CHOOSE = """from functools import cache


@cache
def value(board):
    if board.winner is not None:  # the side to move has lost: later is better
        return board.ply - 10
    if board.is_over:
        return 0
    return max(-value(board.play(cell)) for cell in board.legal_moves)


def choose(board):
    return max(board.legal_moves, key=lambda cell: -value(board.play(cell)))
"""
LOWEST_CHOOSE = "def choose(board):\n    return board.legal_moves[0]\n"
WINNER = (
    "def winner(board):\n"
    + "".join(
        f"    if board[{a}][{b}] is not None and board[{a}][{b}] == board[{c}][{d}] == board[{e}][{f}]:\n"
        f"        return board[{a}][{b}]\n"
        for (a, b), (c, d), (e, f) in (
            *(((i, 0), (i, 1), (i, 2)) for i in range(3)),
            *(((0, j), (1, j), (2, j)) for j in range(3)),
            ((0, 0), (1, 1), (2, 2)),
            ((0, 2), (1, 1), (2, 0)),
        )
    )
    + "    return None\n"
)


def check(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyengine", "check", *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


def lines(done: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    assert "Traceback" not in done.stderr, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def checks_of(line: dict[str, object]) -> dict[str, dict[str, object]]:
    return {str(c["name"]): c for c in line["checks"]}  # type: ignore[attr-defined]


def write(folder: Path, name: str, code: str) -> str:
    path = folder / name
    path.write_text(code)
    return str(path)


# -- exit status and the lines --------------------------------------------------


def test_the_correct_cs50_file_passes_with_exit_0_and_one_json_line() -> None:
    done = check(str(CORRECT), "--json")
    assert done.returncode == 0, done.stderr
    (line,) = lines(done)
    assert set(line) == {"file", "form", "passed", "checks", "seconds"}
    assert line["file"] == str(CORRECT) and line["form"] == "cs50" and line["passed"] is True
    assert list(checks_of(line)) == list(CS50_FUNCTIONS)
    for entry in checks_of(line).values():
        assert set(entry) == {"name", "passed", "position", "expected", "got", "reason"}
        assert entry["passed"] is True and entry["position"] is None


def test_a_file_checked_in_its_own_process_gets_the_verdicts_of_one_checked_here(tmp_path: Path) -> None:
    code = source(by_name("winner_stops_at_empty_line"))
    (line,) = lines(check("--json", write(tmp_path, "tictactoe.py", code)))
    here = report_json(line["file"], check_code(code))  # type: ignore[arg-type]
    assert line["checks"] == here["checks"] and line["passed"] is here["passed"] is False


def test_j_checks_files_at_once_and_prints_them_in_the_order_given(tmp_path: Path) -> None:
    files = [
        write(tmp_path, "perfect.py", PERFECT_CHOOSE),
        write(tmp_path, "lowest.py", LOWEST_CHOOSE),
        write(tmp_path, "winner_only.py", WINNER),
    ]
    done = check("-j", "3", "--json", *files)
    assert done.returncode == 1, done.stderr
    perfect, lowest, winner_only = lines(done)
    assert [perfect["file"], lowest["file"], winner_only["file"]] == files
    assert perfect["passed"] is True and perfect["form"] == "choose"
    # The lowest empty cell fails where it first gives value away, in checking order.
    first = next(b for b in positions_to_check() if analyze(b).move(b.legal_moves[0]).value is not analyze(b).value)
    assert checks_of(lowest)["choose"]["position"] == str(first)
    assert winner_only["form"] == "cs50" and checks_of(winner_only)["winner"]["passed"] is True
    missing = {name for name, entry in checks_of(winner_only).items() if not entry["passed"]}
    assert missing == set(REQUIRED) - {"winner"}


def test_a_line_per_file_names_what_failed_and_where(tmp_path: Path) -> None:
    done = check(write(tmp_path, "lowest.py", LOWEST_CHOOSE), write(tmp_path, "perfect.py", PERFECT_CHOOSE))
    assert done.returncode == 1
    lowest, perfect = done.stdout.splitlines()
    first = next(b for b in positions_to_check() if analyze(b).move(b.legal_moves[0]).value is not analyze(b).value)
    assert lowest.startswith(f"{tmp_path}/lowest.py: failed (choose: choose); choose() on {first}: choose(board) ")
    assert perfect.startswith(f"{tmp_path}/perfect.py: passed (choose, ")


def test_form_forces_the_form(tmp_path: Path) -> None:
    done = check("--form", "choose", "--json", write(tmp_path, "cs50.py", WINNER))
    (line,) = lines(done)
    assert line["form"] == "choose" and "no function choose(board)" in str(checks_of(line)["choose"]["reason"])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["/no/such/file.py"], ["cannot read /no/such/file.py"]),
        (["."], ["cannot read ."]),
        (["--form", "pascal", "x.py"], ["pascal", "cs50"]),
        (["-j", "0", "x.py"], ["-j"]),
        ([], ["FILE"]),
    ],
)
def test_bad_usage_is_one_line_and_exit_2(args: list[str], words: list[str]) -> None:
    assert_one_line_error(check(*args), *words)


def test_a_file_that_is_not_text_is_bad_usage(tmp_path: Path) -> None:
    path = tmp_path / "binary.py"
    path.write_bytes(b"\xff\xfe\x00def")
    assert_one_line_error(check(str(path)), "not UTF-8")


def test_the_help_says_what_keeps_the_code_apart_and_the_autograding_line() -> None:
    done = subprocess.run([sys.executable, "-m", "pyengine", "check", "--help"], capture_output=True, text=True)
    text = " ".join(done.stdout.split())
    assert "bubblewrap sandbox" in text and "no engine to import" in text and "pyengine check tictactoe.py" in text
    assert "--no-sandbox: the code then runs with YOUR rights" in text


# -- the limits ------------------------------------------------------------------


def test_a_loop_that_never_ends_fails_its_function_and_the_check_goes_on(tmp_path: Path) -> None:
    code = "def player(board):\n    while True:\n        print('again')\n\n\n" + WINNER
    (line,) = lines(check("--json", write(tmp_path, "loop.py", code)))
    player = checks_of(line)["player"]
    assert player["passed"] is False and "time budget" in str(player["reason"]) and player["position"]
    assert checks_of(line)["winner"]["passed"] is True  # checked by a fresh process after the loop was ended


def test_the_whole_file_has_a_budget_too(tmp_path: Path) -> None:
    code = "def player(board):\n    while True:\n        pass\n\n\n" + WINNER
    (line,) = lines(check("--json", "--file-budget", "2", write(tmp_path, "slow.py", code)))
    player = checks_of(line)["player"]
    assert "whole check ran past its budget of 2 s" in str(player["reason"])
    assert "winner" not in checks_of(line) and line["passed"] is False  # left without a verdict


def test_a_loop_at_the_top_of_the_file_ends_in_words(tmp_path: Path) -> None:
    (line,) = lines(check("--json", write(tmp_path, "top.py", "while True:\n    pass\n")))
    (code,) = line["checks"]  # type: ignore[misc]
    assert code["name"] == "code" and f"time budget of {LOAD_BUDGET_S:.0f} s" in code["reason"]


def test_sys_exit_and_os_exit_stop_only_the_call(tmp_path: Path) -> None:
    code = (
        "import os, sys\n\n\ndef player(board):\n    sys.exit(0)\n\n\n"
        "def actions(board):\n    os._exit(3)\n\n\n" + WINNER
    )
    (line,) = lines(check("--json", write(tmp_path, "exits.py", code)))
    found = checks_of(line)
    assert found["player"]["passed"] is False and "SystemExit" in str(found["player"]["reason"])
    assert found["actions"]["passed"] is False and "status 3" in str(found["actions"]["reason"])
    assert found["winner"]["passed"] is True
    (line,) = lines(check("--json", write(tmp_path, "top_exit.py", "import sys\nsys.exit(1)\n")))
    (top,) = line["checks"]  # type: ignore[misc]
    assert "SystemExit on line 2" in top["reason"]


def test_a_file_that_deletes_what_is_in_its_folder_harms_nothing_here(tmp_path: Path) -> None:
    code = "import os\n\nfor name in os.listdir('.'):\n    os.remove(name)\n\n\n" + WINNER
    keep = tmp_path / "keep.txt"
    keep.write_text("still here")
    student = write(tmp_path, "deleter.py", code)
    done = check("--json", "deleter.py", cwd=tmp_path)
    (line,) = lines(done)
    assert keep.read_text() == "still here" and Path(student).exists()
    assert checks_of(line)["winner"]["passed"] is True


def test_endless_printing_never_reaches_the_terminal(tmp_path: Path) -> None:
    code = (
        "import os, sys\n\nprint('x' * 5_000_000)\nos.write(1, b'y' * 1_000_000)\nos.write(2, b'z' * 1_000_000)\n"
        "sys.__stdout__.write('w' * 1_000_000)\n\n\n"
        + WINNER.replace("    return None\n", "    print('.' * 1000)\n    return None\n")
    )
    done = check("--json", write(tmp_path, "printer.py", code))
    assert len(done.stdout) < 5_000 and done.stderr == ""
    (line,) = lines(done)
    assert checks_of(line)["winner"]["passed"] is True


def test_a_syntax_error_is_a_verdict_not_a_traceback(tmp_path: Path) -> None:
    (line,) = lines(check("--json", write(tmp_path, "syntax.py", "def minimax(board):\n    return (1, 1\n")))
    (code,) = line["checks"]  # type: ignore[misc]
    assert line["passed"] is False and code["name"] == "code" and "Syntax error on line" in code["reason"]


def test_a_missing_function_is_named(tmp_path: Path) -> None:
    code = CORRECT.read_text().replace("def terminal(board):", "def is_terminal(board):")
    done = check(write(tmp_path, "no_terminal.py", code))
    assert done.returncode == 1
    assert "terminal" in done.stdout and "no function terminal()" in done.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="the memory cap is set where the system has RLIMIT_AS")
def test_memory_is_capped(tmp_path: Path) -> None:
    (line,) = lines(check("--json", write(tmp_path, "hog.py", "hog = bytearray(8 * 2**30)\n")))
    (code,) = line["checks"]  # type: ignore[misc]
    assert "MemoryError" in code["reason"]


def test_a_choose_file_gets_a_board_as_the_page_documents_it(tmp_path: Path) -> None:
    """The choose form's calls get the runner's own Board (the engine is out of
    reach), named and used as the page's (the engine's)."""
    code = "def choose(board):\n    assert type(board).__name__ == 'Board'\n    return board.legal_moves[0]\n"
    (line,) = lines(check("--json", write(tmp_path, "typed.py", code)))
    assert checks_of(line)["choose"]["position"] == str(
        next(b for b in positions_to_check() if analyze(b).move(b.legal_moves[0]).value is not analyze(b).value)
    )
    assert Board.parse(str(checks_of(line)["choose"]["position"]))
