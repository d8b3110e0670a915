"""AlphaZero on the learners' page, its no-DOM modules in CPython: the
worker's trainer (site/py/alphazero_train.py) answer by answer, the run kept
and read back (alphazero_saved.py), what is said of kept text that cannot be
read, and what the section shows (alphazero_view.py)."""

from __future__ import annotations

import json
from random import Random

import alphazero_saved
import alphazero_train
import alphazero_view
import pytest
from alphazero_saved import Point
from saved import Unreadable

from pyengine import Board
from pyengine.learning.alphazero import AlphaZero, marks_json, most_visited, settings
from tests.test_saved import kept

SMALL = settings(width=8, simulations=8, games=3, steps=3, batch=8)


def answers(trainer: alphazero_train.Trainer) -> list[dict[str, object]]:
    found = []
    while (text := trainer.step()) is not None:
        found.append(json.loads(text))
    return found


def small_machine(seed: int = 3) -> AlphaZero:
    machine = AlphaZero.seeded(seed, SMALL)
    for _ in machine.train(1):
        pass
    return machine


def test_a_fresh_trainer_answers_its_untrained_marks_first() -> None:
    told = answers(alphazero_train.Trainer(None, 1, 0))
    assert [answer["kind"] for answer in told] == ["iteration"]
    marks = told[0]["marks"]
    assert isinstance(marks, dict)
    untrained = AlphaZero.seeded(1).marks()
    assert marks["iteration"] == 0 and marks["perfect_share"] == untrained.perfect_share
    assert marks["search_share"] == untrained.search_share
    assert AlphaZero.from_json(told[0]["machine"], Random(0)).net.to_json() == AlphaZero.seeded(1).net.to_json()


def test_a_resumed_trainer_goes_on_from_the_saved_machine() -> None:
    base = small_machine()
    told = answers(alphazero_train.Trainer(json.dumps(base.to_json()), 1, 2))
    iterations = [answer for answer in told if answer["kind"] == "iteration"]
    assert [answer["marks"]["iteration"] for answer in iterations] == [2, 3]  # type: ignore[index]
    assert [answer["machine"]["games"] for answer in iterations] == [6, 9]  # type: ignore[index]
    for answer in told:
        if answer["kind"] == "progress":
            assert 0 < answer["done"] <= answer["total"] == SMALL.games + SMALL.steps  # type: ignore[operator]


def run_of(machines: list[AlphaZero], seed: int = 1) -> alphazero_saved.Run:
    run = alphazero_saved.fresh(seed)
    for machine in machines:
        marks = machine.marks()
        answer = {"kind": "iteration", "marks": marks_json(marks), "machine": machine.to_json(), "seconds": 0.5}
        run = alphazero_saved.with_iteration(run, answer)
    return run


def test_a_run_written_is_read_back_and_its_networks_play_as_before() -> None:
    machine = small_machine()
    run = run_of([machine])
    store, storage = kept()
    assert alphazero_saved.write(store, run)
    back = alphazero_saved.read(store)
    assert isinstance(back, alphazero_saved.Run)
    assert back.points == run.points and back.seed == 1
    point = back.points[0]
    marks = machine.marks()
    assert (point.iteration, point.games, point.network, point.search) == (
        1,
        3,
        marks.perfect_share,
        marks.search_share,
    )
    again = back.machine(0)
    for board in (Board.empty(), Board.parse("X../.O./..."), Board.parse("XX./OO./...")):
        kept_priors = again.evaluate(board).priors
        for cell, prior in machine.evaluate(board).priors.items():
            assert kept_priors[cell] == pytest.approx(prior, rel=1e-4)
    assert len(storage.items[alphazero_saved.KEY]) < 20_000  # weights rounded: a run of 30 fits in storage


def test_a_run_keeps_its_first_and_last_iterations_beyond_the_limit() -> None:
    machine = small_machine()
    data = machine.to_json()
    run = alphazero_saved.fresh(1)
    marks = marks_json(machine.marks())
    for iteration in range(1, alphazero_saved.MAX_KEPT + 6):
        answer = {
            "marks": {**marks, "iteration": iteration},
            "machine": {**data, "iterations": iteration},
            "seconds": 1.0,
        }
        run = alphazero_saved.with_iteration(run, answer)
        assert len(run.points) <= alphazero_saved.MAX_KEPT
    assert run.points[0].iteration == 1 and run.points[-1].iteration == alphazero_saved.MAX_KEPT + 5
    assert [m["iterations"] for m in run.machines] == [p.iteration for p in run.points]
    assert alphazero_saved.from_json(alphazero_saved.to_json(run)) == run


