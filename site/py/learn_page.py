"""The page's Python for "Machines that learn": MENACE, the tabular learner and
Monte Carlo tree search, live, each marked against the engine's exact values.

It only translates: presses become engine calls (pyengine.learning.menace, .tabular,
.mcts, .training) and the engine's state becomes markup (learn_view.py, which
has no DOM). Long work (deriving the boxes, training thousands of games,
thousands of iterations, painting 304 boxes) runs through longwork.Runner a
slice at a time, so no task holds the page. Each widget owns its learner;
nothing lives in module globals.

A trained machine is kept in localStorage and restored on the next visit;
saved state that cannot be read is said in words and replaced by a fresh one.
"""

from __future__ import annotations

import json
from random import Random

import learn_view
from longwork import ONE_STEP, STEP_S, Controls, Runner
from pyscript import window
from pyscript.ffi import create_proxy
from saved import Kept

from pyengine import Board, EngineError, Player, Value, analyze_move, summarize
from pyengine.learning.learner import Learner, LearnerKind, outcome, training
from pyengine.learning.marking import choice_positions, good_moves, perfect_share, preparing
from pyengine.learning.mcts import Tree, report
from pyengine.learning.menace import MICHIE, Menace, menace_rules
from pyengine.learning.tabular import TdLearner
from pyengine.learning.training import (
    Opponent,
    history_from_letters,
    history_letters,
    make_learner,
    make_opponent,
    seeded_pair,
)

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from typing import Any

    from pyengine import Analysis
    from pyengine.learning.marking import Mark
    from pyengine.learning.mcts import Iteration
    from pyengine.learning.menace import MenaceRules

STORAGE_KEYS = {LearnerKind.MENACE: "pyengine.learn.menace", LearnerKind.TABULAR: "pyengine.learn.tabular"}
SAVE_VERSION = 1
# Training's slices: longwork.GAMES_S (30 ms) is a slice of games alone; here each
# slice ends with the machine marked and its counts shown (about 8 ms in Pyodide),
# so a slice of 20 ms keeps the task under 50 ms (bench/learn.py --only browser).
TRAIN_S = 0.02
MAX_CURVE = 200  # points kept on a curve: every other one is dropped beyond this
COMPARE_GAMES = 2_000  # games per machine compared: a few seconds each in the browser
COMPARE_STEP = 100  # games between two points of a compared curve
NAMES = learn_view.NAMES


