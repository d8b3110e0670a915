"""The learners' page's saved state, with no DOM: a trained machine as the
browser keeps it (localStorage, through saved.Kept) and read back
(tests/test_learn_saved.py).

One JSON object a learner, under its key (``STORAGE_KEYS``)::

    {"version": 1, "machine": <the learner's to_json>, "history": "WDL...",
     "curve": [[games, share], ...], "against": "perfect"}

``read`` gives the machine back as a ``Trained``, or ``None`` when nothing is
kept, or a ``saved.Unreadable`` saying why in words (another format, a history
that does not match the machine's games, a part of the wrong kind): the page
says it and a fresh machine replaces it.
"""

from __future__ import annotations

from pyengine import EngineError
from pyengine.learning.learner import Learner, LearnerKind
from pyengine.learning.menace import Menace
from pyengine.learning.tabular import TdLearner
from pyengine.learning.training import history_from_letters, history_letters
from pyengine.records import Record

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from collections.abc import Callable
    from random import Random
    from typing import Any

    from saved import Kept, Unreadable

    from pyengine import Value

STORAGE_KEYS = {LearnerKind.MENACE: "pyengine.learn.menace", LearnerKind.TABULAR: "pyengine.learn.tabular"}
SAVE_VERSION = 1
MAX_CURVE = 200  # points kept on a curve: every other one is dropped beyond this


class Trained(Record):
    """A learner and what the page shows of its training."""

    learner: Learner
    history: list[Value]
    """Each game's outcome for the machine, training and games against the person alike."""
    curve: list[tuple[int, float]]
    """(games played, share of perfect positions) at each point drawn."""
    against: str | None
    """The opponent it was set to train against, as saved (None: not said)."""


def to_json(trained: Trained) -> dict[str, object]:
    """What is kept of ``trained``: a JSON value."""
    return {
        "version": SAVE_VERSION,
        "machine": trained.learner.to_json(),
        "history": history_letters(trained.history),
        "curve": trained.curve,
        "against": trained.against,
    }


def from_json(data: Any, kind: LearnerKind, rng: Random) -> Trained:
    """The machine ``to_json`` kept; EngineError (or the TypeError or
    KeyError of a part of the wrong kind), saying why, for anything else."""
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
        raise EngineError("it was saved in another format")
    learner = (Menace if kind is LearnerKind.MENACE else TdLearner).from_json(data["machine"], rng)
    history = list(history_from_letters(data["history"]))
    points = [(int(games), float(share)) for games, share in data["curve"]]
    if len(history) != learner.games:
        raise EngineError("its history does not match its games")
    against = data.get("against")
    return Trained(learner, history, points, against if isinstance(against, str) else None)


def read(kept: Kept, kind: LearnerKind, rng: Random) -> Trained | Unreadable | None:
    """The machine of ``kind`` this browser keeps: None if none (or storage is
    disabled), Unreadable if what it keeps cannot be read."""
    return kept.read_json(STORAGE_KEYS[kind], lambda data: from_json(data, kind, rng))


def write(kept: Kept, kind: LearnerKind, trained: Trained) -> bool:
    """Keep ``trained``; False if the browser would not (storage full or disabled)."""
    return kept.write_json(STORAGE_KEYS[kind], to_json(trained))


def with_point(curve: list[tuple[int, float]], games: int, share: Callable[[], float]) -> list[tuple[int, float]]:
    """``curve`` with the point (``games``, ``share()``) added, unless it has
    one at ``games`` already (``share`` is not called then); beyond MAX_CURVE
    points, every other one of the middle is dropped (the first and the last stay)."""
    if curve and curve[-1][0] == games:
        return curve
    curve = [*curve, (games, share())]
    if len(curve) > MAX_CURVE:
        curve = curve[:1] + curve[1:-1:2] + curve[-1:]
    return curve
