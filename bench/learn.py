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
from pyengine.learning import training  # noqa: E402
from pyengine.marking import choice_positions, good_moves, perfect_share  # noqa: E402
from pyengine.mcts import Tree  # noqa: E402
from pyengine.menace import MICHIE, SCROGGS, MenaceRules  # noqa: E402
from pyengine.training import make_learner, make_opponent  # noqa: E402

LEARNERS = {
    "MENACE, Michie": ("menace", MICHIE),
    "MENACE, Scroggs": ("menace", SCROGGS),
    "tabular TD(0)": ("tabular", MICHIE),  # (the rules of the second MENACE it meets)
}
OPPONENTS = ("random", "perfect", "menace", "self")
CHECKPOINTS = (0, 100, 1_000, 10_000)  # 0: the untrained machine
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
    seeds = Random(seed)
    learner = make_learner(kind, Player.X, against, Random(seeds.getrandbits(64)), rules)
    opponent = make_opponent(against, learner, Player.X, Random(seeds.getrandbits(64)), rules)
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
    print(f"\n## Learners as X, {seeds} seeds, {games:,} games each\n")
    heads = [f"perfect after {c:,}" for c in CHECKPOINTS if c <= games]
    print("| learner | against | stopped losing after (games) | losses in the last 1,000 | " + " | ".join(heads) + " |")
    print("|---" * (4 + len(heads)) + "|")
    for name, (kind, rules) in LEARNERS.items():
        for against in OPPONENTS:
            started = time.perf_counter()
            runs = [one_run(kind, rules, against, seed, games) for seed in range(1, seeds + 1)]
            stopped = [r[1] for r in runs if r[1] is not None]
            when = f"{spread([float(s) for s in stopped], 0)} ({len(stopped)} of {seeds} seeds)"
            if not stopped:
                when = f"not within {games:,} (0 of {seeds} seeds)"
            cells = [spread([r[0][c] for r in runs]) for c in CHECKPOINTS if c <= games]
            losses = spread([float(r[2]) for r in runs], 0)
            print(f"| {name} | {against} | {when} | {losses} | " + " | ".join(cells) + " |", flush=True)
            print(f"  ({time.perf_counter() - started:.1f} s for {seeds} runs)", file=sys.stderr)


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
        print("| iterations | " + " | ".join(f"{n:,}" for n in checkpoints) + " |")
        print("|---" * (len(checkpoints) + 1) + "|")
        shares = " | ".join(spread([r[n] for r in runs]) for n in checkpoints)
        print(f"| most-visited move keeps the value | {shares} |")
        reached = [min((n for n in checkpoints if r[n] >= TARGET), default=None) for r in runs]
        got = [float(n) for n in reached if n is not None]
        within = f"{len(got)} of {seeds} seeds within {checkpoints[-1]:,}"
        print(f"\nIterations until {TARGET:.0%}: {spread(got, 0)} ({within})", flush=True)
        print(f"  ({time.perf_counter() - started:.1f} s)", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--only", default="learners,mcts", help="learners, mcts, or both (default)")
    args = parser.parse_args()
    print(f"Reproduce: python bench/learn.py --seeds {args.seeds} --games {args.games} --only {args.only}")
    parts = args.only.split(",")
    if "learners" in parts:
        learners(args.seeds, args.games)
    if "mcts" in parts:
        mcts(args.seeds)


if __name__ == "__main__":
    main()
