"""The markup of "Check your own minimax": the reader's code, the run, the verdict.

``<!-- board: checker -->`` draws it in its loading state: a textarea, which
the editor (tools/editor.mjs, loaded by this markup and by no other page)
turns into a code editor; site/py/checker.py runs the reader's code, in a
worker of its own, when Python is up. The starter code is a correct
memoised minimax, shown as text (html-escaped), never as markup.
"""

from __future__ import annotations

import html

from pyengine import Board
from tools import editor, explorer

# The explorer's default search; the page's Python moves it to the failing
# position (view.watch_href), as the play page does with its own link.
WATCH = html.escape(f"../search/{explorer.search_address.watch_query(Board.empty())}")

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
    cells = "".join(f'<span class="ck-cell" data-cell="{cell}"></span>' for cell in range(9))
    return f"""
<div class="ck" data-board="checker" markdown="0">
<label class="ck-label" id="ck-code-label" for="ck-code">Your code (Python): a function <code>choose(board)</code>
returning a cell, 0 to 8</label>
<p class="ck-notice" role="status" hidden></p>
<textarea id="ck-code" class="ck-code" rows="18" wrap="off" spellcheck="false" autocomplete="off"
 disabled>{html.escape(STARTER)}</textarea>
<p class="ck-keys" id="ck-keys">Tab indents and Shift+Tab dedents; to leave the editor with the keyboard, press Escape,
then Tab. Your code is saved in this browser as you type, and kept until you restore the starter.</p>
<div class="ck-controls">
<button type="button" class="ttt-button" data-check-run disabled>Check it on every position</button>
<button type="button" class="ttt-button" data-check-stop disabled>Stop</button>
<label for="ck-bar">Progress</label> <progress id="ck-bar" max="4520" value="0"></progress>
<button type="button" class="ttt-button ck-restore" data-restore disabled>Restore the starter</button>
</div>
<div class="ck-confirm" role="group" aria-label="Restore the starter" hidden>
<p>Replace your code with the starter? Your code is lost once you do.</p>
<button type="button" class="ttt-button" data-restore-yes>Replace it with the starter</button>
<button type="button" class="ttt-button" data-restore-no>Keep my code</button>
</div>
<p class="ttt-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
<div class="ck-verdict" hidden>
<p class="ck-verdict-text"></p>
<div class="ck-board" role="img" aria-label="The position">{cells}</div>
<p class="ck-explore" hidden><a href="{WATCH}">Watch the search from this position</a></p>
</div>
<h3 class="ck-subhead" id="ck-output-head" hidden>What your code printed</h3>
<pre class="ck-output" tabindex="0" role="region" aria-labelledby="ck-output-head" hidden></pre>
<script type="module" src="../{editor.FOLDER}/{editor.EDITOR}" data-checker-editor></script>
</div>
"""
