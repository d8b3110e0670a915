"""A board's stage, written into pages before any Python runs: the board in
its loading state, its banner, status line and the runtime's notice.

Every page's board markup (tools/pages/boards.py and the teaching pages' modules,
such as tools/pages/strategy_map_markup.py) draws its board with ``stage``, so the board is
on screen at first paint and the page's Python (site/py) only brings it to life.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from pyengine import Board, analyze
from pyengine.words import cell_label, hint_text

# A cell's markup is the page's own (site/py/cellmarkup.py), so the board drawn
# here is the one the page's Python builds. Appended, as tools/pages/explorer_markup.py
# does, so that no module of site/py hides one of the build's.
sys.path.append(str(Path(__file__).resolve().parents[2] / "site" / "py"))
from cellmarkup import Element, cell_markup


def html_of(element: Element) -> str:
    """``element`` (site/py/cellmarkup.py) as HTML, its text and attribute values escaped."""
    attributes = "".join(f' {name}="{html.escape(value)}"' for name, value in element.attributes.items())
    inner = html.escape(element.text, quote=False) + "".join(html_of(child) for child in element.children)
    return f"<{element.tag}{attributes}>{inner}</{element.tag}>"


def board_table(board: Board, label: str, *, hints: bool = False) -> str:
    """The board as an ARIA grid of buttons (9, or 16 on 4x4), drawn before the engine loads,
    with each empty cell's hint when the board shows hints from the start."""
    analysis = analyze(board) if hints and not board.is_over else None
    size = board.size
    rows = []
    for r in range(size):
        cells = []
        for cell in range(size * r, size * r + size):
            mark = board[cell]
            move = analysis.move(cell) if analysis and mark is None else None
            hint = hint_text(move.value, move.plies) if move else ""
            # The live page's own name for the cell, hint included, so a screen
            # reader hears the same words before and after Python takes over.
            name = cell_label(cell, mark, hint or None, size)
            markup = cell_markup(
                cell,
                mark=str(mark) if mark else "",
                hint=hint,
                value=move.value.value if move else "",
                best=bool(analysis and cell in analysis.best),
                label=name,
            )
            cells.append(html_of(markup))
        rows.append(f'<tr role="row">{"".join(cells)}</tr>')
    return (
        f'<table class="ttt-board" role="grid" aria-label="{html.escape(label)}" data-size="{size}" '
        f'data-ready="false" aria-busy="true"><tbody>{"".join(rows)}</tbody></table>'
    )


# Where the runtime's loader (runtime/pyodide/loader.mjs) says that Python
# could not load, with a way to try again; hidden unless it fails.
# A board that plays without Python carries data-still-plays, so the notice
# can say the person need not wait.
RUNTIME_NOTICE = (
    '<p class="ttt-runtime" role="alert"{still_plays} hidden><span data-runtime-message></span> '
    '<button type="button" class="ttt-button" data-runtime-retry hidden>Try again</button></p>'
)


def stage(
    board: Board, label: str, *, hints: bool = False, first_paint: str = "", status: str = "Loading the engine&hellip;"
) -> str:
    """The board with its banner, the status line under them, and the runtime's
    notice, in their loading state; ``first_paint`` boards go before the table."""
    return f"""<div class="ttt-stage">
{first_paint}{board_table(board, label, hints=hints)}
<p class="ttt-banner" hidden></p>
</div>
<p class="ttt-status" role="status" aria-live="polite">{status}</p>
{RUNTIME_NOTICE.format(still_plays=" data-still-plays" if first_paint else "")}"""
