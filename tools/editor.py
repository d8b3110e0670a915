"""The checker page's editor and the worker that runs a reader's code, written
into ``runtime/checker`` of the built site.

- editor.js: tools/editor.mjs with CodeMirror 6 (npm, pinned by
  package-lock.json) bundled by esbuild into one minified module; only
  "Check your own minimax" loads it (tools/checker.py's markup).
- sandbox.mjs: tools/sandbox.mjs, the dedicated worker with a Pyodide of its
  own, with the settings the page's loader gets (runtime.loader_settings), so
  both name the runtime's files from one place.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tools import precompress, runtime

ROOT = Path(__file__).resolve().parent.parent
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
FOLDER = "runtime/checker"
EDITOR = "editor.js"
WORKER = "sandbox.mjs"


def write_files(site: Path) -> None:
    """The editor bundle and the worker, with compressed copies beside them."""
    folder = site / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    if not ESBUILD.exists():
        raise SystemExit("esbuild is missing: run `npm ci` (make build does)")
    subprocess.run(
        [str(ESBUILD), str(ROOT / "tools" / "editor.mjs"), "--bundle", "--minify", "--format=esm",
         "--target=es2020", "--legal-comments=none", "--log-level=warning", f"--outfile={folder / EDITOR}"],
        check=True, cwd=ROOT,
    )
    source = (ROOT / "tools" / WORKER).read_text()
    assert source.count('"__SETTINGS__"') == 1, "sandbox.mjs must hold one SETTINGS placeholder"
    settings = runtime.loader_settings(site / "runtime" / "pyodide")  # the page's loader's, digested addresses
    (folder / WORKER).write_text(source.replace('"__SETTINGS__"', json.dumps(settings)))
    precompress.write_compressed_copies(folder)
