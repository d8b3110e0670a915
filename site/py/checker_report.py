"""The checker's report on the page: the summary, one line per function
(with the failing position on a board, and a link to watch the search from
it), the form found, and what the code printed, always as text, never as
markup. What each says is checker_view.py's.
"""

from __future__ import annotations

import checker_view
import game_view as view
from pyscript import document

from pyengine import Board

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from pyengine.grading.cs50 import Form, Judge, Verdict


class Report:
    """The report of one checker."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.verdict = root.querySelector(".ck-verdict")
        self.verdict_text = root.querySelector(".ck-verdict-text")
        self.form_line = root.querySelector(".ck-form")
        self.lines = root.querySelector(".ck-checks")
        self.output = root.querySelector(".ck-output")
        self.output_head = root.querySelector(".ck-subhead")
        self.watch = str(root.getAttribute("data-watch"))

    def clear(self) -> None:
        """A new check: nothing said yet."""
        self.output.textContent = ""
        self.verdict.hidden = True
        self.form_line.hidden = True
        self.lines.replaceChildren()
        self.root.removeAttribute("data-verdict")
        self.root.removeAttribute("data-form")

    def show_form(self, form: Form | None) -> None:
        self.form_line.textContent = checker_view.FORM_WORDS[form] if form else checker_view.NO_FORM
        self.form_line.hidden = False
        self.root.setAttribute("data-form", form.value if form else "none")

    def show_output(self, text: str) -> None:
        self.output.textContent = text
        self.output.hidden = self.output_head.hidden = not text

    def show_verdicts(
        self, verdicts: list[Verdict], form: Form | None, judge: Judge | None, *, stopped: bool = False
    ) -> None:
        self.show_lines(verdicts, form, judge)
        verdict, words = checker_view.summary(verdicts, form)
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
        words.textContent = checker_view.sentence(verdict.reason)  # the reason names the function
        head.append(mark, words)
        item.append(head)
        if verdict.position is not None:
            item.setAttribute("data-position", verdict.position)
            told = checker_view.detail(verdict)
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
        box.setAttribute("aria-label", checker_view.board_label(board, verdict, form))
        roles = checker_view.cell_roles(verdict)
        for cell in range(9):
            span = document.createElement("span")
            span.className = "ck-cell"
            span.setAttribute("data-cell", str(cell))
            mark, role = board[cell], roles.get(cell, "")
            span.textContent = mark.value if mark else checker_view.ROLE_TEXT.get(role, "")
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
