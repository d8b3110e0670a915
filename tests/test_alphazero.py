"""AlphaZero: the network's gradient, the search, the marks and the command line,
checked against finite differences and the tests' own minimax (tests/reference.py)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest

from pyengine.board import Board, Player
from pyengine.cli import learn_commands
from pyengine.cli.commands import main
from pyengine.errors import EngineError
from pyengine.learning.alphazero import (
    AlphaZero,
    Example,
    Network,
    gradient,
    inputs_of,
    marked_positions,
    most_visited,
    search,
    settings,
)
from pyengine.learning.marking import notation
from tests.conftest import Cli
from tests.support import assert_one_line_error, cells_of

from . import reference as ref

SMALL = settings(width=8, simulations=8, games=3, steps=4, batch=8, iterations=1)
"""A machine small enough to train in a second: for what does not need it to learn."""


@cache
def choice_cells() -> frozenset[str]:
    """The reference's positions with a choice: not over, two or more empty cells."""
    return frozenset(cells for cells in ref.live_positions() if len(ref.empties(cells)) > 1)


def keeps_value(cells: str, cell: int) -> bool:
    return ref.move_outcome(cells, cell)[0] == ref.solve(cells)[0]


def plain(text: str) -> str:
    return text.replace("/", "")


# -- the network -------------------------------------------------------------


def test_the_gradient_is_the_loss_s_slope() -> None:
    """Every weight's analytic gradient against central finite differences of the loss."""
    rng = Random(5)
    net = Network(6, rng)
    for part in net.parameters():  # biases away from zero too, so every weight matters
        part[:] = [w + rng.uniform(-0.3, 0.3) for w in part]
    batch = []
    for text, shares, outcome in (
        ("X.O/.X./...", {3: 0.5, 8: 0.25, 6: 0.25}, 1.0),
        ("XO./.X./..O", {2: 1.0}, -1.0),
        ("........./", {4: 0.7, 0: 0.3}, 0.0),
    ):
        board = Board.parse(text.rstrip("/"))
        legal = board.legal_moves
        batch.append(Example(tuple(inputs_of(board)), legal, tuple(shares.get(c, 0.0) for c in legal), outcome))
    parts, loss = gradient(net, batch)
    assert loss > 0
    step = 1e-6
    checked = 0
    for part, slope in zip(net.parameters(), parts, strict=True):
        for k in range(len(part)):
            kept = part[k]
            part[k] = kept + step
            up = gradient(net, batch)[1]
            part[k] = kept - step
            down = gradient(net, batch)[1]
            part[k] = kept
            numeric = (up - down) / (2 * step)
            assert slope[k] == pytest.approx(numeric, rel=1e-4, abs=1e-6)
            checked += 1
    assert checked == 18 * 6 + 6 + 9 * 6 + 9 + 6 + 1  # w1, b1, the policy's and the value's weights and biases


def test_the_policy_masks_taken_cells_and_sums_to_one() -> None:
    net = Network(8, Random(2))
    board = Board.parse("XO./.X./...")
    _, policy, value = net.forward(inputs_of(board), board.legal_moves)
    assert len(policy) == len(board.legal_moves) == 6
    assert sum(policy) == pytest.approx(1.0) and -1.0 < value < 1.0


def test_the_inputs_are_the_side_to_move_s_view() -> None:
    """The same marks for the side to move give the same inputs, whichever side it is."""
    x_to_move = Board.parse("XO./.../...")  # X to move: mine {0}, theirs {1}
    o_to_move = Board.parse("O.X/.X./...")  # O to move: mine {0}, theirs {2, 4}
    assert inputs_of(x_to_move) == [0, 10]
    assert inputs_of(o_to_move) == [0, 11, 13]


# -- the marks ---------------------------------------------------------------


def test_the_positions_with_a_choice_are_the_reference_s() -> None:
    found = {plain(notation(board)) for board in marked_positions()}
    assert found == choice_cells()
    assert len(found) == 4298


