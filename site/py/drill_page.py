"""The page's Python for "Practise alpha-beta": the drill, drawn and graded.

It only translates: the address and the form become a pyengine.teaching.drill Drill,
its answer key (pyengine.teaching.drill.answer_key, from the engine's own alpha-beta
events) becomes the drawn tree, and the student's entries become the
engine's grades. The words, the address and the kept score are in
drill_view.py. Text from the address is only ever set as textContent.

The drill's rooms, each with one job::

    drill_page.py     this wiring: the address, the form, the buttons, the score kept
    drill_attempt.py  one attempt: the answer key, the grades standing (no DOM)
    drill_area.py     the tree with the entries: drawn where it fits, else a list
                      (switched by the width, on a resize and on entering or
                      leaving Present), and its printed copies
    drill_svg.py      the drawn tree: an SVG with the entries over it
    drill_drawing.py  where the drawn tree's nodes and entries go (no DOM)
    drill_view.py     the address, the score, the sentences (no DOM)

Hooks: each drawn node (a ``g`` of the drawing, or a list's ``li``) carries
``data-node``, its moves from the root; each entry ``data-answer-for`` (that
node) and ``data-entry`` (``value`` or ``skip``); after Check each node
``data-grade`` (right, wrong or missing).
The drill's element carries ``data-position``, ``data-order``,
``data-convention``, ``data-rule``, ``data-view`` (``drawing`` or ``list``)
and, once drawn, ``data-ready``.
"""

from __future__ import annotations

import random

import drill_view as view
from drill_area import DrillArea, mini_board
from drill_attempt import Attempt
from page_keys import keep_page_keys
from present import Presenting
from pyscript import window
from pyscript.ffi import create_proxy
from saved import Kept

from pyengine.teaching.drill import Difficulty, Drill, random_drill
from pyengine.teaching.search import Order, Rule
from pyengine.teaching.stepwords import Convention, board_words

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy


