"""The command line: every subcommand's output, and one-line errors with exit 2.

Run in this process (the ``cli`` fixture, tests/conftest.py); TestEntryPoint
alone starts ``python -m pyengine``, for what only a real process shows: the
exit status and a stderr without a traceback, and runs that repeat across
interpreters.
"""

from __future__ import annotations

import json

import pytest

from pyengine import Board, analyze, compute_facts, reachable_positions
from pyengine.cli import main
from pyengine.facts import FACT_LABELS
from tests.conftest import Cli
from tests.support import FACT_KEYS, assert_one_line_error, run


class TestMove:
    def test_prints_the_perfect_bots_cell(self, cli: Cli) -> None:
        """`move` prints one of the best cells, and only that."""
        board = Board.parse("X.O/.X./...")
        done = cli("move", str(board))
        assert done.returncode == 0, done.stderr
        assert int(done.stdout) in analyze(board).best

    def test_seed_makes_the_choice_repeatable(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The same seed gives the same move among equals, for every level."""
        for level in ("random", "easy", "medium", "perfect"):
            answers = set()
            for _ in range(3):
                assert main(["move", ".........", "--level", level, "--seed", "5"]) == 0
                answers.add(capsys.readouterr().out)
            assert len(answers) == 1, level

    @pytest.mark.parametrize(
        ("args", "words"),
        [
            (["move", "X.O/.X./.."], ["position"]),
            (["move", "XXXXX...."], ["position", "X has 5"]),
            (["move", "XXX/OO./..."], ["game is over"]),
            (["move", ".........", "--level", "godlike"], ["godlike", "perfect"]),
            (["move", ".........", "--seed", "abc"], ["abc"]),
            (["analyze", "XOXOXOXOZ"], ["'Z'"]),
            (["match", "--x", "perfect", "--o", "nobody"], ["nobody"]),
            (["match", "--x", "perfect", "--o", "random", "--games", "-1"], ["-1"]),
            (["match", "--x", "perfect"], ["--o"]),
            (["play", "--as", "Z"], ["Z"]),
            (["frobnicate"], ["frobnicate"]),
            ([], ["COMMAND"]),
        ],
    )
    def test_bad_input_is_one_line_and_exit_2(self, cli: Cli, args: list[str], words: list[str]) -> None:
        """Whatever is wrong, the user gets one line naming it and status 2."""
        assert_one_line_error(cli(*args), *words)


class TestAnalyze:
    def test_json_has_the_documented_keys_and_values(self, cli: Cli) -> None:
        """`analyze --json` is the engine's analysis under the documented keys."""
        board = Board.parse("X.O/.X./...")
        done = cli("analyze", "--json", "x.o/.x./...")
        assert done.returncode == 0
        got = json.loads(done.stdout)
        expected = analyze(board)
        assert got == {
            "position": "X.O/.X./...",
            "to_move": "O",
            "result": None,
            "value": expected.value.value if expected.value else None,
            "plies": expected.plies,
            "moves": [{"cell": m.cell, "value": m.value.value, "plies": m.plies} for m in expected.moves],
            "best": list(expected.best),
        }

    def test_finished_position(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A won board has a result, no side to move, no value and no moves."""
        assert main(["analyze", "--json", "XXX/OO./..."]) == 0
        got = json.loads(capsys.readouterr().out)
        assert (got["to_move"], got["result"], got["value"], got["plies"], got["moves"], got["best"]) == (
            None,
            "X",
            None,
            0,
            [],
            [],
        )

    def test_text_names_the_best_moves(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The human-readable form says who moves, the value, and marks best moves."""
        assert main(["analyze", "XX./OO./..."]) == 0
        out = capsys.readouterr().out
        assert "X to move: win in 1" in out
        assert "2  win in 1  *best" in out

    def test_batch_answers_every_line_in_order(self, cli: Cli) -> None:
        """`analyze --json -` answers one line per position, errors in place, then
        says how many were bad in one line on stderr, exit 2."""
        lines = ["X.O/.X./...", "", "nonsense", "XXX/OO./...", "OOO/XX./XX."]
        done = cli("analyze", "--json", "-", stdin="\n".join(lines) + "\n")
        assert done.returncode == 2
        assert done.stderr == "pyengine: error: 2 of 4 lines were not legal positions\n"
        out = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(out) == 4  # the blank line is skipped
        assert out[0]["position"] == "X.O/.X./..."
        assert out[1]["input"] == "nonsense" and "9 cells" in out[1]["error"]
        assert out[2]["result"] == "X"
        assert out[3]["input"] == "OOO/XX./XX." and out[3]["error"]

    def test_batch_of_every_position(self, cli: Cli) -> None:
        """The batch mode handles all 5,478 positions, each exactly as analyze() does."""
        boards = reachable_positions()
        done = cli("analyze", "--json", "-", stdin="".join(f"{b}\n" for b in boards))
        assert done.returncode == 0, done.stderr
        out = done.stdout.splitlines()
        assert len(out) == len(boards)
        for board, line in zip(boards, out, strict=True):
            got = json.loads(line)
            assert got["position"] == str(board)
            assert got["best"] == list(analyze(board).best)


class TestStats:
    def test_json_is_the_computed_facts(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`stats --json` prints compute_facts() under the documented keys."""
        assert main(["stats", "--json"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert got == compute_facts().as_dict()
        assert list(got) == FACT_KEYS

    def test_text_is_one_labelled_line_per_figure(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The table has a line per fact, in FACT_LABELS' order: its label (a narrowing
        "… " shown as an indent) and its figure with thousands separators."""
        assert main(["stats"]) == 0
        lines = capsys.readouterr().out.splitlines()
        facts = compute_facts().as_dict()
        assert len(lines) == len(FACT_LABELS) == len(facts)
        for line, (key, label) in zip(lines, FACT_LABELS.items(), strict=True):
            shown, _, figure = line.rpartition(" ")
            assert shown.rstrip() == label.replace("… ", "  ")
            assert figure == f"{facts[key]:,}"


class TestMatch:
    def test_json_tally(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The tally adds up and a perfect X never loses to random."""
        args = ["match", "--x", "perfect", "--o", "random", "--games", "500", "--seed", "3", "--json"]
        assert main(args) == 0
        got = json.loads(capsys.readouterr().out)
        assert set(got) == {"games", "x_wins", "o_wins", "draws"}
        assert got["games"] == 500 == got["x_wins"] + got["o_wins"] + got["draws"]
        assert got["o_wins"] == 0

    def test_seed_repeats_the_match(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The same seed plays the same games."""
        args = ["match", "--x", "medium", "--o", "easy", "--games", "300", "--seed", "9", "--json"]
        main(args)
        first = capsys.readouterr().out
        main(args)
        assert capsys.readouterr().out == first

    def test_no_progress_bar_when_stderr_is_not_a_terminal(self, cli: Cli) -> None:
        """Piped stderr stays clean: the bar is for people watching a terminal."""
        done = cli("match", "--x", "random", "--o", "random", "--games", "20000")
        assert done.returncode == 0 and done.stderr == ""
        assert "20,000 games" in done.stdout


class TestPlay:
    def test_a_whole_game_with_mistakes_along_the_way(self, cli: Cli) -> None:
        """The terminal game answers bad input, undo and redo, and ends with a banner."""
        # Two players so that every move is ours to type.
        keys = ["x", "0", "10", "5", "5", "u", "r", "1", "2", "3", "4", "6", "7", "9", "8", "n"]
        done = cli("play", "--mode", "two", stdin="\n".join(keys) + "\n")
        assert done.returncode == 0, done.stderr
        out = done.stdout
        assert "'x' is not a move" in out and "'0' is not a move" in out and "'10' is not a move" in out
        assert "already taken" in out
        assert "numbered 1 to 9" in out
        # 5 1 2 3 4 6 7 9 8 → X: 5,2,4,7,8 ... the engine decides who won; the banner must say it.
        board = Board.empty()
        for key in ["5", "1", "2", "3", "4", "6", "7", "9", "8"]:
            if board.is_over:
                break
            board = board.play(int(key) - 1)
        banner = "Draw!" if board.winner is None else f"{board.winner} wins!"
        assert banner in out

    def test_end_of_input_quits_quietly(self, cli: Cli) -> None:
        """Closing stdin mid-game exits 0 and says nothing on stderr."""
        done = cli("play", stdin="5\n")
        assert done.returncode == 0 and done.stderr == ""

    def test_the_bot_never_loses_as_o(self, cli: Cli) -> None:
        """Against the perfect bot the human playing X cannot win, whatever the keys."""
        keys = "\n".join(["1", "2", "3", "4", "5", "6", "7", "8", "9"] * 2)
        done = cli("play", "--seed", "4", stdin=keys + "\n")
        assert done.returncode == 0
        assert "You win!" not in done.stdout
        assert "You lose." in done.stdout or "Draw!" in done.stdout


class TestVersion:
    def test_version_is_the_packages(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`pyengine --version` prints the program's name and pyengine.__version__, and exits 0."""
        import pyengine

        with pytest.raises(SystemExit) as exited:
            main(["--version"])
        assert exited.value.code == 0
        assert capsys.readouterr().out == f"pyengine {pyengine.__version__}\n"
        assert pyengine.__version__.count(".") == 2 and pyengine.__version__.replace(".", "").isdigit()


class TestEntryPoint:
    """``python -m pyengine`` itself: what a process shows and main() cannot."""

    @pytest.mark.parametrize(
        ("args", "words"),
        [
            (["move", ".........", "--level", "godlike"], ["godlike", "perfect"]),  # the parser's mistake
            (["mcts", "XXX/OO./..."], ["game is over"]),  # the engine's, from another module's subcommand
        ],
    )
    def test_bad_input_exits_2_with_one_line_and_no_traceback(self, args: list[str], words: list[str]) -> None:
        assert_one_line_error(run(*args), *words)

    def test_a_seeded_run_repeats_in_fresh_interpreters(self, cli: Cli) -> None:
        """Two interpreters (each with its own hash seed) and this one print the same
        seeded training run: no set or dict order leaks into a seeded result."""
        args = ("learn", "menace", "--games", "200", "--against", "random", "--seed", "42", "--json")
        first, second = run(*args), run(*args)
        assert first.returncode == 0, first.stderr
        assert first.stdout == second.stdout == cli(*args).stdout
