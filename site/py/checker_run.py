"""One check of the reader's code, as a state machine with no DOM: what the
worker's messages and the clock make of it (tests/test_checker_run.py runs
whole checks in CPython, with sandbox.py's own messages).

The page (checker_page.py) owns the worker and the DOM; it hands each of
the check's messages to a ``CheckRun`` and does what comes back:

- ``load(message, made)``: the code ran once. WAIT (the page is still making
  the probes: ask again with ``load_again`` once it has), JUDGED (the judge
  is made, the form known, calls to wait for), ON (a fresh worker going on
  with the calls), or OVER (the judge is made and nothing is left to call:
  conclude);
- ``call(message)``: one call judged; True while a call is left, else conclude;
- ``crashed()``: Python itself failed under the call under way: the call to
  go on from in a fresh worker (that call fails its function), or None when
  the failure was outside a call (the worker is broken);
- ``overdue(now, heard)``: at each tick: None, or what the budgets say: the call to
  go on from (``GoOn``: the call under way ran past its budget, or the whole
  check past its own and the functions not reached get no line), or the
  sentence that ends the check (``Fail``);
- ``go_on(start)``: whether a call is left from ``start`` on.

Times are in seconds, from any one clock (the page's ``performance.now()``).
"""

from __future__ import annotations

import secrets

from pyengine.grading.cs50 import FILE_BUDGET_S, LOAD_BUDGET_S, Judge, answer_of, call_budget, detect_form
from pyengine.records import Record

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from checker_messages import Message

    from pyengine.grading.cs50 import Form, Probe, Verdict

OUTPUT_LIMIT = 20_000  # characters of printed output shown
WAIT, JUDGED, ON, OVER = "wait", "judged", "on", "over"
"""What the code's run makes of a check: the probes are still being made;
the judge is made now, with calls to wait for; a fresh worker goes on with
the calls; nothing is left to call."""


class GoOn(Record):
    """Go on from call ``start`` in a fresh worker (the one under way is stuck or gone)."""

    start: int


class Fail(Record):
    """The check cannot go on: ``words`` say why."""

    words: str


class CheckRun:
    """One check under way: its token, its judge once the code has run, the
    call under way, the budgets, the slowest call so far, what the code printed."""

    def __init__(self, now: float, start: int = 0) -> None:
        self.token = secrets.token_hex(16)
        self.judge: Judge | None = None
        self.form: Form | None = None
        self.loaded: Message | None = None  # what running the code said, until the judge is made
        self.next = start  # the call under way (or the next): the first not yet judged
        self.started = now
        self.budget_s = LOAD_BUDGET_S  # what the call (or the first run of the code) under way may take
        self.slowest: tuple[float, Probe] | None = None
        self.printed: list[str] = []

    # -- the worker's messages -------------------------------------------------

    def running(self) -> None:
        """The code was sent to a worker to run (from call ``next`` on): its first run's budget."""
        self.budget_s = LOAD_BUDGET_S

    def take_printed(self, message: Message) -> None:
        if message.printed:
            self.printed.append(message.printed)

    def output(self) -> str:
        """What the code printed, cut at OUTPUT_LIMIT characters."""
        text = "".join(self.printed)
        if len(text) > OUTPUT_LIMIT:
            text = text[:OUTPUT_LIMIT] + "\n[\u2026 the rest is cut]"
        return text

    def load(self, message: Message, made: dict[Form, tuple[Probe, ...]]) -> str:
        """The code ran once (``message``); ``made``: the probes of each form made so far."""
        if self.judge is not None:  # a fresh worker, going on after a call that overran
            self.budget_s = call_budget(self.judge.probes[self.next])
            return ON
        form = detect_form(list(message.names))
        if form is not None and message.error is None and form not in made:
            self.loaded = message  # judged once the probes are made (a tick or two)
            return WAIT
        self.loaded, self.form = None, form
        self.judge = Judge(form, list(message.names), message.error, calls=made.get(form) if form else None)
        if not self.judge.probes:
            return OVER
        return JUDGED if self.advance() else OVER

    def load_again(self, made: dict[Form, tuple[Probe, ...]]) -> str:
        """The probes were still being made at ``load``: the code's run judged now (WAIT if they still are)."""
        assert self.loaded is not None
        return self.load(self.loaded, made)

    def call(self, message: Message) -> bool:
        """A call's raw result judged; whether a call is left."""
        judge, index = self.judge, message.probe
        assert judge is not None
        if index < self.next:
            return True  # already decided (a function stopped in an earlier worker)
        for skipped in range(self.next, index):
            judge.wanted(skipped)  # a function the code does not define: the worker made none of its calls
        if judge.wanted(index):
            judge.take(index, answer_of(message.raw))
            if self.slowest is None or message.ms > self.slowest[0]:
                self.slowest = (message.ms, judge.probes[index])
        self.next = index + 1
        return self.advance()

    def crashed(self, words: str) -> GoOn | None:
        """Python itself failed: the call under way fails its function, and the
        check goes on from the next; None if no call was under way."""
        judge = self.judge
        if judge is None or self.next >= len(judge.probes):
            return None
        return GoOn(judge.ended(self.next, f"Python itself failed ({words}): a recursion too deep?"))

    # -- the budgets -------------------------------------------------------------

    def overdue(self, now: float, heard: float) -> GoOn | Fail | None:
        """What the budgets say at ``now``, the worker last heard from at
        ``heard``: the call under way (or the code's first run) ran past its
        own, the whole check past its own, or nothing."""
        judge = self.judge
        if now - heard > self.budget_s:
            if judge is None:
                if self.loaded is not None:
                    return None  # the page is still making the probes: the code has run
                return Fail(
                    f"Your code ran past its time budget of {LOAD_BUDGET_S:.0f} s before any of its functions was "
                    "called: a loop that never ends, at the top of your code?"
                )
            return GoOn(judge.timed_out(self.next, self.budget_s))
        if now - self.started > FILE_BUDGET_S:
            if judge is None or self.next >= len(judge.probes):
                return Fail(f"The check ran past its budget of {FILE_BUDGET_S / 60:.0f} minutes in all.")
            return GoOn(judge.ran_out(self.next, FILE_BUDGET_S))  # the functions not reached get no line
        return None

    # -- moving on ---------------------------------------------------------------

    def calls_left(self, start: int) -> bool:
        """Whether there is a call at ``start`` or after (wanted or not)."""
        return self.judge is not None and start < len(self.judge.probes)

    def go_on(self, start: int) -> bool:
        """Go on from call ``start``: whether a call the judge wants is left."""
        self.next = start
        return self.calls_left(start) and self.advance()

    def advance(self) -> bool:
        """Move to the next call the judge wants, with its budget; False when none is left."""
        judge = self.judge
        assert judge is not None
        while self.next < len(judge.probes) and not judge.wanted(self.next):
            self.next += 1
        if self.next >= len(judge.probes):
            return False
        self.budget_s = call_budget(judge.probes[self.next])
        return True

    # -- telling -------------------------------------------------------------------

    def under_way(self) -> tuple[int, int, Probe] | None:
        """The call under way: its index, its place among its function's
        calls and its probe; None before the judge is made, and after the last call."""
        judge = self.judge
        if judge is None or self.next >= len(judge.probes):
            return None
        probe = judge.probes[self.next]
        return self.next, self.next - judge.tracks[probe.function].span.start, probe

    def verdicts(self) -> list[Verdict]:
        """The verdicts decided so far (none before the judge is made)."""
        return self.judge.verdicts() if self.judge is not None else []
