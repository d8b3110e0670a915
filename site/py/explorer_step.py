"""The step the explorer stands at, on the page: the board, the facts beside
it and the last few steps as text (the words are pyengine.teaching's)."""

from __future__ import annotations

from pyscript import document

from pyengine.teaching import searchwords
from pyengine.teaching.stepwords import board_words, describe

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from pyengine.teaching.stepwords import Convention
    from pyengine.teaching.trace import Step, Trace

TRACE_LINES = 12  # steps shown in the text trace, the current one last


class StepShown:
    """The board, the facts and the text trace of one explorer."""

    def __init__(self, root: JsProxy) -> None:
        self.board_box = root.querySelector(".ex-board")
        self.cells = [root.querySelector(f'.ex-cell[data-cell="{cell}"]') for cell in range(9)]
        self.facts = {dd.dataset.fact: dd for dd in root.querySelectorAll("[data-fact]")}
        self.trace_list = root.querySelector(".ex-trace")

    def fit_board(self, size: int) -> None:
        """Give the board the cells of the position's size (drawn with nine
        before Python runs)."""
        if len(self.cells) == size * size:
            return
        self.cells = []
        for cell in range(size * size):
            span = document.createElement("span")
            span.className = "ex-cell"
            span.setAttribute("data-cell", str(cell))
            self.cells.append(span)
        self.board_box.replaceChildren(*self.cells)
        self.board_box.setAttribute("data-size", str(size))

    def draw_board(self, step: Step) -> None:
        board, path = step.event.board, step.event.path
        last = path[-1] if path else None
        for cell, element in enumerate(self.cells):
            mark = board[cell]
            element.textContent = mark.value if mark else ""
            element.setAttribute("data-mark", mark.value if mark else "")
            element.classList.toggle("last", cell == last)
            element.classList.toggle("considered", cell == step.event.move)
        self.board_box.setAttribute("aria-label", f"The position at this step: {board_words(board)}")

    def draw_facts(self, step: Step, trace: Trace, convention: Convention) -> None:
        event, facts = step.event, self.facts
        facts["event"].textContent = describe(
            event, trace.algorithm, convention=convention, bound=step.value_bound, rule=trace.rule
        )
        facts["path"].textContent = searchwords.path_text(event, trace.board.size)
        facts["window"].textContent = searchwords.window_text(step, trace.algorithm, convention=convention)
        facts["best"].textContent = searchwords.best_text(step, convention=convention)
        counts = step.counts
        facts["nodes"].textContent = f"{counts.nodes:,}"
        facts["cutoffs"].textContent = searchwords.cutoffs_text(step, convention=convention)
        facts["hits"].textContent = f"{counts.hits:,}"

    def draw_trace(self, step: Step, trace: Trace, convention: Convention) -> None:
        """The last few steps as text, the current one last and marked."""
        self.trace_list.replaceChildren()
        algorithm = trace.algorithm
        for shown in trace.recent(TRACE_LINES):
            if shown.number <= step.number - TRACE_LINES:
                continue  # remembered from before a jump: not one of the last steps
            item = document.createElement("li")
            item.value = shown.number
            item.setAttribute("data-kind", shown.event.kind.value)
            item.textContent = describe(
                shown.event, algorithm, convention=convention, bound=shown.value_bound, rule=trace.rule
            )
            if shown.number == step.number:
                item.setAttribute("aria-current", "step")
            self.trace_list.appendChild(item)
