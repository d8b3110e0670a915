"""The page's Python for the Bots page's live ladder: every level against every
level, played in the reader's browser, a slice at a time.

Each pairing uses the seeds the build-time table used (written into the
markup by tools/bots_table.py), so the tally here must equal the one above
it: the same engine, the same games, in another interpreter.
"""

from __future__ import annotations

import time

from pyscript import window
from pyscript.ffi import create_proxy

from pyengine import Board, Level, bot, play_match

SLICE_GAMES = 100  # games per task: a few tens of milliseconds in Pyodide


class Ladder:
    """The round robin on the page, and the one match being played."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.games = int(root.dataset.games)
        self.cells = list(root.querySelectorAll("td[data-x]"))
        self.start_button = root.querySelector("[data-ladder-start]")
        self.stop_button = root.querySelector("[data-ladder-stop]")
        self.bar = root.querySelector("progress")
        self.status = root.querySelector(".ttt-status")
        self._token = 0
        self._slice = create_proxy(self._on_slice)
        self.start_button.addEventListener("click", create_proxy(self._on_start))
        self.stop_button.addEventListener("click", create_proxy(self._on_stop))
        self.start_button.disabled = False
        self.status.textContent = f"Ready: {len(self.cells)} matches of {self.games:,} games each."
        root.setAttribute("data-state", "ready")

    def _on_start(self, event: object) -> None:
        self._token += 1
        for cell in self.cells:
            cell.textContent = "\u2014"
            cell.removeAttribute("data-tally")
        self.pairing, self.played, self.tally = 0, 0, [0, 0, 0]
        self.started = time.perf_counter()
        self.begin_pairing()
        self.start_button.disabled, self.stop_button.disabled = True, False
        self.root.setAttribute("data-state", "running")
        window.setTimeout(self._slice, 0, self._token)

    def begin_pairing(self) -> None:
        cell = self.cells[self.pairing]
        x_seed, o_seed = (int(seed) for seed in str(cell.dataset.seeds).split())
        self.x = bot(Level.parse(str(cell.dataset.x)), seed=x_seed)
        self.o = bot(Level.parse(str(cell.dataset.o)), seed=o_seed)
        self.played, self.tally = 0, [0, 0, 0]
        cell.textContent = "playing\u2026"

    def _on_stop(self, event: object) -> None:
        self._token += 1
        if self.pairing < len(self.cells):
            self.cells[self.pairing].textContent = "stopped"
        self.finish("Stopped. Press the button to play the round robin again.", "stopped")

    def finish(self, text: str, state: str) -> None:
        self.start_button.disabled, self.stop_button.disabled = False, True
        self.status.textContent = text
        self.root.setAttribute("data-state", state)

    def _on_slice(self, token: int) -> None:
        if token != self._token:
            return  # stopped, or started again
        # The same bots go on from game to game: slices of a match play the
        # very games one call to play_match would.
        games = min(SLICE_GAMES, self.games - self.played)
        result = play_match(self.x, self.o, games, start=Board.empty())
        self.tally = [self.tally[0] + result.x_wins, self.tally[1] + result.o_wins, self.tally[2] + result.draws]
        self.played += games
        cell = self.cells[self.pairing]
        if self.played < self.games:
            cell.textContent = f"{self.played:,} games\u2026"
        else:
            x_wins, o_wins, draws = self.tally
            cell.textContent = f"X {x_wins} \u00b7 O {o_wins} \u00b7 draw {draws}"
            cell.setAttribute("data-tally", f"{x_wins} {o_wins} {draws}")
            self.pairing += 1
            self.bar.value = self.pairing
            if self.pairing == len(self.cells):
                seconds = time.perf_counter() - self.started
                self.finish(f"Played in this browser just now, in {seconds:.1f} s: the same tallies as the "
                            "table above.", "done")
                return
            self.begin_pairing()
        self.status.textContent = f"Playing match {self.pairing + 1} of {len(self.cells)}\u2026"
        window.setTimeout(self._slice, 0, token)


def mount(root: object) -> None:
    """Bring the ladder to life."""
    Ladder(root)
