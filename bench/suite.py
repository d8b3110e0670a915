"""The suite's time: the README's ``make test`` on fresh clones of two revisions, side by side.

    python bench/suite.py --against REV [--revision REV2] [--runs N] [--warm]

The target: ``make test`` within 10 minutes on a quiet 2-core machine,
run as CI runs it: a clean clone, its virtual environment, ``npm ci``, lint,
a cold site build and every test. That time moves with the machine (the same
tree took 560 s and 665 s an hour apart), so this script measures it beside
another revision's in the same session, alternating which goes first, and
gives the ratio as well as the times.

Each run clones both revisions afresh from this repository (``git clone
--no-hardlinks``, so nothing is shared with this checkout but the package
managers' download caches) and runs ``make test`` in each. ``--warm`` clones
once, runs ``make test`` once unrecorded, then times the later runs: the
figure of a developer's second ``make test``.

Chromium must be installed first (``make chromium``): the first clone would
otherwise pay for the Debian package. The busy CPU figure is the whole
machine's (/proc/stat): run it on a quiet machine, since any other work
running meanwhile counts in it and slows both sides.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSED = re.compile(r"=+ (?P<summary>[^=]*?) in (?P<seconds>[\d.]+)s")


@dataclass(frozen=True)
class Run:
    """One ``make test``: its wall time, pytest's own, the machine's busy CPU, and how it ended."""

    wall_s: float
    pytest_s: float
    busy_cpu_s: float
    summary: str
    status: int


def busy_cpu_s() -> float:
    """The machine's CPU seconds spent busy since boot (every field of /proc/stat's cpu line but idle and iowait)."""
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def clone(revision: str, into: Path) -> Path:
    """A clean clone of this repository at ``revision``, as CI makes one."""
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(into)], check=True)
    subprocess.run(["git", "checkout", "--quiet", "--detach", revision], cwd=into, check=True)
    return into


def make_test(tree: Path, log: Path) -> Run:
    """Run ``make test`` in ``tree``, its output to ``log``."""
    cpu, started = busy_cpu_s(), time.monotonic()
    with log.open("w") as out:
        status = subprocess.run(["make", "test"], cwd=tree, stdout=out, stderr=subprocess.STDOUT, check=False)
    wall, cpu = time.monotonic() - started, busy_cpu_s() - cpu
    found = PASSED.findall(log.read_text())
    summary, seconds = found[-1] if found else ("no pytest summary", "nan")
    return Run(wall, float(seconds), cpu, summary, status.returncode)


def say(label: str, run: Run) -> None:
    ended = "" if run.status == 0 else f"   EXIT {run.status}"
    print(
        f"  {label:<14} make test {run.wall_s:6.0f} s   pytest {run.pytest_s:6.1f} s   "
        f"busy {run.busy_cpu_s:6.0f} CPU-s   {run.summary}{ended}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", metavar="REV", required=True, help="the baseline revision")
    parser.add_argument("--revision", metavar="REV", default="HEAD", help="the revision measured (default HEAD)")
    parser.add_argument("--runs", type=int, default=1, help="make test runs of each (default 1)")
    parser.add_argument("--warm", action="store_true", help="time later runs in one clone each, not fresh clones")
    args = parser.parse_args()
    if not (os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")):
        raise SystemExit("Chromium is missing: run `make chromium` first, or the first clone pays for its install")
    revisions = {"before": args.against, "now": args.revision}
    for name, revision in revisions.items():
        found = subprocess.run(
            ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if found.returncode:
            raise SystemExit(f"{revision!r} ({name}) is not a revision of this repository")
        revisions[name] = found.stdout.strip()
    if subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout.strip():
        print("note: this checkout has uncommitted changes, which are not measured (only commits are cloned)")
    print(
        f"before {revisions['before'][:10]}, now {revisions['now'][:10]}; "
        f"{'warm' if args.warm else 'fresh clones'}, {args.runs} run(s) each, alternating",
        flush=True,
    )
    runs: dict[str, list[Run]] = {name: [] for name in revisions}
    with tempfile.TemporaryDirectory(prefix="suite-bench-") as folder:
        work = Path(folder)
        trees: dict[str, Path] = {}
        if args.warm:
            for name, revision in revisions.items():
                trees[name] = clone(revision, work / name)
                say(f"{name} (setup)", make_test(trees[name], work / f"{name}-setup.log"))
        for number in range(args.runs):
            order = list(revisions) if number % 2 == 0 else list(reversed(revisions))
            for name in order:
                tree = trees[name] if args.warm else clone(revisions[name], work / f"{name}-{number}")
                log = work / f"{name}-{number}.log"
                run = make_test(tree, log)
                runs[name].append(run)
                say(name, run)
                if run.status != 0:
                    print("".join(log.read_text().splitlines(keepends=True)[-15:]), file=sys.stderr)
                if not args.warm:
                    shutil.rmtree(tree)
    med = statistics.median
    for figure in ("wall_s", "pytest_s", "busy_cpu_s"):
        before = med(getattr(run, figure) for run in runs["before"])
        now = med(getattr(run, figure) for run in runs["now"])
        ratio = f"{now / before:.2f}" if before else "n/a"
        print(f"median {figure:<11} before {before:7.1f}   now {now:7.1f}   now/before {ratio}")


if __name__ == "__main__":
    main()
