"""`pyengine learn` and `pyengine mcts`: their JSON checked against the tests'
own minimax (tests/reference.py, and a plain 4x4 one here), never the engine's."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from pyengine.cli import main
from tests.conftest import Cli
from tests.support import assert_one_line_error

from . import reference as ref


def plain(notation: str) -> str:
    return notation.replace("/", "")


def good_reference(cells: str) -> set[int]:
    value = ref.solve(cells)[0]
    return {c for c in ref.empties(cells) if ref.move_outcome(cells, c)[0] == value}


def learn_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["learn", *args, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def choice_classes(side: str) -> set[str]:
    return {
        ref.symmetry_class(cells)
        for cells in ref.reachable()
        if not ref.is_over(cells) and ref.mover(cells) == side and cells.count(".") > 1
    }


class TestLearnMenace:
    @pytest.mark.parametrize(
        ("against", "rules", "side"),
        [
            ("perfect", "michie", "X"),
            ("random", "scroggs", "O"),
            ("menace", "michie", "X"),
            ("medium", "scroggs", "X"),
        ],
    )
    def test_json_against_the_reference(
        self, capsys: pytest.CaptureFixture[str], against: str, rules: str, side: str
    ) -> None:
        """Every box once, one per class of the plain walk; the results tally the
        history; perfect_share recomputed from the beads with the reference minimax."""
        data = learn_json(
            capsys, "menace", "--games", "150", "--against", against, "--rules", rules, "--side", side, "--seed", "3"
        )
        assert data["games"] == 150 == len(data["history"])
        assert set(data["history"]) <= set("WDL")
        assert data["results"] == {
            "win": data["history"].count("W"),
            "draw": data["history"].count("D"),
            "loss": data["history"].count("L"),
        }
        positions = [plain(box["position"]) for box in data["boxes"]]
        assert len(positions) == len(set(positions)) == (304 if side == "X" else 289)
        assert {ref.symmetry_class(p) for p in positions} == choice_classes(side)
        perfect = 0
        for box in data["boxes"]:
            cells = plain(box["position"])
            beads = {int(cell): count for cell, count in box["beads"].items()}
            assert set(beads) <= set(ref.empties(cells)) and min(beads.values()) >= 0
            top = max(beads.values())
            liked = {cell for cell, count in beads.items() if count == top and top > 0}
            perfect += bool(liked) and liked <= good_reference(cells)
        assert data["perfect_share"] == perfect / len(positions)

    def test_untrained_machine(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--games 0: Scroggs' 8, 4, 2, 1 beads by move number, no history."""
        data = learn_json(capsys, "menace", "--games", "0", "--rules", "scroggs")
        assert (data["games"], data["history"], data["results"]) == (0, "", {"win": 0, "draw": 0, "loss": 0})
        for box in data["boxes"]:
            marks = 9 - plain(box["position"]).count(".")
            assert set(box["beads"].values()) == {(8, 4, 2, 1)[marks // 2]}

    def test_against_itself_it_keeps_boxes_for_both_sides(self, capsys: pytest.CaptureFixture[str]) -> None:
        data = learn_json(capsys, "menace", "--games", "50", "--against", "self", "--seed", "1")
        assert len(data["boxes"]) == 304 + 289

    def test_seeded_runs_repeat_exactly(self, cli: Cli) -> None:
        """(In fresh interpreters too: tests/test_cli.py's TestEntryPoint.)"""
        args = ("learn", "menace", "--games", "200", "--against", "random", "--seed", "42", "--json")
        first, second = cli(*args), cli(*args)
        assert first.returncode == 0, first.stderr
        assert first.stdout == second.stdout
        other = cli(*args[:-2], "43", "--json")
        assert json.loads(other.stdout)["history"] != json.loads(first.stdout)["history"]


class TestLearnTabular:
    def test_json_against_the_reference(self, capsys: pytest.CaptureFixture[str]) -> None:
        """perfect_share recomputed from the printed values: a position is perfect when
        every move of its highest value keeps the exact value."""
        data = learn_json(capsys, "tabular", "--games", "800", "--against", "random", "--seed", "5")
        assert data["learner"] == "tabular" and len(data["history"]) == 800
        perfect = 0
        for entry in data["positions"]:
            cells = plain(entry["position"])
            values = {int(cell): value for cell, value in entry["values"].items()}
            assert set(values) == set(ref.empties(cells))
            top = max(values.values())
            perfect += {cell for cell, value in values.items() if value == top} <= good_reference(cells)
        assert {ref.symmetry_class(plain(e["position"])) for e in data["positions"]} == choice_classes("X")
        assert data["perfect_share"] == perfect / 304

    def test_schedule_is_used_and_repeats(self, capsys: pytest.CaptureFixture[str]) -> None:
        args = ("tabular", "--games", "100", "--against", "perfect", "--seed", "9", "--alpha", "0.5", "--epsilon", "0")
        data = learn_json(capsys, *args)
        assert data["schedule"]["alpha"] == 0.5 and data["schedule"]["epsilon"] == 0.0
        assert learn_json(capsys, *args) == data
        assert "W" not in data["history"]  # nobody beats the perfect bot


@cache
def solve4(cells: str) -> str:
    """A plain 4x4 minimax (value word for the side to move) for endgames: few empty cells."""
    n = 4
    lines = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    lines += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    me = "X" if cells.count("X") == cells.count("O") else "O"
    outcomes = set()
    for cell in (c for c in range(16) if cells[c] == "."):
        after = cells[:cell] + me + cells[cell + 1 :]
        if any(all(after[c] == me for c in line) for line in lines):
            return "win"
        outcomes.add("draw" if "." not in after else {"win": "loss", "draw": "draw", "loss": "win"}[solve4(after)])
    return "win" if "win" in outcomes else "draw" if "draw" in outcomes else "loss"


def move4(cells: str, cell: int) -> str:
    me = "X" if cells.count("X") == cells.count("O") else "O"
    after = cells[:cell] + me + cells[cell + 1 :]
    lines = [[r * 4 + c for c in range(4)] for r in range(4)] + [[r * 4 + c for r in range(4)] for c in range(4)]
    lines += [[0, 5, 10, 15], [3, 6, 9, 12]]
    if any(all(after[c] == me for c in line) for line in lines):
        return "win"
    return "draw" if "." not in after else {"win": "loss", "draw": "draw", "loss": "win"}[solve4(after)]


class TestMcts:
    @pytest.mark.parametrize("position", ["X.O/.X./...", ".........", "XO./.X./..O", "XX./OO./..."])
    def test_json_against_the_reference(self, capsys: pytest.CaptureFixture[str], position: str) -> None:
        assert main(["mcts", position, "--iterations", "700", "--seed", "1", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        cells = plain(position)
        assert data["best"] == list(ref.best_cells(cells))
        assert data["value"] == ref.solve(cells)[0]
        assert [m["cell"] for m in data["moves"]] == ref.empties(cells)
        assert sum(m["visits"] for m in data["moves"]) == 700 == data["iterations"]
        for move in data["moves"]:
            assert move["exact"] == ref.move_outcome(cells, move["cell"])[0]
            assert -1.0 <= move["value"] <= 1.0
        top = max(m["visits"] for m in data["moves"])
        assert data["most_visited"] == [m["cell"] for m in data["moves"] if m["visits"] == top]
        assert data["most_visited_good"] == (set(data["most_visited"]) <= good_reference(cells))

    def test_a_4x4_endgame_against_a_plain_minimax(self, capsys: pytest.CaptureFixture[str]) -> None:
        position = "XOXO/OXOX/X.O./.X.O"
        cells = plain(position)
        assert main(["mcts", position, "--iterations", "300", "--seed", "2", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["value"] == solve4(cells)
        assert sum(m["visits"] for m in data["moves"]) == 300
        for move in data["moves"]:
            assert move["exact"] == move4(cells, move["cell"])
            assert move["good"] == (move["exact"] == data["value"])

    def test_seeded_search_repeats(self, cli: Cli) -> None:
        args = ("mcts", "X.../.O../..../....", "--iterations", "400", "--seed", "8", "--json")
        first = cli(*args)
        assert first.returncode == 0, first.stderr
        assert first.stdout == cli(*args).stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["learn", "perceptron"], ["perceptron", "menace"]),
        (["learn", "menace", "--against", "grandmaster"], ["grandmaster", "self"]),
        (["learn", "menace", "--games", "-4"], ["-4"]),
        (["learn", "menace", "--rules", "turing"], ["turing", "scroggs"]),
        (["learn", "menace", "--side", "Z"], ["'Z'", "X, O"]),
        (["learn", "tabular", "--alpha", "7"], ["'7'", "0 to 1"]),
        (["mcts", "XXX/OO./..."], ["game is over"]),
        (["mcts", "X.O/.X./.."], ["position"]),
        (["mcts", ".........", "--iterations", "nine"], ["nine"]),
        (["mcts", ".........", "--iterations", "0"], ["at least one iteration"]),
        (["mcts", ".........", "--seed", "x"], ["'x'"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Cli, args: list[str], words: list[str]) -> None:
    assert_one_line_error(cli(*args), *words)


def test_the_text_counts_in_words_and_gives_no_mean_unvisited(cli: Cli) -> None:
    """`mcts` without --json: "1 iteration", a dash for a move never visited (it has
    no mean), each visited move's mean and its exact value from the reference, and
    the verdict on the most-visited moves as the JSON gives them."""
    position = "X.O/.X./..."
    cells = plain(position)
    for iterations in ("1", "2", "40"):
        args = ("mcts", position, "--iterations", iterations, "--seed", "1")
        data = json.loads(cli(*args, "--json").stdout)
        lines = cli(*args).stdout.splitlines()
        runs = int(iterations)
        assert lines[0] == f"{runs} iteration{'' if runs == 1 else 's'}; exact value for the side to move: draw"
        for line, move in zip(lines[2:-1], data["moves"], strict=True):
            cell, visits, mean, exact = line.split(None, 3)
            assert (int(cell), int(visits)) == (move["cell"], move["visits"])
            assert mean == (f"{move['value']:+.2f}" if move["visits"] else "-")
            assert exact.startswith(f"{ref.move_outcome(cells, move['cell'])[0]} in ")
        top = data["most_visited"]
        named = ", ".join(map(str, top)) + (", tied" if len(top) > 1 else "")
        assert lines[-1].startswith(f"the most-visited move{'s' if len(top) > 1 else ''} ({named}) ")
        assert ("not" not in lines[-1]) == data["most_visited_good"]
