"""The AlphaZero section of "Machines that learn" (``<!-- board: alphazero -->``):
its markup in the loading state, and its two scripts written into
``assets/alphazero`` of the built site.

- page.mjs: tools/pages/alphazero_page.mjs, the worker's start and inbox for
  site/py/alphazero_page.py; only this board's markup loads it.
- worker.mjs: tools/pages/alphazero_worker.mjs, the dedicated worker with a
  Pyodide of its own that runs site/py/alphazero_train.py, given the standard
  libraries' names (tools/runtime/stdlib.py, as the checker's worker is).

Both sit outside ``runtime/``, so tools/runtime/offline.py gives the page's
``<script src>`` its digest; page.mjs gets the worker's here, before the
compressed copies are made.
"""

from __future__ import annotations

import json
from pathlib import Path

from pyengine.words import cell_label
from tools.runtime import offline, precompress, stdlib

ROOT = Path(__file__).resolve().parents[2]
FOLDER = "assets/alphazero"
SCRIPTS = {"page.mjs": "alphazero_page.mjs", "worker.mjs": "alphazero_worker.mjs"}


def write_files(site: Path) -> None:
    """The page's script and the worker, with compressed copies beside them."""
    folder = site / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    source = (ROOT / "tools" / "pages" / SCRIPTS["worker.mjs"]).read_text()
    assert source.count('"__SETTINGS__"') == 1, "alphazero_worker.mjs must hold one SETTINGS placeholder"
    names = {"stdlib": stdlib.TRIMMED_NAME, "fullStdlib": stdlib.FULL_STDLIB.name}
    (folder / "worker.mjs").write_text(source.replace('"__SETTINGS__"', json.dumps(names)))
    # The worker's digest written here, before the compressed copies are made
    # (offline.py would write it into page.mjs only, after them).
    page = (ROOT / "tools" / "pages" / SCRIPTS["page.mjs"]).read_text()
    assert page.count('"./worker.mjs"') == 1, "alphazero_page.mjs must name the worker once, as ./worker.mjs"
    (folder / "page.mjs").write_text(
        page.replace('"./worker.mjs"', json.dumps(f"./{offline.versioned(folder / 'worker.mjs')}"))
    )
    precompress.write_compressed_copies(folder)


def _cells(kind: str, label: str) -> str:
    cells = "".join(
        f'<button type="button" data-{kind}="{cell}" aria-label="{cell_label(cell, None)}" disabled></button>'
        for cell in range(9)
    )
    return f'<div class="learn-board az-board" role="group" aria-label="{label}">{cells}</div>'


def markup(_: str = "") -> str:
    """The section's widget, every control disabled until its Python is ready."""
    head = 'data-board="alphazero" data-state="loading" data-worker="none" data-iteration="-1" markdown="0"'
    sides = '<option value="X">X (first)</option><option value="O">O (second)</option>'
    return f"""<div class="ttt ttt-learn az" {head}>
<p class="learn-buttons"><button type="button" class="ttt-button" data-train disabled>Train 12 iterations</button>
<button type="button" class="ttt-button" data-stop disabled>Stop</button>
<button type="button" class="ttt-button" data-forget disabled>Forget this network</button></p>
<progress max="1" value="0" aria-label="Training progress"></progress>
<p class="ttt-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
<p class="ttt-message" role="alert" hidden></p>
<p data-marks></p>
<div class="learn-plots" data-plot></div>
<p data-references></p>
<p data-seconds></p>
<h3 id="az-view-head">The network's view of a position</h3>
<form class="learn-settings az-settings" aria-labelledby="az-view-head">
<label>Position <input name="position" value="........." spellcheck="false" autocomplete="off" disabled></label>
<button type="button" class="ttt-button" data-set disabled>Show this position</button>
<label>Network <select name="iteration" disabled><option value="-1">none trained yet</option></select></label>
</form>
<p class="az-hint">Click a cell to cycle it through X, O and empty;
the shading is the network's share for each move.</p>
<div class="az-view">
{_cells("view", "The position: click a cell to change it")}
<table class="learn-moves" data-view>
<caption>Each move: the network's share and the search's visits</caption>
<thead><tr><th scope="col">cell</th><th scope="col">network</th><th scope="col">search visits</th></tr></thead>
<tbody></tbody>
</table>
</div>
<p data-value></p>
<h3 id="az-play-head">Play the network's search</h3>
<form class="learn-settings" aria-labelledby="az-play-head">
<label>You play <select name="side" disabled>{sides}</select></label>
<button type="button" class="ttt-button" data-new-game disabled>New game</button>
</form>
{_cells("play", "Your game against the network's search")}
<p data-play-status role="status" aria-live="polite"></p>
<script type="module" src="../{FOLDER}/page.mjs"></script>
</div>"""
