"""AlphaZero trained in a Web Worker of its own ("Machines that learn").

The page never imports this module: its worker (tools/pages/alphazero_worker.mjs)
starts a Pyodide of its own, unpacks the engine beside this file and calls
``Trainer.step`` in a loop, posting each answer to the page, so the page's
thread only draws. Stop is the page terminating the worker; Resume is a new
worker handed the last finished iteration's machine (its weights, games and
iterations: the optimiser's moments and the replay buffer start again).

Each ``step`` is JSON text, one of:

- ``{"kind": "progress", "iteration", "done", "total"}``: within an
  iteration, games and learning steps done of the iteration's total, about
  every quarter of a second;
- ``{"kind": "iteration", "marks": <marks_json>, "machine": <to_json>,
  "seconds"}``: an iteration finished and marked (the first answer of a
  fresh machine is its untrained marks, iteration 0), with the seconds the
  iteration took in this worker, marking included.
"""

from __future__ import annotations

import json
import time
from random import Random

from pyengine.learning.alphazero import AlphaZero, marks_json

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Iterator

PROGRESS_S = 0.25  # at most this long between two answers within an iteration


class Trainer:
    """A machine trained ``iterations`` more iterations: from ``saved``
    (``AlphaZero.to_json`` as JSON text) or, with none, fresh from ``seed``."""

    def __init__(self, saved: str | None, seed: int, iterations: int) -> None:
        if saved:
            data = json.loads(saved)
            done = int(data.get("iterations", 0)) if isinstance(data, dict) else 0
            # A resumed run draws from a seed of its own, still repeatable.
            self.machine = AlphaZero.from_json(data, Random(seed * 1_000 + done))
            self.fresh = False
        else:
            self.machine = AlphaZero.seeded(seed)
            self.fresh = True
        self.iterations = iterations
        self._work = self._answers()

    def step(self) -> str | None:
        """The next answer, as JSON text; None once every iteration is done."""
        return next(self._work, None)

    def _answers(self) -> Iterator[str]:
        machine = self.machine
        if self.fresh:
            started = time.perf_counter()
            machine.history.append(machine.marks())
            yield self._iteration(time.perf_counter() - started)
        config = machine.settings
        total = config.games + config.steps
        for _ in range(self.iterations):
            started = last = time.perf_counter()
            for done, _ in enumerate(machine.iterate(), 1):
                now = time.perf_counter()
                if now - last >= PROGRESS_S:
                    last = now
                    answer = {"kind": "progress", "iteration": machine.iterations + 1, "done": done, "total": total}
                    yield json.dumps(answer)
            yield self._iteration(time.perf_counter() - started)

    def _iteration(self, seconds: float) -> str:
        machine = self.machine
        answer = {
            "kind": "iteration",
            "marks": marks_json(machine.history[-1]),
            "machine": machine.to_json(),
            "seconds": seconds,
        }
        return json.dumps(answer)
