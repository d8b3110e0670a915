"""Machines that learn: train on the page and see the counts move, find the machine
again after a reload, and a fresh one (said in words) when its saved state is broken."""

from __future__ import annotations

import json
import re
from random import Random

from playwright.sync_api import Page

from pyengine import Board, Level, Player, bot
from pyengine.learning.learner import outcome, play_training_game
from pyengine.learning.marking import perfect_share
from pyengine.learning.menace import MICHIE, Menace
from pyengine.learning.tabular import TdLearner
from pyengine.learning.training import history_letters
from pyengine.words import CELL_NAMES, cell_label

from .conftest import Opening, axe_both_schemes

# A browser that optimizes hot wasm, as visitors' do (conftest.BASELINE_WASM):
# its pages train and play machines for seconds at a time.
OPTIMIZING = True

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
    assert (
        page.eval_on_selector_all(f"{MENACE} figure.box svg", "els => els.map(e => e.getAttribute('aria-label'))")
        == boxes
    )
    assert page.is_hidden(f"{MENACE} .ttt-message")


def status(page: Page, root: str) -> str:
    return page.inner_text(f"{root} .ttt-status")


def play_out(page: Page) -> None:
    """A game against MENACE from New game to its end, the person taking the first free cell each turn."""
    page.click(f"{MENACE} [data-new-game]")
    for _ in range(5):
        if "New game to play again" in page.inner_text(f"{MENACE} [data-play-status]"):
            break
        page.locator(f"{MENACE} .learn-board button[data-mark='']").first.click()
    assert "New game to play again" in page.inner_text(f"{MENACE} [data-play-status]")


def test_a_game_against_menace_teaches_it(page: Page) -> None:
    """MENACE moves first, the box it drew from shows the bead's cell, and the
    finished game counts as one more game learned: in the tally and in the status
    line alike (the status once stayed at the count before the game)."""
    before = games(page, MENACE)
    page.click(f"{MENACE} [data-new-game]")
    first = page.locator(f"{MENACE} .learn-board button[data-mark='X']")
    assert first.count() == 1
    page.wait_for_selector(f"{MENACE} figure.box rect.drawn-cell")
    page.click(f"{MENACE} [data-new-game]")  # abandoned: the game that counts starts here
    play_out(page)
    assert "learned from the game" in page.inner_text(f"{MENACE} [data-play-status]")
    assert games(page, MENACE) == before + 1
    after = f"{before + 1:,} game{'s' if before + 1 != 1 else ''}"
    assert status(page, MENACE) == f"After your game: MENACE has played {after}."
    assert page.inner_text(f"{MENACE} [data-tally]").startswith(f"{after} as X")
    assert page.is_hidden(f"{MENACE} [data-resigned]")
    # The cells are named as on the site's other boards, their marks in their names.
    found: list[tuple[str, str, str]] = page.eval_on_selector_all(
        f"{MENACE} .learn-board button", "bs => bs.map(b => [b.dataset.cell, b.dataset.mark, b.ariaLabel])"
    )
    assert [label for _, _, label in found] == [
        cell_label(int(cell), Player(mark) if mark else None) for cell, mark, _ in found
    ]
    assert sum(", empty" not in label for _, _, label in found) >= 5


def dry_menace() -> tuple[Menace, str]:
    """A MENACE whose first box ran dry against the perfect bot (Michie's beads),
    and its history: it has resigned its last games and will resign every game."""
    for seed in range(1, 20):
        machine = Menace(MICHIE, Player.X, Random(seed))
        perfect, history = bot(Level.PERFECT, seed=seed), []
        for _ in range(300):
            final, resigned = play_training_game(machine, perfect)
            history.append(outcome(final, resigned, Player.X))
        if Board.empty() in machine.empty_boxes():
            return machine, history_letters(history)
    raise AssertionError("no seed ran MENACE dry")


