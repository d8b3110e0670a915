"""A live board on a page: the cells, the banner, the status line, keyboard
play and the bot's timer, around the one Game behind them.

The page's boards (main.py) and a teaching page's own board (strategy_map_page.py)
are views of this kind. It only translates, as main.py says: DOM events
become engine calls and the engine's state becomes DOM updates, text only
ever as textContent.

A DOM look-up that finds nothing returns JavaScript's null, which Pyodide
hands over as ``jsnull``, not None: it is falsy, so absence is tested by
truthiness here, never with ``is None``.
"""

from __future__ import annotations

import game_view as view
from cellmarkup import built, cell_markup
from longwork import ONE_STEP, Runner
from pyscript import document, window
from pyscript.ffi import create_proxy

from pyengine import Board, Game, IllegalMoveError, MoveAnalysis
from pyengine.solver import analyze_move, summarize
from pyengine.words import cell_label

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Generator

    from pyodide.ffi import JsProxy

STEPS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}


class BoardView:
    """One board on the page and the one Game behind it.

    Subclasses decide what else the board's panel shows; this class owns the
    cells, the banner, the status line, keyboard play and the bot's timer.
    """

    def __init__(self, root: JsProxy, game: Game, *, hints: bool = False) -> None:
        self.root = root
        self.game = game
        self.show_hints = hints
        self.table = root.querySelector("table.ttt-board")
        self.cells: list[JsProxy] = []
        self.fit_cells()
        self.banner = root.querySelector(".ttt-banner")
        self.status = root.querySelector(".ttt-status")
        self.buttons = {b.dataset.action: b for b in root.querySelectorAll("[data-action]")}
        self.watch = root.querySelector(".ttt-watch a")  # "Watch the search from here", where there is one
        self._pending = 0  # the token of the bot move now scheduled; 0 when none is
        self._tokens = 0
        # Hints solved one move per task (4x4, where a whole analysis is slow):
        # the moves solved so far for the board they belong to.
        self._solving: tuple[Board, list[MoveAnalysis]] | None = None
        self._solved: tuple[Board, dict[int, view.Hint]] | None = None
        self._solver = Runner(window, create_proxy, budget=ONE_STEP)
        # One proxy per handler for the life of the page: no proxy churn per move.
        self._bot_timer = create_proxy(self._on_bot_timer)
        self.table.addEventListener("click", create_proxy(self._on_click))
        self.table.addEventListener("keydown", create_proxy(self._on_key))
        for button in self.buttons.values():
            button.addEventListener("click", create_proxy(self._on_action))

    # -- start ---------------------------------------------------------------

    def start(self) -> None:
        """The engine is running: enable the board and say so to tests and people."""
        for button in self.buttons.values():
            button.disabled = False
        self.remember()
        self.render()
        self.say(view.turn_status(self.game))
        self.table.removeAttribute("aria-busy")
        self.table.setAttribute("data-ready", "true")
        self.schedule_bot()

    def fit_cells(self) -> None:
        """Make the table's cells those of the game's board size: the page is
        drawn with 3x3 before Python runs; a 4x4 game gets its 16 here."""
        size = self.game.board.size
        cells = [self.table.querySelector(f'[data-cell="{cell}"]') for cell in range(size * size)]
        if all(cells) and not self.table.querySelector(f'[data-cell="{size * size}"]'):
            self.cells = cells
            return
        body = document.createElement("tbody")
        self.cells = []
        for row in range(size):
            line = document.createElement("tr")
            line.setAttribute("role", "row")
            for cell in range(size * row, size * row + size):
                # The build's own cell (tools/pages/stage.py); render() then fills it in.
                holder = built(document, cell_markup(cell, label=cell_label(cell, None, None, size)))
                line.appendChild(holder)
                self.cells.append(holder.firstElementChild)
            body.appendChild(line)
        self.table.replaceChildren(body)
        self.table.setAttribute("data-size", str(size))

    # -- events --------------------------------------------------------------

    def _on_click(self, event: JsProxy) -> None:
        target = event.target.closest("[data-cell]")
        if target:
            self.play(int(target.dataset.cell))

    def _on_key(self, event: JsProxy) -> None:
        target = event.target.closest("[data-cell]")
        if not target:
            return
        size = self.game.board.size
        last = size - 1
        cell = int(target.dataset.cell)
        row, col = divmod(cell, size)
        key = event.key
        if key in STEPS:
            dr, dc = STEPS[key]
            row, col = min(last, max(0, row + dr)), min(last, max(0, col + dc))
        elif key == "Home":
            row, col = (0, 0) if event.ctrlKey else (row, 0)
        elif key == "End":
            row, col = (last, last) if event.ctrlKey else (row, last)
        else:
            return  # Enter and Space reach the button as a click
        event.preventDefault()
        self.move_focus(size * row + col)

    def _on_action(self, event: JsProxy) -> None:
        action = event.currentTarget.dataset.action
        if action == "restart":
            self.restart()
        elif action == "undo":
            self.cancel_bot()
            if self.game.undo():
                self.changed(view.turn_status(self.game))
            else:
                self.schedule_bot()
        elif action == "redo":
            self.cancel_bot()
            if self.game.redo():
                self.changed(view.turn_status(self.game))
        elif action == "hints":
            self.show_hints = not self.show_hints
            self.render()

    def _on_bot_timer(self, token: int) -> None:
        if token != self._pending:
            return  # cancelled by a restart, an undo or a change of settings
        self._pending = 0
        if self.game.bot_to_move:
            cell = self.game.play_bot()
            self.changed(view.move_announcement(self.game, cell, by_bot=True))

    # -- actions ---------------------------------------------------------------

    def play(self, cell: int) -> None:
        """A person's click or key press on ``cell``; ignored unless legal now."""
        if self._pending or not self.game.human_to_move:
            return  # the bot is thinking, or it is not a person's turn
        try:
            self.game.play(cell)
        except IllegalMoveError:
            return  # a taken cell or a finished game: nothing happens
        self.changed(view.move_announcement(self.game, cell, by_bot=False))

    def restart(self) -> None:
        self.cancel_bot()
        self.game.restart()
        self.changed(view.turn_status(self.game))

    def changed(self, announcement: str) -> None:
        """After the game changed: keep what outlives the page, redraw,
        announce it, and let the bot answer."""
        self.remember()
        self.render()
        self.say(announcement)
        self.schedule_bot()

    def remember(self) -> None:
        """Keep what should outlive this game state (a board with more to it
        overrides this); called once per change, never by drawing."""

    def schedule_bot(self) -> None:
        if self.game.bot_to_move and not self._pending:
            self._tokens += 1
            self._pending = self._tokens
            window.setTimeout(self._bot_timer, view.BOT_DELAY_MS, self._pending)

    def cancel_bot(self) -> None:
        self._pending = 0

    def move_focus(self, cell: int) -> None:
        """Roving tabindex: exactly one cell is in the tab order."""
        for other, element in enumerate(self.cells):
            element.tabIndex = 0 if other == cell else -1
        self.cells[cell].focus()

    def say(self, text: str) -> None:
        self.status.textContent = text

    # -- drawing ---------------------------------------------------------------

    def hints(self) -> dict[int, view.Hint]:
        """The hints to show now. On 3x3 all at once; on 4x4 those solved so
        far, one move per task (solve), so the page never freezes."""
        board = self.game.board
        if not self.show_hints or board.is_over:
            return {}
        if board.size == 3:
            return view.hints(board)
        if self._solved and self._solved[0] == board:
            return self._solved[1]
        if not (self._solving and self._solving[0] == board):
            self._solving = (board, [])
            self._solver.start(
                self.solve(board, self._solving[1]), progress=self._on_solved_one, done=self._on_solved_all
            )
        return view.hints_so_far(self._solving[1])

    def solve(
        self, board: Board, moves: list[MoveAnalysis]
    ) -> Generator[None, None, tuple[Board, dict[int, view.Hint]] | None]:
        """Each legal move of ``board`` solved in turn into ``moves``; gives
        up once the board has moved on or hints are off. Returns the hints."""
        for index, move in enumerate(board.legal_moves):
            if index:
                yield None  # the browser's turn, and the hints so far drawn
            if board != self.game.board or not self.show_hints:
                self._solving = None  # the board moved on: its hints are not needed
                return None
            moves.append(analyze_move(board, move))
        self._solving = None
        return board, view.hints_of(summarize(board, moves))

    def _on_solved_one(self, _: None) -> None:
        self.render()

    def _on_solved_all(self, solved: tuple[Board, dict[int, view.Hint]] | None) -> None:
        if solved is not None:
            self._solved = solved
            self.render()

    def render(self) -> None:
        board = self.game.board
        size = board.size
        hints = self.hints()
        winning = {cell for line in board.winning_lines for cell in line}
        open_to_click = self.game.human_to_move and not self._pending
        for cell, element in enumerate(self.cells):
            mark = board[cell]
            text = mark.value if mark else ""
            hint = hints.get(cell)
            element.setAttribute("data-mark", text)
            element.querySelector(".ttt-mark").textContent = text
            element.querySelector(".ttt-hint").textContent = hint.text if hint else ""
            element.setAttribute("data-hint", hint.value if hint else "")
            element.classList.toggle("best", bool(hint and hint.best))
            element.classList.toggle("win", cell in winning)
            element.setAttribute("aria-disabled", "false" if mark is None and open_to_click else "true")
            element.setAttribute("aria-label", cell_label(cell, mark, hint.text if hint else None, size))
        shown = view.banner(self.game)
        if shown:
            self.banner.textContent, result = shown
            self.banner.setAttribute("data-result", result)
            self.banner.setAttribute("data-outcome", view.banner_outcome(self.game) or "")
            self.banner.hidden = False
        else:
            self.banner.hidden = True
            self.banner.removeAttribute("data-result")
            self.banner.removeAttribute("data-outcome")
            self.banner.textContent = ""
        # Whose turn, for styling and as the signal browser tests wait on.
        turn = "over" if board.is_over else "human" if self.game.human_to_move else "bot"
        self.table.setAttribute("data-turn", turn)
        if "undo" in self.buttons:
            self.buttons["undo"].disabled = not self.game.can_undo
        if "redo" in self.buttons:
            self.buttons["redo"].disabled = not self.game.can_redo
        if "hints" in self.buttons:
            self.buttons["hints"].setAttribute("aria-pressed", "true" if self.show_hints else "false")
        if self.watch:
            self.watch.setAttribute("href", view.watch_href(str(self.watch.getAttribute("href")), board))
