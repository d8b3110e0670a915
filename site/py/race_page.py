"""The page's Python for "Watch the search"'s race: every algorithm on the
explorer's position, one after the other, in slices (longwork.Runner), each
row's time the sum of its own slices.

It only translates: pyengine.teaching.search counts, pyengine.teaching.searchwords words;
text is only ever set as textContent.
"""

from __future__ import annotations

import time

from longwork import STEP_S, Controls, Runner
from pyscript import document, window
from pyscript.ffi import create_proxy

from pyengine import Board, InvalidPositionError
from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm, Order, RunResult, run

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterator

    from pyodide.ffi import JsProxy

TICK = 512  # nodes per look at the clock: a few tenths of a millisecond of search
RACERS = (  # quickest first, so rows appear at once; plain minimax last
    (Algorithm.ALPHABETA, Order.ENGINE),
    (Algorithm.ALPHABETA, Order.CCE),
    (Algorithm.ALPHABETA, Order.CELLS),
    (Algorithm.MEMO, Order.CELLS),
    (Algorithm.MINIMAX, Order.CELLS),
)


class Race:
    """The race on the page, run by one runner; one table row per search."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self.controls = Controls(
            root,
            run=root.querySelector("[data-race-start]"),
            stop=root.querySelector("[data-race-stop]"),
            status=root.querySelector(".ex-race-status"),
            bar=root.querySelector("progress"),
        )
        self.body = root.querySelector("tbody")
        self.pos = root.querySelector("[data-race-pos]")
        self.estimate = root.querySelector(".ex-race-estimate")
        self.runner = Runner(window, create_proxy, budget=STEP_S)
        self.minimax_rate = 0.0  # nodes a second, measured by this race's plain minimax
        self.row: JsProxy | None = None  # the row of the search running
        self.cells: dict[str, JsProxy] = {}
        self.controls.run_button.addEventListener("click", create_proxy(self._on_start))
        self.controls.stop_button.addEventListener("click", create_proxy(self._on_stop))
        self.board = self.position()
        self.pos.textContent = str(self.board)
        self.controls.ready(searchwords.RACE_READY)

    def position(self) -> Board:
        """The explorer's position, if it has one; the empty board otherwise."""
        explorer = document.querySelector("[data-explorer]")
        text = explorer.getAttribute("data-pos") if explorer else None
        try:
            return Board.parse(str(text)) if text else Board.empty()
        except InvalidPositionError:
            return Board.empty()

    def _on_start(self, event: JsProxy) -> None:
        self.board = self.position()
        self.pos.textContent = str(self.board)
        self.body.replaceChildren()
        self.row = None
        self.controls.running(searchwords.racer_status(*RACERS[0]), maximum=len(RACERS))
        self.runner.start(
            self.race(self.board), progress=self._on_progress, done=self._on_done, failed=self._on_failed, now=True
        )

    def _on_stop(self, event: JsProxy) -> None:
        self.runner.stop()
        if self.row is not None:
            self.cells["nodes"].textContent = "stopped"
            self.row.setAttribute("data-state", "stopped")
        self.row = None
        self.controls.finish(searchwords.RACE_STOPPED, "stopped")

    def race(self, board: Board) -> Iterator[tuple[int, int]]:
        """Each of RACERS in turn, TICK nodes a step: yields (searches done,
        nodes of the one running). A row's time counts only its own search,
        never the browser's turns in between."""
        clock = time.perf_counter
        for done, (algorithm, order) in enumerate(RACERS):
            self.add_row(algorithm, order)
            steps = run(algorithm, board, order, tick=TICK)
            seconds = 0.0
            while True:
                resumed = clock()
                try:
                    nodes = next(steps)
                except StopIteration as stop:
                    seconds += clock() - resumed
                    self.show_result(algorithm, order, stop.value, seconds)
                    break
                seconds += clock() - resumed
                yield done, nodes
            self.controls.progress(done + 1)

    def add_row(self, algorithm: Algorithm, order: Order) -> None:
        self.row = document.createElement("tr")
        self.row.setAttribute("data-state", "running")
        self.cells = {}
        for key in ("name", "nodes", "time", "cutoffs", "hits", "value"):
            cell = document.createElement("th" if key == "name" else "td")
            if key == "name":
                cell.scope = "row"
            self.cells[key] = cell
            self.row.appendChild(cell)
        self.cells["name"].textContent = searchwords.racer_name(algorithm, order)
        self.cells["nodes"].textContent = "running\u2026"
        self.body.appendChild(self.row)
        self.controls.say(searchwords.racer_status(algorithm, order))

    def _on_progress(self, made: tuple[int, int]) -> None:
        done, nodes = made
        self.cells["nodes"].textContent = f"{nodes:,}\u2026"
        self.controls.progress(done + 0.5)

    def show_result(self, algorithm: Algorithm, order: Order, result: RunResult, seconds: float) -> None:
        counts = result.counts
        row = self.row
        assert row is not None, "a result follows the start of its row"
        row.setAttribute("data-state", "done")
        row.setAttribute("data-algorithm", algorithm.value)
        row.setAttribute("data-order", order.value)
        row.setAttribute("data-nodes", str(counts.nodes))
        self.cells["nodes"].textContent = f"{counts.nodes:,}"
        self.cells["cutoffs"].textContent = f"{counts.cutoffs:,}" if algorithm is Algorithm.ALPHABETA else "\u2014"
        self.cells["hits"].textContent = f"{counts.hits:,}" if algorithm is Algorithm.MEMO else "\u2014"
        self.cells["value"].textContent = searchwords.race_value(result.value, self.board)
        self.cells["time"].textContent = searchwords.race_time(seconds)
        if algorithm is Algorithm.MINIMAX and counts.nodes >= 10_000 and seconds > 0:
            self.minimax_rate = counts.nodes / seconds
        self.row = None

    def _on_done(self, _: None) -> None:
        self.controls.finish(searchwords.race_done(self.board, len(RACERS)), "done")
        self.show_estimate()

    def _on_failed(self, error: BaseException) -> None:
        if self.row is not None:
            self.row.setAttribute("data-state", "stopped")
        self.row = None
        self.controls.failed(error, searchwords.RACE_AGAIN)

    def show_estimate(self) -> None:
        """What plain minimax would take on 4x4, at the rate just measured."""
        if not self.minimax_rate:
            return  # too small a race to measure a rate: nothing honest to say
        nodes = int(self.root.getAttribute("data-four-tree-nodes"))
        positions = int(self.root.getAttribute("data-four-positions"))
        self.estimate.textContent = searchwords.four_estimate(nodes, positions, self.minimax_rate)
        self.estimate.setAttribute("data-seconds", f"{nodes / self.minimax_rate:.0f}")
        self.estimate.hidden = False


def mount(root: JsProxy) -> None:
    """Bring the race to life."""
    Race(root)
