"""A student's code run, and its functions called: raw results out, no judging.

One module serves both places a student's code runs: the checker page's Web
Worker (site/py/sandbox.py imports it from the engine's zip) and the command
line's child process (``python -m pyengine.grading.runner``, started by cli/check_command.py
for each file). Both hand it probes and pass what comes back to the judge
(pyengine.grading.cs50, or pyengine.grading.chooseform for the ``choose`` form), which runs
elsewhere: the student's code shares this interpreter and could reach
anything it imports. That is why this module imports nothing from the engine
at the top; the ``choose`` form's boards come from pyengine.board, imported
when that form is first probed.

A probe on the wire is ``[function, notation, action]``: ``["result",
"X.O/.X./...", [2, 1]]``. Each call gets a board built for it alone (a list
of three new lists for the CS50 form), so what one call does to its board
cannot leak into the next.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import sys
import time
import traceback

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
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
        text = "".join(self.pending)
        self.pending.clear()
        return text


def error_words(error: BaseException) -> str:
    """An error in the student's code, with its line in their code."""
    if isinstance(error, SyntaxError):
        return f"Syntax error on line {error.lineno}: {error.msg}."
    # The frames' own line numbers: traceback.extract_tb would also read each
    # line's text from the file system, 0.3 ms an error here (result() raises
    # on 24,000 taken cells in a check).
    frames = traceback.walk_tb(error.__traceback__)
    lines = [line for frame, line in frames if frame.f_code.co_filename == FILENAME]
    where = f" on line {lines[-1]}" if lines else ""
    try:
        said = str(error)
    except BaseException:  # a str() of the student's own exception class may fail too
        said = ""
    return f"{type(error).__name__}{where}: {said}" if said else f"{type(error).__name__}{where}"


def shown(value: object) -> str:
    """The repr of a returned value, short; a repr that fails is said so."""
    try:
        text = repr(value)
    except BaseException:
        return f"a {type(value).__name__} whose repr() fails"
    return text if len(text) <= SHOWN_LIMIT else text[: SHOWN_LIMIT - 3] + "..."


def encode(value: object, depth: int = 0) -> object:
    """A returned value as JSON, faithful enough for the judge to rebuild it
    and compare with ``==`` (pyengine.grading.cs50.decode): lists stay lists, a tuple
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

    def __init__(self, code: str) -> None:
        self.code = code
        self.printed = Printed()
        self.namespace: dict[str, object] = {}

    def load(self) -> dict[str, object]:
        """Run the code once: the callables it defines, what it printed, and
        the error that stopped it, if one did."""
        self.namespace = {"__name__": "tictactoe"}  # the name the course's runner.py imports it by
        answer: dict[str, object] = {}
        try:
            compiled = compile(self.code, FILENAME, "exec")
            with self._captured():
                exec(compiled, self.namespace)
        except BaseException as error:  # the student's code may raise anything, SystemExit included
            answer["error"] = error_words(error)
        answer["names"] = sorted(name for name, value in self.namespace.items() if callable(value))
        answer["printed"] = self.printed.take()
        return answer

    def call(self, probe: list[object]) -> dict[str, object]:
        """Call one of the code's functions as ``probe`` says, on a fresh board."""
        function, notation, action = str(probe[0]), str(probe[1]), probe[2]
        given, arguments = self._arguments(function, notation, action)
        answer: dict[str, object] = {}
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
            answer["error"] = error_words(error)
            if not isinstance(error, Exception):
                answer["exit"] = True
        else:
            answer["ms"] = round((time.perf_counter() - started) * 1000, 3)
            answer["returned"] = _encoded(returned)
            answer["shown"] = shown(returned)  # its repr is the student's code too: printing there is kept
            if _shares_rows(function, given, returned):
                answer["shared"] = True
        finally:
            sys.stdout, sys.stderr, sys.stdin = saved
        if function == "result" and given != grid(notation):
            answer["changed"] = True
        answer["printed"] = self.printed.take()
        return answer

    def calls(self, probes: Iterable[list[object]]) -> Iterator[dict[str, object]]:
        """``call`` on each probe in turn, each answer as soon as it is made."""
        for probe in probes:
            yield self.call(probe)

    @staticmethod
    def _arguments(function: str, notation: str, action: object) -> tuple[object, tuple[object, ...]]:
        """The board a call is given, and all its arguments."""
        if function == "initial_state":
            return None, ()
        if function == "choose":
            from pyengine.board import Board  # the choose form's reader works on the engine's boards

            board: object = Board.parse(notation)
        else:
            board = grid(notation)
        if action is None:
            return board, (board,)
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
    ``{"code": ..., "memory": bytes or null}``; load the code, then answer
    each probe of each later line (a JSON list of probes) with one JSON line
    on ``out``, flushed at once, so that the parent knows which call is under
    way when this process stops answering."""
    asked = json.loads(requests.readline())
    _limit_memory(asked.get("memory"))
    runner = Runner(str(asked["code"]))
    _send(out, {"kind": "ready"})  # the code's own time starts now
    _send(out, {"kind": "loaded", **runner.load()})
    for line in requests:
        for probe in json.loads(line):
            _send(out, {"kind": "called", **runner.call(probe)})


def _limit_memory(limit: object) -> None:
    """Cap this process's address space where the system allows it (POSIX)."""
    if not isinstance(limit, int):
        return
    try:
        import resource  # POSIX only; Pyodide and Windows have none
    except ImportError:
        return
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _send(out: IO[str], message: dict[str, object]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def main() -> None:
    """``python -m pyengine.grading.runner``: requests on standard input, answers on
    standard output, through descriptors of this module's own: the code's
    writes to descriptors 1 and 2 go nowhere, and it reads an empty input."""
    import os

    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    nowhere = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(nowhere, descriptor)
    serve(requests, out)


if __name__ == "__main__":
    main()
