"""The learners' page's Monte Carlo tree search: a position searched step by
step beside the engine's exact values, and the convergence curve over a
sample of positions (the markup is learn_view.py's, made from numbers only)."""

from __future__ import annotations

from random import Random

import learn_view
from longwork import ONE_STEP, STEP_S, Controls, Runner
from pyscript import window
from pyscript.ffi import create_proxy

from pyengine import Board, EngineError, Player, analyze_move, summarize
from pyengine.learning.marking import choice_positions, good_moves
from pyengine.learning.mcts import Tree, report

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from typing import Any

    from pyengine import Analysis
    from pyengine.learning.mcts import Iteration

CURVE_ITERATIONS = (1, 5, 10, 20, 50, 100, 200, 500)


def curve_sample() -> list[Board]:
    """Every tenth position where X or O has a choice: 60 of the 593."""
    return [b for side in Player for b in choice_positions(side)][::10]


class MctsView:
    """Monte Carlo tree search on a position, step by step, beside the exact values."""

    def __init__(self, root: Any) -> None:
        self.root = root
        q = root.querySelector
        self.input, self.table = q("input[name=position]"), q("[data-moves] tbody")
        self.step_text = q("[data-iteration]")
        self.message, self.curve_root = q(".ttt-message"), q("[data-curve-plot]")
        self.buttons = {name: q(f"[data-{name}]") for name in ("set", "step", "run", "curve")}
        self.controls = Controls(root, stop=q("[data-stop]"), status=q(".ttt-status"), bar=q("progress"))
        self.runner = Runner(window, create_proxy, budget=STEP_S)
        self.solver = Runner(window, create_proxy, budget=ONE_STEP)
        self.rng = Random()
        self.tree: Tree | None = None
        self.analysis: Analysis | None = None
        self.buttons["set"].addEventListener("click", create_proxy(self._on_set))
        self.buttons["step"].addEventListener("click", create_proxy(self._on_step))
        self.buttons["run"].addEventListener("click", create_proxy(self._on_run))
        self.buttons["curve"].addEventListener("click", create_proxy(self._on_curve))
        q("[data-stop]").addEventListener("click", create_proxy(self._on_stop))
        q("form").addEventListener("submit", create_proxy(self._on_submit))
        self.input.disabled = False
        self.buttons["set"].disabled = self.buttons["curve"].disabled = False
        self.set_position(str(self.input.value))

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        self._on_set(event)

    def _on_set(self, event: Any) -> None:
        self.set_position(str(self.input.value))

    def set_position(self, text: str) -> None:
        self.runner.stop()
        self.solver.stop()
        try:
            board = Board.parse(text)
            tree = Tree(board, self.rng)
        except EngineError as error:
            self.message.textContent = f"That position cannot be searched: {error}. Type another, such as X.O/.X./..."
            self.message.hidden = False
            return
        self.message.hidden = True
        self.tree, self.analysis = tree, None
        self.buttons["step"].disabled = self.buttons["run"].disabled = True
        self.controls.running("Solving the position exactly, one move at a time\u2026")
        self.solver.start(self._solving(board), done=self._solved, failed=self._failed)

    def _solving(self, board: Board) -> Generator[None, None, Analysis]:
        moves = []
        for cell in board.legal_moves:
            moves.append(analyze_move(board, cell))
            yield
        return summarize(board, moves)

    def _solved(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.buttons["step"].disabled = self.buttons["run"].disabled = False
        self.show(None)
        self.controls.ready("Ready: step one iteration, or run a thousand.")

    def _failed(self, error: BaseException) -> None:
        self.controls.failed(error, "Set the position again.")

    def _on_step(self, event: Any) -> None:
        if self.tree and self.analysis and not self.runner.running:
            self.show(self.tree.step())

    def _on_run(self, event: Any) -> None:
        if self.tree and self.analysis:
            self.controls.running("Searching\u2026", 1000)
            self.runner.start(self._running(1000), progress=self._progress, done=self._ran, failed=self._failed)

    def _running(self, iterations: int) -> Iterator[int]:
        assert self.tree
        for n in range(1, iterations + 1):
            self.tree.step()
            yield n

    def _progress(self, n: int) -> None:
        self.controls.progress(n)
        self.show(None)

    def _ran(self, _: object) -> None:
        self.controls.progress(1000)
        self.show(None)
        self.controls.finish("Ran 1,000 iterations.")

    def _on_stop(self, event: Any) -> None:
        if self.runner.stop():
            self.show(None)
            self.controls.finish("Stopped.", "stopped")

    def show(self, iteration: Iteration | None) -> None:
        assert self.tree and self.analysis
        marked = report(self.tree, self.analysis)
        self.root.setAttribute("data-iterations", str(marked.iterations))
        size = self.tree.root.board.size
        self.table.innerHTML = learn_view.move_rows(marked, size)  # numbers and engine words only
        text = learn_view.search_summary(marked, size)
        if iteration is not None:
            text += " " + learn_view.iteration_text(iteration, size)
        self.step_text.textContent = text

    # -- the convergence curve ----------------------------------------------------------

    def _on_curve(self, event: Any) -> None:
        self.controls.running("Searching a sample of 3x3 positions\u2026", len(curve_sample()))
        self.runner.start(self._curve(), progress=self.controls.progress, done=self._curve_done, failed=self._failed)

    def _curve(self) -> Generator[int, None, list[tuple[float, float]]]:
        positions = curve_sample()
        right = dict.fromkeys(CURVE_ITERATIONS, 0)
        for done, board in enumerate(positions, 1):
            tree, good = Tree(board, self.rng), set(good_moves(board))
            for n in CURVE_ITERATIONS:
                while tree.iterations < n:
                    tree.step()
                    yield done
                right[n] += tree.most_visited()[0] in good
        return [(float(n), right[n] / len(positions)) for n in CURVE_ITERATIONS]

    def _curve_done(self, points: list[tuple[float, float]]) -> None:
        self.curve_root.innerHTML = learn_view.line_plot(
            "Share of sampled 3x3 positions whose most-visited move keeps the value",
            [("most-visited move keeps the value", "share", points)],
            "iterations",
            "share",
        )
        self.controls.finish("The curve is computed (in this browser, just now).")
