"""One check of the reader's code, as a state machine with no DOM: what the
worker's messages and the clock make of it (tests/test_checker_run.py runs
whole checks in CPython, with sandbox.py's own messages). The check's loop
itself (which calls are wanted, what each answer does, a stopped function,
the verdicts) is pyengine.grading.session's, the one ``pyengine check``
drives; this adds the page's states and its clock.

The page (checker_page.py) owns the worker and the DOM; it hands each of
the check's messages to a ``CheckRun`` and does what comes back:

- ``load(message, made)``: the code ran once. WAIT (the page is still making
  the probes: ask again with ``load_again`` once it has), JUDGED (the judge
  is made, the form known, calls to wait for), ON (a fresh worker going on
  with the calls), AGAIN (a fresh worker's run of the code failed: the call
  it was to make fails its function, and another fresh worker goes on from
  ``next``, as ``pyengine check`` does), or OVER (the judge is made and
  nothing is left to call: conclude);
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

from pyengine.grading.answers import Ended, TimedOut
from pyengine.grading.probes import FILE_BUDGET_S, LOAD_BUDGET_S, call_budget, detect_form
from pyengine.grading.session import Session
from pyengine.records import Record

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from checker_messages import Message

    from pyengine.grading.judge import Judge
    from pyengine.grading.probes import Form, Probe
    from pyengine.grading.verdicts import Verdict

OUTPUT_LIMIT = 20_000  # characters of printed output shown
WAIT, JUDGED, ON, AGAIN, OVER = "wait", "judged", "on", "again", "over"
"""What the code's run makes of a check: the probes are still being made;
the judge is made now, with calls to wait for; a fresh worker goes on with
the calls; a fresh worker's run failed, another goes on; nothing is left to call."""


class GoOn(Record):
    """Go on from call ``start`` in a fresh worker (the one under way is stuck or gone)."""

    start: int


class Fail(Record):
    """The check cannot go on: ``words`` say why."""

    words: str


class CheckRun:
    """One check under way: its token, the check's session (pyengine.grading.session,
    the same the command line drives) once the code has run, the budgets, the
    slowest call so far, what the code printed."""

    def __init__(self, now: float, start: int = 0) -> None:
        self.token = secrets.token_hex(16)
        self.session = Session()
        self.session.start = start
        self.form: Form | None = None
        self.loaded: Message | None = None  # what running the code said, until the judge is made
        self.started = now
        self.loading = True  # the code is running afresh (the code's first run's budget), no call yet
        self.slowest: tuple[float, Probe] | None = None
        self.printed: list[str] = []

    @property
    def judge(self) -> Judge | None:
        """The session's judge, made once the code has run."""
        return self.session.judge

    @property
    def next(self) -> int:
        """The call under way (or the next): the first not yet judged that is wanted."""
        awaited = self.session.awaited_index
        return self.session.start if awaited is None else awaited

    @property
    def budget_s(self) -> float:
        """What the call (or the code's run) under way may take."""
        judge = self.judge
        if self.loading or judge is None or self.next >= len(judge.probes):
            return LOAD_BUDGET_S
        return call_budget(judge.probes[self.next])

    # -- the worker's messages -------------------------------------------------

    def running(self) -> None:
        """The code was sent to a worker to run (from call ``next`` on): its run's budget."""
        self.loading = True

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
        session = self.session
        if session.judge is not None:  # a fresh worker, going on after a call that overran
            self.loading = False
            if not session.loaded(message.names, message.error):  # it ran before: failing now fails a call
                return AGAIN
            session.plan()  # its calls go on from ``start``
            return ON
        form = detect_form(list(message.names))
        if form is not None and message.error is None and form not in made:
            self.loaded = message  # judged once the probes are made (a tick or two)
            return WAIT
        self.loaded, self.form, self.loading = None, form, False
        session.made = made
        if not session.loaded(message.names, message.error):
            return OVER
        session.plan()
        return JUDGED if session.awaited_index is not None else OVER

    def load_again(self, made: dict[Form, tuple[Probe, ...]]) -> str:
        """The probes were still being made at ``load``: the code's run judged now (WAIT if they still are)."""
        assert self.loaded is not None
        return self.load(self.loaded, made)

    def call(self, message: Message) -> bool:
        """A call's raw result judged; whether a call is left."""
        judge, session = self.judge, self.session
        assert judge is not None
        if message.probe == session.awaited_index and (self.slowest is None or message.ms > self.slowest[0]):
            self.slowest = (message.ms, judge.probes[message.probe])
        session.take(message.raw, message.probe)  # one already decided, or come again, is passed over
        return session.awaited_index is not None

    def crashed(self, words: str) -> GoOn | None:
        """Python itself failed: the call under way fails its function, and the
        check goes on from the next; None if no call was under way."""
        judge = self.judge
        if judge is None or self.next >= len(judge.probes):
            return None
        return GoOn(self._stop(Ended(f"Python itself failed ({words}): a recursion too deep?")))

    def _stop(self, answer: TimedOut | Ended) -> int:
        """The call under way got no answer: it fails its function; the call to go on from."""
        session = self.session
        if session.awaited_index is None:  # the fresh worker's code is running: that call is the one to fail
            session.sent, session.answered = [self.next], 0
        session.take(answer)
        return session.start

    # -- the budgets -------------------------------------------------------------

    def overdue(self, now: float, heard: float) -> GoOn | Fail | None:
        """What the budgets say at ``now``, the worker last heard from at
        ``heard``: the call under way (or the code's first run) ran past its
        own, the whole check past its own, or nothing."""
        judge = self.judge
        budget = self.budget_s
        if now - heard >= budget:  # as pyengine.grading.session's: the budget spent is past
            if judge is None:
                if self.loaded is not None:
                    return None  # the page is still making the probes: the code has run
                return Fail(
                    f"Your code ran past its time budget of {LOAD_BUDGET_S:.0f} s before any of its functions was "
                    "called: a loop that never ends, at the top of your code?"
                )
            return GoOn(self._stop(TimedOut(budget)))
        if now - self.started >= FILE_BUDGET_S:
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
        session = self.session
        session.start, session.sent, session.answered = start, [], 0
        return self.calls_left(start) and not session.over

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
