"""The questions learners' users ask, computed: how many games MENACE needs,
whether it gets there against random play, how the tabular learner compares,
and how many iterations Monte Carlo tree search needs.

    python bench/learn.py [--seeds 20] [--games 10000] [--only learners,mcts]

Every run is seeded (seed 1 to N), so the figures repeat exactly; each is
the median over the seeds with the smallest and largest beside it.

1. For MENACE (Michie's and Scroggs' presets) and the tabular learner (TD(0)
   on after-states), playing X against random, perfect, a second MENACE and
   itself, for --games games each:
   - games until it stops losing: the games played up to its last loss, when
     at least the last 1,000 games had none (otherwise it did not get there);
   - the losses in the last 1,000 games;
   - the share of perfect positions (every favourite move keeps the exact
     value) after 100, 1,000 and 10,000 games.
2. MCTS (UCT, random playouts): on every 3x3 position with a choice (593, up
   to symmetry, both sides), the share whose most-visited move (the lowest
   cell among equals, as the MCTS bot plays) keeps the exact value, after each
   number of iterations, and the fewest iterations reaching 95%; the same on
   100 4x4 endgames (8 empty cells, reached by random play from seed 0).
3. In the browser (``--only browser --site DIR``, a site built by ``make build``):
   training on the page (1,000 and 10,000 games against random, MENACE and
   the tabular learner) beside the same training in CPython, and the longest
   main-thread task during it (the Long Tasks API).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import islice
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import Board, Player, Value  # noqa: E402
from pyengine.learning.learner import training  # noqa: E402
from pyengine.learning.marking import choice_positions, good_moves, perfect_share  # noqa: E402
from pyengine.learning.mcts import Tree  # noqa: E402
from pyengine.learning.menace import MICHIE, SCROGGS, MenaceRules  # noqa: E402
from pyengine.learning.training import make_learner, make_opponent, seeded_pair  # noqa: E402

LEARNERS = {
    "MENACE, Michie": ("menace", MICHIE),
    "MENACE, Scroggs": ("menace", SCROGGS),
    "tabular TD(0)": ("tabular", MICHIE),  # (the rules of the second MENACE it meets)
}
OPPONENTS = ("random", "perfect", "menace", "self")
CHECKPOINTS = (100, 1_000, 10_000)
QUIET = 1_000  # games without a loss at the end of a run that count as "stopped losing"
ITERATIONS3 = (10, 20, 30, 40, 50, 70, 100, 200, 500)
ITERATIONS4 = (10, 20, 50, 100, 200, 500, 1_000, 2_000)
TARGET = 0.95


def spread(values: list[float], digits: int = 3) -> str:
    """The median, with the smallest and largest in brackets."""
    if not values:
        return "-"
    middle = statistics.median(values)
    shown = [f"{v:.{digits}f}" if digits else f"{v:,.0f}" for v in (middle, min(values), max(values))]
    return f"{shown[0]} [{shown[1]}-{shown[2]}]"


def one_run(
    kind: str, rules: MenaceRules, against: str, seed: int, games: int
) -> tuple[dict[int, float], int | None, int]:
    """Shares at the checkpoints, the games until it stopped losing (None if it
    did not), and the losses in the last QUIET games."""
    learner, opponent = seeded_pair(kind, against, seed, Player.X, rules)
    played = training(learner, opponent, Player.X)
    shares: dict[int, float] = {}
    outcomes: list[Value] = []
    for checkpoint in (c for c in CHECKPOINTS if c <= games):
        outcomes.extend(islice(played, checkpoint - len(outcomes)))
        shares[checkpoint] = perfect_share(learner.marks())
    outcomes.extend(islice(played, games - len(outcomes)))
    losses = [i for i, v in enumerate(outcomes) if v is Value.LOSS]
    last = losses[-1] + 1 if losses else 0
    stopped = last if games - last >= QUIET else None
    return shares, stopped, sum(1 for v in outcomes[-QUIET:] if v is Value.LOSS)


def learners(seeds: int, games: int) -> None:
    """Two narrow tables (they must fit a docs page): when each learner stopped
    losing, and its share of perfect positions along the way."""
    rows = []
    for name, (kind, rules) in LEARNERS.items():
        for against in OPPONENTS:
            started = time.perf_counter()
            rows.append((name, against, [one_run(kind, rules, against, seed, games) for seed in range(1, seeds + 1)]))
            print(f"  ({time.perf_counter() - started:.1f} s for {seeds} runs)", file=sys.stderr)
    print(f"\n## Learners as X, {seeds} seeds, {games:,} games each\n")
    print("| learner | against | stopped losing after (games) | seeds that did | lost of the last 1,000 |")
    print("|---|---|---|---|---|")
    for name, against, runs in rows:
        stopped = [float(r[1]) for r in runs if r[1] is not None]
        when = spread(stopped, 0) if stopped else f"not within {games:,}"
        losses = spread([float(r[2]) for r in runs], 0)
        print(f"| {name} | {against} | {when} | {len(stopped)} of {seeds} | {losses} |")
    checkpoints = [c for c in CHECKPOINTS if 0 < c <= games]
    print("\n| learner | against | " + " | ".join(f"perfect after {c:,}" for c in checkpoints) + " |")
    print("|---" * (2 + len(checkpoints)) + "|")
    for name, against, runs in rows:
        print(f"| {name} | {against} | " + " | ".join(spread([r[0][c] for r in runs]) for c in checkpoints) + " |")


def endgames4(count: int = 100, empty: int = 8) -> list[Board]:
    """``count`` live 4x4 positions with ``empty`` empty cells, by random play from seed 0."""
    rng, found = Random(0), list[Board]()
    while len(found) < count:
        board = Board.empty(4)
        for _ in range(16 - empty):
            board = board.play(rng.choice(board.legal_moves))
            if board.is_over:
                break
        if not board.is_over and len(board.legal_moves) == empty and board not in found:
            found.append(board)
    return found


def mcts_shares(positions: list[Board], checkpoints: tuple[int, ...], seed: int) -> dict[int, float]:
    """The share of ``positions`` whose most-visited move keeps the value, after each checkpoint."""
    rng = Random(seed)
    right = dict.fromkeys(checkpoints, 0)
    for board in positions:
        tree, good = Tree(board, rng), set(good_moves(board))
        for n in checkpoints:
            tree.run(n - tree.iterations)
            right[n] += tree.most_visited()[0] in good
    return {n: right[n] / len(positions) for n in checkpoints}


def mcts(seeds: int) -> None:
    three = [board for side in Player for board in choice_positions(side)]
    four = endgames4()
    for label, positions, checkpoints in (
        (f"3x3, all {len(three)} positions with a choice", three, ITERATIONS3),
        (f"4x4, {len(four)} endgames with 8 empty cells", four, ITERATIONS4),
    ):
        started = time.perf_counter()
        runs = [mcts_shares(positions, checkpoints, seed) for seed in range(1, seeds + 1)]
        print(f"\n## MCTS, {label}, {seeds} seeds\n")
        print("| iterations | most-visited move keeps the value |")
        print("|---|---|")
        for n in checkpoints:
            print(f"| {n:,} | {spread([r[n] for r in runs])} |")
        reached = [min((n for n in checkpoints if r[n] >= TARGET), default=None) for r in runs]
        got = [float(n) for n in reached if n is not None]
        within = f"{len(got)} of {seeds} seeds within {checkpoints[-1]:,}"
        print(f"\nIterations until {TARGET:.0%}: {spread(got, 0)} ({within})", flush=True)
        print(f"  ({time.perf_counter() - started:.1f} s)", file=sys.stderr)


# Installed before the page's scripts: every long task from then on, kept.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
})
    .observe({type: "longtask", buffered: true});
"""

