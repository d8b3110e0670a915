"""What a record idiom would cost the engine's cold start (pyengine/records.py).

Each figure is the time one more import (or six record classes) takes in a
fresh interpreter that has already imported the engine, so only what the
engine has not loaded yet is counted; runs alternate between the candidates
so a busy moment hurts all. The package's bytecode is compiled first, as in
any install; the standard library's is already there.

    python bench/imports.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RECORDS = 6  # the engine's records: Symmetry, MoveAnalysis, Analysis, MatchResult, Facts, PolicyEntry
FIELDS = {"a": "int", "b": "int", "c": "int", "d": "int"}

# What each record idiom would add to the engine's start-up.
CANDIDATES = {
    "import typing (for typing.NamedTuple)": "import typing",
    "import dataclasses": "import dataclasses",
    "import collections": "import collections",
    f"{RECORDS} collections.namedtuple classes": (
        f"from collections import namedtuple\nfor i in range({RECORDS}): namedtuple(f'R{{i}}', {list(FIELDS)!r})"
    ),
    f"{RECORDS} Record classes (records.py)": (
        "from pyengine.records import Record\n"
        f"for i in range({RECORDS}): type(Record)(f'R{{i}}', (Record,), {{'__annotations__': {FIELDS!r}}})"
    ),
}

TIMED = """
import time
t0 = time.perf_counter()
import pyengine
t1 = time.perf_counter()
{code}
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def once(code: str) -> tuple[float, float]:
    """(engine import, the extra code) in seconds, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", TIMED.format(code=code)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    engine, extra = done.stdout.split()
    return float(engine), float(extra)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    compileall.compile_dir(ROOT / "pyengine", quiet=1)
    engine: list[float] = []
    extra: dict[str, list[float]] = {name: [] for name in CANDIDATES}
    for _ in range(runs):
        for name, code in CANDIDATES.items():
            first, second = once(code)
            engine.append(first)
            extra[name].append(second)
    base = statistics.median(engine)
    print(f"python {sys.version.split()[0]}, {runs} runs each, medians\n")
    print(f"{'import pyengine (cold)':<42}{base * 1e3:8.2f} ms")
    for name, times in extra.items():
        cost = statistics.median(times)
        print(f"+ {name:<40}{cost * 1e3:8.2f} ms   {cost / base:5.2f}x the engine's own import")


if __name__ == "__main__":
    main()
