"""A press on the strategy map's live game, with the O map shown, in headless Chromium.

The O map is about 8,400 <use> elements in one SVG, and every move of the
live game zooms it. For each site (the built one, and with --baseline-site
another build, the two alternating), each run opens the strategy map in a
fresh page, switches to the O map and plays the reader's side (X) to the
end of the game with real clicks on the live board, always the first free
cell. For each press it records the longest main-thread task from the press
until the bot has answered (Long Tasks API: tasks over 50 ms; 0 when none),
and the seconds from the press until the clicked cell shows its mark.
Printed: the medians over every press of every run, and the ratio
now/baseline.

    python bench/strategy_map.py [--site DIR] [--baseline-site DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.dev.browser import QuietHandler, launch_args, serve  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

MAP = "[data-board='strategy_map']"
GAME = f"{MAP} .sm-game"
LONG_TASKS = """() => { window.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(e.duration)))
    .observe({ type: "longtask" }); }"""


def presses(context: BrowserContext, url: str) -> list[tuple[float, float]]:
    """(longest task in ms, seconds to the mark) for each press of one game beside the O map."""
    page = context.new_page()
    try:
        page.goto(url + "strategy-map/")
        page.wait_for_selector(f"{GAME} table.ttt-board[data-ready='true']", timeout=60_000)
        page.click(f"{MAP} .sm-side[data-side='O']")
        page.wait_for_function("sel => document.querySelector(sel).dataset.map === 'O'", arg=MAP)
        page.wait_for_selector("[data-map='O'] svg:not([hidden])", timeout=60_000)
        page.evaluate(LONG_TASKS)
        measured = []
        while page.get_attribute(f"{GAME} table.ttt-board", "data-turn") == "human":
            cell = page.eval_on_selector(
                f"{GAME} .ttt-cell:not([data-mark='X']):not([data-mark='O'])", "e => e.dataset.cell"
            )
            page.evaluate("window.__long = []")
            started = time.perf_counter()
            page.click(f"{GAME} .ttt-cell[data-cell='{cell}']")
            page.wait_for_selector(f"{GAME} .ttt-cell[data-cell='{cell}'][data-mark='X']")
            marked = time.perf_counter() - started
            page.wait_for_function("sel => document.querySelector(sel).dataset.turn !== 'bot'", arg=f"{GAME} table")
            page.wait_for_timeout(100)  # a zoom after the bot's answer lands in the same press's record
            measured.append((max(page.evaluate("window.__long"), default=0.0), marked))
        return measured
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--baseline-site", type=Path)
    parser.add_argument("--runs", type=int, default=4)
    args = parser.parse_args()
    sites = {"now": args.site, **({"baseline": args.baseline_site} if args.baseline_site else {})}
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in sites}
    with ExitStack() as stack, sync_playwright() as playwright:
        urls = {name: stack.enter_context(serve(site, QuietHandler)) for name, site in sites.items()}
        contexts = {
            name: playwright.chromium.launch_persistent_context(
                stack.enter_context(tempfile.TemporaryDirectory()), **launch_args(), service_workers="block"
            )
            for name in sites
        }
        for run in range(args.runs):
            for name in sorted(sites, reverse=run % 2 == 1):  # alternating which goes first
                results[name] += presses(contexts[name], urls[name])
        for context in contexts.values():
            context.close()
    print(f"a press on the live game beside the O map, medians of {args.runs} games each")
    medians = {}
    for name, measured in results.items():
        task = statistics.median(m[0] for m in measured)
        mark = statistics.median(m[1] for m in measured)
        medians[name] = (task, mark)
        worst = max(m[0] for m in measured)
        tasks = f"longest task {task:6.0f} ms (worst {worst:.0f})"
        print(f"  {name:9s} {len(measured):3d} presses  {tasks}  to the mark {mark:.2f} s")
    if "baseline" in medians:
        (task, mark), (base_task, base_mark) = medians["now"], medians["baseline"]
        print(
            f"  now/baseline: longest task {task / base_task:.2f}, to the mark {mark / base_mark:.2f}"
            if base_task
            else "  the baseline had no long task"
        )


if __name__ == "__main__":
    main()
