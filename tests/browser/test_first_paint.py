"""The game page plays at first paint, before Python, and Python takes over.

The board that first paints is the engine's, compiled to HTML and CSS at
build time (pyengine.editions.nojs.compiled_board). Here the runtime's WebAssembly is
held back, so the page stays on that board for as long as a test likes, and
then released, so Python takes the game over.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

import game_view as view
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from pyengine import Board, Game, Player, Result
from pyengine.policy import against_fixed_bot
from pyengine.words import cell_label, end_message
from tools.pages.boards import PLAYS_NOW, PLAYS_NOW_LOADING

from .conftest import READY, Watch, axe_violations, board_of, new_context

GAME = "[data-board='game']"
WASM = "**/pyodide.asm.wasm*"  # its address carries its digest (?v=)
NAME = re.compile(r'(?:radio|img|button) "([^"]*)"')
# Rendered: the board hides what is not on it with display and visibility.
SHOWN = "e => e.checkVisibility({visibilityProperty: true})"


class HeldPage:
    """A page whose Python cannot start until ``release()``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.held: list[Route] = []
        page.route(WASM, self._hold)

    def _hold(self, route: Route) -> None:
        self.held.append(route)

    def release(self) -> None:
        for route in self.held:
            route.continue_()  # the site's own file: nothing for the watch to check
        self.page.unroute(WASM, self._hold)


@contextmanager
def held_page(context: BrowserContext, watch: Watch, url: str) -> Iterator[HeldPage]:
    page = watch.attach(context.new_page())
    held = HeldPage(page)
    try:
        page.goto(url)
        assert page.get_attribute(f"{GAME} table.ttt-board", "data-ready") == "false"
        yield held
    finally:
        page.close()


def form(side: Player) -> str:
    return f"{GAME} form.fp-board[data-human='{side}']"


def shown_marks(page: Page, side: Player) -> Board:
    """The position the first-paint board shows, read from its marks' hooks."""
    marks = page.eval_on_selector_all(
        f"{form(side)} [data-mark]", f"els => els.filter({SHOWN}).map(e => [+e.dataset.cell, e.dataset.mark])"
    )
    cells = ["."] * 9
    for cell, mark in marks:
        assert cells[cell] == ".", f"two marks on cell {cell}"
        cells[cell] = mark
    return Board.parse("".join(cells))


def free_cells(page: Page, side: Player) -> list[int]:
    return page.eval_on_selector_all(
        f"{form(side)} label[data-cell]", f"els => els.filter({SHOWN}).map(e => +e.dataset.cell)"
    )


def play(page: Page, side: Player, cell: int) -> None:
    page.locator(f"{form(side)} label[data-cell='{cell}']:visible").click()


def names(page: Page, root: str) -> list[str]:
    """Every name the accessibility tree gives the board's cells, sorted."""
    return sorted(NAME.findall(page.locator(root).aria_snapshot()))


@pytest.mark.parametrize("side", [Player.X, Player.O], ids=str)
def test_a_whole_game_before_python_and_the_bot_never_loses(
    module_context: BrowserContext, watch: Watch, base_url: str, side: Player
) -> None:
    """Random games on the compiled board: every position is the engine's, the
    bot never loses, and the end shows its banner and its winning cells."""
    rng = random.Random(8)
    with held_page(module_context, watch, f"{base_url}?as={side.value.lower()}") as held:
        page = held.page
        assert page.inner_text(f"{GAME} .ttt-status") == PLAYS_NOW_LOADING
        # Nothing waits while this board plays: the status line does not pulse.
        assert page.eval_on_selector(f"{GAME} .ttt-status", "el => el.getAnimations().length") == 0
        for _ in range(3):
            person: list[int] = []
            while True:
                board = shown_marks(page, side)
                expected = Board.empty()
                for cell in against_fixed_bot(side, person):
                    expected = expected.play(cell)
                assert board == expected
                if board.is_over:
                    break
                assert sorted(free_cells(page, side)) == list(board.legal_moves)
                person.append(rng.choice(free_cells(page, side)))
                play(page, side, person[-1])
            assert board.winner is not side
            ending = page.locator(f"{form(side)} [data-result]:visible")
            assert ending.get_attribute("data-result") == board.result.value
            assert ending.inner_text() == end_message(board.result, side)
            lit = page.eval_on_selector_all(f"{form(side)} .fp-k", f"els => els.filter({SHOWN}).length")
            assert lit == len({c for line in board.winning_lines for c in line})
            page.reload()  # a new game: the page keeps no state of its own
        assert page.get_attribute(f"{GAME} table.ttt-board", "data-ready") == "false"


