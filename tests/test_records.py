"""Records (pyengine/records.py) behave as typing.NamedTuple says they do."""

from __future__ import annotations

import copy
import pickle

import pytest

from pyengine import SYMMETRIES, Analysis, Board, Facts, MatchResult, MoveAnalysis, Symmetry, Value, analyze
from pyengine.records import Record


class Point(Record):
    x: int
    y: int
    label: str = "here"


class TestRecord:
    def test_fields_positions_and_defaults(self) -> None:
        """Positional, keyword and default values land in the declared order."""
        assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2, label="here") == (1, 2, "here")
        assert Point(1, 2, "there").label == "there"
        assert Point._fields == ("x", "y", "label") and Point._field_defaults == {"label": "here"}

    def test_equality_hash_and_order_come_from_the_fields(self) -> None:
        """Equal fields, equal records and hashes; a different field, a different record."""
        assert Point(1, 2) == Point(1, 2) and hash(Point(1, 2)) == hash(Point(1, 2))
        assert Point(1, 2) != Point(1, 3)
        assert sorted([Point(2, 0), Point(1, 5)]) == [Point(1, 5), Point(2, 0)]

    def test_immutable(self) -> None:
        point = Point(1, 2)
        with pytest.raises(AttributeError):
            point.x = 5  # type: ignore[misc]
        with pytest.raises(AttributeError):
            point.z = 5  # type: ignore[attr-defined]

    def test_repr_asdict_replace_pickle_copy(self) -> None:
        point = Point(1, 2)
        assert repr(point) == "Point(x=1, y=2, label='here')"
        assert point._asdict() == {"x": 1, "y": 2, "label": "here"}
        assert point._replace(y=7) == Point(1, 7)
        assert pickle.loads(pickle.dumps(point)) == point == copy.deepcopy(point)

    @pytest.mark.parametrize(
        ("args", "kwargs", "words"),
        [
            ((1,), {}, "missing y"),
            ((1, 2, "a", 4), {}, "each once"),
            ((1,), {"x": 2, "y": 3}, "each once"),
            ((), {"x": 1, "y": 2, "z": 3}, "each once"),
        ],
    )
    def test_wrong_fields_are_type_errors(
        self, args: tuple[object, ...], kwargs: dict[str, object], words: str
    ) -> None:
        """As with any class: a TypeError that names the problem."""
        with pytest.raises(TypeError, match=words):
            Point(*args, **kwargs)


def test_the_engines_records_are_records() -> None:
    """Every record the engine returns is a tuple of its fields, so no hand-written
    equality or hash can drift from the fields again."""
    analysis = analyze(Board.parse("XX./OO./..."))
    move = analysis.move(2)
    examples: list[tuple[object, tuple[str, ...]]] = [
        (analysis, ("board", "value", "plies", "moves", "best")),
        (move, ("cell", "value", "plies")),
        (SYMMETRIES[0], ("name", "perm")),
        (MatchResult(games=1, x_wins=1, o_wins=0, draws=0), ("games", "x_wins", "o_wins", "draws")),
    ]
    for record, fields in examples:
        assert isinstance(record, tuple) and type(record)._fields == fields  # type: ignore[attr-defined]
        assert record == type(record)(*record) and hash(record) == hash(type(record)(*record))
    assert move == MoveAnalysis(cell=2, value=Value.WIN, plies=1)
    assert isinstance(analysis, Analysis) and isinstance(SYMMETRIES[0], Symmetry)
    assert Facts._fields[0] == "games"
