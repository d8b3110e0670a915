"""The engine's errors: one family, so ``except EngineError`` catches bad input and nothing else.

Every error that bad input to the public API can raise is an ``EngineError``,
itself a ``ValueError``. A subclass says which kind of mistake it was, and
attributes carry the details a caller may need, so no caller reads a message
to decide what to do:

- ``UnknownChoiceError``: text that names no side, level, mode... (``noun``,
  ``given``, ``choices``);
- ``InvalidSizeError``: a board size the engine does not play (``given``, ``sizes``);
- ``InvalidPositionError``: text or masks that are not a position of a legal
  game (``problems``: every reason, in words);
- ``IllegalMoveError``: a move the rules forbid (``cell``, ``reason``).

>>> from pyengine import Level
>>> try:
...     Level.parse("grandmaster")
... except UnknownChoiceError as error:
...     error.choices
('random', 'easy', 'medium', 'perfect')
"""

from __future__ import annotations

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final


class EngineError(ValueError):
    """Base of the engine's errors: the input broke a rule; the message says which."""


class UnknownChoiceError(EngineError):
    """Text that names none of an enum's members (a side, level, mode...)."""

    def __init__(self, noun: str, given: object, choices: tuple[str, ...]) -> None:
        super().__init__(f"unknown {noun} {given!r}: choose one of {', '.join(choices)}")
        self.noun = noun
        """What was asked for: ``"level"``, ``"side"``..."""
        self.given = given
        """What was given instead."""
        self.choices = choices
        """The names that would have been understood, in order."""


class InvalidSizeError(EngineError):
    """A board size the engine does not play."""

    def __init__(self, message: str, given: object, sizes: tuple[int, ...]) -> None:
        super().__init__(message)
        self.given = given
        """The size (or text) given."""
        self.sizes = sizes
        """The sizes the engine plays."""


class InvalidPositionError(EngineError):
    """Text or masks that are not a position of a legal game: malformed, or impossible."""

    def __init__(self, *problems: str) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        """Every reason found, in words (one for malformed text)."""


# Why a move is illegal: the ``reason`` of an IllegalMoveError. Plain strings
# under names rather than an Enum: one more Enum class costs every cold start
# about 0.25 ms (see choices.py), and these are only ever compared.
OFF_BOARD: Final = "off the board"
TAKEN: Final = "taken"
GAME_OVER: Final = "game over"
NOT_YOUR_TURN: Final = "not your turn"
INCOMPLETE: Final = "incomplete"


class IllegalMoveError(EngineError):
    """A move the rules forbid: off the board, on a taken cell, out of turn, or after the end."""

    def __init__(self, message: str, cell: object = None, reason: str = "") -> None:
        super().__init__(message)
        self.cell = cell
        """The cell asked for (None when no cell was named)."""
        self.reason = reason
        """Which rule it broke: ``OFF_BOARD``, ``TAKEN``, ``GAME_OVER``,
        ``NOT_YOUR_TURN`` (a person's move on the bot's turn or the other way
        round), or ``INCOMPLETE`` (moves that are not all of a position's)."""
