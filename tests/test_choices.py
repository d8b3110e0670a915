"""Sides, levels, modes, learners, opponents and the ladder's entrants are read
from text one way (pyengine/choices.py)."""

from __future__ import annotations

import pytest

from pyengine import Level, Mode, Player
from pyengine.choices import Choice
from pyengine.learning.learner import LearnerKind
from pyengine.learning.training import Entrant, Opponent

KINDS: list[tuple[type[Choice], str]] = [
    (Player, "side"),
    (Level, "level"),
    (Mode, "mode"),
    (LearnerKind, "learner"),
    (Opponent, "opponent"),
    (Entrant, "bot"),
]


@pytest.mark.parametrize(("kind", "noun"), KINDS)
class TestParse:
    def test_every_member_by_its_value_in_any_case(self, kind: type[Choice], noun: str) -> None:
        """Each member is read from its value, in upper, lower or mixed case, with spaces around."""
        for member in kind:
            value = str(member.value)
            for text in (value, value.upper(), value.lower(), value.title(), f"  {value}\t"):
                assert kind.parse(text) is member

    @pytest.mark.parametrize("text", ["", "x o", "grandmaster", "perfectly", "bots"])
    def test_unknown_text_names_the_kind_and_every_choice(self, kind: type[Choice], noun: str, text: str) -> None:
        """A ValueError that says what was wrong and what would have been right."""
        with pytest.raises(ValueError) as caught:
            kind.parse(text)
        message = str(caught.value)
        assert message.startswith(f"unknown {noun} {text!r}: choose one of ")
        assert message.endswith(", ".join(str(member.value) for member in kind))

    @pytest.mark.parametrize("thing", [None, 3, b"X"])
    def test_not_text_is_a_value_error(self, kind: type[Choice], noun: str, thing: object) -> None:
        """Anything that is not text is refused the same way, never with an AttributeError."""
        with pytest.raises(ValueError, match=f"unknown {noun}"):
            kind.parse(thing)  # type: ignore[arg-type]


def test_an_opponent_or_entrant_that_is_a_level_says_which() -> None:
    """The levels are opponents and entrants under their own names; the rest have no level."""
    for kind in (Opponent, Entrant):
        levels = [member.level for member in kind if member.level is not None]
        assert levels == list(Level)
        assert all(member.level is None or member.level.value == member.value for member in kind)
