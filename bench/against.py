"""This engine beside another revision's, alternating: the ``--against REV`` of bench/trace.py and bench/drill.py.

Each figure is a snippet of Python run in a fresh interpreter in each tree
in turn (REV's ``pyengine`` exported by ``git archive`` to a temporary
folder), which prints seconds: the least CPU time (``time.process_time``)
over its own repeats, so that a busy moment of a shared machine, which
stretches a run, does not count. The median over the runs of each tree is
reported, and this tree's over REV's.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LEAST = """
import time

def least(action, repeats):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return min(times)
"""
"""The helper every snippet starts with: ``least(action, repeats)``, in seconds."""


def seconds(code: str, root: Path) -> float:
    """What ``code`` prints, run with ``root``'s engine (its folder first on the path)."""
    done = subprocess.run([sys.executable, "-c", LEAST + code], cwd=root, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def against(revision: str, figures: dict[str, str], runs: int) -> None:
    """Each of ``figures`` (label: snippet) in REV's tree and this one,
    alternating which goes first; prints the medians in ms and their ratio."""
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder)
        archive = subprocess.run(["git", "archive", revision, "pyengine"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
        roots = {"before": before, "after": ROOT}
        print(f"python {sys.version.split()[0]}; {revision} (before) beside this tree (after), {runs} runs alternating")
        print("medians of each run's least CPU time")
        for label, code in figures.items():
            times: dict[str, list[float]] = {name: [] for name in roots}
            for run in range(runs):
                for name in list(roots) if run % 2 == 0 else list(roots)[::-1]:
                    times[name].append(seconds(code, roots[name]))
            b, a = (statistics.median(times[name]) * 1000 for name in roots)
            print(f"  {label:<52}{b:9.3f} ms -> {a:9.3f} ms   after/before {a / b:.2f}")
