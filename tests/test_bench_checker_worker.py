"""bench/checker_worker.py's section 2 picks the runtime's files out of the
requests by their addresses as the build writes them (tools/runtime/offline.py:
``?v=DIGEST``, or the digest in the name), so its bytes per file are the files'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bench.checker_worker import is_runtime_file
from tools.pages import editor
from tools.runtime import offline

if TYPE_CHECKING:
    from pathlib import Path

# Where the build puts the runtime's files (each with content of its own, so each digest differs).
RUNTIME = (
    "runtime/pyodide/loader.mjs",
    "runtime/pyodide/pyodide.mjs",
    "runtime/pyodide/pyodide.asm.mjs",
    "runtime/pyodide/pyodide.asm.wasm",
    "runtime/pyodide/python_stdlib.min.zip",
    "runtime/pyengine.zip",
    f"{editor.FOLDER}/{editor.WORKER}",
    "py/sandbox.py",
)
OTHERS = (
    "index.html",
    "check-your-minimax/index.html",
    f"{editor.FOLDER}/editor.js",
    "runtime/pyscript/core.js",
    "py/main.py",
    "py/checker_page.py",
    "assets/site.css",
    "sw.js",
)


def test_the_runtimes_files_are_picked_by_their_built_addresses(tmp_path: Path) -> None:
    for number, name in enumerate(RUNTIME + OTHERS):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"file {number}\n")
    renamed = offline.name_by_content(tmp_path)
    built = offline.addresses(tmp_path, renamed)
    # The build does address them with digests, both ways, or the test would prove nothing.
    assert {"runtime/pyodide/loader.mjs", "runtime/pyengine.zip"} <= renamed.keys()
    assert built["runtime/pyodide/pyodide.asm.wasm"].startswith("runtime/pyodide/pyodide.asm.wasm?v=")
    picked = {renamed.get(name, name) for name in RUNTIME}
    assert {path for path, address in built.items() if is_runtime_file(address)} == picked
    # The page and the worker name them relative to themselves, and the report prints them without the query.
    for path, address in built.items():
        assert is_runtime_file("../" + address) == is_runtime_file(address.split("?")[0]) == (path in picked)
    # A plain address, before the build's digests, is still the file's.
    assert all(is_runtime_file(name) for name in RUNTIME) and not any(map(is_runtime_file, OTHERS))
