"""AlphaZero on "Machines that learn": the section's event wiring.

Training runs in a Web Worker of its own (site/py/alphazero_train.py, started
by tools/pages/alphazero_page.mjs): this thread takes its answers from an inbox
every TICK_MS, keeps each finished iteration (alphazero_saved.py) and draws
(alphazero_view.py), so a press is answered while the network learns. The
network's view of a position and a game against its search run here: a
search of 48 simulations takes milliseconds.

Hooks for tests: the root's ``data-state`` (loading, ready, training, done,
stopped), ``data-worker`` (none, starting, training), ``data-iteration``
(the last finished iteration, -1 before any), and ``data-press-ms``: how
long the last press waited for its handler (``performance.now()`` minus the
event's ``timeStamp``, the page's own clock), ``data-press-ms-most`` the
longest wait so far, ``data-presses`` counting them.
"""

from __future__ import annotations

import json

import alphazero_saved as saved_run
import alphazero_view as view
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
from saved import Kept, Unreadable

from pyengine import Board, EngineError, Player
from pyengine.learning.alphazero import AlphaZero, most_visited
from pyengine.words import cell_label

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from alphazero_saved import Run

SEED = 1  # every run on the page is seed 1's: the words on the page cite it
TICK_MS = 100
TRAINER = "./alphazero_train.py"  # named beside this module: the page lists it in its files (page_files.py)
CYCLE = {"": "X", "X": "O", "O": ""}


def app_urls() -> dict[str, str]:
    """Where the worker finds the engine and the trainer, as the page's own
    Python is given them (its <script type="py">'s config)."""
    script = document.querySelector('script[type="py"][src]')
    config = json.loads(str(script.getAttribute("config")))
    base = document.baseURI
    placed = {destination: str(window.URL.new(url, base).href) for url, destination in config["files"].items()}
    return {"engine": placed["./*"], "trainer": placed[TRAINER]}


def references(kept: Kept) -> list[tuple[str, float]]:
    """The other learners' last shares, as this browser keeps them (MENACE, the table) or shows (MCTS)."""
    found = []
    for name, key in (("MENACE", "pyengine.learn.menace"), ("the tabular learner", "pyengine.learn.tabular")):
        text = kept.read(key)
        try:
            share = view.reference_share(json.loads(text)) if text else None
        except ValueError:
            share = None
        if share is not None:
            found.append((name, share))
    # MCTS keeps nothing: its convergence curve, once computed on this page, is read from its table.
    row = document.querySelector("[data-learner='mcts'] [data-curve-plot] tbody tr:last-child")
    if row:  # null comes over as jsnull, which is falsy (see main.py)
        mcts = view.mcts_reference(str(row.querySelector("th").textContent), str(row.querySelector("td").textContent))
        if mcts is not None:
            found.append(mcts)
    return found


