"""The page's Python for "Check your own minimax".

The reader's code runs here, in this interpreter, on every position where
there is a move (pyengine.grading decides what each answer is worth). Three
bounds keep a page alive whatever the code does: the positions are judged in
slices that yield to the browser; each call of the reader's code has a budget
of lines it may run (sys.settrace counts them), so an endless loop stops with
a message; and everything the code prints or raises is shown as text, never
as markup.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time
import traceback

from pyscript import window
from pyscript.ffi import create_proxy

from pyengine import Board
from pyengine.grading import Grade, grade, positions_to_check, value_words

STEP_BUDGET = 200_000  # lines of the reader's code per position: a memoised minimax needs under 100,000
SLICE_S = 0.03  # seconds of judging per task, then the browser gets its turn
OUTPUT_LIMIT = 20_000  # characters of printed output kept
FILENAME = "<your code>"


class Runaway(BaseException):
    """The reader's code ran past its budget (a BaseException, so that an
    ``except Exception`` in that code does not swallow it)."""


def bounded(call: object, *args: object) -> object:
    """Run ``call(*args)`` with at most STEP_BUDGET lines traced."""
    count = 0

    def tracer(frame: object, event: str, arg: object) -> object:
        nonlocal count
        if event == "line":
            count += 1
            if count > STEP_BUDGET:
                raise Runaway
        return tracer

    sys.settrace(tracer)
    try:
        return call(*args)  # type: ignore[operator]
    finally:
        sys.settrace(None)


def error_words(error: BaseException) -> str:
    """An error in the reader's code, with its line in their code."""
    if isinstance(error, SyntaxError):
        return f"Syntax error on line {error.lineno}: {error.msg}."
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == FILENAME]
    where = f" on line {lines[-1]}" if lines else ""
    return f"{type(error).__name__}{where}: {error}"


class Checker:
    """One checker on the page: the code box, the run, the verdict."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.code = root.querySelector("textarea")
        self.run_button = root.querySelector("[data-check-run]")
        self.stop_button = root.querySelector("[data-check-stop]")
        self.bar = root.querySelector("progress")
        self.status = root.querySelector(".ttt-status")
        self.verdict = root.querySelector(".ck-verdict")
        self.verdict_text = root.querySelector(".ck-verdict-text")
        self.cells = list(root.querySelectorAll(".ck-cell"))
        self.board_box = root.querySelector(".ck-board")
        self.output = root.querySelector(".ck-output")
        self.positions = positions_to_check()
        self.bar.max = len(self.positions)
        self._token = 0
        self._slice = create_proxy(self._on_slice)
        self.run_button.addEventListener("click", create_proxy(self._on_run))
        self.stop_button.addEventListener("click", create_proxy(self._on_stop))
        self.code.disabled = False
        self.run_button.disabled = False
        count = len(self.positions)
        self.status.textContent = f"Ready: press the button to run your choose() on all {count:,} positions."
        root.setAttribute("data-state", "ready")

    # -- running -------------------------------------------------------------

    def _on_run(self, event: object) -> None:
        self._token += 1
        self.printed = io.StringIO()
        self.output.textContent = ""
        self.verdict.hidden = True
        self.root.removeAttribute("data-verdict")
        self.counts = {grade: 0 for grade in Grade}
        self.first: dict[Grade, Board] = {}
        self.done = 0
        namespace: dict[str, object] = {"__name__": "reader"}
        try:
            code = compile(str(self.code.value), FILENAME, "exec")
            with contextlib.redirect_stdout(self.printed):
                bounded(exec, code, namespace)
        except Runaway:
            return self.fail("Your code ran past its budget of lines before choose() was even called.", None)
        except BaseException as error:  # the reader's code may raise anything
            return self.fail(error_words(error), None)
        finally:
            self.show_output()
        choose = namespace.get("choose")
        if not callable(choose):
            return self.fail("Your code has no function choose(board).", None)
        self.choose = choose
        self.run_button.disabled, self.stop_button.disabled = True, False
        self.root.setAttribute("data-state", "running")
        window.setTimeout(self._slice, 0, self._token)

    def _on_stop(self, event: object) -> None:
        self._token += 1
        self.finish(f"Stopped after {self.done:,} positions.", "stopped")

    def _on_slice(self, token: int) -> None:
        if token != self._token:
            return
        started = time.perf_counter()
        while self.done < len(self.positions) and time.perf_counter() - started < SLICE_S:
            board = self.positions[self.done]
            try:
                with contextlib.redirect_stdout(self.printed):
                    cell = bounded(self.choose, board)
                judged = grade(board, cell)
            except Runaway:
                self.show_output()
                return self.fail(
                    f"choose() ran past its budget of {STEP_BUDGET:,} lines on this position: a loop that never "
                    "ends? (A full minimax fits when it remembers values, as the starter does with @cache.)",
                    board,
                )
            except BaseException as error:
                self.show_output()
                return self.fail(error_words(error), board)
            self.counts[judged] += 1
            self.first.setdefault(judged, board)
            self.done += 1
        self.show_output()
        self.bar.value = self.done
        if self.done < len(self.positions):
            self.status.textContent = f"Checked {self.done:,} of {len(self.positions):,} positions\u2026"
            window.setTimeout(self._slice, 0, token)
            return
        self.conclude()

    # -- telling -------------------------------------------------------------

    def conclude(self) -> None:
        best, slower, worse = (self.counts[g] for g in (Grade.BEST, Grade.SLOWER, Grade.WORSE))
        total = len(self.positions)
        kept = best + slower
        summary = f"On {total:,} positions your choose() keeps the value of {kept:,}"
        if worse:
            board = self.first[Grade.WORSE]
            self.show(
                "fail", f"{summary}, and plays below it in {worse:,}. The first, shown here: "
                f"{board} ({board.to_move} to move; {value_words(board)}).", board,
            )
        elif slower:
            board = self.first[Grade.SLOWER]
            self.show(
                "pass", f"{summary}: every one. In {slower:,} it wins more slowly (or loses sooner) than it "
                f"could; the first, shown here: {board} ({value_words(board)}).", board,
            )
        else:
            self.show("pass", f"{summary}: every one, and always by the fastest win or the slowest loss.", None)
        self.finish("Done.", "done")

    def fail(self, words: str, board: Board | None) -> None:
        self.show("fail", words, board)
        self.finish("Stopped at the first problem.", "done")

    def show(self, verdict: str, words: str, board: Board | None) -> None:
        self.root.setAttribute("data-verdict", verdict)
        self.verdict.setAttribute("data-verdict", verdict)
        if board is not None and verdict == "fail":
            self.verdict.setAttribute("data-position", str(board))
        else:
            self.verdict.removeAttribute("data-position")
        self.verdict_text.textContent = ("Pass. " if verdict == "pass" else "Fail. ") + words
        self.board_box.hidden = board is None
        if board is not None:
            for cell, element in enumerate(self.cells):
                mark = board[cell]
                element.textContent = mark.value if mark else ""
            self.board_box.setAttribute("aria-label", f"The position {board}, {board.to_move} to move")
        self.verdict.hidden = False

    def finish(self, words: str, state: str) -> None:
        self.run_button.disabled, self.stop_button.disabled = False, True
        self.status.textContent = words
        self.root.setAttribute("data-state", state)

    def show_output(self) -> None:
        text = self.printed.getvalue()
        if len(text) > OUTPUT_LIMIT:
            text = text[:OUTPUT_LIMIT] + "\n[\u2026 the rest is cut]"
        self.output.textContent = text


def mount(root: object) -> None:
    """Bring the checker to life."""
    Checker(root)
