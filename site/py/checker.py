"""The page's Python for "Check your own minimax".

The reader's code never runs here. It runs in a dedicated Web Worker with a
Pyodide of its own (tools/sandbox.mjs, site/py/sandbox.py), started when the
page is idle after load so that the first check need not wait for it, and
thrown away after each check, so nothing the code did outlives it. This page
sends the code and the positions, receives what choose() returned on each,
and judges it with pyengine.grading. Time is the only bound a worker needs:
each call has a budget that grows with the game tree below its position
(grading.call_budget), the code's first run and the whole check have theirs,
and the page terminates a worker that overruns one, or that the reader
stops, and starts a fresh one. What the code prints or raises is shown as
text, never as markup.
"""

from __future__ import annotations

import json
import secrets

import view
from longwork import Controls
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pyengine import Board, IllegalMoveError, analyze
from pyengine.grading import (
    LOAD_BUDGET_S,
    RUN_BUDGET_S,
    Grade,
    call_budget,
    grade,
    move_words,
    not_a_cell,
    positions_to_check,
    tree_size,
    value_words,
)

OUTPUT_LIMIT = 20_000  # characters of printed output shown
TICK_MS = 100  # how often the worker's messages are taken, the progress shown, the budgets held
SLICE_MS = 10  # at most this long taking messages in one go: the page answers in between
SLOW_S = 5.0  # a passing check that took longer than this says it was slow


def app_urls() -> dict[str, str]:
    """Where the worker finds the engine and its own module: as the page's
    own Python is given them (its <script type="py">'s config), by where the
    page puts them (the engine's zip unpacked at "./*", each module at its
    name), not by their URLs, which a build gives their digests. The
    runtime's files the checker's script adds (tools/editor.mjs, boot)."""
    script = document.querySelector('script[type="py"][src]')
    config = json.loads(str(script.getAttribute("config")))
    base = document.baseURI
    placed = {destination: str(window.URL.new(url, base).href) for url, destination in config["files"].items()}
    return {"engine": placed["./*"], "sandbox": placed["./sandbox.py"]}


class Check:
    """One check under way: its token, its counts, where it is."""

    def __init__(self, positions: list[Board], now: float) -> None:
        self.token = secrets.token_hex(16)
        self.counts = {grade: 0 for grade in Grade}
        self.first: dict[Grade, tuple[Board, int]] = {}  # the first position of each grade, and the move played
        self.done = 0
        self.loaded = False
        self.started = now
        self.budget_s = LOAD_BUDGET_S  # what the call (or the first run of the code) under way may take
        self.longest_ms = 0.0
        self.longest_at: Board | None = None
        self.positions = positions


