"""Engine speed, side by side with the baselines in bench/baselines.py.

Every figure is measured in this one run on this machine, each in a fresh
interpreter and timed inside it (as baselines.py times itself), alternating
engine and baseline so that a busy moment hurts both. The verdicts are
ratios; the absolute times only say how busy the machine was.

    python bench/engine.py [--runs N] [--baselines PATH] [--no-browser]
    python bench/engine.py --against REV [--runs N] [--no-browser]

With ``--against``, the engine of the git revision REV and this one are
measured side by side instead, alternating run by run, and the figures are
given as ratios (this engine / REV's): a before/after of a change on a busy
machine.

Targets:
  1. cold import + full analysis of the empty board <= 1/3 of the memoised
     negamax's first move (baselines.py equity);
  2. `match --x perfect --o random --games 100000` at least 2/3 as fast as the
     bare random-vs-random loop (baselines.py randmatch 100000);
  3. 4x4: every perfect bot move <= 0.5 s in the browser (Pyodide in headless
     Chromium, this machine), beside the same code in CPython: the time to
     solve the empty board, and the slowest bot move over positions of every
     depth, each searched with an empty transposition table (as the first
     move of a page is).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CS50_CORRECT = ROOT / "tests" / "cs50" / "correct.py"  # the project's correct CS50 tictactoe.py
sys.path.insert(0, str(ROOT))
DEFAULT_BASELINES = ROOT / "bench" / "baselines.py"

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

# Runs as it is in CPython and in Pyodide; prints its figures as JSON.
FOUR_BY_FOUR = """
import json, random, time
from pyengine import Board, Level, analyze, bot
try:
    from pyengine import clear_caches
except ImportError:  # an engine from before clear_caches (bench/engine.py --against)
    from pyengine import alphabeta
    clear_caches = alphabeta._SEARCHES.clear

def fresh():
    clear_caches()  # an empty transposition table, as on a new page

fresh()
t = time.perf_counter()
assert analyze(Board.empty(4)).value.value == "draw"
solve = time.perf_counter() - t
rng = random.Random(2026)
positions = []
for depth in range(0, 14):
    for _ in range(5):
        board = Board.empty(4)
        while board.ply < depth and not board.is_over:
            board = board.play(rng.choice(board.legal_moves))
        if not board.is_over:
            positions.append(board)
slowest, where, times = 0.0, "", []
for board in positions:
    fresh()
    perfect = bot(Level.PERFECT, seed=1)
    t = time.perf_counter()
    perfect.choose(board)
    took = time.perf_counter() - t
    times.append(took)
    if took > slowest:
        slowest, where = took, str(board)
print(json.dumps({"solve": solve, "slowest": slowest, "where": where, "positions": len(positions), "times": times}))
"""

# The explorer's and the drill's stream: every event of minimax after X's corner opening.
EVENTS = """
import time
from pyengine import Board
try:
    from pyengine.teaching.search import events
except ImportError:  # a tree from before the engine's products had packages of their own
    from pyengine.search import events
t = time.perf_counter()
count = sum(1 for _ in events("minimax", Board.parse("X........")))
elapsed = time.perf_counter() - t
assert count > 100_000
print(f"{elapsed:.6f}")
"""

# The checker's worker, less the messages: every call of a CS50 check made
# on the project's correct tictactoe.py (pyengine.grading.runner, as site/py/sandbox.py
# makes them), the raw results encoded as the worker sends them.
RUNNER_CALLS = """
import json, time
try:
    from pyengine.grading.cs50 import Form, wires
    from pyengine.grading.runner import Runner
except ImportError:  # a tree from before the engine's products had packages of their own
    from pyengine.cs50 import Form, wires
    from pyengine.runner import Runner
