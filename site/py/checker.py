"""The page's Python for "Check your own minimax".

The reader's code never runs here. It runs in a dedicated Web Worker with a
Pyodide of its own (tools/runtime/sandbox.mjs, site/py/sandbox.py), started when the
page is idle after load so that the first check need not wait for it, and
thrown away after each check, so nothing the code did outlives it. This page
sends the code; the worker runs it, says which names it defines, and calls
its functions in the engine's checking order (pyengine.grading.cs50.probes: the
cheap functions first, then minimax from the fullest positions to the empty
board), one raw result a message. This page judges each with a
pyengine.grading.cs50.Judge, out of the code's reach, and shows one line per function
(checkview.py says what).

Time is the only bound a worker needs: each call has a budget that grows with
the game tree below its position (cs50.call_budget), the code's first run and
the whole check have theirs. A call that overruns its budget fails its
function; the page terminates that worker and goes on from the next function
in a fresh one, as it does when Python itself fails. Stop ends the check at
any moment and shows what was decided so far. What the code prints or raises
is shown as text, never as markup.
"""

from __future__ import annotations

import json
import secrets

import checkview
import view
from longwork import STEP_S, Controls, Runner
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pyengine import Board
from pyengine.grading.cs50 import (
    FILE_BUDGET_S,
    LOAD_BUDGET_S,
    Form,
    Judge,
    Probe,
    Verdict,
    answer_of,
    call_budget,
    detect_form,
    iter_probes,
)

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from pyodide.ffi import JsProxy

OUTPUT_LIMIT = 20_000  # characters of printed output shown
TICK_MS = 100  # how often the worker's messages are taken, the progress shown, the budgets held
SLICE_MS = 10  # at most this long judging messages in one go: the page answers in between
BATCH = 25  # messages parsed at once (one JSON text, one crossing into Python): a batch is judged whole


def app_urls() -> dict[str, str]:
    """Where the worker finds the engine and its own module: as the page's
    own Python is given them (its <script type="py">'s config), by where the
    page puts them (the engine's zip unpacked at "./*", each module at its
    name), not by their URLs, which a build gives their digests. The
    runtime's files the checker's script adds (tools/pages/editor.mjs, boot)."""
    script = document.querySelector('script[type="py"][src]')
    config = json.loads(str(script.getAttribute("config")))
    base = document.baseURI
    placed = {destination: str(window.URL.new(url, base).href) for url, destination in config["files"].items()}
    return {"engine": placed["./*"], "sandbox": placed["./sandbox.py"]}


class Check:
    """One check under way: its token, its judge once the code has run, the
    call under way, the slowest call so far."""

    def __init__(self, now: float, start: int = 0) -> None:
        self.token = secrets.token_hex(16)
        self.judge: Judge | None = None
        self.form: Form | None = None
        self.loaded: dict[str, object] | None = None  # what running the code said, until the judge is made
        self.next = start  # the call under way (or the next): the first not yet judged
        self.started = now
        self.budget_s = LOAD_BUDGET_S  # what the call (or the first run of the code) under way may take
        self.slowest: tuple[float, Probe] | None = None


