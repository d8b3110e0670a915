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

from enum import Enum
from functools import cache
from random import Random

from ..analysis import Value
from ..board import Player
from ..bots import Bot, Level, bot
from ..choices import Choice
from ..errors import EngineError
from ..records import Record
from .learner import Learner, LearnerKind, training
from .marking import perfect_share
from .mcts import MctsBot
from .menace import MICHIE, Menace, MenaceRules, boxes_json
from .tabular import Schedule, TdLearner

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


_LEVEL_NAMES = frozenset(level.value for level in Level)


def _level_named(name: str) -> Level | None:
    """The level called ``name``, or None: an opponent or an entrant that is a
    level's bot is named by that level's word, and Level alone says which
    words those are."""
    return Level(name) if name in _LEVEL_NAMES else None


class Opponent(Choice, Enum, noun="opponent"):
    """What a learner trains against: a level's bot, a second MENACE, or itself."""

    RANDOM = "random"
    EASY = "easy"
    MEDIUM = "medium"
    PERFECT = "perfect"
    MENACE = "menace"
    SELF = "self"

    @property
    def level(self) -> Level | None:
        """The level of a bot opponent; None for MENACE and for the learner itself."""
        return _level_named(self.value)


def make_learner(
    kind: LearnerKind | str,
    side: Player,
    against: Opponent | str,
    rng: Random,
    rules: MenaceRules = MICHIE,
    schedule: Schedule | None = None,
) -> Learner:
    """A fresh learner of ``kind`` for ``side`` (for both sides when it trains against itself)."""
    sides = (Player.X, Player.O) if Opponent.parse(against) is Opponent.SELF else (side,)
    if LearnerKind.parse(kind) is LearnerKind.MENACE:
        return Menace(rules, sides, rng)
    return TdLearner(sides, rng, schedule)


def make_opponent(
    against: Opponent | str, learner: Learner, side: Player, rng: Random, rules: MenaceRules = MICHIE
) -> Bot:
    """The opponent ``against`` for ``learner`` playing ``side``: a ladder bot,
    a second MENACE learning on the other side, or the learner itself."""
    against = Opponent.parse(against)
    if against is Opponent.SELF:
        return learner
    if against is Opponent.MENACE:
        return Menace(rules, side.other, rng)
    assert against.level is not None  # every other opponent is a level's bot
    return bot(against.level, seed=rng.getrandbits(64))


def seeded_pair(
    kind: LearnerKind | str,
    against: Opponent | str,
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
    against: Opponent
    side: Player
    history: tuple[Value, ...]
    """Each game's outcome for the learner's side, in order."""


def train(
    kind: LearnerKind | str,
    games: int,
    against: Opponent | str,
    seed: int | None = None,
    side: Player = Player.X,
    rules: MenaceRules = MICHIE,
    schedule: Schedule | None = None,
) -> Run:
    """Train a fresh learner for ``games`` games; the seed makes the run repeat exactly."""
    if type(games) is not int or games < 0:
        raise EngineError(f"the number of games is a whole number, not {games!r}")
    against = Opponent.parse(against)
    learner, opponent = seeded_pair(kind, against, seed, side, rules, schedule)
    played = training(learner, opponent, side)
    return Run(learner, against, side, tuple(next(played) for _ in range(games)))


# -- a history as text: the command line's JSON and the page's saved machines ---------

_LETTERS = {Value.WIN: "W", Value.DRAW: "D", Value.LOSS: "L"}
_FROM_LETTER = {letter: value for value, letter in _LETTERS.items()}


def history_letters(history: Iterable[Value]) -> str:
    """A history written one letter a game: W, D or L for the learner's win, draw or loss."""
    return "".join(_LETTERS[value] for value in history)


def history_from_letters(text: str) -> tuple[Value, ...]:
    """The history ``history_letters`` wrote; EngineError for any other text."""
    try:
        return tuple(_FROM_LETTER[letter] for letter in text)
    except (KeyError, TypeError):
        raise EngineError(f"{text!r} is not a history of W, D and L") from None


def run_json(run: Run) -> dict[str, Any]:
    """A run under the command line's JSON keys."""
    learner = run.learner
    data: dict[str, Any] = {
        "learner": learner.kind.value,
        "side": run.side.value,
        "against": run.against.value,
        "games": len(run.history),
        "results": {value.value: run.history.count(value) for value in _LETTERS},
        "history": history_letters(run.history),
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


class Entrant(Choice, Enum, noun="bot"):
    """What plays on the ladder and in ``pyengine match``: the levels, then the
    learners, then Monte Carlo tree search with 10 and 100 iterations a move."""

    RANDOM = "random"
    EASY = "easy"
    MEDIUM = "medium"
    PERFECT = "perfect"
    MENACE = "menace"
    TABULAR = "tabular"
    MCTS_10 = "mcts-10"
    MCTS_100 = "mcts-100"

    @property
    def level(self) -> Level | None:
        """The level of a level's bot; None for the others."""
        return _level_named(self.value)

    @property
    def learner(self) -> LearnerKind | None:
        """The kind of a trained learner; None for the others."""
        return LearnerKind(self.value) if self in (Entrant.MENACE, Entrant.TABULAR) else None

    @property
    def iterations(self) -> int | None:
        """An MCTS entrant's iterations a move (a fresh search every move); None for the others."""
        return 10 if self is Entrant.MCTS_10 else 100 if self is Entrant.MCTS_100 else None


ENTRANTS = tuple(entrant.value for entrant in Entrant)
"""The entrants' names, in the ladder's order (for tables and help texts)."""


def entrant(name: Entrant | str, seed: int | None = None, size: int = 3) -> Bot:
    """The ladder's entrant ``name`` playing with its own generator (seeded by
    ``seed``) on a ``size`` board: a level's bot; MENACE (Michie's rules) or
    the tabular learner as trained ``ENTRANT_TRAINING`` games against itself
    with ``ENTRANT_SEED``, now playing without learning; or MCTS with its
    budget. UnknownChoiceError, listing the entrants, for a name of none;
    EngineError for a learner asked to play 4x4, which it never learned.

    >>> from pyengine.board import Board
    >>> entrant("menace", seed=1).choose(Board.empty()) in range(9)
    True
    """
    chosen = Entrant.parse(name)
    if chosen.iterations is not None:
        return MctsBot(chosen.iterations, Random(seed))
    kind = chosen.learner
    if kind is None:
        assert chosen.level is not None  # an entrant is a level, a learner or a search
        return bot(chosen.level, seed=seed)
    if size != 3:
        raise EngineError(f"{chosen.value} learned 3x3 only: it has no moves for {size}x{size}")
    machine = Menace if kind is LearnerKind.MENACE else TdLearner
    return machine.from_json(_trained(kind), Random(seed))


@cache
def _trained(kind: LearnerKind) -> dict[str, Any]:
    """The learner behind an entrant of ``kind``, trained once per process, as saved
    data (each entrant reads it back into a machine of its own)."""
    return train(kind, ENTRANT_TRAINING, Opponent.SELF, ENTRANT_SEED).learner.to_json()
