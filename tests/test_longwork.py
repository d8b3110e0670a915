"""The page's runner for long work (site/py/longwork.py), in CPython with a
fake setTimeout and a fake clock that the work itself advances."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import longwork
import pytest
from longwork import Controls, Runner


class FakeTimers:
    """window.setTimeout, queued: the test plays the browser's turns."""

    def __init__(self) -> None:
        self.queue: list[tuple[Any, int, tuple[Any, ...]]] = []

    def setTimeout(self, callback: Any, delay_ms: int, *args: Any) -> int:
        self.queue.append((callback, delay_ms, args))
        return len(self.queue)

    def turn(self) -> bool:
        """Run the oldest pending callback; False when none is pending."""
        if not self.queue:
            return False
        callback, _, args = self.queue.pop(0)
        callback(*args)
        return True

    def drain(self, limit: int = 10_000) -> int:
        """Give every turn until nothing is pending; how many there were."""
        turns = 0
        while self.turn():
            turns += 1
            assert turns < limit, "the runner never stopped scheduling"
        return turns


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Record:
    """Every callback a run makes, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def callbacks(self) -> dict[str, Callable[[Any], None]]:
        return {
            "progress": lambda value: self.calls.append(("progress", value)),
            "done": lambda value: self.calls.append(("done", value)),
            "failed": lambda error: self.calls.append(("failed", error)),
        }


def counting(clock: Clock, steps: int, cost: float, log: list[str] | None = None) -> Iterator[int]:
    """Work of ``steps`` steps that each take ``cost`` seconds; returns "done <steps>"."""
    try:
        for step in range(1, steps + 1):
            clock.now += cost
            yield step
        return f"done {steps}"  # type: ignore[return-value]  # a generator's return value
    finally:
        if log is not None:
            log.append("closed")


@pytest.fixture
def setup() -> tuple[FakeTimers, Clock, Runner, Record]:
    timers, clock = FakeTimers(), Clock()
    return timers, clock, Runner(timers, budget=0.012, clock=clock), Record()


class TestSlicing:
    def test_each_slice_works_until_its_budget_has_passed_then_yields_to_the_browser(self, setup: Any) -> None:
        """Steps of 5 ms under a 12 ms budget: a slice takes steps while less
        than 12 ms have passed since it began, so 3 steps (15 ms) a slice; the
        runner hands back to the browser between slices and reports the last
        step made; the generator's return value ends the run."""
        timers, clock, runner, record = setup
        runner.start(counting(clock, 10, 0.005), **record.callbacks())
        assert record.calls == [] and len(timers.queue) == 1, "nothing runs before the browser's turn"
        ends = []
        while timers.turn():
            ends.append(clock.now)
        # Slices end after steps 3, 6, 9 and 10 (the return).
        assert record.calls == [("progress", 3), ("progress", 6), ("progress", 9), ("done", "done 10")]
        assert ends == pytest.approx([0.015, 0.030, 0.045, 0.050])
        assert not runner.running

    def test_one_step_budget_takes_one_step_a_slice(self) -> None:
        """ONE_STEP: one next() per slice, however quick the step."""
        timers, clock = FakeTimers(), Clock()
        runner, record = Runner(timers, budget=longwork.ONE_STEP, clock=clock), Record()
        runner.start(counting(clock, 3, 0.0), **record.callbacks())
        assert timers.drain() == 4  # three steps, then the return
        assert record.calls == [("progress", 1), ("progress", 2), ("progress", 3), ("done", "done 3")]

    def test_now_runs_the_first_slice_in_the_callers_task(self, setup: Any) -> None:
        """Short work asked for ``now`` is done before start returns."""
        timers, clock, runner, record = setup
        runner.start(counting(clock, 2, 0.001), now=True, **record.callbacks())
        assert record.calls == [("done", "done 2")]
        assert timers.queue == []

    def test_the_one_callback_is_wrapped_once(self) -> None:
        """The browser's create_proxy is called once per runner, not per slice."""
        timers, clock, wrapped = FakeTimers(), Clock(), []

        def wrap(callback: Callable[[int], None]) -> Callable[[int], None]:
            wrapped.append(callback)
            return callback

        runner = Runner(timers, wrap, clock=clock)
        for _ in range(3):
            runner.start(counting(clock, 20, 0.005))
            timers.drain()
        assert len(wrapped) == 1
        runner.start(counting(clock, 20, 0.005))
        assert [callback for callback, _, _ in timers.queue] == [wrapped[0]]

    def test_the_budgets_are_short_enough_for_a_long_task_limit(self) -> None:
        """Every time budget is under the 50 ms the Long Tasks API flags."""
        for budget in (longwork.STEP_S, longwork.CHECK_S, longwork.GAMES_S, longwork.ONE_STEP):
            assert 0 <= budget < 0.05