class Checker:
    """One checker on the page: the code, the worker, the run, the verdict."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.code = root.querySelector("textarea")
        self.bar = root.querySelector("progress")
        self.controls = Controls(
            root, run=root.querySelector("[data-check-run]"), stop=root.querySelector("[data-check-stop]"),
            status=root.querySelector(".ttt-status"), bar=self.bar,
        )
        self.verdict = root.querySelector(".ck-verdict")
        self.verdict_text = root.querySelector(".ck-verdict-text")
        self.cells = list(root.querySelectorAll(".ck-cell"))
        self.board_box = root.querySelector(".ck-board")
        self.output = root.querySelector(".ck-output")
        self.output_head = root.querySelector(".ck-subhead")
        self.explore = root.querySelector(".ck-explore")
        self.positions = positions_to_check()
        # What the worker is sent, made once: the notations, one string (a
        # list of 4,520 strings took a task of its own to convert).
        self.notations = " ".join(str(board) for board in self.positions)
        self.bar.max = len(self.positions)
        self.urls = app_urls()
        self.worker: object = None
        self.worker_ready = False
        self.wanted = False  # Run was pressed before the worker was ready
        self.check: Check | None = None
        self.printed: list[str] = []
        self._tick = create_proxy(self._on_tick)
        self._ticker = 0
        self.inbox: object = None
        self.controls.run_button.addEventListener("click", create_proxy(self._on_run))
        self.controls.stop_button.addEventListener("click", create_proxy(self._on_stop))
        if not root.hasAttribute("data-editor"):  # the editor did not load: the plain box still works
            self.code.disabled = False
        count = len(self.positions)
        self.controls.ready(f"Ready: press the button to run your choose() on all {count:,} positions.")
        self._start = create_proxy(lambda *_: self.start_worker())
        self.start_when_idle()

    # -- the worker ------------------------------------------------------------

    def start_worker(self) -> None:
        """A fresh worker, booting its Python in the background."""
        if self.worker is not None:
            return
        listen = getattr(self.root, "ckListen", None)  # the checker's script (tools/editor.mjs)
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

    def retire_worker(self) -> None:
        """End the worker, whatever it is doing; the next one starts when the page is idle."""
        if self.worker is not None:
            self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker, self.worker_ready = None, False
        self.root.setAttribute("data-worker", "none")
        self.start_when_idle()

    def _on_worker_error(self, worker: object, event: object) -> None:
        if worker is not self.worker:
            return
        event.preventDefault()
        self._broken(str(getattr(event, "message", "") or "the worker could not start"))

    def _broken(self, words: str) -> None:
        self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker, self.worker_ready = None, False
        self.root.setAttribute("data-worker", "broken")
        if self.check is not None:
            self.fail_check(f"Python for your code stopped: {words}.", None)
        else:
            self.wanted = False
            self.finish(f"Python for your code could not start ({words}). Press the button to try again.", "ready")

    def _on_tick(self, *_: object) -> None:
        """Take the worker's messages from its inbox (tools/editor.mjs) for a
        slice of time, then show the progress and hold the budgets."""
        started, clock, messages = window.performance.now(), window.performance, self.inbox.messages
        while self.worker is not None and messages.length:
            if clock.now() - started > SLICE_MS:
                window.setTimeout(self._tick, 0)  # the rest in a task of its own, soon
                break
            self.on_message(messages.shift().to_py())
        if self.check is not None:
            self.hold_budgets(self.check)

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
        if check is None or data.get("token") != check.token:
            return  # not this check's
        self.take_printed(data.get("printed"))
        if kind == "loaded":
            self.on_loaded(check, data)
        elif kind == "move":
            self.on_move(check, data)
        elif kind == "finished":
            self.conclude(check)
        elif kind == "crashed":
            index = int(data.get("index", -1))  # type: ignore[call-overload]
            board = check.positions[index] if 0 <= index < len(check.positions) else None
            self.fail_check(
                f"Your code made Python itself fail ({data.get('words')}): a recursion too deep for the browser?",
                board,
            )

    # -- a check ---------------------------------------------------------------

    def _on_run(self, event: object) -> None:
        self.printed = []
        self.output.textContent = ""
        self.verdict.hidden = True
        self.root.removeAttribute("data-verdict")
        self.controls.running("Starting Python for your code\u2026", len(self.positions))
        if self.worker_ready:
            self.begin()
            return
        self.wanted = True
        self.start_worker()

    def begin(self) -> None:
        self.wanted = False
        now = window.performance.now() / 1000
        check = self.check = Check(self.positions, now)
        message = {
            "kind": "run", "token": check.token, "code": str(self.code.value), "positions": self.notations,
        }
        self.inbox.token = check.token
        self.inbox.heard = window.performance.now()
        self.worker.postMessage(to_js(message, dict_converter=window.Object.fromEntries))
        self.controls.say("Running your code\u2026")

    def on_loaded(self, check: Check, data: dict[str, object]) -> None:
        if "error" in data:
            return self.fail_check(str(data["error"]), None)
        check.loaded = True
        check.budget_s = call_budget(check.positions[0])

    def on_move(self, check: Check, data: dict[str, object]) -> None:
        index = int(data["index"])  # type: ignore[call-overload]
        board = check.positions[index]
        if "error" in data:
            return self.fail_check(str(data["error"]), board)
        try:
            judged = grade(board, data["cell"]) if "cell" in data else None
            if judged is None:
                raise not_a_cell(str(data.get("returned")))
        except IllegalMoveError as error:
            return self.fail_check(str(error), board)
        check.counts[judged] += 1
        check.first.setdefault(judged, (board, int(data["cell"])))  # type: ignore[call-overload]
        check.done = index + 1
        ms = float(data.get("ms", 0.0))  # type: ignore[arg-type]
        if ms > check.longest_ms:
            check.longest_ms, check.longest_at = ms, board
        if check.done < len(check.positions):
            # In this order a position's children come before it: their
            # tree sizes are known, so this costs a sum of a few numbers.
            check.budget_s = call_budget(check.positions[check.done])

    def hold_budgets(self, check: Check) -> None:
        self.show_output()
        self.bar.value = check.done
        total = len(check.positions)
        if check.loaded:
            self.controls.say(f"Checked {check.done:,} of {total:,} positions\u2026")
        now = window.performance.now() / 1000
        if now - self.inbox.heard / 1000 > check.budget_s:
            self.runaway(check)
        elif now - check.started > RUN_BUDGET_S:
            self.fail_check(
                f"The check ran past its budget of {RUN_BUDGET_S / 60:.0f} minutes in all, after {check.done:,} "
                f"positions: a correct minimax, even one that remembers nothing, needs far less.",
                None,
            )

    def runaway(self, check: Check) -> None:
        if not check.loaded:
            return self.fail_check(
                f"Your code ran past its time budget of {LOAD_BUDGET_S:.0f} s before choose() was even called: "
                "a loop that never ends, at the top of your code?",
                None,
            )
        board = check.positions[check.done]
        nodes = tree_size(board)
        self.fail_check(
            f"choose() ran past its time budget of {check.budget_s:.0f} s on this position, whose whole game "
            f"tree has {nodes:,} {'node' if nodes == 1 else 'nodes'}: even a minimax that remembers nothing is "
            "done long before that. A loop that never ends?",
            board,
        )

    def _on_stop(self, event: object) -> None:
        check = self.check
        done = check.done if check else 0
        self.end_check()
        self.finish(f"Stopped after {done:,} positions.", "stopped")

    def end_check(self) -> None:
        """The check is over: its worker goes (nothing the code did survives)."""
        if self.check is not None or self.wanted:
            self.check, self.wanted = None, False
            self.retire_worker()

    # -- telling -------------------------------------------------------------

    def conclude(self, check: Check) -> None:
        best, slower, worse = (check.counts[g] for g in (Grade.BEST, Grade.SLOWER, Grade.WORSE))
        total = len(check.positions)
        kept = best + slower
        summary = f"On {total:,} positions your choose() keeps the value of {kept:,}"
        took = window.performance.now() / 1000 - check.started
        slow = ""
        if took > SLOW_S and check.longest_at is not None:
            slow = (
                f" Correct, but slow: the check took {took:.0f} s, the longest call {check.longest_ms / 1000:.1f} s "
                f"on {check.longest_at}. Remembering values (the starter's @cache) makes it fast."
            )
        self.show_output()
        if worse or slower:
            board, played = check.first[Grade.WORSE if worse else Grade.SLOWER]
            best = analyze(board).best[0]
            moves = f"Your move: {move_words(board, played)}; best: {move_words(board, best)}."
            if worse:
                self.show(
                    "fail", f"{summary}, and plays below it in {worse:,}. The first, shown here: "
                    f"{board} ({board.to_move} to move; {value_words(board)}). {moves}", board, (played, best),
                )
            else:
                self.show(
                    "pass", f"{summary}: every one. In {slower:,} it wins more slowly (or loses sooner) than it "
                    f"could; the first, shown here: {board} ({value_words(board)}). {moves}{slow}", board,
                )
        else:
            self.show("pass", f"{summary}: every one, and always by the fastest win or the slowest loss.{slow}", None)
        self.bar.value = check.done
        self.end_check()
        self.finish("Done.", "done")

    def fail_check(self, words: str, board: Board | None) -> None:
        self.show_output()
        self.show("fail", words, board)
        self.end_check()
        self.finish("Stopped at the first problem.", "done")

    def show(self, verdict: str, words: str, board: Board | None, moves: tuple[int, int] | None = None) -> None:
        """The verdict in words; the position it names on the board, with
        the move the code played and a best one when ``moves`` are given."""
        self.root.setAttribute("data-verdict", verdict)
        self.verdict.setAttribute("data-verdict", verdict)
        hooks = {"data-position": str(board) if board is not None and verdict == "fail" else None}
        hooks["data-played"], hooks["data-best"] = (str(moves[0]), str(moves[1])) if moves else (None, None)
        for name, value in hooks.items():
            if value is None:
                self.verdict.removeAttribute(name)
            else:
                self.verdict.setAttribute(name, value)
        self.verdict_text.textContent = ("Pass. " if verdict == "pass" else "Fail. ") + words
        self.board_box.hidden = board is None
        self.explore.hidden = board is None
        if board is not None:
            played, best = moves if moves else (None, None)
            for cell, element in enumerate(self.cells):
                mark = board[cell]
                role = "played" if cell == played else "best" if cell == best else ""
                element.textContent = mark.value if mark else {"played": "you", "best": "best"}.get(role, "")
                element.setAttribute("data-move", role)
            label = f"The position {board}, {board.to_move} to move"
            if moves:
                label += f"; your move {moves[0]}, a best move {moves[1]}"
            self.board_box.setAttribute("aria-label", label)
            link = self.explore.querySelector("a")
            link.setAttribute("href", view.watch_href(str(link.getAttribute("href")), board))
        self.verdict.hidden = False

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


def mount(root: object) -> None:
    """Bring the checker to life."""
    Checker(root)
