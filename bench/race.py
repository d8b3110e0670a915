"""The search page's race and the checker's starter, in Chromium beside CPython.

Every figure is measured in this one run on this machine:

  1. the race from the empty board: each algorithm the "Watch the search"
     page races (alpha-beta with each move order, memoised minimax, plain
     minimax), the same code (pyengine.teaching.search.run_to_end) timed in CPython and in
     Pyodide in headless Chromium (the bare page of bench/engine.py section 3),
     and their ratio;
  2. the same race on the real search page (the built site), run by its
     button: the time each row reports, and the longest main-thread task
     while it runs (Long Tasks API; target <= 50 ms);
  3. "Check your own minimax": the starter choose() over every position with
     a move, called as the checker's worker calls it (site/py/sandbox.py) and
     judged as the page judges it (grading.grade), in CPython and Pyodide; on
     the real page (the code in its worker), the run's wall time and its
     longest task.

    python bench/race.py [--runs N] [--site DIR]

--site takes a built site (mkdocs build); without it the site is built into
a temporary folder first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.engine import build_site, in_chromium, run  # noqa: E402
from tools.pages.checker_markup import STARTER  # noqa: E402

LONG_TASK_TARGET_MS = 50

# Runs as it is in CPython and in Pyodide; prints each racer's times as JSON.
RACE = """
import json, statistics, time
from pyengine import Board
from pyengine.teaching.search import Algorithm, Order
from pyengine.teaching.search import run_to_end

racers = [(Algorithm.ALPHABETA, order) for order in Order] + [(Algorithm.MEMO, Order.CELLS),
                                                               (Algorithm.MINIMAX, Order.CELLS)]
found = {{}}
for algorithm, order in racers:
    times = []
    for _ in range({runs}):
        t = time.perf_counter()
        result = run_to_end(algorithm, Board.empty(), order)
        times.append(time.perf_counter() - t)
    found[f"{{algorithm.value}}/{{order.value}}"] = {{"seconds": statistics.median(times),
                                                    "nodes": result.counts.nodes}}
print(json.dumps(found))
"""

# The checker worker's own module: the starter judged on every position.
CHECKER = """
import json, statistics, sys, time
sys.path.insert(0, {site_py!r})
import sandbox
from pyengine.grading.chooseform import grade, positions_to_check

positions = positions_to_check()
times = []
for _ in range({runs}):
    t = time.perf_counter()
    namespace = {{"__name__": "reader"}}
    exec(compile({starter!r}, sandbox.FILENAME, "exec"), namespace)
    counts = {{}}
    for board in positions:
        judged = grade(board, namespace["choose"](board))
        counts[judged.value] = counts.get(judged.value, 0) + 1
    times.append(time.perf_counter() - t)
print(json.dumps({{"seconds": statistics.median(times), "positions": len(positions), "counts": counts}}))
"""

# Every main-thread task over 50 ms, from before the page's first script.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
LONGEST_SINCE = """(since) => Math.max(0, ...window.__longTasks
    .filter(([start, duration]) => start + duration >= since).map(([, duration]) => duration))"""


def in_cpython(code: str) -> dict[str, Any]:
    return dict(json.loads(run([sys.executable, "-c", code])))


def ms(text: str) -> float:
    """A row's time as the race table writes it: ``12.3 ms`` or ``1,234 ms``."""
    return float(text.replace("ms", "").replace(",", "").strip())


def timed_run(page: Any, root: str, button: str) -> tuple[float, float]:
    """Press ``button`` and wait for ``root`` to say it is done: the wall time
    and the longest main-thread task meanwhile (0 when none passed 50 ms), in ms."""
    # The page writes its state and never reads it: cleared, "done" can only be this run's.
    page.eval_on_selector(root, "e => e.removeAttribute('data-state')")
    since = page.evaluate("performance.now()")
    page.click(button)
    page.wait_for_selector(f"{root}[data-state='done']", state="attached", timeout=300_000)
    return page.evaluate("performance.now()") - since, page.evaluate(LONGEST_SINCE, since)