class Checker:
    """One checker on the page: the code, the worker, the run, the verdicts."""

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
        self.verdict = root.querySelector(".ck-verdict")
        self.verdict_text = root.querySelector(".ck-verdict-text")
        self.form_line = root.querySelector(".ck-form")
        self.lines = root.querySelector(".ck-checks")
        self.output = root.querySelector(".ck-output")
        self.output_head = root.querySelector(".ck-subhead")
        self.watch = str(root.getAttribute("data-watch"))
        self.urls = app_urls()
        # The worker and its inbox: JavaScript objects once started (start_worker),
        # None between workers; the handlers that use them run only while one is.
        self.worker: Any = None
        self.worker_ready = False
        self.wanted = False  # Run was pressed (or a check goes on) before the worker was ready
        self.check: Check | None = None
        self.printed: list[str] = []
        self._tick = create_proxy(self._on_tick)
        self._ticker = 0
        self.inbox: Any = None
        # Every call of either form (pyengine.grading.cs50.iter_probes), made a slice
        # at a time while the page is idle, so that no check pays for them and
        # no task of the page's is long: made in one go they took tasks of
        # seconds (3.9 s and 2.2 s on this busy machine).
        self.made: dict[Form, tuple[Probe, ...]] = {}
        self.builder = Runner(window, create_proxy, budget=STEP_S)
        self.builder.start(self._make_probes())
        self.controls.run_button.addEventListener("click", create_proxy(self._on_run))
        self.controls.stop_button.addEventListener("click", create_proxy(self._on_stop))
        if not root.hasAttribute("data-editor"):  # the editor did not load: the plain box still works
            self.code.disabled = False
        self.controls.ready("Ready: press the button to check your code on every position.")
        self._start = create_proxy(lambda *_: self.start_worker())
        self.start_when_idle()

    def _make_probes(self) -> Iterator[None]:
        for form in Form:
            made: list[Probe] = []
            for probe in iter_probes(form):
                made.append(probe)
                yield
            self.made[form] = tuple(made)

    # -- the worker ------------------------------------------------------------

    def start_worker(self) -> None:
        """A fresh worker, booting its Python in the background."""
        if self.worker is not None:
            return
        listen = getattr(self.root, "ckListen", None)  # the checker's script (tools/pages/editor.mjs)
        if listen is None:
            self.root.setAttribute("data-worker", "broken")
            self.wanted = False
            return self.finish("The checker's script did not load: reload the page to try again.", "ready")
        worker = window.Worker.new(self.root.ckWorkerURL, to_js({"type": "module"}))
        self.worker, self.worker_ready = worker, False
        self.inbox = listen(worker)
        self.root.setAttribute("data-worker", "starting")
        worker.addEventListener("error", create_proxy(lambda event: self._on_worker_error(worker, event)))
        boot = to_js({"kind": "boot", **self.urls}, dict_converter=window.Object.fromEntries)
        self.root.ckBoot(worker, self.inbox, boot)  # with the runtime's files, from the page's loader
        window.clearInterval(self._ticker)
        self._ticker = window.setInterval(self._tick, TICK_MS)

    def start_when_idle(self) -> None:
        """A fresh worker once the page has nothing better to do (within a second or two)."""
        idle = getattr(window, "requestIdleCallback", None)
        if idle:
            idle(self._start, to_js({"timeout": 2000}))
        else:
            window.setTimeout(self._start, 500)

    def retire_worker(self, *, now: bool = False) -> None:
        """End the worker, whatever it is doing; the next one starts when the
        page is idle, or at once (``now``) for a check that goes on."""
        if self.worker is not None:
            self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker, self.worker_ready = None, False
        self.root.setAttribute("data-worker", "none")
        if now:
            self.start_worker()
        else:
            self.start_when_idle()

    def _on_worker_error(self, worker: JsProxy, event: JsProxy) -> None:
        if worker is not self.worker:
            return
        event.preventDefault()
        self._broken(str(getattr(event, "message", "") or "the worker could not start"))

    def _crashed(self, words: str) -> None:
        """Python itself failed under the call under way: that call fails its
        function, and the check goes on in a fresh worker."""
        check = self.check
        if check is None or check.judge is None or check.next >= len(check.judge.probes):
            return self._broken(words)
        self.go_on(check, check.judge.ended(check.next, f"Python itself failed ({words}): a recursion too deep?"))

    def _broken(self, words: str) -> None:
        """The worker's Python could not start, or stopped outside a call."""
        check = self.check
        self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker, self.worker_ready = None, False
        self.root.setAttribute("data-worker", "broken")
        if check is not None:
            self.fail_check(f"Python for your code stopped: {words}.")
        else:
            self.wanted = False
            self.finish(f"Python for your code could not start ({words}). Press the button to try again.", "ready")

    def _on_tick(self, *_: object) -> None:
        """Take the worker's messages from its inbox (tools/pages/editor.mjs) for a
        slice of time, then show the progress and hold the budgets."""
        clock = window.performance
        started = clock.now()
        while self.worker is not None and self.inbox.messages.length:
            if clock.now() - started > SLICE_MS:
                window.setTimeout(self._tick, 0)  # the rest in a task of its own, soon
                break
            try:
                batch = json.loads(str(self.inbox.drain(BATCH)))
            except ValueError:  # only code that reached into the worker's own module could send this
                return self._broken("it sent a message the page cannot read")
            for data in batch:
                self.on_message(data)
                if self.worker is None:
                    break
        check = self.check
        if check is not None:
            if check.judge is None and check.loaded is not None:
                self.on_loaded(check, check.loaded)  # the probes were still being made
            if self.check is check:
                self.hold_budgets(check)

    def on_message(self, data: dict[str, object]) -> None:
        kind = data.get("kind")
        if kind == "ready":
            self.worker_ready = True
            self.root.setAttribute("data-worker", "ready")
            if self.wanted:
                self.begin()
            return
        if kind == "broken":
            return self._broken(str(data.get("words")))
        check = self.check
        if check is None or (kind != "call" and data.get("token") != check.token):
            return  # not this check's (the inbox lets a call through only with the token)
        self.take_printed(data.get("printed"))
        if kind == "loaded":
            self.on_loaded(check, data)
        elif kind == "call" and check.judge is not None:
            self.on_call(check, check.judge, data)
        elif kind == "finished":
            self.conclude(check)
        elif kind == "crashed":
            self._crashed(str(data.get("words")))

    # -- a check ---------------------------------------------------------------

    def _on_run(self, event: JsProxy) -> None:
        self.printed = []
        self.output.textContent = ""
        self.verdict.hidden = True
        self.form_line.hidden = True
        self.lines.replaceChildren()
        self.root.removeAttribute("data-verdict")
        self.root.removeAttribute("data-form")
        self.controls.running("Starting Python for your code\u2026", 1)
        self.bar.removeAttribute("value")  # the number of calls is known once the form is
        self.check = Check(window.performance.now() / 1000)
        self.start_run()

    def start_run(self) -> None:
        """Run the check's code in the worker when it is ready."""
        if self.worker_ready:
            self.begin()
            return
        self.wanted = True
        self.start_worker()

    def begin(self) -> None:
        self.wanted = False
        check = self.check
        if check is None:
            return
        message = {"kind": "run", "token": check.token, "code": str(self.code.value), "start": check.next}
        self.inbox.token = check.token
        self.inbox.heard = window.performance.now()
        check.budget_s = LOAD_BUDGET_S
        self.worker.postMessage(to_js(message, dict_converter=window.Object.fromEntries))
        self.controls.say("Running your code\u2026")

    def on_loaded(self, check: Check, data: dict[str, object]) -> None:
        if check.judge is not None:  # a fresh worker, going on after a call that overran
            check.budget_s = call_budget(check.judge.probes[check.next])
            return
        names = [str(name) for name in data.get("names") or []]  # type: ignore[attr-defined]
        form = detect_form(names)
        error = data.get("error")
        if form is not None and error is None and form not in self.made:
            check.loaded = data  # judged once the probes are made (a tick or two)
            return
        check.loaded, check.form = None, form
        judge = check.judge = Judge(
            form, names, None if error is None else str(error), calls=self.made.get(form) if form else None
        )
        self.form_line.textContent = checkview.FORM_WORDS[form] if form else checkview.NO_FORM
        self.form_line.hidden = False
        self.root.setAttribute("data-form", form.value if form else "none")
        if not judge.probes:
            return self.conclude(check)
        self.bar.max = len(judge.probes)
        self.advance(check, judge)

    def on_call(self, check: Check, judge: Judge, data: dict[str, object]) -> None:
        index = int(data["index"])  # type: ignore[call-overload]
        if index < check.next:
            return  # already decided (a function stopped in an earlier worker)
        for skipped in range(check.next, index):
            judge.wanted(skipped)  # a function the code does not define: the worker made none of its calls
        if judge.wanted(index):
            judge.take(index, answer_of(data))
            ms = float(data.get("ms", 0.0))  # type: ignore[arg-type]
            if check.slowest is None or ms > check.slowest[0]:
                check.slowest = (ms, judge.probes[index])
        check.next = index + 1
        self.advance(check, judge)

    def advance(self, check: Check, judge: Judge) -> None:
        """Move to the next call the judge wants; conclude when none is left."""
        while check.next < len(judge.probes) and not judge.wanted(check.next):
            check.next += 1
        if check.next >= len(judge.probes):
            return self.conclude(check)
        check.budget_s = call_budget(judge.probes[check.next])

    def hold_budgets(self, check: Check) -> None:
        self.show_output()
        judge = check.judge
        if judge is not None and check.next < len(judge.probes):
            self.bar.value = check.next
            probe = judge.probes[check.next]
            span = judge.tracks[probe.function].span
            words = checkview.progress_words(probe, check.next - span.start, len(span), check.slowest)
            self.controls.say(words)
        if self.wanted:
            return  # a fresh worker is booting: the code is not running, no budget is spent
        now = window.performance.now() / 1000
        if now - self.inbox.heard / 1000 > check.budget_s:
            self.runaway(check)
        elif now - check.started > FILE_BUDGET_S:
            if judge is None or check.next >= len(judge.probes):
                return self.fail_check(f"The check ran past its budget of {FILE_BUDGET_S / 60:.0f} minutes in all.")
            self.go_on(check, judge.ran_out(check.next, FILE_BUDGET_S))  # the functions not reached get no line

    def runaway(self, check: Check) -> None:
        judge = check.judge
        if judge is None:
            if check.loaded is not None:
                return  # the page is still making the probes: the code has run
            return self.fail_check(
                f"Your code ran past its time budget of {LOAD_BUDGET_S:.0f} s before any of its functions was "
                "called: a loop that never ends, at the top of your code?"
            )
        self.go_on(check, judge.timed_out(check.next, check.budget_s))

    def go_on(self, check: Check, start: int) -> None:
        """Go on from call ``start`` in a fresh worker (the one under way is
        stuck or gone), or conclude when no call is left."""
        check.next = start
        self.retire_worker(now=start < len(check.judge.probes) if check.judge else False)
        if check.judge is None or start >= len(check.judge.probes):
            return self.conclude(check)
        self.advance(check, check.judge)
        if self.check is check:
            self.controls.say(f"Going on from {check.judge.probes[check.next].function}() in a fresh Python\u2026")
            self.start_run()

    def _on_stop(self, event: JsProxy) -> None:
        check = self.check
        self.end_check()
        if check is not None and check.judge is not None:
            self.show_verdicts(check, check.judge.verdicts(), stopped=True)
        self.finish(f"Stopped after {check.next if check else 0:,} calls.", "stopped")

    def end_check(self) -> None:
        """The check is over: its worker goes (nothing the code did survives)."""
        if self.check is not None or self.wanted:
            self.check, self.wanted = None, False
            self.retire_worker()

    # -- telling -------------------------------------------------------------

    def conclude(self, check: Check) -> None:
        judge = check.judge
        if judge is None:
            return self.fail_check("Your code stopped before it could be checked.")
        self.show_output()
        self.bar.value = self.bar.max = max(len(judge.probes), 1)
        self.show_verdicts(check, judge.verdicts())
        self.end_check()
        self.finish("Done.", "done")

    def fail_check(self, words: str) -> None:
        """The check could not go on: one sentence, and what was decided so far."""
        check = self.check
        self.show_output()
        self.end_check()
        verdicts = check.judge.verdicts() if check is not None and check.judge is not None else []
        self.show_lines(verdicts, check.form if check else None, check.judge if check else None)
        self.show_summary("fail", words)
        self.finish("Stopped at the first problem.", "done")

    def show_verdicts(self, check: Check, verdicts: list[Verdict], *, stopped: bool = False) -> None:
        self.show_lines(verdicts, check.form, check.judge)
        verdict, words = checkview.summary(verdicts, check.form)
        if stopped:
            verdict, words = "stopped", "Stopped: the lines below are the functions decided so far."
        self.show_summary(verdict, words)

    def show_summary(self, verdict: str, words: str) -> None:
        self.root.setAttribute("data-verdict", verdict)
        self.verdict.setAttribute("data-verdict", verdict)
        prefix = {"pass": "Pass. ", "fail": "Fail. "}.get(verdict, "")
        self.verdict_text.textContent = prefix + words
        self.verdict.hidden = False

    def show_lines(self, verdicts: list[Verdict], form: Form | None, judge: Judge | None) -> None:
        """One line per function: its verdict in words and, when it fails at
        a position, that position on a board; a minimax (or choose) that
        passes but wins more slowly somewhere shows the first such position."""
        slower = {track.name: track.slower[0] for track in (judge.tracks.values() if judge else ()) if track.slower}
        self.lines.replaceChildren(*(self.line(verdict, form, slower.get(verdict.name)) for verdict in verdicts))

    def line(self, verdict: Verdict, form: Form | None, slower: Board | None) -> JsProxy:
        item: JsProxy = document.createElement("li")
        item.className = "ck-check"
        item.setAttribute("data-check", verdict.name)
        item.setAttribute("data-verdict", "pass" if verdict.passed else "fail")
        head = document.createElement("p")
        mark = document.createElement("span")
        mark.className = "ck-mark"
        mark.textContent = "Pass: " if verdict.passed else "Fail: "
        words = document.createElement("span")
        words.textContent = checkview.sentence(verdict.reason)  # the reason names the function
        head.append(mark, words)
        item.append(head)
        if verdict.position is not None:
            item.setAttribute("data-position", verdict.position)
            told = checkview.detail(verdict)
            if told:
                said = document.createElement("p")
                said.className = "ck-detail"
                said.textContent = told
                item.append(said)
        for hook, cell in (("data-played", verdict.played), ("data-best", verdict.best)):
            if cell is not None:
                item.setAttribute(hook, str(cell))
        board = Board.parse(verdict.position) if verdict.position is not None else slower
        if board is not None:
            item.append(self.board(board, verdict, form))
            if verdict.played is not None:  # a move to look into: the search from there
                item.append(self.explore_link(board))
        return item

    def board(self, board: Board, verdict: Verdict, form: Form | None) -> JsProxy:
        """The failing position, with the cells the verdict points at."""
        box: JsProxy = document.createElement("div")
        box.className = "ck-board"
        box.setAttribute("role", "img")
        box.setAttribute("aria-label", checkview.board_label(board, verdict, form))
        roles = checkview.cell_roles(verdict)
        for cell in range(9):
            span = document.createElement("span")
            span.className = "ck-cell"
            span.setAttribute("data-cell", str(cell))
            mark, role = board[cell], roles.get(cell, "")
            span.textContent = mark.value if mark else checkview.ROLE_TEXT.get(role, "")
            if role:
                span.setAttribute("data-move", role)
            box.append(span)
        return box

    def explore_link(self, board: Board) -> JsProxy:
        para: JsProxy = document.createElement("p")
        para.className = "ck-explore"
        link = document.createElement("a")
        link.setAttribute("href", view.watch_href(self.watch, board))
        link.textContent = "Watch the search from this position"
        para.append(link)
        return para

    def finish(self, words: str, state: str) -> None:
        self.controls.finish(words, state)

    def take_printed(self, text: object) -> None:
        if text:
            self.printed.append(str(text))

    def show_output(self) -> None:
        text = "".join(self.printed)
        if len(text) > OUTPUT_LIMIT:
            text = text[:OUTPUT_LIMIT] + "\n[\u2026 the rest is cut]"
        self.output.textContent = text
        self.output.hidden = self.output_head.hidden = not text


def mount(root: JsProxy) -> None:
    """Bring the checker to life."""
    Checker(root)
