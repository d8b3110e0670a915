"""What the checker's worker costs, on the built site in headless Chromium.

"Check your own minimax" runs the reader's code in a Web Worker with a
Pyodide of its own (site/py/checker_worker.py). Measured in one run:

  1. time to ready: from the page's navigation to the page's own Python
     being ready (the checker says "Ready"), and to the worker being ready
     (it starts when the page is idle after that);
  2. bytes: the requests the worker makes (URL, bytes over the wire, from
     the HTTP cache or not), and the checker's own files as shipped;
  3. the longest main-thread task (Long Tasks API, which reports tasks over
     50 ms) while the page checks 4,520 positions with the starter and with
     a textbook minimax without memory, each beside a control: as long again
     just after (once the next worker is ready), the page running a task of
     10 ms of JavaScript every 20 ms (the page's own slices are 10 ms), so
     that what a busy machine does to a 10 ms task is measured beside it;
  4. CS50 AI files: the seconds the page takes to check the
     project's correct tictactoe.py, the slow one (deepcopy at every node,
     no memory) and the one-bug files (tests/cs50/), beside the seconds
     CPython's judge takes for the same file in this process
     (pyengine.grading.cs50.check_code), as a ratio, each verdict checked to agree;
  5. with --speed, the page against CPython side by side: for the correct
     file and the slow deepcopy one (or --only's), each run a check in the page
     then the same check in CPython (check_code, this process), alternating,
     so the shared machine's moment weighs on both alike; the ratio of the
     medians (the target: the page at most twice CPython); and presses during
     the page's check (a click every 250 ms on the checker's status line): how
     many the page answered within 100 ms (the time from the press to its
     first handler, the input delay), beside a control: as many presses as
     long again just after, the page idle but for 10 ms of JavaScript every
     20 ms (as in 3).

    python bench/checker_worker.py [--runs N] [--site DIR] [--cs50-only] [--only NAME ...] [--skip-slow]
    python bench/checker_worker.py --speed [--runs N] [--site DIR] [--only NAME ...]

Section 4's files are bench/cs50.py's (FILES, by the same names), so its
CPython table and this one line up.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))

from cs50 import FILES  # noqa: E402  (bench/cs50.py: the CS50 files by name)

from bench.engine import build_site  # noqa: E402
from pyengine.grading.cs50 import check_code  # noqa: E402
from tools.pages import editor  # noqa: E402
from tools.pages.checker_markup import STARTER  # noqa: E402
from tools.runtime import offline  # noqa: E402

CHECKER = "[data-board='checker']"
TEXTBOOK = """def minimax(board, maximizing):
    if board.is_over:
        return 0 if board.winner is None else (1 if str(board.winner) == "X" else -1)
    values = [minimax(board.play(cell), not maximizing) for cell in board.legal_moves]
    return max(values) if maximizing else min(values)


def choose(board):
    maximizing = str(board.to_move) == "X"
    scored = [(minimax(board.play(cell), not maximizing), cell) for cell in board.legal_moves]
    return (max(scored) if maximizing else min(scored))[1]
"""

# When the page's Python and the worker became ready, and every long task.
PROBE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
window.__ready = {};
new MutationObserver(() => {
  const root = document.querySelector("[data-board='checker']");
  if (!root) return;
  if (root.dataset.state === "ready" && !window.__ready.page) window.__ready.page = performance.now();
  if (root.dataset.worker === "ready" && !window.__ready.worker) window.__ready.worker = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state", "data-worker"] });
"""
# The control: 10 ms of work every 20 ms, for the given time.
CONTROL = """(ms) => new Promise((done) => {
  const end = performance.now() + ms;
  const timer = setInterval(() => {
    const start = performance.now();
    while (performance.now() - start < 10) {}
    if (performance.now() > end) { clearInterval(timer); done(); }
  }, 20);
})"""
LONGEST_BETWEEN = """([since, until]) => Math.max(0, ...window.__longTasks
    .filter(([start, duration]) => start + duration >= since && start <= until).map(([, duration]) => duration))"""


