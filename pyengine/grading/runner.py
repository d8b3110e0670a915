"""A student's code run, and its functions called: raw results out, no judging.

One module serves both places a student's code runs: the checker page's Web
Worker (the page sends its text, which tools/runtime/sandbox.mjs writes beside
site/py/sandbox.py: that worker has no engine) and the command
line's child process (``pyengine check`` starts ``python -I -S`` with this
file's text as its ``-c`` program, in a bubblewrap sandbox). Both hand it
probes and pass what comes back to the judge (pyengine.grading.answers reads
it, pyengine.grading.judges judges it), which runs elsewhere:
the student's code shares this interpreter and could reach anything it
imports. That is why this module imports nothing of the engine: it has its
own small ``Board`` for the ``choose`` form, in both places.

A probe on the wire is ``[function, notation, action]``: ``["result",
"X.O/.X./...", [2, 1]]``. Each call gets a board built for it alone (a list
of three new lists for the CS50 form), so what one call does to its board
cannot leak into the next. An action that is not a pair of ints comes as
``{"given": value}`` and is passed as it is (a list, None, a string); a fourth
item ``true`` runs the code afresh before the call, as the course's checker
imports the file for each test: a function's first call then meets no state
that earlier calls left behind.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import sys
import time
import traceback
from enum import Enum

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import IO

FILENAME = "<your code>"
OUTPUT_LIMIT = 20_000  # characters of printed output kept: an endless print must not fill memory
SHOWN_LIMIT = 80  # characters of a returned value's repr kept for messages
_ENCODE_DEPTH = 4  # a board is a list of lists of strings: three levels; deeper is never a right answer
_ENCODE_ITEMS = 100  # elements of one list, tuple or set encoded; more is never a right answer
_EXACT_INT = 2**53  # the largest int JavaScript carries exactly, for the page's messages
_NOTATION_MARKS = {"X": "X", "O": "O", ".": None}
_NO_INPUT = io.StringIO("")  # input() in the code meets the end of its input at once


class Printed:
    """stdout and stderr for the student's code: the first OUTPUT_LIMIT
    characters, handed on in pieces as they come; the rest is counted away."""

    def __init__(self) -> None:
        self.kept = 0
        self.pending: list[str] = []
        self.cut = False

    def write(self, text: str) -> int:
        room = OUTPUT_LIMIT - self.kept
        if room > 0:
            piece = str(text)[:room]
            self.pending.append(piece)
            self.kept += len(piece)
        if len(text) > room and not self.cut:
            self.cut = True
            self.pending.append("\n[\u2026 the rest is cut]")
        return len(text)

    def flush(self) -> None:
        pass

    def take(self) -> str:
        """What was printed since the last take."""
        if not self.pending:  # the common case: once a call, 70,000 calls a check
            return ""
        text = "".join(self.pending)
        self.pending.clear()
        return text


def error_words(error: BaseException, line: int | None = None) -> str:
    """An error in the student's code, with its line in their code (``line``,
    when it was found already: error_line)."""
    if isinstance(error, SyntaxError):
        return f"Syntax error on line {error.lineno}: {error.msg}."
    line = error_line(error) if line is None else line
    where = "" if line is None else f" on line {line}"
    try:
        said = str(error)
    except BaseException:  # a str() of the student's own exception class may fail too
        said = ""
    if isinstance(error, ImportError) and str(error.name).partition(".")[0] == "pyengine":
        said += " (a checked file cannot use the engine that checks it)"
    return f"{type(error).__name__}{where}: {said}" if said else f"{type(error).__name__}{where}"


def error_line(error: BaseException) -> int | None:
    """The line of the student's code an error came from: its last frame there."""
    if isinstance(error, SyntaxError):
        return error.lineno
    # The frames' own line numbers: traceback.extract_tb would also read each
    # line's text from the file system, 0.3 ms an error here (result() raises
    # on 24,000 taken cells in a check).
    lines = [line for frame, line in traceback.walk_tb(error.__traceback__) if frame.f_code.co_filename == FILENAME]
    return lines[-1] if lines else None


def shown(value: object) -> str:
    """The repr of a returned value, short; a repr that fails is said so."""
    try:
        text = repr(value)
    except BaseException:
        return f"a {type(value).__name__} whose repr() fails"
    return text if len(text) <= SHOWN_LIMIT else text[: SHOWN_LIMIT - 3] + "..."


