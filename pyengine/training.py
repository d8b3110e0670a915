"""Training runs: a learner, an opponent, a number of games, and what came of it.

The command line, the benchmark and the page all build their learners and
opponents here, so a seed means the same run everywhere.

>>> run = train("menace", games=20, against="random", seed=1)
>>> len(run.history), run.learner.games
(20, 20)
"""

from __future__ import annotations

from random import Random

from .board import Player
from .bots import Bot, Level, bot
from .errors import EngineError
from .learning import LETTERS, Learner, training
from .marking import perfect_share
from .menace import MICHIE, Menace, MenaceRules, boxes_json
from .records import Record
from .tabular import Schedule, TdLearner

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from typing import Any

LEARNERS = ("menace", "tabular")
OPPONENTS = (*(level.value for level in Level), "menace", "self")
"""What a learner trains against: the ladder's levels, a second MENACE, or itself."""


def _known(kind: str, choices: tuple[str, ...], noun: str) -> str:
    word = kind.strip().lower() if isinstance(kind, str) else ""
    if word not in choices:
        raise EngineError(f"unknown {noun} {kind!r}: choose one of {', '.join(choices)}")
    return word


def make_learner(
    kind: str, side: Player, against: str, rng: Random, rules: MenaceRules = MICHIE, schedule: Schedule | None = None
) -> Learner:
    """A fresh learner of ``kind`` for ``side`` (for both sides when it trains against itself)."""
    sides = (Player.X, Player.O) if _known(against, OPPONENTS, "opponent") == "self" else (side,)
    if _known(kind, LEARNERS, "learner") == "menace":
        return Menace(rules, sides, rng)
    return TdLearner(sides, rng, schedule)


def make_opponent(against: str, learner: Learner, side: Player, rng: Random, rules: MenaceRules = MICHIE) -> Bot:
    """The opponent named ``against`` for ``learner`` playing ``side``: a ladder
    bot, a second MENACE learning on the other side, or the learner itself."""
    against = _known(against, OPPONENTS, "opponent")
    if against == "self":
        return learner
    if against == "menace":
        return Menace(rules, side.other, rng)
    return bot(Level.parse(against), seed=rng.getrandbits(64))


def seeded_pair(
    kind: str,
    against: str,
    seed: int | None,
    side: Player = Player.X,
    rules: MenaceRules = MICHIE,
    schedule: Schedule | None = None,
) -> tuple[Learner, Bot]:
    """A fresh learner and its opponent, each with a generator drawn from ``seed``."""
    seeds = Random(seed)
    learner = make_learner(kind, side, against, Random(seeds.getrandbits(64)), rules, schedule)
    return learner, make_opponent(against, learner, side, Random(seeds.getrandbits(64)), rules)


class Run(Record):
    """A finished training run."""

    learner: Learner
    against: str
    side: Player
    history: str
    """One letter per game from the learner's side, in order: W, D or L."""


def train(
    kind: str,
    games: int,
    against: str,
    seed: int | None = None,
    side: Player = Player.X,
    rules: MenaceRules = MICHIE,
    schedule: Schedule | None = None,
) -> Run:
    """Train a fresh learner for ``games`` games; the seed makes the run repeat exactly."""
    if type(games) is not int or games < 0:
        raise EngineError(f"the number of games is a whole number, not {games!r}")
    learner, opponent = seeded_pair(kind, against, seed, side, rules, schedule)
    played = training(learner, opponent, side)
    history = "".join(LETTERS[next(played)] for _ in range(games))
    return Run(learner, against.strip().lower(), side, history)


def run_json(run: Run) -> dict[str, Any]:
    """A run under the command line's JSON keys."""
    learner = run.learner
    data: dict[str, Any] = {
        "learner": learner.kind,
        "side": run.side.value,
        "against": run.against,
        "games": len(run.history),
        "results": {value.value: run.history.count(letter) for value, letter in LETTERS.items()},
        "history": run.history,
        "perfect_share": perfect_share(learner.marks()),
    }
    if isinstance(learner, Menace):
        data["rules"] = learner.rules.name
        data["boxes"] = boxes_json(learner)
    elif isinstance(learner, TdLearner):
        data["schedule"] = learner.schedule._asdict()
        data["positions"] = [
            {"position": str(m.board), "values": {str(c): v for c, v in learner.move_values(m.board).items()}}
            for m in learner.marks()
        ]
    return data
