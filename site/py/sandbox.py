"""The reader's code for "Check your own minimax", in a Web Worker of its own.

The page never runs this module: tools/sandbox.mjs starts a Pyodide of its
own in a dedicated worker, unpacks the engine beside this file and imports
it. The page (checker.py) sends the reader's code and where to start; this
module runs the code once (pyengine.runner, the same runner the command
line's ``pyengine check`` uses), finds its form from the names it defines,
and calls its functions probe by probe in the engine's checking order
(pyengine.cs50.wires), skipping the functions the code does not define. It
judges nothing: the page judges each raw result with pyengine.cs50, out of
the code's reach. Bounds live on the page too: it terminates this worker when
a call takes too long, which no code run here can prevent.
"""

from __future__ import annotations

import json

from pyengine.cs50 import Form, detect_form, wires
from pyengine.runner import Runner


def warm() -> None:
    """Make both forms' probes now, while the worker boots, so that no call's
    time budget pays for them."""
    for form in Form:
        wires(form)


class Session:
    """One check in this worker: the code run once, then its functions called
    from probe ``start`` on (a check goes on in a fresh worker after a call
    that ran past its budget)."""

    def __init__(self, code: str, start: int) -> None:
        self.runner = Runner(code)
        self.index = start
        self.wires: tuple[list[object], ...] = ()
        self.defined: frozenset[str] = frozenset()

    def load(self) -> str:
        """Run the code once: ``{"names", "error"?, "printed"}`` as JSON text."""
        loaded = self.runner.load()
        names = [str(name) for name in loaded["names"]]  # type: ignore[attr-defined]
        form = detect_form(names)
        if form is not None and "error" not in loaded:
            self.wires, self.defined = wires(form), frozenset(names)
        return json.dumps(loaded)

    def step(self) -> str | None:
        """The next call the code defines, made: ``{"kind": "call", "index",
        ...the raw result}`` as JSON text; None once every call is made."""
        while self.index < len(self.wires):
            index, wire = self.index, self.wires[self.index]
            self.index += 1
            if wire[0] in self.defined:
                raw = self.runner.call(wire)
                return json.dumps({"kind": "call", "index": index, **raw})
        return None
