"""The runner's answers, read once at the edge into typed values.

pyengine.grading.runner answers each probe with a dict that JSON carries (the
page's worker posts it, the command line's child writes it as a line). Here
it becomes one of a few records, and nothing past this module reads the
dict: ``Returned`` (a value, rebuilt from the runner's encoding),
``Raised`` (an exception: its type, its line in the student's code, its
words), and what the transport says when no answer came: ``TimedOut`` (the
call ran past its budget), ``Ended`` (the process running the code ended)
and ``Refused`` (a line on the runner's channel that the runner did not
write, which the transport will not read as an answer).
"""

from __future__ import annotations

from ..records import Record

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TypeAlias


class Opaque:
    """A returned value the runner did not carry (a dict, a function...):
    equal to nothing but itself."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"<a {self.kind}>"


def decode(encoded: object) -> object:
    """The Python value pyengine.grading.runner.encode described. A list is
    decoded where it stands: the encoding is the edge's own (parsed JSON, or
    the runner's fresh lists), and a CS50 board, lists of plain marks, then
    costs one look at each item and no copy (45,000 result answers a check).

    >>> decode({"set": [{"tuple": [0, 1]}]}), decode([["X", None, "O"]])
    ({(0, 1)}, [['X', None, 'O']])
    """
    kind = type(encoded)
    if kind is list:
        items: list[object] = encoded  # type: ignore[assignment]
        for index, item in enumerate(items):
            inner = type(item)
            if inner is list:
                for part in item:  # type: ignore[attr-defined]  # a row of plain marks needs no call
                    if type(part) is list or type(part) is dict:
                        items[index] = decode(item)
                        break
            elif inner is dict:
                items[index] = decode(item)
        return items
    if kind is dict:
        described: dict[str, object] = encoded  # type: ignore[assignment]
        if "tuple" in described:
            return tuple(decode(item) for item in described["tuple"])  # type: ignore[attr-defined]
        if "set" in described:
            members = [decode(item) for item in described["set"]]  # type: ignore[attr-defined]
            return set(members) if all(_hashable(item) for item in members) else Opaque("set")
        return Opaque(str(described.get("other", "value")))
    return encoded


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


class Returned(Record):
    """The call returned."""

    value: object
    """What it returned, rebuilt: lists, tuples, sets and plain values as
    they were; anything else an ``Opaque``."""
    shown: str
    """Its repr, cut short, as the student reads it."""
    shared: bool = False
    """A board that shares a row: initial_state's rows with one another,
    result's answer with the board it was given (which alone passes)."""
    repeated: bool = False
    """initial_state's board is its last call's, or holds one of its rows."""
    changed: bool = False
    """result changed the board it was given."""
    ms: float = 0.0
    """How long the call took, in milliseconds."""


class Raised(Record):
    """The call raised."""

    type: str
    """The exception's type's name: ``"ValueError"``."""
    line: int | None
    """Its line in the student's code, when it came from there."""
    words: str
    """The exception as the student reads it: ``"ValueError on line 3: taken"``."""
    exits: bool = False
    """Whether it ends a program (SystemExit, KeyboardInterrupt): no exception to raise on purpose."""
    ms: float = 0.0


class TimedOut(Record):
    """No answer within the call's budget: the transport stopped waiting."""

    budget_s: float


class Ended(Record):
    """The process running the code ended under the call."""

    words: str
    """How it ended: ``"Python was stopped by signal SIGKILL"``."""


class Refused(Record):
    """A line on the runner's channel that the runner did not write (or too
    long to be an answer): the code wrote there, and it is not read."""

    words: str


if TYPE_CHECKING:
    Answer: TypeAlias = Returned | Raised | TimedOut | Ended | Refused


def answer_of(raw: Mapping[str, object]) -> Returned | Raised:
    """The runner's answer to a call, decoded: what the call returned or raised."""
    # 71,642 answers a check: the records are made with all their fields
    # (Record's checks of a partial call skipped), and the runner's flags,
    # present only when true, are read as such.
    ms = raw.get("ms", 0.0)
    if type(ms) is not float:
        ms = float(ms) if isinstance(ms, int) else 0.0
    if "raised" in raw:
        line = raw.get("line")
        fields: tuple[object, ...] = (
            str(raw["raised"]),
            line if type(line) is int else None,
            str(raw.get("error", "")),
            raw.get("exit") is True,
            ms,
        )
        return tuple.__new__(Raised, fields)
    shown = raw.get("shown")
    fields = (
        decode(raw.get("returned")),
        shown if type(shown) is str else str(shown),
        raw.get("shared") is True,
        raw.get("repeated") is True,
        raw.get("changed") is True,
        ms,
    )
    return tuple.__new__(Returned, fields)
