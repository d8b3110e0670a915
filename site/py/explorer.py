"""The page's Python for "Watch the search": the explorer's event wiring.

It only translates: the address and the controls become asks of a
pyengine.teaching.trace Trace (which keeps every step asked for sound), and the step
it stands at becomes DOM updates. The explorer's rooms, each with one job::

    explorer.py        this wiring: events in, the step shown out (the board, facts, trace)
    search_address.py  the address read and written, the ready lessons (no DOM)
    position_editor.py the form's clickable cells (no DOM)
    outline_view.py    the search as a text tree (DOM)
    tree_drawing.py    where the drawn tree's nodes go and what they say (no DOM)
    tree_view.py       a tree_drawing Picture in an SVG (DOM only, reusable)
    race.py            the race of the algorithms (its own board on the page)

Searching and stepping live in pyengine.teaching.search and pyengine.teaching.trace, the words
in pyengine.words and pyengine.teaching.searchwords. Text from the address is only
ever set as textContent.

Long work never holds the page: a jump is a generator of steps handed to a
longwork.Runner, which runs it in slices and gives the browser its turn in
between; a progress bar and a Stop button show while it works.
"""

from __future__ import annotations

import math

import position_editor as editing
import search_address as address
import tree_drawing as drawing
from longwork import STEP_S, Runner
from outline_view import Outline
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
from saved import Kept
from tree_view import TreeView

from pyengine import Board, InvalidPositionError, UnknownChoiceError
from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm, Order, Rule, RunResult, events, run
from pyengine.teaching.searchtree import SearchTree, fold
from pyengine.teaching.stepwords import Convention, board_words, describe
from pyengine.teaching.trace import SMALL_TREE, Jump, Step, Trace, steps_total

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyodide.ffi import JsProxy

TRACE_LINES = 12  # steps shown in the text trace, the current one last
ANNOUNCE_MS = 350  # the live region speaks once stepping pauses, not at every key
URL_MS = 250  # the address follows the step once stepping pauses
COUNT_TICK = 512  # nodes per look at the clock while counting a large search's steps (the race's)
KEYS = {
    "ArrowRight": Jump.ON,
    "ArrowDown": Jump.ON,
    "ArrowLeft": Jump.BACK,
    "ArrowUp": Jump.BACK,
    "PageDown": Jump.ON_10,
    "PageUp": Jump.BACK_10,
    "Home": Jump.FIRST,
    "End": Jump.LAST,
    "n": Jump.NEXT,
    "N": Jump.NEXT,
    "p": Jump.PREVIOUS,
    "P": Jump.PREVIOUS,
}
"""The explorer's keys and the jump each asks for (Shift makes 10 a 100)."""
PAGE_KEYS = frozenset({"n", "N", "p", "P", ".", ","})
"""The site theme's keys for the next and previous page (mkdocs-material binds
n, p, '.' and ',' on the window): while the explorer has the keys, none of
them leaves the lesson."""


