"""Stepping the explorer's trace back past what it remembers (pyengine/teaching/trace.py).

A step back beyond the steps a ``Trace`` remembers starts the search again
from its first event and remembers the ``keep`` steps before the one asked
for; each remembered step copies the path. Measured side by side in one run,
alternating, for the default ``keep`` and for others: a jump to near the end
of minimax from X.O/.../... (6 empty cells, about 6,000 steps), then back to
the middle, the explorer's "Back 100" or "previous" from far away.

    python bench/trace.py [--runs N] [--keep N ...]
    python bench/trace.py --against REV [--runs N]

With ``--against``, the default ``keep`` in this tree beside the engine of git
revision REV (bench/against.py): the same step back, and the explorer's
Forward pressed 1,500 times from the first step.
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.board import Board  # noqa: E402
from pyengine.teaching.search import Algorithm, Order  # noqa: E402
from pyengine.teaching.trace import Trace  # noqa: E402

BOARD = Board.parse("X.O/.../...")
DEFAULT_KEEP = inspect.signature(Trace).parameters["keep"].default


def finish(trace: Trace) -> None:
    for _ in trace.run():
        pass


def step_back(keep: int) -> float:
    """Seconds to land on the middle step after standing near the end."""
    trace = Trace(Algorithm.MINIMAX, BOARD, Order.CELLS, keep=keep)
    trace.seek_last()
    finish(trace)
    assert trace.total is not None
    trace.seek(trace.total - 10)
    finish(trace)
    started = time.perf_counter()
    trace.seek(trace.total // 2)
    finish(trace)
    return time.perf_counter() - started


SETUP = """
from pyengine.board import Board
from pyengine.teaching.search import Algorithm, Order
from pyengine.teaching.trace import Trace

BOARD = Board.parse("X.O/.../...")
"""
AGAINST = {
    "a step back to the middle, after standing near the end": SETUP
    + """
def back():
    trace = Trace(Algorithm.MINIMAX, BOARD, Order.CELLS)
    trace.seek_last()
    trace.work(10**9)
    trace.seek(trace.total - 10)
    trace.work(10**9)
    start = time.process_time()
    trace.seek(trace.total // 2)
    trace.work(10**9)
    return time.process_time() - start

print(min(back() for _ in range(7)))
""",
    "Forward 1,500 times from the first step": SETUP
    + """
def forward():
    trace = Trace(Algorithm.MINIMAX, BOARD, Order.CELLS)
    for number in range(2, 1501):
        trace.seek(number)
        trace.work(10)

print(least(forward, 7))
""",
}
"""The figures of ``--against``: the API they call is the same before the fold (8a928e4) and after."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=int, nargs="*", default=[2000])
    parser.add_argument("--against", metavar="REV", help="measure beside the engine of git revision REV")
    args = parser.parse_args()
    if args.against:
        from bench.against import against

        against(args.against, AGAINST, args.runs)
        return
    keeps = [DEFAULT_KEEP, *(keep for keep in args.keep if keep != DEFAULT_KEEP)]
    times: dict[int, list[float]] = {keep: [] for keep in keeps}
    for _ in range(args.runs):
        for keep in keeps:
            times[keep].append(step_back(keep))
    base = statistics.median(times[DEFAULT_KEEP])
    print(f"python {sys.version.split()[0]}, medians of {args.runs} runs, alternating")
    print("a step back to the middle of minimax from X.O/.../... after standing near its end")
    for keep in keeps:
        median = statistics.median(times[keep])
        label = f"keep={keep}" + (" (the default)" if keep == DEFAULT_KEEP else "")
        print(f"  {label:24s} {median * 1000:7.1f} ms   {median / base:5.2f} x the default")


if __name__ == "__main__":
    main()
