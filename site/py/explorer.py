"""The page's Python for "Watch the search": the explorer.

It only translates: the address and the controls become a search_view.Stepper
(a pyengine.search Trace kept sound), and the step it stands at becomes DOM
updates. Searching and counting live in pyengine.search, the words and the
address in search_view.py. Text from the address is only ever set as
textContent.

Long work never holds the page: a jump is a generator of steps handed to a
longwork.Runner, which runs it in slices and gives the browser its turn in
between; a progress bar and a Stop button show while it works.
"""

from __future__ import annotations

import contextlib
import math

import search_view as words
import tree_drawing as drawing
from longwork import STEP_S, Runner
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
from search_view import KEYS, NEXT, PAGE_KEYS, Stepper

from pyengine import Board, InvalidPositionError
from pyengine.search import Algorithm, Order, events
from pyengine.trace import SMALL_TREE, Step, tree
from pyengine.words import Convention, board_words, describe, valued_side

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable

TRACE_LINES = 12  # steps shown in the text trace, the current one last
ANNOUNCE_MS = 350  # the live region speaks once stepping pauses, not at every key
URL_MS = 250  # the address follows the step once stepping pauses
SVG = "http://www.w3.org/2000/svg"


class Explorer:
    """One explorer on the page and the one search behind it."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.form = root.querySelector("form.ex-settings")
        self.alg_select = root.querySelector("#ex-alg")
        self.order_select = root.querySelector("#ex-order")
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
        self.tree = root.querySelector(".ex-tree")
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
        self.svg = root.querySelector(".ex-drawn-svg")
        self.layers = {name: self.svg.querySelector(f".ex-{name}") for name in ("edges", "nodes", "notes")}
        self.drawn_key = root.querySelector(".ex-drawn-key")
        self.drawn_box = root.querySelector(".ex-drawn")
        self.svg.addEventListener("click", create_proxy(self._on_tree_click))
        window.addEventListener("resize", create_proxy(self._on_resize))
        self.runner = Runner(window, create_proxy, budget=STEP_S)
        self.shown: Step | None = None  # the step drawn last: what the delayed announcement and address say
        self._announce = create_proxy(self._on_announce)
        self._write_url = create_proxy(self._on_write_url)
        self._timers = {"announce": 0, "url": 0}
        self.convention = Convention.NEGAMAX
        """How values are stated: for the side to move (negamax), or from X's side (MAX/MIN)."""

        params = window.URLSearchParams.new(window.location.search)
        given = {key: str(params.get(key)) for key in words.ADDRESS_KEYS if params.has(key)}
        algorithm, order, board, step, self.convention, problems = words.settings_from_params(given)
        if "conv" not in given:
            self.convention, problem = words.remembered_convention(self.stored_convention())
            if problem:
                problems.append(problem)
                self.keep_convention()
        self.new_search(algorithm, board, order)
        if problems:
            self.show_message(" ".join(problems))
        for control in root.querySelectorAll(".ex-step"):
            control.addEventListener("click", create_proxy(self._on_step_button))
        root.querySelector("[data-stop]").addEventListener("click", create_proxy(self._on_stop))
        self.form.addEventListener("submit", create_proxy(self._on_submit))
        self.alg_select.addEventListener("change", create_proxy(self._on_submit))
        self.order_select.addEventListener("change", create_proxy(self._on_submit))
        self.convention_select.addEventListener("change", create_proxy(self._on_convention))
        self.step_input.addEventListener("change", create_proxy(self._on_step_input))
        root.addEventListener("keydown", create_proxy(self._on_key))
        document.addEventListener("keydown", create_proxy(self._on_page_key), True)
        self.set_up_lesson_tools(params)
        for control in root.querySelectorAll("button, select, input"):
            control.disabled = False
        self.sync_form()
        self.go(lambda: self.stepper.seek(step))

    def new_search(self, algorithm: Algorithm, board: Board, order: Order) -> None:
        """A fresh search; a small position also gets its whole tree, drawn
        once and then shown step by step."""
        self.runner.stop()
        self.stepper = Stepper(algorithm, board, order)
        self.fit_board(board.size)
        self.small = board.geometry.cells - board.ply <= SMALL_TREE
        self.tree.replaceChildren()
        self.tree_items: list[tuple[object, object]] = []  # (item, label) per tree node
        self.tree_shown: list[tuple[bool, bool, bool] | None] = []  # None: label to be written
        self.tree_current = -1
        steps = list(events(algorithm, board, self.stepper.order)) if self.small else []
        if self.small:
            self.nodes, self.node_index = tree(steps)
            self.build_tree()
        else:
            self.nodes, self.node_index = [], {}
        self.tree_box.classList.toggle("whole", self.small)
        self.reset_drawing(steps)
        self.write_heading()

    # -- events ----------------------------------------------------------------

    def _on_step_button(self, event: object) -> None:
        how = str(event.currentTarget.dataset.jump)
        self.go(lambda: self.stepper.jump(how))

    def _on_key(self, event: object) -> None:
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
        if event.shiftKey and how in ("+10", "-10"):
            how = how[0] + "100"
        self.go(lambda: self.stepper.jump(how))

    def _on_page_key(self, event: object) -> None:
        """Keys pressed with nothing focused (the target is the body) are the explorer's."""
        if event.target in (document.body, document.documentElement):
            self._on_key(event)

    def _on_step_input(self, event: object) -> None:
        text = str(self.step_input.value).strip()
        if text.isdigit():
            number = int(text)
            self.go(lambda: self.stepper.seek(number))

    def _on_submit(self, event: object) -> None:
        event.preventDefault()
        try:
            board = words.searchable(Board.parse(str(self.pos_input.value)))
        except InvalidPositionError as error:
            self.show_message(words.bad_position_message(error))
            return
        self.search(Algorithm.parse(str(self.alg_select.value)), board, Order.parse(str(self.order_select.value)))

    def _on_convention(self, event: object) -> None:
        """State every value the other way: the same search, the same step."""
        self.convention = Convention.parse(str(self.convention_select.value))
        self.root.setAttribute("data-convention", self.convention.value)
        self.keep_convention()
        self.write_heading()
        self.tree_shown = [None] * len(self.tree_shown)
        if not self.runner.running:  # else the step on its way is drawn the new way when it arrives
            self.render()

    def write_heading(self) -> None:
        """The heading says which view is drawn: the whole tree only when it is."""
        whole = self.view is not None and self.view.whole
        self.tree_head.textContent = words.tree_heading(whole, self.small, convention=self.convention)

    def stored_convention(self) -> str | None:
        """The convention kept in this browser, as text (None if none, or storage is disabled)."""
        try:
            stored = window.localStorage.getItem(words.CONVENTION_KEY)
        except Exception:  # storage disabled: nothing was kept
            return None
        return str(stored) if stored else None

    def keep_convention(self) -> None:
        with contextlib.suppress(Exception):  # storage full or disabled: the choice lasts until the page closes
            window.localStorage.setItem(words.CONVENTION_KEY, self.convention.value)

    def _on_stop(self, event: object) -> None:
        self.runner.stop()
        self.stepper.halt()
        self.busy.hidden = True
        self.render()
        self.status.textContent = words.stopped_status(self.stepper.step.number)

    # -- setting up a lesson: ready positions, cells to click, a link, presenting --

    def set_up_lesson_tools(self, params: object) -> None:
        root = self.root
        for link in root.querySelectorAll("a[data-lesson]"):
            link.addEventListener("click", create_proxy(self._on_lesson))
        self.editor.addEventListener("click", create_proxy(self._on_edit))
        self.editor.addEventListener("keydown", create_proxy(self._on_edit_key))
        self.pos_input.addEventListener("input", create_proxy(self._on_pos_typed))
        self.copy_button.addEventListener("click", create_proxy(self._on_copy))
        self.present_button.addEventListener("click", create_proxy(self._on_present))
        document.addEventListener("keydown", create_proxy(self._on_escape))
        if params.get(words.PRESENT_KEY) == "1":
            self.present(True)

    def search(self, algorithm: Algorithm, board: Board, order: Order) -> None:
        """A new search from its first step, the form following it."""
        self.hide_message()
        self.new_search(algorithm, board, order)
        self.sync_form()
        self.go(lambda: self.stepper.seek(1))

    def _on_lesson(self, event: object) -> None:
        """A ready position: its settings at once, without reloading the page
        (a click meant for a new tab or window is the browser's)."""
        if event.ctrlKey or event.metaKey or event.shiftKey or event.altKey or event.button != 0:
            return
        event.preventDefault()
        key = str(event.currentTarget.dataset.lesson)
        lesson = next(lesson for lesson in words.LESSONS if lesson.key == key)
        self.search(lesson.algorithm, lesson.board, lesson.order)

    def _on_edit(self, event: object) -> None:
        """A click on one of the form's cells: its next mark (MARK_CYCLE); the
        notation follows, and a legal position is searched at once."""
        button = event.target.closest(".ex-edit")
        if not button:
            return
        marks = [str(cell.dataset.mark) for cell in self.editor.querySelectorAll(".ex-edit")]
        cell = int(button.dataset.cell)
        marks[cell] = words.MARK_CYCLE[marks[cell]]
        text = words.notation(marks)
        self.pos_input.value = text
        self.show_marks(marks)
        try:
            board = words.searchable(Board.parse(text))
        except InvalidPositionError as error:
            self.editor.setAttribute("data-invalid", "true")
            self.show_message(words.editing_message(error))
            return
        self.search(self.stepper.algorithm, board, self.stepper.order)

    def _on_edit_key(self, event: object) -> None:
        """The arrow keys move between the form's cells (Enter or Space clicks one)."""
        button = event.target.closest(".ex-edit")
        if not button:
            return
        target = words.editor_neighbour(int(button.dataset.cell), int(self.editor.dataset.size), str(event.key))
        if target is not None:
            event.preventDefault()
            self.editor.querySelector(f'.ex-edit[data-cell="{target}"]').focus()

    def _on_pos_typed(self, event: object) -> None:
        """Typing the notation: the cells follow whatever it names."""
        marks = words.notation_marks(str(self.pos_input.value))
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
            button.setAttribute("aria-label", words.editor_cell_label(cell, size, mark))
        self.editor.removeAttribute("data-invalid")

    def step_address(self) -> str:
        """The address of the step shown: algorithm, order, position, step,
        the convention (MAX/MIN only) and presentation mode when on."""
        stepper = self.stepper
        number = self.shown.number if self.shown is not None else None
        query = words.search_query(stepper.board, stepper.algorithm, stepper.order, number,
                                   convention=self.convention)
        return words.presenting_query(query, self.presenting)

    def _on_copy(self, event: object) -> None:
        address = f"{window.location.origin}{window.location.pathname}{self.step_address()}"
        self.link_input.value = address
        self.copied.textContent = ""
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is None:  # not offered (an insecure page, an old browser): copy by hand
            self._on_copy_refused()
            return
        clipboard.writeText(address).then(self._copied, self._copy_refused)

    def _on_copied(self, *_: object) -> None:
        self.link_field.hidden = True
        self.copied.textContent = words.COPIED
        self.root.setAttribute("data-copied", "true")

    def _on_copy_refused(self, *_: object) -> None:
        """The clipboard said no: the link shown, selected, to copy by hand."""
        self.link_field.hidden = False
        self.copied.textContent = words.COPY_BY_HAND
        self.root.setAttribute("data-copied", "by-hand")
        self.link_input.focus()
        self.link_input.select()

    def _on_present(self, event: object) -> None:
        self.present(not self.presenting)

    def _on_escape(self, event: object) -> None:
        if self.presenting and str(event.key) == "Escape":
            self.present(False)

    def present(self, on: bool) -> None:
        """Presentation mode: the site's navigation, header and footer hidden,
        the board, the event and the tree enlarged (explorer.css)."""
        self.presenting = on
        document.documentElement.classList.toggle("ex-presenting", on)
        self.present_button.setAttribute("aria-pressed", "true" if on else "false")
        self.present_button.textContent = words.present_label(on)
        if on:
            self.present_button.setAttribute("aria-keyshortcuts", "Escape")
        else:
            self.present_button.removeAttribute("aria-keyshortcuts")
        if on:
            self.root.scrollIntoView()
        self.schedule("url", self._write_url, URL_MS)

    # -- stepping --------------------------------------------------------------

    def go(self, ask: Callable[[], None]) -> None:
        """Retire the jump going, ask the stepper for a step (``ask()``), and
        work toward it: at once if it is near, in slices if it is far."""
        self.runner.stop()
        ask()
        self.runner.start(self.stepper.work(), progress=self._on_progress, done=self._on_arrived,
                          failed=self._on_failed, now=True)

    def _on_progress(self, made: int) -> None:
        """Still on the way: say how far, and let the browser paint."""
        target = self.stepper.trace.target
        self.busy.hidden = False
        self.bar.max = max(1, target)
        self.bar.value = made
        self.status.textContent = words.working_status(target, made)

    def _on_arrived(self, _: None) -> None:
        self.busy.hidden = True
        self.render()

    def _on_failed(self, error: BaseException) -> None:
        """A bug, said in words rather than a stuck page: the search starts again."""
        self.busy.hidden = True
        self.show_message(words.failure_message(error))
        self.stepper = Stepper(self.stepper.algorithm, self.stepper.board, self.stepper.order)
        self.render()

    # -- drawing ---------------------------------------------------------------

    def sync_form(self) -> None:
        stepper = self.stepper
        self.alg_select.value = stepper.algorithm.value
        self.order_select.value = stepper.order.value
        self.order_select.disabled = stepper.algorithm is not Algorithm.ALPHABETA
        self.convention_select.value = self.convention.value
        self.root.setAttribute("data-convention", self.convention.value)
        self.root.querySelector('[data-jump="next"]').textContent = NEXT[stepper.algorithm][1]
        self.pos_input.value = str(stepper.board)
        self.show_marks(words.notation_marks(str(stepper.board)) or [])
        lesson = words.lesson_of(stepper.algorithm, stepper.board, stepper.order)
        self.root.setAttribute("data-lesson", lesson.key if lesson else "")
        for link in self.root.querySelectorAll("a[data-lesson]"):
            if lesson is not None and link.dataset.lesson == lesson.key:
                link.setAttribute("aria-current", "true")
            else:
                link.removeAttribute("aria-current")
        self.root.setAttribute("data-algorithm", stepper.algorithm.value)
        self.root.setAttribute("data-order", stepper.order.value)
        self.root.setAttribute("data-pos", str(stepper.board))

    def render(self) -> None:
        stepper = self.stepper
        step = stepper.step
        self.shown = step
        self.root.setAttribute("data-step", str(step.number))
        self.root.setAttribute("data-kind", step.event.kind.value)
        self.root.setAttribute("data-ready", "true")
        self.step_input.value = str(step.number)
        self.total.textContent = words.total_text(stepper.total)
        past_end = stepper.take_past_end()
        if past_end is not None and stepper.total is not None:
            self.show_message(words.past_end_message(stepper.total, past_end))
        self.draw_board(step)
        self.draw_facts(step)
        if self.small:
            self.show_tree(step)
        else:
            self.draw_tree(step)
        self.draw_trace(step)
        self.draw_picture(step)
        self.status.textContent = words.step_status(step.number, stepper.total)
        self.schedule("announce", self._announce, ANNOUNCE_MS)
        self.schedule("url", self._write_url, URL_MS)

    def schedule(self, name: str, proxy: object, delay: int) -> None:
        if self._timers[name]:
            window.clearTimeout(self._timers[name])
        self._timers[name] = window.setTimeout(proxy, delay)

    def _on_announce(self, *_: object) -> None:
        self._timers["announce"] = 0
        if self.shown is not None:
            self.announce.textContent = words.announcement(self.shown, self.stepper.algorithm,
                                                           convention=self.convention)

    def _on_write_url(self, *_: object) -> None:
        self._timers["url"] = 0
        if self.shown is not None:
            window.history.replaceState(None, "", self.step_address())

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
        event, stepper, convention = step.event, self.stepper, self.convention
        self.facts["event"].textContent = describe(event, stepper.algorithm, convention=convention,
                                                        bound=step.value_bound)
        self.facts["path"].textContent = words.path_text(event, stepper.board.size)
        self.facts["window"].textContent = words.window_text(event, stepper.algorithm, convention=convention)
        self.facts["best"].textContent = words.best_text(step, convention=convention)
        counts = step.counts
        self.facts["nodes"].textContent = f"{counts.nodes:,}"
        self.facts["cutoffs"].textContent = words.cutoffs_text(step, convention=convention)
        self.facts["hits"].textContent = f"{counts.hits:,}"

    def draw_tree(self, step: Step) -> None:
        """The current path, one line per depth, each position with all its
        moves: finished ones show their value and how many nodes their subtree
        took, the one being searched leads to the next line."""
        self.tree.replaceChildren()
        last = len(step.path) - 1
        for depth, node in enumerate(step.path):
            item = document.createElement("li")
            item.className = "ex-node"
            item.style.setProperty("--ex-depth", str(min(depth, 6)))
            head = document.createElement("p")
            head.className = "ex-node-head"
            head.textContent = words.node_heading(node, depth, self.stepper.algorithm, convention=self.convention)
            item.appendChild(head)
            moves = document.createElement("ul")
            moves.className = "ex-moves"
            for branch in node.branches:
                chip = document.createElement("li")
                chip.className = "ex-move"
                chip.setAttribute("data-state", branch.state)
                chip.textContent = words.branch_text(branch.move, node.board.size, branch.state, branch.value,
                                                     branch.nodes, side=valued_side(node.board),
                                                     convention=self.convention, bound=branch.bound)
                moves.appendChild(chip)
            if node.branches:
                item.appendChild(moves)
            if depth == last:
                item.classList.add("current")
                item.setAttribute("aria-current", "step")
            self.tree.appendChild(item)

    def build_tree(self) -> None:
        """Every node of the small search's tree, hidden until its step comes."""
        lists: dict[int, object] = {-1: self.tree}
        for node in self.nodes:
            item = document.createElement("li")
            item.className = "ex-tn"
            item.hidden = True
            label = document.createElement("span")
            item.appendChild(label)
            parent_list = lists.get(node.parent)
            if parent_list is None:
                parent_list = document.createElement("ol")
                parent_list.className = "ex-tree"
                self.tree_items[node.parent][0].appendChild(parent_list)
                lists[node.parent] = parent_list
            parent_list.appendChild(item)
            self.tree_items.append((item, label))
            self.tree_shown.append((False, False, False))

    def show_tree(self, step: Step) -> None:
        """Show what the search has reached by this step; touch only what changed."""
        number = step.number
        for index, node in enumerate(self.nodes):
            state = (
                node.entered <= number,
                node.valued is not None and node.valued <= number,
                node.cut is not None and node.cut <= number,
            )
            if state != self.tree_shown[index]:
                self.tree_shown[index] = state
                item, label = self.tree_items[index]
                item.hidden = not state[0]
                label.textContent = words.tree_label(node, *state[1:], convention=self.convention)
                item.setAttribute("data-state", "done" if state[1] else "open")
        current = self.node_index.get(step.event.path, -1)
        if current != self.tree_current:
            if self.tree_current >= 0:
                old = self.tree_items[self.tree_current][0]
                old.classList.remove("current")
                old.removeAttribute("aria-current")
            self.tree_current = current
        if current >= 0:
            item, label = self.tree_items[current]
            item.classList.add("current")
            item.setAttribute("aria-current", "step")
            # Keep the current node in view inside the tree's own scroll box,
            # without scrolling the page.
            box = self.tree
            top = label.offsetTop - box.clientHeight / 2
            box.scrollTop = max(0, top)

    def draw_trace(self, step: Step) -> None:
        """The last few steps as text, the current one last and marked."""
        self.trace_list.replaceChildren()
        algorithm = self.stepper.algorithm
        for shown in self.stepper.trace.recent(TRACE_LINES):
            if shown.number <= step.number - TRACE_LINES:
                continue  # remembered from before a jump: not one of the last steps
            item = document.createElement("li")
            item.value = shown.number
            item.setAttribute("data-kind", shown.event.kind.value)
            item.textContent = describe(shown.event, algorithm, convention=self.convention,
                                        bound=shown.value_bound)
            if shown.number == step.number:
                item.setAttribute("aria-current", "step")
            self.trace_list.appendChild(item)

    # -- the drawn tree (tree_drawing.py places it; here only the SVG calls) ----

    def reset_drawing(self, steps: list[object]) -> None:
        """A new search: its whole tree placed once (``steps``: a small
        search's events; none for a large one), and an empty picture."""
        windows = self.stepper.algorithm is Algorithm.ALPHABETA
        self.whole = drawing.WholeTree(steps, windows) if steps else None
        self.widest = self.stepper.board.geometry.cells - self.stepper.board.ply
        self.view: drawing.View | None = None
        self.width_px = 0.0
        self.path_rows = 0  # the deepest path drawn: the picture keeps its height
        self.clear_picture()

    def clear_picture(self) -> None:
        for layer in self.layers.values():
            layer.replaceChildren()
        # key -> (element, its parts by name, what it shows): touched only when that changes
        self.drawn: dict[str, tuple[object, dict[str, object], object]] = {}
        self.drawn_key_for: tuple[Convention, bool] | None = None

    def _on_resize(self, *_: object) -> None:
        if self.shown is not None and self.tree_box.clientWidth != self.width_px:
            self.width_px = 0.0  # measure again
            self.draw_picture(self.shown)

    def _on_tree_click(self, event: object) -> None:
        """A click on a node: go to the step that entered it (a skipped move:
        the cut-off that skipped it)."""
        # The drawing takes the focus (it is focusable from a click only), so
        # that the keys go on stepping here and never to the theme.
        self.drawn_box.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        node = event.target.closest("[data-step]")
        if node is not None:
            number = int(str(node.getAttribute("data-step")))
            self.go(lambda: self.stepper.seek(number))

    def draw_picture(self, step: Step) -> None:
        """The drawn tree at ``step``: the view that fits the box's width;
        only the nodes, lines and notes that changed are touched. The width
        is measured once a search and on a resize (reading it at every step
        would lay the page out again at every step)."""
        if not self.width_px:
            self.width_px = float(self.tree_box.clientWidth) or 600.0
            view = drawing.choose_view(self.whole.slots if self.whole else None, self.widest, self.width_px)
            if view != self.view:
                self.view = view
                self.clear_picture()
                if view.whole and self.whole is not None:
                    self.whole.place(view.boards)
                self.write_heading()
        view = self.view
        assert view is not None
        windows = self.stepper.algorithm is Algorithm.ALPHABETA
        if view.whole and self.whole is not None:
            picture = self.whole.picture(step, self.convention)
        else:
            self.path_rows = max(self.path_rows, len(step.path))
            picture = drawing.path_picture(step, view.boards, windows, self.convention, self.path_rows)
        box = f"0 0 {picture.width:g} {picture.height:g}"
        if self.svg.getAttribute("viewBox") != box:
            self.svg.setAttribute("viewBox", box)
        self.svg.setAttribute("aria-label", picture.label)
        self.svg.setAttribute("data-view", ("whole" if view.whole else "path") + (" boards" if view.boards else ""))
        self._sync(picture.edges, "edge:", self._new_edge, self._set_edge)
        self._sync(picture.glyphs, "node:", self._new_glyph, self._set_glyph)
        self._sync(picture.notes, "note:", self._new_note, self._set_note)
        if self.drawn_key_for != (self.convention, windows):
            self.drawn_key_for = (self.convention, windows)
            self.drawn_key.textContent = drawing.key_text(self.convention, windows)

    def _sync(self, wanted: dict[str, object], prefix: str, new: Callable[[object], tuple[object, dict[str, object]]],
              update: Callable[[dict[str, object], object, object | None], None]) -> None:
        """Bring one layer to ``wanted``: remove what went, add what came,
        update what changed (compared with what was drawn)."""
        drawn = self.drawn
        for key in [key for key in drawn if key.startswith(prefix) and key[len(prefix):] not in wanted]:
            drawn.pop(key)[0].remove()
        for key, shape in wanted.items():
            held = drawn.get(prefix + key)
            if held is None:
                element, parts = new(shape)
                update(parts, shape, None)
                drawn[prefix + key] = (element, parts, shape)
            elif held[2] != shape:
                update(held[1], shape, held[2])
                drawn[prefix + key] = (held[0], held[1], shape)

    def _svg(self, tag: str, parent: object, **attributes: object) -> object:
        element = document.createElementNS(SVG, tag)
        for name, value in attributes.items():
            element.setAttribute(name.replace("_", "-"), str(value))
        parent.appendChild(element)
        return element

    def _new_edge(self, edge: drawing.Edge) -> tuple[object, dict[str, object]]:
        line = self._svg("line", self.layers["edges"])
        return line, {"line": line}

    def _set_edge(self, parts: dict[str, object], edge: drawing.Edge, old: drawing.Edge | None) -> None:
        line = parts["line"]
        if old is None or old[1:5] != edge[1:5]:
            for name, value in zip(("x1", "y1", "x2", "y2"), edge[1:5], strict=True):
                line.setAttribute(name, f"{value:g}")
        if old is None or old.classes != edge.classes:
            line.setAttribute("class", edge.classes)

    def _new_glyph(self, glyph: drawing.Glyph) -> tuple[object, dict[str, object]]:
        """A node: its mini-board (or its move in a disc), its value, its tooltip."""
        group = self._svg("g", self.layers["nodes"], data_node=glyph.key)
        parts: dict[str, object] = {"group": group}
        if self.view is not None and self.view.boards:
            half = drawing.BOARD / 2
            self._svg("rect", group, x=-half - 4, y=-half - 4, width=drawing.BOARD + 8, height=drawing.BOARD + 8,
                      rx=6, **{"class": "ring"})
            self._svg("rect", group, x=-half, y=-half, width=drawing.BOARD, height=drawing.BOARD,
                      **{"class": "frame"})
            if glyph.move is not None:
                x, y, side = drawing.last_cell(glyph.board, glyph.move)
                self._svg("rect", group, x=f"{x:g}", y=f"{y:g}", width=f"{side:g}", height=f"{side:g}",
                          **{"class": "lastcell"})
            grid, xs, os = drawing.board_shapes(glyph.board)
            self._svg("path", group, d=grid, **{"class": "grid"})
            if xs:
                self._svg("path", group, d=xs, **{"class": "mx"})
            if os:
                self._svg("path", group, d=os, **{"class": "mo"})
            below = half
        else:
            self._svg("circle", group, r=drawing.RADIUS + 4, **{"class": "ring"})
            self._svg("circle", group, r=drawing.RADIUS, **{"class": "frame"})
            self._svg("text", group, y=5, **{"class": "mv"}).textContent = drawing.move_text(glyph.move)
            below = drawing.RADIUS
        parts["value"] = self._svg("text", group, y=f"{below + drawing.VALUE_FONT + 1:g}", **{"class": "val"})
        parts["title"] = self._svg("title", group)
        return group, parts

    def _set_glyph(self, parts: dict[str, object], glyph: drawing.Glyph, old: drawing.Glyph | None) -> None:
        group = parts["group"]
        if old is None or (old.x, old.y) != (glyph.x, glyph.y):
            group.setAttribute("transform", f"translate({glyph.x:g} {glyph.y:g})")
        if old is None or old.classes != glyph.classes:
            group.setAttribute("class", glyph.classes)
            if "pruned" in glyph.classes.split():
                group.setAttribute("data-pruned", "true")
            else:
                group.removeAttribute("data-pruned")
        if old is None or old.value != glyph.value:
            if glyph.value is None:
                group.removeAttribute("data-value")
            else:
                group.setAttribute("data-value", glyph.value)
        if old is None or old.label != glyph.label:
            parts["value"].textContent = glyph.label
            parts["title"].textContent = drawing.move_title(glyph)
        if old is None or old.step != glyph.step:
            if glyph.step is None:
                group.removeAttribute("data-step")
            else:
                group.setAttribute("data-step", str(glyph.step))

    def _new_note(self, note: drawing.Note) -> tuple[object, dict[str, object]]:
        text = self._svg("text", self.layers["notes"])
        return text, {"text": text}

    def _set_note(self, parts: dict[str, object], note: drawing.Note, old: drawing.Note | None) -> None:
        text = parts["text"]
        if old is None or old.classes != note.classes:
            text.setAttribute("class", "note " + note.classes)
        if old is None or (old.x, old.y, old.lines) != (note.x, note.y, note.lines):
            text.setAttribute("x", f"{note.x:g}")
            text.setAttribute("y", f"{note.y:g}")
            text.replaceChildren()
            for number, line in enumerate(note.lines):
                span = self._svg("tspan", text, x=f"{note.x:g}", dy="0" if number == 0 else "1.15em")
                span.textContent = line

    def show_message(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = False

    def hide_message(self) -> None:
        self.message.hidden = True
        self.message.textContent = ""


def mount(root: object) -> None:
    """Bring the explorer to life."""
    Explorer(root)