def broken_runs() -> list[tuple[str, str]]:
    good = alphazero_saved.to_json(run_of([small_machine()]))
    point = good["points"][0]
    machine = good["machines"][0]
    return [
        ("{not json", "it is not JSON"),
        (json.dumps({**good, "version": 99}), "it was saved in another format"),
        (json.dumps({**good, "seed": "one"}), "its seed is not a whole number"),
        (json.dumps({**good, "machines": []}), "its iterations and its networks do not pair up"),
        (json.dumps({**good, "points": [{**point, "network": "high"}]}), "a mark is not a number"),
        (json.dumps({**good, "points": [{**point, "iteration": 4}]}), "the network kept for iteration 4"),
        (json.dumps({**good, "machines": [{**machine, "network": {"w1": []}}]}), "not a saved alphazero"),
    ]


@pytest.mark.parametrize("text,reason", broken_runs())
def test_kept_text_that_cannot_be_read_is_said_in_words(text: str, reason: str) -> None:
    store, _ = kept({alphazero_saved.KEY: text})
    found = alphazero_saved.read(store)
    assert isinstance(found, Unreadable)
    assert reason in found.reason


def test_nothing_kept_and_a_forgotten_run_read_as_none() -> None:
    store, _ = kept()
    assert alphazero_saved.read(store) is None
    assert alphazero_saved.write(store, run_of([small_machine()]))
    assert alphazero_saved.forget(store)
    assert alphazero_saved.read(store) is None


def test_the_view_of_a_position_is_the_network_and_its_search() -> None:
    machine = small_machine()
    board = Board.parse("X../.O./...")
    evaluation = machine.evaluate(board)
    root = machine.search(board)
    visits = dict(zip(root.moves, root.visits, strict=True))
    cells = alphazero_view.position_cells(board, evaluation.priors, visits)
    assert [c.mark for c in cells[:5]] == ["X", "", "", "", "O"]
    assert sum(c.prior or 0.0 for c in cells) == pytest.approx(1.0)
    assert sum(c.visits or 0 for c in cells) == SMALL.simulations
    assert cells[0].prior is None and cells[1].prior == evaluation.priors[1]
    # Cells named as on every board of the site (pyengine.words), not by their numbers.
    assert (cells[0].label, cells[4].label) == ("Top left, X", "Centre, O")
    assert cells[8].label == (
        f"Bottom right, empty, the network gives it {alphazero_view.percent(evaluation.priors[8])}, "
        f"the search {visits.get(8, 0)} visits"
    )
    rows = alphazero_view.view_rows(cells, most_visited(root))
    assert rows.count("<tr") == 7 and rows.count("az-chosen") == 1
    assert '<th scope="row">top right</th>' in rows and '<th scope="row">2</th>' not in rows
    assert f"{evaluation.value:+.2f} for X" in alphazero_view.value_text(board, evaluation.value, 1)
    over = Board.parse("XXX/OO./...")
    assert "over" in alphazero_view.value_text(over, None, 1)


def test_the_plot_and_the_sentences_follow_the_points() -> None:
    points = [Point(0, 0, 0.5, 0.8, 0.6, False, 0.0), Point(1, 300, 0.9, 0.99, 0.4, True, 12.0)]
    drawn = alphazero_view.plot(points, [("MENACE", 0.75)])
    assert drawn.count("<polyline") == 4 and "MENACE (its own positions)" in drawn
    assert "<td>0.900</td>" in drawn and "<td>0.990</td>" in drawn
    said = alphazero_view.marks_text(points[1])
    assert "90.0%" in said and "99.0%" in said and "never loses" in said
    assert alphazero_view.seconds_text(points) == (
        "An iteration took 12.0 s on average in the worker (marking included)."
    )
    assert alphazero_view.reference_share({"curve": [[0, 0.2], [100, 0.61]]}) == 0.61
    assert alphazero_view.reference_share({"curve": "no"}) is None
    assert alphazero_view.reference_share(None) is None
    assert alphazero_view.mcts_reference("1,000", "0.950") == ("MCTS after 1,000 iterations", 0.95)
    assert alphazero_view.mcts_reference("-", "n/a") is None
