"""Long work on the page, a slice at a time: one runner for every widget.

A widget writes its long work as a generator (a search, a race, a round
robin, a batch of hints) and hands it to a Runner. The runner pulls from the
generator until its slice budget has passed, gives the browser its turn (a
``setTimeout`` of 0), and carries on; between slices it reports progress, at
the end the generator's return value, and an exception once. A newer run, or
``stop()``, retires the run now going: its generator is closed and none of
its callbacks is called again.

    runner = Runner(window, create_proxy, budget=STEP_S)   # once per widget
    runner.start(work(), progress=show_progress, done=show_result, failed=show_error)
    runner.stop()                                          # the Stop button

The scheduler is injected: anything with JavaScript's
``setTimeout(callback, ms, *args)`` (the page's ``window``; a fake in the
CPython tests), and ``wrap`` turns the runner's one callback into something
it can call (``create_proxy`` in the browser, made once per runner, never
per slice). Nothing here imports pyscript, so tests/test_longwork.py runs it
in CPython.

``Controls`` is the other half every widget repeated: the run and stop
buttons, the status line, the progress bar and the root's ``data-state``
(ready, running, done, stopped, failed) that browser tests wait on.
"""

from __future__ import annotations

import contextlib
import time

# Importing typing costs milliseconds of a cold start (live_board.py, on every
# page with a board, imports this module); the annotations need it only for
# the type checker.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, Protocol

    class Timers(Protocol):
        """What the runner needs of ``window``: JavaScript's setTimeout."""

        def setTimeout(self, callback: Any, delay_ms: int, *args: Any) -> Any: ...


# Slice budgets: seconds of work before the browser gets its turn. A press on
# Stop or a step button waits at most about one slice; the Long Tasks API
# flags a task over 50 ms (bench/race.py measures the pages against it: no
# task over 50 ms in the race or the checker, bench/README.md).
STEP_S = 0.012
"""The explorer's jumps and the race: under a frame's 16 ms, so a held arrow
key or a jump of a million steps keeps the page painting; the race's rows are
sums of these slices (bench/README.md, bench/race.py: each row's page time is
1.06-1.24x Pyodide's own for the same search, the breaks included)."""
CHECK_S = 0.03
"""The checker: judging the reader's code is traced line by line, so one call
on a position is coarse; 30 ms slices keep every task under 50 ms
(bench/race.py section 3) with fewer breaks than 12 ms would take."""
GAMES_S = 0.03
"""The live ladder, one game a step: the ladder used to play 100 games a
task, "a few tens of milliseconds in Pyodide" by its own note (not
re-measured here); a time budget of the checker's length keeps that pace
whatever the levels, and each task under 50 ms."""
ONE_STEP = 0.0
"""One ``next()`` per slice: for work whose steps are each as long as a slice
may be, such as solving one move of a 4x4 position for its hint."""


def _as_is(callback: Callable[[int], None]) -> Callable[[int], None]:
    return callback


