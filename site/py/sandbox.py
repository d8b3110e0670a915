"""The reader's code for "Check your own minimax", in a Web Worker of its own.

The page never runs this module: tools/runtime/sandbox.mjs starts a Pyodide of its
own in a dedicated worker, writes this file and the runner beside it and
imports them; the engine is not there (a file that imports it fails its
check, as in ``pyengine check``: "a checked file cannot use the engine that
checks it"). The page sends the runner's text (pyengine/grading/runner.py,
the one the command line's child runs), then the reader's code, where to
start, and each form's probes as the runner takes them, made by the page
(checker_messages.forms). This module runs the code once, finds its form
from the names it defines, and calls its functions probe by probe in the
engine's checking order, skipping the functions the code does not define. It
judges nothing: the page judges each raw result, out of the code's reach.
Bounds live on the page too: it terminates this worker when a call takes too
long, which no code run here can prevent.
"""

from __future__ import annotations

import json
import time
from itertools import islice

try:
    import runner  # type: ignore[import-not-found]  # the worker: sandbox.mjs writes it beside this file
except ModuleNotFoundError:  # CPython's tests: the same module, from the engine
    from pyengine.grading import runner

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

# Answers go to the page in batches, a message each, not a message a call
# (70,000 in a CS50 check): each message costs both threads a crossing. A
# batch is at most BATCH_S in the making, so the page hears from the worker
# many times a second and its clock for the call under way is off by no
# more than that; at most BATCH_CALLS calls, so the page judges a batch in
# a few milliseconds and answers presses in between.
BATCH_S = 0.02
BATCH_CALLS = 250


class Session:
    """One check in this worker: the code run once, then its functions called
    from probe ``start`` on (a check goes on in a fresh worker after a call
    that ran past its budget).

    ``forms``: each form in the order they are tried, as
    ``{"form", "functions", "wires"}``: its name, the functions that tell it
    (pyengine.grading.probes.FORMS) and its probes' wires as JSON text, parsed
    only for the form the code is written in."""

    def __init__(self, code: str, start: int, forms: Sequence[dict[str, object]]) -> None:
        self.runner = runner.Runner(code)  # a choose() gets the runner's own small Board
        self.index = start
        self.forms = forms
        self.calls: Iterator[list[object]] = iter(())
        """The probes from ``index`` on, as the runner takes them."""
        self.defined: frozenset[str] = frozenset()
        self.made: list[dict[str, object]] = []
        """The calls of the batch under way, made."""

    def load(self) -> str:
        """Run the code once: ``{"names", "error"?, "printed"}`` as JSON text."""
        loaded = self.runner.load()
        named = loaded["names"]
        names = frozenset(str(name) for name in named) if isinstance(named, list) else frozenset()
        form = next((form for form in self.forms if names.intersection(_functions(form))), None)
        if form is not None and "error" not in loaded:
            wires = json.loads(str(form["wires"]))
            self.calls, self.defined = islice(wires, self.index, None), names
        return json.dumps(loaded)

    def batch(self) -> str | None:
        """The next calls the code defines, made for up to BATCH_S (BATCH_CALLS
        at most), as the JSON text of each one's ``{"kind": "call", "index",
        ...the raw result}`` joined by commas; None once every call is made."""
        deadline = time.perf_counter() + BATCH_S
        defined, call, made = self.defined, self.runner.call, self.made
        made.clear()
        for wire in self.calls:
            index = self.index
            self.index += 1
            if wire[0] in defined:
                made.append({"kind": "call", "index": index, **call(wire)})
                if len(made) >= BATCH_CALLS or time.perf_counter() >= deadline:
                    break
        return self.made_text() if made else None

    def made_text(self) -> str:
        """The calls of the batch under way made so far, as ``batch`` gives
        them ("" for none): what the worker posts when Python fails under
        the next one, so that the page blames the right call."""
        return json.dumps(self.made)[1:-1]


def _functions(form: dict[str, object]) -> list[str]:
    """The functions that tell a form (``forms``' ``"functions"``)."""
    functions = form["functions"]
    return [str(name) for name in functions] if isinstance(functions, list) else []
