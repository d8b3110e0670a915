"""The "Bots and levels" table: every entrant of the ladder (the levels and the
learners) against every other, played by the engine at build time, so the docs
never quote a number nobody measured."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from pyengine import Level, MatchResult, play_match
from pyengine.learning.training import ENTRANT_SEED, ENTRANT_TRAINING, ENTRANTS, entrant
from tools.runtime.stdlib import ROOT, cache_entry, keep

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

MATCH_GAMES = 1000
"""Games in a pairing of two levels (the live ladder replays these)."""
LEARNER_GAMES = 100
"""Games in a pairing with a learner: the MCTS bots search afresh at every move,
and 1,000 games a pairing would add about a minute to the build."""


def pairing_seeds(i: int, j: int) -> tuple[int, int]:
    """The seeds of X's and O's bots in the pairing of the i-th entrant (as X)
    against the j-th (as O): the table here and the page's live ladder
    (site/py/ladder_page.py) use the same, so they play the very same games."""
    return 2 * (i * len(ENTRANTS) + j), 2 * (i * len(ENTRANTS) + j) + 1


def pairing_games(x: str, o: str) -> int:
    """How many games the table plays between entrants ``x`` and ``o``."""
    levels = {level.value for level in Level}
    return MATCH_GAMES if x in levels and o in levels else LEARNER_GAMES


def pairing(i: int, j: int) -> MatchResult:
    """The table's match of the i-th entrant (as X) against the j-th (as O)."""
    x, o = ENTRANTS[i], ENTRANTS[j]
    x_seed, o_seed = pairing_seeds(i, j)
    return play_match(entrant(x, x_seed), entrant(o, o_seed), pairing_games(x, o))


def round_robin() -> dict[tuple[str, str], MatchResult]:
    """Every entrant (as X) against every entrant (as O), played by the engine;
    kept in the build's cache under a digest of the engine and this module, since
    the games (about 15 s, most of them MCTS's) come out the same from the same
    code: the suite's second build and its table test need not play them again
    (that test plays them once more itself, and the live ladder in Pyodide too)."""
    sources = [*sorted((ROOT / "pyengine").rglob("*.py")), Path(__file__)]
    cached = cache_entry("round-robin", [path.read_bytes() for path in sources])
    try:
        return {(x, o): MatchResult(*tally) for x, o, *tally in json.loads(cached.read_text())}
    except (OSError, ValueError, TypeError):  # not played with this code yet, or not readable: play it
        pass
    played = {(x, o): pairing(i, j) for i, x in enumerate(ENTRANTS) for j, o in enumerate(ENTRANTS)}
    keep(cached, json.dumps([[x, o, *result] for (x, o), result in played.items()]).encode())
    return played


def bot_table() -> str:
    """The round robin as the Bots page shows it: an HTML table that scrolls
    within itself (Material would wrap a Markdown one in a region a keyboard
    cannot reach)."""
    played = round_robin()

    def cell(x: str, o: str) -> str:
        r = played[x, o]
        tally = f"{r.x_wins} {r.o_wins} {r.draws}"
        return f'<td data-x="{x}" data-o="{o}" data-tally="{tally}">{tally_text(r.x_wins, r.o_wins, r.draws)}</td>'

    return _table(ENTRANTS, cell, "Round robin played when this site was built")


def _table(names: Sequence[str], cell: Callable[[str, str], str], label: str) -> str:
    """A round robin's table of ``names`` against themselves, each cell's markup from ``cell(x, o)``."""
    head = "".join(f'<th scope="col"><code>{name}</code></th>' for name in names)
    rows = "".join(
        f'<tr><th scope="row"><code>{x}</code></th>' + "".join(cell(x, o) for o in names) + "</tr>" for x in names
    )
    return f"""<div class="ttt-ladder-scroll" role="region" aria-label="{label}" tabindex="0">
<table class="ttt-ladder-table">
<thead><tr><th scope="col">X &darr; against O &rarr;</th>{head}</tr></thead>
<tbody>{rows}</tbody>
</table>
</div>"""


def page_values() -> dict[str, str]:
    """The Bots page's numbers, by the name of their placeholder: in prose with
    a thousands separator; in a command (``_arg``) as the command line reads it."""
    return {
        "match_games": f"{MATCH_GAMES:,}",
        "match_games_arg": str(MATCH_GAMES),
        "learner_games": f"{LEARNER_GAMES:,}",
        "learner_games_arg": str(LEARNER_GAMES),
        "entrant_training": f"{ENTRANT_TRAINING:,}",
        "entrant_seed": str(ENTRANT_SEED),
    }


def tally_text(x_wins: int, o_wins: int, draws: int) -> str:
    """One pairing's result as both tables write it."""
    return f"X {x_wins} · O {o_wins} · draw {draws}"


def ladder_markup(games: int = MATCH_GAMES) -> str:
    """The live ladder: the levels' part of the round robin, played in the
    reader's browser. (The learners' rows stay the build's: the live ladder
    would first have to train them. The levels come first among the entrants,
    so their pairing seeds are the table's.)"""
    levels = [level.value for level in Level]

    def cell(x: str, o: str) -> str:
        x_seed, o_seed = pairing_seeds(levels.index(x), levels.index(o))
        return f'<td data-x="{x}" data-o="{o}" data-seeds="{x_seed} {o_seed}">&mdash;</td>'

    table = _table(levels, cell, "Round robin played in this browser")
    return f"""
<div class="ttt-ladder" data-board="ladder" data-games="{games}" markdown="0">
<div class="ttt-ladder-controls">
<button type="button" class="ttt-button" data-ladder-start disabled>Play the round robin</button>
<button type="button" class="ttt-button" data-ladder-stop disabled>Stop</button>
<label for="ttt-ladder-bar">Progress</label>
<progress id="ttt-ladder-bar" max="{len(levels) ** 2}" value="0"></progress>
</div>
<p class="ttt-status" role="status" aria-live="polite">Loading the engine&hellip;</p>
{table}
</div>
"""


if __name__ == "__main__":
    for (x, o), r in round_robin().items():
        print(f"{x} (X) vs {o} (O), {r.games:,} games: {tally_text(r.x_wins, r.o_wins, r.draws)}")
