"""What a full check of a CS50 AI tictactoe.py costs in CPython.

The project's own files (tests/cs50/): the correct one (memoised), the slow
deepcopy one (twin max_value/min_value, nothing remembered: how most
students write it) and the one-bug files. Each is checked on every position
as ``pyengine check`` does, two ways side by side:

  in-process  pyengine.cs50.check_code: the student's code and the judge in
              this interpreter, no process boundary (the engine's own cost);
  cli         ``python -m pyengine check FILE``: a fresh interpreter, the
              code in a child process of its own, the answers over a pipe.

Figures are seconds (median over --runs), and each file's ratio to the
correct file's time measured in the same run, since the machine is shared.

    python bench/cs50.py [--runs N] [--skip-slow] [--only NAME ...]

The page's figure goes beside these: ``cpython_seconds(names)`` is the hook
bench/checker_worker.py imports (the same files by the same names:
``FILES``), so its table can print the page's seconds and the ratio
page / CPython for each.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.cs50 import check_code  # noqa: E402
from tests.cs50.mutants import CORRECT, MUTANTS, SLOW, source  # noqa: E402

FILES: dict[str, str] = {
    "correct": CORRECT.read_text(),
    "slow_deepcopy": SLOW.read_text(),
    **{mutant.name: source(mutant) for mutant in MUTANTS},
}
"""Every file the bench checks, by name: what the page's bench checks too."""


def in_process_seconds(code: str) -> float:
    started = time.perf_counter()
    check_code(code)
    return time.perf_counter() - started


def cli_seconds(code: str) -> float:
    """A whole ``pyengine check`` run, from a fresh interpreter's start to its exit."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tictactoe.py"
        path.write_text(code)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pyengine", "check", str(path)], capture_output=True, check=False)
        return time.perf_counter() - started


def cpython_seconds(names: list[str], runs: int = 1) -> dict[str, float]:
    """The hook for the page's bench: each named file's full check in
    CPython, in process (median of ``runs``)."""
    return {name: statistics.median(in_process_seconds(FILES[name]) for _ in range(runs)) for name in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per file and way (median; default 1)")
    parser.add_argument("--skip-slow", action="store_true", help="leave out slow_deepcopy (minutes)")
    parser.add_argument("--only", nargs="*", help="these files only (names from FILES)")
    args = parser.parse_args()
    names = args.only or [name for name in FILES if not (args.skip_slow and name == "slow_deepcopy")]
    if "correct" not in names:
        names.insert(0, "correct")
    print(f"python {sys.version.split()[0]}, {args.runs} run(s) each, medians; ratio = file / correct, same way")
    print(f"{'file':34} {'in-process':>11} {'ratio':>7} {'cli':>9} {'ratio':>7}")
    base: dict[str, float] = {}
    total = {"in": 0.0, "cli": 0.0}
    for name in names:
        inside = statistics.median(in_process_seconds(FILES[name]) for _ in range(args.runs))
        outside = statistics.median(cli_seconds(FILES[name]) for _ in range(args.runs))
        base.setdefault("in", inside)
        base.setdefault("cli", outside)
        if name in FILES and name not in ("correct", "slow_deepcopy"):
            total["in"] += inside
            total["cli"] += outside
        print(
            f"{name:34} {inside:10.2f}s {inside / base['in']:6.2f}x {outside:8.2f}s {outside / base['cli']:6.2f}x",
            flush=True,
        )
    mutants = sum(1 for name in names if name not in ("correct", "slow_deepcopy"))
    if mutants:
        print(f"{f'all {mutants} one-bug files':34} {total['in']:10.2f}s {'':7} {total['cli']:8.2f}s")


if __name__ == "__main__":
    main()
