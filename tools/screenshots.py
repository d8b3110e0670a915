"""Screenshots of the game page for the README and the docs.

Serves build/site (run `make build` first; `make screenshots` does) on
127.0.0.1 and photographs a game in progress with hints on, in the light and
dark schemes, at desktop and phone widths, with the system's Chromium.

    python tools/screenshots.py [--out site/assets/screenshots]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: `tools` is a package of the root

from tools.browser import NoChromiumError, launch_args, serve  # noqa: E402

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 780}}
# A game in progress, the person (X) to move with a winning fork available.
QUERY = "?mode=bot&level=perfect&as=X&pos=XO./.X./..O"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "site" / "assets" / "screenshots")
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
        for scheme in ("light", "dark"):
            for size, viewport in SIZES.items():
                context = browser.new_context(
                    viewport=viewport, color_scheme=scheme, device_scale_factor=1,
                    reduced_motion="reduce",
                )
                page = context.new_page()
                page.goto(base + QUERY)
                page.wait_for_selector("table.ttt-board[data-ready='true']", timeout=60_000)
                page.click("[data-action='hints']")
                # The game at the top of the view, just under the sticky header.
                page.evaluate(
                    """() => { document.querySelector("[data-board='game']").scrollIntoView();
                               window.scrollBy(0, -60); }"""
                )
                target = args.out / f"play-{scheme}-{size}.png"
                page.screenshot(path=str(target))
                print(target.relative_to(ROOT))
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
