"""The markup of "Check your own minimax": the reader's code, the run, the verdict.

``<!-- board: checker -->`` draws it in its loading state: a textarea, which
the editor (tools/pages/editor.mjs, loaded by this markup and by no other page)
turns into a code editor; site/py/checker_page.py runs the reader's code, in a
worker of its own, when Python is up. The starter code is a correct
memoised minimax, shown as text (html-escaped), never as markup.

The page's text has three placeholders, filled at build time (``render``):
``{{ cs50_mistakes }}``, the table of the faults students make most, each
run from the project's own one-bug files (tests/cs50/mutants.py) through the
page's judge (pyengine.grading.cs50); ``{{ cs50_strictness }}``, how many of
those files a few-board check like the course's catches and how many the
page does (tools/pages/strictness.py); and ``{{ checker_budgets }}``, the time budgets
from the engine's constants, so that none can drift from what the page does.
"""

from __future__ import annotations

import functools
import html

from pyengine import Board
from pyengine.grading.chooseform import CALL_BASE_S, CALL_PER_NODE_S
from pyengine.grading.chooseform import call_budget as choose_budget
from pyengine.grading.cs50 import FILE_BUDGET_S, LOAD_BUDGET_S, Function, Probe, call_budget
from tests.cs50 import mutants
from tools.pages import editor, explorer_markup
from tools.pages.strictness import first_failure, strictness_table

# The explorer's default search; the page's Python moves it to each failing
# position (view.watch_href), as the play page does with its own link.
WATCH = html.escape(f"../search/{explorer_markup.explorer_address.watch_query(Board.empty())}")

STARTER = '''from functools import cache


@cache
def value(board):
    """+1 if the side to move wins with best play, 0 for a draw, -1 for a loss."""
    if board.is_over:
        # The game ended with the last move: the side to move now has lost, or it is a draw.
        return 0 if board.winner is None else -1
    return max(-value(board.play(cell)) for cell in board.legal_moves)


def choose(board):
    """The move to make: one that leads to the best value for the side to move."""
    return max(board.legal_moves, key=lambda cell: -value(board.play(cell)))
'''


def markup(arg: str) -> str:
    """The checker; its marker takes no argument."""
    if arg:
        raise ValueError(f"the checker marker takes no argument, not {arg!r}")
    return f"""
<div class="ck" data-board="checker" data-watch="{WATCH}" markdown="0">
<label class="ck-label" id="ck-code-label" for="ck-code">Your code (Python): CS50 AI's <code>tictactoe.py</code>
(<code>minimax</code> with <code>player</code>, <code>actions</code>, <code>result</code>, <code>winner</code>,
<code>terminal</code> and <code>utility</code>), or a function <code>choose(board)</code> returning a cell,
0 to 8</label>
<p class="ck-notice" role="status" hidden></p>
<textarea id="ck-code" class="ck-code" rows="18" wrap="off" spellcheck="false" autocomplete="off"
 disabled>{html.escape(STARTER)}</textarea>
<p class="ck-keys" id="ck-keys">Tab indents and Shift+Tab dedents; to leave the editor with the keyboard, press Escape,
then Tab. Your code is saved in this browser as you type, and kept until you restore the starter.</p>
<p class="ck-privacy">Your code is checked on this computer only, in your browser: nothing you write is sent
anywhere, and the verdict shows a position and a best move there, never code.</p>
<div class="ck-controls">
<button type="button" class="ttt-button" data-check-run disabled>Check it on every position</button>
<button type="button" class="ttt-button" data-check-stop disabled>Stop</button>
<label for="ck-bar">Progress</label> <progress id="ck-bar" max="1" value="0"></progress>
<button type="button" class="ttt-button ck-restore" data-restore disabled>Restore the starter</button>
</div>
<div class="ck-confirm" role="group" aria-label="Restore the starter" hidden>
<p>Replace your code with the starter? Your code is lost once you do.</p>
<button type="button" class="ttt-button" data-restore-yes>Replace it with the starter</button>
<button type="button" class="ttt-button" data-restore-no>Keep my code</button>
</div>
<p class="ttt-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
<p class="ck-form" hidden></p>
<div class="ck-verdict" hidden>
<p class="ck-verdict-text"></p>
</div>
<ul class="ck-checks" aria-label="The verdict, function by function"></ul>
<h3 class="ck-subhead" id="ck-output-head" hidden>What your code printed</h3>
<pre class="ck-output" tabindex="0" role="region" aria-labelledby="ck-output-head" hidden></pre>
<script type="module" src="../{editor.FOLDER}/{editor.EDITOR}" data-checker-editor></script>
</div>
"""


# The faults a survey of 60 students' CS50 AI files found most,
# by the name of the project's one-bug file that has each.
COMMON_MISTAKES = (
    "result_no_raise_on_taken",
    "result_edits_board",
    "result_shallow_copy",
    "winner_stops_at_empty_line",
    "terminal_ignores_full_board",
    "player_o_first",
    "utility_from_o",
    "minimax_not_none_when_over",
    "minimax_returns_in_loop",
    "minimax_prunes_wrong_way",
    "minimax_none_when_all_lose",
    "minimax_takes_centre",
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


@functools.cache
def mistakes_table() -> str:
    """The "What goes wrong most often" table: each common fault, the
    function whose check catches it and the first position where it shows."""
    rows = ["| The fault | Caught by, first on | What the page says |", "| --- | --- | --- |"]
    for name in COMMON_MISTAKES:
        mutant = mutants.by_name(name)
        verdict = first_failure(mutants.source(mutant), mutant.function)
        if verdict.passed or verdict.position is None:
            raise ValueError(f"the one-bug file {name} passes the check of {mutant.function}()")
        rows.append(
            f"| `{mutant.function}()`: {_cell(mutant.bug)} | `{verdict.name}()` on `{verdict.position}` "
            f"| {_cell(verdict.reason)} |"
        )
    return "\n".join(rows)


def budgets() -> str:
    """The time budgets of a check, in a sentence or two, from the engine's constants."""
    empty = Board.empty()
    minimax_empty = call_budget(Probe(Function.MINIMAX, empty, None))
    return (
        f"running your code once may take {LOAD_BUDGET_S:.0f} seconds; each call {CALL_BASE_S:.0f} seconds, and "
        f"a call of `minimax` more by the size of the game tree below its position "
        f"({minimax_empty:.0f} seconds on the empty board; `choose`, which works on the engine's fast boards, "
        f"{choose_budget(empty):.0f} seconds there, {CALL_PER_NODE_S * 1e6:.0f} microseconds a node); and the "
        f"whole check {FILE_BUDGET_S / 60:.0f} minutes."
    )


def render(markdown: str) -> str:
    """The checker page's placeholders filled in (any other page is returned as it is)."""
    if "{{ cs50_mistakes }}" in markdown:
        markdown = markdown.replace("{{ cs50_mistakes }}", mistakes_table())
    if "{{ cs50_strictness }}" in markdown:
        markdown = markdown.replace("{{ cs50_strictness }}", strictness_table())
    if "{{ checker_budgets }}" in markdown:
        markdown = markdown.replace("{{ checker_budgets }}", budgets())
    return markdown
