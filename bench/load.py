"""Page load and bot reply, measured in Chromium side by side with a bare Pyodide boot.

Serves build/site on 127.0.0.1 (run `make build` first; `make bench-load`
does) and, over several fresh browser contexts (cold caches), alternates:

  game page  board visible after navigation, engine ready (data-ready), and
             the bot's reply to a first move (its deliberate delay included);
             then, in the same context once the service worker is active, a
             repeat visit's engine ready;
  bare page  a page that only boots the same Pyodide files with
             loadPyodide() and runs one line of Python.

Times are read from the page's own clock (performance.now(), zero at
navigation start), polled every animation frame. The verdicts are the
issue's targets: board visible <= 0.5 s; ready <= 1.15 x the bare boot.

    python bench/load.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "site" / "py")]

from tools.browser import NoChromiumError, QuietHandler, launch_args, serve  # noqa: E402

BARE_PATH = "/__bare-pyodide__.html"
BARE_PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>Booting Pyodide only.</p>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("1 + 1");
document.body.dataset.ready = "true";
</script></body></html>
"""

# Resolves with performance.now() on the first animation frame the condition
# holds. The condition is spliced in here, not eval'ed in the page: the site's
# Content-Security-Policy forbids eval, and Playwright's own evaluate is exempt.
WHEN = """() => new Promise(done => {
    const tick = () => (%s) ? done(performance.now()) : requestAnimationFrame(tick);
    tick();
})"""
BOARD_VISIBLE = "(t => t && t.getBoundingClientRect().height > 0)(document.querySelector('table.ttt-board'))"
READY = "document.querySelector(\"table.ttt-board[data-ready='true']\")"
BARE_READY = "document.body && document.body.dataset.ready === 'true'"


class Handler(QuietHandler):
    def do_GET(self) -> None:
        if self.path == BARE_PATH:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BARE_PAGE)))
            self.end_headers()
            self.wfile.write(BARE_PAGE)
            return
        super().do_GET()


def when(page: Page, condition: str) -> float:
    return float(page.evaluate(WHEN % condition)) / 1000


# A home connection, emulated by Chromium for requests that reach the network
# (the service worker's cache answers without it): 20 Mbit/s down, 40 ms.
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 5e6 / 8}


def open_page(context: BrowserContext, base: str, *, throttled: bool) -> Page:
    page = context.new_page()
    if throttled:
        context.new_cdp_session(page).send("Network.emulateNetworkConditions", NETWORK)
    page.goto(base, wait_until="commit")
    return page


def measure_game(browser: Browser, base: str, *, throttled: bool = False) -> tuple[float, float, float, float]:
    """First visit (cold cache): visible, ready, bot reply; then a repeat visit's ready."""
    context = browser.new_context()
    page = open_page(context, base, throttled=throttled)
    visible = when(page, BOARD_VISIBLE)
    ready = when(page, READY)
    clicked = float(page.evaluate("""() => {
        document.querySelector("[data-board='game'] [data-cell='4']").click();
        return performance.now();
    }""")) / 1000
    replied = when(page, "document.querySelectorAll(\"[data-board='game'] [data-mark='O']\").length === 1")
    # The service worker installs once the page's Python is done; then come back.
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)")
    page.close()
    again = open_page(context, base, throttled=throttled)
    repeat = when(again, READY)
    context.close()
    return visible, ready, replied - clicked, repeat


def measure_bare(browser: Browser, base: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + BARE_PATH.lstrip("/"), wait_until="commit")
    ready = when(page, BARE_READY)
    context.close()
    return ready


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--network-runs", type=int, default=3, help="runs over the emulated home connection")
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"no built site in {args.site}: run `make build` first")
    try:
        launch = launch_args()
    except NoChromiumError as error:
        raise SystemExit(str(error)) from None
    from view import BOT_DELAY_MS  # the page's deliberate delay, from its own source

    visible, ready, reply, repeat, bare = [], [], [], [], []
    with serve(args.site, Handler) as base, sync_playwright() as p:
        browser = p.chromium.launch(**launch)
        measure_bare(browser, base)  # warm the OS file cache and the server once, unrecorded
        for _ in range(args.runs):
            v, r, b, again = measure_game(browser, base)
            visible.append(v)
            ready.append(r)
            reply.append(b)
            repeat.append(again)
            bare.append(measure_bare(browser, base))
        slow_first, slow_repeat = [], []
        for _ in range(args.network_runs):
            _, first, _, again = measure_game(browser, base, throttled=True)
            slow_first.append(first)
            slow_repeat.append(again)
        browser.close()

    med = statistics.median
    # Each game page is timed right beside a bare boot, so the machine's load
    # at that moment weighs on both: the verdict is the median of those pairs.
    pairs = [r / b for r, b in zip(ready, bare, strict=True)]
    ratio = med(pairs)
    print(f"Chromium, {args.runs} fresh contexts each (cold cache), medians; the page's own clock")
    print(f"  board visible after navigation  {med(visible):6.3f} s  (target <= 0.5 s: "
          f"{'met' if med(visible) <= 0.5 else 'MISSED'})")
    print(f"  engine ready (game page)        {med(ready):6.3f} s  first visit")
    print(f"  engine ready, repeat visit      {med(repeat):6.3f} s  (service worker warm: "
          f"{med(repeat) / med(ready):.2f} x the first visit)")
    print(f"  bare Pyodide boot               {med(bare):6.3f} s")
    print(f"  ready / bare, paired runs       {ratio:6.2f}    (target <= 1.15: {'met' if ratio <= 1.15 else 'MISSED'}; "
          f"pairs from {min(pairs):.2f} to {max(pairs):.2f})")
    print(f"  bot reply to a first move       {med(reply):6.3f} s  (of which {BOT_DELAY_MS / 1000:.3f} s "
          "is the deliberate delay)")
    print(f"  over an emulated 20 Mbit/s, 40 ms connection ({args.network_runs} runs):")
    print(f"    engine ready, first visit     {med(slow_first):6.3f} s")
    print(f"    engine ready, repeat visit    {med(slow_repeat):6.3f} s  (service worker warm: "
          f"{med(slow_repeat) / med(slow_first):.2f} x the first visit)")
    print(f"  all runs: visible {[round(x, 3) for x in visible]}")
    print(f"            ready   {[round(x, 3) for x in ready]}")
    print(f"            repeat  {[round(x, 3) for x in repeat]}")
    print(f"            bare    {[round(x, 3) for x in bare]}")


if __name__ == "__main__":
    main()