def encode(value: object, depth: int = 0) -> object:
    """A returned value as JSON, faithful enough for the judge to rebuild it
    and compare with ``==`` (pyengine.grading.answers.decode): lists stay lists, a tuple
    is ``{"tuple": [...]}``, a set ``{"set": [...]}``, anything else
    ``{"other": "its type's name"}``.

    >>> encode({(0, 1)}), encode([["X", None, "O"]]), encode(1.5), encode(print)
    ({'set': [{'tuple': [0, 1]}]}, [['X', None, 'O']], 1.5, {'other': 'builtin_function_or_method'})
    """
    # An exact list or tuple (no code can change its methods) of plain items
    # is taken in one pass: a CS50 board, an action. Every cell through the
    # general path below made encoding a correct file's 42,600 results 1.3x
    # as long, and its 67,113 calls 1.08x (CPython, best of 8, alternating;
    # bench/engine.py --against: "a CS50 check's calls"). Each item is what
    # that path makes of it.
    kind = type(value)
    if (kind is list or kind is tuple) and depth < _ENCODE_DEPTH and len(value) <= _ENCODE_ITEMS:  # type: ignore[arg-type]
        items = [item if _plain(item) else encode(item, depth + 1) for item in value]  # type: ignore[attr-defined]
        return items if kind is list else {"tuple": items}
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value) if abs(value) < _EXACT_INT else {"other": "int"}
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else {"other": "float"}
    if isinstance(value, str):  # a str subclass (a str-valued Enum) compares as its text
        return str.__str__(value)[:SHOWN_LIMIT]
    if isinstance(value, (list, tuple, set, frozenset)) and depth < _ENCODE_DEPTH and len(value) <= _ENCODE_ITEMS:
        items = [encode(item, depth + 1) for item in value]
        if isinstance(value, list):
            return items
        if isinstance(value, tuple):
            return {"tuple": items}
        return {"set": sorted(items, key=json.dumps)}  # sorted: the same set, the same text
    return {"other": type(value).__name__}


def _plain(item: object) -> bool:
    """Whether ``encode`` gives back ``item`` itself: None, an exact bool, a
    short exact str, an exact int JavaScript carries exactly."""
    kind = type(item)
    if kind is str:
        return len(item) <= SHOWN_LIMIT  # type: ignore[arg-type]
    if kind is int:
        return -_EXACT_INT < item < _EXACT_INT  # type: ignore[operator]
    return item is None or kind is bool


def _encoded(value: object) -> object:
    """``encode``, for a value whose own methods (a list subclass's len, say) may fail."""
    try:
        return encode(value)
    except BaseException:
        return {"other": type(value).__name__}


def grid(notation: str) -> list[list[str | None]]:
    """A fresh CS50 board (three new lists) from a 3x3 notation.

    >>> grid("X.O/.X./...")
    [['X', None, 'O'], [None, 'X', None], [None, None, None]]
    """
    cells = _CELLS.get(notation)
    if cells is None:
        cells = _CELLS[notation] = tuple(_NOTATION_MARKS[mark] for mark in notation.replace("/", ""))
    return [list(cells[0:3]), list(cells[3:6]), list(cells[6:9])]


_CELLS: dict[str, tuple[str | None, ...]] = {}  # notation -> its nine marks, read once


def _pristine(notation: str) -> list[list[str | None]]:
    """``grid(notation)`` as a value to compare with, made once and never
    handed to the code (each call's own board is a fresh ``grid``)."""
    board = _GRIDS.get(notation)
    if board is None:
        board = _GRIDS[notation] = grid(notation)
    return board


_GRIDS: dict[str, list[list[str | None]]] = {}


