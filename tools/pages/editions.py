"""The no-JavaScript editions: the engine's HTML+CSS pages, with the site's
policy and links, and the docs' table of what they weigh."""

from __future__ import annotations

import functools
import gzip
from pathlib import Path

from pyengine import Player
from pyengine.editions.nojs import NoJsEdition, nojs_edition
from tools.pages.csp import with_csp

NOJS_FOLDERS = {Player.X: "nojs", Player.O: "nojs/bot-first"}


@functools.cache
def nojs(human: Player) -> NoJsEdition:
    """The engine's HTML+CSS edition for a side, made once per build."""
    return nojs_edition(human)


def nojs_page(human: Player) -> str:
    """The edition's page with the site's policy and links to the other pages."""
    other = Player.O if human is Player.X else Player.X
    here, there = NOJS_FOLDERS[human], NOJS_FOLDERS[other]
    up = "../" * (here.count("/") + 1)
    to_other = up + there + "/"
    links = (
        f'<p class="links"><a href="{to_other}">{"Let the bot start" if other is Player.O else "Start yourself"}</a>'
        f' · <a href="{up}no-javascript/">How this page works</a> · <a href="{up}">The full game</a></p>'
    )
    page = nojs(human).html.replace("</main>", links + "\n</main>", 1)
    return with_csp(page)


def nojs_figures() -> str:
    """The docs' table of what each edition weighs, measured on this build."""
    rows = [
        "| edition | human move sequences | bot replies | selectors | index.html | nojs.css | nojs.css gzipped |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for human, folder in NOJS_FOLDERS.items():
        edition = nojs(human)
        css = edition.css.encode()
        name = f"[you play {human}](../{folder}/)"
        rows.append(
            f"| {name} | {edition.sequences:,} | {edition.replies:,} | {edition.selectors:,} "
            f"| {len(nojs_page(human).encode()):,} B | {len(css):,} B | {len(gzip.compress(css, 9)):,} B |"
        )
    return "\n".join(rows)


def write_editions(site: Path) -> None:
    """Each edition's index.html and nojs.css, in its folder of the site."""
    for human, folder in NOJS_FOLDERS.items():
        out = site / folder
        out.mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(nojs_page(human))
        (out / "nojs.css").write_text(nojs(human).css)