runner = Runner(open({path!r}).read())
runner.load()
calls = wires(Form.CS50)
t = time.perf_counter()
sent = sum(len(json.dumps(runner.call(wire))) for wire in calls)
elapsed = time.perf_counter() - t
assert len(calls) > 60_000 and sent
print(f"{{elapsed:.6f}}")
"""

SECONDS = re.compile(r"in ([0-9.]+) s")


def run(args: list[str], root: Path = ROOT) -> str:
    """What ``args`` prints, run with the engine of ``root`` (this tree's unless given)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run(args, capture_output=True, text=True, check=True, env=env, cwd=root)
    return done.stdout.strip()


def build_site(out: Path) -> None:
    """This tree's site, as `make build` makes it, into ``out`` (for the benches that serve it)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def baseline_seconds(baselines: Path, *kind: str) -> float:
    out = run([sys.executable, str(baselines), *kind])
    found = SECONDS.search(out)
    if not found:
        raise SystemExit(f"cannot read a time from the baseline's output: {out!r}")
    return float(found.group(1))


def engine_seconds(code: str, root: Path = ROOT) -> float:
    return float(run([sys.executable, "-c", code], root))


def four_by_four_cpython(root: Path = ROOT) -> dict[str, Any]:
    return dict(json.loads(run([sys.executable, "-c", FOUR_BY_FOUR], root)))


def four_by_four_chromium(root: Path = ROOT) -> dict[str, Any]:
    """FOUR_BY_FOUR in Pyodide in headless Chromium."""
    return dict(json.loads(in_chromium([FOUR_BY_FOUR], engine=root / "pyengine")[0]))


def in_chromium(codes: list[str], extra: dict[str, Path] | None = None, engine: Path = ROOT / "pyengine") -> list[str]:
    """What each of ``codes`` prints, run in turn in Pyodide (the npm package
    the site ships) in headless Chromium: a bare page that loads Pyodide and
    the engine's files (and ``extra``, each at its name in Python's working
    folder, from where it imports)."""
    from playwright.sync_api import sync_playwright

    from tools.dev.browser import launch_args, serve

    pyodide = ROOT / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        raise SystemExit("Pyodide is missing: run `npm ci` (make test does)")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        shutil.copytree(pyodide, site / "pyodide")
        shutil.copytree(engine, site / "pyengine", ignore=shutil.ignore_patterns("__pycache__"))
        files = sorted(f"pyengine/{p.name}" for p in (site / "pyengine").glob("*.py"))
        for name, source in (extra or {}).items():
            shutil.copy2(source, site / name)
            files.append(name)
        (site / "index.html").write_text(BENCH_PAGE.replace("$FILES", json.dumps(files)))
        with serve(site) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            page = browser.new_page()
            page.goto(base)
            page.wait_for_function("window.benchCode !== undefined", timeout=60_000)
            outs = [page.evaluate("(code) => window.runBench(code)", code) for code in codes]
            browser.close()
    return outs


BENCH_PAGE = """<!doctype html><meta charset="utf-8"><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
pyodide.FS.mkdir("/home/pyodide/pyengine");
for (const name of $FILES) {
  const text = await (await fetch(`./${name}`)).text();
  pyodide.FS.writeFile(`/home/pyodide/${name}`, text);
}
let printed = "";
pyodide.setStdout({ batched: (line) => { printed += line; } });
window.runBench = async (code) => { printed = ""; await pyodide.runPythonAsync(code); return printed; };
window.benchCode = true;
</script>"""


def against(revision: str, runs: int, games: int, browser: bool) -> None:
    """This engine beside the one of ``revision``, alternating, as ratios (this / that)."""
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder)
        archive = subprocess.run(["git", "archive", revision, "pyengine"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
        for root in (before, ROOT):
            compileall.compile_dir(str(root / "pyengine"), quiet=1)
        roots = {"before": before, "after": ROOT}
        cold: dict[str, list[float]] = {name: [] for name in roots}
        match: dict[str, list[float]] = {name: [] for name in roots}
        stream: dict[str, list[float]] = {name: [] for name in roots}
        solve: dict[str, list[float]] = {name: [] for name in roots}
        calls: dict[str, list[float]] = {name: [] for name in roots}
        moves: dict[str, list[list[float]]] = {name: [] for name in roots}  # per run, each position's move
        for _ in range(runs):
            for name, root in roots.items():
                cold[name].append(engine_seconds(COLD_ANALYSIS, root))
        for _ in range(max(3, runs // 2)):
            for name, root in roots.items():
                match[name].append(engine_seconds(MATCH.format(games=games), root))
        for _ in range(max(3, runs // 2)):
            for name, root in roots.items():
                stream[name].append(engine_seconds(EVENTS, root))
        for _ in range(max(3, runs // 2)):
            for name, root in roots.items():
                calls[name].append(engine_seconds(RUNNER_CALLS.format(path=str(CS50_CORRECT)), root))
        for _ in range(3):
            for name, root in roots.items():
                found = four_by_four_cpython(root)
                solve[name].append(found["solve"])
                moves[name].append(found["times"])
        med = statistics.median
        # Each position's move at its quickest over the runs: a busy moment
        # that slowed one run of one position does not count.
        quickest = {name: [min(times) for times in zip(*runs, strict=True)] for name, runs in moves.items()}

        def line(label: str, figures: dict[str, list[float]], unit: float, unit_name: str) -> None:
            b, a = med(figures["before"]), med(figures["after"])
            print(
                f"   {label:<34}{b * unit:9.2f} {unit_name} -> {a * unit:9.2f} {unit_name}   after/before {a / b:.2f}"
            )

        print(f"python {sys.version.split()[0]}; {revision} (before) beside this tree (after), alternating; medians")
        line(f"cold import + analysis ({runs} runs)", cold, 1000, "ms")
        line(f"match, {games:,} games", match, 1, "s ")
        line("events of minimax after X's corner", stream, 1000, "ms")
        line("a CS50 check's calls, correct file", calls, 1000, "ms")
        line("4x4 solve, CPython (3 runs)", solve, 1000, "ms")
        line("4x4 slowest bot move, CPython", {n: [max(q)] for n, q in quickest.items()}, 1000, "ms")
        line("4x4 all bot moves, CPython", {n: [sum(q)] for n, q in quickest.items()}, 1000, "ms")
        if browser:
            chromium = {name: four_by_four_chromium(root) for name, root in roots.items()}
            line("4x4 solve, Chromium (1 run)", {n: [c["solve"]] for n, c in chromium.items()}, 1000, "ms")
            line("4x4 slowest move, Chromium", {n: [c["slowest"]] for n, c in chromium.items()}, 1000, "ms")
            line("4x4 all bot moves, Chromium", {n: [sum(c["times"])] for n, c in chromium.items()}, 1000, "ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters per figure (median)")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--baselines", type=Path, default=DEFAULT_BASELINES, help="a baselines.py to measure against")
    parser.add_argument("--no-browser", action="store_true", help="skip the 4x4 figures in Chromium")
    parser.add_argument("--against", metavar="REV", help="measure beside the engine of git revision REV")
    args = parser.parse_args()
    if args.against:
        against(args.against, args.runs, args.games, not args.no_browser)
        return
    if not args.baselines.exists():
        raise SystemExit(f"no baselines at {args.baselines}: pass --baselines PATH")
    # An installed package has its bytecode; measure the import as users get it.
    compileall.compile_dir(str(ROOT / "pyengine"), quiet=1)

    equity, cold, rand, match = [], [], [], []
    for _ in range(args.runs):
        equity.append(baseline_seconds(args.baselines, "equity"))
        cold.append(engine_seconds(COLD_ANALYSIS))
    for _ in range(max(3, args.runs // 2)):
        rand.append(baseline_seconds(args.baselines, "randmatch", str(args.games)))
        match.append(engine_seconds(MATCH.format(games=args.games)))

    med = statistics.median
    print(f"python {sys.version.split()[0]}, {args.runs} runs each, medians")
    print()
    ratio1 = med(cold) / med(equity)
    print("1. cold import + full analysis of the empty board")
    print(f"   pyengine                          {med(cold) * 1000:8.2f} ms")
    print(f"   baselines.py equity (first move)  {med(equity) * 1000:8.2f} ms")
    print(f"   ratio {ratio1:.3f} (target <= 0.333): {'met' if ratio1 <= 1 / 3 else 'MISSED'}")
    print()
    speed = med(rand) / med(match)
    print(f"2. {args.games:,} games, perfect vs random")
    print(f"   pyengine match (CLI entry point)  {med(match):8.3f} s")
    print(f"   baselines.py randmatch            {med(rand):8.3f} s")
    print(f"   relative speed {speed:.2f} (target >= 0.67): {'met' if speed >= 2 / 3 else 'MISSED'}")
    print()
    cpython = four_by_four_cpython()
    print(
        f"3. 4x4, four in a row: the perfect bot ({cpython['positions']} positions of 0-13 marks, "
        "each with an empty table)"
    )
    print(
        f"   CPython   solve the empty board {cpython['solve'] * 1000:7.0f} ms   "
        f"slowest bot move {cpython['slowest'] * 1000:7.0f} ms ({cpython['where']})"
    )
    if args.no_browser:
        return
    chromium = four_by_four_chromium()
    print(
        f"   Chromium  solve the empty board {chromium['solve'] * 1000:7.0f} ms   "
        f"slowest bot move {chromium['slowest'] * 1000:7.0f} ms ({chromium['where']})"
    )
    print(
        f"   Chromium / CPython: solve {chromium['solve'] / cpython['solve']:.2f}, "
        f"slowest move {chromium['slowest'] / cpython['slowest']:.2f}"
    )
    verdict = "met" if chromium["slowest"] <= 0.5 else "MISSED"
    print(f"   slowest bot move in the browser {chromium['slowest']:.3f} s (target <= 0.5 s): {verdict}")


if __name__ == "__main__":
    main()
