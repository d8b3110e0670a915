"""The explorer printed: the step it stands at, without its controls."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext

from .conftest import EXPLORER, Watch

READY = "[data-explorer][data-ready='true']"
SHOWN = "e => e.checkVisibility()"


def test_the_explorer_prints_its_board_tree_and_words_and_no_control(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """In print, the board, the step's words and facts and the drawn tree are
    there; no button, select or input is, nor the page's prose; and the whole
    printout of this step takes one page, not a dozen of controls."""
    page = watch.attach(module_context.new_page())
    try:
        page.goto(base_url + "search/?alg=alphabeta&pos=XO./.X./..O&step=12")
        page.wait_for_selector(READY, timeout=60_000)
        on_screen = page.eval_on_selector_all(
            f"{EXPLORER} :is(button, select, input)", f"els => els.filter({SHOWN}).length"
        )
        page.emulate_media(media="print")
        visible = {
            part: page.eval_on_selector(f"{EXPLORER} {part}", SHOWN)
            for part in (".ex-board", ".ex-status", ".ex-facts", ".ex-drawn-svg")
        }
        assert visible == dict.fromkeys(visible, True)
        controls = page.eval_on_selector_all(
            f"{EXPLORER} :is(button, select, input)", f"els => els.filter({SHOWN}).length"
        )
        prose = page.eval_on_selector_all(".md-typeset > p", f"els => els.filter({SHOWN}).length")
        assert on_screen > 5 and controls == 0 and prose == 0
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", page.pdf(format="A4")))
        assert pages == 1, f"{pages} printed pages"  # this step's tree fits one A4 page
    finally:
        page.close()
