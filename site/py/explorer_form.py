"""The explorer's form: the algorithm, order, rule and convention chosen, the
position typed or clicked into its cells (explorer_editor.py, no DOM), and
the ready lessons' links. It follows the search shown (``sync``) and asks
the page for a new one (``search``); it never searches itself.
"""

from __future__ import annotations

import math

import explorer_address as address
import explorer_editor as editing
from pyscript import document
from pyscript.ffi import create_proxy

from pyengine import Board, InvalidPositionError
from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm, Order, Rule

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyodide.ffi import JsProxy

    from pyengine.teaching.stepwords import Convention
    from pyengine.teaching.trace import Trace

    Search = Callable[[Algorithm, Board, Order, Rule], None]


class SearchForm:
    """The settings form of one explorer."""

    def __init__(self, root: JsProxy, search: Search, say: Callable[[str], None]) -> None:
        """``search(algorithm, board, order, rule)``: a new search asked for;
        ``say(text)``: a sentence for the page's message line."""
        self.root, self.search, self.say = root, search, say
        self.trace: Trace | None = None  # the search the form follows (sync)
        self.form = root.querySelector("form.ex-settings")
        self.alg_select = root.querySelector("#ex-alg")
        self.order_select = root.querySelector("#ex-order")
        self.rule_select = root.querySelector("#ex-rule")
        self.convention_select = root.querySelector("#ex-conv")
        self.pos_input = root.querySelector("#ex-pos")
        self.editor = root.querySelector(".ex-editor")

    def listen(self) -> None:
        """Submitting the form or changing a search setting searches; the
        lessons' links, the cells and the typed notation follow."""
        self.form.addEventListener("submit", create_proxy(self._on_submit))
        for select in (self.alg_select, self.order_select, self.rule_select):
            select.addEventListener("change", create_proxy(self._on_submit))

    def listen_to_lessons(self) -> None:
        for link in self.root.querySelectorAll("a[data-lesson]"):
            link.addEventListener("click", create_proxy(self._on_lesson))
        self.editor.addEventListener("click", create_proxy(self._on_edit))
        self.editor.addEventListener("keydown", create_proxy(self._on_edit_key))
        self.pos_input.addEventListener("input", create_proxy(self._on_pos_typed))

    def _on_submit(self, event: JsProxy) -> None:
        event.preventDefault()
        try:
            board = address.searchable(Board.parse(str(self.pos_input.value)))
        except InvalidPositionError as error:
            self.say(searchwords.bad_position_message(error))
            return
        self.search(
            Algorithm.parse(str(self.alg_select.value)),
            board,
            Order.parse(str(self.order_select.value)),
            Rule.parse(str(self.rule_select.value)),
        )

    def _on_lesson(self, event: JsProxy) -> None:
        """A ready position: its settings at once, without reloading the page
        (a click meant for a new tab or window is the browser's)."""
        if event.ctrlKey or event.metaKey or event.shiftKey or event.altKey or event.button != 0:
            return
        event.preventDefault()
        key = str(event.currentTarget.dataset.lesson)
        lesson = next(lesson for lesson in address.LESSONS if lesson.key == key)
        self.search(lesson.algorithm, lesson.board, lesson.order, Rule.AIMA)

    def _on_edit(self, event: JsProxy) -> None:
        """A click on one of the form's cells: its next mark (MARK_CYCLE); the
        notation follows, and a legal position is searched at once."""
        button = event.target.closest(".ex-edit")
        if not button or self.trace is None:
            return
        marks = [str(cell.dataset.mark) for cell in self.editor.querySelectorAll(".ex-edit")]
        cell = int(button.dataset.cell)
        marks[cell] = editing.MARK_CYCLE[marks[cell]]
        text = editing.notation(marks)
        self.pos_input.value = text
        self.show_marks(marks)
        try:
            board = address.searchable(Board.parse(text))
        except InvalidPositionError as error:
            self.editor.setAttribute("data-invalid", "true")
            self.say(searchwords.editing_message(error))
            return
        self.search(self.trace.algorithm, board, self.trace.order, Rule.AIMA)

    def _on_edit_key(self, event: JsProxy) -> None:
        """The arrow keys move between the form's cells (Enter or Space clicks one)."""
        button = event.target.closest(".ex-edit")
        if not button:
            return
        target = editing.editor_neighbour(int(button.dataset.cell), int(self.editor.dataset.size), str(event.key))
        if target is not None:
            event.preventDefault()
            self.editor.querySelector(f'.ex-edit[data-cell="{target}"]').focus()

    def _on_pos_typed(self, event: JsProxy) -> None:
        """Typing the notation: the cells follow whatever it names."""
        marks = editing.notation_marks(str(self.pos_input.value))
        if marks is not None:
            self.show_marks(marks)

    def show_marks(self, marks: list[str]) -> None:
        """The form's cells showing ``marks`` (9 or 16 of them)."""
        size = math.isqrt(len(marks))
        buttons = list(self.editor.querySelectorAll(".ex-edit"))
        if len(buttons) != len(marks):
            buttons = []
            for cell in range(len(marks)):
                button = document.createElement("button")
                button.type = "button"
                button.className = "ex-edit"
                button.setAttribute("data-cell", str(cell))
                buttons.append(button)
            self.editor.replaceChildren(*buttons)
            self.editor.setAttribute("data-size", str(size))
        for cell, (button, mark) in enumerate(zip(buttons, marks, strict=True)):
            button.textContent = mark
            button.setAttribute("data-mark", mark)
            button.setAttribute("aria-label", editing.editor_cell_label(cell, size, mark))
        self.editor.removeAttribute("data-invalid")

    def sync(self, trace: Trace, convention: Convention) -> None:
        """The form, and the explorer's hooks, following the search ``trace``."""
        self.trace = trace
        root = self.root
        self.alg_select.value = trace.algorithm.value
        self.order_select.value = trace.order.value
        self.order_select.disabled = trace.algorithm is not Algorithm.ALPHABETA
        self.rule_select.value = trace.rule.value
        for part in root.querySelectorAll(".ex-rule-field"):
            part.hidden = trace.algorithm is not Algorithm.ALPHABETA  # only alpha-beta cuts off
        self.convention_select.value = convention.value
        root.setAttribute("data-convention", convention.value)
        root.querySelector('[data-jump="next"]').textContent = searchwords.NEXT_NAMES[trace.algorithm]
        self.pos_input.value = str(trace.board)
        self.show_marks(editing.notation_marks(str(trace.board)) or [])
        lesson = address.lesson_of(trace.algorithm, trace.board, trace.order, trace.rule)
        root.setAttribute("data-lesson", lesson.key if lesson else "")
        for link in root.querySelectorAll("a[data-lesson]"):
            if lesson is not None and link.dataset.lesson == lesson.key:
                link.setAttribute("aria-current", "true")
            else:
                link.removeAttribute("aria-current")
        root.setAttribute("data-algorithm", trace.algorithm.value)
        root.setAttribute("data-order", trace.order.value)
        root.setAttribute("data-rule", trace.rule.value)
        root.setAttribute("data-pos", str(trace.board))
