"""The "Bots and levels" table: every level against every level, played by
the engine at build time, so the docs never quote a number nobody measured."""

from __future__ import annotations

from pyengine import Level, bot, play_match

MATCH_GAMES = 1000


def bot_table(games: int = MATCH_GAMES) -> str:
    """Every level against every level, played now by the engine."""
    levels = list(Level)
    head = "| X ↓ against O → | " + " | ".join(f"`{level.value}`" for level in levels) + " |"
    rows = [head, "| --- |" + " --- |" * len(levels)]
    for i, x in enumerate(levels):
        cells = []
        for j, o in enumerate(levels):
            result = play_match(bot(x, seed=2 * (i * 4 + j)), bot(o, seed=2 * (i * 4 + j) + 1), games)
            cells.append(f"X {result.x_wins} · O {result.o_wins} · draw {result.draws}")
        rows.append(f"| `{x.value}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)