class Explorer:
    """One explorer on the page and the one search behind it."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.kept = Kept(window)
        self.form = root.querySelector("form.ex-settings")
        self.alg_select = root.querySelector("#ex-alg")
        self.order_select = root.querySelector("#ex-order")
        self.rule_select = root.querySelector("#ex-rule")
        self.convention_select = root.querySelector("#ex-conv")
        self.pos_input = root.querySelector("#ex-pos")
        self.step_input = root.querySelector("#ex-step")
        self.total = root.querySelector(".ex-total")
        self.message = root.querySelector(".ex-message")
        self.status = root.querySelector(".ex-status")
        self.busy = root.querySelector(".ex-busy")
        self.bar = root.querySelector(".ex-busy progress")
        self.board_box = root.querySelector(".ex-board")
        self.cells = [root.querySelector(f'.ex-cell[data-cell="{cell}"]') for cell in range(9)]
        self.facts = {dd.dataset.fact: dd for dd in root.querySelectorAll("[data-fact]")}
        self.outline = Outline(root.querySelector(".ex-tree"))
        self.tree_box = root.querySelector(".ex-tree-box")
        self.tree_head = root.querySelector("#ex-tree-head")
        self.trace_list = root.querySelector(".ex-trace")
        self.announce = root.querySelector(".ex-announce")
        self.editor = root.querySelector(".ex-editor")
        self.copy_button = root.querySelector("[data-copy-link]")
        self.copied = root.querySelector(".ex-copied")
        self.link_field = root.querySelector(".ex-link-field")
        self.link_input = root.querySelector("#ex-link")
        self.present_button = root.querySelector("[data-present]")
        self.presenting = False
        self._copied = create_proxy(self._on_copied)
        self._copy_refused = create_proxy(self._on_copy_refused)
        self.drawn_svg = root.querySelector(".ex-drawn-svg")
        self.tree_view = TreeView(self.drawn_svg, self._on_tree_click)
        self.drawn_key = root.querySelector(".ex-drawn-key")
        self.drawn_box = root.querySelector(".ex-drawn")
        window.addEventListener("resize", create_proxy(self._on_resize))
        self.runner = Runner(window, create_proxy, budget=STEP_S)
        self.counter = Runner(window, create_proxy, budget=STEP_S)
        """Counts a large search's steps (search.run, which makes no events),
        so that the step line says its total from the start."""
        self.shown: Step | None = None  # the step drawn last: what the delayed announcement and address say
        self._announce = create_proxy(self._on_announce)
        self._write_url = create_proxy(self._on_write_url)
        self._timers = {"announce": 0, "url": 0}
        self.convention = Convention.NEGAMAX
        """How values are stated: for the side to move (negamax), or from X's side (MAX/MIN)."""

        params = window.URLSearchParams.new(window.location.search)
        given = {key: str(params.get(key)) for key in address.ADDRESS_KEYS if params.has(key)}
        algorithm, order, board, step, self.convention, rule, problems = address.settings_from_params(given)
        if "conv" not in given:
            self.convention, problem = address.remembered_convention(self.stored_convention())
            if problem:
                problems.append(problem)
                self.keep_convention()
        self.new_search(algorithm, board, order, rule)
        if problems:
            self.show_message(" ".join(problems))
        for control in root.querySelectorAll(".ex-step"):
            control.addEventListener("click", create_proxy(self._on_step_button))
        root.querySelector("[data-stop]").addEventListener("click", create_proxy(self._on_stop))
        self.form.addEventListener("submit", create_proxy(self._on_submit))
        self.alg_select.addEventListener("change", create_proxy(self._on_submit))
        self.order_select.addEventListener("change", create_proxy(self._on_submit))
        self.rule_select.addEventListener("change", create_proxy(self._on_submit))
        self.convention_select.addEventListener("change", create_proxy(self._on_convention))
        self.step_input.addEventListener("change", create_proxy(self._on_step_input))
        root.addEventListener("keydown", create_proxy(self._on_key))
        document.addEventListener("keydown", create_proxy(self._on_page_key), True)
        self.set_up_lesson_tools(params)
        for control in root.querySelectorAll("button, select, input"):
            control.disabled = False
        self.sync_form()
        self.go(lambda: self.trace.seek(step))

    def new_search(self, algorithm: Algorithm, board: Board, order: Order, rule: Rule) -> None:
        """A fresh search (alpha-beta cutting off by ``rule``); a small
        position also gets its whole tree, drawn once and then shown step by step."""
        self.runner.stop()
        self.counter.stop()
        trace = self.trace = Trace(algorithm, board, order, rule=rule)
        self.fit_board(board.size)
        self.small = board.geometry.cells - board.ply <= SMALL_TREE
        whole = fold(events(algorithm, board, trace.order, trace.rule), trace.order, trace.rule) if self.small else None
        if whole is not None:
            trace.total = whole.nodes[0].valued  # the last step gives the root's value
        else:
            self.counter.start(run(algorithm, board, trace.order, COUNT_TICK, trace.rule), done=self._on_counted)
        self.outline.reset(whole)
        self.tree_box.classList.toggle("whole", self.small)
        self.reset_drawing(whole)
        self.write_heading()

    def _on_counted(self, result: RunResult) -> None:
        """The large search's steps are counted: the step line says "of" them."""
        self.trace.total = steps_total(result.counts)
        if not self.runner.running and self.shown is not None:
            self.total.textContent = searchwords.total_text(self.trace.total)
            self.status.textContent = searchwords.step_status(self.shown.number, self.trace.total)

    # -- events ----------------------------------------------------------------

    def _on_step_button(self, event: JsProxy) -> None:
        try:
            how = Jump.parse(str(event.currentTarget.dataset.jump))
        except UnknownChoiceError as error:  # a button the build wrote wrong: said, not raised
            self.show_message(str(error))
            return
        self.go(lambda: self.trace.jump(how))

    def _on_key(self, event: JsProxy) -> None:
        """A key pressed in the explorer, or on the page's body (nothing
        focused, as after a click on a blank spot): a step key steps, and no
        key the theme reads as "next page" or "previous page" reaches it."""
        target = event.target
        if target.closest("form") or target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return  # typing a position or a step number: the keys are the field's
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        key = str(event.key)
        how = KEYS.get(key)
        if how is None and key not in PAGE_KEYS:
            return
        # The theme listens on the window, after this (the root's listener, or
        # the document's in its capture phase): stopping here keeps N and P
        # from opening the next or previous page.
        event.preventDefault()
        event.stopPropagation()
        if how is None:
            return
        jump = how.farther if event.shiftKey else how
        self.go(lambda: self.trace.jump(jump))

    def _on_page_key(self, event: JsProxy) -> None:
        """Keys pressed with nothing focused (the target is the body) are the explorer's."""
        if event.target in (document.body, document.documentElement):
            self._on_key(event)

    def _on_step_input(self, event: JsProxy) -> None:
        text = str(self.step_input.value).strip()
        if text.isdigit():
            number = int(text)
            self.go(lambda: self.trace.seek(number))

    def _on_submit(self, event: JsProxy) -> None:
        event.preventDefault()
        try:
            board = address.searchable(Board.parse(str(self.pos_input.value)))
        except InvalidPositionError as error:
            self.show_message(searchwords.bad_position_message(error))
            return
        self.search(
            Algorithm.parse(str(self.alg_select.value)),
            board,
            Order.parse(str(self.order_select.value)),
            Rule.parse(str(self.rule_select.value)),
        )

    def _on_convention(self, event: JsProxy) -> None:
        """State every value the other way: the same search, the same step."""
        self.convention = Convention.parse(str(self.convention_select.value))
        self.root.setAttribute("data-convention", self.convention.value)
        self.keep_convention()
        self.write_heading()
        self.outline.restate()
        if not self.runner.running:  # else the step on its way is drawn the new way when it arrives
            self.render()

    def write_heading(self) -> None:
        """The heading says which view is drawn: the whole tree only when it is."""
        whole = self.view is not None and self.view.whole
        self.tree_head.textContent = searchwords.tree_heading(whole, self.small, convention=self.convention)

    def stored_convention(self) -> str | None:
        """The convention kept in this browser, as text (None if none, or storage is disabled)."""
        return self.kept.read(address.CONVENTION_KEY)

    def keep_convention(self) -> None:
        # Storage full or disabled: the choice lasts until the page closes.
        self.kept.write(address.CONVENTION_KEY, self.convention.value)

    def _on_stop(self, event: JsProxy) -> None:
        self.runner.stop()
        self.trace.halt()
        self.busy.hidden = True
        self.render()
        self.status.textContent = searchwords.stopped_status(self.trace.current.number)

    # -- setting up a lesson: ready positions, cells to click, a link, presenting --

    def set_up_lesson_tools(self, params: JsProxy) -> None:
        root = self.root
        for link in root.querySelectorAll("a[data-lesson]"):
            link.addEventListener("click", create_proxy(self._on_lesson))
        self.editor.addEventListener("click", create_proxy(self._on_edit))
        self.editor.addEventListener("keydown", create_proxy(self._on_edit_key))
        self.pos_input.addEventListener("input", create_proxy(self._on_pos_typed))
        self.copy_button.addEventListener("click", create_proxy(self._on_copy))
        self.present_button.addEventListener("click", create_proxy(self._on_present))
        document.addEventListener("keydown", create_proxy(self._on_escape))
        if params.get(address.PRESENT_KEY) == "1":
            self.present(True)

    def search(self, algorithm: Algorithm, board: Board, order: Order, rule: Rule = Rule.AIMA) -> None:
        """A new search from its first step, the form following it."""
        self.hide_message()
        self.new_search(algorithm, board, order, rule)
        self.sync_form()
        self.go(lambda: self.trace.seek(1))

    def _on_lesson(self, event: JsProxy) -> None:
        """A ready position: its settings at once, without reloading the page
        (a click meant for a new tab or window is the browser's)."""
        if event.ctrlKey or event.metaKey or event.shiftKey or event.altKey or event.button != 0:
            return
        event.preventDefault()
        key = str(event.currentTarget.dataset.lesson)
        lesson = next(lesson for lesson in address.LESSONS if lesson.key == key)
        self.search(lesson.algorithm, lesson.board, lesson.order)

    def _on_edit(self, event: JsProxy) -> None:
        """A click on one of the form's cells: its next mark (MARK_CYCLE); the
        notation follows, and a legal position is searched at once."""
        button = event.target.closest(".ex-edit")
        if not button:
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
            self.show_message(searchwords.editing_message(error))
            return
        self.search(self.trace.algorithm, board, self.trace.order)

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

    def step_address(self, presenting: bool) -> str:
        """The address of the step shown: algorithm, order, position, step,
        the convention (MAX/MIN only) and presentation mode when ``presenting``."""
        trace = self.trace
        number = self.shown.number if self.shown is not None else None
        query = address.search_query(
            trace.board, trace.algorithm, trace.order, number, convention=self.convention, rule=trace.rule
        )
        return address.presenting_query(query, presenting)

    def _on_copy(self, event: JsProxy) -> None:
        # A link handed to a class opens the lesson, not presentation mode (each
        # student's own screen is no projector): only this page's own address
        # keeps present=1, for a reload.
        address = f"{window.location.origin}{window.location.pathname}{self.step_address(False)}"
        self.link_input.value = address
        self.copied.textContent = ""
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is None:  # not offered (an insecure page, an old browser): copy by hand
            self._on_copy_refused()
            return
        clipboard.writeText(address).then(self._copied, self._copy_refused)

    def _on_copied(self, *_: object) -> None:
        self.link_field.hidden = True
        self.copied.textContent = searchwords.COPIED
        self.root.setAttribute("data-copied", "true")

    def _on_copy_refused(self, *_: object) -> None:
        """The clipboard said no: the link shown, selected, to copy by hand."""
        self.link_field.hidden = False
        self.copied.textContent = searchwords.COPY_BY_HAND
        self.root.setAttribute("data-copied", "by-hand")
        self.link_input.focus()
        self.link_input.select()

    def _on_present(self, event: JsProxy) -> None:
        self.present(not self.presenting)

    def _on_escape(self, event: JsProxy) -> None:
        if self.presenting and str(event.key) == "Escape":
            self.present(False)

    def present(self, on: bool) -> None:
        """Presentation mode: the site's navigation, header and footer hidden,
        the board, the event and the tree enlarged (explorer.css)."""
        self.presenting = on
        document.documentElement.classList.toggle("ex-presenting", on)
        self.present_button.setAttribute("aria-pressed", "true" if on else "false")
        self.present_button.textContent = searchwords.present_label(on)
        if on:
            self.present_button.setAttribute("aria-keyshortcuts", "Escape")
        else:
            self.present_button.removeAttribute("aria-keyshortcuts")
        if on:
            self.root.scrollIntoView()
        if self.shown is not None:  # the tree's box changed its width, and the sizes it must keep
            self.width_px = 0.0
            self.draw_picture(self.shown)
        self.schedule("url", self._write_url, URL_MS)

    # -- stepping --------------------------------------------------------------

    def go(self, ask: Callable[[], None]) -> None:
        """Retire the jump going, ask the trace for a step (``ask()``), and
        work toward it: at once if it is near, in slices if it is far."""
        self.runner.stop()
        ask()
        self.runner.start(
            self.trace.run(), progress=self._on_progress, done=self._on_arrived, failed=self._on_failed, now=True
        )

    def _on_progress(self, made: int) -> None:
        """Still on the way: say how far, and let the browser paint."""
        target = self.trace.target
        self.busy.hidden = False
        self.bar.max = max(1, target)
        self.bar.value = made
        self.status.textContent = searchwords.working_status(target, made)

    def _on_arrived(self, _: None) -> None:
        self.busy.hidden = True
        self.render()

    def _on_failed(self, error: BaseException) -> None:
        """A bug, said in words rather than a stuck page: the search starts again."""
        self.busy.hidden = True
        self.show_message(searchwords.failure_message(error))
        total = self.trace.total
        self.trace = Trace(self.trace.algorithm, self.trace.board, self.trace.order, rule=self.trace.rule)
        self.trace.total = total
        self.render()

    # -- drawing ---------------------------------------------------------------

    def sync_form(self) -> None:
        trace = self.trace
        self.alg_select.value = trace.algorithm.value
        self.order_select.value = trace.order.value
        self.order_select.disabled = trace.algorithm is not Algorithm.ALPHABETA
        self.rule_select.value = trace.rule.value
        for part in self.root.querySelectorAll(".ex-rule-field"):
            part.hidden = trace.algorithm is not Algorithm.ALPHABETA  # only alpha-beta cuts off
        self.convention_select.value = self.convention.value
        self.root.setAttribute("data-convention", self.convention.value)
        self.root.querySelector('[data-jump="next"]').textContent = searchwords.NEXT_NAMES[trace.algorithm]
        self.pos_input.value = str(trace.board)
        self.show_marks(editing.notation_marks(str(trace.board)) or [])
        lesson = address.lesson_of(trace.algorithm, trace.board, trace.order, trace.rule)
        self.root.setAttribute("data-lesson", lesson.key if lesson else "")
        for link in self.root.querySelectorAll("a[data-lesson]"):
            if lesson is not None and link.dataset.lesson == lesson.key:
                link.setAttribute("aria-current", "true")
            else:
                link.removeAttribute("aria-current")
        self.root.setAttribute("data-algorithm", trace.algorithm.value)
        self.root.setAttribute("data-order", trace.order.value)
        self.root.setAttribute("data-rule", trace.rule.value)
        self.root.setAttribute("data-pos", str(trace.board))

    def render(self) -> None:
        trace = self.trace
        step = trace.current
        self.shown = step
        self.root.setAttribute("data-step", str(step.number))
        self.root.setAttribute("data-kind", step.event.kind.value)
        self.root.setAttribute("data-ready", "true")
        self.step_input.value = str(step.number)
        self.total.textContent = searchwords.total_text(trace.total)
        past_end = trace.take_past_end()
        if past_end is not None and trace.total is not None:
            self.show_message(searchwords.past_end_message(trace.total, past_end))
        self.draw_board(step)
        self.draw_facts(step)
        self.outline.show(step, trace.algorithm, self.convention)
        self.draw_trace(step)
        self.draw_picture(step)
        self.status.textContent = searchwords.step_status(step.number, trace.total)
        self.schedule("announce", self._announce, ANNOUNCE_MS)
        self.schedule("url", self._write_url, URL_MS)

    def schedule(self, name: str, proxy: JsProxy, delay: int) -> None:
        if self._timers[name]:
            window.clearTimeout(self._timers[name])
        self._timers[name] = window.setTimeout(proxy, delay)

    def _on_announce(self, *_: object) -> None:
        self._timers["announce"] = 0
        if self.shown is not None:
            self.announce.textContent = searchwords.announcement(
                self.shown, self.trace.algorithm, convention=self.convention, rule=self.trace.rule
            )

    def _on_write_url(self, *_: object) -> None:
        self._timers["url"] = 0
        if self.shown is not None:
            window.history.replaceState(None, "", self.step_address(self.presenting))

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

    def draw_facts(self, step: Step) -> None:
        event, trace, convention = step.event, self.trace, self.convention
        self.facts["event"].textContent = describe(
            event, trace.algorithm, convention=convention, bound=step.value_bound, rule=trace.rule
        )
        self.facts["path"].textContent = searchwords.path_text(event, trace.board.size)
        self.facts["window"].textContent = searchwords.window_text(step, trace.algorithm, convention=convention)
        self.facts["best"].textContent = searchwords.best_text(step, convention=convention)
        counts = step.counts
        self.facts["nodes"].textContent = f"{counts.nodes:,}"
        self.facts["cutoffs"].textContent = searchwords.cutoffs_text(step, convention=convention)
        self.facts["hits"].textContent = f"{counts.hits:,}"

    def draw_trace(self, step: Step) -> None:
        """The last few steps as text, the current one last and marked."""
        self.trace_list.replaceChildren()
        algorithm = self.trace.algorithm
        for shown in self.trace.recent(TRACE_LINES):
            if shown.number <= step.number - TRACE_LINES:
                continue  # remembered from before a jump: not one of the last steps
            item = document.createElement("li")
            item.value = shown.number
            item.setAttribute("data-kind", shown.event.kind.value)
            item.textContent = describe(
                shown.event, algorithm, convention=self.convention, bound=shown.value_bound, rule=self.trace.rule
            )
            if shown.number == step.number:
                item.setAttribute("aria-current", "step")
            self.trace_list.appendChild(item)

    # -- the drawn tree (tree_drawing.py places it, tree_view.py draws it) ------

    def reset_drawing(self, tree: SearchTree | None) -> None:
        """A new search: its whole tree placed once (``tree``: a small
        search's; None for a large one), and an empty picture."""
        windows = self.trace.algorithm is Algorithm.ALPHABETA
        self.whole = drawing.WholeTree(tree, windows, self.trace.rule) if tree is not None else None
        self.widest = self.trace.board.geometry.cells - self.trace.board.ply
        self.view: drawing.View | None = None
        self.width_px = 0.0
        self.least_scale = drawing.MIN_SCALE  # the view's smallest scale on screen
        self.tree_view.clear()
        self.drawn_key_for: tuple[Convention, bool] | None = None

    def _on_resize(self, *_: object) -> None:
        if self.shown is not None and self.tree_box.clientWidth != self.width_px:
            self.width_px = 0.0  # measure again
            self.draw_picture(self.shown)

    def _on_tree_click(self, key: str | None, number: int | None) -> None:
        """A click on a node: go to the step that entered it (a skipped move:
        the cut-off that skipped it)."""
        # The drawing takes the focus (it is focusable from a click only), so
        # that the keys go on stepping here and never to the theme.
        self.drawn_box.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        if number is not None:
            self.go(lambda: self.trace.seek(number))

    def draw_picture(self, step: Step) -> None:
        """The drawn tree at ``step``: the view that fits the box's width;
        only the nodes, lines and notes that changed are touched. The width
        is measured once a search and on a resize (reading it at every step
        would lay the page out again at every step)."""
        if not self.width_px:
            size = self.trace.board.size
            self.width_px = float(self.tree_box.clientWidth) or 600.0
            least_px = window.innerHeight * drawing.PRESENT_SHARE if self.presenting else 0.0
            slots = self.whole.slots if self.whole else None
            chosen = drawing.choose_view(slots, self.widest, self.width_px, least_px, size)
            self.least_scale = drawing.least_scale(chosen.boards, size, least_px)
            if chosen != self.view:
                self.view = chosen
                self.tree_view.clear()
                if chosen.whole and self.whole is not None:
                    self.whole.place(chosen.boards)
                self.write_heading()
        view = self.view
        assert view is not None
        windows = self.trace.algorithm is Algorithm.ALPHABETA
        if view.whole and self.whole is not None:
            picture = self.whole.picture(step, self.convention)
        else:
            # As deep as a path can go from the first step: the picture keeps one height.
            picture = drawing.path_picture(step, view.boards, windows, self.convention, self.widest, self.trace.rule)
        self.tree_view.show(picture)
        # Presenting, the picture may be taller than the screen allows, not drawn smaller (explorer.css).
        self.drawn_svg.style.setProperty("--ex-least-height", f"{math.ceil(picture.height * self.least_scale)}px")
        if self.presenting:
            self.keep_in_view(step)
        if self.drawn_key_for != (self.convention, windows):
            self.drawn_key_for = (self.convention, windows)
            self.drawn_key.textContent = drawing.key_text(self.convention, windows)

    def keep_in_view(self, step: Step) -> None:
        """Presenting: the current node, and the reason under a cut-off's
        skipped moves, scrolled into the window (a projector shows no more)."""
        options = to_js({"block": "nearest", "inline": "nearest"}, dict_converter=window.Object.fromEntries)
        key = drawing.node_key(step.event.path)
        current = self.tree_view.group(key)
        if current:
            current.scrollIntoView(options)
        reason = self.tree_view.note("cut:" + key)
        if reason:
            reason.scrollIntoView(options)

    def show_message(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = False

    def hide_message(self) -> None:
        self.message.hidden = True
        self.message.textContent = ""


def mount(root: JsProxy) -> None:
    """Bring the explorer to life."""
    Explorer(root)