class Section:
    def __init__(self, root: Any) -> None:
        self.root = root
        q = root.querySelector
        self.kept = Kept(window)
        self.status, self.message, self.bar = q(".ttt-status"), q(".ttt-message"), q("progress")
        self.buttons = {name: q(f"[data-{name}]") for name in ("train", "stop", "forget", "set")}
        self.position, self.iteration_select = q("input[name='position']"), q("select[name='iteration']")
        self.view_cells = [q(f"[data-view='{cell}']") for cell in range(9)]
        self.worker: Any = None
        self.inbox: Any = None
        self.pending: str | None = None
        self.waits: list[float] = []  # how long each press waited for its handler, in ms
        self._ticker = 0
        self._tick = create_proxy(self._on_tick)
        self.jobs: list[Callable[[], None]] = []
        self.tasks: dict[str, float] = {}  # the longest task of each kind so far, in ms
        self._next_job = create_proxy(self._on_next_job)
        self.machines: dict[int, AlphaZero] = {}
        self.shown = -1  # the index of the point whose network is shown and played; -1: untrained
        self.view_marks = [""] * 9
        self.position_said = False  # whether the message shown is about the position set up
        self.run = self.restore()
        self.shown = len(self.run.points) - 1  # the last kept network, or the untrained one
        handlers = {
            "train": self._on_train,
            "stop": self._on_stop,
            "forget": self._on_forget,
            "set": self._on_set,
        }
        for name, handler in handlers.items():
            self.buttons[name].addEventListener("click", create_proxy(handler))
        self.iteration_select.addEventListener("change", create_proxy(self._on_iteration))
        self.position.addEventListener("keydown", create_proxy(self._on_position_key))
        for cell, button in enumerate(self.view_cells):
            button.addEventListener("click", create_proxy(lambda event, cell=cell: self._on_view_cell(event, cell)))
        for element in (self.position, self.iteration_select, self.buttons["set"], *self.view_cells):
            element.disabled = False
        self.show_run()
        self.show_position()
        self.match = Match(root, self.machine, self.pressed)
        self.idle("ready")

    # -- what is kept ------------------------------------------------------------

    def restore(self) -> Run:
        found = saved_run.read(self.kept)
        if isinstance(found, Unreadable):
            self.say(
                f"Your saved network could not be read ({found.reason}), so a fresh, untrained one takes its place."
            )
            saved_run.forget(self.kept)
            return saved_run.fresh(SEED)
        return found if found is not None else saved_run.fresh(SEED)

    def say(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = not text

    def machine(self) -> AlphaZero:
        """The network shown and played: the chosen iteration's, or an untrained one."""
        found = self.machines.get(self.shown)
        if found is None:
            found = self.run.machine(self.shown) if self.shown >= 0 else AlphaZero.seeded(SEED)
            self.machines[self.shown] = found
        return found

    # -- training ------------------------------------------------------------------

    def pressed(self, event: Any) -> None:
        """Note how long the press waited for its handler, on the page's own clock."""
        waited = float(window.performance.now()) - float(event.timeStamp)
        self.waits.append(waited)
        self.root.dataset.pressMs = f"{waited:.1f}"
        self.root.dataset.pressMsMost = f"{max(self.waits):.1f}"
        self.root.dataset.presses = str(len(self.waits))

    def idle(self, state: str) -> None:
        last = self.run.last
        self.root.dataset.state = state
        self.buttons["train"].textContent = (
            f"Train {view.ITERATIONS} iterations" if last is None else f"Resume: {view.ITERATIONS} more iterations"
        )
        self.buttons["train"].disabled = False
        self.buttons["stop"].disabled = True
        self.buttons["forget"].disabled = last is None
        if state == "ready":
            self.status.textContent = (
                "Untrained: press Train to start."
                if last is None
                else f"Kept from before: {last.iteration} iterations."
            )

    def _on_train(self, event: Any) -> None:
        self.pressed(event)
        if self.worker is not None:
            return
        start = getattr(self.root, "azStart", None)
        if start is None:
            self.say(
                "The section's script did not load, so the network cannot train here. Reload the page to try again."
            )
            return
        self.say("")
        self.pending = json.dumps(self.run.machines[-1]) if self.run.machines else None
        urls = app_urls()
        handle = start(to_js({"kind": "boot", **urls}, dict_converter=window.Object.fromEntries))
        self.worker, self.inbox = handle.worker, handle.inbox
        self.root.dataset.worker = "starting"
        self.root.dataset.state = "training"
        self.buttons["train"].disabled = self.buttons["forget"].disabled = True
        self.buttons["stop"].disabled = False
        self.status.textContent = "Starting Python in the worker\u2026"
        self.bar.removeAttribute("value")
        window.clearInterval(self._ticker)
        self._ticker = window.setInterval(self._tick, TICK_MS)

    def _on_tick(self, *_: object) -> None:
        if self.inbox is None or not self.inbox.messages.length:
            return
        started = float(window.performance.now())
        for message in json.loads(str(self.inbox.drain())):
            if self.worker is None:
                break
            self.on_message(message)
        self.timed("messages", float(window.performance.now()) - started)

    def timed(self, name: str, ms: float) -> None:
        """Note the longest task of each kind (``data-task-ms``: "name ms, ..."), for the bench and the tests."""
        self.tasks[name] = max(ms, self.tasks.get(name, 0.0))
        self.root.dataset.taskMs = ", ".join(f"{k} {v:.1f}" for k, v in self.tasks.items())

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "ready":
            self.root.dataset.worker = "training"
            self.status.textContent = "Training in the worker\u2026"
            train = {"kind": "train", "saved": self.pending, "seed": SEED, "iterations": view.ITERATIONS}
            self.worker.postMessage(to_js(train, dict_converter=window.Object.fromEntries))
        elif kind == "progress":
            self.bar.max, self.bar.value = message["total"], message["done"]
            self.status.textContent = view.progress_text(message["iteration"], message["done"], message["total"])
        elif kind == "iteration":
            self.run = saved_run.with_iteration(self.run, message)
            self.shown = len(self.run.points) - 1
            self.machines = {}
            # Kept, drawn and shown in tasks of their own: a press waiting in between is answered.
            self.later(self.keep, self.show_run, self.show_position)
        elif kind == "finished":
            self.end("done", "Trained: press Resume for more.")
        else:  # broken, crashed
            self.say(f"The worker stopped: {message.get('words', 'for no reason it gave')}.")
            self.end("stopped", "Stopped.")

    def later(self, *jobs: Callable[[], None]) -> None:
        """Run ``jobs`` one a task, in order, after whatever the page has waiting."""
        self.jobs.extend(jobs)
        window.setTimeout(self._next_job, 0)

    def _on_next_job(self, *_: object) -> None:
        if self.jobs:
            job = self.jobs.pop(0)
            started = float(window.performance.now())
            job()
            self.timed(job.__name__, float(window.performance.now()) - started)
        if self.jobs:
            window.setTimeout(self._next_job, 0)

    def keep(self) -> None:
        if not saved_run.write(self.kept, self.run):
            self.say("This browser would not keep the network (its storage is full or off): it is lost on reload.")

    def end(self, state: str, text: str) -> None:
        if self.worker is not None:
            self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker = self.inbox = None
        self.root.dataset.worker = "none"
        self.bar.max, self.bar.value = 1, 0
        self.idle(state)
        self.status.textContent = text

    def _on_stop(self, event: Any) -> None:
        self.pressed(event)
        last = self.run.last
        done = "nothing finished yet" if last is None else f"kept after iteration {last.iteration}"
        self.end("stopped", f"Stopped: {done}. Resume goes on from there.")

    def _on_forget(self, event: Any) -> None:
        self.pressed(event)
        last = self.run.last
        if last is None or not window.confirm(f"Forget the network and its {last.iteration} iterations?"):
            return
        self.end("ready", "")
        self.run = saved_run.fresh(SEED)
        saved_run.forget(self.kept)
        self.shown, self.machines = -1, {}
        self.show_run()
        self.show_position()
        self.idle("ready")

    def show_run(self) -> None:
        points = self.run.points
        last = self.run.last
        self.root.dataset.iteration = str(last.iteration if last else -1)
        self.root.querySelector("[data-marks]").textContent = view.marks_text(last) if last else ""
        self.root.querySelector("[data-plot]").innerHTML = view.plot(points, references(self.kept)) if points else ""
        self.root.querySelector("[data-references]").textContent = view.references_text(references(self.kept))
        self.root.querySelector("[data-seconds]").textContent = view.seconds_text(points)
        options = [("-1", "untrained")] if not points else []
        options += [(str(i), f"after iteration {p.iteration}") for i, p in enumerate(points)]
        select = self.iteration_select
        select.replaceChildren()
        for value, text in options:
            option = document.createElement("option")
            option.value, option.textContent = value, text
            select.appendChild(option)
        select.value = str(self.shown)

    # -- the network's view of a position ----------------------------------------

    def _on_iteration(self, event: Any) -> None:
        self.pressed(event)
        self.shown = int(self.iteration_select.value)
        self.show_position()

    def _on_view_cell(self, event: Any, cell: int) -> None:
        self.pressed(event)
        self.view_marks[cell] = CYCLE[self.view_marks[cell]]
        self.position.value = "".join(mark or "." for mark in self.view_marks)
        self.show_position()

    def _on_position_key(self, event: Any) -> None:
        if event.key == "Enter":
            event.preventDefault()
            self._on_set(event)

    def _on_set(self, event: Any) -> None:
        self.pressed(event)
        text = str(self.position.value).replace("/", "").strip()
        self.view_marks = ["" if ch in ".-_" else ch.upper() for ch in text] if len(text) == 9 else self.view_marks
        self.show_position(text)

    def show_position(self, text: str | None = None) -> None:
        """The network's policy, value and search over the position set up."""
        notation = text if text is not None else "".join(mark or "." for mark in self.view_marks)
        try:
            board = Board.parse(notation)
            if board.size != 3:
                raise EngineError("the network learned 3x3 only: give nine cells")
        except EngineError as error:
            self.say(f"Not a position to show: {error}")
            self.position_said = True
            self.paint_view(None, None, None)
            return
        if self.position_said:  # only what it said itself: a word on the kept state stays
            self.say("")
            self.position_said = False
        machine = self.machine()
        if board.is_over:
            self.paint_view(board, None, None)
            self.root.querySelector("[data-value]").textContent = view.value_text(board, None, 0)
            return
        evaluation = machine.evaluate(board)
        root = machine.search(board)
        visits = dict(zip(root.moves, root.visits, strict=True))
        self.paint_view(board, evaluation.priors, visits, most_visited(root))
        iteration = self.run.points[self.shown].iteration if self.shown >= 0 else 0
        self.root.querySelector("[data-value]").textContent = view.value_text(board, evaluation.value, iteration)

    def paint_view(
        self, board: Board | None, priors: dict[int, float] | None, visits: dict[int, int] | None, chosen: int = -1
    ) -> None:
        body = self.root.querySelector("[data-view] tbody")
        if board is None:
            for cell, button in enumerate(self.view_cells):
                button.textContent = self.view_marks[cell]
                button.style.setProperty("--az-share", "0%")
            body.innerHTML = ""
            return
        cells = view.position_cells(board, priors, visits)
        for shown, button in zip(cells, self.view_cells, strict=True):
            button.textContent = shown.mark
            button.dataset.mark = shown.mark
            button.setAttribute("aria-label", shown.label)
            button.style.setProperty("--az-share", shown.shade)
        body.innerHTML = view.view_rows(cells, chosen)


class Match:
    """A game against the network's search (the one ``machine()`` gives when it moves)."""

    def __init__(self, root: Any, machine: Callable[[], AlphaZero], pressed: Callable[[Any], None]) -> None:
        self.root, self.machine, self.pressed = root, machine, pressed
        self.side_select = root.querySelector("select[name='side']")
        self.cells = [root.querySelector(f"[data-play='{cell}']") for cell in range(9)]
        self.game = Board.empty()
        self.human = Player.X
        root.querySelector("[data-new-game]").addEventListener("click", create_proxy(self._on_new_game))
        for cell, button in enumerate(self.cells):
            button.addEventListener("click", create_proxy(lambda event, cell=cell: self._on_cell(event, cell)))
        self.side_select.disabled = root.querySelector("[data-new-game]").disabled = False
        self.new_game()

    def _on_new_game(self, event: Any) -> None:
        self.pressed(event)
        self.new_game()

    def new_game(self) -> None:
        self.human = Player.parse(str(self.side_select.value))
        self.game = Board.empty()
        self.machine_moves()

    def _on_cell(self, event: Any, cell: int) -> None:
        self.pressed(event)
        if self.game.is_over or self.game.to_move is not self.human or cell not in self.game.legal_moves:
            return
        self.game = self.game.play(cell)
        self.machine_moves()

    def machine_moves(self) -> None:
        if not self.game.is_over and self.game.to_move is not self.human:
            self.game = self.game.play(self.machine().choose(self.game))
        playable = not self.game.is_over and self.game.to_move is self.human
        for cell, (button, mark) in enumerate(zip(self.cells, self.game, strict=True)):
            button.textContent = button.dataset.mark = mark.value if mark else ""
            button.setAttribute("aria-label", cell_label(cell, mark))
            button.disabled = not (playable and not mark)
        self.root.querySelector("[data-play-status]").textContent = view.game_text(self.game, self.human)


def mount(root: Any) -> None:
    Section(root)
