"""Engine speed, side by side with the baselines in ../shared/bench/anchors.py.

Every figure is measured in this one run on this machine, each in a fresh
interpreter and timed inside it (as anchors.py times itself), alternating
engine and baseline so that a busy moment hurts both. The verdicts are
ratios; the absolute times only say how busy the machine was.

    python bench/engine.py [--runs N] [--anchors PATH]

Targets (from the engine's issue):
  1. cold import + full analysis of the empty board <= 1/3 of the memoised
     negamax's first move (anchors.py equity);
  2. `match --x perfect --o random --games 100000` at least 2/3 as fast as the
     bare random-vs-random loop (anchors.py randmatch 100000).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ANCHORS = ROOT.parent / "shared" / "bench" / "anchors.py"

# Timed from before the first import of pyengine to the analysis in hand.
COLD_ANALYSIS = """
import time
t = time.perf_counter()
from pyengine import Board, analyze
analysis = analyze(Board.empty())
elapsed = time.perf_counter() - t
assert analysis.value is not None and len(analysis.moves) == 9
print(f"{elapsed:.6f}")
"""

# The command line's own entry point, output discarded, timed in-process.
MATCH = """
import io, time, contextlib
t = time.perf_counter()
from pyengine.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = main(["match", "--x", "perfect", "--o", "random", "--games", "{games}", "--json"])
elapsed = time.perf_counter() - t
assert status == 0 and '"games": {games}' in out.getvalue(), out.getvalue()
print(f"{{elapsed:.6f}}")
"""

SECONDS = re.compile(r"in ([0-9.]+) s")


def run(args: list[str]) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(args, capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    return done.stdout.strip()


def anchor_seconds(anchors: Path, *kind: str) -> float:
    out = run([sys.executable, str(anchors), *kind])
    found = SECONDS.search(out)
    if not found:
        raise SystemExit(f"cannot read a time from anchors.py output: {out!r}")
    return float(found.group(1))


def engine_seconds(code: str) -> float:
    return float(run([sys.executable, "-c", code]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters per figure (median)")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--anchors", type=Path, default=DEFAULT_ANCHORS)
    args = parser.parse_args()
    if not args.anchors.exists():
        raise SystemExit(f"anchors.py not found at {args.anchors}: pass --anchors PATH")
    # An installed package has its bytecode; measure the import as users get it.
    compileall.compile_dir(str(ROOT / "pyengine"), quiet=1)

    equity, cold, rand, match = [], [], [], []
    for _ in range(args.runs):
        equity.append(anchor_seconds(args.anchors, "equity"))
        cold.append(engine_seconds(COLD_ANALYSIS))
    for _ in range(max(3, args.runs // 2)):
        rand.append(anchor_seconds(args.anchors, "randmatch", str(args.games)))
        match.append(engine_seconds(MATCH.format(games=args.games)))

    med = statistics.median
    print(f"python {sys.version.split()[0]}, {args.runs} runs each, medians")
    print()
    ratio1 = med(cold) / med(equity)
    print("1. cold import + full analysis of the empty board")
    print(f"   pyengine                          {med(cold) * 1000:8.2f} ms")
    print(f"   anchors.py equity (first move)    {med(equity) * 1000:8.2f} ms")
    print(f"   ratio {ratio1:.3f} (target <= 0.333): {'met' if ratio1 <= 1 / 3 else 'MISSED'}")
    print()
    speed = med(rand) / med(match)
    print(f"2. {args.games:,} games, perfect vs random")
    print(f"   pyengine match (CLI entry point)  {med(match):8.3f} s")
    print(f"   anchors.py randmatch              {med(rand):8.3f} s")
    print(f"   relative speed {speed:.2f} (target >= 0.67): {'met' if speed >= 2 / 3 else 'MISSED'}")


if __name__ == "__main__":
    main()
