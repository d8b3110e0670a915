"""The page's Python for "Check your own minimax": the checker's event wiring.

The reader's code never runs here. It runs in a dedicated Web Worker with a
Pyodide of its own (tools/runtime/sandbox.mjs, site/py/sandbox.py), started when the
page is idle after load so that the first check need not wait for it, and
thrown away after each check, so nothing the code did outlives it. This page
sends the code; the worker runs it, says which names it defines, and calls
its functions in the engine's checking order (pyengine.grading.cs50.probes: the
cheap functions first, then minimax from the fullest positions to the empty
board), one raw result a message. This page judges each with a
pyengine.grading.cs50.Judge, out of the code's reach, and shows one line per function.

Time is the only bound a worker needs: each call has a budget that grows with
the game tree below its position (cs50.call_budget), the code's first run and
the whole check have theirs. A call that overruns its budget fails its
function; the page terminates that worker and goes on from the next function
in a fresh one, as it does when Python itself fails. Stop ends the check at
any moment and shows what was decided so far. What the code prints or raises
is shown as text, never as markup.

The checker's rooms, each with one job::

    checker_page.py      this wiring: the buttons, the check's course, the progress
    checker_worker.py    the worker: started, fed, its messages taken, terminated
    checker_messages.py  the messages between page and worker, read (no DOM)
    checker_run.py       one check as a state machine: messages and clock in,
                         what to do next out (no DOM)
    checker_report.py    the verdicts, the boards, the printed output drawn
    checker_view.py      what the report says (no DOM)
"""

from __future__ import annotations

import checker_messages as messages
import checker_view
from checker_report import Report
from checker_run import AGAIN, JUDGED, OVER, CheckRun, Fail, GoOn
from checker_worker import WorkerHost
from longwork import STEP_S, Controls, Runner
from pyscript import window
from pyscript.ffi import create_proxy

from pyengine.grading.cs50 import Form, Probe, iter_probes

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterator

    from checker_messages import Message
    from pyodide.ffi import JsProxy


def now_s() -> float:
    """The page's clock, in seconds."""
    return float(window.performance.now()) / 1000


