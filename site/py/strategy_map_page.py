"""The strategy map page: the maps' zoom, the switch between them, and a live game the map follows.

The SVG is drawn at build time by tools/pages/strategy_map_markup.py: the map for the bot as
X is in the page; the other is a file of the site, fetched from this origin the
first time the reader switches to it and parsed as SVG (never as HTML).
Clicking a small board, or Enter/Space on a focused one, zooms the SVG's
viewBox onto it; Escape/Backspace or the Up button goes back out. The node
shown is in the address as ``?map=O&moves=4,0``, and a link also sets the live
game to that position.

The live board is the site's own (live_board.py's BoardView); its Game plays
``pyengine.policy.FixedBot``, the very bot the maps draw, so the game never
leaves the map. With "Follow the game" on, every move (and a new game) zooms
the map onto the game's node; zooming by hand is always allowed, and the next
move brings the map back to the game.
"""

from __future__ import annotations

import asyncio
import json

import game_view as view
from live_board import BoardView
from pyscript import document, window
from pyscript.ffi import create_proxy

from pyengine import EngineError, Game, Player
from pyengine.policy import FixedBot, against_fixed_bot

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy


def _moves_text(moves: tuple[int, ...]) -> str:
    return ",".join(map(str, moves))


def _parse_moves(text: str) -> tuple[int, ...] | None:
    """The cells of an address's ``moves=`` (``4,0``), or None if it is not a list of cells."""
    if not text:
        return ()
    parts = text.split(",")
    if not all(part.isdigit() and len(part) == 1 for part in parts):
        return None
    return tuple(int(part) for part in parts)


# A sub-board is zoomed into through its frame, the grid drawn first in its
# node (tools/pages/strategy_map_markup.py), which takes its tab stop, role and name. Not
# through its node: a tabindex or role set on a node whose group holds
# hundreds of <use> made Chromium restyle all of them, and each move on the O
# map took 1-2 s (a press's longest task 1.0-1.8 s, measured); set on the
# frames, the same zoom restyles a few elements (0-1 ms, measured).
FRAME = ":scope > use"
ZOOMABLE = "g.sm-node > use[tabindex]"


class MapView:
    """One map's SVG and its zoom: the node shown, as its move sequence."""

    def __init__(self, svg: JsProxy) -> None:
        self.svg = svg
        self.top = str(svg.querySelector("g.sm-node").dataset.moves)
        self.moves = self.top

    def node(self, moves: str) -> JsProxy | None:
        # Only digits and commas reach the CSS attribute selector: nothing can escape it.
        if moves and not all(part.isdigit() for part in moves.split(",")):
            return None
        found: JsProxy | None = self.svg.querySelector(f'g.sm-node[data-moves="{moves}"]')
        return found

    def show(self, moves: str) -> bool:
        """Zoom onto the node reached by ``moves`` and make its sub-boards
        focusable; False (and nothing changes) if the map has no such node."""
        node = self.node(moves)
        if not node:
            return False
        self.blur()
        self.moves = moves
        self.svg.setAttribute("viewBox", node.dataset.box)
        for child in node.querySelectorAll(":scope > g.sm-node"):
            frame = child.querySelector(FRAME)
            frame.setAttribute("tabindex", "0")
            frame.setAttribute("role", "button")
            words = view.moves_in_words(_parse_moves(str(child.dataset.moves)) or ())
            frame.setAttribute("aria-label", f"Zoom into the board after {words}")
        return True

    def blur(self) -> None:
        """No sub-board in the tab order (the map is hidden, or about to zoom)."""
        for old in self.svg.querySelectorAll(ZOOMABLE):
            old.removeAttribute("tabindex")
            old.removeAttribute("role")
            old.removeAttribute("aria-label")

    def parent(self) -> str | None:
        """The moves of the node around the one shown, or None at the top."""
        node = self.node(self.moves)
        outer = node.parentElement.closest("g.sm-node") if node else None
        return str(outer.dataset.moves) if outer else None


class LiveBoard(BoardView):
    """The reader's game against the map's bot; it tells the page after every change."""

    def __init__(self, root: JsProxy, game: Game, on_change: object) -> None:
        super().__init__(root, game)
        self._on_change = on_change

    def changed(self, announcement: str) -> None:
        super().changed(announcement)
        self._on_change()  # type: ignore[operator]

    def new_game(self, human: Player) -> None:
        """A new game with the reader playing ``human``."""
        self.cancel_bot()
        self.game.restart(human=human)
        self.changed(view.turn_status(self.game))


