"""The markup of "Watch the search": the explorer and the race, in their loading state.

``<!-- board: explorer -->`` draws the explorer; ``<!-- board: explorer race -->``
the race. The page's Python brings them to life (site/py/explorer_page.py and
site/py/race_page.py, named by each one's data-board); until it runs, every control
is disabled and the status line says why.
"""

from __future__ import annotations

import json
import sys
from html import escape
from pathlib import Path

from pyengine.census import Census, census
from pyengine.teaching.search import Algorithm, Order, Rule
from pyengine.teaching.searchwords import NEXT_NAMES
from pyengine.teaching.stepwords import ALGORITHM_NAMES, CONVENTION_NAMES, ORDER_NAMES, RULE_NAMES, Convention
from pyengine.teaching.trace import Jump
from tools.runtime.stdlib import cache_entry, keep

ROOT = Path(__file__).resolve().parents[2]
# The page's own defaults, ready positions and addresses (site/py/explorer_address.py)
# and its position editor (site/py/explorer_editor.py), so that the markup drawn
# before Python runs says what the page then does. Appended, so that no module
# of site/py hides one of the build's.
sys.path.append(str(ROOT / "site" / "py"))
import explorer_address as explorer_address  # noqa: E402  (tools.pages.boards and tools.pages.checker_markup read it here)
import explorer_editor  # noqa: E402

# The 4x4 census takes about 30 s: kept in the build's cache (tools/runtime/stdlib.py)
# under a digest of the code that counts, so that only a build after a change to it pays again.

# (label, jump, aria-keyshortcuts): what each stepping button does; its data-jump is the jump's name.
STEP_BUTTONS = (
    ("First", Jump.FIRST, "Home"),
    ("\u2212100", Jump.BACK_100, "Shift+PageUp"),
    ("\u221210", Jump.BACK_10, "PageUp"),
    ("\u25c0 Back", Jump.BACK, "ArrowLeft"),
    ("Forward \u25b6", Jump.ON, "ArrowRight"),
    ("+10", Jump.ON_10, "PageDown"),
    ("+100", Jump.ON_100, "Shift+PageDown"),
    ("Next finished game", Jump.NEXT, "N"),
    ("End", Jump.LAST, "End"),
)


def _options(
    choices: dict[Algorithm, str] | dict[Order, str] | dict[Convention, str] | dict[Rule, str], selected: str
) -> str:
    return "".join(
        f'<option value="{member.value}"{" selected" if member.value == selected else ""}>'
        f"{name[0].upper()}{name[1:]}</option>"
        for member, name in choices.items()
    )


def lessons_markup() -> str:
    """The ready positions: a row of links to their addresses (they work
    before Python runs, and the page's Python then sets them without a
    reload), each described by its line; the chosen one's line is shown."""
    links = "".join(
        f'<li><a href="{escape(explorer_address.lesson_query(lesson))}" data-lesson="{lesson.key}"'
        f' aria-describedby="ex-line-{lesson.key}">{escape(lesson.title)}</a></li>'
        for lesson in explorer_address.LESSONS
    )
    lines = "".join(
        f'<p class="ex-lesson-line" id="ex-line-{lesson.key}" data-line="{lesson.key}">{escape(lesson.line)}</p>'
        for lesson in explorer_address.LESSONS
    )
    return (
        f'<nav class="ex-lessons" aria-labelledby="ex-lessons-head">'
        f'<h3 class="ex-subhead" id="ex-lessons-head">Ready positions</h3><ul>{links}</ul>{lines}</nav>'
    )


def editor_markup() -> str:
    """The position as cells to click (empty, X, O, empty), beside its notation."""
    board = explorer_address.DEFAULT.board
    marks = explorer_editor.notation_marks(str(board)) or []
    cells = "".join(
        f'<button type="button" class="ex-edit" data-cell="{cell}" data-mark="{mark}" disabled '
        f'aria-label="{explorer_editor.editor_cell_label(cell, board.size, mark)}">{mark}</button>'
        for cell, mark in enumerate(marks)
    )
    return (
        f'<div class="ex-field ex-editor-field">'
        f'<span class="ex-label" id="ex-editor-head">Or click the cells</span>'
        f'<div class="ex-editor" role="group" aria-labelledby="ex-editor-head" data-size="{board.size}">'
        f"{cells}</div></div>"
    )


