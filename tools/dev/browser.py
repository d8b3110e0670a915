"""The one browser harness: the system's Chromium for Playwright, and a quiet
static server for a built site. The browser tests, the screenshots and the
load benchmark all use it, so they run the browser the same way."""

from __future__ import annotations

import functools
import gzip
import io
import os
import shutil
import sys
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
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
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


# What common static hosts (nginx `gzip_types`, CDNs) compress: text of every
# kind, and the runtime's big files (the wasm gzips from 9.6 MB to 3.5 MB).
COMPRESSED_SUFFIXES = frozenset(
    {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".zip", ".svg", ".xml", ".webmanifest"}
)


@functools.lru_cache(maxsize=64)
def _gzipped(path: str, mtime: float) -> bytes:
    # Level 6 is zlib's default and Apache's; cached per file as a CDN does, so
    # the server's CPU does not weigh on the timings after the first request.
    with open(path, "rb") as file:
        return gzip.compress(file.read(), compresslevel=6, mtime=0)


class GzipHandler(QuietHandler):
    """A static host that compresses, as common ones do: for a client that
    accepts gzip, text, JavaScript, CSS, JSON, WebAssembly and zip files go out
    with ``Content-Encoding: gzip`` and ``Vary: Accept-Encoding``, the
    ``Content-Type`` unchanged (``application/wasm`` keeps streaming
    compilation). A ``FILE.gz`` written beside a file is sent as it is
    (nginx's ``gzip_static``); other files are gzipped on the fly."""

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (self._accepts_gzip() and os.path.isfile(path) and self._compressible(path)):
            return super().send_head()
        body = self._gzip_body(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(path))))
        self.end_headers()
        return io.BytesIO(body)

    def _accepts_gzip(self) -> bool:
        codings = (part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(","))
        return "gzip" in codings

    def _compressible(self, path: str) -> bool:
        return self.guess_type(path).startswith("text/") or os.path.splitext(path)[1] in COMPRESSED_SUFFIXES

    @staticmethod
    def _gzip_body(path: str) -> bytes:
        if os.path.isfile(path + ".gz"):
            with open(path + ".gz", "rb") as sibling:
                return sibling.read()
        return _gzipped(path, os.path.getmtime(path))


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a download it no longer needs (a page closed
        # mid-boot, a request its own cache answered) is no error of the host.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(directory: Path, handler: type[SimpleHTTPRequestHandler] = QuietHandler) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 on a free port, as any static host
    would, for the length of the ``with``; yields the base URL."""
    server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
