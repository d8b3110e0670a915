"""The learners' saved state (site/py/learn_saved.py) in CPython: a trained
machine written as the page keeps it and read back, and what the page says of
kept text it cannot read (the page then replaces it with a fresh machine)."""

from __future__ import annotations

import json
from random import Random

import learn_saved
import pytest
from learn_saved import Trained
from saved import Unreadable

from pyengine import Player
from pyengine.learning.learner import LearnerKind, training
from pyengine.learning.menace import MICHIE, Menace
from pyengine.learning.tabular import TdLearner
from pyengine.learning.training import Opponent, make_learner, make_opponent
from tests.test_saved import kept

KEY = learn_saved.STORAGE_KEYS[LearnerKind.MENACE]


def trained(kind: LearnerKind, games: int, seed: int = 7) -> Trained:
    """A machine trained ``games`` games against the random bot, as the page trains it."""
    rng = Random(seed)
    learner = make_learner(kind, Player.X, Opponent.SELF, rng, MICHIE)
    played = training(learner, make_opponent(Opponent.RANDOM, learner, Player.X, rng, MICHIE), Player.X)
    history = [next(played) for _ in range(games)]
    return Trained(learner, history, [(0, 0.0), (games, 0.5)], Opponent.RANDOM.value)


@pytest.mark.parametrize("kind", [LearnerKind.MENACE, LearnerKind.TABULAR])
def test_a_machine_written_is_read_back_whole(kind: LearnerKind) -> None:
    machine = trained(kind, 30)
    store, storage = kept()
    assert learn_saved.write(store, kind, machine)
    assert json.loads(storage.items[learn_saved.STORAGE_KEYS[kind]])["version"] == learn_saved.SAVE_VERSION
    back = learn_saved.read(store, kind, Random(0))
    assert isinstance(back, Trained)
    assert isinstance(back.learner, Menace if kind is LearnerKind.MENACE else TdLearner)
    assert back.learner.to_json() == machine.learner.to_json()
    assert back.history == machine.history and len(back.history) == back.learner.games == 30
    assert back.curve == machine.curve and back.against == "random"


def test_nothing_kept_is_none() -> None:
    assert learn_saved.read(kept()[0], LearnerKind.MENACE, Random(0)) is None


def saved_text(**changes: object) -> str:
    data = learn_saved.to_json(trained(LearnerKind.MENACE, 12))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "it is not JSON"),
        ('{"version": 1, "machine": {"boxes": 7}', "it is not JSON"),
        ("[1, 2]", "it was saved in another format"),
        (saved_text(version=2), "it was saved in another format"),
        (saved_text(history="WWD"), "its history does not match its games"),
        (saved_text(history="WWZ"), "is not a history of W, D and L"),
        (saved_text(machine={"boxes": 7}), "not a saved MENACE"),
        (saved_text(curve=[[1, "x"]]), "could not convert"),
        (saved_text(curve=7), "not iterable"),
        (saved_text(machine=[]), "not a saved MENACE"),
        (saved_text(curve=[[1, 0.5, 2]]), "too many values"),
    ],
)
def test_what_cannot_be_read_comes_back_unreadable_with_its_reason(text: str, reason: str) -> None:
    store, _ = kept({KEY: text})
    back = learn_saved.read(store, LearnerKind.MENACE, Random(0))
    assert isinstance(back, Unreadable), back
    assert reason in back.reason


def test_an_opponent_not_a_word_is_not_said() -> None:
    store, _ = kept({KEY: saved_text(against=3)})
    back = learn_saved.read(store, LearnerKind.MENACE, Random(0))
    assert isinstance(back, Trained) and back.against is None


def test_the_curve_keeps_one_point_a_count_of_games_and_thins_itself() -> None:
    calls: list[int] = []

    def share() -> float:
        calls.append(1)
        return 0.25

    curve = learn_saved.with_point([], 0, share)
    assert curve == [(0, 0.25)] and learn_saved.with_point(curve, 0, share) is curve and len(calls) == 1
    for games in range(1, learn_saved.MAX_CURVE + 1):
        curve = learn_saved.with_point(curve, games, lambda: 0.5)
    # MAX_CURVE + 1 points: the first and last stay, every other one between goes.
    middle = list(range(1, learn_saved.MAX_CURVE))[::2]
    assert [games for games, _ in curve] == [0, *middle, learn_saved.MAX_CURVE]