class TestRetiring:
    def test_a_newer_run_retires_the_one_going(self, setup: Any) -> None:
        """The first run is closed at once and never heard from again; its
        pending slice does nothing; the second runs to its end."""
        timers, clock, runner, record = setup
        log: list[str] = []
        runner.start(counting(clock, 100, 0.005, log), **record.callbacks())
        timers.turn()
        assert record.calls == [("progress", 3)]
        second = Record()
        runner.start(counting(clock, 4, 0.005), **second.callbacks())
        assert log == ["closed"]
        timers.drain()
        assert record.calls == [("progress", 3)], "the retired run called back"
        assert second.calls == [("progress", 3), ("done", "done 4")]

    def test_stop_retires_the_run(self, setup: Any) -> None:
        timers, clock, runner, record = setup
        log: list[str] = []
        runner.start(counting(clock, 100, 0.005, log), **record.callbacks())
        timers.turn()
        assert runner.running
        assert runner.stop() is True
        assert not runner.running and log == ["closed"]
        made = clock.now
        assert timers.drain() == 1  # the stale slice comes, and does nothing
        assert clock.now == made and record.calls == [("progress", 3)]
        assert runner.stop() is False, "nothing left to stop"

    def test_stop_from_a_progress_callback_ends_the_run_there(self, setup: Any) -> None:
        timers, clock, runner, _ = setup
        runner.start(counting(clock, 100, 0.005), progress=lambda value: runner.stop())
        timers.drain()
        assert clock.now == pytest.approx(0.015), "work went on after Stop"

    def test_a_run_started_by_done_goes_on(self, setup: Any) -> None:
        """One run may start the next from its done callback (the race's
        next racer): the new run is not mistaken for the old."""
        timers, clock, runner, record = setup
        runner.start(
            counting(clock, 2, 0.001), done=lambda _: runner.start(counting(clock, 2, 0.001), **record.callbacks())
        )
        timers.drain()
        assert record.calls == [("done", "done 2")]


class TestErrors:
    def test_an_error_is_reported_once_and_ends_the_run(self, setup: Any) -> None:
        timers, clock, runner, record = setup

        def failing() -> Iterator[int]:
            for step in range(5):
                clock.now += 0.005
                yield step
            raise ZeroDivisionError("the fifth step divides by zero")

        runner.start(failing(), **record.callbacks())
        timers.drain()
        kinds = [kind for kind, _ in record.calls]
        assert kinds == ["progress", "failed"]
        assert isinstance(record.calls[-1][1], ZeroDivisionError)
        assert not runner.running
        runner.stop()
        timers.drain()
        assert [kind for kind, _ in record.calls] == kinds

    def test_without_a_failed_callback_the_error_is_raised(self, setup: Any) -> None:
        timers, _, runner, _ = setup

        def failing() -> Iterator[int]:
            raise KeyError("nowhere")
            yield 0

        runner.start(failing())
        with pytest.raises(KeyError):
            timers.turn()
        assert not runner.running


class Element:
    """Just enough of a DOM element for Controls."""

    def __init__(self) -> None:
        self.attributes: dict[str, str] = {}
        self.disabled = True
        self.textContent = ""
        self.value: float = 0
        self.max: float = 1

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value


class TestControls:
    def test_the_buttons_status_bar_and_state_follow_the_work(self) -> None:
        root, run, stop, status, bar = Element(), Element(), Element(), Element(), Element()
        controls = Controls(root, run=run, stop=stop, status=status, bar=bar)
        controls.ready("Ready.")
        assert (run.disabled, stop.disabled, root.attributes["data-state"], status.textContent) == (
            False,
            True,
            "ready",
            "Ready.",
        )
        controls.running("Running\u2026", maximum=5)
        assert (run.disabled, stop.disabled, root.attributes["data-state"], bar.max, bar.value) == (
            True,
            False,
            "running",
            5,
            0,
        )
        controls.progress(2, "Two of five.")
        assert (bar.value, status.textContent) == (2, "Two of five.")
        controls.finish("Stopped.", "stopped")
        assert (run.disabled, stop.disabled, root.attributes["data-state"], status.textContent) == (
            False,
            True,
            "stopped",
            "Stopped.",
        )
        controls.failed(RuntimeError("a bad day"), "Press Run to try again.")
        assert root.attributes["data-state"] == "failed"
        assert status.textContent == "Something went wrong (a bad day). Press Run to try again."

    def test_missing_elements_are_left_alone(self) -> None:
        root = Element()
        controls = Controls(root)
        controls.running("Working")
        controls.progress(1)
        controls.finish("Done.")
        assert root.attributes == {"data-state": "done"}
