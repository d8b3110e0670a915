"""The page's Python for "Watch the search": the explorer's event wiring and its stepping.

It only translates: the address and the controls become asks of a
pyengine.teaching.trace Trace (which keeps every step asked for sound), and the step
it stands at becomes DOM updates. The explorer's rooms, each with one job::

    explorer_page.py     this wiring: events in, stepping, the step shown out
    explorer_form.py     the settings form, the position's cells, the lessons' links
    explorer_step.py     the step shown: the board, the facts, the text trace
    explorer_outline.py  the search as a text tree
    explorer_tree.py     the drawn tree: its view, its picture, a click on a node
    explorer_link.py     "Copy link": the clipboard, or the link to copy by hand
    explorer_address.py  the address read and written, the ready lessons (no DOM)
    explorer_editor.py   the form's clickable cells (no DOM)
    tree_drawing.py      where the drawn tree's nodes go and what they say (no DOM)
    tree_svg.py          a tree_drawing Picture in an SVG (reusable)
    race_page.py         the race of the algorithms (its own board on the page)

Searching and stepping live in pyengine.teaching.search and pyengine.teaching.trace, the words
in pyengine.words and pyengine.teaching.searchwords. Text from the address is only
ever set as textContent.

Long work never holds the page: a jump is a generator of steps handed to a
longwork.Runner, which runs it in slices and gives the browser its turn in
between; a progress bar and a Stop button show while it works.
"""

from __future__ import annotations

import explorer_address as address
from explorer_form import SearchForm
from explorer_link import CopyLink
from explorer_outline import Outline
from explorer_step import StepShown
from explorer_tree import DrawnTree
from longwork import STEP_S, Runner
from page_keys import keep_page_keys
from present import Presenting
from pyscript import document, window
from pyscript.ffi import create_proxy
from saved import Kept

from pyengine import UnknownChoiceError
from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm, Order, Rule, RunResult, events, run
from pyengine.teaching.searchtree import fold
from pyengine.teaching.stepwords import Convention
from pyengine.teaching.trace import SMALL_TREE, Jump, Step, Trace, steps_total

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyodide.ffi import JsProxy

    from pyengine import Board

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
"""The explorer's keys and the jump each asks for (Shift makes 10 a 100); the
theme's other page keys are kept from leaving the lesson by page_keys.py."""


