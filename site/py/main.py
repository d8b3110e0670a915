"""The page's Python: wires each board on the page to pyengine, and draws it.

It only translates: DOM events become engine calls (all rules live in
pyengine, all wording in view.py) and the engine's state becomes DOM updates.
Each board element owns exactly one Game, held by its view object; nothing
lives in module globals. Text from the URL or the engine is only ever set as
textContent, never parsed as HTML.

A DOM look-up that finds nothing returns JavaScript's null, which Pyodide
hands over as ``jsnull``, not None: it is falsy, so absence is tested by
truthiness here, never with ``is None``.
"""

from __future__ import annotations

import contextlib
import importlib
import json

import view
from pyscript import document, window
from pyscript.ffi import create_proxy

from pyengine import Board, Game, IllegalMoveError, Level, Mode, MoveAnalysis, Player, compute_facts
from pyengine.board import parse_size
from pyengine.facts import FACT_LABELS, perfect_policy_digest
from pyengine.policy import against_choice
from pyengine.solver import analyze_move, summarize
from pyengine.words import cell_label

TALLY_KEY = "pyengine.score"
STEPS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}


class BoardView:
    """One board on the page and the one Game behind it.

    Subclasses decide what else the board's panel shows; this class owns the
    cells, the banner, the status line, keyboard play and the bot's timer.
    """

    def __init__(self, root: object, game: Game, *, hints: bool = False) -> None:
        self.root = root
        self.game = game
        self.show_hints = hints
        self.table = root.querySelector("table.ttt-board")
        self.cells: list[object] = []
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
        # One proxy per handler for the life of the page: no proxy churn per move.
        self._bot_timer = create_proxy(self._on_bot_timer)
        self._hint_timer = create_proxy(self._on_hint_timer)
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
                holder = document.createElement("td")
                holder.setAttribute("role", "gridcell")
                button = document.createElement("button")
                button.type = "button"
                button.className = "ttt-cell"
                button.setAttribute("data-cell", str(cell))
                button.tabIndex = 0 if cell == 0 else -1
                for part in ("ttt-mark", "ttt-hint"):
                    span = document.createElement("span")
                    span.className = part
                    span.setAttribute("aria-hidden", "true")
                    button.appendChild(span)
                holder.appendChild(button)
                line.appendChild(holder)
                self.cells.append(button)
            body.appendChild(line)
        self.table.replaceChildren(body)
        self.table.setAttribute("data-size", str(size))

    # -- events --------------------------------------------------------------

    def _on_click(self, event: object) -> None:
        target = event.target.closest("[data-cell]")
        if target:
            self.play(int(target.dataset.cell))

    def _on_key(self, event: object) -> None:
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

    def _on_action(self, event: object) -> None:
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
        far, one move per task (_on_hint_timer), so the page never freezes."""
        board = self.game.board
        if not self.show_hints or board.is_over:
            return {}
        if board.size == 3:
            return view.hints(board)
        if self._solved and self._solved[0] == board:
            return self._solved[1]
        if not (self._solving and self._solving[0] == board):
            self._solving = (board, [])
            window.setTimeout(self._hint_timer, 0)
        return view.hints_so_far(self._solving[1])

    def _on_hint_timer(self) -> None:
        if not self._solving:
            return
        board, moves = self._solving
        if board != self.game.board or not self.show_hints:
            self._solving = None  # the board moved on: its hints are not needed
            return
        moves.append(analyze_move(board, board.legal_moves[len(moves)]))
        if len(moves) == len(board.legal_moves):
            self._solving = None
            self._solved = (board, view.hints_of(summarize(board, moves)))
        else:
            window.setTimeout(self._hint_timer, 0)
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
            self.banner.hidden = False
        else:
            self.banner.hidden = True
            self.banner.removeAttribute("data-result")
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
            # The site's root from the theme's settings; the position is letters,
            # dots and slashes, which a query carries as they are.
            base = json.loads(document.getElementById("__config").textContent)["base"]
            self.watch.setAttribute("href", f"{base}/search/?pos={board}")


class GameView(BoardView):
    """A game set up from the URL. On the home page it also has settings, a
    shareable address, the move list and the score; embedded, just the board."""

    def __init__(self, root: object, *, embedded: bool = False) -> None:
        params = window.URLSearchParams.new(window.location.search)
        given = {key: str(params.get(key)) for key in view.URL_KEYS if params.has(key)}
        settings, problems = view.settings_from_params(given)
        game = Game(settings.mode, human=settings.human, level=settings.level, start=settings.start)
        super().__init__(root, game)  # fits the table to the game's size
        # Embedded in another site's page, the board keeps to itself: it does
        # not rewrite its address or keep a score.
        self.embedded = embedded
        self.form = root.querySelector("form.ttt-settings")
        self.selects = {s.name: s for s in root.querySelectorAll("select")}
        self.moves = root.querySelector(".ttt-moves")
        self.score = root.querySelector(".ttt-score")
        self.message = root.querySelector(".ttt-message")
        self._scored = False  # whether this game's end is already in the tally
        if problems:
            self.message.textContent = " ".join(problems)  # URL text: as text, never as HTML
            self.message.hidden = False
        if self.form:
            self.selects["mode"].value = settings.mode.value
            self.selects["level"].value = settings.level.value
            self.selects["as"].value = settings.human.value
            self.selects["size"].value = str(settings.size)
            self.form.addEventListener("change", create_proxy(self._on_settings))
            self.form.addEventListener("submit", create_proxy(lambda event: event.preventDefault()))

    def start(self) -> None:
        # All of this runs in one task, so a click lands either on the
        # first-paint board before it (and is carried over) or on this board
        # after it: never half-way.
        focus = self.take_over_first_paint()
        for select in self.selects.values():
            select.disabled = False
        self.sync_side_select()
        super().start()
        if self.score:
            self.show_score()
        if focus is not None:
            self.move_focus(focus)

    def take_over_first_paint(self) -> int | None:
        """Carry over the game played on the first-paint board, if one is
        showing (pyengine.nojs.compiled_board: the person's moves are its
        checked radios, the bot's replies the engine's deterministic choice),
        then show this board in its place. Returns the cell to keep focused."""
        shown = self.root.getAttribute("data-first-paint")
        # No attribute: the page's chooser did not run, and its stylesheet shows X.
        side = str(shown) if shown else "X"
        self.root.setAttribute("data-first-paint", "python")
        form = self.root.querySelector(f'form[data-human="{side}"]') if side in ("X", "O") else None
        if not form:
            return None
        prefix = form.querySelector("input").id.split("t1c")[0]
        person = sorted(_turn_and_cell(radio.id, prefix) for radio in form.querySelectorAll("input:checked"))
        try:
            moves = against_choice(Player.parse(side), [cell for _, cell in person])
            self.game.restart(human=Player.parse(side))
            self.game.replay(moves)
        except ValueError:  # not a game the rules allow: start afresh, and say so
            self.game.restart()
            self.message.textContent = "The game on the board could not be carried over; here is a fresh game."
            self.message.hidden = False
        focused = document.activeElement
        if focused and focused.tagName == "INPUT" and form.contains(focused):
            return _turn_and_cell(focused.id, prefix)[1]
        return None

    def settings(self) -> view.Settings:
        game = self.game
        return view.Settings(mode=game.mode, level=game.level, human=game.human, start=game.start)

    def _on_settings(self, event: object) -> None:
        self.cancel_bot()
        self.game.restart(
            mode=Mode.parse(self.selects["mode"].value),
            level=Level.parse(self.selects["level"].value),
            human=Player.parse(self.selects["as"].value),
            start=Board.empty(parse_size(self.selects["size"].value)),
        )
        self.fit_cells()
        self._scored = False
        self.sync_side_select()
        self.changed(view.turn_status(self.game))

    def sync_side_select(self) -> None:
        # Choosing a side only means something against the bot.
        if "as" in self.selects:
            self.selects["as"].disabled = self.game.mode is not Mode.VS_BOT

    def restart(self) -> None:
        self.cancel_bot()
        self.game.restart(start=Board.empty(self.game.board.size))
        self._scored = False
        self.message.hidden = True
        self.changed(view.turn_status(self.game))

    def render(self) -> None:
        super().render()
        if self.moves:
            self.moves.replaceChildren()
            for line in view.move_list(self.game):
                item = document.createElement("li")
                item.textContent = line
                self.moves.appendChild(item)

    def remember(self) -> None:
        """The address shares this game; a finished game goes into the score."""
        if not self.embedded:
            window.history.replaceState(None, "", self.settings().query(self.game.board))
        if self.score:
            self.record_result()

    # -- the score, kept in localStorage across visits ----------------------------

    def record_result(self) -> None:
        key = view.tally_key(self.game)
        if key is None or self._scored:
            return
        self._scored = True
        tally = self.load_tally()
        tally[key] = tally.get(key, 0) + 1
        # Storage full or disabled: the score is shown but not kept.
        with contextlib.suppress(Exception):
            window.localStorage.setItem(TALLY_KEY, json.dumps(tally))
        self.show_score(tally)

    def load_tally(self) -> dict[str, int]:
        try:
            stored = json.loads(window.localStorage.getItem(TALLY_KEY) or "{}")
        except Exception:  # disabled storage, or a value not ours
            return {}
        if not isinstance(stored, dict):
            return {}
        return {k: v for k, v in stored.items() if k in view.TALLY_KEYS and isinstance(v, int) and v >= 0}

    def show_score(self, tally: dict[str, int] | None = None) -> None:
        self.score.textContent = view.tally_text(self.load_tally() if tally is None else tally)


class AnalysisView(BoardView):
    """A docs page's board: the reader plays both sides, hints always on."""

    def __init__(self, root: object) -> None:
        start = Board.parse(root.dataset.pos)
        super().__init__(root, Game(Mode.TWO_PLAYERS, start=start), hints=True)


