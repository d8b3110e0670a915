"""The command line's learners: ``pyengine learn`` and ``pyengine mcts``.

``commands`` registers them with ``add_learning_commands``; the bodies live
here. Their arguments are read with arguments.py's types, and bad input
leaves as an EngineError or a UsageError for ``commands.main``'s one
bad-input path. Nothing here imports ``commands``.
"""

from __future__ import annotations

import argparse
import json
import os
from random import Random
from typing import IO, Any

from ..analysis import Value
from ..board import Player
from ..errors import EngineError
from ..learning.alphazero import AlphaZero, Marks, Settings, marks_json, moves_json
from ..learning.learner import LearnerKind
from ..learning.mcts import Report, Tree, report
from ..learning.menace import MICHIE, PRESETS, menace_rules
from ..learning.tabular import Schedule
from ..learning.training import Opponent, Run, run_json, train
from .arguments import UsageError, choice, count, position, progress_bar, reader, seed

ALPHAZERO = "alphazero"
"""The learner that trains by iterations of self-play and search, not game by game."""


def _machine(text: str) -> LearnerKind | str:
    """An argparse type: a LearnerKind, or ``ALPHAZERO``."""
    if text.strip().casefold() == ALPHAZERO:
        return ALPHAZERO
    try:
        return LearnerKind.parse(text)
    except EngineError:
        kinds = ", ".join([*(kind.value for kind in LearnerKind), ALPHAZERO])
        raise argparse.ArgumentTypeError(f"unknown learner {text!r}: choose one of {kinds}") from None


_GAME_BY_GAME: dict[str, Any] = {
    "games": 1000,
    "against": Opponent.RANDOM,
    "rules": MICHIE,
    "side": Player.X,
    **Schedule()._asdict(),
}
"""The options of the learners that learn game by game, and their defaults: given to
alphazero they are refused, not ignored, so the parser leaves them None when not given."""


def cmd_learn(args: argparse.Namespace, out: IO[str]) -> int:
    if args.learner == ALPHAZERO:
        given = [name for name in _GAME_BY_GAME if getattr(args, name) is not None]
        if given:
            raise UsageError(f"--{given[0]} is for menace and tabular, not alphazero", "pyengine learn")
        return cmd_alphazero(args, out)
    if args.iterations is not None or args.save is not None:
        raise UsageError("--iterations and --save are for alphazero", "pyengine learn")
    for name, default in _GAME_BY_GAME.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    schedule = Schedule(args.alpha, args.epsilon, args.decay, args.floor)
    run = train(args.learner, args.games, args.against, args.seed, args.side, args.rules, schedule)
    print(json.dumps(run_json(run)) if args.json else _run_text(run), file=out)
    return 0


def cmd_alphazero(args: argparse.Namespace, out: IO[str]) -> int:
    if args.save is not None and not os.path.isdir(os.path.dirname(os.path.abspath(args.save))):
        # refused before the training, not after it
        raise UsageError(f"cannot write {args.save}: no such folder", "pyengine learn")
    machine = AlphaZero.seeded(args.seed)
    iterations = machine.settings.iterations if args.iterations is None else args.iterations
    per = machine.settings.games + machine.settings.steps
    advance, close = progress_bar(iterations * per, "step")
    try:
        for done in machine.train(iterations):
            if advance is not None:
                advance(done)
    finally:
        close()
    if args.save is not None:
        try:
            with open(args.save, "w", encoding="utf-8") as file:
                json.dump(machine.to_json(), file)
        except OSError as error:
            raise UsageError(f"cannot write {args.save}: {error.strerror or error}", "pyengine learn") from None
    data = alphazero_json(machine, args.seed)
    print(json.dumps(data) if args.json else _alphazero_text(machine, data), file=out)
    return 0


def alphazero_json(machine: AlphaZero, seed: int | None) -> dict[str, Any]:
    """A trained AlphaZero under the command line's JSON keys: the last marks at
    the top, ``history`` the marks after every iteration (the 0th: untrained),
    ``moves`` and ``search_moves`` the network's and the search's move on every
    position with a choice, by notation."""
    last: Marks = machine.history[-1]
    moves, search_moves = moves_json(machine)
    return {
        "learner": ALPHAZERO,
        "seed": seed,
        "settings": machine.settings._asdict(),
        "iterations": machine.iterations,
        "games": machine.games,
        **{key: value for key, value in marks_json(last).items() if key not in ("iteration", "games")},
        "history": [marks_json(marks) for marks in machine.history],
        "moves": moves,
        "search_moves": search_moves,
    }


def _alphazero_text(machine: AlphaZero, data: dict[str, Any]) -> str:
    lines = ["iteration  games  network  search  value error  search never loses"]
    for marks in machine.history:
        lines.append(
            f"{marks.iteration:>9}  {marks.games:>5}  {marks.perfect_share:>7.1%}  {marks.search_share:>6.1%}"
            f"  {marks.value_error:>11.3f}  {'yes' if marks.search_never_loses else 'no'}"
        )
    positions = len(data["moves"])
    lines.append(
        f"the network's favourite move keeps the exact value in {data['perfect_share']:.1%} of the "
        f"{positions:,} positions with a choice; the search's move in {data['search_share']:.1%}"
    )
    for who in ("network", "search"):
        shares = data[who]
        pairs = ", ".join(
            f"as {name[0].upper()} vs {name[2:]} {r['win']:.0%}/{r['draw']:.0%}/{r['loss']:.0%}"
            for name, r in shares.items()
        )
        lines.append(f"the {who} won/drew/lost: {pairs}")
    return "\n".join(lines)


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
        help="train MENACE, the tabular learner or AlphaZero, marked against perfect play",
        description="Train a learner and mark every position where it has a choice: perfect when "
        "every move it likes most keeps the position's exact value. AlphaZero trains by iterations "
        "of self-play and learning, and is marked after each.",
    )
    kinds = ", ".join([*(kind.value for kind in LearnerKind), ALPHAZERO])
    learn.add_argument("learner", type=_machine, help=f"which machine: {kinds}")
    learn.add_argument("--games", type=count, help="games to train (default 1000; 0: untrained)")
    learn.add_argument(
        "--against",
        type=choice(Opponent),
        help=f"the opponent: {', '.join(o.value for o in Opponent)} (default random)",
    )
    learn.add_argument("--seed", type=seed, help="make the run repeatable")
    learn.add_argument(
        "--rules",
        type=reader(menace_rules),
        help=f"MENACE's preset: {' or '.join(PRESETS)} (default {MICHIE.name})",
    )
    learn.add_argument("--side", type=choice(Player), help="the learner's side, X (default) or O")
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
            help=f"tabular: the {word} (default {getattr(defaults, name)})",
        )
    learn.add_argument(
        "--iterations",
        type=count,
        help=f"alphazero: iterations of self-play and learning (default {Settings().iterations}; 0: untrained)",
    )
    learn.add_argument("--save", metavar="FILE", help="alphazero: write the trained network to FILE as JSON")
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