# The runtime's files the page and the checker's worker ask for, by name. The
# build gives each an address with its content's digest (tools/runtime/offline.py):
# `name?v=DIGEST`, or, for those PyScript reads by the end of their address
# (offline.RENAMED: the engine's zip and the page's loader), the digest in the
# name, `pyengine-0123456789abcdef.zip`, `loader-0123456789abcdef.mjs`.
RUNTIME_FILES = frozenset(
    {editor.WORKER, "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "sandbox.py"}
    | {PurePosixPath(path).name for path in offline.RENAMED}
)
DIGEST_IN_NAME = re.compile(rf"-[0-9a-f]{{{offline.DIGEST_HEX}}}(?=\.)")


def is_runtime_file(address: str) -> bool:
    """Whether ``address`` (as built: its digest in a query or in its name, or
    none) is one of the runtime's files: those above, and every zip."""
    name = DIGEST_IN_NAME.sub("", address.split("?", 1)[0].rsplit("/", 1)[-1])
    return name in RUNTIME_FILES or name.endswith(".zip")


def set_code(page: Any, code: str) -> None:
    page.eval_on_selector(
        "#ck-code", "(box, code) => { box.value = code; box.dispatchEvent(new Event('input')) }", code
    )


def run_check(page: Any, code: str) -> tuple[float, float]:
    """One check on a ready worker: when it started and ended (ms, the page's clock)."""
    set_code(page, code)
    page.wait_for_selector(f"{CHECKER}[data-worker='ready']", timeout=120_000)
    page.eval_on_selector(CHECKER, "e => e.removeAttribute('data-state')")
    since = page.evaluate("performance.now()")
    page.click("[data-check-run]")
    page.wait_for_selector(f"{CHECKER}[data-state='done']", state="attached", timeout=1_800_000)
    return since, page.evaluate("performance.now()")


def check_once(page: Any, code: str, passes: bool = True) -> tuple[float, float, float]:
    """One check on a ready worker: its wall time (s), its longest task, and
    the longest task of the control just after (ms)."""
    since, until = run_check(page, code)
    assert not passes or page.get_attribute(CHECKER, "data-verdict") == "pass"
    page.wait_for_selector(f"{CHECKER}[data-worker='ready']", timeout=120_000)  # the next worker, booted
    quiet_since = page.evaluate("performance.now()")
    page.evaluate(CONTROL, until - since)
    quiet_until = page.evaluate("performance.now()")
    return (
        (until - since) / 1000,
        page.evaluate(LONGEST_BETWEEN, [since, until]),
        page.evaluate(LONGEST_BETWEEN, [quiet_since, quiet_until]),
    )


# Every press's input delay: from the event's own time to its first handler.
INPUT_DELAYS = """() => {
  window.__delays = [];
  for (const kind of ["pointerdown", "keydown"]) {
    addEventListener(kind, (event) => window.__delays.push(performance.now() - event.timeStamp), true);
  }
}"""
# When the check under way is done (the checker's data-state), on the page's clock.
DONE_AT = """() => {
  window.__doneAt = null;
  const root = document.querySelector("[data-board='checker']");
  new MutationObserver((_, observer) => {
    if (root.dataset.state === "done") { window.__doneAt = performance.now(); observer.disconnect(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
}"""
# The control (CONTROL) started, not awaited: window.__control is null once it is over.
CONTROL_UNDER_WAY = f"""(ms) => {{ window.__control = ({CONTROL})(ms).then(() => {{ window.__control = null; }}); }}"""
PRESS_EVERY_MS = 250
ANSWERED_MS = 100


def presses_while(page: Any, busy: Any) -> list[float]:
    """Press the checker's status line every PRESS_EVERY_MS while ``busy()``
    holds; each press's input delay (ms)."""
    page.evaluate("() => { window.__delays = []; }")
    while busy():
        page.click(f"{CHECKER} .ttt-status", timeout=60_000)
        page.wait_for_timeout(PRESS_EVERY_MS)
    return [float(delay) for delay in page.evaluate("window.__delays")]


def speed_once(page: Any, code: str) -> tuple[float, list[float], list[float], dict[str, str]]:
    """One check in the page with presses: its wall time (s), the presses'
    input delays during it and during the control just after (ms), the verdicts shown."""
    set_code(page, code)
    page.wait_for_selector(f"{CHECKER}[data-worker='ready']", timeout=120_000)
    page.eval_on_selector(CHECKER, "e => e.removeAttribute('data-state')")
    since = page.evaluate("performance.now()")
    page.evaluate(DONE_AT)
    page.click("[data-check-run]")
    during = presses_while(page, lambda: page.evaluate("window.__doneAt === null"))
    until = float(page.evaluate("window.__doneAt"))
    wall = (until - since) / 1000
    shown = page_verdicts(page)
    page.wait_for_selector(f"{CHECKER}[data-worker='ready']", timeout=120_000)
    control_ms = min(until - since, 60_000)  # as long again, a minute at most
    page.evaluate(CONTROL_UNDER_WAY, control_ms)
    control = presses_while(page, lambda: page.evaluate("window.__control !== null"))
    return wall, during, control, shown


def speed(site: Path, runs: int, files: dict[str, str]) -> None:
    """Section 5: the page against CPython, alternating, and presses during the page's checks."""
    from playwright.sync_api import sync_playwright

    from tools.dev.browser import launch_args, serve

    print(f"5. page and CPython side by side, {runs} run(s) each, alternating; medians of wall seconds")
    print(f"   presses: answered within {ANSWERED_MS} ms / made, and the slowest (ms), during the check; the control's")
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        context = browser.new_context(service_workers="block")
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(base + "check-your-minimax/")
        page.wait_for_selector(f"{CHECKER}[data-worker='ready']", timeout=120_000)
        page.evaluate(INPUT_DELAYS)
        for name, code in files.items():
            walls: list[float] = []
            cpython: list[float] = []
            during: list[float] = []
            control: list[float] = []
            agree = True
            for _ in range(runs):
                wall, pressed, quiet, shown = speed_once(page, code)
                report = check_code(code)
                walls.append(wall)
                cpython.append(report.seconds)
                during += pressed
                control += quiet
                agree &= shown == {v.name: "pass" if v.passed else "fail" for v in report.verdicts}
            page_s, cpython_s = statistics.median(walls), statistics.median(cpython)
            print(
                f"   {name:<16} page {page_s:7.1f} s  CPython {cpython_s:6.1f} s  {page_s / cpython_s:5.2f}x  "
                f"presses {_answered(during)}, control {_answered(control)}  "
                f"{'verdicts agree' if agree else 'VERDICTS DIFFER'}",
                flush=True,
            )
        browser.close()


def _answered(delays: list[float]) -> str:
    within = sum(delay <= ANSWERED_MS for delay in delays)
    return f"{within}/{len(delays)} (slowest {max(delays, default=0.0):.0f} ms)"


def page_verdicts(page: Any) -> dict[str, str]:
    read = "els => els.map(e => [e.dataset.check, e.dataset.verdict])"
    return dict(page.eval_on_selector_all(f"{CHECKER} .ck-checks [data-check]", read))


def check_cs50(page: Any, code: str) -> tuple[float, float, float, dict[str, str]]:
    """One check of a CS50 file: check_once's figures and each function's verdict shown."""
    wall, task, quiet = check_once(page, code, passes=False)
    return wall, task, quiet, page_verdicts(page)


def measure(site: Path, runs: int, files: dict[str, str], choose: bool = True) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tools.dev.browser import launch_args, serve

    requests: list[tuple[str, int, bool, int]] = []
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        context = browser.new_context(service_workers="block")
        context.add_init_script(PROBE)

        def finished(request: Any) -> None:
            response = request.response()
            sizes = request.sizes()
            body, status = sizes["responseBodySize"], response.status if response else 0
            # No body came (the HTTP cache's, or a 304): Chromium says 0 or minus the headers' bytes.
            requests.append((request.url, max(body, 0), bool(response) and body <= 0, status))

        context.on("requestfinished", finished)
        page = context.new_page()
        page.goto(base + "check-your-minimax/")
        page.wait_for_selector(f"{CHECKER}[data-worker='ready']", timeout=120_000)
        ready = page.evaluate("window.__ready")
        figures: dict[str, Any] = {"page_ready_s": ready["page"] / 1000, "worker_ready_s": ready["worker"] / 1000}
        figures["requests"] = [
            (url.removeprefix(base).split("?")[0], size, cached, status)
            for url, size, cached, status in requests
            if is_runtime_file(url)
        ]
        for name, code in (("starter", STARTER), ("textbook minimax without memory", TEXTBOOK)) if choose else ():
            figures[name] = [check_once(page, code) for _ in range(runs)]
        figures["cs50"] = {name: check_cs50(page, code) for name, code in files.items()}
        browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="checks of each program")
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--cs50-only", action="store_true", help="only section 4")
    parser.add_argument("--only", nargs="*", help="these CS50 files only (names from bench/cs50.py's FILES)")
    parser.add_argument("--skip-slow", action="store_true", help="leave out slow_deepcopy (minutes)")
    parser.add_argument("--speed", action="store_true", help="only section 5: the page against CPython, presses")
    args = parser.parse_args()
    default = ["correct", "slow_deepcopy"] if args.speed else list(FILES)
    names = args.only or [name for name in default if not (args.skip_slow and name == "slow_deepcopy")]
    files = {name: FILES[name] for name in names}
    with tempfile.TemporaryDirectory() as folder:
        site = args.site or Path(folder)
        if args.site is None:
            build_site(site)
        if args.speed:
            return speed(site, args.runs, files)
        figures = measure(site, args.runs, files, choose=not args.cs50_only)
        shipped = {path.name: path.stat().st_size for path in sorted((site / editor.FOLDER).iterdir())}

    if not args.cs50_only:
        report_choose(figures, shipped)
    print("4. CS50 files: seconds to check in the page, in CPython (this process), page/CPython, the page's")
    print("   longest task in the check (0: none over 50 ms), the control's (as in 3); whether the verdicts agree")
    for name, code in files.items():
        wall, task, quiet, shown = figures["cs50"][name]
        report = check_code(code)
        cpython = {verdict.name: "pass" if verdict.passed else "fail" for verdict in report.verdicts}
        agree = "agree" if shown == cpython else f"DIFFER: page {shown}, CPython {cpython}"
        ratio = wall / report.seconds
        figures_line = f"{wall:>8.1f} s {report.seconds:>8.1f} s {ratio:>6.2f}x {task:>6.0f} ms ({quiet:.0f} ms)"
        print(f"   {name:<36}{figures_line}  {agree}", flush=True)


