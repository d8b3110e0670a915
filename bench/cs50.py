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

``--sandbox`` measures instead what bubblewrap costs: each file's
``pyengine check`` in the sandbox and with ``--no-sandbox``, alternating
run by run, wall seconds (a sandboxed child is killed with its namespace,
never waited for, so its CPU does not reach this process's count), and a
child Python's start alone, both ways.

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


def cli(code: str, *flags: str) -> Timing:
    """A whole ``pyengine check`` run, from a fresh interpreter's start to its exit."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tictactoe.py"
        path.write_text(code)
        wall, cpu = time.perf_counter(), _cpu()
        command = [sys.executable, "-m", "pyengine", "check", *flags, str(path)]
        done = subprocess.run(command, capture_output=True, text=True)
        verdict = "passed" if done.returncode == 0 else f"exit {done.returncode}"
        return Timing(time.perf_counter() - wall, _cpu() - cpu, verdict)


def median(timings: list[Timing]) -> Timing:
    verdicts = "/".join(sorted({t.verdict for t in timings}))
    return Timing(statistics.median(t.wall for t in timings), statistics.median(t.cpu for t in timings), verdicts)


def cpython_seconds(names: list[str], runs: int = 1) -> dict[str, float]:
    """The hook for the page's bench: each named file's full check in
    CPython, in process, wall seconds (median of ``runs``)."""
    return {name: median([in_process(FILES[name]) for _ in range(runs)]).wall for name in names}


def sandbox_costs(names: list[str], runs: int) -> None:
    """``--sandbox``: each file checked in bubblewrap and with --no-sandbox, alternating."""
    from pyengine.cli import bubblewrap

    found = bubblewrap.find()
    if isinstance(found, str):
        raise SystemExit(f"no sandbox: {found}")
    starts: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(20):
        for sandboxed in (True, False):
            wall = time.perf_counter()
            if sandboxed:
                found.popen([bubblewrap.interpreter(), "-I", "-S", "-c", "pass"]).wait()
            else:
                subprocess.run([bubblewrap.interpreter(), "-I", "-S", "-c", "pass"], check=True)
            starts[sandboxed].append(time.perf_counter() - wall)
    boxed, bare = statistics.median(starts[True]), statistics.median(starts[False])
    print(f"a child Python's start, median of 20: sandbox {boxed * 1000:.1f} ms, none {bare * 1000:.1f} ms")
    print(f"{'file':30} {'sandbox wall':>12} {'no-sandbox wall':>15} {'ratio':>6}  verdicts ({runs} run(s) each)")
    for name in names:
        timings: dict[bool, list[Timing]] = {True: [], False: []}
        for _ in range(runs):  # alternating: the shared machine's moment weighs on both ways alike
            timings[True].append(cli(FILES[name]))
            timings[False].append(cli(FILES[name], "--no-sandbox"))
        inside, outside = median(timings[True]), median(timings[False])
        print(
            f"{name:30} {inside.wall:11.2f}s {outside.wall:14.2f}s {inside.wall / outside.wall:5.2f}x  "
            f"{inside.verdict} {outside.verdict}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per file and way (median; default 1)")
    parser.add_argument("--skip-slow", action="store_true", help="leave out slow_deepcopy (minutes)")
    parser.add_argument("--no-cli", action="store_true", help="in process only")
    parser.add_argument("--only", nargs="*", help="these files only (names from FILES)")
    parser.add_argument("--sandbox", action="store_true", help="pyengine check in bubblewrap against --no-sandbox")
    args = parser.parse_args()
    names = args.only or [name for name in FILES if not (args.skip_slow and name == "slow_deepcopy")]
    if args.sandbox:
        sandbox_costs(names, args.runs)
        return
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