def explorer_markup() -> str:
    """The explorer: ready positions, settings (the position typed or
    clicked), stepping controls, a link to the step and presentation mode,
    the board at the step, the path and the text trace; everything disabled
    until Python runs."""
    default = explorer_address.DEFAULT
    buttons = "".join(
        f'<button type="button" class="ttt-button ex-step" data-jump="{jump.value}" aria-keyshortcuts="{keys}" '
        f"disabled>{NEXT_NAMES[default.algorithm] if jump is Jump.NEXT else label}</button>"
        for label, jump, keys in STEP_BUTTONS
    )
    cells = "".join(f'<span class="ex-cell" data-cell="{cell}"></span>' for cell in range(9))
    return f"""
<div class="ex-explorer" data-board="explorer" data-explorer data-step=""
 data-algorithm="{default.algorithm.value}" data-convention="negamax" markdown="0">
{lessons_markup()}
<form class="ex-settings" aria-label="What to search">
<div class="ex-field"><label for="ex-alg">Algorithm</label>
<select id="ex-alg" name="alg" disabled>{_options(ALGORITHM_NAMES, default.algorithm.value)}</select></div>
<div class="ex-field"><label for="ex-order">Move order (alpha-beta)</label>
<select id="ex-order" name="order" disabled>{_options(ORDER_NAMES, default.order.value)}</select></div>
<div class="ex-field ex-rule-field"><label for="ex-rule">Pruning rule</label>
<select id="ex-rule" name="rule" disabled aria-describedby="ex-rule-help">\
{_options(RULE_NAMES, Rule.AIMA.value)}</select></div>
<div class="ex-field"><label for="ex-conv">Values</label>
<select id="ex-conv" name="conv" disabled aria-describedby="ex-conv-help">\
{_options(CONVENTION_NAMES, Convention.NEGAMAX.value)}</select></div>
<div class="ex-field"><label for="ex-pos">Position (rows top to bottom)</label>
<input id="ex-pos" name="pos" value="{default.board}" spellcheck="false" autocomplete="off" disabled
 aria-describedby="ex-pos-help"></div>
{editor_markup()}
<button type="submit" class="ttt-button" disabled>Search it</button>
<p id="ex-pos-help" class="ex-help">X, O or . for each cell, row by row, e.g. <code>X.O/.X./...</code>;
or click a cell for X, again for O, again to empty it.</p>
<p id="ex-conv-help" class="ex-help">Values: <em>negamax</em> gives each value for the side to move;
<em>MAX/MIN</em> gives every value from X's side (X is MAX, O is MIN, &alpha; is MAX's bound and
&beta; MIN's). Changing it keeps the step; this browser remembers it.</p>
<p id="ex-rule-help" class="ex-help ex-rule-field">Pruning rule (alpha-beta): AIMA's cuts off as soon as
&alpha; &ge; &beta;; the strict one (UC Berkeley's CS188) only once the bound is passed, &alpha; &gt; &beta;,
so it also searches the moves a tie would cut off.</p>
</form>
<p class="ex-message" role="alert" hidden></p>
<div class="ex-controls" role="group" aria-label="Step through the search">{buttons}
<div class="ex-field ex-goto"><label for="ex-step">Step</label>
<input id="ex-step" name="step" type="number" min="1" value="1" inputmode="numeric" disabled>
<span class="ex-total"></span></div>
</div>
<div class="ex-busy" hidden><label for="ex-busy-bar">Searching to the step</label>
<progress id="ex-busy-bar" max="1" value="0"></progress>
<button type="button" class="ttt-button" data-stop>Stop</button></div>
<div class="ex-status-row">
<p class="ex-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
<div class="ex-share">
<button type="button" class="ttt-button" data-copy-link disabled>Copy link to this step</button>
<button type="button" class="ttt-button" data-present aria-pressed="false" disabled>Present</button>
<span class="ex-copied" role="status"></span>
<div class="ex-field ex-link-field" hidden><label for="ex-link">Link to this step</label>
<input id="ex-link" readonly spellcheck="false"></div>
</div>
</div>
<div class="ex-view">
<div class="ex-now">
<div class="ex-board" role="img" aria-label="The position at this step">{cells}</div>
<dl class="ex-facts">
<dt>Event</dt><dd data-fact="event">&mdash;</dd>
<dt>Path from the root</dt><dd data-fact="path">&mdash;</dd>
<dt>Window (&alpha;, &beta;)</dt><dd data-fact="window">&mdash;</dd>
<dt>Best move so far</dt><dd data-fact="best">&mdash;</dd>
<dt>Nodes</dt><dd data-fact="nodes">0</dd>
<dt>Cut-offs</dt><dd data-fact="cutoffs">0</dd>
<dt>Cache hits</dt><dd data-fact="hits">0</dd>
</dl>
</div>
<div class="ex-tree-area">
<div class="ex-tree-box">
<h3 class="ex-subhead" id="ex-tree-head">The tree so far</h3>
<div class="ex-drawn" tabindex="-1"><svg class="ex-drawn-svg" xmlns="http://www.w3.org/2000/svg" role="img"
 aria-label="The search tree, drawn once the engine has loaded" viewBox="0 0 320 60"><g class="ex-edges"></g>
<g class="ex-nodes"></g><g class="ex-notes"></g></svg>
<p class="ex-help ex-drawn-key"></p></div>
<ol class="ex-tree" tabindex="0" aria-labelledby="ex-tree-head"></ol>
</div>
</div>
</div>
<h3 class="ex-subhead" id="ex-trace-head">Trace</h3>
<p class="ex-help">The last steps, the current one last. With the focus here (or on any control
above), the arrow keys step, Page Up and Page Down jump 10, Home and End go to the first and last
step, N goes to the next cut-off (alpha-beta), cache hit (memoised) or finished game (minimax), and P
to the previous one. After a click on the drawn tree, or with nothing focused, the keys step too.</p>
<ol class="ex-trace" tabindex="0" aria-labelledby="ex-trace-head" aria-describedby="ex-trace-now"></ol>
<p class="ex-announce" id="ex-trace-now" aria-live="polite"></p>
</div>
"""


