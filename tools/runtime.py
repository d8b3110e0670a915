"""The browser runtime, copied into the site: PyScript and Pyodide from
node_modules (pinned by package-lock.json), and the engine as a zip that
PyScript unpacks in the browser. Nothing is fetched from a CDN."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
# What loadPyodide() fetches at start-up; the rest of the npm package is
# typings, source maps and a console page.
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
# Engine modules the browser never imports: the command line (argparse, tqdm)
# and the board generator, which runs at build time (the page uses policy.py
# to take over a game played on the first-paint board).
NOT_IN_BROWSER = frozenset({"__main__.py", "cli.py", "nojs.py"})

# PyScript's modules that every page with a board loads, core first; their
# names carry content hashes, so they are found in node_modules at build time.
PYSCRIPT_EAGER = ("core-", "error-", "deprecations-manager-", "donkey-", "py-editor-", "py-game-", "py-terminal-")


def pyscript_chunks() -> list[str]:
    """The file names of PyScript's eagerly loaded chunks, for preload hints."""
    chunks = sorted(PYSCRIPT_DIST.glob("*.js")) if PYSCRIPT_DIST.exists() else []
    return [chunk.name for prefix in PYSCRIPT_EAGER for chunk in chunks if chunk.name.startswith(prefix)]


def engine_modules() -> list[Path]:
    """The engine's modules the page's Python imports."""
    return sorted(path for path in (ROOT / "pyengine").glob("*.py") if path.name not in NOT_IN_BROWSER)


def copy_runtime(site: Path) -> None:
    """PyScript, Pyodide and the engine zip into ``site/runtime``."""
    runtime = site / "runtime"
    missing = [p for p in [PYSCRIPT_DIST, *(PYODIDE_DIR / f for f in PYODIDE_FILES)] if not p.exists()]
    if missing:
        raise SystemExit(f"the browser runtime is missing ({missing[0]}): run `npm ci` (make build does)")
    shutil.rmtree(runtime, ignore_errors=True)
    shutil.copytree(PYSCRIPT_DIST, runtime / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, runtime / "pyodide" / name)
    with zipfile.ZipFile(runtime / "pyengine.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        for module in engine_modules():
            # A fixed date: the same engine makes the same zip, and so the same cache version.
            info = zipfile.ZipInfo(f"pyengine/{module.name}", date_time=(2020, 1, 1, 0, 0, 0))
            zf.writestr(info, module.read_bytes(), zipfile.ZIP_DEFLATED)