def _turn_and_cell(radio_id: str, prefix: str) -> tuple[int, int]:
    """A first-paint radio's id, ``{prefix}t{turn}c{cell}``, read back."""
    turn, cell = radio_id[len(prefix) + 1:].split("c")
    return int(turn), int(cell)


def show_facts(root: object) -> None:
    """Fill the facts table with numbers the engine computes here, now."""
    facts = compute_facts()
    body = root.querySelector("tbody")
    rows = [(key, label[0].upper() + label[1:], f"{getattr(facts, key):,}") for key, label in FACT_LABELS.items()]
    digest = perfect_policy_digest()
    rows.append(("policy_digest", "Fingerprint of the perfect bot's choices (seed 0)", digest))
    for key, label, value in rows:
        row = document.createElement("tr")
        head = document.createElement("th")
        head.scope = "row"
        head.textContent = label
        cell = document.createElement("td")
        cell.textContent = value
        cell.setAttribute("data-fact", key)
        row.append(head, cell)
        body.appendChild(row)
    root.querySelector("table").hidden = False
    root.querySelector(".ttt-status").textContent = "Computed in this browser just now."
    root.setAttribute("data-ready", "true")


def mount() -> None:
    """Find every board on the page and bring it to life."""
    for root in document.querySelectorAll("[data-board]"):
        kind = root.dataset.board
        if kind == "game":
            GameView(root).start()
        elif kind == "embed":
            GameView(root, embedded=True).start()
        elif kind == "analysis":
            AnalysisView(root).start()
        elif kind == "facts":
            show_facts(root)
        else:
            # A teaching page's board has a module of its own (site/py/<kind>.py),
            # imported only on the page that shows one.
            importlib.import_module(kind).mount(root)


mount()
