"""The engine zip the page unpacks beside its script (tools/runtime/runtime.py,
engine_zip), as far as PyScript's own Python package goes: the zip ships the
modules of it the page's start imports, exactly as PyScript writes them, with
their checked bytecode, so the start's hooks can import the package in a task
of its own before PyScript's prelude writes it (a shorter longest task at start).

What PyScript writes is pinned against the bundle the site serves: a PyScript
upgrade that changes the texts fails here, not silently the page's speed
(Python would compile the new texts instead of using the bytecode)."""

from __future__ import annotations

import _imp
import io
import json
import zipfile
from pathlib import Path

import pytest

from tools.runtime import runtime

BUNDLES = sorted(runtime.PYSCRIPT_DIST.glob("core-*.js"))


@pytest.fixture(scope="module")
def shipped() -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(runtime.engine_zip())) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_the_package_read_is_the_one_the_served_bundle_writes() -> None:
    """Each file of PyScript's package, as the build reads it, is in the core
    bundle the site serves as the string its prelude writes (a JSON literal
    under its file name), and the bundle writes no file the build lacks."""
    assert len(BUNDLES) == 1, BUNDLES
    bundle = BUNDLES[0].read_text(encoding="utf-8")
    package = runtime.pyscript_package()
    for path, source in package.items():
        folder, name = path.split("/")
        assert folder == "pyscript", path
        literal = f"{json.dumps(name)}:{json.dumps(source.decode(), ensure_ascii=False)}"
        assert literal in bundle, f"{path} is not what PyScript's bundle writes"
    # The prelude writes each string with write_text as UTF-8, then imports the package.
    assert ".write_text(${" in bundle and ',encoding="utf-8")' in bundle
    assert "import pyscript as _pyscript" in bundle
    # The object the prelude walks, whole: no file of it the build lacks.
    start = bundle.index("{pyscript:{") + len("{pyscript:")
    written = json.JSONDecoder().raw_decode(bundle, start)[0]
    assert {f"pyscript/{name}": text.encode() for name, text in written.items()} == package


def test_a_missing_package_fails_the_build_in_words(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Without the module PyScript's package is read from, the build stops
    and says which file it wanted, rather than ship a zip without it."""
    monkeypatch.setattr(runtime, "PYSCRIPT_PACKAGE_MODULE", tmp_path / "pyscript.js")
    runtime.pyscript_package.cache_clear()
    try:
        with pytest.raises(SystemExit, match=r"PyScript's Python package is missing \(.*pyscript\.js\)"):
            runtime.pyscript_package()
    finally:
        runtime.pyscript_package.cache_clear()


def test_the_zip_ships_the_packages_start_modules_as_written_with_checked_bytecode(shipped: dict[str, bytes]) -> None:
    """Each module of PyScript's package the page imports as it starts is in
    the zip as its source, byte for byte what PyScript writes, and as a
    checked hash-based .pyc of that source in pyscript/__pycache__; the other
    modules are left to PyScript's prelude (compiled if ever imported)."""
    package = runtime.pyscript_package()
    at_start = [name for name in runtime.imported_at_start() if name.split(".")[0] == "pyscript"]
    assert {"pyscript", "pyscript.ffi"} <= set(at_start)  # main.py's own imports
    sources = {name for name in shipped if name.startswith("pyscript/") and name.endswith(".py")}
    expected = {"pyscript/__init__.py" if name == "pyscript" else name.replace(".", "/") + ".py" for name in at_start}
    assert sources == expected and sources < set(package)
    caches = {name for name in shipped if name.startswith("pyscript/__pycache__/")}
    assert len(caches) == len(sources)
    for cache in caches:
        stem, tag, suffix = cache.rsplit("/", 1)[1].split(".")
        assert tag.startswith("cpython-") and suffix == "pyc", cache
        source, pyc = shipped[f"pyscript/{stem}.py"], shipped[cache]
        assert source == package[f"pyscript/{stem}.py"]
        assert int.from_bytes(pyc[4:8], "little") == 0b11, f"{cache}: not a checked hash-based pyc"
        # The hash is keyed by the magic number of the Python that compiled it (Pyodide's).
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(pyc[:4], "little"), source), cache


def test_each_start_module_comes_after_what_it_imports() -> None:
    """The modules the hooks import one per task: each one's own imports
    (PyScript's package among them, for live_board) are brought by an earlier
    one, so each piece imports only itself and what no earlier piece brought,
    and none fails for want of another."""
    order = runtime.start_modules()
    done = runtime.imported_at_start()
    assert order and set(order) <= set(done)
    for name in order:
        module = runtime._start_module(name)
        assert module, name
        for imported in runtime._imported_at_start(name, module):
            assert done.index(imported) < done.index(name), f"{name} imports {imported}, which comes after it"
    first_pyscript = next(i for i, name in enumerate(order) if name.split(".")[0] == "pyscript")
    assert first_pyscript < order.index("live_board")


def test_the_game_page_starts_on_the_core_alone() -> None:
    """The home page imports no product of the engine before its first move:
    teaching, grading and learning load only on the pages that use them, and
    the page never imports the command line or the editions."""
    started = [name for name in runtime.imported_at_start() if name.startswith("pyengine")]
    assert "pyengine.board" in started and "pyengine.game" in started
    products = [name for name in started if name.split(".")[1:2] in (["teaching"], ["grading"], ["learning"])]
    assert products == []


def test_the_zip_holds_the_products_the_pages_use_and_not_the_build_times(shipped: dict[str, bytes]) -> None:
    """Every product a page imports is in the zip, as source or bytecode; the
    command line, the editions and the census, which run at build time, are not."""
    stems = {name.removesuffix("c") for name in shipped if name.startswith("pyengine/")}
    assert {"pyengine/teaching/search.py", "pyengine/grading/runner.py", "pyengine/learning/mcts.py"} <= stems
    assert {"pyengine/teaching/__init__.py", "pyengine/grading/__init__.py", "pyengine/learning/__init__.py"} <= stems
    assert not [name for name in stems if name.startswith(("pyengine/cli/", "pyengine/editions/"))]
    assert "pyengine/census.py" not in stems and "pyengine/__main__.py" not in stems
