"""Machines that learn: train on the page and see the counts move, find the machine
again after a reload, and a fresh one (said in words) when its saved state is broken."""

from __future__ import annotations

import json
import re
from random import Random

from playwright.sync_api import Page

from pyengine import Player
from pyengine.marking import perfect_share
from pyengine.menace import Menace
from pyengine.tabular import TdLearner

from .conftest import Opening, axe_both_schemes

MENACE = "[data-learner='menace']"
TABULAR = "[data-learner='tabular']"
MCTS = "[data-learner='mcts']"
KEY = "pyengine.learn.menace"
PAINTED = f"{MENACE} [data-boxes][data-painted='true']"  # MENACE's boxes show its beads

# The shared page (conftest) starts with empty storage and accepts Forget's
# confirmation; it is ready when every learner is and MENACE's beads are painted.
OPENING = Opening(
    "machines-that-learn/", (*(f"{root}[data-state='ready']" for root in (MENACE, TABULAR, MCTS)), PAINTED)
)


def reload(page: Page) -> None:
    page.reload()
    OPENING.wait(page)


def painted(page: Page) -> None:
    """Wait until MENACE's boxes show its beads (they are painted a slice at a time)."""
    page.wait_for_selector(PAINTED, timeout=60_000)


def games(page: Page, root: str) -> int:
    return int(page.get_attribute(root, "data-games") or "-1")


def train(page: Page, root: str, count: str) -> None:
    page.select_option(f"{root} select[name='games']", count)
    page.locator(root).get_by_role("button", name=re.compile("^Train")).click()
    page.wait_for_selector(f"{root}[data-state='done']", timeout=120_000)
    painted(page)


def saved(page: Page, key: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(page.evaluate("key => localStorage.getItem(key)", key))
    return data


def test_menace_trains_and_is_there_after_a_reload(page: Page) -> None:
    """The counts move with training; the share shown is the saved machine's, recomputed
    here; after a reload the same machine is back, boxes and all."""
    assert games(page, MENACE) == 0
    assert page.locator(f"{MENACE} figure.box svg").count() == 304
    train(page, MENACE, "100")
    assert games(page, MENACE) == 100
    assert "100 games as X" in page.inner_text(f"{MENACE} [data-tally]")
    machine = Menace.from_json(saved(page, KEY)["machine"], Random(0))
    assert machine.games == 100
    perfect = round(perfect_share(machine.marks(Player.X)) * 304)
    assert f"{perfect} of 304" in page.inner_text(f"{MENACE} [data-share]")
    boxes = page.eval_on_selector_all(f"{MENACE} figure.box svg", "els => els.map(e => e.getAttribute('aria-label'))")
    reload(page)
    assert games(page, MENACE) == 100
    assert page.eval_on_selector_all(
        f"{MENACE} figure.box svg", "els => els.map(e => e.getAttribute('aria-label'))"
    ) == boxes
    assert page.is_hidden(f"{MENACE} .ttt-message")


def test_a_game_against_menace_teaches_it(page: Page) -> None:
    """MENACE moves first, the box it drew from shows the bead's cell, and the
    finished game counts as one more game learned."""
    before = games(page, MENACE)
    page.click(f"{MENACE} [data-new-game]")
    first = page.locator(f"{MENACE} .learn-board button[data-mark='X']")
    assert first.count() == 1
    page.wait_for_selector(f"{MENACE} figure.box rect.drawn-cell")
    for _ in range(5):
        status = page.inner_text(f"{MENACE} [data-play-status]")
        if "learned" in status:
            break
        empty = page.locator(f"{MENACE} .learn-board button[data-mark='']").first
        empty.click()
    assert "learned from the game" in page.inner_text(f"{MENACE} [data-play-status]")
    assert games(page, MENACE) == before + 1


def test_broken_saved_state_gives_a_fresh_machine_and_a_sentence(page: Page) -> None:
    page.evaluate("key => localStorage.setItem(key, '{\"version\": 1, \"machine\": {\"boxes\": 7}')", KEY)
    reload(page)
    message = page.inner_text(f"{MENACE} .ttt-message")
    assert "could not be read" in message and "fresh machine" in message
    assert games(page, MENACE) == 0
    assert saved(page, KEY)["history"] == ""  # replaced by the fresh machine
    reload(page)
    assert page.is_hidden(f"{MENACE} .ttt-message")


def test_forget_starts_over(page: Page) -> None:
    train(page, MENACE, "10")
    assert games(page, MENACE) == 10
    page.click(f"{MENACE} [data-forget]")
    assert games(page, MENACE) == 0
    assert saved(page, KEY)["history"] == ""


def test_the_tabular_learner_trains(page: Page) -> None:
    train(page, TABULAR, "100")
    assert games(page, TABULAR) == 100
    learner = TdLearner.from_json(saved(page, "pyengine.learn.tabular")["machine"], Random(0))
    perfect = round(perfect_share(learner.marks(Player.X)) * 304)
    assert f"{perfect} of 304" in page.inner_text(f"{TABULAR} [data-share]")


def test_the_tabular_learner_compares_its_opponents(page: Page) -> None:
    """Four fresh learners, one per opponent: a line each in both plots."""
    page.click(f"{TABULAR} [data-compare]")
    page.wait_for_selector(f"{TABULAR} [data-compare-plots] .learn-chart", timeout=180_000)
    assert page.get_attribute(TABULAR, "data-state") == "done"
    assert page.locator(f"{TABULAR} [data-compare-plots] polyline").count() == 8
    assert page.locator(f"{TABULAR} [data-compare-plots] table").count() == 2


def test_mcts_steps_and_runs(page: Page) -> None:
    """One step is one visit; a run of 1,000 more makes 1,001 visits in all; a bad
    position is said in words."""
    page.click(f"{MCTS} [data-step]")
    assert page.get_attribute(MCTS, "data-iterations") == "1"
    assert "This iteration: selection" in page.inner_text(f"{MCTS} [data-iteration]")
    page.click(f"{MCTS} [data-run]")
    page.wait_for_selector(f"{MCTS}[data-state='done']", timeout=120_000)
    visits = page.eval_on_selector_all(
        f"{MCTS} [data-moves] tbody tr td:nth-child(2)", "els => els.map(e => e.textContent)"
    )
    assert sum(int(v.replace(",", "")) for v in visits) == 1001
    page.fill(f"{MCTS} input[name='position']", "XXX/OO./...")
    page.click(f"{MCTS} [data-set]")
    assert "cannot be searched" in page.inner_text(f"{MCTS} .ttt-message")


def test_axe_finds_nothing(page: Page) -> None:
    assert axe_both_schemes(page) == []


def test_axe_finds_nothing_on_a_phone(page: Page) -> None:
    """At a phone's width too: the figures' tables wrap instead of scrolling sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert axe_both_schemes(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