def rigged(cell: int) -> AlphaZero:
    """A machine whose network likes ``cell`` best wherever it is empty (then the lowest cell)
    and values every position 0."""
    net = Network(4)
    net.bp = [0.0] * 9
    net.bp[cell] = 5.0
    return AlphaZero(SMALL, Random(0), net)


@pytest.mark.parametrize(("cell", "perfect"), [(2, True), (6, False)])
def test_a_hand_picked_position_is_marked_both_ways(cell: int, perfect: bool) -> None:
    """X to move in XX./OO./...: 2 wins at once; 6 lets O win at 5. A network that
    likes one or the other is marked so, and so is the whole set, from the reference."""
    board = Board.parse("XX./OO./...")
    machine = rigged(cell)
    marks = {m.board: m for m in machine.network_marks()}
    assert marks[board].favourites == (cell,)
    assert marks[board].perfect is perfect
    expected = sum(keeps_value(plain(notation(b)), m.favourites[0]) for b, m in marks.items()) / 4298
    marked = machine.marks()
    assert marked.perfect_share == expected
    # every value is 0: the error is the share of positions that are not draws
    undrawn = sum(ref.solve(cells)[0] != ref.DRAW for cells in choice_cells())
    assert marked.value_error == pytest.approx(undrawn / 4298)


def test_results_are_walked_exactly() -> None:
    """A network that always likes the lowest empty cell, against the random bot as X:
    the win, draw and loss shares computed here with the reference's rules."""
    machine = rigged(0)
    net = machine.net
    net.bp = [float(9 - c) for c in range(9)]  # the lowest empty cell is always the favourite

    def walk(cells: str) -> tuple[float, float, float]:
        won = ref.winner(cells)
        if won or ref.is_over(cells):
            return (1.0, 0.0, 0.0) if won == "X" else (0.0, 0.0, 1.0) if won else (0.0, 1.0, 0.0)
        if ref.mover(cells) == "X":
            return walk(ref.play(cells, min(ref.empties(cells))))
        shares = [walk(ref.play(cells, c)) for c in ref.empties(cells)]
        return tuple(sum(s[i] for s in shares) / len(shares) for i in range(3))  # type: ignore[return-value]

    expected = walk(ref.EMPTY)
    found = machine.marks().network["x_random"]
    assert (found.win, found.draw, found.loss) == pytest.approx(expected)


# -- the search --------------------------------------------------------------


def perfect_evaluator(board: Board) -> tuple[list[float], float]:
    """Priors spread over the reference's best moves, the reference's exact value."""
    cells = cells_of(board)
    best = ref.best_cells(cells)
    value = {ref.WIN: 1.0, ref.DRAW: 0.0, ref.LOSS: -1.0}[ref.solve(cells)[0]]
    return [1.0 / len(best) if c in best else 0.0 for c in board.legal_moves], value


def test_the_search_with_a_perfect_network_plays_perfectly() -> None:
    """It keeps the exact value in every position with a choice, so it never loses
    from any position it has not lost already; and walking every reply from the
    empty board, as X and as O, it never loses."""
    config = settings()

    def move(board: Board) -> int:
        return most_visited(search(board, perfect_evaluator, config.simulations, config.c_puct))

    for board in marked_positions():
        assert keeps_value(cells_of(board), move(board)), board

    def never_loses(board: Board, side: Player) -> bool:
        if board.is_over:
            return board.winner is not side.other
        if board.to_move is side:
            return never_loses(board.play(move(board)), side)
        return all(never_loses(board.play(cell), side) for cell in board.legal_moves)

    assert never_loses(Board.empty(), Player.X) and never_loses(Board.empty(), Player.O)


# -- training ----------------------------------------------------------------


