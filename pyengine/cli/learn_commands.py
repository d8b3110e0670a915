"""The command line's learners: ``pyengine learn`` and ``pyengine mcts``.

``commands`` registers them with ``add_learning_commands``; the bodies live
here. Their arguments are read with arguments.py's types, and bad input
leaves as an EngineError or a UsageError for ``commands.main``'s one
bad-input path. Nothing here imports ``commands``.
"""

from __future__ import annotations

import argparse
import json
from random import Random
from typing import IO, Any

from ..analysis import Value
from ..board import Player
from ..errors import EngineError
from ..learning.learner import LearnerKind
from ..learning.mcts import Report, Tree, report
from ..learning.menace import MICHIE, PRESETS, menace_rules
from ..learning.tabular import Schedule
from ..learning.training import Opponent, Run, run_json, train
from .arguments import choice, count, position, reader, seed


def cmd_learn(args: argparse.Namespace, out: IO[str]) -> int:
    schedule = Schedule(args.alpha, args.epsilon, args.decay, args.floor)
    run = train(args.learner, args.games, args.against, args.seed, args.side, args.rules, schedule)
    print(json.dumps(run_json(run)) if args.json else _run_text(run), file=out)
    return 0


def _run_text(run: Run) -> str:
    data = run_json(run)
    learner = run.learner
    name = f"MENACE ({data['rules']} rules)" if learner.kind is LearnerKind.MENACE else "the tabular learner"
    results = data["results"]
    lines = [
        f"{name} as {run.side}, {len(run.history):,} games against {run.against.value}: "
        f"won {results['win']:,}, drew {results['draw']:,}, lost {results['loss']:,}",
    ]
    recent = run.history[-100:]
    if recent:
        counts = ", ".join(f"{recent.count(value)} {value.value}" for value in Value)
        lines.append(f"the last {len(recent)} games: {counts}")
    marks = learner.marks()
    perfect = sum(m.perfect for m in marks)
    lines.append(
        f"perfect positions (every favourite move keeps the exact value): {perfect} of {len(marks)} "
        f"({perfect / len(marks):.1%})"
    )
    return "\n".join(lines)


def cmd_mcts(args: argparse.Namespace, out: IO[str]) -> int:
    tree = Tree(position(args.position), Random(args.seed))
    if args.iterations < 1:
        raise EngineError(f"a search needs at least one iteration, not {args.iterations}")
    tree.run(args.iterations)
    marked = report(tree)
    print(json.dumps(report_json(marked)) if args.json else _report_text(marked), file=out)
    return 0


def report_json(marked: Report) -> dict[str, Any]:
    """A search's report under the command line's JSON keys."""
    return {
        "iterations": marked.iterations,
        "moves": [
            {
                "cell": m.cell,
                "visits": m.visits,
                "value": m.mean,
                "exact": m.exact.value.value,
                "plies": m.exact.plies,
                "good": m.good,
            }
            for m in marked.moves
        ],
        "best": list(marked.best),
        "value": marked.value.value,
        "most_visited": list(marked.most_visited),
        "most_visited_good": marked.most_visited_good,
        "best_valued": list(marked.best_valued),
        "best_valued_good": marked.best_valued_good,
    }


def _report_text(marked: Report) -> str:
    runs = marked.iterations
    lines = [
        f"{runs:,} iteration{'' if runs == 1 else 's'}; exact value for the side to move: {marked.value.value}",
        "cell  visits   mean  exact",
    ]
    for m in marked.moves:
        star = "  *best" if m.cell in marked.best else ""
        mean = f"{m.mean:+.2f}" if m.visits else "    -"  # a move never visited has no mean
        lines.append(f"{m.cell:>4}  {m.visits:>6}  {mean}  {m.exact.value.value} in {m.exact.plies}{star}")
    top, good = marked.most_visited, marked.most_visited_good
    if len(top) == 1:
        verdict = f"the most-visited move ({top[0]}) {'keeps' if good else 'does not keep'}"
    else:
        keep = "all keep" if good else "do not all keep"
        verdict = f"the most-visited moves ({', '.join(map(str, top))}, tied) {keep}"
    lines.append(f"{verdict} the exact value")
    return "\n".join(lines)


def _rate(text: str) -> float:
    try:
        rate = float(text)
    except ValueError:
        rate = -1.0
    if not 0.0 <= rate <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to 1")
    return rate


def add_learning_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``learn`` and ``mcts`` to the command line's subcommands."""
    learn = commands.add_parser(
        "learn",
        help="train MENACE or the tabular learner, marked against perfect play",
        description="Train a learner and mark every position where it has a choice: perfect when "
        "every move it likes most keeps the position's exact value.",
    )
    kinds = ", ".join(kind.value for kind in LearnerKind)
    learn.add_argument("learner", type=choice(LearnerKind), help=f"which machine: {kinds}")
    learn.add_argument("--games", type=count, default=1000, help="games to train (default 1000; 0: untrained)")
    learn.add_argument(
        "--against",
        type=choice(Opponent),
        default=Opponent.RANDOM,
        help=f"the opponent: {', '.join(o.value for o in Opponent)} (default random)",
    )
    learn.add_argument("--seed", type=seed, help="make the run repeatable")
    learn.add_argument(
        "--rules",
        type=reader(menace_rules),
        default=MICHIE,
        help=f"MENACE's preset: {' or '.join(PRESETS)} (default {MICHIE.name})",
    )
    learn.add_argument("--side", type=choice(Player), default=Player.X, help="the learner's side, X (default) or O")
    defaults = Schedule()
    for name, word in (
        ("alpha", "learning rate"),
        ("epsilon", "exploration at first"),
        ("decay", "exploration's decay per game"),
        ("floor", "least exploration"),
    ):
        learn.add_argument(
            f"--{name}",
            type=_rate,
            default=getattr(defaults, name),
            help=f"tabular: the {word} (default {getattr(defaults, name)})",
        )
    learn.add_argument("--json", action="store_true", help="print JSON")
    learn.set_defaults(run=cmd_learn)

    mcts = commands.add_parser(
        "mcts",
        help="Monte Carlo tree search on a position, beside the exact values",
        description="Run UCT with random playouts on a 3x3 or 4x4 position and show each move's "
        "visits and mean value beside its exact value.",
    )
    mcts.add_argument("position")
    mcts.add_argument("--iterations", type=count, default=1000, help="iterations (default 1000)")
    mcts.add_argument("--seed", type=seed, help="make the search repeatable")
    mcts.add_argument("--json", action="store_true", help="print JSON")
    mcts.set_defaults(run=cmd_mcts)
