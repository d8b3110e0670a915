"""MENACE on the learners' page: its 304 boxes painted (a slice at a time,
only those that changed) and a game against it, the person playing O (it
learns from the game). The boxes' markup is learn_view.py's, made from the
engine's numbers only."""

from __future__ import annotations

import learn_view
from longwork import STEP_S, Runner
from pyscript import window
from pyscript.ffi import create_proxy

from pyengine import Board, Player
from pyengine.learning.learner import outcome
from pyengine.learning.marking import choice_positions
from pyengine.learning.menace import Menace
from pyengine.words import cell_label

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, Protocol

    from pyengine.learning.learner import Learner
    from pyengine.learning.marking import Mark

    class Trainer(Protocol):
        """What the game needs of the widget that trains the machine (learn_page.TrainerView)."""

        learner: Learner
        runner: Runner

        def halt(self, lead: str) -> None: ...
        def finished_game(self, final: Board, resigned: Player | None) -> None: ...
        def repaint(self) -> None: ...


class Boxes:
    """MENACE's boxes, in four groups by its move number (the first two open)."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.painter = Runner(window, create_proxy, budget=STEP_S)
        groups = []
        for number in range(4):
            boxes = [b for b in choice_positions(Player.X) if learn_view.move_number(b) == number]
            figures = "".join(f'<figure class="box" data-box="{b}"></figure>' for b in boxes)
            groups.append(
                f'<details class="box-group" data-group="{number}"{" open" if number < 2 else ""}>'
                f"<summary>{learn_view.group_summary(number, len(boxes))}</summary>"
                f'<div class="box-grid">{figures}</div></details>'
            )
        root.innerHTML = "".join(groups)
        self.figures = {str(f.dataset.box): f for f in root.querySelectorAll("figure.box")}
        self.painted: dict[str, str] = {}  # each box's notation -> the markup it shows

    def repaint(self, machine: Menace, drawn: tuple[Board, int] | None) -> None:
        """Paint the boxes that changed, a slice at a time (``drawn``: the box
        and the bead MENACE just drew in a game, ringed); ``data-painted``
        says "true" once all show the machine as it is (tests wait on it)."""
        self.root.setAttribute("data-painted", "false")
        self.painter.start(self._painting(machine, drawn))

    def _painting(self, machine: Menace, drawn: tuple[Board, int] | None) -> Iterator[None]:
        marks = {m.board: m for m in machine.marks(Player.X)}
        by_group: list[list[Mark]] = [[], [], [], []]
        for box, m in marks.items():
            by_group[learn_view.move_number(box)].append(m)
            ring = drawn[1] if drawn and drawn[0] == box else None
            svg = learn_view.box_svg(box, machine.boxes[box], m, ring)
            key = str(box)
            if self.painted.get(key) != svg:
                self.figures[key].innerHTML = svg
                self.painted[key] = svg
                yield
        for number, group in enumerate(by_group):
            summary = self.root.querySelector(f'[data-group="{number}"] summary')
            summary.textContent = learn_view.group_summary(number, group)
        self.root.setAttribute("data-painted", "true")


class PlayView:
    """A game against MENACE: it plays X, the person O; it learns from the game."""

    def __init__(self, trainer: Trainer, root: Any) -> None:
        self.trainer = trainer
        self.cells = list(root.querySelectorAll("button[data-cell]"))
        self.status = root.querySelector("[data-play-status]")
        self.board = Board.empty()
        self.drawn: tuple[Board, int] | None = None
        self.live = False
        root.addEventListener("click", create_proxy(self._on_click))
        self.status.textContent = "Press New game: MENACE plays X and draws a bead for its first move."

    def _on_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not target:
            return
        if target.hasAttribute("data-new-game"):
            self.new_game()
        elif target.hasAttribute("data-cell") and self.live and not self.trainer.runner.running:
            cell = int(target.dataset.cell)
            if cell in self.board.legal_moves and self.board.to_move is Player.O:
                self.board = self.board.play(cell)
                self.menace_moves()

    def new_game(self) -> None:
        self.abandon()
        self.trainer.halt("Training stopped for your game")
        self.board, self.live = Board.empty(), True
        self.menace_moves()

    def abandon(self) -> None:
        """Drop a game in progress: MENACE learns nothing from it."""
        machine = self.trainer.learner
        if self.live and isinstance(machine, Menace):
            machine.drawn = []
        self.live, self.drawn = False, None

    def menace_moves(self) -> None:
        machine = self.trainer.learner
        assert isinstance(machine, Menace)
        resigned = None
        if not self.board.is_over:
            before = len(machine.drawn)
            cell = machine.pick(self.board)
            if cell is None:
                resigned = Player.X
            else:
                self.board = self.board.play(cell)
                self.drawn = machine.drawn[-1][1:] if len(machine.drawn) > before else None
        self.render()
        if self.board.is_over or resigned is not None:
            learned = bool(machine.drawn)  # a resignation at its first move drew no bead
            machine.finish(self.board, resigned)
            self.live = False
            result = outcome(self.board, resigned, Player.O)
            self.status.textContent = learn_view.game_over_text(result, resigned is not None, learned)
            self.trainer.finished_game(self.board, resigned)
        else:
            self.status.textContent = "Your move (O). The bead MENACE just drew is ringed in its box below."
            self.trainer.repaint()

    def render(self) -> None:
        for button in self.cells:
            cell = int(button.dataset.cell)
            mark = self.board[cell]
            button.textContent = str(mark) if mark else ""
            button.setAttribute("data-mark", str(mark) if mark else "")
            button.setAttribute("aria-label", cell_label(cell, mark))  # named as every board of the site names it
