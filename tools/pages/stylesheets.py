"""Every page carries its stylesheets in its own HTML, as <style> blocks.

Why: a page is painted only once its render-blocking stylesheets are in, and
asking for them takes a round trip after the HTML's first bytes. Over a
20 Mbit/s line with 40 ms of latency that trip put the first paint of the
game page at about 0.30 s; with its five stylesheets in the page, side by
side (2026-11-24), first paint came at 0.22 s and the first move a person
makes 0.13 s sooner. With the CPU slowed 4x, 10 pairs found no gain beyond
the spread of single visits (0.57 -> 0.62 s): the CPU parses the sheets
inside the HTML instead of beside it (bench/HISTORY.md). What it costs: each
page's HTML carries the sheets instead of the browser's cache holding them
once (the game page's five, 2026-11-28: 178 kB, about 32 kB gzipped as a
host sends the page; the explorer's, the drills' and the learners' pages
one or two more), which matters only until the service worker, installed on
the first visit, keeps every page.

A stylesheet is inlined as it is, so it must not name other files by
relative address (they would resolve against the page instead): the build
stops if one does.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

LINK = re.compile(r'<link rel="stylesheet" href="(?P<href>[^"]+)"[^>]*>')
INLINED = re.compile(r'<style data-from="(?P<path>[^"]+)">')
# What would read differently inside the page than in its own file.
RELATIVE = re.compile(r"""@import|url\(\s*(?!["']?(?:data:|#))""", re.I)


def site_path(page_url: str, href: str) -> str | None:
    """The site file a page's stylesheet link names, or None for another
    site's. ``page_url`` is the page's address from the site's root ("" for
    the home page, "search/"); a link from the root ("/assets/x.css") is the
    404 page's, which the host serves at any address."""
    if re.match(r"^[a-z][a-z0-9+.-]*:|^//", href, re.I):
        return None
    path = href.split("#")[0].split("?")[0]
    joined = path.lstrip("/") if path.startswith("/") else posixpath.join(posixpath.dirname(page_url), path)
    return posixpath.normpath(joined)


def inline(html_text: str, page_url: str, site: Path) -> str:
    """The page with each of its own stylesheet links replaced by the sheet."""

    def sheet(found: re.Match[str]) -> str:
        path = site_path(page_url, found["href"])
        if path is None:
            return found[0]
        css = (site / path).read_text()
        if RELATIVE.search(css) or "</style" in css.lower():
            raise SystemExit(
                f"{path}: names other files by relative address or closes a <style> element, "
                "so it cannot be inlined into the page as it is (tools/pages/stylesheets.py)"
            )
        return f'<style data-from="{path}">{css}</style>'

    return LINK.sub(sheet, html_text)


def only_inlined(site: Path) -> set[str]:
    """The stylesheets that pages carry written in and that no page links:
    files no page of the built site asks for, so the offline cache need not
    keep them (the host still serves them, for whoever links them from
    elsewhere)."""
    inlined: set[str] = set()
    linked: set[str] = set()
    for page in site.rglob("*.html"):
        text = page.read_text()
        inlined.update(INLINED.findall(text))
        folder = posixpath.dirname(page.relative_to(site).as_posix())
        page_url = f"{folder}/" if folder else ""
        linked.update(filter(None, (site_path(page_url, href) for href in LINK.findall(text))))
    return inlined - linked
