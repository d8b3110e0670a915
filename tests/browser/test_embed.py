"""The embeddable board inside an <iframe> on someone else's page."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Frame, Page, Route

from pyengine import Board, Player

from .conftest import READY, Watch, axe_violations

HOST_PATH = "/__tests__/host.html"


def host_page(base_url: str, frames: dict[str, tuple[str, int, int]]) -> str:
    """A stranger's page: iframes of the embed, and a log of any message they post."""
    iframes = "\n".join(
        f'<iframe name="{name}" title="Tic-tac-toe {name}" src="{base_url}embed/{query}" '
        f'width="{width}" height="{height}"></iframe>'
        for name, (query, width, height) in frames.items()
    )
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>
<body><h1>Someone else's page</h1>
<script>window.received = []; addEventListener("message", (e) => received.push(String(e.data)));</script>
{iframes}</body></html>"""


FRAMES = {
    "square": ("?level=perfect", 320, 400),
    "wide": ("?mode=two&pos=XX./OO./...", 480, 300),
    "small": ("?as=O", 200, 260),
    "hostile": ("?pos=" + quote('<img src=x onerror="parent.received.push(1)">', safe=""), 320, 400),
}


@pytest.fixture(scope="module")
def host(module_context: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    html = host_page(base_url, FRAMES)

    def serve(route: Route) -> None:
        route.fulfill(body=html, content_type="text/html")

    module_context.route("**" + HOST_PATH, serve)
    page = watch.attach(module_context.new_page())
    page.goto(base_url.rstrip("/") + HOST_PATH)
    for name in FRAMES:
        frame(page, name).wait_for_selector(READY, timeout=60_000)
    yield page
    page.close()


def frame(page: Page, name: str) -> Frame:
    found = page.frame(name=name)
    assert found is not None, name
    return found


def board_in(f: Frame) -> Board:
    marks = f.eval_on_selector_all("[data-cell]", "els => els.map(e => e.dataset.mark)")
    return Board.parse("".join(mark or "." for mark in marks))


def settle_in(f: Frame) -> None:
    # A function, not an expression: Playwright evaluates expressions with eval, which the page's CSP refuses.
    f.wait_for_function("() => document.querySelector('table.ttt-board').dataset.turn !== 'bot'", timeout=10_000)


def test_it_plays_inside_a_frame(host: Page) -> None:
    """A move in the frame gets the bot's reply; New game clears the board."""
    f = frame(host, "square")
    assert f.locator(".ttt-message").is_hidden(), "no message when the URL is fine"
    f.click("[data-cell='4']")
    settle_in(f)
    assert board_in(f).ply == 2
    f.click("text=New game")
    assert board_in(f) == Board.empty()


def test_it_honours_the_url_parameters(host: Page) -> None:
    """mode, as and pos reach the embedded game."""
    wide = frame(host, "wide")
    assert board_in(wide) == Board.parse("XX./OO./...")
    wide.click("[data-cell='2']")  # two players: the person plays X's winning move
    assert wide.get_attribute(".ttt-banner", "data-result") == "X"
    small = frame(host, "small")
    settle_in(small)
    board = board_in(small)
    assert board.ply == 1 and board.to_move is Player.O, "playing O, the bot opens"


def test_a_hostile_position_stays_text(host: Page) -> None:
    """The bad pos= is quoted as text in a message; the game starts fresh."""
    f = frame(host, "hostile")
    message = f.locator(".ttt-message")
    assert message.is_visible() and "<img" in message.inner_text()
    assert f.eval_on_selector_all(".ttt-message *", "els => els.length") == 0
    assert board_in(f) == Board.empty()


def test_it_sends_nothing_to_the_host(host: Page) -> None:
    """After games in every frame, the host page has received no message."""
    assert host.evaluate("window.received") == []


@pytest.mark.parametrize("name", list(FRAMES))
def test_it_fits_its_frame(host: Page, name: str) -> None:
    """No scrolling inside the frame, and the board fits in it, whatever its shape."""
    f = frame(host, name)
    size = f.evaluate("""() => {
        const doc = document.documentElement, board = document.querySelector('table.ttt-board').getBoundingClientRect();
        return {sw: doc.scrollWidth, sh: doc.scrollHeight, w: innerWidth, h: innerHeight,
                bw: board.width, bh: board.height};
    }""")
    assert size["sw"] <= size["w"] and size["sh"] <= size["h"], size
    assert 0 < size["bw"] <= size["w"] and size["bh"] <= size["h"], size


def test_the_embed_page_is_accessible(host: Page) -> None:
    """axe-core finds no WCAG 2.2 A/AA violation in the embedded board."""
    assert axe_violations(frame(host, "square")) == []  # type: ignore[arg-type]
