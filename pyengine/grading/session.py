"""One check, driven: which probes to send, what each answer does, the
budgets, a fresh runner after a stop, the verdicts at the end.

A ``Session`` does no I/O and keeps no clock: a transport (the command
line's child process, the page's Web Worker, or the runner in this very
process for ``check_code``) runs the student's code and carries messages,
and tells the session what came back and how long it has waited::

    session = Session(form)
    while not session.over:                   # a fresh runner each time round
        session.loaded(names, error)          # what running the code said
        send(session.send())                  # the probes' wires, in order
        while session.awaited is not None:    # the call under way
            session.take(answer)              # the runner's dict, or TimedOut/Ended/Refused
    report = session.report(seconds)

A transport that waits too long asks ``overdue(call_s, file_s)``: past the
call's budget the call fails its function and the check goes on with a fresh
runner from the next function; past the whole file's, the check ends.
"""

from __future__ import annotations

from bisect import bisect_left

from .answers import Ended, Refused, TimedOut, answer_of
from .judge import Judge, Report, report_of
from .probes import FILE_BUDGET_S, LOAD_BUDGET_S, Form, Function, call_budget, detect_form

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from .answers import Answer
    from .probes import Probe


class Session:
    """One file's check, driven answer by answer; no I/O."""

    def __init__(
        self,
        form: Form | None = None,
        functions: Iterable[Function | str] | None = None,
        file_budget_s: float = FILE_BUDGET_S,
        made: Mapping[Form, Sequence[Probe]] | None = None,
    ) -> None:
        """``form``: every file as this form (found from its names when
        None); ``functions``: only these checked and reported; ``made``:
        ``probes(form)`` of each form made beforehand (the page makes them
        in slices, while idle)."""
        self.form = form
        self.functions = None if functions is None else {Function.parse(f) for f in functions}
        self.file_budget_s = file_budget_s
        self.made = made
        self.judge: Judge | None = None
        self.start = 0
        """The first probe a fresh runner is to call."""
        self.sent: list[int] = []
        """The indices of the probes sent to the runner under way, in order."""
        self.answered = 0
        """How many of ``sent`` are answered."""
        # What ``wanted`` last said, kept while the judge's version holds: the
        # probes sent below ``_wanted_below`` are wanted (asked on every answer,
        # it is asked once a function instead).
        self._wanted_below = -1
        self._version = -1

    # -- the runner's loading ----------------------------------------------------

    def loaded(self, names: Iterable[str], error: str | None) -> bool:
        """A runner ran the code once: the names it defines, the error that
        stopped it. The first run makes the judge; a later run (a fresh runner,
        going on) that fails is the code's doing, and the call it was to make
        fails. Whether this runner may be sent probes."""
        self.sent, self.answered = [], 0
        judge = self.judge
        if judge is None:
            names = list(names)
            judge = self.judge = Judge(self.form or detect_form(names), names, error, self._calls_for(names))
            if self.functions is not None:
                for function in judge.tracks.keys() - self.functions:
                    judge.skip(function)
            return error is None
        if error is not None:
            self.start = judge.ended(self.start, f"your code failed when it was run again: {error}")
            return False
        return True

    def _calls_for(self, names: list[str]) -> Sequence[Probe] | None:
        form = self.form or detect_form(names)
        return None if self.made is None or form is None else self.made.get(form)

    # -- the calls ---------------------------------------------------------------

    def plan(self) -> list[int]:
        """The indices of every probe still wanted, from ``start`` on, which
        the runner under way is to call in order (``send`` gives their wires)."""
        judge = self.judge
        assert judge is not None, "loaded() first"
        self.sent = []
        for track in judge.tracks.values():  # a function is wanted or not as a whole
            first = max(self.start, track.span.start)
            if first < track.span.stop and judge.wanted(first):
                self.sent.extend(range(first, track.span.stop))
        self.answered = 0
        self.start = len(judge.probes)
        return self.sent

    def send(self) -> list[list[object]]:
        """``plan``'s probes as the runner takes them."""
        probes = self.judge.probes if self.judge is not None else ()
        return [probes[index].wire() for index in self.plan()]

    @property
    def awaited(self) -> Probe | None:
        """The call the runner under way is making, while any call sent to
        it is still wanted; None when the runner has nothing left to do for
        the check (done, or all that is left was decided already)."""
        index = self.awaited_index
        return None if index is None else self.judge.probes[index]  # type: ignore[union-attr]

    @property
    def awaited_index(self) -> int | None:
        """``awaited``'s index."""
        judge, sent, at = self.judge, self.sent, self.answered
        if judge is None or at >= len(sent):
            return None
        index = sent[at]
        if index < self._wanted_below and self._version == judge.version:
            return index
        # A function is wanted or not as a whole: past one that is not, the
        # next one's first sent probe is found by bisection (nine at most).
        look = at
        while look < len(sent):
            stop = judge.track(sent[look]).span.stop
            if judge.wanted(sent[look]):
                if look == at:
                    self._wanted_below, self._version = stop, judge.version
                return index
            look = bisect_left(sent, stop, lo=look)
        return None

    def budget_s(self) -> float:
        """What the call under way may take; before any call, the code's first run."""
        index = self.awaited_index
        return LOAD_BUDGET_S if index is None else call_budget(self.judge.probes[index])  # type: ignore[union-attr]

    def take(self, answer: Mapping[str, object] | Answer, index: int | None = None) -> None:
        """The answer to the call under way: the runner's dict, or what the
        transport says instead (``TimedOut``, ``Ended``, ``Refused``). A
        call that got no answer stops its function: the runner under way is
        done (``awaited`` is None), and a fresh one goes on. ``index``: the
        probe the answer is for, where the transport numbers its answers (the
        page's worker): an answer for a probe not awaited (one already
        decided, an answer come again) is passed over."""
        judge = self.judge
        assert judge is not None, "loaded() first"
        if index is not None:
            at = bisect_left(self.sent, index, lo=self.answered)
            if at >= len(self.sent) or self.sent[at] != index:
                return
            self.answered = at
        index = self.sent[self.answered]
        self.answered += 1
        kind = type(answer)
        if kind is dict:  # the runner's answer: judged when its call is still wanted
            if (index < self._wanted_below and self._version == judge.version) or judge.wanted(index):
                judge.take(index, answer_of(answer))  # type: ignore[arg-type]
        elif kind is TimedOut or kind is Ended or kind is Refused:
            self.start = judge.take(index, answer) or len(judge.probes)  # type: ignore[arg-type]
            self.sent, self.answered = [], 0
        elif judge.wanted(index):
            judge.take(index, answer)  # type: ignore[arg-type]

    def overdue(self, call_s: float, file_s: float) -> bool:
        """The transport has waited ``call_s`` seconds for the call under way
        (or the code's first run) and ``file_s`` for the whole check: whether
        a budget is spent. A spent call's budget fails its function, the whole
        check's ends the check; either way the runner under way is done."""
        judge = self.judge
        index = self.awaited_index
        if judge is None or index is None:
            return call_s >= LOAD_BUDGET_S or file_s >= self.file_budget_s
        if file_s >= self.file_budget_s:
            self.start = judge.ran_out(index, self.file_budget_s)
        elif call_s >= self.budget_s():
            self.take(TimedOut(self.budget_s()))
            return True
        else:
            return False
        self.sent, self.answered = [], 0
        return True

    # -- the end ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the check is over: the code ran, and no call is left to make."""
        judge = self.judge
        if judge is None:
            return False
        if self.awaited_index is not None:
            return False
        while self.start < len(judge.probes) and not judge.wanted(self.start):
            self.start += 1
        return self.start >= len(judge.probes)

    def report(self, seconds: float) -> Report:
        """The check's report: the verdicts decided."""
        assert self.judge is not None, "loaded() first"
        return report_of(self.judge, seconds)


def check_code(code: str, form: Form | None = None, functions: Iterable[Function | str] | None = None) -> Report:
    """Check ``code`` in this very process, with no time budgets: for the
    project's own files (tests, bench), never for code one does not trust.
    With ``functions``, only those are checked (and reported)."""
    import time

    from .runner import Runner

    started = time.perf_counter()
    runner = Runner(code)
    loaded = runner.load()
    session = Session(form, functions)
    error = loaded.get("error")
    if session.loaded([str(name) for name in loaded["names"]], None if error is None else str(error)):  # type: ignore[attr-defined]
        probes = session.judge.probes  # type: ignore[union-attr]
        for index in session.plan():  # each wire made as it is called: 71,642 kept alive slow the collector
            if session.awaited_index is None:  # a search failed: nothing more is wanted
                break
            session.take(runner.call(probes[index].wire()))
    return session.report(time.perf_counter() - started)
