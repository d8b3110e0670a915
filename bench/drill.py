"""How long a drill's Check takes: the answer key and the grading of a full
answer, on the largest drills of each level (the target on the page is at
most 50 ms, the length past which the browser counts a task as long).

What the page does on Check is ``grade(key, entries)``; the key is made once
when the drill is drawn (``answer_key``, two searches' events) and again when
a setting changes. Both are timed, in CPython here, on the drills with the
most positions among a seeded sample of each level. The page runs the same
code on Pyodide, measured at several times CPython's speed for this engine
(bench/README.md); ``--browser`` measures it in the built page instead
(Playwright and the system's Chromium, the site built into build/site).

    python bench/drill.py [--drills N] [--browser]
    python bench/drill.py --against REV [--runs N] [--drills N]

With ``--against``, the keys made afresh and the Checks of the same drills in
this tree beside the engine of git revision REV (bench/against.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine.teaching.drill import (
    ORDERS,
    Difficulty,
    Drill,
    Key,
    answer_key,
    clear_caches,
    correct_entries,
    drawn_tree,
    grade,
    random_drill,
)
from pyengine.teaching.search import Rule
from pyengine.teaching.stepwords import Convention


def biggest(level: Difficulty, count: int) -> list[Drill]:
    """The drills with the most positions among ``count`` seeded ones of ``level``."""
    rng = random.Random(31)
    boards = [(random_drill(level, order, rng), order) for order in ORDERS for _ in range(count)]
    boards.sort(key=lambda pair: -len(drawn_tree(*pair)))
    return [Drill(board, order, Convention.MAXMIN, Rule.AIMA) for board, order in boards[:3]]


def timed(action: Callable[[], object], repeats: int = 20) -> float:
    """The median time of ``action()`` in ms."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def cpython(count: int) -> None:
    print(f"{'level':<6} {'drill':<22} {'nodes':>5} {'key ms':>8} {'check ms':>9}")
    for level in Difficulty:
        for drill in biggest(level, count):
            key = answer_key(drill)
            entries = correct_entries(key)

            def afresh(drill: Drill = drill) -> Key:
                """The key with its searches made afresh: the kept ones forgotten first."""
                clear_caches()
                return answer_key(drill)

            fresh = timed(afresh)
            check = timed(lambda key=key, entries=entries: grade(key, entries))  # type: ignore[misc]
            print(f"{level.value:<6} {drill.board!s:<22} {len(key.nodes):>5} {fresh:>8.2f} {check:>9.3f}")


BROWSER_CHECK = """async () => {
  const page = document.querySelector("[data-board='drill']");
  const button = page.querySelector("[data-action='check']");
  const times = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    button.click();  // the handler runs synchronously in PyScript's main-thread Python
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {median: times[7], max: times[14], nodes: page.querySelectorAll("li.dr-node").length};
}"""


def browser(count: int) -> None:
    from playwright.sync_api import sync_playwright

    from tools.dev import browser as chromium

    site = Path(__file__).resolve().parent.parent / "build" / "site"
    with chromium.serve(site) as url, sync_playwright() as play:
        launched = play.chromium.launch(**chromium.launch_args())
        page = launched.new_page()
        for level in Difficulty:
            for drill in biggest(level, count)[:1]:
                query = f"?pos={drill.board}&order={drill.order.value}&conv=maxmin&rule=aima"
                page.goto(url + "practise-alpha-beta/" + query)
                page.wait_for_selector(".dr-drill[data-ready='true']", timeout=120_000)
                result = page.evaluate(BROWSER_CHECK)
                print(
                    f"browser {level.value:<6} {drill.board!s:<22} {result['nodes']:>3} nodes: Check median "
                    f"{result['median']:.1f} ms, slowest {result['max']:.1f} ms"
                )
        launched.close()


AGAINST = """
import random
from pyengine.teaching.drill import ORDERS, Difficulty, Drill, answer_key, clear_caches, correct_entries, grade
from pyengine.teaching.drill import drawn_tree, random_drill
from pyengine.teaching.search import Rule
from pyengine.teaching.stepwords import Convention

drills = []
for level in Difficulty:
    rng = random.Random(31)
    boards = [(random_drill(level, order, rng), order) for order in ORDERS for _ in range({count})]
    boards.sort(key=lambda pair: -len(drawn_tree(*pair)))
    drills += [Drill(board, order, Convention.MAXMIN, Rule.AIMA) for board, order in boards[:3]]

def keys():
    for drill in drills:
        clear_caches()
        answer_key(drill)

answers = [(key, correct_entries(key)) for key in map(answer_key, drills)]

def checks():
    for key, entries in answers:
        grade(key, entries)

print(least({action}, 20))
"""
"""A figure of ``--against``: the nine drills ``cpython()`` times, each key
made afresh (``keys``) or each full answer graded (``checks``)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drills", type=int, default=30, help="drills sampled per level and order")
    parser.add_argument("--browser", action="store_true", help="also time Check in the built page")
    parser.add_argument("--against", metavar="REV", help="measure beside the engine of git revision REV")
    parser.add_argument("--runs", type=int, default=7, help="with --against: fresh interpreters per tree")
    args = parser.parse_args()
    if args.against:
        from bench.against import against

        figures = {
            "nine answer keys, made afresh": AGAINST.format(count=args.drills, action="keys"),
            "nine Checks of a full answer": AGAINST.format(count=args.drills, action="checks"),
        }
        against(args.against, figures, args.runs)
        return
    cpython(args.drills)
    if args.browser:
        browser(args.drills)


if __name__ == "__main__":
    main()
