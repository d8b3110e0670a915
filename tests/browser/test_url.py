"""Shared links: the URL sets up the game; bad or hostile values become a message."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page

from pyengine import Board, Player

from .conftest import READY, Watch, board_of, settle

GAME = "[data-board='game']"


@contextmanager
def visit(context: BrowserContext, watch: Watch, base_url: str, query: str) -> Iterator[Page]:
    """The home page opened with ``query``, watched from before it loads: no
    dialog may open (a hostile value that ran as script could open one)."""
    page = watch.attach(context.new_page())
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{base_url}?{query}")
        page.wait_for_selector(READY, timeout=60_000)
        yield page
    finally:
        page.close()
    assert dialogs == [], f"the page opened dialogs: {dialogs}"


def test_a_shared_position_and_setup_load(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """mode, level, side and pos are taken from the link."""
    with visit(module_context, watch, base_url, "mode=two&level=easy&as=O&pos=X.O/.X./...") as page:
        assert board_of(page) == Board.parse("X.O/.X./...")
        assert page.input_value("#ttt-mode") == "two"
        assert page.input_value("#ttt-level") == "easy"
        assert page.is_hidden(f"{GAME} .ttt-message")


def test_the_bot_answers_a_shared_position_on_its_turn(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """A shared position where the bot is to move gets the bot's (forced) reply."""
    with visit(module_context, watch, base_url, "mode=bot&as=X&pos=X.O/.X./...") as page:
        settle(page)
        assert board_of(page) == Board.parse("X.O/.X./..O")


@pytest.mark.parametrize(
    "pos",
    [
        '<img src=x onerror="document.title=1">',
        "<script>document.title='owned'</script>",
        "XXX/XXX/XXX",
        "X" * 500,
    ],
)
def test_a_bad_position_is_a_message_and_a_fresh_game(
    module_context: BrowserContext, watch: Watch, base_url: str, pos: str
) -> None:
    """An illegal or hostile pos= is quoted back as text, never parsed as HTML."""
    with visit(module_context, watch, base_url, "pos=" + quote(pos, safe="")) as page:
        message = page.locator(f"{GAME} .ttt-message")
        assert message.is_visible()
        text = message.inner_text()
        assert "cannot be played" in text and "fresh game" in text
        assert pos[:20] in text
        assert page.eval_on_selector_all(f"{GAME} .ttt-message *", "els => els.length") == 0
        assert page.evaluate("document.querySelectorAll('img[src=x]').length") == 0
        assert page.title() not in ("1", "owned")
        assert board_of(page) == Board.empty()
        assert page.input_value("#ttt-as") == Player.X.value


def test_unknown_settings_fall_back_with_a_message(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """Unknown mode, level and side are named in the message; defaults apply."""
    with visit(module_context, watch, base_url, "mode=chess&level=god&as=Z") as page:
        text = page.inner_text(f"{GAME} .ttt-message")
        for word in ("chess", "god", "Z"):
            assert word in text
        assert page.input_value("#ttt-mode") == "bot"
        assert page.input_value("#ttt-level") == "perfect"