class Player(Enum):
    """A side, as the engine's ``pyengine.Player``: ``str()`` is its letter."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the name of the side

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.O if self is Player.X else Player.X

    def __str__(self) -> str:
        return self.value


_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_PLAYERS = {"X": Player.X, "O": Player.O, ".": None}


class Board:
    """A 3x3 position for the ``choose`` form where the engine is out of
    reach (``pyengine check``): the members the page "Check your own minimax"
    documents for the engine's Board, which it behaves as, immutable and hashable.

    >>> board = Board.parse("XX./OO./...")
    >>> board.to_move, board.legal_moves, board.play(2).winner, board.play(2).is_over
    (<Player.X: 'X'>, (2, 5, 6, 7, 8), <Player.X: 'X'>, True)
    >>> str(board.play(5)), board[0], len(set([board, Board.parse("XX.OO....")]))
    ('XX./OOX/...', <Player.X: 'X'>, 1)
    """

    __slots__ = ("marks",)
    marks: tuple[Player | None, ...]

    def __init__(self, marks: tuple[Player | None, ...]) -> None:
        object.__setattr__(self, "marks", marks)

    @classmethod
    def parse(cls, notation: str) -> Board:
        """The board the probe's notation writes (``X``, ``O``, ``.``; ``/`` between rows)."""
        return cls(tuple(_PLAYERS[mark] for mark in notation.replace("/", "")))

    @property
    def winner(self) -> Player | None:
        """The side with three in a row, or None."""
        marks = self.marks
        for a, b, c in _LINES:
            if marks[a] is not None and marks[a] is marks[b] is marks[c]:
                return marks[a]
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: a side has won, or no cell is empty."""
        return None not in self.marks or self.winner is not None

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return 9 - self.marks.count(None)

    @property
    def to_move(self) -> Player | None:
        """The side to move, None once the game is over."""
        if self.is_over:
            return None
        return Player.X if self.ply % 2 == 0 else Player.O

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The empty cells, 0-8 row by row; none once the game is over."""
        return () if self.is_over else tuple(cell for cell, mark in enumerate(self.marks) if mark is None)

    def play(self, cell: int) -> Board:
        """The board after the side to move plays ``cell`` (a new board)."""
        if cell not in self.legal_moves:
            raise ValueError(f"cell {cell!r} is not a legal move on {self}")
        return Board((*self.marks[:cell], self.to_move, *self.marks[cell + 1 :]))

    def __getitem__(self, cell: int) -> Player | None:
        return self.marks[cell]

    def __iter__(self) -> Iterator[Player | None]:
        return iter(self.marks)

    def __hash__(self) -> int:
        return hash(self.marks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.marks == self.marks

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Board cannot be changed: play() returns a new one")

    def __str__(self) -> str:
        text = "".join("." if mark is None else mark.value for mark in self.marks)
        return f"{text[0:3]}/{text[3:6]}/{text[6:9]}"

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"


def _shares_rows(function: str, given: object, returned: object) -> bool:
    """Whether a returned board shares a row object: result's with the board it
    was given (or is that board), reported for the judge, which fails only a
    change to the given board; initial_state's rows with one another
    (``[[EMPTY] * 3] * 3``), which fails."""
    if function == "initial_state":
        rows = returned if isinstance(returned, (list, tuple)) else ()
        return len({id(row) for row in rows if isinstance(row, list)}) < sum(isinstance(row, list) for row in rows)
    if function != "result" or not isinstance(given, list):
        return False
    if returned is given:
        return True
    return isinstance(returned, (list, tuple)) and any(item is row for item in returned for row in given)


class Runner:
    """The student's code, run once, and its functions called probe by probe.

    Each method returns a dict that JSON carries (the worker posts it, the
    command line's child prints it as a line).
    """

    def __init__(self, code: str, board_of: Callable[[str], object] | None = None) -> None:
        self.code = code
        self.board_of = board_of or Board.parse
        """What a ``choose`` call is given, from the probe's notation."""
        self.printed = Printed()
        self.namespace: dict[str, object] = {}
        self.previous_start: object = None
        """What initial_state() last returned: its next call must share no list with it."""

    def load(self) -> dict[str, object]:
        """Run the code once: the callables it defines, what it printed, and
        the error that stopped it, if one did."""
        answer: dict[str, object] = {}
        error = self._run()
        if error is not None:
            answer["error"] = error_words(error)
        answer["names"] = sorted(name for name, value in self.namespace.items() if callable(value))
        answer["printed"] = self.printed.take()
        return answer

    def _run(self) -> BaseException | None:
        """Run the code in a new namespace; the error that stopped it, if one did."""
        self.namespace = {"__name__": "tictactoe"}  # the name the course's runner.py imports it by
        self.previous_start = None
        try:
            compiled = compile(self.code, FILENAME, "exec")
            with self._captured():
                exec(compiled, self.namespace)
        except BaseException as error:  # the student's code may raise anything, SystemExit included
            return error
        return None

    def call(self, probe: list[object]) -> dict[str, object]:
        """Call one of the code's functions as ``probe`` says, on a fresh board."""
        function, notation, action = str(probe[0]), str(probe[1]), probe[2]
        answer: dict[str, object] = {}
        if len(probe) > 3 and probe[3]:
            error = self._run()
            if error is not None:  # it ran before: failing now is the code's doing, and this call's
                line = error_line(error)
                words = error_words(error, line)
                return {"raised": type(error).__name__, "line": line, "error": words, "printed": self.printed.take()}
        given, arguments = self._arguments(function, notation, action)
        if function == "initial_state":
            given = self.previous_start
        # The streams swapped by hand, not by contextlib's redirects: this
        # runs 67,000 times a check, and the swap is three assignments.
        saved = sys.stdout, sys.stderr, sys.stdin
        sys.stdout = sys.stderr = self.printed
        sys.stdin = _NO_INPUT
        started = time.perf_counter()
        try:
            returned = self.namespace[function](*arguments)  # type: ignore[operator]
        except BaseException as error:
            answer["ms"] = round((time.perf_counter() - started) * 1000, 3)
            answer["raised"] = type(error).__name__
            answer["line"] = line = error_line(error)
            answer["error"] = error_words(error, line)
            if not isinstance(error, Exception):
                answer["exit"] = True
        else:
            answer["ms"] = round((time.perf_counter() - started) * 1000, 3)
            answer["returned"] = _encoded(returned)
            answer["shown"] = shown(returned)  # its repr is the student's code too: printing there is kept
            if _shares_rows(function, given, returned):
                answer["shared"] = True
            if function == "initial_state":
                if given is not None and _shares_rows("result", given, returned):
                    answer["repeated"] = True  # the same board as its last call's, or one of its rows
                self.previous_start = returned
        finally:
            sys.stdout, sys.stderr, sys.stdin = saved
        if function == "result" and given != _pristine(notation):
            answer["changed"] = True
        answer["printed"] = self.printed.take()
        return answer

    def calls(self, probes: Iterable[list[object]]) -> Iterator[dict[str, object]]:
        """``call`` on each probe in turn, each answer as soon as it is made."""
        for probe in probes:
            yield self.call(probe)

    def _arguments(self, function: str, notation: str, action: object) -> tuple[object, tuple[object, ...]]:
        """The board a call is given, and all its arguments."""
        if function == "initial_state":
            return None, ()
        if function == "choose":
            board: object = self.board_of(notation)
        else:
            board = grid(notation)
        if action is None:
            return board, (board,)
        if isinstance(action, dict):  # an action that is not a pair: a list, None, a string, as it is
            return board, (board, action.get("given"))
        return board, (board, tuple(action))  # type: ignore[arg-type]

    @contextlib.contextmanager
    def _captured(self) -> Iterator[None]:
        """The code's prints to ``printed``; an empty standard input."""
        saved = sys.stdout, sys.stderr, sys.stdin
        sys.stdout = sys.stderr = self.printed
        sys.stdin = _NO_INPUT
        try:
            yield
        finally:
            sys.stdout, sys.stderr, sys.stdin = saved


def serve(requests: IO[str], out: IO[str]) -> None:
    """The command line's child: the first line of ``requests`` is
    ``{"code": ..., "token": ..., "limits": {"AS": bytes, ...}}``; set the
    limits, load the code, then answer each probe of each later line (a JSON
    list of probes) with one line on ``out``, flushed at once, so that the
    parent knows which call is under way when this process stops answering.

    Every line starts with the run's token, a random string the parent makes
    for this process alone: a line the code writes on the channel's descriptor
    (it may write on every descriptor it has) lacks it, and the parent takes
    the first such line as the code's doing and fails the file. The token is
    a guard against lines written blindly, not a secret from code that reads
    this module's own variables: such code could as well answer for itself,
    and only ever makes its own file pass or fail."""
    asked = json.loads(requests.readline())
    token = str(asked.get("token", ""))
    limits = asked.get("limits") or {}
    for name, limit in limits.items():
        _limit(name, limit)
    runner = Runner(str(asked["code"]))
    _send(out, token, {"kind": "ready"})  # the code's own time starts now
    _send(out, token, {"kind": "loaded", **runner.load()})
    for line in requests:
        for probe in json.loads(line):
            _send(out, token, {"kind": "called", **runner.call(probe)})


def _limit(name: object, limit: object) -> None:
    """Cap one of this process's resources (``"AS"``: RLIMIT_AS...) where the system allows it (POSIX)."""
    if not isinstance(limit, int):
        return
    try:
        import resource  # POSIX only; Pyodide and Windows have none
    except ImportError:
        return
    which = getattr(resource, f"RLIMIT_{name}", None)
    if isinstance(which, int):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (limit, limit))


def _send(out: IO[str], token: str, message: dict[str, object]) -> None:
    out.write(token + json.dumps(message) + "\n")
    out.flush()


def main() -> None:
    """The child's program (this file's text, run as ``python -I -S -c``):
    requests on standard input, answers on standard output, through
    descriptors of this module's own: the code's writes to descriptors 1 and 2
    go nowhere, and it reads an empty input."""
    import os

    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    nowhere = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(nowhere, descriptor)
    serve(requests, out)


if __name__ == "__main__":
    main()
