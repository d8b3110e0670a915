"""The benchmark's compressing host (tools.dev.browser.GzipHandler) answers as
common static hosts do: gzip with the right headers, types unchanged."""

from __future__ import annotations

import gzip
import socket
import struct
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tools.dev.browser import GzipHandler, serve

if TYPE_CHECKING:
    from collections.abc import Iterator

WASM = b"\0asm\1\0\0\0" + bytes(4096)
PAGE = b"<!doctype html><title>t</title>" + b"<p>hello</p>" * 200


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site: Path = tmp_path_factory.mktemp("site")
    (site / "index.html").write_bytes(PAGE)
    (site / "runtime.wasm").write_bytes(WASM)
    (site / "packed.js").write_bytes(b"let a = 1;\n" * 100)
    (site / "packed.js.gz").write_bytes(gzip.compress(b"// precompressed\n"))
    (site / "icon.png").write_bytes(b"\x89PNG" + bytes(512))
    with serve(site, GzipHandler) as base:
        yield base


def fetch(url: str, encoding: str = "gzip, deflate, br") -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request) as response:
        return dict(response.headers), response.read()


class TestGzipHandler:
    def test_wasm_is_gzipped_and_keeps_its_type(self, host: str) -> None:
        headers, body = fetch(host + "runtime.wasm")
        assert headers["Content-Type"] == "application/wasm"  # streaming compilation needs it
        assert headers["Content-Encoding"] == "gzip"
        assert headers["Vary"] == "Accept-Encoding"
        assert int(headers["Content-Length"]) == len(body) < len(WASM)
        assert gzip.decompress(body) == WASM

    def test_directory_index_is_gzipped_html(self, host: str) -> None:
        headers, body = fetch(host)
        assert headers["Content-Type"].startswith("text/html")
        assert gzip.decompress(body) == PAGE

    def test_a_gz_sibling_is_sent_as_it_is(self, host: str) -> None:
        headers, body = fetch(host + "packed.js")
        assert headers["Content-Type"] == "text/javascript"
        assert gzip.decompress(body) == b"// precompressed\n"

    def test_images_and_clients_without_gzip_get_plain_files(self, host: str) -> None:
        headers, _ = fetch(host + "icon.png")
        assert "Content-Encoding" not in headers
        headers, body = fetch(host + "runtime.wasm", encoding="identity")
        assert "Content-Encoding" not in headers
        assert body == WASM


def test_a_client_that_drops_a_download_is_no_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A browser closes a page while a large file is still coming: the host
    says nothing (it used to print a traceback per dropped download), and
    goes on serving."""
    (tmp_path / "large.bin").write_bytes(bytes(8 << 20))
    with serve(tmp_path) as base:
        port = int(base.rstrip("/").rsplit(":", 1)[1])
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as client:
                client.sendall(b"GET /large.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert client.recv(64).startswith(b"HTTP/1.0 200")
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, not close
        _, body = fetch(base + "large.bin", encoding="identity")
    assert len(body) == 8 << 20
    assert capsys.readouterr().err == ""
