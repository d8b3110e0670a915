"""The checker's Web Worker, from the page's side: started when the page is
idle, fed the code, its messages taken from the inbox (tools/pages/editor.mjs) a
slice of time at a time, and terminated after each check, so nothing the
code did outlives it. What the messages mean is checker_messages.py's;
what they do to a check is checker_run.py's.
"""

from __future__ import annotations

import json
from pathlib import Path

import checker_messages as messages
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from pyengine.grading import runner

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from checker_messages import Message
    from pyodide.ffi import JsProxy

TICK_MS = 100  # how often the worker's messages are taken, the progress shown, the budgets held
SLICE_MS = 10  # at most this long judging messages in one go: the page answers in between
BATCH = 2  # messages parsed at once (one JSON text, one crossing into Python), judged whole: a batch of calls
# is sandbox.py's BATCH_CALLS at most, judged in a few milliseconds


def app_urls() -> dict[str, str]:
    """Where the worker finds its own module: as the page's own Python is
    given it (its <script type="py">'s config), by where the page puts it
    (each module at its name), not by its URL, which a build gives its
    digest. The runtime's files the checker's script adds (tools/pages/editor.mjs, boot)."""
    script = document.querySelector('script[type="py"][src]')
    config = json.loads(str(script.getAttribute("config")))
    base = document.baseURI
    placed = {destination: str(window.URL.new(url, base).href) for url, destination in config["files"].items()}
    return {"sandbox": placed["./sandbox.py"]}


def runner_text() -> str:
    """The runner's text, for the worker, which has no engine: the page's
    own copy of pyengine/grading/runner.py (the engine's zip is unpacked here)."""
    return Path(runner.__file__).read_text(encoding="utf-8")


class WorkerHost:
    """The one worker of a checker (none between workers), and its inbox.

    The root's ``data-worker`` says how it is: none, starting, ready or broken."""

    def __init__(
        self,
        root: JsProxy,
        *,
        on_ready: Callable[[], None],
        on_message: Callable[[Message], None],
        on_tick: Callable[[], None],
        on_broken: Callable[[str], None],
        on_no_script: Callable[[], None],
    ) -> None:
        """``on_ready``: the worker's Python has booted; ``on_message``: each
        of its other messages; ``on_tick``:
        after each tick's messages; ``on_broken(words)``: the worker cannot go
        on; ``on_no_script``: the checker's script did not load, so no worker starts."""
        self.root = root
        self.on_ready, self.on_message, self.on_tick = on_ready, on_message, on_tick
        self.on_broken, self.on_no_script = on_broken, on_no_script
        self.urls = app_urls()
        # The worker and its inbox: JavaScript objects once started, None
        # between workers; the handlers that use them run only while one is.
        self.worker: Any = None
        self.inbox: Any = None
        self.ready = False
        self._tick = create_proxy(self._on_tick)
        self._ticker = 0
        self._start = create_proxy(lambda *_: self.start())

    @property
    def running(self) -> bool:
        return self.worker is not None

    def start(self) -> None:
        """A fresh worker, booting its Python in the background."""
        if self.worker is not None:
            return
        listen = getattr(self.root, "ckListen", None)  # the checker's script (tools/pages/editor.mjs)
        if listen is None:
            self.root.setAttribute("data-worker", "broken")
            return self.on_no_script()
        worker = window.Worker.new(self.root.ckWorkerURL, to_js({"type": "module"}))
        self.worker, self.ready = worker, False
        self.inbox = listen(worker)
        self.root.setAttribute("data-worker", "starting")
        worker.addEventListener("error", create_proxy(lambda event: self._on_worker_error(worker, event)))
        boot = to_js(messages.boot(self.urls, runner_text()), dict_converter=window.Object.fromEntries)
        self.root.ckBoot(worker, self.inbox, boot)  # with the runtime's files, from the page's loader
        window.clearInterval(self._ticker)
        self._ticker = window.setInterval(self._tick, TICK_MS)

    def start_when_idle(self) -> None:
        """A fresh worker once the page has nothing better to do (within a second or two)."""
        idle = getattr(window, "requestIdleCallback", None)
        if idle:
            idle(self._start, to_js({"timeout": 2000}))
        else:
            window.setTimeout(self._start, 500)

    def retire(self, *, now: bool = False) -> None:
        """End the worker, whatever it is doing; the next one starts when the
        page is idle, or at once (``now``) for a check that goes on."""
        if self.worker is not None:
            self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker, self.ready = None, False
        self.root.setAttribute("data-worker", "none")
        if now:
            self.start()
        else:
            self.start_when_idle()

    def broken(self) -> None:
        """The worker's Python could not start, or stopped outside a call: it goes."""
        self.worker.terminate()
        window.clearInterval(self._ticker)
        self.worker, self.ready = None, False
        self.root.setAttribute("data-worker", "broken")

    def run(self, token: str, code: str, start: int, forms: list[dict[str, object]]) -> None:
        """Run ``code`` in the (ready) worker for the check ``token``, from
        call ``start`` on, with each form's probes (checker_messages.forms)."""
        self.inbox.token = token
        self.inbox.heard = window.performance.now()
        message = to_js(messages.run(token, code, start, forms), dict_converter=window.Object.fromEntries)
        self.worker.postMessage(message)

    def heard_s(self) -> float:
        """When the worker was last heard from (the inbox's clock), in seconds."""
        return float(self.inbox.heard) / 1000

    def _on_worker_error(self, worker: JsProxy, event: JsProxy) -> None:
        if worker is not self.worker:
            return
        event.preventDefault()
        self.on_broken(str(getattr(event, "message", "") or "the worker could not start"))

    def _on_tick(self, *_: object) -> None:
        """Take the worker's messages from its inbox for a slice of time, then
        let the page show the progress and hold the budgets."""
        clock = window.performance
        started = clock.now()
        while self.worker is not None and self.inbox.messages.length:
            if clock.now() - started > SLICE_MS:
                window.setTimeout(self._tick, 0)  # the rest in a task of its own, soon
                break
            try:
                batch = json.loads(str(self.inbox.drain(BATCH)))
            except ValueError:  # only code that reached into the worker's own module could send this
                return self.on_broken("it sent a message the page cannot read")
            for data in batch:
                message = messages.read(data)
                if message.kind == messages.READY:
                    self.ready = True
                    self.root.setAttribute("data-worker", "ready")
                    self.on_ready()
                else:
                    self.on_message(message)
                if self.worker is None:
                    break
        self.on_tick()
