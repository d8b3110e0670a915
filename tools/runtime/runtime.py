"""The browser runtime, copied into the site: PyScript and Pyodide from
node_modules (pinned by package-lock.json), the site's own Pyodide loader,
the trimmed standard library, and the engine as a zip that PyScript unpacks
in the browser. Nothing is fetched from a CDN."""

from __future__ import annotations

import ast
import functools
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

from tools.runtime import offline, precompress, stdlib
from tools.runtime.import_closure import _imports

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
# PyScript's own Python package, as the module its dist bundle inlines (see
# pyscript_package; tools/runtime/stdlib.py's PYSCRIPT_PACKAGE is the same package's
# unminified sources, which import the same modules).
PYSCRIPT_PACKAGE_MODULE = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
# What the page fetches from the npm package: Pyodide's two modules and its
# wasm at start-up, and the full standard library on the first import the
# trimmed one lacks. The rest is typings, source maps, a console page and the
# package index (pyodide-lock.json: the loader hands Pyodide an empty one).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOADER = "loader.mjs"
# After this long without Python the page says the game is taking long and
# offers a retry: 2.3x the slowest start measured on this machine with the CPU
# slowed 4x (8.8 s), and about what a 1.6 Mbit/s link needs for the
# compressed runtime (3.9 MB brotli). Later than that, a person deserves to know.
WATCHDOG_MS = 20_000
# Engine modules the browser never imports, as paths inside pyengine/: the
# command line (argparse, tqdm) and the no-JavaScript editions, which run at
# build time, and the census, which does too (the page uses policy.py to take
# over a game played on the first-paint board).
NOT_IN_BROWSER = frozenset({"__main__.py", "census.py", "cli", "editions"})

# PyScript's modules that every page with a board loads, core first; their
# names carry content hashes, so they are found in node_modules at build time.
PYSCRIPT_EAGER = ("core-", "error-", "deprecations-manager-", "donkey-", "py-editor-", "py-game-", "py-terminal-")


def pyscript_chunks() -> list[str]:
    """The file names of PyScript's eagerly loaded chunks, for preload hints."""
    chunks = sorted(PYSCRIPT_DIST.glob("*.js")) if PYSCRIPT_DIST.exists() else []
    return [chunk.name for prefix in PYSCRIPT_EAGER for chunk in chunks if chunk.name.startswith(prefix)]