def test_a_seeded_run_repeats_exactly() -> None:
    first, second = AlphaZero.seeded(7, SMALL), AlphaZero.seeded(7, SMALL)
    for machine in (first, second):
        for _ in machine.train():
            pass
    assert first.to_json() == second.to_json()
    assert first.history == second.history and len(first.history) == 2
    third = AlphaZero.seeded(8, SMALL)
    assert third.to_json() != first.to_json()


def test_saved_and_loaded_plays_the_same() -> None:
    machine = AlphaZero.seeded(3, SMALL)
    for _ in machine.train():
        pass
    data = json.loads(json.dumps(machine.to_json()))
    back = AlphaZero.from_json(data, Random(0))
    assert back.to_json() == machine.to_json()
    assert back.moves() == machine.moves()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(kind="menace"), "kind"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["settings"].update(width=0), "width"),
        (lambda d: d["settings"].update(colour=1), "colour"),
        (lambda d: d["network"]["wp"].pop(), "wp"),
        (lambda d: d["network"]["b1"].__setitem__(0, "x"), "b1"),
        (lambda d: d.update(games=-1), "games"),
        (lambda d: d.pop("network"), "network"),
    ],
)
def test_bad_saved_data_is_refused_saying_why(change: Any, words: str) -> None:
    data = AlphaZero.seeded(1, SMALL).to_json()
    change(data)
    with pytest.raises(EngineError, match="not a saved alphazero") as caught:
        AlphaZero.from_json(data, Random(0))
    assert words in str(caught.value)


def test_it_weighs_and_plays_3x3_only_and_live_positions_only() -> None:
    machine = AlphaZero.seeded(1, SMALL)
    for board in (Board.empty(4), Board.parse("XXX/OO./...")):
        with pytest.raises(EngineError):
            machine.evaluate(board)
        with pytest.raises(EngineError):
            machine.choose(board)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(EngineError, match="simulations"):
        settings(simulations=0)
    with pytest.raises(EngineError, match="no setting"):
        settings(depth=3)


# -- the command line --------------------------------------------------------


def never_loses(moves: dict[str, int], side: str) -> bool:
    """Whether playing ``moves`` (by notation) as ``side`` loses no line against any reply (reference rules)."""

    def walk(cells: str) -> bool:
        won = ref.winner(cells)
        if won or ref.is_over(cells):
            return won != ref.other(side)
        if ref.mover(cells) == side:
            empties = ref.empties(cells)
            cell = empties[0] if len(empties) == 1 else moves[ref.slashed(cells)]
            return walk(ref.play(cells, cell))
        return all(walk(ref.play(cells, c)) for c in ref.empties(cells))

    return walk(ref.EMPTY)


