"""The no-JavaScript editions in Chromium with JavaScript turned off: random games end as the engine says."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board, Player, Result

from .conftest import Watch, axe_both_schemes, new_context

EDITIONS = {Player.X: "nojs/", Player.O: "nojs/bot-first/"}
GAMES = 25


@pytest.fixture(scope="module")
def no_js(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    context = new_context(browser, watch, java_script_enabled=False)
    yield context
    context.close()


# Playwright's ":visible", in one call for the whole board: a box of some size,
# and not visibility: hidden; with each free square's centre, where the game
# clicks it. (Nine locators per board, and then a locator's click, which waits
# for frames to see the box still, were most of the games' time; so is each
# round trip, hence a page-level call that finds the board itself.)
SHOWN = """() => {
    const form = document.querySelector("form.board");
    const shown = (e) => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
    const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
    return {
        marks: [...Array(9).keys()].map((c) => [...form.querySelectorAll(`i.m.c${c}`)].filter(shown)
            .map((e) => e.innerText.trim())),
        free: [...form.querySelectorAll("label[data-cell]")].filter(shown)
            .map((e) => [Number(e.dataset.cell), centre(e)]),
        ends: [...form.querySelectorAll(".end")].filter(shown).map((e) => e.dataset.result),
    };
}"""


class Shown(NamedTuple):
    board: Board
    free: dict[int, tuple[float, float]]
    """The squares a click can play, in cell order: each one's centre in the viewport."""
    result: str | None
    """The end message's result, if one is shown."""


def shown(page: Page) -> Shown:
    """The position, the clickable squares and the end message, as the page shows them."""
    seen = page.evaluate(SHOWN)
    assert all(len(marks) <= 1 for marks in seen["marks"]), f"two marks on a square: {seen['marks']}"
    assert len(seen["ends"]) <= 1, "one end message at most"
    board = Board.parse("".join(marks[0] if marks else "." for marks in seen["marks"]))
    free = {cell: (x, y) for cell, (x, y) in sorted(seen["free"])}
    return Shown(board, free, seen["ends"][0] if seen["ends"] else None)


@pytest.mark.parametrize("human", [Player.X, Player.O])
def test_random_games_never_beat_the_css_bot(no_js: BrowserContext, watch: Watch, base_url: str, human: Player) -> None:
    """Clicking random free squares: the bot never loses, and the message is the engine's result."""
    page = watch.attach(no_js.new_page())
    rng = random.Random(f"nojs-{human}")
    results = set()
    try:
        page.goto(base_url + EDITIONS[human])
        for _ in range(GAMES):
            start = shown(page)
            assert start.board.ply == (0 if human is Player.X else 1) and not start.board.is_over
            now = start
            while now.result is None:
                board = now.board
                assert list(now.free) == list(board.legal_moves), "exactly the free squares can be clicked"
                cell = rng.choice(list(now.free))
                page.mouse.click(*now.free[cell])  # the browser's own hit test finds the square
                now = shown(page)
                assert now.board[cell] is human, "the click marked the square it was made on"
                assert now.board.ply in (board.ply + 1, board.ply + 2), "the bot answers each move at once"
            final = now.board
            assert final.is_over, "an end message only when the game is over"
            expected = "draw" if final.result is Result.DRAW else final.result.value
            assert now.result == expected
            assert final.winner is not human
            results.add(expected)
            with page.expect_navigation(wait_until="load"):
                page.click("text=New game")
        assert results, "games were played"
    finally:
        page.close()


def test_the_pages_carry_the_sites_policy_and_no_script(no_js: BrowserContext, base_url: str) -> None:
    """No script at all, the same strict CSP as every page, and the hooks the tests rely on."""
    for path in EDITIONS.values():
        html = no_js.request.get(base_url + path).text()
        assert "<script" not in html
        assert 'http-equiv="Content-Security-Policy"' in html and "'unsafe-eval'" not in html
        assert html.count("data-result=") == 3


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_mark_has_the_sites_colour_in_every_edition(
    browser: Browser, watch: Watch, base_url: str, scheme: str
) -> None:
    """X and O are drawn in one colour each, the same on the game page (its board
    drawn before Python, in the site's stylesheet) as in both no-JavaScript
    editions, in the light and the dark scheme; and X's is not O's. (With
    JavaScript: the site's theme picks its dark palette by script; the editions
    have none to run.)"""
    context = new_context(browser, watch, color_scheme=scheme)
    page = watch.attach(context.new_page())

    def colours(url: str, x: str, o: str) -> tuple[str, str]:
        page.goto(url)
        return page.locator(x).first.evaluate("e => getComputedStyle(e).color"), page.locator(o).first.evaluate(
            "e => getComputedStyle(e).color"
        )

    try:
        site = colours(base_url, ".fp-board i.fp-x", ".fp-board i.fp-o")
        assert site[0] != site[1]
        for path in EDITIONS.values():
            assert colours(base_url + path, "form.board i.m.x", "form.board i.m.o") == site, path
    finally:
        context.close()


def test_the_editions_pass_axe_mid_game(browser: Browser, watch: Watch, base_url: str) -> None:
    """Both editions, a move in (so both marks show, in their colours): axe-core
    finds nothing at WCAG 2.2 A/AA in the light or the dark scheme. (JavaScript
    on, for axe itself; the pages have no script of their own.)"""
    context = new_context(browser, watch)
    page = watch.attach(context.new_page())
    try:
        for path in EDITIONS.values():
            page.goto(base_url + path)
            free = page.locator("form.board label[data-cell]:visible").first
            free.click()
            assert page.locator("form.board i.m.x:visible").count() and page.locator("form.board i.m.o:visible").count()
            assert axe_both_schemes(page) == [], path
    finally:
        context.close()
