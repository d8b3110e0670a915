"""The reader's code for "Check your own minimax", in a Web Worker of its own.

The page never runs this module: tools/runtime/sandbox.mjs starts a Pyodide of its
own in a dedicated worker, unpacks the engine beside this file and imports
it. The page (checker_page.py) sends the reader's code and where to start; this
module runs the code once (pyengine.grading.runner, the same runner the command
line's ``pyengine check`` uses), finds its form from the names it defines,
and calls its functions probe by probe in the engine's checking order
(pyengine.grading.cs50.wires), skipping the functions the code does not define. It
judges nothing: the page judges each raw result with pyengine.grading.cs50, out of
the code's reach. Bounds live on the page too: it terminates this worker when
a call takes too long, which no code run here can prevent.
"""

from __future__ import annotations

import json

from pyengine.board import Board
from pyengine.grading.chooseform import every_position, positions_to_check
from pyengine.grading.cs50 import detect_form, iter_wires
from pyengine.grading.runner import Runner

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterator


def warm() -> None:
    """Find the positions every probe is made from now, while the worker
    boots, so that no call's time budget pays for them; the probes are then
    made one at a time as the calls go (making all of both forms' at boot took
    about 0.3 s of the worker's start, most of it for the form not checked)."""
    positions_to_check()
    every_position()


class Session:
    """One check in this worker: the code run once, then its functions called
    from probe ``start`` on (a check goes on in a fresh worker after a call
    that ran past its budget)."""

    def __init__(self, code: str, start: int) -> None:
        self.runner = Runner(code, board_of=Board.parse)  # the page's choose() gets the engine's own Board
        self.index = start
        self.calls: Iterator[list[object]] = iter(())
        """The probes from ``index`` on, as the runner takes them."""
        self.defined: frozenset[str] = frozenset()

    def load(self) -> str:
        """Run the code once: ``{"names", "error"?, "printed"}`` as JSON text."""
        loaded = self.runner.load()
        names = [str(name) for name in loaded["names"]]  # type: ignore[attr-defined]
        form = detect_form(names)
        if form is not None and "error" not in loaded:
            self.calls, self.defined = iter_wires(form, self.index), frozenset(names)
        return json.dumps(loaded)

    def step(self) -> str | None:
        """The next call the code defines, made: ``{"kind": "call", "index",
        ...the raw result}`` as JSON text; None once every call is made."""
        for wire in self.calls:
            index = self.index
            self.index += 1
            if wire[0] in self.defined:
                raw = self.runner.call(wire)
                return json.dumps({"kind": "call", "index": index, **raw})
        return None
