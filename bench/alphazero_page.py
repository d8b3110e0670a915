"""AlphaZero's targets over seeds, in CPython and in the page's worker, side by side.

    python bench/alphazero_page.py [--seeds 10] [--max-iterations 40] [--site build/site]

For seeds 1 to N, the same code trains the same seed twice until both of
bench/alphazero.py's targets hold (``met``: (a) the network's favourite keeps
the value on 98% of the positions with a choice, (b) the guided search never
loses, as X or as O), or ``--max-iterations``:

- in CPython, in this process: site/py/alphazero_train.py's ``Trainer``;
- on the page: "Machines that learn" in a built site (``make build`` first)
  served on 127.0.0.1 in headless Chromium, where the bench starts the
  section's own worker with the section's own start function (the one its
  Train button calls, tools/pages/alphazero_page.mjs) and the page's
  messages: ``boot`` with the engine's and the trainer's addresses from the
  page's config, then ``train`` with ``seed: S`` (the page's Train always
  sends seed 1). The worker runs the same ``Trainer`` in its Pyodide; the
  bench reads its answers from the same inbox the page reads and ends the
  worker as Stop does.

The two sides alternate seed by seed (odd seeds the page first, even seeds
CPython first), so the machine's load falls on both alike. Each iteration's
marks (``marks_json``: the worker sends ``search_never_loses`` with the
rest) decide the targets on both sides with the one function. The seconds
are the trainer's own (``time.perf_counter`` around each iteration's
self-play, learning and marking, iteration 0's marking included), summed
until the target holds: the worker's start is left out, and printed apart.

Printed: a line per seed and side, whether the targets came at the same
iterations on both sides and whether their marks agree iteration by
iteration (same code, same seed: the same moves; under CPython 3.11 the
floats' last bits differ from the page's 3.14, see ``agreement``), then medians
[smallest-largest] of the iterations, games and seconds until each target
on each side, and the page/CPython ratio of the seconds, seed by seed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "site" / "py"))

import alphazero_train  # noqa: E402

from bench.alphazero import ITERATIONS, TARGETS, Firsts, spread  # noqa: E402
from tools.dev.browser import launch_args, serve  # noqa: E402

AZ = "[data-board='alphazero']"
POLL_S = 0.1  # how often the inbox is read: the page's own tick (alphazero_page.TICK_MS)
QUIET_S = 600  # a worker silent this long is stuck

# The section's start, as its Train press makes it (alphazero_page.py's
# _on_train and app_urls): the engine's and the trainer's addresses as the
# page's config places them, handed to the section's own start function.
START = """(az) => {
  const root = document.querySelector(az);
  const script = document.querySelector('script[type="py"][src]');
  const placed = {};
  for (const [url, to] of Object.entries(JSON.parse(script.getAttribute("config")).files)) {
    placed[to] = new URL(url, document.baseURI).href;
  }
  window.azBench = root.azStart({kind: "boot", engine: placed["./*"], trainer: placed["./alphazero_train.py"]});
}"""


class Side:
    """One side's run of one seed: each iteration's marks and seconds, and when each target first held."""

    def __init__(self, name: str, limit: int) -> None:
        self.name, self.limit = name, limit
        self.marks: list[dict[str, Any]] = []
        self.seconds: list[float] = []
        self.firsts = Firsts()
        self.start = 0.0  # seconds before the first answer: the worker's start (the page only)

    def take(self, answer: dict[str, Any]) -> bool:
        """Note a ``Trainer`` answer; True once the run is over (both targets, or the last iteration)."""
        if answer["kind"] != "iteration":
            return False
        marks = answer["marks"]
        self.marks.append(marks)
        self.seconds.append(float(answer["seconds"]))
        return self.firsts.note(marks, sum(self.seconds)) or marks["iteration"] >= self.limit

    def iterations(self) -> list[float | None]:
        """The iteration at which each target first held (None: not yet)."""
        return [found[0] if found else None for found in self.firsts.found.values()]

    def line(self, seed: int) -> str:
        last = self.marks[-1]
        reached = ", ".join(
            f"{name} at {found[0]:.0f} ({found[1]:,.0f} games, {found[2]:.1f} s)"
            if (found := self.firsts.found[name])
            else f"{name}: not in {self.limit}"
            for name in TARGETS
        )
        start = f"; its start {self.start:.1f} s" if self.start else ""
        return (
            f"seed {seed:>2} {self.name:>7}: {reached}; {len(self.seconds) - 1} iterations, "
            f"{sum(self.seconds):.1f} s, network {last['perfect_share']:.4f}{start}"
        )


def cpython(seed: int, limit: int) -> Side:
    side = Side("CPython", limit)
    trainer = alphazero_train.Trainer(None, seed, limit)
    while (text := trainer.step()) is not None:
        if side.take(json.loads(text)):
            break
    return side


def page(tab: Any, seed: int, limit: int) -> Side:
    side = Side("page", limit)
    started = time.perf_counter()
    tab.evaluate(START, AZ)
    heard = time.perf_counter()
    try:
        while True:
            time.sleep(POLL_S)
            messages = json.loads(tab.evaluate("() => azBench.inbox.drain()"))
            if messages:
                heard = time.perf_counter()
            elif time.perf_counter() - heard > QUIET_S:
                raise SystemExit(f"seed {seed}: the page's worker said nothing for {QUIET_S} s")
            for message in messages:
                kind = message.get("kind")
                if kind == "ready":
                    side.start = time.perf_counter() - started
                    train = {"kind": "train", "saved": None, "seed": seed, "iterations": limit}
                    tab.evaluate("(message) => azBench.worker.postMessage(message)", train)
                elif kind in ("broken", "crashed"):
                    raise SystemExit(f"seed {seed}: the page's worker stopped: {message.get('words')}")
                elif kind == "finished" or side.take(message):
                    return side
    finally:
        tab.evaluate("() => azBench.worker.terminate()")


DISCRETE = ("iteration", "games", "perfect_share", "search_share", "search_never_loses")  # counts of moves


def floats(marks: dict[str, Any]) -> list[float]:
    """Every float of an iteration's marks, the results' shares with the value error, in a fixed order."""
    found = [float(marks["value_error"])]
    for who in ("network", "search"):
        for pairing in sorted(marks[who]):
            found.extend(float(share) for share in marks[who][pairing].values())
    return found


def agreement(here: Side, there: Side) -> str:
    """Whether the two sides' marks are the same, iteration by iteration, as far as both went.

    The shares count moves, so they agree exactly or the moves differ. The
    other floats may differ in their last bits and no more: CPython 3.12 and
    later add floats with compensated summation (``sum``, in the network's
    forward pass too), 3.11 does not, and the page runs Pyodide's 3.14.
    """
    both = list(zip(here.marks, there.marks, strict=False))
    if all(a == b for a, b in both):
        return f"are the same, bit for bit, at all {len(both)} iterations"
    for a, b in both:
        differ = [name for name in DISCRETE if a[name] != b[name]]
        if differ:
            return f"part ways at iteration {a['iteration']} ({', '.join(differ)}): the moves differ"
    most = max(abs(x - y) for a, b in both for x, y in zip(floats(a), floats(b), strict=True))
    return (
        f"agree on the moves at all {len(both)} iterations (the same shares); their other floats differ "
        f"by at most {most:.1e} (CPython before 3.12 sums floats without compensation)"
    )


def table(runs: list[tuple[Side, Side]], seeds: int) -> None:
    print()
    print("| target | side | seeds that got there | iterations | games | seconds | page / CPython (seconds) |")
    print("|---|---|---|---|---|---|---|")
    for name, label in TARGETS.items():
        ratios = [
            p[2] / c[2] for cp, pg in runs if (c := cp.firsts.found[name]) and (p := pg.firsts.found[name]) and c[2]
        ]
        for index, side in enumerate(("CPython", "page")):
            reached = [found for run in runs if (found := run[index].firsts.found[name]) is not None]
            columns = [spread([r[i] for r in reached], form) for i, form in enumerate(("{:.0f}", "{:,.0f}", "{:.1f}"))]
            ratio = spread(ratios, "{:.2f}") if index else ""
            print(f"| {label} | {side} | {len(reached)} of {seeds} | " + " | ".join(columns) + f" | {ratio} |")
    per_iteration = [
        (statistics.median(c.seconds[1:]), statistics.median(p.seconds[1:]))
        for c, p in runs
        if len(c.seconds) > 1 and len(p.seconds) > 1
    ]
    print()
    print(
        "a trained iteration, the median seed by seed: CPython "
        + spread([c for c, _ in per_iteration], "{:.2f}")
        + " s, page "
        + spread([p for _, p in per_iteration], "{:.2f}")
        + " s, page / CPython "
        + spread([p / c for c, p in per_iteration], "{:.2f}")
    )
    print("the worker's start, to its ready (left out above): " + spread([p.start for _, p in runs], "{:.1f}") + " s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10, help="seeds 1 to N (default 10)")
    parser.add_argument(
        "--max-iterations",
        type=int,
        default=ITERATIONS,
        help=f"give a seed up after this many iterations (default {ITERATIONS}, as bench/alphazero.py)",
    )
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site", help="a built site (make build)")
    args = parser.parse_args()
    if args.seeds < 1 or args.max_iterations < 1:
        parser.error("--seeds and --max-iterations are 1 or more")
    if not (args.site / "machines-that-learn" / "index.html").is_file():
        parser.error(f"no built site in {args.site}: run make build")
    from playwright.sync_api import sync_playwright

    runs: list[tuple[Side, Side]] = []
    with serve(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        tab = browser.new_context(service_workers="block").new_page()
        tab.goto(base + "machines-that-learn/")
        tab.wait_for_selector(f"{AZ}[data-state='ready'][data-script='ready']", timeout=180_000)
        for seed in range(1, args.seeds + 1):
            if seed % 2:
                there = page(tab, seed, args.max_iterations)
                here = cpython(seed, args.max_iterations)
            else:
                here = cpython(seed, args.max_iterations)
                there = page(tab, seed, args.max_iterations)
            for side in (here, there) if seed % 2 == 0 else (there, here):
                print(side.line(seed), flush=True)
            same = here.iterations() == there.iterations()
            print(
                f"seed {seed:>2}: targets at the same iterations on both sides: {'yes' if same else 'NO'}; "
                f"the marks {agreement(here, there)}",
                flush=True,
            )
            runs.append((here, there))
        browser.close()
    table(runs, args.seeds)


if __name__ == "__main__":
    main()
