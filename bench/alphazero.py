"""How fast AlphaZero learns: iterations, games and seconds until its targets.

    python bench/alphazero.py [--seeds 10] [--iterations 40] [--set name=value ...] [--speed]

For seeds 1 to N, a fresh machine (``AlphaZero.seeded(seed)``, the default
settings unless ``--set`` changes some) trains up to ``--iterations``
iterations and is marked after each; printed per seed, and as the median
with the smallest and largest beside it:

(a) the first iteration after which the network's favourite move keeps the
    exact value in 98% of the 4,298 positions with a choice;
(b) the first iteration after which the guided search never loses, as X or
    as O, against any sequence of replies;

each with the self-play games played by then and the seconds taken: CPU
seconds of this process (``time.process_time``: what the run costs, which a
shared machine does not change much) and wall-clock seconds (what a person
waits). The marking after every iteration is counted in both: it is part of
a run. A run stops once both are reached; a seed that does not get there in
``--iterations`` says so.

``--speed`` measures the parts instead: one Adam step on 64 examples (per
example), a forward pass, a search simulation, and where an iteration of the
default run spends its time (self-play, learning, marking).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.learning.alphazero import (  # noqa: E402
    AlphaZero,
    Example,
    Settings,
    inputs_of,
    marked_positions,
    marks_json,
    search,
    settings,
)

TARGET = 0.98
ITERATIONS = 40  # a seed that has not reached both targets after this many is given up on
TARGETS = {"share": f"network keeps the value in {TARGET:.0%}", "never loses": "search never loses"}


def met(marks: dict[str, Any]) -> dict[str, bool]:
    """Which targets an iteration's marks (``marks_json``, what the page's worker sends too) reach:
    (a) "share", the network's favourite keeps the value in TARGET of the positions;
    (b) "never loses", the guided search loses no game as X or as O (``Marks.search_never_loses``)."""
    return {"share": marks["perfect_share"] >= TARGET, "never loses": bool(marks["search_never_loses"])}


class Firsts:
    """The first iteration at which each target held: (iteration, games, *seconds), or None."""

    def __init__(self) -> None:
        self.found: dict[str, tuple[float, ...] | None] = dict.fromkeys(TARGETS)

    def note(self, marks: dict[str, Any], *seconds: float) -> bool:
        """Note an iteration's marks with the seconds taken by then; True once every target has held."""
        for name, holds in met(marks).items():
            if holds and self.found[name] is None:
                self.found[name] = (marks["iteration"], marks["games"], *seconds)
        return all(found is not None for found in self.found.values())


def parsed_settings(pairs: list[str]) -> Settings:
    given: dict[str, int | float] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        given[name] = float(text) if "." in text or "e" in text else int(text)
    return settings(**given)


def spread(values: list[float], form: str) -> str:
    if not values:
        return "-"
    return f"{form.format(statistics.median(values))} [{form.format(min(values))}-{form.format(max(values))}]"


def run_seed(seed: int, config: Settings, limit: int) -> dict[str, tuple[float, ...] | None]:
    """For each target, (iterations, games, CPU seconds, wall seconds) when first reached, or None."""
    machine = AlphaZero.seeded(seed, config)
    cpu, wall = time.process_time(), time.perf_counter()
    firsts = Firsts()
    for _ in machine.train(0):
        pass
    for _ in range(limit + 1):
        marks = machine.history[-1]
        if firsts.note(marks_json(marks), time.process_time() - cpu, time.perf_counter() - wall):
            break
        if marks.iteration == limit:
            break
        for _ in machine.iterate():
            pass
    last = machine.history[-1]
    print(
        f"seed {seed:>2}: after {last.iteration} iterations ({last.games:,} games) network {last.perfect_share:.4f}, "
        f"search {last.search_share:.4f}, value error {last.value_error:.3f}, "
        f"search never loses: {'yes' if last.search_never_loses else 'no'}",
        flush=True,
    )
    return firsts.found


def targets(config: Settings, seeds: int, limit: int) -> None:
    print(f"settings: {config._asdict()}")
    runs = [run_seed(seed, config, limit) for seed in range(1, seeds + 1)]
    print()
    print("| target | seeds that got there | iterations | games | CPU seconds | wall seconds |")
    print("|---|---|---|---|---|---|")
    for name, label in TARGETS.items():
        reached = [found for run in runs if (found := run[name]) is not None]
        columns = [
            spread([float(r[i]) for r in reached], form)
            for i, form in enumerate(("{:.0f}", "{:,.0f}", "{:.0f}", "{:.0f}"))
        ]
        print(f"| {label} | {len(reached)} of {seeds} | " + " | ".join(columns) + " |")


def speed(config: Settings) -> None:
    rng = Random(1)
    machine = AlphaZero.seeded(1, config)
    pool = []
    for board in marked_positions()[:2000]:
        legal = board.legal_moves
        pool.append(Example(tuple(inputs_of(board)), legal, tuple(1.0 / len(legal) for _ in legal), 0.0))
    batches = [[pool[rng.randrange(len(pool))] for _ in range(config.batch)] for _ in range(40)]
    start = time.process_time()
    for batch in batches:
        machine.learn(batch)
    per_example = (time.process_time() - start) / (40 * config.batch)
    boards = marked_positions()[:2000]
    start = time.process_time()
    for board in boards:
        machine.net.forward(inputs_of(board), board.legal_moves)
    forward = (time.process_time() - start) / len(boards)
    for board in boards:
        machine.evaluator(board)
    start = time.process_time()
    for board in boards[:500]:
        search(board, machine.evaluator, config.simulations, config.c_puct)
    simulation = (time.process_time() - start) / (500 * config.simulations)
    print(f"a learning step, per example: {per_example * 1e6:.0f} us (width {config.width}, batch {config.batch})")
    print(f"a forward pass: {forward * 1e6:.0f} us; a search simulation, evaluations cached: {simulation * 1e6:.1f} us")
    machine = AlphaZero.seeded(1, config)
    for _ in machine.train(0):
        pass
    parts = {"self-play": 0.0, "learning": 0.0, "marking": 0.0}
    for _ in range(3):
        start = time.process_time()
        for _ in range(config.games):
            machine.replay.append(machine.self_play())
        parts["self-play"] += time.process_time() - start
        pool = [example for games in machine.replay for example in games]
        start = time.process_time()
        for _ in range(config.steps):
            machine.learn([pool[rng.randrange(len(pool))] for _ in range(config.batch)])
        parts["learning"] += time.process_time() - start
        start = time.process_time()
        machine.marks()
        parts["marking"] += time.process_time() - start
    print("an iteration's CPU seconds: " + ", ".join(f"{name} {seconds / 3:.2f}" for name, seconds in parts.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10, help="seeds 1 to N (default 10)")
    parser.add_argument(
        "--iterations", type=int, default=ITERATIONS, help=f"give up after this many (default {ITERATIONS})"
    )
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="change a setting")
    parser.add_argument("--speed", action="store_true", help="time the parts instead")
    args = parser.parse_args()
    config = parsed_settings(args.set)
    if args.speed:
        speed(config)
    else:
        targets(config, args.seeds, args.iterations)


if __name__ == "__main__":
    main()
