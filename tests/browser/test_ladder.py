"""The Bots page's live round robin: the same games as the table built with the site."""

from __future__ import annotations

import json
import subprocess
import sys

from playwright.sync_api import BrowserContext

from pyengine import Level, bot, play_match
from tools.pages.bots_table import MATCH_GAMES, pairing_seeds

from .conftest import Watch, axe_both_schemes


def test_the_ladder_plays_the_build_time_tables_games(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """Stopped midway it says so; played to the end, every pairing's tally is
    CPython's with the same seeds (and so the table's above it)."""
    page = watch.attach(module_context.new_page())
    try:
        page.goto(base_url + "bots/")
        page.wait_for_selector("[data-board='ladder'][data-state='ready']", timeout=60_000)
        page.click("[data-ladder-start]")
        page.wait_for_function("() => document.querySelector('#ttt-ladder-bar').value >= 2", timeout=60_000)
        page.click("[data-ladder-stop]")
        page.wait_for_selector("[data-board='ladder'][data-state='stopped']")
        page.click("[data-ladder-start]")
        page.wait_for_selector("[data-board='ladder'][data-state='done']", timeout=120_000)
        shown = page.eval_on_selector_all(
            "[data-board='ladder'] td[data-x]", "els => els.map(e => [e.dataset.x, e.dataset.o, e.dataset.tally])"
        )
        levels = list(Level)
        assert len(shown) == len(levels) ** 2
        for x_name, o_name, tally in shown:
            i, j = levels.index(Level.parse(x_name)), levels.index(Level.parse(o_name))
            x_seed, o_seed = pairing_seeds(i, j)
            result = play_match(bot(levels[i], seed=x_seed), bot(levels[j], seed=o_seed), MATCH_GAMES)
            assert tally == f"{result.x_wins} {result.o_wins} {result.draws}", (x_name, o_name)
        assert axe_both_schemes(page) == []
    finally:
        page.close()


def test_the_pages_command_reproduces_a_row(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """The command the Bots page shows runs as printed (the thousands separator
    of the prose once leaked into it) and gives that pairing's tally."""
    page = watch.attach(module_context.new_page())
    try:
        page.goto(base_url + "bots/")
        command = next(
            line for line in page.locator("pre code").all_inner_texts() if line.startswith("python -m pyengine match")
        ).strip()
    finally:
        page.close()
    done = subprocess.run([sys.executable, *command.split()[1:], "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == MATCH_GAMES