class TrainerView:
    """A MENACE or a tabular learner: its training, plots, saving and (MENACE) boxes and game."""

    def __init__(self, root: Any, kind: LearnerKind) -> None:
        self.root, self.kind = root, kind
        self.kept = Kept(window)
        q = root.querySelector
        self.selects = {s.name: s for s in root.querySelectorAll("select")}
        self.train_button, self.forget_button = q("[data-train]"), q("[data-forget]")
        self.message, self.tally, self.share_line = q(".ttt-message"), q("[data-tally]"), q("[data-share]")
        self.resigned_note = q("[data-resigned]")  # MENACE only: why it lost its last games unplayed
        self.plots, self.boxes_root = q("[data-plots]"), q("[data-boxes]")
        self.controls = Controls(
            root, run=self.train_button, stop=q("[data-stop]"), status=q(".ttt-status"), bar=q("progress")
        )
        self.runner = Runner(window, create_proxy, budget=TRAIN_S)
        self.painter = Runner(window, create_proxy, budget=STEP_S)
        self.after = Runner(window, create_proxy, budget=ONE_STEP)  # saving and redrawing, a task each
        self.rng = Random()
        # A machine without boxes until the positions are derived (_prepared).
        self.learner: Learner = Menace(MICHIE, (), self.rng)
        self.history: list[Value] = []  # each game's outcome for the machine, training and play alike
        self.curve: list[tuple[int, float]] = []
        self.painted: dict[str, str] = {}  # each box's notation -> the markup it shows
        self.compared: list[tuple[Opponent, str, list[tuple[float, float]]]] = []  # a comparison's curves so far
        self.play: PlayView | None = None
        self.train_button.addEventListener("click", create_proxy(self._on_train))
        self.compare_button, self.compare_root = q("[data-compare]"), q("[data-compare-plots]")
        self.compare_button.addEventListener("click", create_proxy(self._on_compare))
        q("[data-stop]").addEventListener("click", create_proxy(self._on_stop))
        self.forget_button.addEventListener("click", create_proxy(self._on_forget))
        for select in self.selects.values():
            select.addEventListener("change", create_proxy(self._on_setting))
        self.controls.running("Deriving every position where the machine has a choice\u2026")
        self.runner.start(preparing(Player.X, Player.O), done=self._prepared, failed=self._failed)

    # -- the machine, fresh, saved and restored -------------------------------

    @property
    def against(self) -> Opponent:
        return Opponent.parse(str(self.selects["against"].value))

    def fresh(self) -> Learner:
        rules = menace_rules(str(self.selects["rules"].value)) if "rules" in self.selects else MICHIE
        # Both sides' boxes or values: the machine plays X, and O as well against itself.
        return make_learner(self.kind, Player.X, Opponent.SELF, self.rng, rules)

    def _prepared(self, _: object) -> None:
        self.restore()
        if self.boxes_root:
            self.play = PlayView(self, self.root.querySelector("[data-play]"))
            self.layout_boxes()
        self.show()
        self.controls.ready(self.status("Ready"))
        for select in self.selects.values():
            select.disabled = False
        self.forget_button.disabled = self.compare_button.disabled = False
        self._on_setting(None)

    def restore(self) -> None:
        stored = self.kept.read(STORAGE_KEYS[self.kind])  # None: nothing kept, or storage disabled
        if stored is None:
            self.start_fresh()
            return
        try:
            self.load(stored)
        except (EngineError, ValueError, TypeError, KeyError) as error:
            self.start_fresh()
            self.say(
                f"The {NAMES[self.kind]} saved in this browser could not be read ({error}), "
                "so a fresh machine has taken its place."
            )
            self.save()

    def load(self, text: str) -> None:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise EngineError("it was saved in another format")
        machine = data["machine"]
        learner = (Menace if self.kind is LearnerKind.MENACE else TdLearner).from_json(machine, self.rng)
        history, curve = list(history_from_letters(data["history"])), data["curve"]
        if len(history) != learner.games:
            raise EngineError("its history does not match its games")
        points = [(int(games), float(share)) for games, share in curve]
        if "rules" in self.selects and isinstance(learner, Menace):
            self.selects["rules"].value = learner.rules.name
        if data.get("against") in [o.value for o in self.selects["against"].options]:
            self.selects["against"].value = data["against"]
        self.learner, self.history, self.curve = learner, history, points
        self.opponent = make_opponent(self.against, learner, Player.X, self.rng, self.rules())

    def start_fresh(self) -> None:
        self.learner, self.history, self.curve = self.fresh(), [], []
        self.opponent = make_opponent(self.against, self.learner, Player.X, self.rng, self.rules())
        self.curve.append((0, self.share()))

    def rules(self) -> MenaceRules:
        """The rules of the machine, or of a second MENACE the tabular learner meets."""
        return self.learner.rules if isinstance(self.learner, Menace) else MICHIE

    def save(self) -> None:
        data = {
            "version": SAVE_VERSION,
            "machine": self.learner.to_json(),
            "history": history_letters(self.history),
            "curve": self.curve,
            "against": self.against.value,
        }
        if not self.kept.write_json(STORAGE_KEYS[self.kind], data):  # storage full or disabled
            self.say("This browser would not keep the machine: it will be forgotten when the page closes.")

    def say(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = False

    def status(self, lead: str) -> str:
        """The status line after ``lead``: the games played so far, every one counted."""
        return learn_view.machine_status(lead, NAMES[self.kind], self.learner.games)

    # -- training ---------------------------------------------------------------

    def games_per_press(self) -> int:
        return int(self.selects["games"].value)

    def _on_setting(self, event: Any) -> None:
        games = self.games_per_press()
        self.train_button.textContent = f"Train {games:,} game{'s' if games != 1 else ''}"
        target = event.target.name if event is not None else ""
        machine = self.learner
        if target == "rules" and isinstance(machine, Menace) and self.selects["rules"].value != machine.rules.name:
            if machine.games and not window.confirm(
                f"Start a new MENACE with these rules? The one trained for {machine.games:,} games is forgotten."
            ):
                self.selects["rules"].value = machine.rules.name
                return
            self.forget()
        elif target == "against":
            self.opponent = make_opponent(self.against, self.learner, Player.X, self.rng, self.rules())
            self.save()

    def _on_train(self, event: Any) -> None:
        if self.play:
            self.play.abandon()
        games = self.games_per_press()
        self.controls.running(f"Training against {learn_view.opponent_words(self.against)}\u2026", games)
        self.runner.start(self._training(games), progress=self._progress, done=self._trained, failed=self._failed)

    def _training(self, games: int) -> Generator[int, None, int]:
        played = training(self.learner, self.opponent, Player.X)
        for n in range(1, games + 1):
            self.history.append(next(played))
            yield n
        return games

    def _progress(self, done: int) -> None:
        marks = self.learner.marks(Player.X)  # once per slice: the share and the counts both read it
        self.add_point(marks)
        rival = learn_view.opponent_words(self.against)
        self.controls.progress(done, f"Training against {rival}: {learn_view.counted(done, 'game')}\u2026")
        self.show_counts(marks)

    def _trained(self, games: int) -> None:
        self.controls.progress(games)
        self.add_point()
        self.show_counts()
        trained = f"Trained {learn_view.counted(games, 'game')} against {learn_view.opponent_words(self.against)}"
        self.after.start(self._saving_and_showing(self.status(trained), "done"))

    def _saving_and_showing(self, text: str, state: str) -> Iterator[None]:
        """Save, then draw the plots and boxes, each in a task of its own: with the
        training's last slice they made one task of well over 50 ms."""
        yield
        self.save()
        yield
        self.show()
        self.controls.finish(text, state)

    def _on_stop(self, event: Any) -> None:
        self.halt("Stopped; what it learned so far is kept")

    def halt(self, lead: str) -> None:
        """Stop training or comparing, if either runs, and say so after ``lead``."""
        if self.runner.stop():
            self.compared = []
            self.compare_button.disabled = False
            self.add_point()
            self.show_counts()
            self.after.start(self._saving_and_showing(self.status(lead), "stopped"))

    def _failed(self, error: BaseException) -> None:
        self.controls.failed(error, "Press Forget to start again.")

    # -- comparing opponents and rules ---------------------------------------------

    def _on_compare(self, event: Any) -> None:
        runs = learn_view.comparison_runs(self.kind)
        self.compared = []
        self.compare_button.disabled = True
        self.controls.running("Training fresh machines to compare\u2026", len(runs) * COMPARE_GAMES)
        self.runner.start(
            self._comparing(runs), progress=self.controls.progress, done=self._compared, failed=self._failed
        )

    def _comparing(
        self, runs: list[tuple[Opponent, str]]
    ) -> Generator[int, None, list[tuple[Opponent, str, list[Value]]]]:
        """Fresh seeded machines, one per (opponent, rules), COMPARE_GAMES games each:
        the share of perfect positions every COMPARE_STEP games, and the history."""
        done, results = 0, []
        for seed, (against, rules_name) in enumerate(runs, 1):
            learner, opponent = seeded_pair(self.kind, against, seed, Player.X, menace_rules(rules_name))
            played = training(learner, opponent, Player.X)
            history, points = [], [(0.0, perfect_share(learner.marks(Player.X)))]
            for n in range(1, COMPARE_GAMES + 1):
                history.append(next(played))
                if n % COMPARE_STEP == 0:
                    points.append((float(n), perfect_share(learner.marks(Player.X))))
                done += 1
                yield done
            results.append((against, rules_name, history))
            self.compared.append((against, rules_name, points))
        return results

    def _compared(self, results: list[tuple[Opponent, str, list[Value]]]) -> None:
        plots = learn_view.comparison_plots(self.kind, self.compared, results)
        self.compared = []
        self.compare_root.innerHTML = plots  # numbers and fixed names only (learn_view.py)
        self.compare_button.disabled = False
        self.controls.finish("Compared: each line is a fresh machine, trained in this browser just now.")

    def _on_forget(self, event: Any) -> None:
        if window.confirm(f"Forget {NAMES[self.kind]} and its {self.learner.games:,} games? This cannot be undone."):
            self.forget()

    def forget(self) -> None:
        self.runner.stop()
        self.after.stop()
        if self.play:
            self.play.abandon()
        self.start_fresh()
        self.message.hidden = True
        self.save()
        self.show()
        self.controls.ready(f"A fresh {NAMES[self.kind]}: no games played yet.")

    def finished_game(self, final: Board, resigned: Player | None) -> None:
        """A game played by the person ended (the learner has learned from it)."""
        self.history.append(outcome(final, resigned, Player.X))
        self.add_point()
        self.save()
        self.show()
        self.controls.ready(self.status("After your game"))  # which it may have resigned, learning nothing

    # -- showing ------------------------------------------------------------------

    def share(self) -> float:
        return perfect_share(self.learner.marks(Player.X))

    def add_point(self, marks: list[Mark] | None = None) -> None:
        if self.curve and self.curve[-1][0] == len(self.history):
            return
        share = self.share() if marks is None else perfect_share(marks)
        self.curve.append((len(self.history), share))
        if len(self.curve) > MAX_CURVE:
            self.curve = self.curve[:1] + self.curve[1:-1:2] + self.curve[-1:]

    def show_counts(self, marks: list[Mark] | None = None) -> None:
        self.root.setAttribute("data-games", str(self.learner.games))
        self.tally.textContent = learn_view.tally_text(self.history, Player.X)
        if self.resigned_note and isinstance(self.learner, Menace):
            note = learn_view.resignation_note(self.learner)
            self.resigned_note.textContent = note
            self.resigned_note.hidden = not note
        if marks is None:
            marks = self.learner.marks(Player.X)
        perfect = sum(m.perfect for m in marks)
        self.share_line.textContent = (
            f"Perfect positions as X: {perfect} of {len(marks)} ({perfect / len(marks):.1%}), "
            "where every move it likes most keeps the exact value."
        )

    def show(self) -> None:
        self.show_counts()
        shares = [("perfect share", "share", [(float(g), s) for g, s in self.curve])]
        plots = learn_view.line_plot(f"Share of perfect positions, {NAMES[self.kind]}", shares, "games", "share")
        if len(self.history) >= 20:
            plots += learn_view.line_plot(
                f"Results per block of games, {NAMES[self.kind]}",
                learn_view.results_series(self.history),
                "games",
                "share of the block",
            )
        self.plots.innerHTML = plots  # built from numbers only (learn_view.py)
        if self.boxes_root:
            self.repaint()

    def repaint(self) -> None:
        """Paint the boxes that changed, a slice at a time; ``data-painted`` says
        "true" once all show the machine as it is (tests wait on it)."""
        self.boxes_root.setAttribute("data-painted", "false")
        self.painter.start(self._painting())

    # -- MENACE's boxes -------------------------------------------------------------

    def layout_boxes(self) -> None:
        groups = []
        for number in range(4):
            boxes = [b for b in choice_positions(Player.X) if learn_view.move_number(b) == number]
            figures = "".join(f'<figure class="box" data-box="{b}"></figure>' for b in boxes)
            groups.append(
                f'<details class="box-group" data-group="{number}"{" open" if number < 2 else ""}>'
                f"<summary>{learn_view.group_summary(number, len(boxes))}</summary>"
                f'<div class="box-grid">{figures}</div></details>'
            )
        self.boxes_root.innerHTML = "".join(groups)
        self.figures = {str(f.dataset.box): f for f in self.boxes_root.querySelectorAll("figure.box")}
        self.painted = {}

    def _painting(self) -> Iterator[None]:
        machine = self.learner
        assert isinstance(machine, Menace)
        drawn = self.play.drawn if self.play else None
        marks = {m.board: m for m in machine.marks(Player.X)}
        by_group: list[list[Mark]] = [[], [], [], []]
        for box, m in marks.items():
            by_group[learn_view.move_number(box)].append(m)
            ring = drawn[1] if drawn and drawn[0] == box else None
            svg = learn_view.box_svg(box, machine.boxes[box], m, ring)
            key = str(box)
            if self.painted.get(key) != svg:
                self.figures[key].innerHTML = svg
                self.painted[key] = svg
                yield
        for number, group in enumerate(by_group):
            summary = self.boxes_root.querySelector(f'[data-group="{number}"] summary')
            summary.textContent = learn_view.group_summary(number, group)
        self.boxes_root.setAttribute("data-painted", "true")


class PlayView:
    """A game against MENACE: it plays X, the person O; it learns from the game."""

    def __init__(self, trainer: TrainerView, root: Any) -> None:
        self.trainer = trainer
        self.cells = list(root.querySelectorAll("button[data-cell]"))
        self.status = root.querySelector("[data-play-status]")
        self.board = Board.empty()
        self.drawn: tuple[Board, int] | None = None
        self.live = False
        root.addEventListener("click", create_proxy(self._on_click))
        self.status.textContent = "Press New game: MENACE plays X and draws a bead for its first move."

    def _on_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not target:
            return
        if target.hasAttribute("data-new-game"):
            self.new_game()
        elif target.hasAttribute("data-cell") and self.live and not self.trainer.runner.running:
            cell = int(target.dataset.cell)
            if cell in self.board.legal_moves and self.board.to_move is Player.O:
                self.board = self.board.play(cell)
                self.menace_moves()

    def new_game(self) -> None:
        self.abandon()
        self.trainer.halt("Training stopped for your game")
        self.board, self.live = Board.empty(), True
        self.menace_moves()

    def abandon(self) -> None:
        """Drop a game in progress: MENACE learns nothing from it."""
        machine = self.trainer.learner
        if self.live and isinstance(machine, Menace):
            machine.drawn = []
        self.live, self.drawn = False, None

    def menace_moves(self) -> None:
        machine = self.trainer.learner
        assert isinstance(machine, Menace)
        resigned = None
        if not self.board.is_over:
            before = len(machine.drawn)
            cell = machine.pick(self.board)
            if cell is None:
                resigned = Player.X
            else:
                self.board = self.board.play(cell)
                self.drawn = machine.drawn[-1][1:] if len(machine.drawn) > before else None
        self.render()
        if self.board.is_over or resigned is not None:
            learned = bool(machine.drawn)  # a resignation at its first move drew no bead
            machine.finish(self.board, resigned)
            self.live = False
            result = outcome(self.board, resigned, Player.O)
            self.status.textContent = learn_view.game_over_text(result, resigned is not None, learned)
            self.trainer.finished_game(self.board, resigned)
        else:
            self.status.textContent = "Your move (O). The bead MENACE just drew is ringed in its box below."
            self.trainer.repaint()

    def render(self) -> None:
        for button in self.cells:
            mark = self.board[int(button.dataset.cell)]
            button.textContent = str(mark) if mark else ""
            button.setAttribute("data-mark", str(mark) if mark else "")
            name = f"cell {button.dataset.cell}, {mark}" if mark else f"cell {button.dataset.cell}, empty"
            button.setAttribute("aria-label", name)


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
        self.table.innerHTML = learn_view.move_rows(marked)  # numbers and engine words only
        text = learn_view.search_summary(marked)
        if iteration is not None:
            text += " " + learn_view.iteration_text(iteration)
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


# The theme's page shortcuts: mkdocs-material listens for keydown on the window
# (n and . open the next page, p and , the previous one) and leaves alone only
# keys typed into inputs, selects and text areas. On this page focus sits on the
# body after a click on the text, and on a button after a click on one (a cell
# of the game against MENACE, Train...): there these keys would leave the
# lesson, mid-game or mid-training. The page has no keys of its own.
THEME_PAGE_KEYS = frozenset({"n", "p", ".", ","})


def keep_keys_in_the_page(document: Any) -> None:
    """Keep the theme's page shortcuts from firing while focus is on the body or
    in a learner's widget (once per page: the body remembers it was done)."""
    body = document.body
    if body.hasAttribute("data-keys-kept"):
        return
    body.setAttribute("data-keys-kept", "")

    def on_key(event: Any) -> None:
        # The document hears a key before the window does, so stopping it here is enough.
        if event.key not in THEME_PAGE_KEYS or event.ctrlKey or event.metaKey:
            return
        target = event.target
        if target.tagName in ("BODY", "HTML") or target.closest(".ttt-learn"):
            event.stopPropagation()

    document.addEventListener("keydown", create_proxy(on_key))


CURVE_ITERATIONS = (1, 5, 10, 20, 50, 100, 200, 500)


def curve_sample() -> list[Board]:
    """Every tenth position where X or O has a choice: 60 of the 593."""
    return [b for side in Player for b in choice_positions(side)][::10]


def mount(root: Any) -> None:
    """Bring a learner on the page to life; ``data-learner`` says which."""
    kind = str(root.dataset.learner)
    keep_keys_in_the_page(window.document)
    if kind == "mcts":
        MctsView(root)
    else:
        TrainerView(root, LearnerKind.parse(kind))