class Checker:
    """One checker on the page: the code, the worker, the check under way."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.code = root.querySelector("textarea")
        self.bar = root.querySelector("progress")
        self.controls = Controls(
            root,
            run=root.querySelector("[data-check-run]"),
            stop=root.querySelector("[data-check-stop]"),
            status=root.querySelector(".ttt-status"),
            bar=self.bar,
        )
        self.report = Report(root)
        self.host = WorkerHost(
            root,
            on_ready=self._on_ready,
            on_message=self.on_message,
            on_tick=self._on_tick,
            on_broken=self._broken,
            on_no_script=self._no_script,
        )
        self.wanted = False  # Run was pressed (or a check goes on) before the worker was ready
        self.check: CheckRun | None = None
        # Every call of either form (pyengine.grading.cs50.iter_probes), made a slice
        # at a time while the page is idle, so that no check pays for them and
        # no task of the page's is long: made in one go they took tasks of
        # seconds (3.9 s and 2.2 s on this busy machine).
        self.made: dict[Form, tuple[Probe, ...]] = {}
        self.wires: dict[Form, str] = {}  # each form's probes as the worker takes them (it has no engine)
        self.builder = Runner(window, create_proxy, budget=STEP_S)
        self.builder.start(self._make_probes())
        self.controls.run_button.addEventListener("click", create_proxy(self._on_run))
        self.controls.stop_button.addEventListener("click", create_proxy(self._on_stop))
        if not root.hasAttribute("data-editor"):  # the editor did not load: the plain box still works
            self.code.disabled = False
        self.controls.ready("Ready: press the button to check your code on every position.")
        self.host.start_when_idle()

    def _make_probes(self) -> Iterator[None]:
        for form in Form:
            made: list[Probe] = []
            texts: list[str] = []
            for probe in iter_probes(form):
                made.append(probe)
                texts.append(messages.wire_text(probe))
                yield
            self.made[form] = tuple(made)
            self.wires[form] = messages.wires_text(texts)
        if self.wanted and self.host.ready:  # Run was pressed before the probes were made
            self.begin()

    # -- the worker ------------------------------------------------------------

    def _no_script(self) -> None:
        self.wanted = False
        self.finish("The checker's script did not load: reload the page to try again.", "ready")

    def _on_ready(self) -> None:
        if self.wanted:
            self.begin()

    def _broken(self, words: str) -> None:
        """The worker's Python could not start, or stopped outside a call."""
        self.host.broken()
        if self.check is not None:
            self.fail_check(f"Python for your code stopped: {words}.")
        else:
            self.wanted = False
            self.finish(f"Python for your code could not start ({words}). Press the button to try again.", "ready")

    def on_message(self, message: Message) -> None:
        if message.kind == messages.BROKEN:
            return self._broken(message.words)
        check = self.check
        if check is None or not messages.belongs(message, check.token):
            return  # not this check's (the inbox lets a call through only with the token)
        check.take_printed(message)
        if message.kind == messages.LOADED:
            self.loaded(check, check.load(message, self.made))
        elif message.kind == messages.CALL and check.judge is not None:
            if not check.call(message):
                self.conclude(check)
        elif message.kind == messages.FINISHED:
            self.conclude(check)
        elif message.kind == messages.CRASHED:
            # Python itself failed under the call under way: that call fails its
            # function, and the check goes on in a fresh worker.
            going_on = check.crashed(message.words)
            if going_on is None:
                return self._broken(message.words)
            self.go_on(check, going_on.start)

    def _on_tick(self) -> None:
        """After the tick's messages: a run waiting for the probes judged,
        the progress shown, the budgets held."""
        check = self.check
        if check is None:
            return
        if check.judge is None and check.loaded is not None:
            self.loaded(check, check.load_again(self.made))  # the probes were still being made
        if self.check is check:
            self.hold_budgets(check)

    # -- a check ---------------------------------------------------------------

    def _on_run(self, event: JsProxy) -> None:
        self.report.clear()
        self.controls.running("Starting Python for your code\u2026", 1)
        self.bar.removeAttribute("value")  # the number of calls is known once the form is
        self.check = CheckRun(now_s())
        self.start_run()

    def start_run(self) -> None:
        """Run the check's code in the worker when it is ready."""
        if self.host.ready:
            self.begin()
            return
        self.wanted = True
        self.host.start()

    def begin(self) -> None:
        self.wanted = False
        check = self.check
        if check is None:
            return
        if len(self.wires) < len(Form):
            self.wanted = True  # the worker gets every form's probes: begun once they are made
            self.controls.say("Making the calls that check your code…")
            return
        self.host.run(check.token, str(self.code.value), check.next, messages.forms(self.wires))
        check.running()
        self.controls.say("Running your code\u2026")

    def loaded(self, check: CheckRun, state: str) -> None:
        """The code's run judged (``state``: checker_run's WAIT, JUDGED, ON, AGAIN or OVER)."""
        if state == AGAIN:
            return self.go_on(check, check.next)
        if state not in (JUDGED, OVER) or check.judge is None:
            return  # the probes are still being made, or a fresh worker goes on
        self.report.show_form(check.form)
        if check.judge.probes:
            self.bar.max = len(check.judge.probes)
        if state == OVER:
            self.conclude(check)

    def hold_budgets(self, check: CheckRun) -> None:
        self.report.show_output(check.output())
        under_way = check.under_way()
        if under_way is not None and check.judge is not None:
            index, done, probe = under_way
            self.bar.value = index
            span = check.judge.tracks[probe.function].span
            self.controls.say(checker_view.progress_words(probe, done, len(span), check.slowest))
        if self.wanted:
            return  # a fresh worker is booting: the code is not running, no budget is spent
        overdue = check.overdue(now_s(), self.host.heard_s())
        if isinstance(overdue, Fail):
            self.fail_check(overdue.words)
        elif isinstance(overdue, GoOn):
            self.go_on(check, overdue.start)

    def go_on(self, check: CheckRun, start: int) -> None:
        """Go on from call ``start`` in a fresh worker (the one under way is
        stuck or gone), or conclude when no call is left."""
        self.host.retire(now=check.calls_left(start))
        if not check.go_on(start):
            return self.conclude(check)
        if self.check is check:
            assert check.judge is not None
            self.controls.say(f"Going on from {check.judge.probes[check.next].function}() in a fresh Python\u2026")
            self.start_run()

    def _on_stop(self, event: JsProxy) -> None:
        check = self.check
        self.end_check()
        if check is not None and check.judge is not None:
            self.report.show_verdicts(check.verdicts(), check.form, check.judge, stopped=True)
        self.finish(f"Stopped after {check.next if check else 0:,} calls.", "stopped")

    def end_check(self) -> None:
        """The check is over: its worker goes (nothing the code did survives)."""
        if self.check is not None or self.wanted:
            self.check, self.wanted = None, False
            self.host.retire()

    # -- telling -------------------------------------------------------------

    def conclude(self, check: CheckRun) -> None:
        judge = check.judge
        if judge is None:
            return self.fail_check("Your code stopped before it could be checked.")
        self.report.show_output(check.output())
        self.bar.value = self.bar.max = max(len(judge.probes), 1)
        self.report.show_verdicts(judge.verdicts(), check.form, judge)
        self.end_check()
        self.finish("Done.", "done")

    def fail_check(self, words: str) -> None:
        """The check could not go on: one sentence, and what was decided so far."""
        check = self.check
        if check is not None:
            self.report.show_output(check.output())
        self.end_check()
        if check is not None:
            self.report.show_lines(check.verdicts(), check.form, check.judge)
        else:
            self.report.show_lines([], None, None)
        self.report.show_summary("fail", words)
        self.finish("Stopped at the first problem.", "done")

    def finish(self, words: str, state: str) -> None:
        self.controls.finish(words, state)


def mount(root: JsProxy) -> None:
    """Bring the checker to life."""
    Checker(root)