def report_choose(figures: dict[str, Any], shipped: dict[str, int]) -> None:
    print(
        f"1. ready after navigation: the page's Python {figures['page_ready_s']:.2f} s, "
        f"the worker {figures['worker_ready_s']:.2f} s"
    )
    print("2. the runtime's files, each time it was requested (page, then worker): bytes over the wire")
    for url, size, cached, status in figures["requests"]:
        print(f"   {url:<48}{size:>12,}{f'  (no body: HTTP cache, status {status})' if cached else ''}")
    print(f"   the checker's own files as shipped: {shipped}")
    print("3. checking 4,520 positions: wall time, longest task over 50 ms (0: none), and the longest")
    print("   task of the control (10 ms tasks every 20 ms, as long again, just after)")
    for name in ("starter", "textbook minimax without memory"):
        runs = figures[name]
        each = "; ".join(f"{wall:.1f} s, {task:.0f} ms (control {quiet:.0f} ms)" for wall, task, quiet in runs)
        print(f"   {name}: {each}")
        print(
            f"      median wall {statistics.median(w for w, _, _ in runs):.1f} s, "
            f"longest task {max(t for _, t, _ in runs):.0f} ms, control {max(q for _, _, q in runs):.0f} ms"
        )


if __name__ == "__main__":
    main()
