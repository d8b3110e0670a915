"""The page's Python: wires each board on the page to pyengine, and draws it
(the live board itself is live_board.py's).

It only translates: DOM events become engine calls (all rules live in
pyengine, the game's wording in game_view.py; the few fixed sentences of the
facts table and of a carried-over game are here) and the engine's state
becomes DOM updates.
Each board element owns exactly one Game, held by its view object; nothing
lives in module globals. Text from the URL or the engine is only ever set as
textContent, never parsed as HTML.

A DOM look-up that finds nothing returns JavaScript's null, which Pyodide
hands over as ``jsnull``, not None: it is falsy, so absence is tested by
truthiness here, never with ``is None``.
"""

from __future__ import annotations

import importlib

import game_view as view
from live_board import BoardView
from longwork import ONE_STEP, Runner
from pyscript import document, window
from pyscript.ffi import create_proxy
from saved import Kept

from pyengine import Board, EngineError, Game, Level, Mode, Player, compute_facts
from pyengine.facts import FACT_LABELS
from pyengine.geometry import parse_size
from pyengine.policy import against_fixed_bot, perfect_policy_digest

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator

    from pyodide.ffi import JsProxy

    from pyengine.review import MoveReview

TALLY_KEY = "pyengine.score"
PAGE_MODULE = "{}_page"
"""The module of a board kind main.py does not handle itself: ``explorer`` ->
``explorer_page`` (site/py/explorer_page.py); tools/runtime/page_files.py reads this
template to list what a page downloads."""