def on_the_pages(site: Path, runs: int) -> dict[str, Any]:
    """The race and the checker run ``runs`` times each by their buttons on the
    built site, each run with its wall time and longest main-thread task."""
    from playwright.sync_api import sync_playwright

    from tools.dev.browser import launch_args, serve

    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        context = browser.new_context(service_workers="block")
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        page.goto(base + "search/")
        page.wait_for_selector("[data-race][data-state='ready']", timeout=60_000)
        race: dict[str, Any] = {"runs": [], "rows": {}}
        for _ in range(runs):
            race["runs"].append(timed_run(page, "[data-race]", "[data-race-start]"))
            rows = page.eval_on_selector_all(
                "[data-race] tbody tr[data-state='done']",
                "rows => rows.map(r => [r.dataset.algorithm + '/' + r.dataset.order, r.dataset.nodes,"
                " r.children[2].textContent])",
            )
            for key, nodes, took in rows:
                race["rows"].setdefault(key, {"nodes": int(nodes), "ms": []})["ms"].append(ms(took))
        page.goto(base + "check-your-minimax/")
        page.wait_for_selector("[data-board='checker'][data-state='ready']", timeout=60_000)
        check: dict[str, Any] = {"runs": []}
        for _ in range(runs):
            check["runs"].append(timed_run(page, "[data-board='checker']", "[data-check-run]"))
        check["verdict"] = page.get_attribute("[data-board='checker']", "data-verdict")
        browser.close()
    return {"race": race, "checker": check}


def runs_text(runs: list[tuple[float, float]]) -> str:
    """Each run's wall time and longest task, judged by the worst (the API
    reports only tasks over 50 ms: 0 means none)."""
    each = ", ".join(
        f"{wall / 1000:.1f} s / {task:.0f} ms" if task else f"{wall / 1000:.1f} s / none" for wall, task in runs
    )
    worst = max(task for _, task in runs)
    verdict = "met" if worst <= LONG_TASK_TARGET_MS else "MISSED"
    return (
        f"runs (wall / longest task over 50 ms): {each}\n"
        f"   longest task of all runs {worst:.0f} ms (target <= {LONG_TASK_TARGET_MS} ms): {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure in each interpreter (median)")
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    args = parser.parse_args()

    race_code = RACE.format(runs=args.runs)
    cpython_race = in_cpython(race_code)
    cpython_check = in_cpython(CHECKER.format(site_py=str(ROOT / "site" / "py"), runs=args.runs, starter=STARTER))
    # In Pyodide the worker's sandbox.py is a file beside the engine, in Python's working folder.
    outs = in_chromium(
        [race_code, CHECKER.format(site_py=".", runs=args.runs, starter=STARTER)],
        extra={"sandbox.py": ROOT / "site" / "py" / "sandbox.py"},
    )
    chromium_race, chromium_check = (json.loads(out) for out in outs)
    with tempfile.TemporaryDirectory() as folder:
        site = args.site or Path(folder)
        if args.site is None:
            build_site(site)
        pages = on_the_pages(site, args.runs)

    print(f"python {sys.version.split()[0]}, medians of {args.runs} runs in each interpreter")
    print()
    print("1-2. the race from the empty board (ms; the page's row time is its own sum of slices)")
    print(f"   {'algorithm/order':<22}{'nodes':>9}{'CPython':>10}{'Pyodide':>10}{'ratio':>7}{'page':>10}")
    for key, cpython in cpython_race.items():
        browser, row = chromium_race[key], pages["race"]["rows"].get(key)
        assert browser["nodes"] == cpython["nodes"] and (row is None or row["nodes"] == cpython["nodes"]), key
        page = f"{statistics.median(row['ms']):10.0f}" if row else f"{'-':>10}"
        print(
            f"   {key:<22}{cpython['nodes']:>9,}{cpython['seconds'] * 1000:10.0f}"
            f"{browser['seconds'] * 1000:10.0f}{browser['seconds'] / cpython['seconds']:7.2f}{page}"
        )
    print(f"   the page's race, {runs_text(pages['race']['runs'])}")
    print()
    check = pages["checker"]
    assert chromium_check["counts"] == cpython_check["counts"]
    print(f"3. the checker's starter on {cpython_check['positions']:,} positions ({cpython_check['counts']})")
    print(
        f"   CPython {cpython_check['seconds'] * 1000:.0f} ms, Pyodide {chromium_check['seconds'] * 1000:.0f} ms, "
        f"ratio {chromium_check['seconds'] / cpython_check['seconds']:.2f}"
    )
    print(f"   the page (verdict {check['verdict']}), {runs_text(check['runs'])}")


if __name__ == "__main__":
    main()