def test_learn_alphazero_untrained_json(cli: Cli) -> None:
    """--iterations 0: the untrained network's figures, every one recomputed from its moves."""
    done = cli("learn", "alphazero", "--iterations", "0", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["learner"] == "alphazero" and data["iterations"] == 0 and data["games"] == 0
    moves, search_moves = data["moves"], data["search_moves"]
    assert {plain(text) for text in moves} == choice_cells() == {plain(text) for text in search_moves}
    share = sum(keeps_value(plain(text), cell) for text, cell in moves.items()) / len(moves)
    assert data["perfect_share"] == share
    assert data["search_share"] == sum(keeps_value(plain(t), c) for t, c in search_moves.items()) / len(moves)
    loses = not (never_loses(search_moves, "X") and never_loses(search_moves, "O"))
    assert data["search_never_loses"] is not loses
    assert len(data["history"]) == 1 and data["history"][0]["perfect_share"] == share


def test_learn_alphazero_text_and_save(cli: Cli, tmp_path: Path) -> None:
    saved = tmp_path / "net.json"
    done = cli("learn", "alphazero", "--iterations", "0", "--seed", "2", "--save", str(saved))
    assert done.returncode == 0, done.stderr
    assert "4,298 positions with a choice" in done.stdout
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["kind"] == "alphazero" and data["version"] == 1
    played = cli("match", "--x", f"alphazero:{saved}", "--o", "random", "--games", "5", "--seed", "1", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 5


def test_the_progress_bar_counts_every_game_and_step(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar's total is the iterations' games and steps, and the run advances it all the way."""
    counted: dict[str, int] = {}

    def bar(total: int, unit: str) -> tuple[Any, Any]:
        counted.update(total=total, done=0)

        def advance(done: int) -> None:
            counted["done"] += done

        return advance, lambda: counted.update(closed=1)

    class Small(AlphaZero):
        @classmethod
        def seeded(cls, seed: int | None, config: Any = None) -> AlphaZero:
            return AlphaZero.seeded(seed, SMALL)

    monkeypatch.setattr(learn_commands, "progress_bar", bar)
    monkeypatch.setattr(learn_commands, "AlphaZero", Small)
    done = cli("learn", "alphazero", "--iterations", "2", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert counted == {"total": 2 * (SMALL.games + SMALL.steps), "done": 2 * (SMALL.games + SMALL.steps), "closed": 1}
    assert json.loads(done.stdout)["games"] == 2 * SMALL.games


@pytest.mark.parametrize(
    "args",
    [
        ("learn", "alphazero", "--iterations", "-1"),
        ("learn", "alphazero", "--iterations", "x"),
        ("learn", "alphago"),
        ("learn", "menace", "--iterations", "3"),
        ("learn", "alphazero", "--games", "5"),
        ("learn", "alphazero", "--against", "perfect"),
        ("learn", "alphazero", "--alpha", "0.5"),
        ("learn", "alphazero", "--iterations", "0", "--save", "/no/such/folder/net.json"),
        ("match", "--x", "alphazero:/no/such/file.json", "--o", "random"),
        ("match", "--x", "alphazero", "--o", "random"),
    ],
)
def test_bad_input_is_one_line(cli: Cli, args: tuple[str, ...]) -> None:
    assert_one_line_error(cli(*args))


def test_a_saved_machine_is_refused_on_4x4_and_as_bad_json(cli: Cli, tmp_path: Path) -> None:
    saved = tmp_path / "net.json"
    saved.write_text(json.dumps(AlphaZero.seeded(1, SMALL).to_json()), encoding="utf-8")
    assert_one_line_error(cli("match", "--x", f"alphazero:{saved}", "--o", "random", "--size", "4"), "3x3")
    saved.write_text("{not json", encoding="utf-8")
    assert_one_line_error(cli("match", "--x", f"alphazero:{saved}", "--o", "random"), "not a saved alphazero")


@cache
def default_run() -> dict[str, Any]:
    """``pyengine learn alphazero --seed 1 --json``, the default training, once (a minute or two)."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["learn", "alphazero", "--seed", "1", "--json"]) == 0
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


@pytest.mark.slow
def test_the_target_seed_1() -> None:
    """The network keeps the value in 98% of the positions with a choice, and the
    search never loses as X or as O, walked against every reply."""
    data = default_run()
    moves = data["moves"]
    share = sum(keeps_value(plain(text), cell) for text, cell in moves.items()) / len(moves)
    assert data["perfect_share"] == share >= 0.98
    assert never_loses(data["search_moves"], "X") and never_loses(data["search_moves"], "O")
    assert data["search_never_loses"] is True


@pytest.mark.slow
def test_the_default_training_beats_the_untrained_network_on_every_mark() -> None:
    """Every share up, the value error down, and a better expected score (wins
    less losses) in every pairing, for the network and for the search."""
    data = default_run()
    before, after = data["history"][0], data["history"][-1]
    assert before["iteration"] == 0 and after["iteration"] == data["iterations"] > 0
    assert after["perfect_share"] > before["perfect_share"]
    assert after["search_share"] > before["search_share"]
    assert after["value_error"] < before["value_error"]
    for who in ("network", "search"):
        for name, result in after[who].items():
            old = before[who][name]
            assert result["win"] - result["loss"] > old["win"] - old["loss"], (who, name)
