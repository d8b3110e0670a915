"""The page's Python for "Machines that learn": MENACE, the tabular learner and
Monte Carlo tree search, live, each marked against the engine's exact values.

It only translates: presses become engine calls (pyengine.learning.menace, .tabular,
.mcts, .training) and the engine's state becomes markup (learn_view.py, which
has no DOM). Long work (deriving the boxes, training thousands of games,
thousands of iterations, painting 304 boxes) runs through longwork.Runner a
slice at a time, so no task holds the page. Each widget owns its learner;
nothing lives in module globals.

A trained machine is kept in localStorage and restored on the next visit
(learn_saved.py, no DOM); saved state that cannot be read is said in words and
replaced by a fresh one. The page's rooms::

    learn_page.py    this wiring: a learner trained, compared, forgotten, saved
    learn_saved.py   the saved state, written and read back (no DOM)
    learn_menace.py  MENACE's boxes painted, and a game against it
    learn_mcts.py    Monte Carlo tree search stepped, and its convergence curve
    learn_view.py    the markup: boxes, plots, sentences (no DOM)
    page_keys.py     the theme's page keys kept from leaving the lesson
"""

from __future__ import annotations

from random import Random

import learn_saved
import learn_view
from learn_mcts import MctsView
from learn_menace import Boxes, PlayView
from longwork import ONE_STEP, Controls, Runner
from page_keys import keep_page_keys
from pyscript import window
from pyscript.ffi import create_proxy
from saved import Kept, Unreadable

from pyengine import Board, Player, Value
from pyengine.learning.learner import Learner, LearnerKind, outcome, training
from pyengine.learning.marking import perfect_share, preparing
from pyengine.learning.menace import MICHIE, Menace, menace_rules
from pyengine.learning.training import Opponent, make_learner, make_opponent, seeded_pair

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from typing import Any

    from pyengine.learning.marking import Mark
    from pyengine.learning.menace import MenaceRules

# Training's slices: longwork.GAMES_S (30 ms) is a slice of games alone; here each
# slice ends with the machine marked and its counts shown (about 8 ms in Pyodide),
# so a slice of 20 ms keeps the task under 50 ms (bench/learn.py --only browser).
TRAIN_S = 0.02
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
        self.after = Runner(window, create_proxy, budget=ONE_STEP)  # saving and redrawing, a task each
        self.rng = Random()
        # A machine without boxes until the positions are derived (_prepared).
        self.learner: Learner = Menace(MICHIE, (), self.rng)
        self.history: list[Value] = []  # each game's outcome for the machine, training and play alike
        self.curve: list[tuple[int, float]] = []
        self.compared: list[tuple[Opponent, str, list[tuple[float, float]]]] = []  # a comparison's curves so far
        self.play: PlayView | None = None
        self.boxes: Boxes | None = None
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
            self.boxes = Boxes(self.boxes_root)
        self.show()
        self.controls.ready(self.status("Ready"))
        for select in self.selects.values():
            select.disabled = False
        self.forget_button.disabled = self.compare_button.disabled = False
        self._on_setting(None)

    def restore(self) -> None:
        """The machine this browser keeps, or a fresh one; what cannot be read
        is said, and a fresh machine takes its place at once."""
        kept = learn_saved.read(self.kept, self.kind, self.rng)  # None: nothing kept, or storage disabled
        if kept is None:
            self.start_fresh()
        elif isinstance(kept, Unreadable):
            self.start_fresh()
            self.say(
                f"The {NAMES[self.kind]} saved in this browser could not be read ({kept.reason}), "
                "so a fresh machine has taken its place."
            )
            self.save()
        else:
            learner = kept.learner
            if "rules" in self.selects and isinstance(learner, Menace):
                self.selects["rules"].value = learner.rules.name
            if kept.against in [o.value for o in self.selects["against"].options]:
                self.selects["against"].value = kept.against
            self.learner, self.history, self.curve = learner, kept.history, kept.curve
            self.opponent = make_opponent(self.against, learner, Player.X, self.rng, self.rules())

    def start_fresh(self) -> None:
        self.learner, self.history, self.curve = self.fresh(), [], []
        self.opponent = make_opponent(self.against, self.learner, Player.X, self.rng, self.rules())
        self.curve.append((0, self.share()))

    def rules(self) -> MenaceRules:
        """The rules of the machine, or of a second MENACE the tabular learner meets."""
        return self.learner.rules if isinstance(self.learner, Menace) else MICHIE

    def save(self) -> None:
        trained = learn_saved.Trained(self.learner, self.history, self.curve, self.against.value)
        if not learn_saved.write(self.kept, self.kind, trained):  # storage full or disabled
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
        share = self.share if marks is None else lambda: perfect_share(marks)
        self.curve = learn_saved.with_point(self.curve, len(self.history), share)

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
        """MENACE's boxes painted afresh, the bead it just drew in a game ringed."""
        if self.boxes and isinstance(self.learner, Menace):
            self.boxes.repaint(self.learner, self.play.drawn if self.play else None)


def mount(root: Any) -> None:
    """Bring a learner on the page to life; ``data-learner`` says which."""
    kind = str(root.dataset.learner)
    keep_page_keys(".ttt-learn")
    if kind == "mcts":
        MctsView(root)
    else:
        TrainerView(root, LearnerKind.parse(kind))