class Runner:
    """Runs one generator at a time, a slice at a time; a newer run or
    ``stop()`` retires the one going."""

    def __init__(
        self,
        timers: Timers,
        wrap: Callable[[Callable[[int], None]], Any] = _as_is,
        *,
        budget: float = STEP_S,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._timers = timers
        self._clock = clock
        self.budget = budget
        self._token = 0  # the run now going; a slice with another token is stale
        self._work: Iterator[Any] | None = None
        self._callbacks: tuple[
            Callable[[Any], None] | None, Callable[[Any], None] | None, Callable[[BaseException], None] | None
        ] = (None, None, None)
        self._tick = wrap(self._on_tick)  # the one proxy for this runner's life

    @property
    def running(self) -> bool:
        """Whether a run is going (started, and neither finished nor retired)."""
        return self._work is not None

    def start(
        self,
        work: Iterator[Any],
        *,
        progress: Callable[[Any], None] | None = None,
        done: Callable[[Any], None] | None = None,
        failed: Callable[[BaseException], None] | None = None,
        now: bool = False,
    ) -> None:
        """Retire the run going, if any, and start ``work``.

        ``progress(value)`` gets the last value yielded after each slice that
        did not finish; ``done(result)`` the generator's return value;
        ``failed(error)`` an exception the generator raised (re-raised when no
        ``failed`` is given). With ``now`` the first slice runs at once, in
        the caller's task (a small step renders without a break); otherwise
        after the browser's turn."""
        self.stop()
        self._work = iter(work)
        self._callbacks = (progress, done, failed)
        if now:
            self._on_tick(self._token)
        else:
            self._timers.setTimeout(self._tick, 0, self._token)

    def stop(self) -> bool:
        """Retire the run going: no callback of it is called again. True if
        there was one."""
        self._token += 1
        work, self._work = self._work, None
        self._callbacks = (None, None, None)
        if work is None:
            return False
        close = getattr(work, "close", None)
        if close is not None:
            # ValueError: stopped from inside its own slice; dropped all the same.
            with contextlib.suppress(ValueError):
                close()
        return True

    def _on_tick(self, token: int) -> None:
        if token != self._token or self._work is None:
            return  # retired by a newer run or by Stop
        work = self._work
        progress, done, failed = self._callbacks
        started = self._clock()
        value: Any = None
        try:
            value = next(work)
            while self._clock() - started < self.budget:
                value = next(work)
                if token != self._token:
                    return  # the work itself retired this run (it started another)
        except StopIteration as stop:
            if token == self._token:
                self._finish()
                if done is not None:
                    done(stop.value)
            return
        except Exception as error:  # reported once, in words, by the widget
            if token != self._token:
                return
            self._finish()
            if failed is None:
                raise
            failed(error)
            return
        if token != self._token:
            return
        if progress is not None:
            progress(value)
        if token == self._token:  # progress may have stopped or replaced this run
            self._timers.setTimeout(self._tick, 0, token)

    def _finish(self) -> None:
        """The run ended by itself: nothing to close, nothing more to call."""
        self._token += 1
        self._work = None
        self._callbacks = (None, None, None)


class Controls:
    """A widget's run and stop buttons, status line, progress bar and
    ``data-state`` on its root, kept in step.

    Any of the elements may be None (the explorer has no run button; its
    Stop shows only while it works)."""

    def __init__(self, root: Any, *, run: Any = None, stop: Any = None, status: Any = None, bar: Any = None) -> None:
        self.root, self.run_button, self.stop_button, self.status, self.bar = root, run, stop, status, bar

    def ready(self, text: str) -> None:
        """Python is running: the widget can be started."""
        self._buttons(running=False)
        self.state("ready", text)

    def running(self, text: str, maximum: float | None = None) -> None:
        """Work has started: Run is off, Stop is on, the bar is empty."""
        self._buttons(running=True)
        if self.bar and maximum is not None:
            self.bar.max = maximum
            self.bar.value = 0
        self.state("running", text)

    def progress(self, value: float, text: str | None = None) -> None:
        """How far the work has come, on the bar and, if given, in words."""
        if self.bar:
            self.bar.value = value
        if text is not None:
            self.say(text)

    def finish(self, text: str, state: str = "done") -> None:
        """The work ended (done, stopped or failed): Run is on again, Stop off."""
        self._buttons(running=False)
        self.state(state, text)

    def failed(self, error: BaseException, advice: str) -> None:
        """The work raised: say so in one line, never a traceback, and offer
        the way back (``advice``)."""
        reason = str(error) or type(error).__name__
        self.finish(f"Something went wrong ({reason}). {advice}", "failed")

    def state(self, state: str, text: str) -> None:
        self.root.setAttribute("data-state", state)
        self.say(text)

    def say(self, text: str) -> None:
        if self.status:
            self.status.textContent = text

    def _buttons(self, *, running: bool) -> None:
        if self.run_button:
            self.run_button.disabled = running
        if self.stop_button:
            self.stop_button.disabled = not running
