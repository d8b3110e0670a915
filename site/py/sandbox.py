"""The reader's code for "Check your own minimax", in a Web Worker of its own.

The page never runs this module: tools/sandbox.mjs starts a Pyodide of its
own in a dedicated worker, unpacks the engine beside this file and imports
it. The page (checker.py) sends the reader's code and the positions; this
module runs the code once, then its choose() on each position, and says what
came back (a cell, or the repr of anything else), what was printed and the
first error, in words. It judges nothing: the grading stays on the page, in
pyengine.grading. Bounds live on the page too: it terminates this worker when
a call takes too long, which no code run here can prevent.
"""

from __future__ import annotations

import contextlib
import json
import time
import traceback

from pyengine import Board

OUTPUT_LIMIT = 20_000  # characters of printed output kept: an endless print must not fill the worker
FILENAME = "<your code>"


class Printed:
    """stdout for the reader's code: the first OUTPUT_LIMIT characters, handed
    on in pieces as they come."""

    def __init__(self) -> None:
        self.kept = 0
        self.pending: list[str] = []
        self.cut = False

    def write(self, text: str) -> int:
        room = OUTPUT_LIMIT - self.kept
        if room > 0:
            piece = text[:room]
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
    """An error in the reader's code, with its line in their code."""
    if isinstance(error, SyntaxError):
        return f"Syntax error on line {error.lineno}: {error.msg}."
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == FILENAME]
    where = f" on line {lines[-1]}" if lines else ""
    return f"{type(error).__name__}{where}: {error}"


class Reader:
    """The reader's code, run once, and its choose() called position by position.

    Each method returns a JSON object as text, for the worker to post:
    ``{"printed": ...}`` and, from ``call``, ``"cell"`` (an int), ``"returned"``
    (the repr of anything else) or ``"error"`` (in words), and ``"ms"``.
    """

    def __init__(self, code: str) -> None:
        self.code = code
        self.printed = Printed()
        self.choose: object = None

    def load(self) -> str:
        namespace: dict[str, object] = {"__name__": "reader"}
        answer: dict[str, object] = {}
        try:
            compiled = compile(self.code, FILENAME, "exec")
            with contextlib.redirect_stdout(self.printed):  # type: ignore[type-var]
                exec(compiled, namespace)
        except BaseException as error:  # the reader's code may raise anything, SystemExit included
            answer["error"] = error_words(error)
        else:
            self.choose = namespace.get("choose")
            if not callable(self.choose):
                answer["error"] = "Your code has no function choose(board)."
        answer["printed"] = self.printed.take()
        return json.dumps(answer)

    def call(self, notation: str) -> str:
        board = Board.parse(notation)
        answer: dict[str, object] = {}
        started = time.perf_counter()
        try:
            with contextlib.redirect_stdout(self.printed):  # type: ignore[type-var]
                cell = self.choose(board)  # type: ignore[operator]
        except BaseException as error:
            answer["error"] = error_words(error)
        else:
            if type(cell) is int and abs(cell) < 2**53:  # an int that JavaScript carries exactly
                answer["cell"] = cell
            else:
                answer["returned"] = _shown(cell)
        answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
        answer["printed"] = self.printed.take()
        return json.dumps(answer)


def _shown(value: object) -> str:
    """The repr of what choose() returned, short; a repr that fails is said so."""
    try:
        text = repr(value)
    except BaseException:
        return f"a {type(value).__name__} whose repr() fails"
    return text if len(text) <= 80 else text[:77] + "..."