# Press Train and wait for the learner's data-state to say done: milliseconds, page clock.
TRAIN = """async ([root, games]) => {
    const el = document.querySelector(root);
    const select = el.querySelector("select[name=games]");
    select.value = String(games);
    select.dispatchEvent(new Event("change", {bubbles: true}));
    window.__longTasks.length = 0;
    const start = performance.now();
    el.querySelector("[data-train]").click();
    await new Promise((resolve) => {
        const seen = () => el.dataset.state === "done" && resolve();
        new MutationObserver(seen).observe(el, {attributes: true});
    });
    const during = window.__longTasks.filter(([at]) => at >= start).map(([at, ms]) => [at - start, ms]);
    return [performance.now() - start, Math.max(0, ...during.map(([, ms]) => ms)), during];
}"""


def browser(site: Path, runs: int) -> None:
    """Training on the page beside the same learner and opponent in CPython."""
    from playwright.sync_api import sync_playwright

    from tools.dev import browser as chromium

    print(f"\n## In the browser: training on the page against random, {runs} runs each\n")
    print("| learner | games | page (s) | CPython (s) | ratio | longest task during training (ms) |")
    print("|---|---|---|---|---|---|")
    with chromium.serve(site) as url, sync_playwright() as pw:
        engine = pw.chromium.launch(**chromium.launch_args())
        for kind in ("menace", "tabular"):
            for games in (1_000, 10_000):
                page_s, cpython_s, longest = [], [], []
                for run in range(runs):
                    page = engine.new_page()
                    page.add_init_script(LONG_TASKS)
                    page.goto(url + "machines-that-learn/")
                    page.evaluate("() => localStorage.clear()")
                    page.reload()
                    root = f"[data-learner='{kind}']"
                    page.wait_for_selector(f"{root}[data-state='ready']", timeout=120_000)
                    elapsed, task, tasks = page.evaluate(TRAIN, [root, games])
                    print(f"  {kind} {games}: long tasks at (ms, ms long): {tasks}", file=sys.stderr)
                    page.close()
                    page_s.append(elapsed / 1000)
                    longest.append(task)
                    started = time.perf_counter()
                    training_run(kind, games, run)
                    cpython_s.append(time.perf_counter() - started)
                ratio = [p / c for p, c in zip(page_s, cpython_s, strict=True)]
                print(
                    f"| {kind} | {games:,} | {spread(page_s, 2)} | {spread(cpython_s, 2)} | "
                    f"{spread(ratio, 1)} | {spread(longest, 0)} |",
                    flush=True,
                )
        engine.close()


def training_run(kind: str, games: int, seed: int) -> None:
    """What the page does for ``games`` games, in CPython: train, and mark now and then."""
    learner = make_learner(kind, Player.X, "self", Random(seed))  # both sides' boxes, as the page's
    played = training(learner, make_opponent("random", learner, Player.X, Random(seed + 1)), Player.X)
    for n in range(1, games + 1):
        next(played)
        if n % 100 == 0:  # about one slice's games on the page, each ending with the share
            perfect_share(learner.marks(Player.X))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--only", default="learners,mcts", help="learners, mcts, browser (comma-separated)")
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site", help="the built site, for browser")
    parser.add_argument("--runs", type=int, default=3, help="runs per browser figure")
    args = parser.parse_args()
    print(
        f"Reproduce: python bench/learn.py --seeds {args.seeds} --games {args.games} --only {args.only}"
        + (f" --site {args.site} --runs {args.runs}" if "browser" in args.only else "")
    )
    parts = args.only.split(",")
    if "learners" in parts:
        learners(args.seeds, args.games)
    if "mcts" in parts:
        mcts(args.seeds)
    if "browser" in parts:
        browser(args.site, args.runs)


if __name__ == "__main__":
    main()
