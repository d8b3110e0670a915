"""The checker page's editor and the worker that runs a reader's code, written
into ``runtime/checker`` of the built site.

- editor.js: tools/pages/editor.mjs with CodeMirror 6 (npm, pinned by
  package-lock.json) bundled by esbuild into one minified module; only
  "Check your own minimax" loads it (tools/pages/checker_markup.py's markup).
- sandbox.mjs: tools/runtime/sandbox.mjs, the dedicated worker with a Pyodide of its
  own, given the standard libraries' names (tools/runtime/stdlib.py, as the page's
  loader is); it takes the runtime files' addresses from the page's loader at
  run time (tools/pages/editor.mjs), digests and all.

The bundle names the worker by an address with the worker's digest (as
tools/runtime/offline.py names every file: a deploy never pairs a page with another
build's worker, and the service worker keeps it under that address), written
here because offline.py leaves the runtime's scripts as they are.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tools.runtime import offline, precompress, stdlib

ROOT = Path(__file__).resolve().parents[2]
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
        [
            str(ESBUILD),
            str(ROOT / "tools" / "pages" / "editor.mjs"),
            "--bundle",
            "--minify",
            "--format=esm",
            "--target=es2020",
            "--legal-comments=none",
            "--log-level=warning",
            f"--outfile={folder / EDITOR}",
        ],
        check=True,
        cwd=ROOT,
    )
    source = (ROOT / "tools" / "runtime" / WORKER).read_text()
    assert source.count('"__SETTINGS__"') == 1, "sandbox.mjs must hold one SETTINGS placeholder"
    names = {"stdlib": stdlib.TRIMMED_NAME, "fullStdlib": stdlib.FULL_STDLIB.name}
    (folder / WORKER).write_text(source.replace('"__SETTINGS__"', json.dumps(names)))
    bundle = (folder / EDITOR).read_text()
    assert bundle.count(f'"./{WORKER}"') == 1, "editor.mjs must name the worker once, as ./sandbox.mjs"
    (folder / EDITOR).write_text(bundle.replace(f'"./{WORKER}"', json.dumps(f"./{offline.versioned(folder / WORKER)}")))
    precompress.write_compressed_copies(folder)
