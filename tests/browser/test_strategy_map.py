"""The strategy map page: one map at a time (the other fetched on demand), zoom
by click and keyboard, links that land zoomed, and a live game the map follows."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board, Player, analyze
from pyengine.policy import fixed_move
from pyengine.words import cell_name
from tools.pages.strategy_map_markup import build

from .conftest import Watch, axe_violations, board_of, click_cell, new_context, settle

ROOT = "[data-board='strategy_map']"
GAME = f"{ROOT} .sm-game"
# A sub-board that can be zoomed into: its frame (the node's first <use>) holds the tab stop.
ZOOMABLE = "[data-map='{}'] g.sm-node > use[tabindex]"


def _open(context: BrowserContext, watch: Watch, url: str, side: str = "X") -> Page:
    page = watch.attach(context.new_page())
    page.goto(url)
    page.wait_for_selector(ZOOMABLE.format(side), timeout=60_000)
    page.wait_for_selector(f"{GAME} table.ttt-board[data-ready='true']", timeout=60_000)
    return page


def _address(page: Page) -> tuple[str, str]:
    """The map and node the address records."""
    query = parse_qs(urlsplit(page.url).query, keep_blank_values=True)
    return query.get("map", [""])[0], query.get("moves", [""])[0]


def _shown(page: Page) -> str:
    return str(page.get_attribute(ROOT, "data-moves"))


def _top(side: Player) -> str:
    return ",".join(map(str, build(side).moves))


def _zoomable(page: Page, side: Player) -> set[str]:
    """The moves of every sub-board the reader can zoom into (a tab stop each)."""
    read = "frames => frames.map((f) => f.parentElement.dataset.moves)"
    return set(page.eval_on_selector_all(ZOOMABLE.format(side), read))


def _replies(side: Player, moves: str) -> set[str]:
    """The moves of the boards nested in the map's board at ``moves``, from the map's own build."""
    wanted = tuple(map(int, moves.split(","))) if moves else ()
    node = build(side)
    while node.moves != wanted:
        node = next(child for _, child in node.replies if wanted[: len(child.moves)] == child.moves)
    return {",".join(map(str, child.moves)) for _, child in node.replies}


def _wait_shown(page: Page, moves: str) -> None:
    page.wait_for_function(
        "([sel, moves]) => document.querySelector(sel).dataset.moves === moves", arg=[ROOT, moves], timeout=10_000
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_maps_zoom_by_click_and_keyboard(browser: Browser, watch: Watch, base_url: str, scheme: str) -> None:
    """In each scheme, in a page opened in it: a page that switches scheme with
    the O map's thousands of <use> elements in it makes Chromium's every later
    style query slow (axe took 40 s instead of 3 s), so no page here switches."""
    context = new_context(browser, watch, color_scheme=scheme)
    page = _open(context, watch, base_url + "strategy-map/")
    try:
        settle(page, GAME)  # the bot (X) opens the live game
        assert page.locator("[data-map] svg:not([hidden])").count() == 1
        assert page.locator("svg.sm-svg").count() == 1, "the O map is not in the page until it is asked for"
        assert axe_violations(page) == []
        # The Up button is disabled at the top, and looks it.
        assert page.is_disabled(f"{ROOT} .sm-up")
        look = "e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; }"
        live = page.eval_on_selector(f"{ROOT} .sm-side[aria-pressed='true']", look)
        assert page.eval_on_selector(f"{ROOT} .sm-up", look) != live
        first = fixed_move(Board.empty())
        # X's root shows the bot's first move; clicking the reply in cell 4 zooms onto it.
        expected = f"{first},4,{fixed_move(Board.empty().play(first).play(4))}"
        page.click(f"[data-map='X'] g.sm-node[data-moves='{expected}']", force=True)
        assert _shown(page) == expected
        assert _address(page) == ("X", expected)
        # The tab stops are the frames of the boards nested in the one shown, and
        # never a node: a node's tab stop restyled every mark inside it on each zoom.
        assert _zoomable(page, Player.X) == _replies(Player.X, expected) != set()
        assert page.locator("[data-map] g.sm-node[tabindex], [data-map] g.sm-node[role]").count() == 0
        assert not page.is_disabled(f"{ROOT} .sm-up")
        # The other map, fetched on demand; keyboard: Enter zooms, Escape goes out.
        page.click(f"{ROOT} .sm-side[data-side='O']")
        page.wait_for_selector(ZOOMABLE.format("O"), timeout=30_000)
        assert page.locator("[data-map] svg:not([hidden])").count() == 1
        assert _shown(page) == _top(Player.O) and page.is_disabled(f"{ROOT} .sm-up")
        page.focus(ZOOMABLE.format("O"))
        target = page.eval_on_selector(ZOOMABLE.format("O"), "e => e.parentElement.dataset.moves")
        page.keyboard.press("Enter")
        assert _shown(page) == target and _address(page) == ("O", target)
        assert axe_violations(page) == []  # mid-interaction, the fetched map shown and zoomed
        page.keyboard.press("Escape")
        assert _shown(page) == _top(Player.O)
    finally:
        context.close()


def test_a_link_opens_zoomed_with_the_game_there(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """A link to a node lands on it, in the map fetched for it, and the live game is at that position."""
    moves = (4, fixed_move(Board.empty().play(4)))
    page = _open(module_context, watch, base_url + f"strategy-map/?map=O&moves={moves[0]},{moves[1]}", "O")
    try:
        text = ",".join(map(str, moves))
        _wait_shown(page, text)
        assert page.get_attribute("[data-map='O'] svg:not([hidden])", "viewBox") == page.get_attribute(
            f"[data-map='O'] g.sm-node[data-moves='{text}']", "data-box"
        )
        assert board_of(page, GAME) == Board.empty().play(moves[0]).play(moves[1])
        assert page.get_attribute(f"{ROOT} .sm-side[data-side='O']", "aria-pressed") == "true"
    finally:
        page.close()


def _person_move(board: Board, n: int) -> int:
    """A person's move that varies with the turn: a best move on even turns, the
    highest-numbered cell on odd ones (a mistake, when the bot can punish it)."""
    return analyze(board).best[0] if n % 2 == 0 else board.legal_moves[-1]


@pytest.mark.parametrize("bot_side", [Player.X, Player.O])
def test_the_map_follows_the_live_game(
    module_context: BrowserContext, watch: Watch, base_url: str, bot_side: Player
) -> None:
    """Every move of the live game zooms the map onto the game's node (the bot's
    moves are the map's: the engine's choice), zooming by hand is overridden by the
    next move, switching Follow off leaves the map alone, and a new game goes back out."""
    page = _open(module_context, watch, base_url + "strategy-map/")
    try:
        if bot_side is Player.O:
            page.click(f"{ROOT} .sm-side[data-side='O']")
            page.wait_for_selector(ZOOMABLE.format("O"), timeout=30_000)
        settle(page, GAME)
        board, moves = Board.empty(), []
        if bot_side is Player.X:
            board, moves = board.play(fixed_move(board)), [fixed_move(board)]
        assert board_of(page, GAME) == board
        assert _shown(page) == ",".join(map(str, moves)) == _top(bot_side)
        n = 0
        while not board.is_over:
            if n == 1:  # by hand: out to the top; the next move brings the map back to the game
                page.click(f"{ROOT} .sm-up")
                assert _shown(page) != ",".join(map(str, moves))
            cell = _person_move(board, n)
            click_cell(page, cell, GAME)
            settle(page, GAME)
            board, moves = board.play(cell), [*moves, cell]
            if not board.is_over:
                reply = fixed_move(board)
                board, moves = board.play(reply), [*moves, reply]
            assert board_of(page, GAME) == board, "the bot played the map's move"
            text = ",".join(map(str, moves))
            _wait_shown(page, text)
            assert _address(page) == (str(bot_side), text)
            n += 1
        assert page.get_attribute(f"{GAME} .ttt-banner", "data-result")
        page.click(f"{GAME} [data-action='restart']")
        settle(page, GAME)
        _wait_shown(page, _top(bot_side))
        # Follow off: the game moves on, the map stays where it is.
        page.uncheck(f"{ROOT} .sm-follow input")
        board = board_of(page, GAME)
        click_cell(page, board.legal_moves[0], GAME)
        settle(page, GAME)
        assert _shown(page) == _top(bot_side)
        page.check(f"{ROOT} .sm-follow input")  # and on again: back to the game
        assert _shown(page) != _top(bot_side)
    finally:
        page.close()


def test_on_a_desktop_the_game_and_its_map_are_on_screen_together(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """At 1280 by 720, once the panel is in view, the live board and the whole
    zoomed map fit on screen together, below the site's header, after every
    move, with no scrolling; the line above the map says the node in words."""
    moves = [4]
    moves.append(fixed_move(Board.empty().play(4)))
    page = _open(module_context, watch, base_url + f"strategy-map/?map=O&moves={moves[0]},{moves[1]}", "O")
    try:
        assert page.viewport_size == {"width": 1280, "height": 720}
        page.eval_on_selector(ROOT, "e => { e.scrollIntoView(); window.scrollBy(0, -60); }")
        scrolled = page.evaluate("window.scrollY")
        header = page.eval_on_selector(".md-header", "e => e.getBoundingClientRect().bottom")

        def on_screen(selector: str) -> bool:
            top, bottom = page.eval_on_selector(
                selector, "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }"
            )
            return bool(top >= header and bottom <= 720)

        for _ in range(2):
            _wait_shown(page, ",".join(map(str, moves)))
            assert on_screen(f"{GAME} table.ttt-board") and on_screen("[data-map='O'] svg:not([hidden])")
            board, said = Board.empty(), []
            for cell in moves:
                said.append(f"{board.to_move} {cell_name(cell)}")
                board = board.play(cell)
            assert page.inner_text(f"{ROOT} .sm-crumb") == f"The bot plays O. The board after {', '.join(said)}."
            cell = board.legal_moves[0]
            click_cell(page, cell, GAME)
            settle(page, GAME)
            moves += [cell, fixed_move(board.play(cell))]
        assert page.evaluate("window.scrollY") == scrolled, "nothing scrolled the page"
    finally:
        page.close()
