"""Choices read from text: sides, levels and modes, parsed the one same way.

Text comes in at the edges only (the command line's arguments, the page's
address and form); everything inside the engine takes the enum members. The
public functions that take a choice read it with ``parse``, so they take the
member or its name alike: ``bot("perfect")`` is ``bot(Level.PERFECT)``.

>>> from pyengine import Level
>>> Level.parse(" Perfect ")
<Level.PERFECT: 'perfect'>
>>> Level.parse("grandmaster")
Traceback (most recent call last):
...
pyengine.errors.UnknownChoiceError: unknown level 'grandmaster': choose one of random, easy, medium, perfect
"""

from __future__ import annotations

from .errors import UnknownChoiceError

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from enum import Enum as _Mixin  # what the mixin is always mixed into
    from typing import TypeVar

    C = TypeVar("C", bound="Choice")
else:
    _Mixin = object


# A mixin rather than an Enum base: one more Enum class costs the cold start
# about 0.25 ms, by ``python -X importtime``.
class Choice(_Mixin):
    """A mixin for an enum whose members are named by their values in any case.

    An enum says what one of its members is called in messages:
    ``class Level(Choice, Enum, noun="level")``.
    """

    _noun: str

    def __init_subclass__(cls, noun: str = "", **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._noun = noun or cls.__name__.lower()

    @classmethod
    def parse(cls: type[C], text: C | str) -> C:
        """The member whose value is ``text``, in any case and with spaces
        around it, or ``text`` itself when it is a member already;
        UnknownChoiceError, which lists the choices, otherwise."""
        if isinstance(text, cls):
            return text
        wanted = text.strip().casefold() if isinstance(text, str) else None
        for member in cls:
            if str(member.value).casefold() == wanted:
                return member
        raise UnknownChoiceError(cls._noun, text, tuple(str(member.value) for member in cls))
