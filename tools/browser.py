"""The one browser harness: the system's Chromium for Playwright, and a quiet
static server for a built site. The browser tests, the screenshots and the
load benchmark all use it, so they run the browser the same way."""

from __future__ import annotations

import functools
import os
import shutil
import threading
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

# Playwright cannot download its own browsers here; Debian's Chromium runs
# headless with these (no sandbox as root, no background traffic of its own).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


class NoChromiumError(RuntimeError):
    """No Chromium on this machine."""


def chromium_path() -> str:
    """CHROMIUM_PATH, or chromium on PATH; NoChromiumError saying how to get one."""
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise NoChromiumError("no Chromium: install Debian's chromium (make test does) or set CHROMIUM_PATH")
    return path


def launch_args() -> dict[str, Any]:
    """Keyword arguments for Playwright's ``chromium.launch``."""
    return {"executable_path": chromium_path(), "args": CHROMIUM_ARGS}


class QuietHandler(SimpleHTTPRequestHandler):
    """A static file handler that does not log every request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(directory: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 on a free port, as any static host
    would, for the length of the ``with``; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
