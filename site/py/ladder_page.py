"""The page's Python for the Bots page's live ladder: every level against every
level, played in the reader's browser, a slice at a time (longwork.Runner).

Each pairing uses the seeds the build-time table used (written into the
markup by tools/pages/bots_table.py), so the tally here must equal the one above
it: the same engine, the same games, in another interpreter.
"""

from __future__ import annotations

import time

from longwork import GAMES_S, Controls, Runner
from pyscript import window
from pyscript.ffi import create_proxy

from pyengine import Board, Level, bot, play_match

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Generator

    from pyodide.ffi import JsProxy


class Ladder:
    """The round robin on the page, played by one runner."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.games = int(root.dataset.games)
        self.cells = list(root.querySelectorAll("td[data-x]"))
        self.controls = Controls(
            root,
            run=root.querySelector("[data-ladder-start]"),
            stop=root.querySelector("[data-ladder-stop]"),
            status=root.querySelector(".ttt-status"),
            bar=root.querySelector("progress"),
        )
        self.runner = Runner(window, create_proxy, budget=GAMES_S)
        self.pairing = 0  # the match being played, as an index into cells
        self.controls.run_button.addEventListener("click", create_proxy(self._on_start))
        self.controls.stop_button.addEventListener("click", create_proxy(self._on_stop))
        self.controls.ready(f"Ready: {len(self.cells)} matches of {self.games:,} games each.")

    def _on_start(self, event: JsProxy) -> None:
        for cell in self.cells:
            cell.textContent = "\u2014"
            cell.removeAttribute("data-tally")
        self.pairing = 0
        self.controls.running(self.playing_text(), maximum=len(self.cells))
        self.runner.start(
            self.round_robin(time.perf_counter()),
            progress=self._on_progress,
            done=self._on_done,
            failed=self._on_failed,
        )

    def _on_stop(self, event: JsProxy) -> None:
        self.runner.stop()
        if self.pairing < len(self.cells):
            self.cells[self.pairing].textContent = "stopped"
        self.controls.finish("Stopped. Press the button to play the round robin again.", "stopped")

    def round_robin(self, started: float) -> Generator[int, None, float]:
        """Every pairing in turn, one game per step (a few hundred
        microseconds to a few milliseconds each); returns the seconds taken."""
        for pairing, cell in enumerate(self.cells):
            self.pairing = pairing
            x_seed, o_seed = (int(seed) for seed in str(cell.dataset.seeds).split())
            x = bot(Level.parse(str(cell.dataset.x)), seed=x_seed)
            o = bot(Level.parse(str(cell.dataset.o)), seed=o_seed)
            cell.textContent = "playing\u2026"
            tally = [0, 0, 0]
            # The same bots go on from game to game: games played one at a
            # time are the very games one call to play_match would play.
            for played in range(1, self.games + 1):
                result = play_match(x, o, 1, start=Board.empty())
                tally = [tally[0] + result.x_wins, tally[1] + result.o_wins, tally[2] + result.draws]
                yield played
            x_wins, o_wins, draws = tally
            cell.textContent = f"X {x_wins} \u00b7 O {o_wins} \u00b7 draw {draws}"
            cell.setAttribute("data-tally", f"{x_wins} {o_wins} {draws}")
            self.controls.progress(self.pairing + 1)
        self.pairing = len(self.cells)
        return time.perf_counter() - started

    def playing_text(self) -> str:
        return f"Playing match {self.pairing + 1} of {len(self.cells)}\u2026"

    def _on_progress(self, played: int) -> None:
        if self.pairing < len(self.cells):
            self.cells[self.pairing].textContent = f"{played:,} games\u2026"
        self.controls.say(self.playing_text())

    def _on_done(self, seconds: float) -> None:
        self.controls.finish(
            f"Played in this browser just now, in {seconds:.1f} s: the same tallies as the table above.", "done"
        )

    def _on_failed(self, error: BaseException) -> None:
        self.controls.failed(error, "Press the button to play the round robin again.")


def mount(root: JsProxy) -> None:
    """Bring the ladder to life."""
    Ladder(root)
