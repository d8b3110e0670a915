"""The "Bots and levels" table: every level against every level, played by
the engine at build time, so the docs never quote a number nobody measured."""

from __future__ import annotations

from pyengine import Level, bot, play_match

MATCH_GAMES = 1000


def pairing_seeds(i: int, j: int) -> tuple[int, int]:
    """The seeds of X's and O's bots in the pairing of the i-th level (as X)
    against the j-th (as O): the table here and the page's live ladder
    (site/py/ladder.py) use the same, so they play the very same games."""
    return 2 * (i * 4 + j), 2 * (i * 4 + j) + 1


def bot_table(games: int = MATCH_GAMES) -> str:
    """Every level against every level, played now by the engine."""
    levels = list(Level)
    head = "| X ↓ against O → | " + " | ".join(f"`{level.value}`" for level in levels) + " |"
    rows = [head, "| --- |" + " --- |" * len(levels)]
    for i, x in enumerate(levels):
        cells = []
        for j, o in enumerate(levels):
            x_seed, o_seed = pairing_seeds(i, j)
            result = play_match(bot(x, seed=x_seed), bot(o, seed=o_seed), games)
            cells.append(tally_text(result.x_wins, result.o_wins, result.draws))
        rows.append(f"| `{x.value}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def tally_text(x_wins: int, o_wins: int, draws: int) -> str:
    """One pairing's result as both tables write it."""
    return f"X {x_wins} · O {o_wins} · draw {draws}"


def ladder_markup(games: int = MATCH_GAMES) -> str:
    """The live ladder: the same round robin, played in the reader's browser."""
    levels = list(Level)
    head = "".join(f'<th scope="col"><code>{level.value}</code></th>' for level in levels)
    rows = "".join(
        f'<tr><th scope="row"><code>{x.value}</code></th>'
        + "".join(
            '<td data-x="{}" data-o="{}" data-seeds="{} {}">&mdash;</td>'.format(x.value, o.value, *pairing_seeds(i, j))
            for j, o in enumerate(levels)
        )
        + "</tr>"
        for i, x in enumerate(levels)
    )
    return f"""
<div class="ttt-ladder" data-board="ladder" data-games="{games}" markdown="0">
<div class="ttt-ladder-controls">
<button type="button" class="ttt-button" data-ladder-start disabled>Play the round robin</button>
<button type="button" class="ttt-button" data-ladder-stop disabled>Stop</button>
<label for="ttt-ladder-bar">Progress</label>
<progress id="ttt-ladder-bar" max="{len(levels) ** 2}" value="0"></progress>
</div>
<p class="ttt-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
<div class="ttt-ladder-scroll" role="region" aria-label="Round robin played in this browser" tabindex="0">
<table class="ttt-ladder-table">
<thead><tr><th scope="col">X &darr; against O &rarr;</th>{head}</tr></thead>
<tbody>{rows}</tbody>
</table>
</div>
</div>
"""
