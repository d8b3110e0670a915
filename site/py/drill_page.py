"""The page's Python for "Practise alpha-beta": the drill, drawn and graded.

It only translates: the address and the form become a pyengine.teaching.drill Drill,
its answer key (pyengine.teaching.drill.answer_key, from the engine's own alpha-beta
events) becomes the drawn tree, and the student's entries become the
engine's grades. The words, the address and the kept score are in
drill_view.py. Text from the address is only ever set as textContent.

The tree is drawn as the explorer draws a search (drill_svg.py: an SVG,
the entries over it) where it fits readably (drill_drawing.DrillTree's
choose_view), else as a list (a phone): two renderings of the same entries,
switched by the width (on a resize, and on entering or leaving Present), one
in the document at a time.

Hooks: each drawn node (a ``g`` of the drawing, or a list's ``li``) carries
``data-node``, its moves from the root; each entry ``data-answer-for`` (that
node) and ``data-entry`` (``value`` or ``skip``); after Check each node
``data-grade`` (right, wrong or missing).
The drill's element carries ``data-position``, ``data-order``,
``data-convention``, ``data-rule``, ``data-view`` (``drawing`` or ``list``)
and, once drawn, ``data-ready``.
"""

from __future__ import annotations

import contextlib
import random

import drill_view as view
from drill_drawing import DrillTree
from drill_svg import Drawn, DrawnTree, element, show_grade, skip_entry, value_entry
from pyscript import document, window
from pyscript.ffi import create_proxy
from saved import Kept

from pyengine.teaching.drill import (
    Difficulty,
    Drill,
    Entry,
    Grade,
    Key,
    Status,
    answer_key,
    grade,
    node_key,
    parse_claim,
    random_drill,
)
from pyengine.teaching.search import Order, Rule
from pyengine.teaching.stepwords import Convention, board_words

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy
    from tree_drawing import View

    from pyengine import Board
    from pyengine.teaching.drill import Path


def mini_board(board: Board, cls: str = "dr-mini") -> JsProxy:
    """A small picture of a position (decorative: the node's name says the moves)."""
    grid = element("span", cls)
    grid.setAttribute("aria-hidden", "true")
    grid.dataset.size = str(board.size)
    for mark in board:
        grid.append(element("span", "dr-cell", str(mark) if mark else ""))
    return grid


