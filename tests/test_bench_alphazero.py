"""AlphaZero's benches (bench/alphazero.py, bench/alphazero_page.py) read the
marks as they say: a target is first reached at the first iteration whose
marks reach it, with the games and seconds of that iteration, and two sides
of a seed agree, agree on the moves only, or part ways where they do."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bench.alphazero import TARGET, Firsts, met
from bench.alphazero_page import Side, agreement
from pyengine.learning.alphazero import AlphaZero, marks_json, settings

SMALL = settings(width=8, simulations=8, games=3, steps=3, batch=8)


@pytest.fixture(scope="module")
def marks() -> list[dict[str, Any]]:
    """A small machine's marks after iterations 0 to 2, as the trainer sends them."""
    machine = AlphaZero.seeded(5, SMALL)
    for _ in machine.train(2):
        pass
    return [marks_json(m) for m in machine.history]


def answers(marks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"kind": "iteration", "marks": m, "seconds": 0.5 + m["iteration"]} for m in marks]


def test_the_targets_are_the_marks_own(marks: list[dict[str, Any]]) -> None:
    for m in marks:
        assert met(m) == {"share": m["perfect_share"] >= TARGET, "never loses": m["search_never_loses"]}
    assert met({**marks[0], "perfect_share": TARGET})["share"]  # 98% itself is enough


def test_each_target_is_noted_once_at_its_first_iteration(marks: list[dict[str, Any]]) -> None:
    shifted = [{**m, "perfect_share": TARGET if m["iteration"] >= 1 else 0.5} for m in marks]
    shifted[2]["search_never_loses"] = True
    firsts = Firsts()
    done = [firsts.note(m, 10.0 * m["iteration"]) for m in shifted]
    loses = next(m["iteration"] for m in shifted if m["search_never_loses"])
    assert done == [i >= max(1, loses) for i in range(3)]
    assert firsts.found["share"] == (1, shifted[1]["games"], 10.0)
    assert firsts.found["never loses"] == (loses, shifted[loses]["games"], 10.0 * loses)


def first(marks: list[dict[str, Any]], name: str) -> int | None:
    return next((m["iteration"] for m in marks if met(m)[name]), None)


def test_a_side_sums_the_trainer_s_seconds_until_a_target(marks: list[dict[str, Any]]) -> None:
    side = Side("CPython", limit=2)
    over = [side.take(answer) for answer in [{"kind": "progress"}, *answers(marks)]]
    reached = [first(marks, name) for name in ("share", "never loses")]
    end = 2 if None in reached else max(r for r in reached if r is not None)  # the limit, or both targets
    assert over == [False] + [i >= end for i in range(3)]
    assert side.iterations() == reached
    assert side.seconds == [0.5 + i for i in range(3)] and side.marks == marks


def test_two_sides_of_a_seed_agree_or_say_where_they_part(marks: list[dict[str, Any]]) -> None:
    here, there = Side("CPython", 2), Side("page", 2)
    for answer in answers(marks):
        here.take(answer)
        there.take(copy.deepcopy(answer))
    assert agreement(here, there) == "are the same, bit for bit, at all 3 iterations"
    error, win = there.marks[1]["value_error"], there.marks[2]["search"]["x_random"]["win"]
    there.marks[1]["value_error"] += 2e-16
    there.marks[2]["search"]["x_random"]["win"] += 1e-15
    most = max(there.marks[1]["value_error"] - error, there.marks[2]["search"]["x_random"]["win"] - win)
    said = agreement(here, there)
    assert said.startswith("agree on the moves at all 3 iterations") and f"at most {most:.1e}" in said
    there.marks[2]["perfect_share"] += 1 / 4298
    assert agreement(here, there).startswith("part ways at iteration 2 (perfect_share)")