class Explorer:
    """One explorer on the page and the one search behind it."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.kept = Kept(window)
        self.form = SearchForm(root, self.search, self.show_message)
        self.step_input = root.querySelector("#ex-step")
        self.total = root.querySelector(".ex-total")
        self.message = root.querySelector(".ex-message")
        self.status = root.querySelector(".ex-status")
        self.busy = root.querySelector(".ex-busy")
        self.bar = root.querySelector(".ex-busy progress")
        self.step_shown = StepShown(root)
        self.outline = Outline(root.querySelector(".ex-tree"))
        self.tree_head = root.querySelector("#ex-tree-head")
        self.announce = root.querySelector(".ex-announce")
        self.drawing = DrawnTree(root, lambda number: self.go(lambda: self.trace.seek(number)), self.write_heading)
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
        self.form.listen()
        self.form.convention_select.addEventListener("change", create_proxy(self._on_convention))
        self.step_input.addEventListener("change", create_proxy(self._on_step_input))
        root.addEventListener("keydown", create_proxy(self._on_key))
        document.addEventListener("keydown", create_proxy(self._on_page_key), True)
        keep_page_keys(".ex-explorer")
        self.form.listen_to_lessons()
        CopyLink(root, lambda: self.step_address(False))
        self.presenting = Presenting(root.querySelector("[data-present]"), "ex-presenting", self._on_presenting)
        if params.get(address.PRESENT_KEY) == "1":
            self.presenting.set(True)
        for control in root.querySelectorAll("button, select, input"):
            control.disabled = False
        self.form.sync(self.trace, self.convention)
        self.go(lambda: self.trace.seek(step))

    def new_search(self, algorithm: Algorithm, board: Board, order: Order, rule: Rule) -> None:
        """A fresh search (alpha-beta cutting off by ``rule``); a small
        position also gets its whole tree, drawn once and then shown step by step."""
        self.runner.stop()
        self.counter.stop()
        trace = self.trace = Trace(algorithm, board, order, rule=rule)
        self.step_shown.fit_board(board.size)
        self.small = board.geometry.cells - board.ply <= SMALL_TREE
        whole = fold(events(algorithm, board, trace.order, trace.rule), trace.order, trace.rule) if self.small else None
        if whole is not None:
            trace.total = whole.nodes[0].valued  # the last step gives the root's value
        else:
            self.counter.start(run(algorithm, board, trace.order, COUNT_TICK, trace.rule), done=self._on_counted)
        self.outline.reset(whole)
        self.drawing.reset(trace, whole, self.small)
        self.write_heading()

    def search(self, algorithm: Algorithm, board: Board, order: Order, rule: Rule = Rule.AIMA) -> None:
        """A new search from its first step, the form following it."""
        self.hide_message()
        self.new_search(algorithm, board, order, rule)
        self.form.sync(self.trace, self.convention)
        self.go(lambda: self.trace.seek(1))

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
        focused, as after a click on a blank spot): a step key steps."""
        target = event.target
        if target.closest("form") or target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return  # typing a position or a step number: the keys are the field's
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        how = KEYS.get(str(event.key))
        if how is None:
            return
        # The theme listens on the window, after this (the root's listener, or
        # the document's in its capture phase): stopping here keeps N and P
        # from opening the next or previous page.
        event.preventDefault()
        event.stopPropagation()
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

    def _on_convention(self, event: JsProxy) -> None:
        """State every value the other way: the same search, the same step."""
        self.convention = Convention.parse(str(self.form.convention_select.value))
        self.root.setAttribute("data-convention", self.convention.value)
        self.keep_convention()
        self.write_heading()
        self.outline.restate()
        if not self.runner.running:  # else the step on its way is drawn the new way when it arrives
            self.render()

    def write_heading(self) -> None:
        """The heading says which view is drawn: the whole tree only when it is."""
        self.tree_head.textContent = searchwords.tree_heading(
            self.drawing.whole_shown, self.small, convention=self.convention
        )

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

    def _on_presenting(self, on: bool) -> None:
        """Presentation mode (explorer.css): the board, the event and the tree enlarged."""
        if on:
            self.root.scrollIntoView()
        if self.shown is not None:  # the tree's box changed its width, and the sizes it must keep
            self.drawing.measure_again()
            self.draw_picture(self.shown)
        self.schedule("url", self._write_url, URL_MS)

    def _on_resize(self, *_: object) -> None:
        if self.shown is not None and self.drawing.resized():
            self.drawing.measure_again()
            self.draw_picture(self.shown)

    def step_address(self, presenting: bool) -> str:
        """The address of the step shown: algorithm, order, position, step,
        the convention (MAX/MIN only) and presentation mode when ``presenting``."""
        trace = self.trace
        number = self.shown.number if self.shown is not None else None
        query = address.search_query(
            trace.board, trace.algorithm, trace.order, number, convention=self.convention, rule=trace.rule
        )
        return address.presenting_query(query, presenting)

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
        self.step_shown.draw_board(step)
        self.step_shown.draw_facts(step, trace, self.convention)
        self.outline.show(step, trace.algorithm, self.convention)
        self.step_shown.draw_trace(step, trace, self.convention)
        self.draw_picture(step)
        self.status.textContent = searchwords.step_status(step.number, trace.total)
        self.schedule("announce", self._announce, ANNOUNCE_MS)
        self.schedule("url", self._write_url, URL_MS)

    def draw_picture(self, step: Step) -> None:
        self.drawing.draw(step, self.trace, self.convention, self.presenting.on)

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
            window.history.replaceState(None, "", self.step_address(self.presenting.on))

    def show_message(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = False

    def hide_message(self) -> None:
        self.message.hidden = True
        self.message.textContent = ""


def mount(root: JsProxy) -> None:
    """Bring the explorer to life."""
    Explorer(root)
