"""Offline play: the service worker's file list and build id, and the app icons."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tools.icons import icon


def write_icons(site: Path) -> None:
    """The installable app's icons, drawn by tools/icons.py."""
    icons = site / "assets" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(icon(size))


# Not worth a place in the offline cache: the sitemap (dated, for crawlers),
# compressed copies, source maps, the API inventory for other docs sites,
# the search's stemmers for languages other than English, and PyScript's
# editor and terminal chunks (this site uses neither).
NOT_PRECACHED = re.compile(
    r"(^sitemap\.xml|\.(gz|br)$|\.map$|^objects\.inv$|^sw\.js$|^assets/javascripts/lunr/"
    r"|^runtime/pyscript/(codemirror|xterm|zip-|toml-|pyodide_graph))"
)


def write_service_worker(site: Path) -> None:
    """Fill in sw.js: every file to cache, and a build id digested from them all."""
    files = sorted(
        path.relative_to(site).as_posix() for path in site.rglob("*")
        if path.is_file() and not NOT_PRECACHED.search(path.relative_to(site).as_posix())
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    # Pages are cached by their folder's address, as they are visited.
    urls = [name[: -len("index.html")] if name.endswith("index.html") else name for name in files]
    worker = site / "sw.js"
    source = worker.read_text()
    source = source.replace('"__BUILD__"', f'"{digest.hexdigest()[:16]}"')
    source = source.replace('["__PRECACHE__"]', "[\n  " + ",\n  ".join(f'"{url}"' for url in urls) + ",\n]")
    worker.write_text(source)