def four_by_four_census() -> Census:
    """The census of 4x4 (pyengine/census.py), from the cache when the code is unchanged."""
    sources = ("geometry.py", "board.py", "census.py", "records.py")
    cached = cache_entry("census4", [(ROOT / "pyengine" / name).read_bytes() for name in sources])
    if cached.exists():
        fields = json.loads(cached.read_text())
        return Census(**{**fields, "per_depth": tuple(tuple(row) for row in fields["per_depth"])})
    counted = census(4)
    keep(cached, json.dumps(counted._asdict()).encode())  # whole or not at all: builds may run side by side
    return counted


def race_markup() -> str:
    """The race: every algorithm on the explorer's position, counted in the
    browser; and what plain minimax would take on 4x4 (the tree counted at
    build time, the rate measured by the race), said after a race."""
    four = four_by_four_census()
    return f"""
<div class="ex-race" data-board="race" data-race markdown="0"
 data-four-tree-nodes="{four.tree_nodes}" data-four-positions="{four.positions}">
<p class="ex-race-pos">Position: <code data-race-pos>.../.../...</code></p>
<div class="ex-race-controls">
<button type="button" class="ttt-button" data-race-start disabled>Run the race</button>
<button type="button" class="ttt-button" data-race-stop disabled>Stop</button>
<label for="ex-race-bar">Progress</label> <progress id="ex-race-bar" max="1" value="0"></progress>
</div>
<p class="ex-race-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
<div class="ex-race-scroll" role="region" aria-label="Race results" tabindex="0">
<table class="ex-race-table">
<thead><tr><th scope="col">Algorithm</th><th scope="col">Nodes</th><th scope="col">Time</th>
<th scope="col">Cut-offs</th><th scope="col">Cache hits</th><th scope="col">Value</th></tr></thead>
<tbody></tbody>
</table>
</div>
<p class="ex-race-estimate" hidden></p>
</div>
"""


def markup(arg: str) -> str:
    """The explorer, or the race when the marker's argument is ``race``."""
    if arg == "race":
        return race_markup()
    if arg:
        raise ValueError(f"the explorer marker takes no argument or 'race', not {arg!r}")
    return explorer_markup()