class DrillPage:
    """The one object that owns the page's state: the drill, its attempt, the score."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.kept = Kept(window)
        q = root.querySelector
        self.form = q(".dr-settings")
        self.selects = {name: q(f"select[name='{name}']") for name in ("level", "order", "conv", "rule")}
        self.tree = DrillArea(root)
        self.area = self.tree.area
        self.root_board = q(".dr-root-board")
        self.summary = q(".dr-summary")
        self.conventions = q(".dr-conventions")
        self.difference = q(".dr-difference")
        self.verdict = q(".dr-verdict")
        self.score_line = q(".dr-score")
        self.message = q(".dr-message")
        self.link = q("a.dr-link")
        self.explorer = q("a.dr-explorer")
        self.printed = q(".dr-print")
        self.status = q(".dr-status")
        self.attempt: Attempt | None = None
        self.rng = random.Random()
        self.score, problem = view.read_score(self._stored())
        if problem:
            self._save()  # what could not be read is replaced at once
        self.problems = [problem] if problem else []
        for button in root.querySelectorAll("[data-action]:not([data-action='present'])"):
            button.addEventListener("click", create_proxy(self._on_action))
        # Presentation mode: the drill alone, enlarged, for a projector (never part of its link);
        # the width changed, so the drawing may fit now, or no longer.
        self.presenting = Presenting(q("[data-action='present']"), "dr-presenting", lambda on: self._on_resize())
        self.form.addEventListener("change", create_proxy(self._on_setting))
        self.area.addEventListener("change", create_proxy(self._on_entry))
        window.addEventListener("resize", create_proxy(self._on_resize))
        # The theme's n, p, . and , on a button or the body would open another page mid-drill.
        keep_page_keys(".dr")

    # -- the address and the form ----------------------------------------------------

    def start(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        given = {key: str(params.get(key)) for key in view.ADDRESS_KEYS if params.has(key)}
        settings, board, problems = view.settings_from_params(given)
        self.problems += problems
        self.selects["order"].value = settings.order.value
        self.selects["conv"].value = settings.convention.value
        self.selects["rule"].value = settings.rule.value
        level = view.level_of(board) if board is not None else settings.level
        self.selects["level"].value = level.value
        if board is None:
            board = random_drill(level, settings.order, self.rng, view.recent_positions(self.score))
        self.show(Drill(board, settings.order, settings.convention, settings.rule))
        for select in self.selects.values():
            select.disabled = False
        for button in self.root.querySelectorAll("[data-action]"):
            button.disabled = False
        self.status.textContent = "Ready."

    def settings(self) -> tuple[Order, Convention, Rule]:
        return (
            Order.parse(str(self.selects["order"].value)),
            Convention.parse(str(self.selects["conv"].value)),
            Rule.parse(str(self.selects["rule"].value)),
        )

    def _on_setting(self, event: JsProxy) -> None:
        assert self.attempt is not None
        name = str(event.target.name)
        order, convention, rule = self.settings()
        if name == "level":
            self.next_drill()
            return
        self.show(Drill(self.attempt.key.drill.board, order, convention, rule))

    # -- one drill ---------------------------------------------------------------------

    def show(self, drill: Drill) -> None:
        """Draw ``drill`` blank, and say its settings."""
        attempt = self.attempt = Attempt(drill)
        key = attempt.key
        self.score = view.seen(self.score, drill)
        self._save()
        area = self.area
        area.dataset.position = str(drill.board)
        area.dataset.order = drill.order.value
        area.dataset.convention = drill.convention.value
        area.dataset.rule = drill.rule.value
        area.removeAttribute("data-checked")
        self.root_board.replaceChildren(mini_board(drill.board, "dr-board"))
        self.root_board.setAttribute("aria-label", board_words(drill.board))
        self.summary.textContent = view.drill_summary(key)
        self.conventions.textContent = view.conventions_text(drill)
        self.difference.textContent = view.difference_text(drill)
        query = view.drill_query(drill)
        self.link.href = query
        self.explorer.href = view.explorer_href(drill)
        window.history.replaceState(None, "", query)
        self.tree.show(key)
        self.printed.replaceChildren(*self.tree.printed(key))
        self.verdict.textContent = ""
        self.message.textContent = " ".join(self.problems)
        self.message.hidden = not self.problems
        self.problems = []
        self.score_line.textContent = view.score_text(self.score)
        area.dataset.ready = "true"

    def _on_resize(self, *_: object) -> None:
        if self.attempt is not None and self.tree.resized():
            self.tree.render(self.tree.entries(), self.attempt.grades)

    def _on_entry(self, event: JsProxy) -> None:
        """An entry changed: its node's grade no longer holds; a mark redraws the cut-off moves."""
        name = event.target.dataset.answerFor
        if name is None or self.attempt is None:  # not an entry (JavaScript's undefined)
            return
        path = tuple(int(cell) for cell in str(name).split(",") if cell)
        self.attempt.changed(path)
        self.tree.clear_grade(path)
        if str(event.target.dataset.entry) == "skip":
            self.tree.draw_marks()

    def check(self) -> None:
        assert self.attempt is not None
        verdict = self.attempt.check(self.tree.entries())
        self.tree.show_grades(verdict.grades)
        self.verdict.textContent = verdict.explanation
        self._scored(not verdict.wrong and not verdict.missing)
        self.area.dataset.checked = "true"

    def _scored(self, all_right: bool) -> None:
        """Count this drill, once: at its first Check, or when its answer is shown first
        (the kept score remembers it through Clear and a reload)."""
        assert self.attempt is not None
        score = view.scored(self.score, self.attempt.key.drill, all_right)
        if score == self.score:
            return
        self.score = score
        self._save()
        self.score_line.textContent = view.score_text(self.score)

    def show_answer(self) -> None:
        """Every entry set to the key, in place, and graded."""
        attempt = self.attempt
        assert attempt is not None
        self._scored(False)  # an answer shown before any check counts as not right
        self.tree.fill({path: attempt.answer(path) for path in self.tree.drawn})
        self.check()
        self.verdict.textContent = "The answer, filled in: " + self.verdict.textContent

    def next_drill(self) -> None:
        order, convention, rule = self.settings()
        level = Difficulty.parse(str(self.selects["level"].value))
        board = random_drill(level, order, self.rng, view.recent_positions(self.score))
        self.show(Drill(board, order, convention, rule))
        self.status.textContent = "A new drill."

    # -- the buttons ----------------------------------------------------------------------

    def _on_action(self, event: JsProxy) -> None:
        action = str(event.currentTarget.dataset.action)
        if action == "check":
            self.check()
        elif action == "answer":
            self.show_answer()
        elif action == "next":
            self.next_drill()
        elif action == "clear":
            assert self.attempt is not None
            self.show(self.attempt.key.drill)
        elif action == "print":
            window.print()

    # -- the score kept in this browser ---------------------------------------------------

    def _stored(self) -> str | None:
        return self.kept.read(view.STORAGE_KEY)

    def _save(self) -> None:
        # Storage full or disabled: the score is shown but not kept.
        self.kept.write(view.STORAGE_KEY, view.write_score(self.score))


def mount(root: JsProxy) -> None:
    DrillPage(root).start()