class GameView(BoardView):
    """A game set up from the URL. On the home page it also has settings, a
    shareable address, the move list and the score; embedded, just the board."""

    def __init__(self, root: JsProxy, *, embedded: bool = False) -> None:
        params = window.URLSearchParams.new(window.location.search)
        given = {key: str(params.get(key)) for key in view.URL_KEYS if params.has(key)}
        settings, problems = view.settings_from_params(given)
        game = Game(
            settings.mode, human=settings.human, level=settings.level, start=settings.start, o_level=settings.o_level
        )
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
        self.kept = Kept(window)
        self.heading = None if embedded else document.querySelector(".ttt-heading")
        panel = root.querySelector(".ttt-review")
        self.review = ReviewPanel(panel, self.moves, self.watch) if panel else None
        if problems:
            self.message.textContent = " ".join(problems)  # URL text: as text, never as HTML
            self.message.hidden = False
        if self.form:
            self.selects["mode"].value = settings.mode.value
            self.selects["level"].value = settings.level.value
            self.selects["as"].value = settings.human.value
            self.selects["size"].value = str(settings.size)
            self.selects["olevel"].value = self.game.o_level.value
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
        showing (pyengine.editions.nojs.compiled_board: the person's moves are its
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
            moves = against_fixed_bot(Player.parse(side), [cell for _, cell in person])
            self.game.restart(human=Player.parse(side))
            self.game.replay(moves)
        except EngineError:  # not a game the rules allow: start afresh, and say so
            self.game.restart()
            self.message.textContent = "The game on the board could not be carried over; here is a fresh game."
            self.message.hidden = False
        focused = document.activeElement
        if focused and focused.tagName == "INPUT" and form.contains(focused):
            return _turn_and_cell(focused.id, prefix)[1]
        return None

    def settings(self) -> view.Settings:
        game = self.game
        return view.Settings(mode=game.mode, level=game.level, human=game.human, start=game.start, o_level=game.o_level)

    def _on_settings(self, event: JsProxy) -> None:
        self.cancel_bot()
        self.game.restart(
            mode=Mode.parse(self.selects["mode"].value),
            level=Level.parse(self.selects["level"].value),
            human=Player.parse(self.selects["as"].value),
            start=Board.empty(parse_size(self.selects["size"].value)),
            o_level=Level.parse(self.selects["olevel"].value),
        )
        self.fit_cells()
        self._scored = False
        self.sync_side_select()
        self.changed(view.turn_status(self.game))

    def sync_side_select(self) -> None:
        """The settings and the heading that fit the mode: a side to choose only
        against the bot, a level for each side when two bots play."""
        if "as" in self.selects:
            self.selects["as"].disabled = self.game.mode is not Mode.VS_BOT
        if "olevel" in self.selects:
            watching = self.game.mode is Mode.WATCH
            self.selects["olevel"].closest(".ttt-setting").hidden = not watching
            label = self.form.querySelector('label[for="ttt-level"]')
            label.textContent = "X's bot" if watching else "Bot"
        if self.heading:
            self.heading.textContent = view.heading(self.game)

    def restart(self) -> None:
        self.cancel_bot()
        self.game.restart(start=Board.empty(self.game.board.size))
        self._scored = False
        self.message.hidden = True
        self.changed(view.turn_status(self.game))

    def _on_action(self, event: JsProxy) -> None:
        if event.currentTarget.dataset.action == "review" and self.review:
            self.review.start(self.game)
        else:
            super()._on_action(event)

    def render(self) -> None:
        super().render()
        if self.moves:
            self.moves.replaceChildren()
            for line in view.move_list(self.game):
                item = document.createElement("li")
                item.textContent = line
                self.moves.appendChild(item)
        if self.review:
            self.review.follow(self.game, self.buttons["review"])

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
        self.kept.write_json(TALLY_KEY, tally)  # False (storage full or disabled): shown but not kept
        self.show_score(tally)

    def load_tally(self) -> dict[str, int]:
        stored = self.kept.read_json(TALLY_KEY, view.tally_from_json)
        # Nothing kept, or a value not ours: the score starts afresh, and the
        # next game's result replaces what was kept.
        return stored if isinstance(stored, dict) else {}

    def show_score(self, tally: dict[str, int] | None = None) -> None:
        self.score.textContent = view.tally_text(self.load_tally() if tally is None else tally)


def first_mistake(judged: Iterator[MoveReview]) -> Generator[None, None, MoveReview | None]:
    """The first judged move that gave value away (None if none did), one
    judged move per step, for the runner to slice."""
    for move in judged:
        if move.gave_away:
            return move
        yield None
    return None


class ReviewPanel:
    """The game review: once a game ends, Review finds the first move of a
    person that gave value away (pyengine.review), one move per task so a 4x4
    game's review never freezes the page, and marks it in the move list.

    The marked move's list item carries ``data-mistake``, ``data-ply`` (its
    index in the game) and ``data-cell``, the hooks the browser tests read.
    """

    def __init__(self, panel: JsProxy, moves: JsProxy, watch: JsProxy) -> None:
        self.panel = panel
        self.moves = moves  # the game's move list, where the mistake is marked
        self.watch = watch  # the page's "Watch the search from here", whose address the review's link follows
        self.verdict = panel.querySelector(".ttt-review-verdict")
        self.detail = panel.querySelector(".ttt-review-detail")
        self.board = panel.querySelector(".ttt-review-board")
        self.better = panel.querySelector(".ttt-review-better")
        self.link = panel.querySelector(".ttt-review-watch a")
        # One judged move per slice: a 4x4 move's analysis is as long as a slice may be.
        self.runner = Runner(window, create_proxy, budget=ONE_STEP)
        self.game_reviewed: tuple[Board, tuple[int, ...]] | None = None  # the game (start, moves) the panel shows
        self.mistake: MoveReview | None = None

    def follow(self, game: Game, button: JsProxy) -> None:
        """After any change to the game: Review is offered once a person's game
        has ended; a panel about another game is cleared; the mark is redrawn."""
        shown = (game.start, game.moves)
        button.hidden = not (game.is_over and view.review_sides(game))
        button.disabled = button.hidden
        if self.game_reviewed is not None and self.game_reviewed != shown:
            self.clear()
        self.mark()

    def clear(self) -> None:
        self.runner.stop()
        self.game_reviewed = None
        self.mistake = None
        self.panel.hidden = True
        self.panel.removeAttribute("data-reviewed")

    def start(self, game: Game) -> None:
        # Imported on the first review: the page's start-up does not pay for it.
        from pyengine.review import review

        self.game_reviewed = (game.start, game.moves)
        self.mistake = None
        self.panel.hidden = False
        self.panel.removeAttribute("data-reviewed")
        self.detail.hidden = True
        self.verdict.textContent = "Reviewing the game…"
        # A newer review, or clear(), retires this one: its verdict is never shown.
        self.runner.start(
            first_mistake(review(game.start, game.moves, view.review_sides(game))),
            done=lambda mistake: self.show(mistake, game),
        )

    def show(self, mistake: MoveReview | None, game: Game) -> None:
        """The verdict, and for a mistake the position before it, the better moves and the link."""
        self.mistake = mistake
        self.verdict.textContent = view.review_verdict(mistake, game)
        self.panel.setAttribute("data-reviewed", "mistake" if mistake else "clean")
        self.detail.hidden = mistake is None
        if mistake:
            self.draw_board(mistake)
            self.better.replaceChildren()
            for move in mistake.better:
                item = document.createElement("li")
                item.textContent = view.review_move(move, mistake.before.board.size)
                item.setAttribute("data-cell", str(move.cell))
                item.setAttribute("data-value", move.value.value)
                self.better.appendChild(item)
            self.link.setAttribute("href", self.search_address(mistake.before.board))
        self.mark()

    def draw_board(self, mistake: MoveReview) -> None:
        board = mistake.before.board
        better = {move.cell: move for move in mistake.better}
        self.board.setAttribute("data-size", str(board.size))
        self.board.setAttribute("aria-label", view.review_board_label(mistake))
        self.board.replaceChildren()
        for cell in range(board.size * board.size):
            square = document.createElement("span")
            square.className = "ttt-review-cell"
            mark = board.to_move if cell == mistake.cell else board[cell]
            square.textContent = str(mark) if mark else "★" if cell in better else ""
            square.setAttribute("data-mark", str(mark) if mark else "")
            if cell == mistake.cell:
                square.setAttribute("data-played", "true")
            elif cell in better:
                square.setAttribute("data-better", better[cell].value.value)
            self.board.appendChild(square)

    def search_address(self, board: Board) -> str:
        """The explorer at ``board``: the page's own "Watch the search" link,
        with whatever else it carries (the algorithm), at this position."""
        address = window.URL.new(self.watch.href if self.watch else "search/", document.baseURI)
        address.searchParams.set("pos", str(board))
        return str(address.href)

    def mark(self) -> None:
        """Mark the mistake's item in the move list (drawn afresh on every render)."""
        if not self.mistake or not self.moves:
            return
        item = self.moves.children.item(self.mistake.ply)
        if item and not item.hasAttribute("data-mistake"):
            item.setAttribute("data-mistake", "true")
            item.setAttribute("data-ply", str(self.mistake.ply))
            item.setAttribute("data-cell", str(self.mistake.cell))
            item.textContent = f"{item.textContent} — gave value away"


class AnalysisView(BoardView):
    """A docs page's board: the reader plays both sides, hints always on."""

    def __init__(self, root: JsProxy) -> None:
        start = Board.parse(root.dataset.pos)
        super().__init__(root, Game(Mode.TWO_PLAYERS, start=start), hints=True)


def _turn_and_cell(radio_id: str, prefix: str) -> tuple[int, int]:
    """A first-paint radio's id, ``{prefix}t{turn}c{cell}``, read back."""
    turn, cell = radio_id[len(prefix) + 1 :].split("c")
    return int(turn), int(cell)


def show_facts(root: JsProxy) -> None:
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
            # A teaching page's board has a module of its own (site/py/<kind>_page.py),
            # imported only on the page that shows one.
            importlib.import_module(PAGE_MODULE.format(kind)).mount(root)


mount()
