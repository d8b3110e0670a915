"""The strategy map's zoom (the SVG itself is drawn at build time by tools/strategy_map.py).

Clicking a small board, or Enter/Space on a focused one, zooms the SVG's viewBox
onto it; Escape/Backspace or the Up button goes back out. The zoomed node is in
the address as ``?map=X&moves=4,0`` so a link lands there.
"""

from __future__ import annotations

from pyscript import window
from pyscript.ffi import create_proxy


class MapView:
    """One map's zoom state: the node shown, as its move sequence."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.side = str(root.dataset.map)  # type: ignore[attr-defined]
        self.svg = root.querySelector("svg")  # type: ignore[attr-defined]
        self.up = root.querySelector(".sm-up")  # type: ignore[attr-defined]
        self.crumb = root.querySelector(".sm-crumb")  # type: ignore[attr-defined]
        self.whole = str(self.crumb.textContent)
        self.top = str(self.svg.querySelector("g.sm-node").dataset.moves)
        self.moves = self.top
        self.svg.addEventListener("click", create_proxy(self._on_click))
        self.svg.addEventListener("keydown", create_proxy(self._on_key))
        self.up.addEventListener("click", create_proxy(lambda _e: self.go_up()))
        params = window.URLSearchParams.new(window.location.search)
        wanted = params.get("moves") if params.get("map") == self.side else None
        self.show(str(wanted) if wanted and self._node(str(wanted)) else self.top, record=False)

    def _node(self, moves: str) -> object:
        # The move string only ever goes through a CSS attribute selector it cannot escape.
        if moves and not all(part.isdigit() for part in moves.split(",")):  # O's root is ""
            return None
        return self.svg.querySelector(f'g.sm-node[data-moves="{moves}"]')

    def show(self, moves: str, *, record: bool = True) -> None:
        """Zoom onto the node reached by ``moves`` and make its sub-boards focusable."""
        node = self._node(moves)
        if not node:
            return
        for old in self.svg.querySelectorAll(".sm-node[tabindex]"):
            old.removeAttribute("tabindex")
            old.removeAttribute("role")
            old.removeAttribute("aria-label")
        self.moves = moves
        self.svg.setAttribute("viewBox", node.dataset.box)
        self.root.dataset.moves = moves
        for child in node.querySelectorAll(":scope > g.sm-node"):
            child.setAttribute("tabindex", "0")
            child.setAttribute("role", "button")
            child.setAttribute("aria-label", f"Zoom into the board after moves {child.dataset.moves}")
        zoomed = moves != self.top
        self.up.disabled = not zoomed
        self.crumb.textContent = f"Zoomed: moves {moves} (cells 0 to 8, row by row)" if zoomed else self.whole
        if record:
            query = f"?map={self.side}&moves={moves}" if zoomed else window.location.pathname
            window.history.replaceState(None, "", query)

    def go_up(self) -> None:
        """Back out one level."""
        node = self._node(self.moves)
        parent = node.parentElement.closest("g.sm-node") if node else None
        if parent:
            self.show(str(parent.dataset.moves))

    def _target(self, event: object) -> object:
        node = event.target.closest("g.sm-node[tabindex]")  # type: ignore[attr-defined]
        return node

    def _on_click(self, event: object) -> None:
        node = self._target(event)
        if node:
            self.show(str(node.dataset.moves))

    def _on_key(self, event: object) -> None:
        key = str(event.key)  # type: ignore[attr-defined]
        if key in ("Enter", " "):
            node = self._target(event)
            if node:
                event.preventDefault()  # type: ignore[attr-defined]
                self.show(str(node.dataset.moves))
                first = self.svg.querySelector(".sm-node[tabindex]")
                if first:
                    first.focus()
        elif key in ("Escape", "Backspace"):
            event.preventDefault()  # type: ignore[attr-defined]
            self.go_up()


def mount(root: object) -> None:
    """Bring one map to life; the view lives as long as the page, held by its listeners."""
    MapView(root)
