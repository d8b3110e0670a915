"""AlphaZero on "Machines that learn": trained in its own Web Worker while
the page answers presses, its marks drawn after each iteration, the trained
network back after a reload, and a fresh one (said in words) when what the
browser keeps cannot be read."""

from __future__ import annotations

import json

from alphazero_saved import KEY, from_json
from alphazero_view import percent
from playwright.sync_api import Page

from pyengine import Board, Player
from pyengine.words import cell_label

from .conftest import Opening, axe_both_schemes

OPTIMIZING = True  # training runs for many seconds: a browser as visitors have it

AZ = "[data-board='alphazero']"
OPENING = Opening("machines-that-learn/", (f"{AZ}[data-state='ready']",))


def data(page: Page, name: str) -> str:
    return str(page.get_attribute(AZ, f"data-{name}"))


def kept(page: Page) -> dict[str, object]:
    found: dict[str, object] = json.loads(page.evaluate("key => localStorage.getItem(key)", KEY))
    return found


def reload(page: Page) -> None:
    page.reload()
    OPENING.wait(page)


def test_training_runs_in_the_worker_while_presses_are_answered(page: Page) -> None:
    """From the press of Train until the first iteration is marked, a press on a
    cell of the position's board is answered each time (its handler runs and
    notes how long the press waited, on the page's own clock), and the marks
    drawn are the kept iteration's; Stop ends the worker."""
    page.click(f"{AZ} [data-train]")
    page.wait_for_selector(f"{AZ}[data-worker='training']", timeout=120_000)
    waits: list[float] = []
    while data(page, "iteration") in ("-1", "0"):
        before = int(page.get_attribute(AZ, "data-presses") or "0")
        page.click(f"{AZ} [data-view='4']")
        page.wait_for_function(
            "([sel, n]) => Number(document.querySelector(sel).dataset.presses) > n", arg=[AZ, before], timeout=10_000
        )
        waits.append(float(data(page, "press-ms")))
        assert data(page, "worker") == "training"
    print(
        f"\npresses answered while training: {len(waits)}, waits (ms): max {max(waits):.1f}, "
        f"median {sorted(waits)[len(waits) // 2]:.1f}; longest tasks (ms): {data(page, 'task-ms')}"
    )
    assert len(waits) >= 3
    run = from_json(kept(page))
    assert [p.iteration for p in run.points] == [0, 1]
    last = run.points[-1]
    assert percent(last.network) in page.inner_text(f"{AZ} [data-marks]")
    rows = page.locator(f"{AZ} [data-plot] tbody tr")
    assert rows.count() == 2
    assert f"{last.search:.3f}" in (rows.nth(1).text_content() or "")
    page.click(f"{AZ} [data-stop]")
    page.wait_for_selector(f"{AZ}[data-state='stopped'][data-worker='none']")
    assert "kept after iteration 1" in page.inner_text(f"{AZ} .ttt-status")


def test_a_trained_network_is_there_after_a_reload(page: Page) -> None:
    """The kept run comes back whole: its iterations to choose from, and the chosen
    network's value of the empty board as CPython computes it from the kept weights."""
    before = kept(page)
    run = from_json(before)
    reload(page)
    assert data(page, "iteration") == str(run.points[-1].iteration)
    options = page.eval_on_selector_all(f"{AZ} select[name='iteration'] option", "os => os.map(o => o.value)")
    assert options == [str(i) for i in range(len(run.points))]
    value = run.machine(len(run.points) - 1).evaluate(Board.empty()).value
    page.fill(f"{AZ} input[name='position']", ".........")
    page.click(f"{AZ} [data-set]")
    assert f"{value:+.2f} for X" in page.inner_text(f"{AZ} [data-value]")
    centre = str(page.get_attribute(f"{AZ} [data-view='4']", "aria-label"))
    assert centre.startswith("Centre, empty, the network gives it "), centre
    assert "centre" in page.locator(f"{AZ} [data-view] tbody th").all_inner_texts()
    assert kept(page) == before


def test_resume_goes_on_from_the_kept_iteration(page: Page) -> None:
    """Resume starts a new worker from the last kept network: the next iteration
    is one more, with the games played so far counted on."""
    run = from_json(kept(page))
    last = run.points[-1]
    assert page.inner_text(f"{AZ} [data-train]") == "Resume: 12 more iterations"
    page.click(f"{AZ} [data-train]")
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.iteration) > n",
        arg=[AZ, last.iteration],
        timeout=300_000,
    )
    page.click(f"{AZ} [data-stop]")
    page.wait_for_selector(f"{AZ}[data-state='stopped'][data-worker='none']")
    after = from_json(kept(page))
    assert after.points[: len(run.points)] == run.points
    resumed = after.points[len(run.points)]
    assert resumed.iteration == last.iteration + 1
    assert resumed.games == last.games + after.machine(len(run.points)).settings.games


def test_menace_trained_on_the_page_is_drawn_beside_it(page: Page) -> None:
    """MENACE's last share, as the page keeps it, is a flat line on AlphaZero's plot and a figure beside it."""
    menace = "[data-learner='menace']"
    page.select_option(f"{menace} select[name='games']", "100")
    page.click(f"{menace} [data-train]")
    page.wait_for_selector(f"{menace}[data-state='done']", timeout=120_000)
    reload(page)
    curve = json.loads(page.evaluate("() => localStorage.getItem('pyengine.learn.menace')"))["curve"]
    assert f"MENACE {percent(curve[-1][1])}" in page.inner_text(f"{AZ} [data-references]")
    assert "MENACE (its own positions)" in page.inner_text(f"{AZ} [data-plot] figcaption")


def test_kept_state_that_cannot_be_read_is_said_and_replaced(page: Page) -> None:
    page.evaluate("key => localStorage.setItem(key, '{not json')", KEY)
    reload(page)
    message = page.inner_text(f"{AZ} .ttt-message")
    assert "could not be read (it is not JSON)" in message
    assert data(page, "iteration") == "-1"
    assert page.evaluate("key => localStorage.getItem(key)", KEY) in (None, "")
    reload(page)
    assert page.is_hidden(f"{AZ} .ttt-message")


def play_labels(page: Page) -> list[tuple[str, str]]:
    """Each cell of the game's board: its label, and what cell_label calls it."""
    found: list[tuple[str, str, str]] = page.eval_on_selector_all(
        f"{AZ} [data-play]", "bs => bs.map(b => [b.dataset.play, b.textContent, b.getAttribute('aria-label')])"
    )
    return [(label, cell_label(int(cell), Player(mark) if mark else None)) for cell, mark, label in found]


def test_a_game_against_the_search(page: Page) -> None:
    """The machine answers each move; a game ends in a sentence. The cells are
    named as on the site's other boards, their marks in their names."""
    page.select_option(f"{AZ} select[name='side']", "X")
    for _ in range(5):
        if "New game" in page.inner_text(f"{AZ} [data-play-status]"):
            break
        page.locator(f"{AZ} [data-play]:not([disabled])").first.click()
    assert "New game" in page.inner_text(f"{AZ} [data-play-status]")
    named = play_labels(page)
    assert [label for label, _ in named] == [said for _, said in named]
    assert sum(", empty" not in label for label, _ in named) >= 5


def test_the_section_is_axe_clean_in_both_schemes(page: Page) -> None:
    assert axe_both_schemes(page) == []