class StrategyMap:
    """The page's one map panel: which map is shown, its zoom, and the game it follows."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.area = root.querySelector(".sm-view")
        self.up = root.querySelector(".sm-up")
        self.crumb = root.querySelector(".sm-crumb")
        self.follow = root.querySelector(".sm-follow input")
        self.sides = {Player(b.dataset.side): b for b in root.querySelectorAll(".sm-side")}
        inline = Player(str(root.dataset.map))
        self.maps: dict[Player, MapView] = {inline: MapView(self.area.querySelector("svg"))}
        self.loading: dict[Player, object] = {}  # each map's fetch under way (a task kept till it ends)
        self.side = inline
        self.wanted = ""  # the node to show once the map being fetched arrives

        params = window.URLSearchParams.new(window.location.search)
        asked = str(params.get("map") or "").strip().upper()
        side = Player(asked) if asked in ("X", "O") else inline
        moves = _parse_moves(str(params.get("moves") or "")) or ()
        game = Game(human=side.other, bot=FixedBot())
        # A link to a node is also the position of a game against the map's bot:
        # the engine checks it is one (every bot move its choice), and the game starts there.
        try:
            if moves and against_fixed_bot(side.other, moves[int(side is Player.X) :: 2]) == moves:
                game.replay(moves)
        except EngineError:
            pass  # not a game the rules allow: the game starts afresh, the map at its top
        self.board = LiveBoard(root.querySelector(".sm-game"), game, self.game_changed)

        self.area.addEventListener("click", create_proxy(self._on_click))
        self.area.addEventListener("keydown", create_proxy(self._on_key))
        self.up.addEventListener("click", create_proxy(lambda _e: self.go_up()))
        self.follow.addEventListener("change", create_proxy(self._on_follow))
        for button in self.sides.values():
            button.addEventListener("click", create_proxy(self._on_side))
            button.disabled = False
        self.follow.disabled = False
        self.select(side, _moves_text(game.moves), record=False)
        self.board.start()

    # -- which map ---------------------------------------------------------------

    def select(self, side: Player, moves: str, *, record: bool = True) -> None:
        """Show ``side``'s map at the node ``moves`` (its top if it has none),
        fetching the map first if the page does not hold it yet."""
        if side is not self.side:
            self.maps[self.side].blur()
            self.maps[self.side].svg.setAttribute("hidden", "")
        self.side = side
        self.root.dataset.map = str(side)
        for other, button in self.sides.items():
            button.setAttribute("aria-pressed", "true" if other is side else "false")
        if side in self.maps:
            self.maps[side].svg.removeAttribute("hidden")
            self.zoom(moves, record=record)
            return
        self.wanted = moves
        self.up.disabled = True
        self.crumb.textContent = f"Loading the map for the bot as {side}…"
        if side not in self.loading:
            self.loading[side] = asyncio.ensure_future(self._fetch(side))

    async def _fetch(self, side: Player) -> None:
        # The address only chooses X or O: the file's name is the page's own, never the address's text.
        button = self.sides[side]
        base = json.loads(document.getElementById("__config").textContent)["base"]
        try:
            response = await window.fetch(f"{base}/{button.dataset.src}")
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            text = await response.text()
            parsed = window.DOMParser.new().parseFromString(text, "image/svg+xml")
            svg = parsed.documentElement
            if str(svg.localName) != "svg" or parsed.querySelector("parsererror"):
                raise ValueError("not an SVG map")
        except Exception:  # a network failure, or a file that is not ours
            self.loading.pop(side, None)
            if self.side is side:
                self.crumb.textContent = f"The map for the bot as {side} could not be loaded. Choose it again to retry."
            return
        self.loading.pop(side, None)
        svg.setAttribute("hidden", "")
        self.area.appendChild(document.importNode(svg, True))
        self.maps[side] = MapView(self.area.lastElementChild)
        if self.side is side:
            self.select(side, self.wanted)
            self.game_changed()  # the game may have moved on while the map was on its way

    def _on_side(self, event: JsProxy) -> None:
        side = Player(str(event.currentTarget.dataset.side))
        if side is self.side and side in self.maps:
            return
        if side is not self.side:
            # The bot of the map shown is the one the reader plays: a new game.
            self.select(side, "")
            self.board.new_game(side.other)
        else:
            self.select(side, self.wanted)  # a map that failed to load: try again

    # -- following the game --------------------------------------------------------

    def game_changed(self) -> None:
        if self.follow.checked:
            self.show_game()

    def show_game(self) -> None:
        """Zoom onto the game's node: its moves once the bot has answered; until
        then the node before the reader's move, whose cell holds the reply."""
        moves = self.board.game.moves
        target = _moves_text(moves)
        view_ = self.maps.get(self.side)
        if view_ and not view_.node(target):
            target = _moves_text(moves[:-1])
        if view_:
            self.zoom(target)
        else:
            self.wanted = target

    def _on_follow(self, _event: JsProxy) -> None:
        if self.follow.checked:
            self.show_game()

    # -- zoom ----------------------------------------------------------------------

    def zoom(self, moves: str, *, record: bool = True) -> None:
        """Zoom the map shown onto ``moves`` (its top if it has no such node)."""
        shown = self.maps[self.side]
        if not shown.show(moves):
            shown.show(shown.top)
        zoomed = shown.moves != shown.top
        self.root.dataset.moves = shown.moves
        self.up.disabled = not zoomed
        self.crumb.textContent = (
            f"The bot plays {self.side}. The board after {view.moves_in_words(_parse_moves(shown.moves) or ())}."
            if zoomed
            else f"The bot plays {self.side}. Whole map."
        )
        if record:
            query = f"?map={self.side}" + (f"&moves={shown.moves}" if zoomed else "")
            window.history.replaceState(None, "", query)

    def go_up(self) -> None:
        """Back out one level."""
        outer = self.maps[self.side].parent() if self.side in self.maps else None
        if outer is not None:
            self.zoom(outer)

    def _target(self, event: JsProxy) -> JsProxy | None:
        """The sub-board a click or key lands in: the nearest node around the
        event's element whose frame can be zoomed into, if any."""
        node: JsProxy | None = event.target.closest("g.sm-node")
        while node and not node.querySelector(f"{FRAME}[tabindex]"):
            node = node.parentElement.closest("g.sm-node")
        return node

    def _on_click(self, event: JsProxy) -> None:
        node = self._target(event)
        if node:
            self.zoom(str(node.dataset.moves))

    def _on_key(self, event: JsProxy) -> None:
        key = str(event.key)
        if key in ("Enter", " "):
            node = self._target(event)
            if node:
                event.preventDefault()
                self.zoom(str(node.dataset.moves))
                first = self.maps[self.side].svg.querySelector(ZOOMABLE)
                if first:
                    first.focus()
        elif key in ("Escape", "Backspace"):
            event.preventDefault()
            self.go_up()


def mount(root: JsProxy) -> None:
    """Bring the map panel to life; it lives as long as the page, held by its listeners."""
    StrategyMap(root)
