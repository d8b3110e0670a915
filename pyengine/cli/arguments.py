"""What every module of the command line shares: the one bad-input path and
the argparse types.

``commands`` builds the parser and registers each module's subcommands (its
own, ``learn_commands``'...); a subcommand reads its arguments with the types
here and, on bad input, raises ``UsageError`` or lets an ``EngineError`` out.
``commands.main`` turns either into one line on standard error and exit status
``BAD_INPUT``, never a traceback. A module of subcommands imports this one,
never ``commands``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, NoReturn

from ..board import Board
from ..errors import EngineError, UnknownChoiceError
from ..geometry import parse_size

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final, TypeVar

    from ..choices import Choice

    C = TypeVar("C", bound=Choice)
    T = TypeVar("T")

PROG: Final = "pyengine"
BAD_INPUT: Final = 2
"""The exit status of bad input, whatever the subcommand."""


class UsageError(Exception):
    """Input the command line cannot act on; the message is shown as it is, after ``prog``."""

    def __init__(self, message: str, prog: str = PROG) -> None:
        super().__init__(message)
        self.prog = prog
        """The command that refused it: ``pyengine``, or ``pyengine learn``..."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is a UsageError (one line, from ``main``), not a usage dump and an exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see --help)", self.prog)


def position(text: str) -> Board:
    """A position read from the command line; UsageError saying why it is none."""
    try:
        return Board.parse(text)
    except EngineError as error:
        raise UsageError(f"bad position: {error}") from None


def reader(read: Callable[[str], T]) -> Callable[[str], T]:
    """An argparse type made of ``read``, which names a choice (or raises
    UnknownChoiceError, whose message lists the choices)."""

    def parse(text: str) -> T:
        try:
            return read(text)
        except UnknownChoiceError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def choice(kind: type[C]) -> Callable[[str], C]:
    """An argparse type that reads a member of ``kind`` (a side, level, learner...)."""
    return reader(kind.parse)


def count(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def seed(text: str) -> int:
    """An argparse type: a whole number, any sign."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


SIZE_HELP: Final = "3 (default) for 3x3, three in a row; 4 for 4x4, four in a row"


def size(text: str) -> int:
    """An argparse type for --size: one of the sizes the engine plays."""
    try:
        return parse_size(text)
    except EngineError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def progress_bar(total: int, unit: str) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A bar on stderr counting ``total`` ``unit``s when a person is watching it;
    nothing otherwise. Returns the advance (None without a bar) and the close."""
    if not sys.stderr.isatty():
        return None, lambda: None
    try:
        from tqdm import tqdm  # the CLI's only dependency, loaded only here
    except ImportError:
        return None, lambda: None
    # delay: a quick run finishes before any bar is drawn
    bar = tqdm(total=total, unit=unit, file=sys.stderr, delay=0.5, leave=False)

    def advance(done: int) -> None:
        bar.update(done)

    return advance, bar.close