def test_python_takes_over_the_game_in_progress(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """Two moves on the compiled board, then Python: the same position, the move
    list and undo know the moves, the focused cell keeps focus, the names and
    the board's box are unchanged, nothing shifts, and axe finds nothing."""
    with held_page(module_context, watch, base_url) as held:
        page = held.page
        page.evaluate("""() => { window.__shifts = 0; new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
        }).observe({ type: "layout-shift", buffered: true }); }""")
        play(page, Player.X, 4)
        play(page, Player.X, 1)
        moves = against_fixed_bot(Player.X, [4, 1])
        page.focus(f"{form(Player.X)} #fpx-t3c8")  # Tab to a free cell, not yet played
        before = shown_marks(page, Player.X)
        names_before = names(page, form(Player.X))
        box_before = page.locator(f"{form(Player.X)}").bounding_box()
        assert axe_violations(page) == []
        page.evaluate("() => { window.__shifts = 0; }")
        held.release()
        page.wait_for_selector(f"{GAME} {READY}", timeout=60_000)
        assert board_of(page, GAME) == before
        assert page.eval_on_selector_all(f"{GAME} .ttt-moves li", "els => els.length") == len(moves)
        assert page.evaluate("document.activeElement.dataset.cell") == "8"
        assert names(page, f"{GAME} table.ttt-board") == names_before
        box_after = page.locator(f"{GAME} table.ttt-board").bounding_box()
        assert box_before is not None and box_after is not None
        assert abs(box_after["width"] - box_before["width"]) < 1
        assert abs(box_after["height"] - box_before["height"]) < 1
        assert page.evaluate("window.__shifts") < 0.001
        assert axe_violations(page) == []
        assert page.is_enabled("#ttt-level")
        page.click(f"{GAME} [data-action='undo']")
        expected = Board.empty()
        for cell in moves[:2]:
            expected = expected.play(cell)
        assert board_of(page, GAME) == expected


def test_clicks_during_the_hand_over_are_played_once_or_not_at_all(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """A person clicking free cells as fast as they can while Python arrives
    never leaves an illegal board, a double move, or two boards disagreeing."""
    with held_page(module_context, watch, base_url) as held:
        page = held.page
        play(page, Player.X, 0)
        stage = page.locator(f"{GAME} .ttt-stage").bounding_box()
        assert stage is not None
        held.release()
        size = stage["width"] / 3
        for i in range(60):
            cell = (i * 5) % 9
            page.mouse.click(stage["x"] + (cell % 3 + 0.5) * size, stage["y"] + (cell // 3 + 0.5) * size)
            if page.query_selector(f"{GAME} {READY}"):
                break
        page.wait_for_selector(f"{GAME} {READY}", timeout=60_000)
        page.wait_for_function(
            "sel => document.querySelector(sel).dataset.turn !== 'bot'", arg=f"{GAME} table.ttt-board"
        )
        board = board_of(page, GAME)  # Board.parse refuses any illegal position
        listed = page.eval_on_selector_all(f"{GAME} .ttt-moves li", "els => els.length")
        assert listed == board.ply
        assert board.winner is not Player.X or board.result is Result.ONGOING


def test_other_settings_wait_for_python_and_say_so(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """Settings only Python serves show its board loading, with a word on when."""
    with held_page(module_context, watch, f"{base_url}?mode=two") as held:
        page = held.page
        assert page.get_attribute(GAME, "data-first-paint") == "loading"
        assert page.locator(f"{GAME} table.ttt-board").is_visible()
        assert page.locator(f"{GAME} form.fp-board").first.is_hidden()
        assert "ready in a moment" in page.inner_text(f"{GAME} .ttt-status")
        assert page.eval_on_selector(f"{GAME} .ttt-status", "el => el.getAnimations().length") == 1
        held.release()
        page.wait_for_selector(f"{GAME} {READY}", timeout=60_000)


def test_without_javascript_the_board_still_plays(browser: Browser, watch: Watch, base_url: str) -> None:
    """JavaScript off: no Python, but the compiled board plays a whole game."""
    context = new_context(browser, watch, java_script_enabled=False)
    page = watch.attach(context.new_page())
    try:
        page.goto(base_url)
        # Nothing is loading without JavaScript, and the status line does not say so.
        assert page.inner_text(f"{GAME} .ttt-status") == PLAYS_NOW
        person: list[int] = []
        while not (board := shown_marks(page, Player.X)).is_over:
            person.append(min(free_cells(page, Player.X)))
            play(page, Player.X, person[-1])
        assert board.winner is not Player.X
        assert page.locator(f"{form(Player.X)} [data-result]:visible").inner_text() in {
            end_message(result, Player.X) for result in (Result.O_WON, Result.DRAW)
        }
    finally:
        context.close()


def test_cell_names_are_the_live_boards(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """Before any move the compiled board names each cell as Python's board does."""
    with held_page(module_context, watch, f"{base_url}?as=O") as held:
        board = shown_marks(held.page, Player.O)
        expected = sorted(cell_label(cell, board[cell]) for cell in range(9))
        assert names(held.page, form(Player.O)) == expected


def test_a_game_finished_before_python_keeps_its_banner_and_score(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """Lost on the compiled board before Python arrived: Python shows the same
    end, counts it in the score, and New game starts a Python game."""
    person = [1, 2, 5]  # the bot wins down the left column
    final = Board.empty()
    for cell in against_fixed_bot(Player.X, person):
        final = final.play(cell)
    assert final.result is Result.O_WON
    with held_page(module_context, watch, base_url) as held:
        page = held.page
        for cell in person:
            play(page, Player.X, cell)
        assert shown_marks(page, Player.X) == final
        losses = "() => JSON.parse(localStorage.getItem('pyengine.score') || '{}')['bot:loss'] || 0"
        lost_before = page.evaluate(losses)
        held.release()
        page.wait_for_selector(f"{GAME} {READY}", timeout=60_000)
        assert board_of(page, GAME) == final
        banner = page.locator(f"{GAME} .ttt-banner")
        assert banner.is_visible() and banner.inner_text() == end_message(final.result, Player.X)
        assert page.evaluate(losses) == lost_before + 1
        assert f"{lost_before + 1} lost" in page.inner_text(f"{GAME} .ttt-score")
        page.click(f"{GAME} [data-action='restart']")
        assert board_of(page, GAME) == Board.empty() and banner.is_hidden()


@pytest.mark.parametrize(
    ("query", "game"),
    [
        ("?level=easy&as=O", Game(level="easy", human="O")),
        ("?mode=watch&level=perfect&olevel=Random", Game("watch", level="perfect", o_level="random")),
        ("?mode=two", Game("two")),
        ("?level=grandmaster", Game()),  # unknown: the default, as the page says once Python runs
    ],
)
def test_the_heading_is_the_addresss_game_from_first_paint(
    module_context: BrowserContext, watch: Watch, base_url: str, query: str, game: Game
) -> None:
    """A shared link's heading names its game before Python has started, in
    the words Python then keeps."""
    with held_page(module_context, watch, base_url + query) as held:
        assert held.page.inner_text(".ttt-heading") == view.heading(game)
    assert view.heading(Game(level="easy")) == "Tic-tac-toe against an easy bot"
