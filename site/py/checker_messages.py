"""What the checker's worker says and is told, with no DOM: the message
protocol between the page (checker_page.py) and the worker (tools/runtime/sandbox.mjs,
sandbox.py), read into one typed value at the edge (tests/test_checker_run.py).

The worker says, as JSON objects with a ``kind``::

    {"kind": "ready"}                                 its Python has booted
    {"kind": "broken", "words"}                       its Python could not start, or stopped outside a call
    {"kind": "loaded", "token", "names", "error"?, "printed"?}  the code ran once
    {"kind": "call", "index", ...the raw result, "ms", "printed"?}  one probe's call
    {"kind": "finished", "token", "printed"?}         every call is made
    {"kind": "crashed", "token", "words", "printed"?} Python itself failed under a call

A call carries no token: the worker posts calls in batches, as
``{"kind": "calls", "token", "text", "count"}`` (tools/runtime/sandbox.mjs),
which the page's inbox (tools/pages/editor.mjs) lets through only while its
check's token is the one it holds, and hands on as the calls themselves.
"""

from __future__ import annotations

import json

from pyengine.grading.probes import FORMS, Form
from pyengine.records import Record

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterable

    from pyengine.grading.probes import Probe

READY = "ready"
BROKEN = "broken"
LOADED = "loaded"
CALL = "call"
FINISHED = "finished"
CRASHED = "crashed"


class Message(Record):
    """One message of the worker's, read."""

    kind: str
    """One of READY, BROKEN, LOADED, CALL, FINISHED, CRASHED (another kind is ignored)."""
    token: str | None
    """The check it belongs to (None for a call, and for the worker's own messages)."""
    printed: str
    """What the code printed since the last message ("" for nothing)."""
    words: str
    """Why the worker broke or Python crashed."""
    names: tuple[str, ...]
    """The names the code defines (LOADED)."""
    error: str | None
    """What running the code raised (LOADED; None if it ran)."""
    probe: int
    """The index of the probe called (CALL)."""
    ms: float
    """How long the call took (CALL)."""
    raw: dict[str, object]
    """The whole message, which the judge reads a call's result from (pyengine.grading.cs50.Judge.take)."""


def read(data: dict[str, object]) -> Message:
    """The message the worker sent as ``data`` (a parsed JSON object)."""
    kind = str(data.get("kind"))
    printed = data.get("printed")
    if kind == CALL:  # tens of thousands a check: the fields in order, none a call lacks looked up
        index, ms = data["index"], data.get("ms", 0.0)
        shown = str(printed) if printed else ""
        return Message(kind, None, shown, "None", (), None, int(index), float(ms), data)  # type: ignore[call-overload, arg-type]
    token = data.get("token")
    error = data.get("error")
    names = data.get("names") or []
    return Message(
        kind=kind,
        token=None if token is None else str(token),
        printed=str(printed) if printed else "",
        words=str(data.get("words")),
        names=tuple(str(name) for name in names) if isinstance(names, list) else (),
        error=None if error is None else str(error),
        probe=-1,
        ms=0.0,
        raw=data,
    )


def belongs(message: Message, token: str) -> bool:
    """Whether ``message`` is of the check whose token is ``token`` (a call
    always is: the inbox let it through only for this check)."""
    return message.kind == CALL or message.token == token


def run(token: str, code: str, start: int, forms: list[dict[str, object]]) -> dict[str, object]:
    """What tells the worker to run ``code`` for check ``token``, calling from
    probe ``start`` on, the probes of each form given (``forms``)."""
    return {"kind": "run", "token": token, "code": code, "start": start, "forms": forms}


def forms(wires: dict[Form, str]) -> list[dict[str, object]]:
    """Each form as the worker reads it (site/py/sandbox.py): its name, the
    functions that tell it, its probes' wires as JSON text (``wires_text``),
    in the order the forms are tried (pyengine.grading.probes.FORMS)."""
    return [{"form": form.value, "functions": list(functions), "wires": wires[form]} for form, functions in FORMS]


def wire_text(probe: Probe) -> str:
    """One probe as the runner takes it, as JSON text: a form's wires are
    these joined into a list (``wires_text``), made one at a time while the
    page is idle."""
    return json.dumps(probe.wire())


def wires_text(texts: Iterable[str]) -> str:
    """A form's probes' ``wire_text``s as the JSON text of one list, as ``forms`` takes them."""
    return "[" + ",".join(texts) + "]"


def boot(urls: dict[str, str], runner: str) -> dict[str, object]:
    """What tells a fresh worker where sandbox.py is, and the runner's text
    (pyengine/grading/runner.py: the worker has no engine)."""
    return {"kind": "boot", **urls, "runner": runner}