@functools.cache  # read once per build (node_modules does not change under it)
def pyscript_package() -> dict[str, bytes]:
    """PyScript's own Python package as PyScript writes it into the script's
    folder before the script runs, by path in that folder ("pyscript/web.py"):
    the strings of the module its dist bundle inlines, read by node
    (tools/runtime/pyscript_package.mjs), as UTF-8 (PyScript writes them with
    ``write_text(..., encoding="utf-8")``)."""
    if not PYSCRIPT_PACKAGE_MODULE.exists():
        raise SystemExit(
            f"PyScript's Python package is missing ({PYSCRIPT_PACKAGE_MODULE}): the installed "
            "@pyscript/core no longer has it where tools/runtime/runtime.py reads it, or `npm ci` is needed"
        )
    done = subprocess.run(
        ["node", str(ROOT / "tools" / "runtime" / "pyscript_package.mjs"), str(PYSCRIPT_PACKAGE_MODULE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"reading PyScript's Python package failed:\n{done.stderr[-3000:]}")
    files = json.loads(done.stdout)
    if "pyscript/__init__.py" not in files:
        raise SystemExit(
            f"{PYSCRIPT_PACKAGE_MODULE} no longer holds pyscript/__init__.py (see tools/runtime/pyscript_package.mjs)"
        )
    return {path: text.encode() for path, text in files.items()}


def _start_module(name: str) -> tuple[str, bytes] | None:
    """One of the modules the page's start may import, as its path in the
    script's folder and its source: the engine's, the page's own (site/py),
    or PyScript's package (``pyscript``, as pyscript_package gives it).
    None for any other (the standard library's, Pyodide's, JavaScript's)."""
    top, _, rest = name.partition(".")
    if top == "pyscript":
        stem, pyscript = name.replace(".", "/"), pyscript_package()
        found = [path for path in (f"{stem}.py", f"{stem}/__init__.py") if path in pyscript]
        return (found[0], pyscript[found[0]]) if found else None
    if top == "pyengine":
        where = ROOT / "pyengine" / rest.replace(".", "/") if rest else ROOT / "pyengine"
        path = where / "__init__.py" if where.is_dir() else where.with_suffix(".py")
        if not path.exists() or not in_browser(path):
            return None
        return f"pyengine/{path.relative_to(ROOT / 'pyengine').as_posix()}", path.read_bytes()
    path = ROOT / "site" / "py" / f"{name}.py"
    if not path.exists() or rest:
        return None
    return path.name, path.read_bytes()


def _imported_at_start(name: str, module: tuple[str, bytes]) -> list[str]:
    """The start modules (_start_module) a module imports when it is imported (not inside its functions)."""
    where, source = module
    package = name if where.endswith("__init__.py") else name.rpartition(".")[0]
    found = []
    for imported, names, level in _imports(ast.parse(source, where), in_functions=False):
        if level:
            imported = ".".join(filter(None, [package, imported]))
        candidates = [imported, *(f"{imported}.{n}" for n in names)]
        found += [candidate for candidate in candidates if _start_module(candidate)]
    return found


def _load(name: str, loaded: set[str], finished: list[str]) -> None:
    """Import ``name`` as Python would, on paper: its package first, then what
    it imports at its top; each module joins ``finished`` once it is done."""
    if name in loaded:
        return
    parent = name.rpartition(".")[0]
    if parent:
        _load(parent, loaded, finished)
    if name in loaded:  # its package imported it
        return
    loaded.add(name)
    module = _start_module(name)
    for imported in _imported_at_start(name, module) if module else []:
        _load(imported, loaded, finished)
    finished.append(name)


def imported_at_start() -> list[str]:
    """The modules of the site's own (the engine's, the page's) and of
    PyScript's package that main.py imports as the page starts, each after
    those it imports and its package (Python imports a package before its modules)."""
    finished: list[str] = []
    loaded: set[str] = set()
    main = _start_module("main")
    assert main, "site/py/main.py is the page's Python"
    for module in _imported_at_start("__main__", main):
        _load(module, loaded, finished)
    return finished


def start_modules() -> list[str]:
    """The modules the page imports one per task before main.py runs (the
    hooks in site/assets/pyscript-strict-csp.js): imported_at_start, less
    those an earlier one already brought (importing pyengine.errors runs
    pyengine/__init__.py, which brings most of the engine; likewise
    pyscript.util, before live_board, brings PyScript's whole package)."""
    order: list[str] = []
    brought: set[str] = set()
    for module in imported_at_start():
        if module not in brought:
            order.append(module)
            _load(module, brought, [])
    return order


def in_browser(path: Path) -> bool:
    """Whether the engine module at ``path`` is one the browser may import."""
    return path.relative_to(ROOT / "pyengine").parts[0] not in NOT_IN_BROWSER


def engine_modules() -> list[Path]:
    """The engine's modules the page's Python imports, its subpackages' among them."""
    return sorted(path for path in (ROOT / "pyengine").rglob("*.py") if in_browser(path))


def engine_member(path: Path) -> str:
    """An engine module's name inside the engine zip: ``pyengine/teaching/search.py``."""
    return f"pyengine/{path.relative_to(ROOT / 'pyengine').as_posix()}"


def engine_module_name(path: Path) -> str:
    """An engine module's import name: ``pyengine.teaching.search``, ``pyengine.teaching``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def copy_runtime(site: Path) -> None:
    """PyScript, Pyodide with the site's loader and trimmed standard library, and
    the engine zip into ``site/runtime``, with compressed copies beside them."""
    runtime = site / "runtime"
    missing = [p for p in [PYSCRIPT_DIST, *(PYODIDE_DIR / f for f in PYODIDE_FILES)] if not p.exists()]
    if missing:
        raise SystemExit(f"the browser runtime is missing ({missing[0]}): run `npm ci` (make build does)")
    shutil.rmtree(runtime, ignore_errors=True)
    shutil.copytree(PYSCRIPT_DIST, runtime / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, runtime / "pyodide" / name)
    stdlib.write_trimmed_stdlib(runtime / "pyodide", engine_modules())
    write_loader(runtime / "pyodide" / LOADER)
    (runtime / "pyengine.zip").write_bytes(engine_zip())
    precompress.write_compressed_copies(runtime)


def _zip_of(members: dict[str, bytes]) -> bytes:
    # A fixed date: the same modules make the same zip, and so the same cache version.
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=stdlib.ZIP_DATE), data, zipfile.ZIP_DEFLATED, 9)
    return out.getvalue()


def engine_zip() -> bytes:
    """The zip PyScript unpacks next to main.py, with the modules the page
    imports as it starts (imported_at_start) as bytecode, because Python
    compiles a module's source at every import, and these were compiled at
    every visit, inside the start's longest pieces (bench/HISTORY.md):

    - the engine's: sourceless bytecode (pyengine/*.pyc, as the standard
      library is); its other modules stay source, for fewer bytes;
    - main.py and the page's own: checked bytecode in __pycache__, used beside
      the sources PyScript's ``files`` writes there (the checker's worker reads
      sandbox.py as source; tracebacks of the page's own code keep their lines);
    - PyScript's own package: its sources exactly as PyScript writes them
      (pyscript_package) and their checked bytecode. PyScript writes the
      package and imports it in the task that runs the page's script (its
      codeBeforeRun prelude), so it was compiled there at every visit; with
      the files here before that, the start's hooks import it in a task of its
      own (start_modules), and the prelude then rewrites the same texts and
      finds the package imported. Should a PyScript upgrade write other
      texts, Python compiles those instead: slower, never wrong
      (tests/test_engine_zip.py pins the texts against the bundle served).
      Measured on localhost, cold visits, side by side (2026-11-24, shared
      machine at load 4): the task that ran the page's script, 56-104 ms
      before, is now under the Long Tasks API's 50 ms in every visit; the
      package's own piece takes 16-51 ms, and 82-110 ms from source alone:
      the bytecode's 22 KB of the zip's 31 KB more save 55 ms of compiling."""
    first = imported_at_start()
    engine = _zip_of(
        {
            engine_member(path): path.read_bytes()
            for path in engine_modules()
            if engine_module_name(path) in first or path.name == "__init__.py"
        }
    )
    pages = [*(name for name in first if not name.startswith("pyengine")), "main"]  # PyScript's among them
    checked = dict(filter(None, map(_start_module, pages)))
    members = {engine_member(path): path.read_bytes() for path in engine_modules()}  # the rest as source
    # PyScript's sources too: its prelude writes them only after the hooks
    # import them (PyScript's ``files`` writes the page's own before).
    members |= {where: source for where, source in checked.items() if where.startswith("pyscript/")}
    for compiled in stdlib.compiled_all([(engine, "sourceless"), (_zip_of(checked), "checked")]):
        with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
            for name in zf.namelist():
                members.pop(name[:-1], None)  # pyengine/board.pyc replaces pyengine/board.py
                members[name] = zf.read(name)
    return _zip_of(members)


def loader_settings(folder: Path) -> dict[str, object]:
    """What tools/runtime/loader.mjs needs to know of this build's Pyodide, in ``folder``:
    the address of each file it asks for carries the file's digest."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    names = [*PYODIDE_FILES[:3], stdlib.TRIMMED_NAME, stdlib.FULL_STDLIB.name]
    return {
        "files": {name: offline.versioned(folder / name) for name in names},
        "version": json.loads((PYODIDE_DIR / "package.json").read_text())["version"],
        "lockInfo": lock["info"],
        "stdlib": stdlib.TRIMMED_NAME,
        "fullStdlib": stdlib.FULL_STDLIB.name,
        "watchdogMs": WATCHDOG_MS,
    }


def write_loader(dest: Path) -> None:
    """The loader, next to pyodide.mjs (polyscript takes Pyodide's folder from its URL)."""
    source = (ROOT / "tools" / "runtime" / LOADER).read_text()
    assert source.count('"__SETTINGS__"') == 1, "loader.mjs must hold one SETTINGS placeholder"
    dest.write_text(source.replace('"__SETTINGS__"', json.dumps(loader_settings(dest.parent), indent=2)))
