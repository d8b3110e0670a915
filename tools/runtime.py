"""The browser runtime, copied into the site: PyScript and Pyodide from
node_modules (pinned by package-lock.json), the site's own Pyodide loader,
the trimmed standard library, and the engine as a zip that PyScript unpacks
in the browser. Nothing is fetched from a CDN."""

from __future__ import annotations

import ast
import io
import json
import shutil
import zipfile
from pathlib import Path

from tools import offline, precompress, stdlib
from tools.import_closure import _imports

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
# What the page fetches from the npm package: Pyodide's two modules and its
# wasm at start-up, and the full standard library on the first import the
# trimmed one lacks. The rest is typings, source maps, a console page and the
# package index (pyodide-lock.json: the loader hands Pyodide an empty one).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOADER = "loader.mjs"
# After this long without Python the page says the game is taking long and
# offers a retry: 2.3x the slowest start measured on this machine with the CPU
# slowed 4x (8.8 s, issue 8), and about what a 1.6 Mbit/s link needs for the
# compressed runtime (3.9 MB brotli). Later than that, a person deserves to know.
WATCHDOG_MS = 20_000
# Engine modules the browser never imports: the command line (argparse, tqdm;
# learncli.py is its learners' part), the board generator and the census, which
# run at build time (the page uses policy.py to take over a game played on the
# first-paint board).
NOT_IN_BROWSER = frozenset({"__main__.py", "cli.py", "learncli.py", "nojs.py", "census.py"})

# PyScript's modules that every page with a board loads, core first; their
# names carry content hashes, so they are found in node_modules at build time.
PYSCRIPT_EAGER = ("core-", "error-", "deprecations-manager-", "donkey-", "py-editor-", "py-game-", "py-terminal-")


def pyscript_chunks() -> list[str]:
    """The file names of PyScript's eagerly loaded chunks, for preload hints."""
    chunks = sorted(PYSCRIPT_DIST.glob("*.js")) if PYSCRIPT_DIST.exists() else []
    return [chunk.name for prefix in PYSCRIPT_EAGER for chunk in chunks if chunk.name.startswith(prefix)]


def _own_module(name: str) -> Path | None:
    """The file of one of the site's own modules (the engine's, or the page's in site/py)."""
    top, _, rest = name.partition(".")
    if top == "pyengine":
        path = ROOT / "pyengine" / (f"{rest.replace('.', '/')}.py" if rest else "__init__.py")
    else:
        path = ROOT / "site" / "py" / f"{name}.py"
    return path if path.exists() and not rest.count(".") and path.name not in NOT_IN_BROWSER else None


def _imported_at_start(name: str, path: Path) -> list[str]:
    """The site's own modules a module imports when it is imported (not inside its functions)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for module, names, level in _imports(ast.parse(path.read_text(), str(path)), in_functions=False):
        if level:
            module = ".".join(filter(None, [package, module]))
        found += [candidate for candidate in [module, *(f"{module}.{n}" for n in names)] if _own_module(candidate)]
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
    path = _own_module(name)
    for module in _imported_at_start(name, path) if path else []:
        _load(module, loaded, finished)
    finished.append(name)


def imported_at_start() -> list[str]:
    """The site's own modules main.py imports as the page starts, each after
    those it imports and its package (Python imports a package before its modules)."""
    finished: list[str] = []
    loaded: set[str] = set()
    for module in _imported_at_start("__main__", ROOT / "site" / "py" / "main.py"):
        _load(module, loaded, finished)
    return finished


def start_modules() -> list[str]:
    """The modules the page imports one per task before main.py runs (the
    hooks in site/assets/pyscript-strict-csp.js): imported_at_start, less
    those an earlier one already brought (importing pyengine.errors runs
    pyengine/__init__.py, which brings most of the engine)."""
    order: list[str] = []
    brought: set[str] = set()
    for module in imported_at_start():
        if module not in brought:
            order.append(module)
            _load(module, brought, [])
    return order


def engine_modules() -> list[Path]:
    """The engine's modules the page's Python imports."""
    return sorted(path for path in (ROOT / "pyengine").glob("*.py") if path.name not in NOT_IN_BROWSER)


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
    """The zip PyScript unpacks next to main.py: the engine's modules that the
    page imports as it starts (imported_at_start) as bytecode (pyengine/*.pyc,
    as the standard library is; the rest stay source, for fewer bytes), and
    for main.py and the page's own modules it imports as it starts their checked
    bytecode in __pycache__, used beside the sources PyScript's ``files``
    writes there (the checker's worker reads sandbox.py as source; tracebacks
    of the page's own code keep their lines). Why: Python compiles a module's
    source at every import, and the engine's 180 KB were compiled at every
    visit, inside the start's longest pieces (bench/README.md, issue 21)."""
    first = imported_at_start()
    engine = stdlib.compiled(_zip_of({f"pyengine/{path.name}": path.read_bytes() for path in engine_modules()
                                      if f"pyengine.{path.stem}" in first or path.name == "__init__.py"}))
    first = [*(name for name in first if not name.startswith("pyengine")), "main"]
    pages = stdlib.compiled(_zip_of({f"{name}.py": (ROOT / "site" / "py" / f"{name}.py").read_bytes()
                                     for name in first}), "checked")
    members = {f"pyengine/{path.name}": path.read_bytes() for path in engine_modules()}  # the rest as source
    for compiled in (engine, pages):
        with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
            for name in zf.namelist():
                members.pop(name[:-1], None)  # pyengine/board.pyc replaces pyengine/board.py
                members[name] = zf.read(name)
    return _zip_of(members)


def loader_settings(folder: Path) -> dict[str, object]:
    """What tools/loader.mjs needs to know of this build's Pyodide, in ``folder``:
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
    source = (ROOT / "tools" / LOADER).read_text()
    assert source.count('"__SETTINGS__"') == 1, "loader.mjs must hold one SETTINGS placeholder"
    dest.write_text(source.replace('"__SETTINGS__"', json.dumps(loader_settings(dest.parent), indent=2)))
