"""Training runs: a learner, an opponent, a number of games, and what came of it.

The command line, the benchmark and the page all build their learners and
opponents here, so a seed means the same run everywhere. The ladder's
entrants are built here too: the four levels, and the learners as bots
(``entrant``).

>>> run = train("menace", games=20, against="random", seed=1)
>>> len(run.history), run.learner.games
(20, 20)
"""

from __future__ import annotations

from functools import cache
from random import Random

from .board import Player
from .bots import Bot, Level, bot
from .errors import EngineError, UnknownChoiceError
from .learning import LETTERS, Learner, training
from .marking import perfect_share
from .mcts import MctsBot
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


# -- the ladder's entrants -------------------------------------------------------

ENTRANT_TRAINING = 5000
"""Games each learner on the ladder trained, against itself (so it plays both sides)."""
ENTRANT_SEED = 0
"""The seed of the learners' training runs: one trained machine per name."""
MCTS_BUDGETS = {"mcts-10": 10, "mcts-100": 100}
"""The MCTS entrants and their iterations per move (a fresh search every move)."""
ENTRANTS = (*(level.value for level in Level), *LEARNERS, *MCTS_BUDGETS)
"""What plays on the ladder and in ``pyengine match``: the levels, then the learners."""


def entrant_name(name: str) -> str:
    """``name`` as the ladder spells it; UnknownChoiceError, listing the entrants, otherwise."""
    word = name.strip().lower() if isinstance(name, str) else ""
    if word not in ENTRANTS:
        raise UnknownChoiceError("bot", name, ENTRANTS)
    return word


def entrant(name: str, seed: int | None = None, size: int = 3) -> Bot:
    """The ladder's entrant ``name`` playing with its own generator (seeded by
    ``seed``) on a ``size`` board: a level's bot; MENACE (Michie's rules) or
    the tabular learner as trained ``ENTRANT_TRAINING`` games against itself
    with ``ENTRANT_SEED``, now playing without learning; or MCTS with its
    budget. EngineError for a learner asked to play 4x4, which it never learned.

    >>> from pyengine.board import Board
    >>> entrant("menace", seed=1).choose(Board.empty()) in range(9)
    True
    """
    name = entrant_name(name)
    if name in MCTS_BUDGETS:
        return MctsBot(MCTS_BUDGETS[name], Random(seed))
    if name not in LEARNERS:
        return bot(name, seed=seed)
    if size != 3:
        raise EngineError(f"{name} learned 3x3 only: it has no moves for {size}x{size}")
    kind = Menace if name == "menace" else TdLearner
    return kind.from_json(_trained(name), Random(seed))


@cache
def _trained(kind: str) -> dict[str, Any]:
    """The learner behind entrant ``kind``, trained once per process, as saved data
    (each entrant reads it back into a machine of its own)."""
    return train(kind, ENTRANT_TRAINING, "self", ENTRANT_SEED).learner.to_json()
