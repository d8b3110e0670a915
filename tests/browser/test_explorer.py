"""Watch the search: the explorer lands on linked steps, steps by keyboard,
and the race counts what CPython counts, in slices that a click can stop."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

from pyengine import Board, InvalidPositionError, Player
from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm, Kind, Order, events, run_to_end, tally
from tools.pages.explorer_markup import explorer_address, four_by_four_census

from .conftest import (
    EXPLORER,
    PRESENT_SIZES,
    Watch,
    axe_both_schemes,
    board_of,
    click_cell,
    open_page,
    presented,
    search_for,
    wait_explorer,
)

READY = "[data-explorer][data-ready='true']"
RACE = "[data-race]"
SMALL = Board.parse("X.O/.X./...")
LINK = "?alg=alphabeta&order=cce&pos=X.O/.X./...&step=37"
DEFAULT = explorer_address.DEFAULT  # the page's own (site/py/explorer_address.py), by way of the markup's builder
watch_query = explorer_address.watch_query


def explorer_page(context: BrowserContext, watch: Watch, url: str) -> Page:
    page = watch.attach(context.new_page())
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    return page


def step_of(page: Page) -> int:
    return int(page.get_attribute(EXPLORER, "data-step") or 0)


def shown_board(page: Page) -> Board:
    marks = page.eval_on_selector_all(f"{EXPLORER} .ex-cell", "els => els.map(e => e.dataset.mark)")
    return Board.parse("".join(mark or "." for mark in marks))


def wait_step(page: Page, number: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('[data-explorer]').dataset.step === String(n)", arg=number, timeout=30_000
    )


@pytest.fixture(scope="module")
def linked(module_context: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    """The explorer opened from a teacher's link: step 37 of alpha-beta (centre,
    corners, edges) from X.O/.X./..."""
    page = explorer_page(module_context, watch, base_url + "search/" + LINK)
    yield page
    page.close()


STEPS = list(events(Algorithm.ALPHABETA, SMALL, Order.CCE))


def test_a_step_link_opens_at_that_step(linked: Page) -> None:
    """data-step is 37 and the board, path and counters are CPython's at event 37."""
    assert step_of(linked) == 37
    assert linked.get_attribute(EXPLORER, "data-algorithm") == "alphabeta"
    assert shown_board(linked) == STEPS[36].board
    counts = tally(iter(STEPS[:37]))
    assert linked.inner_text(f"{EXPLORER} [data-fact='nodes']") == f"{counts.nodes:,}"
    assert linked.inner_text(f"{EXPLORER} [data-fact='cutoffs']") == f"{counts.cutoffs:,}"
    assert linked.input_value("#ex-pos") == str(SMALL)
    assert linked.input_value("#ex-alg") == "alphabeta" and linked.input_value("#ex-order") == "cce"
    assert linked.is_hidden(f"{EXPLORER} .ex-message")


def test_the_explorer_passes_axe_at_rest(linked: Page) -> None:
    assert axe_both_schemes(linked) == []


def test_keys_step_forward_and_back(linked: Page) -> None:
    """With the focus on the trace, the arrow keys, Page Down, N and End move
    through the search; each lands on CPython's event, and the address follows."""
    linked.focus(f"{EXPLORER} .ex-trace")
    start = step_of(linked)
    linked.keyboard.press("ArrowRight")
    wait_step(linked, start + 1)
    assert shown_board(linked) == STEPS[start].board
    linked.keyboard.press("ArrowLeft")
    linked.keyboard.press("ArrowLeft")
    wait_step(linked, start - 1)
    assert shown_board(linked) == STEPS[start - 2].board
    linked.keyboard.press("PageDown")
    wait_step(linked, start + 9)
    cutoff = next(n for n, step in enumerate(STEPS, 1) if n > start + 9 and step.kind is Kind.CUTOFF)
    assert linked.inner_text(f"{EXPLORER} [data-jump='next']") == "Next cut-off"
    linked.keyboard.press("n")
    wait_step(linked, cutoff)
    assert linked.get_attribute(EXPLORER, "data-kind") == "cutoff"
    linked.keyboard.press("End")
    wait_step(linked, len(STEPS))
    assert linked.get_attribute(EXPLORER, "data-kind") == "done"
    linked.wait_for_function(f"() => location.search.includes('step={len(STEPS)}')")
    linked.keyboard.press("Home")
    wait_step(linked, 1)
    assert shown_board(linked) == SMALL


def test_a_race_on_the_explorers_position_counts_what_cpython_counts(linked: Page) -> None:
    linked.click(f"{RACE} [data-race-start]")
    linked.wait_for_selector(f"{RACE}[data-state='done']", timeout=30_000)
    rows = linked.eval_on_selector_all(
        f"{RACE} tbody tr", "rows => rows.map(r => [r.dataset.algorithm, r.dataset.order, r.dataset.nodes])"
    )
    expected = [(a, o) for a in Algorithm for o in (Order if a is Algorithm.ALPHABETA else [Order.CELLS])]
    assert sorted((a, o) for a, o, _ in rows) == sorted((a.value, o.value) for a, o in expected)
    for algorithm, order, nodes in rows:
        assert int(nodes) == run_to_end(Algorithm.parse(algorithm), SMALL, Order.parse(order)).counts.nodes
    assert axe_both_schemes(linked) == []


