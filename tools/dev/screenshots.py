"""Screenshots of the site's pages for the README and the docs, and for a look.

Serves build/site (run `make build` first; `make screenshots` does) on
127.0.0.1 and photographs each page chosen (by default the game page: a game
in progress with hints on, the README's pictures) in the light and dark
schemes, at desktop and phone widths, with the system's Chromium.

    python tools/dev/screenshots.py [--site DIR] [--out site/assets/screenshots] [--pages play search ...]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script: `tools` is a package of the root

from tools.dev.browser import NoChromiumError, launch_args, serve  # noqa: E402

SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 780}}
# A game in progress, the person (X) to move with a winning fork available.
QUERY = "?mode=bot&level=perfect&as=X&pos=XO./.X./..O"


class Shot(NamedTuple):
    """One page to photograph: its address, the signal that it is ready, what
    to do before the picture, and the element brought to the top of the view."""

    address: str
    ready: str
    act: Callable[[Page], object]
    """Run before the picture; what it returns is not used."""
    top: str


def _click(selector: str, then: str) -> Callable[[Page], None]:
    """Click ``selector`` and wait for ``then``."""

    def act(page: Page) -> None:
        page.click(selector)
        page.wait_for_selector(then, state="attached", timeout=120_000)

    return act


PAGES = {
    "play": Shot(
        QUERY,
        "table.ttt-board[data-ready='true']",
        _click("[data-action='hints']", "[data-action='hints'][aria-pressed='true']"),
        "[data-board='game']",
    ),
    # Alpha-beta mid-search, on a position whose whole tree is drawn.
    "search": Shot(
        "search/?alg=alphabeta&order=cce&pos=XO./.X./..O&step=12",
        "[data-explorer][data-ready='true']",
        lambda page: None,
        "[data-explorer]",
    ),
    # The starter checked on every position: the verdict and its board.
    "check-your-minimax": Shot(
        "check-your-minimax/",
        "[data-board='checker'][data-state='ready']",
        _click("[data-check-run]", "[data-board='checker'][data-state='done']"),
        "[data-board='checker'] .ck-controls",
    ),
    # A game against the map's bot (as O), two moves in; the map follows it.
    "strategy-map": Shot(
        "strategy-map/?map=O&moves=4,0",
        "[data-map='O'] g.sm-node > use[tabindex]",
        lambda page: page.wait_for_selector(".sm-game table[data-ready='true']"),
        "[data-board='strategy_map']",
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "site" / "assets" / "screenshots")
    parser.add_argument(
        "--pages",
        nargs="+",
        choices=sorted(PAGES),
        default=["play"],
        help="which pages (default: the game page, the README's pictures)",
    )
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"no built site in {args.site}: run `make build` first")
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        launch = launch_args()
    except NoChromiumError as error:
        raise SystemExit(str(error)) from None
    with serve(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(**launch)
        for name in args.pages:
            shot = PAGES[name]
            for scheme in ("light", "dark"):
                for size, viewport in SIZES.items():
                    context = browser.new_context(
                        viewport=viewport,
                        color_scheme=scheme,
                        device_scale_factor=1,
                        reduced_motion="reduce",
                    )
                    page = context.new_page()
                    page.goto(base + shot.address)
                    page.wait_for_selector(shot.ready, timeout=60_000)
                    shot.act(page)
                    # The subject at the top of the view, just under the sticky header.
                    page.eval_on_selector(shot.top, "e => { e.scrollIntoView(); window.scrollBy(0, -60); }")
                    target = args.out / f"{name}-{scheme}-{size}.png"
                    page.screenshot(path=str(target))
                    print(target)
                    context.close()
        browser.close()


if __name__ == "__main__":
    main()
