"""What a full check of a CS50 AI tictactoe.py costs in CPython.

The project's own files (tests/cs50/): the correct one (memoised), the slow
deepcopy one (twin max_value/min_value, nothing remembered: how most
students write it) and the one-bug files. Each is checked on every position
as ``pyengine check`` does, two ways side by side:

  in-process  pyengine.grading.cs50.check_code: the student's code and the judge in
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
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.grading.cs50 import check_code  # noqa: E402
from tests.cs50.mutants import CORRECT, MUTANTS, SLOW, source  # noqa: E402

FILES: dict[str, str] = {
    "correct": CORRECT.read_text(),
    "slow_deepcopy": SLOW.read_text(),
    **{mutant.name: source(mutant) for mutant in MUTANTS},
}
"""Every file the bench checks, by name: what the page's bench checks too."""


class Timing(NamedTuple):
    wall: float
    cpu: float
    """CPU seconds of this process and the children it waited for: what the
    check cost, whatever else the shared machine was doing."""
    verdict: str = ""
    """What the check said: passed, or the functions that failed."""


def _cpu() -> float:
    here, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return here.ru_utime + here.ru_stime + children.ru_utime + children.ru_stime


def in_process(code: str) -> Timing:
    wall, cpu = time.perf_counter(), _cpu()
    report = check_code(code)
    failed = ",".join(verdict.name for verdict in report.verdicts if not verdict.passed)
    return Timing(time.perf_counter() - wall, _cpu() - cpu, failed or "passed")


def cli(code: str) -> Timing:
    """A whole ``pyengine check`` run, from a fresh interpreter's start to its exit."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tictactoe.py"
        path.write_text(code)
        wall, cpu = time.perf_counter(), _cpu()
        done = subprocess.run([sys.executable, "-m", "pyengine", "check", str(path)], capture_output=True, text=True)
        verdict = "passed" if done.returncode == 0 else f"exit {done.returncode}"
        return Timing(time.perf_counter() - wall, _cpu() - cpu, verdict)


def median(timings: list[Timing]) -> Timing:
    verdicts = "/".join(sorted({t.verdict for t in timings}))
    return Timing(statistics.median(t.wall for t in timings), statistics.median(t.cpu for t in timings), verdicts)


def cpython_seconds(names: list[str], runs: int = 1) -> dict[str, float]:
    """The hook for the page's bench: each named file's full check in
    CPython, in process, wall seconds (median of ``runs``)."""
    return {name: median([in_process(FILES[name]) for _ in range(runs)]).wall for name in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per file and way (median; default 1)")
    parser.add_argument("--skip-slow", action="store_true", help="leave out slow_deepcopy (minutes)")
    parser.add_argument("--no-cli", action="store_true", help="in process only")
    parser.add_argument("--only", nargs="*", help="these files only (names from FILES)")
    args = parser.parse_args()
    names = args.only or [name for name in FILES if not (args.skip_slow and name == "slow_deepcopy")]
    if "correct" not in names:
        names.insert(0, "correct")
    print(f"python {sys.version.split()[0]}, {args.runs} run(s) each, medians; wall and CPU seconds;")
    print("ratio = CPU seconds / the correct file's, the same way, in this run")
    print(
        f"{'file':30} {'in-process wall':>15} {'cpu':>7} {'ratio':>6} {'cli wall':>9} {'cpu':>7} {'ratio':>6}  verdict"
    )
    base: dict[str, Timing] = {}
    totals = [0.0, 0.0]
    for name in names:
        inside = median([in_process(FILES[name]) for _ in range(args.runs)])
        outside = Timing(0.0, 0.0) if args.no_cli else median([cli(FILES[name]) for _ in range(args.runs)])
        base.setdefault("in", inside)
        base.setdefault("cli", outside)
        if name not in ("correct", "slow_deepcopy"):
            totals[0] += inside.cpu
            totals[1] += outside.cpu
        cli_ratio = outside.cpu / base["cli"].cpu if base["cli"].cpu else 0.0
        print(
            f"{name:30} {inside.wall:14.2f}s {inside.cpu:6.2f}s {inside.cpu / base['in'].cpu:5.2f}x "
            f"{outside.wall:8.2f}s {outside.cpu:6.2f}s {cli_ratio:5.2f}x  {inside.verdict} {outside.verdict}",
            flush=True,
        )
    mutants = sum(1 for name in names if name not in ("correct", "slow_deepcopy"))
    if mutants:
        print(f"{f'all {mutants} one-bug files, cpu':30} {'':15} {totals[0]:6.2f}s {'':6} {'':9} {totals[1]:6.2f}s")


if __name__ == "__main__":
    main()