def test_bad_values_in_the_address_are_told_and_replaced(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    page = explorer_page(module_context, watch, base_url + "search/?alg=negascout&pos=XXX/XXX/XXX&step=abc")
    try:
        message = page.inner_text(f"{EXPLORER} .ex-message")
        assert "negascout" in message and "XXX/XXX/XXX" in message and "abc" in message
        assert page.get_attribute(EXPLORER, "data-algorithm") == DEFAULT.algorithm.value
        assert step_of(page) == 1
        assert shown_board(page) == DEFAULT.board
        assert page.inner_text(f"{EXPLORER} [data-jump='next']") == "Next cut-off"
        # Past the end: the last step, and a sentence saying so.
        page.select_option("#ex-alg", "minimax")
        page.fill("#ex-pos", "XOX/OXO/...")
        page.click(f"{EXPLORER} form button[type='submit']")
        page.fill("#ex-step", "999")
        page.press("#ex-step", "Enter")
        total = len(list(events(Algorithm.MINIMAX, Board.parse("XOX/OXO/..."))))
        wait_step(page, total)
        assert "not 999" in page.inner_text(f"{EXPLORER} .ex-message")
    finally:
        page.close()


def test_long_work_is_sliced_and_stops_on_a_click(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """From the empty board under minimax: a jump to step 300,000 shows its
    progress and Stop is handled mid-way; the full race counts the whole game
    tree, 549,946 nodes, as CPython does, and Stop also ends a race."""
    page = explorer_page(module_context, watch, base_url + "search/?alg=minimax&pos=.../.../...")
    try:
        page.fill("#ex-step", "300000")
        page.press("#ex-step", "Enter")
        page.wait_for_selector(f"{EXPLORER} .ex-busy:not([hidden])", timeout=10_000)
        page.wait_for_function("() => document.querySelector('#ex-busy-bar').value > 0")
        page.click(f"{EXPLORER} [data-stop]")
        page.wait_for_selector(f"{EXPLORER} .ex-busy[hidden]", state="attached")
        stopped = step_of(page)
        assert 1 < stopped < 300_000
        assert axe_both_schemes(page) == []

        # A race stopped while plain minimax runs.
        page.click(f"{RACE} [data-race-start]")
        page.wait_for_function("() => document.querySelectorAll('[data-race] tbody tr').length === 5", timeout=30_000)
        page.wait_for_function(
            "() => /[0-9]/.test(document.querySelector('[data-race] tbody tr:last-child td').textContent)"
        )
        page.click(f"{RACE} [data-race-stop]")
        page.wait_for_selector(f"{RACE}[data-state='stopped']")
        assert page.get_attribute(f"{RACE} tbody tr:last-child", "data-state") == "stopped"
        assert page.get_attribute(f"{RACE} tbody tr:last-child", "data-nodes") is None

        # The whole race: every count is CPython's.
        page.click(f"{RACE} [data-race-start]")
        page.wait_for_selector(f"{RACE}[data-state='done']", timeout=60_000)
        rows = page.eval_on_selector_all(
            f"{RACE} tbody tr", "rows => rows.map(r => [r.dataset.algorithm, r.dataset.order, r.dataset.nodes])"
        )
        assert len(rows) == 5
        for algorithm, order, nodes in rows:
            assert int(nodes) == run_to_end(Algorithm.parse(algorithm), Board.empty(), Order.parse(order)).counts.nodes
        assert ["minimax", "cells", "549946"] in rows
        # After it, what plain minimax would take on 4x4: the census's tree at this race's rate.
        estimate = page.locator(f"{RACE} .ex-race-estimate")
        four = four_by_four_census()  # cached by the site's build
        assert f"enter {four.tree_nodes:,} nodes" in estimate.inner_text()
        assert int(estimate.get_attribute("data-seconds") or 0) > 365 * 86_400  # years, at any browser's pace
    finally:
        page.close()


def test_an_analysis_board_links_to_the_search_from_its_position(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    page = open_page(module_context, watch, base_url + "how-the-bot-thinks/")
    root = "[data-board='analysis']"
    try:
        link = f"{root} .ttt-watch a"
        assert page.get_attribute(link, "href") == "../search/" + watch_query(Board.parse("X.O/.X./..."))
        click_cell(page, 8, root)
        page.wait_for_function(
            "sel => document.querySelector(sel).getAttribute('href').endsWith('pos=X.O/.X./..O')", arg=link
        )
        assert board_of(page, root) == Board.parse("X.O/.X./..O")
        page.click(link)
        page.wait_for_selector(READY, timeout=60_000)
        assert shown_board(page) == Board.parse("X.O/.X./..O")
        assert step_of(page) == 1
    finally:
        page.close()


def test_nothing_overflows_a_320px_screen(linked: Page) -> None:
    """The explorer and the race fit the narrowest phone: no sideways scrolling
    of the page (the race's table scrolls inside its own box)."""
    linked.set_viewport_size({"width": 320, "height": 640})
    try:
        linked.keyboard.press("End")
        assert linked.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        linked.set_viewport_size({"width": 1280, "height": 720})


def test_the_game_page_links_to_the_search_from_its_position(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    page = open_page(module_context, watch, base_url + "?mode=two&pos=X.O/.X./...")
    try:
        link = "[data-board='game'] .ttt-watch a"
        assert page.get_attribute(link, "href") == "./search/" + watch_query(Board.parse("X.O/.X./..."))
        click_cell(page, 8)
        page.wait_for_function(
            "sel => document.querySelector(sel).getAttribute('href').endsWith('pos=X.O/.X./..O')", arg=link
        )
    finally:
        page.close()


def settled(page: Page) -> int:
    """Wait until no jump is under way; the step shown."""
    page.wait_for_selector(f"{EXPLORER} .ex-busy[hidden]", state="attached", timeout=60_000)
    return step_of(page)


@pytest.mark.parametrize("algorithm", [Algorithm.ALPHABETA, Algorithm.MINIMAX])
def test_end_then_back_steps_back(linked: Page, algorithm: Algorithm) -> None:
    """On X.O/.X./..O, End (button or key) then Back, -10, -100 or the left
    arrow each land on CPython's event (they once raised IndexError and the
    explorer stuck at the last step)."""
    board = Board.parse("X.O/.X./..O")
    steps = list(events(algorithm, board))
    last = len(steps)
    search_for(linked, algorithm, board)
    for end, back, expected in (
        ("button", "[data-jump='-1']", last - 1),
        ("key", "ArrowLeft", last - 1),
        ("button", "[data-jump='-10']", last - 10),
        ("key", "[data-jump='-100']", max(1, last - 100)),
        ("button", "PageUp", last - 10),
    ):
        if end == "button":
            linked.click(f"{EXPLORER} [data-jump='last']")
        else:
            linked.focus(f"{EXPLORER} .ex-trace")
            linked.keyboard.press("End")
        wait_step(linked, last)
        if back.startswith("["):
            linked.click(f"{EXPLORER} {back}")
        else:
            linked.focus(f"{EXPLORER} .ex-trace")
            linked.keyboard.press(back)
        wait_step(linked, expected)
        assert settled(linked) == expected
        assert shown_board(linked) == steps[expected - 1].board
        assert linked.is_hidden(f"{EXPLORER} .ex-message")


BUTTONS = ["first", "-100", "-10", "-1", "+1", "+10", "+100", "next", "last"]
KEYS = [
    "ArrowRight",
    "ArrowDown",
    "ArrowLeft",
    "ArrowUp",
    "PageDown",
    "PageUp",
    "Shift+PageDown",
    "Shift+PageUp",
    "Home",
    "End",
    "n",
]


# Once no jump is under way (as settled() waits for): the step, the cells' marks
# (as shown_board() reads them) and the message if one is shown, in one call
# instead of five per press.
SETTLED_VIEW = """() => {
    const e = document.querySelector("[data-explorer]");
    if (!e.querySelector(".ex-busy").hidden) return null;
    const message = e.querySelector(".ex-message");
    return [Number(e.dataset.step || 0), [...e.querySelectorAll(".ex-cell")].map((c) => c.dataset.mark),
            message.hidden || !message.getClientRects().length ? "" : message.innerText];
}"""


def test_random_presses_never_leave_the_search(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """360 presses of the step buttons and keys, chosen at
    random (seeded), on every algorithm, on a small position (the whole tree
    drawn) and a larger one (the path drawn), some pressed before the last
    has arrived: no page error, no failure said, and every step shown lies
    between 1 and the search's last step and shows CPython's position there."""
    rng = random.Random(19)
    page = explorer_page(module_context, watch, base_url + "search/")
    try:
        for board in (Board.parse("X.O/.X./..O"), Board.parse("X.O/.../...")):
            for algorithm in Algorithm:
                steps = list(events(algorithm, board, Order.CELLS))
                search_for(page, algorithm, board)
                for _ in range(60):
                    if rng.random() < 0.5:
                        # A real click at the button's box as it is then, without
                        # Playwright's wait for it to hold still over two frames (a
                        # fifth of the test's time); what the press did is checked below.
                        page.click(f"{EXPLORER} [data-jump='{rng.choice(BUTTONS)}']", force=True)
                    else:
                        page.press(f"{EXPLORER} .ex-trace", rng.choice(KEYS))  # focused, then pressed
                    if rng.random() < 0.2:
                        continue  # the next press comes before this one has arrived
                    number, marks, said = page.wait_for_function(SETTLED_VIEW, timeout=60_000).json_value()
                    assert 1 <= number <= len(steps), (algorithm, board, number)
                    assert Board.parse("".join(mark or "." for mark in marks)) == steps[number - 1].board
                    assert "went wrong" not in said
                assert not watch.errors, watch.errors
    finally:
        page.close()


# -- two conventions, one switch ---------------------------------------------------

CONV_BOARD = Board.parse("X.O/.X./..O")  # small: the whole tree is drawn, with moves by both sides
WRITTEN = {1: "+1", 0: "0", -1: "\u22121", 2: "+\u221e", -2: "\u2212\u221e"}
VALUED = re.compile(r"^([XO]) .*: (\S+) for ([XO])$")
CONV_STEPS = list(events(Algorithm.ALPHABETA, CONV_BOARD, Order.CELLS))
# A step at O's position whose window reads differently from X's side: a
# value has just come back to O, and the window's ends are not opposites.
CONV_AT = next(
    n
    for n, event in enumerate(CONV_STEPS, 1)
    if event.kind is Kind.UP and event.board.to_move is Player.O and event.alpha != -event.beta
)


def tree_values(page: Page) -> list[tuple[str, str, str]]:
    """(mover, value, for whom) of every valued move in the drawn whole tree, top to bottom."""
    labels = page.eval_on_selector_all(f"{EXPLORER} .ex-tn:not([hidden]) > span", "els => els.map(e => e.textContent)")
    return [match.groups() for label in labels if (match := VALUED.match(label))]


def convention_is(page: Page, convention: str) -> None:
    page.wait_for_function("c => document.querySelector('[data-explorer]').dataset.convention === c", arg=convention)


class TestConventionSwitch:
    """Negamax (each value for the side to move) or MAX/MIN (every value
    from X's side): the switch restates the step shown, at once, without a
    new search, and the address keeps it."""

    def test_maxmin_flips_the_values_at_os_moves_and_keeps_the_step(self, linked: Page, watch: Watch) -> None:
        search_for(linked, Algorithm.ALPHABETA, CONV_BOARD)
        linked.fill("#ex-step", str(CONV_AT))
        linked.press("#ex-step", "Enter")
        wait_step(linked, CONV_AT)
        negamax = tree_values(linked)
        negamax_window = linked.inner_text(f"{EXPLORER} [data-fact='window']")
        linked.select_option("#ex-conv", "maxmin")
        convention_is(linked, "maxmin")
        maxmin = tree_values(linked)
        assert step_of(linked) == CONV_AT and linked.is_hidden(f"{EXPLORER} .ex-busy")
        # The same moves; after X's the same value, after O's the opposite; all for X.
        assert [mover for mover, _, _ in maxmin] == [mover for mover, _, _ in negamax]
        flipped = {"+1": "\u22121", "\u22121": "+1", "0": "0"}
        for (mover, before, whom), (_, after, x) in zip(negamax, maxmin, strict=True):
            assert whom == mover and x == "X"
            assert after == (before if mover == "X" else flipped[before]), (mover, before, after)
        assert any(mover == "O" and value != "0" for mover, value, _ in negamax)
        # The window at O's position: (alpha, beta) for O becomes (-beta, -alpha) for X.
        event = CONV_STEPS[CONV_AT - 1]
        assert negamax_window == f"({WRITTEN[event.alpha]}, {WRITTEN[event.beta]})"
        assert linked.inner_text(f"{EXPLORER} [data-fact='window']").startswith(
            f"({WRITTEN[-event.beta]}, {WRITTEN[-event.alpha]}): "
        )
        assert f"worth {WRITTEN[-event.value]} to X" in linked.inner_text(f"{EXPLORER} [data-fact='event']")
        assert "(MIN)" in linked.inner_text(f"{EXPLORER} .ex-trace [aria-current='step']")
        linked.wait_for_function("() => new URLSearchParams(location.search).get('conv') === 'maxmin'")
        assert not watch.errors

    def test_a_reload_keeps_maxmin_and_negamax_comes_back(self, linked: Page) -> None:
        """Continues from the last test: the address says conv=maxmin."""
        maxmin = tree_values(linked)
        linked.reload()
        linked.wait_for_selector(READY, timeout=60_000)
        convention_is(linked, "maxmin")
        assert linked.input_value("#ex-conv") == "maxmin"
        assert step_of(linked) == CONV_AT and tree_values(linked) == maxmin
        assert axe_both_schemes(linked) == []
        linked.focus("#ex-conv")  # by keyboard: the select takes the arrow keys
        linked.keyboard.press("ArrowUp")
        convention_is(linked, "negamax")
        assert all(whom == mover for mover, _, whom in tree_values(linked))
        linked.wait_for_function("() => !new URLSearchParams(location.search).has('conv')")
        assert step_of(linked) == CONV_AT

    def test_a_bad_convention_is_told_and_negamax_shown(
        self, module_context: BrowserContext, watch: Watch, base_url: str
    ) -> None:
        page = explorer_page(
            module_context, watch, base_url + f"search/?alg=alphabeta&pos={CONV_BOARD}&conv=%3Cb%3Eclassroom"
        )
        try:
            message = page.inner_text(f"{EXPLORER} .ex-message")
            assert "\u201c<b>classroom\u201d is unknown" in message and "showing negamax" in message
            assert page.get_attribute(EXPLORER, "data-convention") == "negamax"
            assert page.input_value("#ex-conv") == "negamax"
            assert page.get_attribute(EXPLORER, "data-algorithm") == "alphabeta"
        finally:
            page.close()

    def test_the_choice_is_kept_in_this_browser(
        self, module_context: BrowserContext, watch: Watch, base_url: str
    ) -> None:
        """Chosen once, MAX/MIN opens every explorer link that names no
        convention (and the address then names it); what the browser kept,
        if unreadable, is said and replaced by negamax."""
        key = "pyengine.explorer.convention"
        plain = base_url + f"search/?alg=alphabeta&pos={CONV_BOARD}"
        page = explorer_page(module_context, watch, plain)
        try:
            page.select_option("#ex-conv", "maxmin")
            convention_is(page, "maxmin")
            page.goto(plain)
            page.wait_for_selector(READY, timeout=60_000)
            convention_is(page, "maxmin")
            assert page.input_value("#ex-conv") == "maxmin" and page.is_hidden(f"{EXPLORER} .ex-message")
            page.wait_for_function("() => new URLSearchParams(location.search).get('conv') === 'maxmin'")
            page.evaluate("key => localStorage.setItem(key, 'sideways')", key)
            page.goto(plain)
            page.wait_for_selector(READY, timeout=60_000)
            assert "\u201csideways\u201d, cannot be read" in page.inner_text(f"{EXPLORER} .ex-message")
            convention_is(page, "negamax")
            assert page.evaluate("key => localStorage.getItem(key)", key) == "negamax"
        finally:
            page.close()


# -- Setting up a lesson, and phones and projectors ---------------------------------


@pytest.fixture(scope="module")
def plain(module_context: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    """The explorer opened with nothing in its address."""
    page = explorer_page(module_context, watch, base_url + "search/")
    yield page
    page.close()


def settings_of(page: Page) -> tuple[str | None, str | None, str | None]:
    return (
        page.get_attribute(EXPLORER, "data-algorithm"),
        page.get_attribute(EXPLORER, "data-order"),
        page.get_attribute(EXPLORER, "data-pos"),
    )


def wait_pos(page: Page, pos: str) -> None:
    wait_explorer(page, "e.dataset.pos === arg && e.dataset.step === '1'", pos)


class TestSetUp:
    def test_the_default_is_alpha_beta_on_a_few_empty_cells(self, plain: Page) -> None:
        """Not minimax on the empty board: DEFAULT's search, a ready position, marked so."""
        assert settings_of(plain) == (DEFAULT.algorithm.value, DEFAULT.order.value, str(DEFAULT.board))
        assert 9 - DEFAULT.board.ply <= 6 and step_of(plain) == 1
        assert plain.inner_text(f"{EXPLORER} [data-jump='next']") == "Next cut-off"
        assert plain.get_attribute(f"{EXPLORER} a[data-lesson='{DEFAULT.key}']", "aria-current") == "true"
        assert plain.is_visible(f"{EXPLORER} .ex-lesson-line[data-line='{DEFAULT.key}']")
        assert plain.is_hidden(f"{EXPLORER} .ex-message")

    def test_a_ready_position_loads_its_settings_in_one_click_without_a_reload(self, plain: Page) -> None:
        plain.evaluate("window.__sameDocument = true")
        for lesson in explorer_address.LESSONS:
            plain.click(f"{EXPLORER} a[data-lesson='{lesson.key}']")
            wait_pos(plain, str(lesson.board))
            order = lesson.order if lesson.algorithm is Algorithm.ALPHABETA else Order.CELLS
            assert settings_of(plain) == (lesson.algorithm.value, order.value, str(lesson.board))
            assert plain.input_value("#ex-alg") == lesson.algorithm.value
            assert plain.input_value("#ex-pos") == str(lesson.board)
            assert plain.get_attribute(f"{EXPLORER} a[data-lesson='{lesson.key}']", "aria-current") == "true"
            assert plain.inner_text(f"{EXPLORER} .ex-lesson-line[data-line='{lesson.key}']") == lesson.line
            assert shown_board(plain) == lesson.board
        assert plain.evaluate("window.__sameDocument") is True
        # The one the line points at: Next cache hit lands on CPython's first hit.
        steps = list(events(Algorithm.MEMO, explorer_address.LESSONS[-1].board))
        plain.click(f"{EXPLORER} [data-jump='next']")
        wait_step(plain, next(n for n, step in enumerate(steps, 1) if step.kind is Kind.HIT))

    def test_clicking_cells_sets_the_position_and_the_notation(self, plain: Page) -> None:
        """Each click cycles empty, X, O, empty; the notation follows; an
        impossible position says every reason the engine gives and the search
        stays; a legal one is searched at once. Keys work as clicks do."""
        draw = next(lesson for lesson in explorer_address.LESSONS if lesson.key == "draw")
        plain.click(f"{EXPLORER} a[data-lesson='draw']")
        wait_pos(plain, str(draw.board))
        cell = f"{EXPLORER} .ex-edit[data-cell='2']"
        plain.click(cell)  # X: three X against one O
        assert plain.input_value("#ex-pos") == "XXX/.O./..."
        with pytest.raises(InvalidPositionError) as impossible:
            Board.parse("XXX/.O./...")
        message = plain.inner_text(f"{EXPLORER} .ex-message")
        assert all(problem in message for problem in impossible.value.problems)
        assert plain.get_attribute(f"{EXPLORER} .ex-editor", "data-invalid") == "true"
        assert plain.get_attribute(EXPLORER, "data-pos") == str(draw.board)  # the search stays
        plain.focus(cell)
        plain.keyboard.press("Enter")  # O: a legal position, searched at once
        wait_pos(plain, "XXO/.O./...")
        assert plain.input_value("#ex-pos") == "XXO/.O./..."
        assert shown_board(plain) == Board.parse("XXO/.O./...")
        assert plain.is_hidden(f"{EXPLORER} .ex-message")
        assert plain.get_attribute(cell, "data-mark") == "O"
        assert "top right: O" in str(plain.get_attribute(cell, "aria-label"))
        plain.keyboard.press("Space")  # empty again
        wait_pos(plain, str(draw.board))
        plain.keyboard.press("ArrowDown")  # the arrows move between the cells
        assert plain.evaluate("document.activeElement.dataset.cell") == "5"
        # Typing the notation: the cells follow.
        plain.fill("#ex-pos", "X.O/.X./..O")
        marks = plain.eval_on_selector_all(f"{EXPLORER} .ex-edit", "els => els.map(e => e.dataset.mark || '.')")
        assert Board.parse("".join(marks)) == Board.parse("X.O/.X./..O")
        assert axe_both_schemes(plain) == []


class TestLinkAndPresenting:
    def test_copy_link_falls_back_to_a_selected_field(self, plain: Page) -> None:
        plain.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
        plain.click(f"{EXPLORER} [data-copy-link]")
        plain.wait_for_selector(f"{EXPLORER}[data-copied='by-hand']")
        assert plain.is_visible("#ex-link")
        value = plain.input_value("#ex-link")
        assert value.endswith(f"pos={plain.get_attribute(EXPLORER, 'data-pos')}&step={step_of(plain)}")
        assert plain.evaluate("document.activeElement.id") == "ex-link"
        selected = plain.evaluate("(e => e.selectionEnd - e.selectionStart)(document.activeElement)")
        assert selected == len(value)
        assert axe_both_schemes(plain) == []

    def test_presenting_then_copy_link_reopens_the_same_step(
        self, module_context: BrowserContext, watch: Watch, base_url: str
    ) -> None:
        """Presentation mode hides the site's header, navigation and footer and
        enlarges the board; the copied link (clipboard granted) reopens the
        same step, not presenting (a class given the link opens the lesson);
        Escape leaves."""
        module_context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = explorer_page(module_context, watch, base_url + "search/?alg=alphabeta&order=cce&pos=X.O/.X./...")
        try:
            page.click(f"{EXPLORER} [data-jump='+10']")
            page.click(f"{EXPLORER} [data-jump='next']")
            page.wait_for_selector(f"{EXPLORER} .ex-busy[hidden]", state="attached")
            cutoff = next(n for n, step in enumerate(STEPS, 1) if n > 11 and step.kind is Kind.CUTOFF)
            wait_step(page, cutoff)
            width = page.eval_on_selector(f"{EXPLORER} .ex-board", "e => e.getBoundingClientRect().width")
            page.click(f"{EXPLORER} [data-present]")
            page.wait_for_function("() => document.documentElement.classList.contains('ex-presenting')")
            for hidden in (".md-header", ".md-sidebar--primary", ".md-footer", "h1", "[data-race]"):
                assert page.is_hidden(hidden), hidden
            assert page.get_attribute(f"{EXPLORER} [data-present]", "aria-pressed") == "true"
            assert page.eval_on_selector(f"{EXPLORER} .ex-board", "e => e.getBoundingClientRect().width") > width
            assert axe_both_schemes(page) == []
            page.click(f"{EXPLORER} [data-copy-link]")
            page.wait_for_selector(f"{EXPLORER}[data-copied='true']")
            assert page.inner_text(f"{EXPLORER} .ex-copied") == searchwords.COPIED
            address = page.evaluate("navigator.clipboard.readText()")
            assert "present=1" not in address and f"step={cutoff}" in address
            page.wait_for_function("() => location.search.includes('present=1')")  # a reload keeps presenting
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.documentElement.classList.contains('ex-presenting')")
            assert page.is_visible(".md-header")
            assert page.get_attribute(f"{EXPLORER} [data-present]", "aria-pressed") == "false"
            page.wait_for_function("() => !location.search.includes('present')")
            page.goto(address)
            page.wait_for_selector(READY, timeout=60_000)
            assert step_of(page) == cutoff
            assert settings_of(page) == ("alphabeta", "cce", str(SMALL))
            assert shown_board(page) == STEPS[cutoff - 1].board
            assert page.is_visible(".md-header")
        finally:
            page.close()


class TestPhonesAndProjectors:
    def test_the_step_bar_stays_in_view_in_two_rows_on_a_phone(self, plain: Page) -> None:
        """390 px: the sticky step bar wraps onto two rows with every control
        inside the screen, nothing scrolls sideways, and scrolled to the
        board, the event or the tree the bar covers none of it."""
        plain.set_viewport_size({"width": 390, "height": 844})
        try:
            controls = f"{EXPLORER} .ex-controls"
            plain.eval_on_selector(f"{EXPLORER} .ex-tree-area", "e => e.scrollIntoView()")
            plain.evaluate("window.scrollBy(0, 200)")
            box = plain.eval_on_selector(controls, "e => e.getBoundingClientRect().toJSON()")
            assert 0 <= box["top"] < 100 and box["height"] < 110  # stuck under the header, two rows
            parts = plain.eval_on_selector_all(
                f"{controls} .ttt-button, {controls} #ex-step",
                "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.left, r.right]; })",
            )
            assert len(parts) == 10
            assert len({round(top) for top, _, _ in parts}) <= 2
            assert all(left >= 0 and right <= 390 for _, left, right in parts)
            assert plain.eval_on_selector(controls, "e => e.scrollWidth <= e.clientWidth")
            assert plain.evaluate("document.documentElement.scrollWidth") <= 390
            self.nothing_under_the_bar(plain)
        finally:
            plain.set_viewport_size({"width": 1280, "height": 720})

    @staticmethod
    def nothing_under_the_bar(page: Page) -> None:
        for part in (".ex-board", "[data-fact='event']", ".ex-tree-area"):
            page.eval_on_selector(f"{EXPLORER} {part}", "e => e.scrollIntoView()")
            bar = page.eval_on_selector(f"{EXPLORER} .ex-controls", "e => e.getBoundingClientRect().bottom")
            top = page.eval_on_selector(f"{EXPLORER} {part}", "e => e.getBoundingClientRect().top")
            assert top >= bar - 1, part

    def test_the_step_bar_covers_nothing_on_a_desktop(self, plain: Page) -> None:
        self.nothing_under_the_bar(plain)

    def test_presenting_keeps_the_current_node_and_its_cut_off_in_view(self, plain: Page) -> None:
        """1280x720, presenting "A deep cut-off": at each cut-off the current
        node and the reason under the moves it skipped are in the window, not
        under the sticky step bar."""
        lesson = next(lesson for lesson in explorer_address.LESSONS if lesson.key == "deep-cutoff")
        steps = list(events(lesson.algorithm, lesson.board, lesson.order))
        plain.click(f"{EXPLORER} a[data-lesson='deep-cutoff']")
        plain.wait_for_function("() => document.querySelector('[data-explorer]').dataset.lesson === 'deep-cutoff'")
        plain.click(f"{EXPLORER} [data-present]")
        plain.wait_for_function("() => document.documentElement.classList.contains('ex-presenting')")
        try:
            for number, event in enumerate(steps, 1):
                if event.kind is not Kind.CUTOFF:
                    continue
                plain.fill("#ex-step", str(number))
                plain.press("#ex-step", "Enter")
                wait_step(plain, number)
                node = ",".join(map(str, event.path))
                bar = plain.eval_on_selector(f"{EXPLORER} .ex-controls", "e => e.getBoundingClientRect().bottom")
                for shape in (f"[data-node='{node}']", f"[data-note='cut:{node}']"):
                    box = plain.eval_on_selector(
                        f"{EXPLORER} .ex-drawn-svg {shape}", "e => e.getBoundingClientRect().toJSON()"
                    )
                    assert box["top"] >= bar - 1 and box["bottom"] <= 720, (number, shape, box, bar)
        finally:
            plain.keyboard.press("Escape")
            plain.wait_for_function("() => !document.documentElement.classList.contains('ex-presenting')")

    def test_presenting_fits_the_window_with_every_control_clickable(self, plain: Page) -> None:
        """At 1280x720 and 1920x1080, presenting each ready lesson at its first,
        middle and last step: the page is no taller than the window (nothing
        scrolls, so nothing passes under the sticky step bar) and a click at
        the centre of every control shown lands on it; the button says how to
        leave, and Escape leaves."""
        present = f"{EXPLORER} [data-present]"
        for size in PRESENT_SIZES:
            plain.set_viewport_size(size)
            try:
                for lesson in explorer_address.LESSONS:
                    plain.click(f"{EXPLORER} a[data-lesson='{lesson.key}']")
                    plain.wait_for_function(
                        "k => document.querySelector('[data-explorer]').dataset.lesson === k", arg=lesson.key
                    )
                    total = len(list(events(lesson.algorithm, lesson.board, lesson.order)))
                    plain.click(present)
                    plain.wait_for_function("() => document.documentElement.classList.contains('ex-presenting')")
                    assert plain.inner_text(present) == searchwords.present_label(True) == "Leave presentation (Esc)"
                    for number in (1, total // 2, total):
                        plain.fill("#ex-step", str(number))
                        plain.press("#ex-step", "Enter")
                        wait_step(plain, number)
                        shown = presented(plain)
                        where = (size, lesson.key, number, shown)
                        assert shown["scroll"] <= shown["height"] and shown["shown"] >= 12, where
                        assert shown["covered"] == [], where
                    plain.keyboard.press("Escape")
                    plain.wait_for_function("() => !document.documentElement.classList.contains('ex-presenting')")
                    assert plain.inner_text(present) == "Present"
            finally:
                plain.keyboard.press("Escape")
                plain.set_viewport_size({"width": 1280, "height": 720})

    def test_the_step_line_says_its_total_from_the_start(self, plain: Page) -> None:
        """ "Step 1 of 33." before the search has been walked to its end: a
        small search from its events, a large one counted without them."""
        for board, algorithm in ((SMALL, Algorithm.ALPHABETA), (Board.parse("X.O/.../..."), Algorithm.MINIMAX)):
            search_for(plain, algorithm, board)
            total = len(list(events(algorithm, board, Order.CELLS)))
            plain.wait_for_function(
                "t => document.querySelector('[data-explorer] .ex-status').textContent === t",
                arg=f"Step 1 of {total:,}.",
                timeout=60_000,
            )

    @staticmethod
    def boxes(page: Page) -> list[dict[str, float]]:
        """Where the board, the event and the tree are."""
        return [
            page.eval_on_selector(sel, "e => e.getBoundingClientRect().toJSON()")
            for sel in (f"{EXPLORER} .ex-board", f"{EXPLORER} [data-fact='event']", f"{EXPLORER} .ex-tree-area")
        ]

    def test_board_event_and_tree_side_by_side_on_a_desktop_and_a_projector(self, plain: Page) -> None:
        """At 1280x720, and presenting there: three columns, the board, the
        event and the tree, left to right, level with one another and, when
        presenting, all on the first screen; one above the other on a phone."""
        for presenting in (False, True):
            if presenting:
                plain.click(f"{EXPLORER} [data-present]")
                plain.wait_for_function("() => document.documentElement.classList.contains('ex-presenting')")
            boxes = self.boxes(plain)
            lefts = [box["left"] for box in boxes]
            assert lefts == sorted(lefts) and len(set(lefts)) == 3, presenting
            assert max(box["top"] for box in boxes) - min(box["top"] for box in boxes) < 40, presenting
            if presenting:
                assert all(box["top"] < 720 for box in boxes)
        plain.keyboard.press("Escape")
        plain.wait_for_function("() => !document.documentElement.classList.contains('ex-presenting')")
        plain.set_viewport_size({"width": 390, "height": 844})
        try:
            tops = [box["top"] for box in self.boxes(plain)]
            assert tops == sorted(tops) and len(set(tops)) == 3
        finally:
            plain.set_viewport_size({"width": 1280, "height": 720})


def test_the_game_reviews_watch_link_keeps_the_algorithm_and_order(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """After a game, Review's "Watch the search from here" opens the position
    before the first move that gave value away with the page's algorithm and
    order (the explorer's default), not plain minimax."""
    page = open_page(module_context, watch, base_url + "?mode=two")
    try:
        for cell in (4, 1, 0, 8, 6, 3, 2):  # O's edge reply to the centre loses; X wins by a fork
            click_cell(page, cell)
        page.click("[data-action='review']")
        page.wait_for_selector("[data-board='game'] .ttt-review[data-reviewed='mistake']", timeout=20_000)
        href = page.get_attribute("[data-board='game'] .ttt-review-watch a", "href") or ""
        query = parse_qs(urlsplit(href).query)
        assert query == {
            "alg": [DEFAULT.algorithm.value],
            "order": [DEFAULT.order.value],
            "pos": [str(Board.empty().play(4))],
        }
    finally:
        page.close()