def test_the_resignation_note_follows_menaces_games(page: Page) -> None:
    """A MENACE that resigns every game (its first box is empty) says so beside its
    counts after a reload, with the games it resigned in a row, why, and the ways
    out; a game against it adds one to the count, in the note and the status."""
    machine, history = dry_menace()
    streak = machine.resigned_streak
    data = {"version": 1, "machine": machine.to_json(), "history": history, "curve": [[0, 0.2]], "against": "perfect"}
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(data)])
    reload(page)
    note = page.inner_text(f"{MENACE} [data-resigned]")
    empty = len(machine.empty_boxes())
    assert note.startswith(f"MENACE resigned its last {streak} games: a box it reached had run out of beads")
    assert f"({empty} {'box' if empty == 1 else 'boxes'} of 304 {'is' if empty == 1 else 'are'} empty now)" in note
    assert "Its first box is empty" in note and "Scroggs' rules" in note and "Forget this MENACE" in note
    assert status(page, MENACE) == f"Ready: MENACE has played {len(history)} games."
    play_out(page)
    assert "MENACE resigned" in page.inner_text(f"{MENACE} [data-play-status]")
    assert f"resigned its last {streak + 1} games:" in page.inner_text(f"{MENACE} [data-resigned]")
    assert status(page, MENACE) == f"After your game: MENACE has played {len(history) + 1} games."
    page.click(f"{MENACE} [data-forget]")
    assert page.is_hidden(f"{MENACE} [data-resigned]")


def test_broken_saved_state_gives_a_fresh_machine_and_a_sentence(page: Page) -> None:
    page.evaluate('key => localStorage.setItem(key, \'{"version": 1, "machine": {"boxes": 7}\')', KEY)
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
    """Before any step no move is called most visited; one step is one visit, told
    in the singular; a run of 1,000 more makes 1,001 visits in all; a bad position
    is said in words."""
    before = page.inner_text(f"{MCTS} [data-iteration]")
    assert before.startswith("No iterations yet") and "most-visited" not in before
    page.click(f"{MCTS} [data-step]")
    assert page.get_attribute(MCTS, "data-iterations") == "1"
    one = page.inner_text(f"{MCTS} [data-iteration]")
    assert one.startswith("1 iteration. The most-visited move (") and "This iteration: selection" in one
    assert not re.search(r"\(\d|move \d|followed \d", one), one  # moves named by their cells, in words
    page.click(f"{MCTS} [data-run]")
    page.wait_for_selector(f"{MCTS}[data-state='done']", timeout=120_000)
    visits = page.eval_on_selector_all(
        f"{MCTS} [data-moves] tbody tr td:nth-child(2)", "els => els.map(e => e.textContent)"
    )
    assert sum(int(v.replace(",", "")) for v in visits) == 1001
    named = page.eval_on_selector_all(f"{MCTS} [data-moves] tbody th", "els => els.map(e => e.textContent)")
    empty = [cell for cell, mark in enumerate(Board.parse("X.O/.X./...")) if mark is None]
    assert sorted(named) == sorted(CELL_NAMES[cell] for cell in empty)  # the cells in words, not numbers
    page.fill(f"{MCTS} input[name='position']", "XXX/OO./...")
    page.click(f"{MCTS} [data-set]")
    assert "cannot be searched" in page.inner_text(f"{MCTS} .ttt-message")


def test_the_themes_page_keys_stay_in_the_page(page: Page) -> None:
    """The theme opens the next page on n (and the previous on p, ".", ","), listening
    on the window. On a button of a widget, on the body after a click on the text,
    those keys stay in the page; typed into the position they are letters; other keys
    still reach the window."""
    assert page.locator("link[rel=next]").count() == 1  # the theme has a page to go to
    url = page.url
    page.evaluate("() => { window.reached = []; addEventListener('keydown', e => reached.push(e.key)); }")
    page.click(f"{MENACE} [data-new-game]")
    page.locator(f"{MENACE} .learn-board button[data-mark='']").first.focus()
    page.keyboard.press("n")
    page.keyboard.press("p")
    assert page.url == url  # before, n on a cell of the game opened the next page
    page.click("article h1")  # focus leaves the buttons for the body
    assert page.evaluate("() => document.activeElement.tagName") == "BODY"
    page.keyboard.press("n")
    page.keyboard.press(".")
    page.keyboard.press("x")  # not the theme's: left alone
    page.fill(f"{MCTS} input[name='position']", "")
    page.type(f"{MCTS} input[name='position']", "np.,")
    assert page.input_value(f"{MCTS} input[name='position']") == "np.,"
    reached = page.evaluate("() => reached")
    assert "x" in reached and not {"n", "p", ".", ","} & set(reached), reached
    assert page.url == url


def test_axe_finds_nothing(page: Page) -> None:
    assert axe_both_schemes(page) == []


def test_axe_finds_nothing_on_a_phone(page: Page) -> None:
    """At a phone's width too: the figures' tables wrap instead of scrolling sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert axe_both_schemes(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
