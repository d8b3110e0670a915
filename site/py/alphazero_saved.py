"""AlphaZero's run on the learners' page as this browser keeps it, with no DOM
(tests/test_alphazero_saved.py): each finished iteration's marks and its
network's weights, so that a reload finds the run and any saved iteration
can be shown and played again.

One JSON object under ``KEY``::

    {"version": 1, "seed": 1,
     "points": [{"iteration", "games", "network", "search", "value_error",
                 "never_loses", "seconds"}, ...],
     "machines": [<AlphaZero.to_json, its weights rounded>, ...]}

one machine for each point, in the same order. ``read`` gives it back as a
``Run``, or None when nothing is kept, or a ``saved.Unreadable`` saying why
in words: the page says it and starts a fresh run in its place.
"""

from __future__ import annotations

from random import Random

from pyengine import EngineError
from pyengine.learning.alphazero import AlphaZero
from pyengine.records import Record

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from typing import Any

    from saved import Kept, Unreadable

KEY = "pyengine.learn.alphazero"
VERSION = 1
MAX_KEPT = 30  # iterations kept: beyond this, every other one of the middle goes (the first and the last stay)
DIGITS = 6  # significant digits a weight is kept to: a third of the text, the same moves


class Point(Record):
    """One finished iteration's marks (``pyengine.learning.alphazero.Marks``, in short)."""

    iteration: int
    games: int
    network: float
    """The share of the 4,298 positions where the network's favourite move keeps the exact value."""
    search: float
    """The same for the search's move."""
    value_error: float
    """The value head's mean absolute error against the exact values."""
    never_loses: bool
    """Whether the search loses no game as X or as O, whatever the replies."""
    seconds: float
    """How long the iteration took in the worker, marking included (0 for the untrained marks)."""


class Run(Record):
    """A run as kept: its seed, and each finished iteration's marks and machine."""

    seed: int
    points: list[Point]
    machines: list[dict[str, Any]]
    """``AlphaZero.to_json`` of each point's machine."""

    @property
    def last(self) -> Point | None:
        return self.points[-1] if self.points else None

    def machine(self, index: int) -> AlphaZero:
        """The machine of the ``index``-th point, ready to play."""
        return AlphaZero.from_json(self.machines[index], Random(self.seed))


def fresh(seed: int) -> Run:
    """A run with nothing done yet."""
    return Run(seed, [], [])


def point_of(answer: dict[str, Any]) -> Point:
    """The point of a worker's ``iteration`` answer (alphazero_train.py's)."""
    marks = answer["marks"]
    return Point(
        int(marks["iteration"]),
        int(marks["games"]),
        float(marks["perfect_share"]),
        float(marks["search_share"]),
        float(marks["value_error"]),
        bool(marks["search_never_loses"]),
        float(answer["seconds"]),
    )


def rounded(value: Any) -> Any:
    """``value`` with every float in it kept to DIGITS significant digits."""
    if isinstance(value, float):
        return float(f"{value:.{DIGITS}g}")
    if isinstance(value, list):
        return [rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    return value


def with_iteration(run: Run, answer: dict[str, Any]) -> Run:
    """``run`` with a worker's ``iteration`` answer added (its weights rounded);
    beyond MAX_KEPT, every other iteration of the middle is dropped."""
    point = point_of(answer)
    if run.points and run.points[-1].iteration >= point.iteration:
        raise EngineError(f"iteration {point.iteration} comes after iteration {run.points[-1].iteration}")
    points = [*run.points, point]
    machines = [*run.machines, {**answer["machine"], "network": rounded(answer["machine"]["network"])}]
    if len(points) > MAX_KEPT:
        keep = [0, *range(1, len(points) - 1, 2), len(points) - 1]
        points, machines = [points[i] for i in keep], [machines[i] for i in keep]
    return Run(run.seed, points, machines)


def to_json(run: Run) -> dict[str, Any]:
    """What is kept of ``run``: a JSON value."""
    return {
        "version": VERSION,
        "seed": run.seed,
        "points": [point._asdict() for point in run.points],
        "machines": run.machines,
    }


def _point(data: Any) -> Point:
    if not isinstance(data, dict) or set(data) != set(Point._fields):
        raise EngineError("a point is not an iteration's marks")
    numbers = [data[name] for name in ("network", "search", "value_error", "seconds")]
    if any(type(v) not in (int, float) or not 0 <= v < 1e6 for v in numbers):
        raise EngineError("a mark is not a number")
    if any(type(data[name]) is not int or data[name] < 0 for name in ("iteration", "games")):
        raise EngineError("an iteration or a count of games is not a whole number")
    if type(data["never_loses"]) is not bool:
        raise EngineError("'never loses' is not true or false")
    return Point(**data)


def from_json(data: Any) -> Run:
    """The run ``to_json`` kept; EngineError, saying why, for anything else
    (each machine is read back, and must be its point's iteration)."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise EngineError("it was saved in another format")
    seed, points, machines = data.get("seed"), data.get("points"), data.get("machines")
    if type(seed) is not int:
        raise EngineError("its seed is not a whole number")
    if not isinstance(points, list) or not isinstance(machines, list) or len(points) != len(machines):
        raise EngineError("its iterations and its networks do not pair up")
    run = Run(seed, [_point(p) for p in points], machines)
    iterations = [p.iteration for p in run.points]
    if iterations != sorted(set(iterations)):
        raise EngineError("its iterations are not in order")
    for index, point in enumerate(run.points):
        if run.machine(index).iterations != point.iteration:
            raise EngineError(f"the network kept for iteration {point.iteration} is another iteration's")
    return run


def read(kept: Kept) -> Run | Unreadable | None:
    """The run this browser keeps: None if none (or storage is disabled),
    Unreadable if what it keeps cannot be read."""
    return kept.read_json(KEY, from_json)


def write(kept: Kept, run: Run) -> bool:
    """Keep ``run``; False if the browser would not (storage full or disabled)."""
    return kept.write_json(KEY, to_json(run))


def forget(kept: Kept) -> bool:
    """Keep an empty run in place of the one kept (a fresh start survives a reload too)."""
    return kept.write(KEY, "")