class DrillPage:
    """The one object that owns the page's state: the drill, its key, the score."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.kept = Kept(window)
        q = root.querySelector
        self.form = q(".dr-settings")
        self.selects = {name: q(f"select[name='{name}']") for name in ("level", "order", "conv", "rule")}
        self.area = q(".dr-drill")
        self.tree = q(".dr-tree")  # the list; the drawing replaces it where it fits
        self.drawing = DrawnTree()
        self.layout: DrillTree | None = None
        self.view: View | None = None
        """How the tree is drawn now: a drawing's view, or None for the list."""
        self.width_px = 0.0
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
        self.key: Key | None = None
        self.drawn: dict[Path, Drawn] = {}  # the drawn tree's elements, node by node, kept to spare the DOM lookups
        self.grades: dict[Path, Grade] = {}  # as last checked, less the nodes changed since
        self.checked = False  # whether this drill has been scored (its first Check, or its answer shown)
        self.rng = random.Random()
        self.score, problem = view.read_score(self._stored())
        if problem:
            self._save()  # what could not be read is replaced at once
        self.problems = [problem] if problem else []
        for button in root.querySelectorAll("[data-action]"):
            button.addEventListener("click", create_proxy(self._on_action))
        self.present_button = q("[data-action='present']")
        self.presenting = False
        document.addEventListener("keydown", create_proxy(self._on_key))
        self.form.addEventListener("change", create_proxy(self._on_setting))
        self.area.addEventListener("change", create_proxy(self._on_entry))
        window.addEventListener("resize", create_proxy(self._on_resize))

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
        assert self.key is not None
        name = str(event.target.name)
        order, convention, rule = self.settings()
        if name == "level":
            self.next_drill()
            return
        self.show(Drill(self.key.drill.board, order, convention, rule))

    # -- one drill ---------------------------------------------------------------------

    def show(self, drill: Drill) -> None:
        """Draw ``drill`` blank, and say its settings."""
        key = answer_key(drill)
        self.key, self.checked = key, False
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
        self.layout, self.grades = DrillTree(key), {}
        self.render({}, force=True)
        self.printed.replaceChildren(*self._printed(key))
        self.verdict.textContent = ""
        self.message.textContent = " ".join(self.problems)
        self.message.hidden = not self.problems
        self.problems = []
        self.score_line.textContent = view.score_text(self.score)
        area.dataset.ready = "true"

    # -- the tree: drawn where it fits, else a list ------------------------------------

    def render(self, entries: dict[Path, Entry], *, force: bool = False) -> None:
        """The tree in the view that fits the drill's width now, with
        ``entries`` filled in and the grades still standing; drawn afresh
        only when ``force``d (a new drill) or the view changes."""
        assert self.key is not None and self.layout is not None
        self.width_px = float(self.area.clientWidth) or 800.0
        chosen = self.layout.choose_view(self.width_px)
        if not force and chosen == self.view:
            return
        shown = self.tree if self.view is None else self.drawing.box
        self.view = chosen
        if chosen is None:
            self.drawn = {}
            self.tree.replaceChildren(self._tree(self.key, (), entries=True))
            wanted = self.tree
        else:
            labels = {node.path: view.node_label(self.key, node.path) for node in self.key.nodes}
            self.drawn = self.drawing.draw(self.layout, chosen, labels, view.claim_options())
            wanted = self.drawing.box
        if shown is not wanted:
            shown.replaceWith(wanted)
        self.area.dataset.view = "list" if chosen is None else "drawing"
        for path, entry in entries.items():
            drawn = self.drawn[path]
            if drawn.value is not None:
                drawn.value.value = entry.claim.text if entry.claim is not None else ""
            if drawn.skip is not None:
                drawn.skip.checked = entry.skipped
        for path, mark in self.grades.items():
            show_grade(self.drawn[path], mark)
        self._draw_marks()

    def _on_resize(self, *_: object) -> None:
        if self.key is not None and self.area.clientWidth != self.width_px:
            self.render(self.entries())

    def _tree(self, key: Key, path: Path, *, entries: bool, answers: bool = False) -> JsProxy:
        """The node at ``path`` and everything below it, as nested lists."""
        node = key.node(path)
        # The hooks are the drawn tree's; the printed copies are plain lists.
        item = element("li", "dr-node" if entries else "dr-print-node")
        if entries:
            item.dataset.node = node_key(path)
        row = element("div", "dr-row")
        label = view.node_label(key, path)
        row.append(element("span", "dr-move", view.move_label(key, path)))
        row.append(mini_board(node.board))
        value = skip = None
        if node.given is not None:
            row.append(element("span", "dr-given", f"{node.given.text} (finished)"))
        elif entries:
            value = value_entry(node, label, view.claim_options())
            row.append(value)
        else:
            shown = (node.answer.text if node.answer else "") if answers else ""
            row.append(element("span", "dr-blank", shown or ("\u2014" if answers else "_____")))
        if path:
            if entries:
                box, skip = skip_entry(node, label)
                row.append(box)
            else:
                mark = "\u2612" if answers and node.status is Status.SKIPPED else "\u2610"
                row.append(element("span", "dr-blank", f"{mark} never searched"))
        if entries:
            grade_mark = element("span", "dr-grade")
            row.append(grade_mark)
            self.drawn[path] = Drawn(item, value, skip, grade_mark)
        item.append(row)
        if node.children:
            group = element("ul", "dr-children")
            for cell in node.children:
                group.append(self._tree(key, (*path, cell), entries=entries, answers=answers))
            item.append(group)
        return item

    def _printed(self, key: Key) -> list[JsProxy]:
        """The blank drill, then (on a page of its own) its answer key, for printing."""
        parts: list[JsProxy] = []
        for answers in (False, True):
            section = element("section", "dr-print-page")
            title = "Answer key" if answers else "Alpha-beta drill"
            section.append(element("h2", "", f"{title}: {key.drill.board}"))
            section.append(element("p", "", view.drill_summary(key)))
            section.append(element("p", "", view.conventions_text(key.drill)))
            if answers:
                section.append(element("p", "", view.difference_text(key.drill)))
            tree = element("ul", "dr-print-tree")
            tree.append(self._tree(key, (), entries=False, answers=answers))
            section.append(tree)
            parts.append(section)
        return parts

    # -- the student's entries ----------------------------------------------------------

    def entries(self) -> dict[Path, Entry]:
        """What the student has entered, node by node (an unreadable value counts as blank)."""
        found: dict[Path, Entry] = {}
        for path, drawn in self.drawn.items():
            claim = None
            text = str(drawn.value.value) if drawn.value is not None else ""
            if text:
                with contextlib.suppress(ValueError):
                    claim = parse_claim(text)
            found[path] = Entry(claim, bool(drawn.skip.checked) if drawn.skip is not None else False)
        return found

    def _on_entry(self, event: JsProxy) -> None:
        """An entry changed: its node's grade no longer holds; a mark redraws the cut-off moves."""
        name = event.target.dataset.answerFor
        if name is None or self.key is None:  # not an entry (JavaScript's undefined)
            return
        path = tuple(int(cell) for cell in str(name).split(",") if cell)
        self.grades.pop(path, None)
        if path in self.drawn:
            show_grade(self.drawn[path], None)
        if str(event.target.dataset.entry) == "skip":
            self._draw_marks()

    def _draw_marks(self) -> None:
        if self.view is not None:
            self.drawing.marked(frozenset(p for p, d in self.drawn.items() if d.skip is not None and d.skip.checked))

    def check(self) -> None:
        assert self.key is not None
        verdict = grade(self.key, self.entries())
        self.grades = dict(verdict.grades)
        for path, drawn in self.drawn.items():
            show_grade(drawn, verdict.grades[path])
        self.verdict.textContent = verdict.explanation
        self._scored(not verdict.wrong and not verdict.missing)
        self.area.dataset.checked = "true"

    def _scored(self, all_right: bool) -> None:
        """Count this drill, once: at its first Check, or when its answer is shown first."""
        if self.checked:
            return
        self.checked = True
        self.score = view.scored(self.score, all_right)
        self._save()
        self.score_line.textContent = view.score_text(self.score)

    def show_answer(self) -> None:
        """Every entry set to the key, in place, and graded."""
        assert self.key is not None
        self._scored(False)  # an answer shown before any check counts as not right
        for path, drawn in self.drawn.items():
            node = self.key.node(path)
            if drawn.skip is not None:
                drawn.skip.checked = node.status is Status.SKIPPED
            if drawn.value is not None:
                drawn.value.value = node.answer.text if node.answer else ""
        self._draw_marks()
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
            assert self.key is not None
            self.show(self.key.drill)
        elif action == "print":
            window.print()
        elif action == "present":
            self.present(not self.presenting)

    def present(self, on: bool) -> None:
        """Presentation mode: the drill alone, enlarged, for a projector (never part of its link)."""
        self.presenting = on
        document.documentElement.classList.toggle("dr-presenting", on)
        self.present_button.setAttribute("aria-pressed", "true" if on else "false")
        self._on_resize()  # the width changed: the drawing may fit now, or no longer
        if on:
            self.present_button.setAttribute("aria-keyshortcuts", "Escape")
        else:
            self.present_button.removeAttribute("aria-keyshortcuts")

    def _on_key(self, event: JsProxy) -> None:
        if self.presenting and str(event.key) == "Escape":
            self.present(False)

    # -- the score kept in this browser ---------------------------------------------------

    def _stored(self) -> str | None:
        return self.kept.read(view.STORAGE_KEY)

    def _save(self) -> None:
        # Storage full or disabled: the score is shown but not kept.
        self.kept.write(view.STORAGE_KEY, view.write_score(self.score))


def mount(root: JsProxy) -> None:
    DrillPage(root).start()
