"""Offline play and deploys: the app icons, every file's address carrying its
content's digest, and the service worker's list of what it keeps.

One build per page view: a page after a deploy must never run with a file of
the previous build, which the browser's HTTP cache (``Cache-Control:
max-age``, or its own heuristic freshness) and the service worker's cache both
still hold under the same address. So every file a page asks for by an address
written in the page carries its content's digest in that address: ``?v=`` and
the first hex digits of its SHA-256 (the file keeps its name, so the runtime's
own relative addresses, the tests and the docs keep working), or, for the two
files whose address PyScript reads the end of (the engine zip, an archive by
its ``.zip``; the loader, the interpreter by its ``.mjs``), in the file's name
itself. A new build's changed file thus has a new address, which no cache of
the old one can answer; an unchanged file keeps its address and its cached
copy. The service worker keeps each file under that address, for good.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from collections.abc import Callable
from pathlib import Path

from tools.pages import stylesheets
from tools.pages.icons import ico, icon

# 64 bits: a collision between two builds of one file is out of reach.
DIGEST_HEX = 16


def write_icons(site: Path) -> None:
    """The installable app's icons, drawn by tools/pages/icons.py, and the pages'
    favicon at /favicon.ico as well: a browser asks for that address when a
    page names no icon (the no-JavaScript pages), and would be answered 404."""
    icons = site / "assets" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(icon(size))
    (site / "favicon.ico").write_bytes(ico((site / "assets" / "images" / "favicon.png").read_bytes()))


# Not worth a place in the offline cache: the sitemap (dated, for crawlers),
# compressed copies, source maps, the API inventory for other docs sites,
# the search's stemmers for languages other than English, PyScript's editor
# and terminal chunks (this site uses neither), and the engine's wheel and
# sdist (for pip, never for play).
NOT_PRECACHED = re.compile(
    r"(^sitemap\.xml|\.(gz|br)$|\.map$|^objects\.inv$|^sw\.js$|^assets/javascripts/lunr/|^download/"
    r"|^runtime/pyscript/(codemirror|xterm|zip-|toml-|pyodide_graph))"
)
# Kept once a page has needed it, never downloaded ahead: the full standard
# library (2.5 MB), which only a reader's own code can need (tools/runtime/loader.mjs).
LAZY = frozenset({"runtime/pyodide/python_stdlib.zip"})
# PyScript's bundler names its chunks by their content (core-C9KDLldu.js), and
# core.js imports them by those names; the theme names its own files likewise
# (main.57a0d79d.min.css, workers/search.a7633da7.min.js, which its script
# asks for): their plain address is already their content's. PyScript's
# core.js is named by the page and by the site's scripts.
NAMED_BY_CONTENT = re.compile(
    r"^runtime/pyscript/(?!core\.js$)[^/]+\.js$|^assets/(javascripts|stylesheets)/(.+/)?[\w-]+\.[0-9a-f]{8}\.min\.(js|css)$"
)
# The site's own scripts (neither the runtime's nor the theme's, nor the worker,
# which is registered by its plain address), and where they name another
# file: `from "./x.js"`, `import("../x.mjs")`, `new URL("./x.js", import.meta.url)`.
OWN_SCRIPT = re.compile(r"^(?!runtime/|assets/javascripts/|sw\.js$).*\.m?js$")
JS_IMPORT = re.compile(r"""(?P<head>\bfrom\s*|\bimport\s*\(\s*|\bnew URL\(\s*)["'](?P<url>\.\.?/[^"'?#]*)["']""")
# PyScript reads the end of these files' addresses: they get the digest in their name.
RENAMED = ("runtime/pyengine.zip", "runtime/pyodide/loader.mjs")
# Where a page names a file: attributes, and the addresses in a PyScript
# config (the interpreter, the files to unpack).
URL_ATTRIBUTE = re.compile(r'\b(?P<name>src|href|data-src)="(?P<url>[^"]*)"')
PY_CONFIG = re.compile(r"(?<=\bconfig=')[^']*(?=')")
JSON_STRING = re.compile(r'"(?P<url>[^"]*)"')


def digest(data: bytes) -> str:
    """The digest an address carries, and the service worker checks."""
    return hashlib.sha256(data).hexdigest()[:DIGEST_HEX]


def versioned(path: Path) -> str:
    """The file's name with its content's digest, as an address beside it: ``name?v=DIGEST``."""
    return f"{path.name}?v={digest(path.read_bytes())}"


def site_files(site: Path) -> list[str]:
    """Every file of the built site, by its path from the site's root."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())


def name_by_content(site: Path) -> dict[str, str]:
    """Rename RENAMED to ``stem-DIGEST.suffix`` (their compressed copies too); old path -> new."""
    renamed = {}
    for old in RENAMED:
        path = site / old
        if not path.exists():
            continue  # a site without Python boards
        stem, dot, suffix = path.name.partition(".")
        new = path.with_name(f"{stem}-{digest(path.read_bytes())}{dot}{suffix}")
        for copy in ("", ".gz", ".br"):
            if path.with_name(path.name + copy).exists():
                path.with_name(path.name + copy).rename(new.with_name(new.name + copy))
        renamed[old] = new.relative_to(site).as_posix()
    return renamed


def address_of(site: Path, name: str, named: set[str]) -> str:
    """A file's address from the site's root: a page by its folder, a file
    named by its content (``named`` too) as it is, any other with ``?v=DIGEST``."""
    if name == "index.html" or name.endswith("/index.html"):
        return name[: -len("index.html")]
    if name.endswith(".html") or NAMED_BY_CONTENT.search(name) or name in named:
        return name
    return f"{name}?v={digest((site / name).read_bytes())}"


def addresses(site: Path, renamed: dict[str, str]) -> dict[str, str]:
    """Every file's address, by path."""
    named = set(renamed.values())
    return {name: address_of(site, name, named) for name in site_files(site)}


def _readdress(where: str, url: str, address: Callable[[str], str | None], renamed: dict[str, str]) -> str:
    """``url`` as written in the file ``where``, with the file's address if it
    names a file of the site that is not a page; otherwise as it was."""
    if not url or "?" in url or "#" in url or re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I):
        return url
    folder = posixpath.dirname(where)
    # Relative to the file; and the strategy map's data-src, relative to the
    # root (the page adds its base).
    for path in (posixpath.normpath(posixpath.join(folder, url)), posixpath.normpath(url)):
        path = renamed.get(path, path)
        found = None if path.endswith(".html") else address(path)
        if found is not None:
            head = url.rsplit("/", 1)[0] + "/" if "/" in url else ""
            return head + found.rsplit("/", 1)[-1]
    return url


def readdress_scripts(site: Path, renamed: dict[str, str]) -> None:
    """Write each file's address wherever one of the site's own scripts
    imports it, a script's imports before the script (their addresses change)."""
    scripts = {name for name in site_files(site) if OWN_SCRIPT.search(name)}
    named = set(renamed.values())
    done: set[str] = set()

    def address(path: str) -> str | None:
        if path in scripts:
            rewrite(path)
        return address_of(site, path, named) if (site / path).is_file() else None

    def rewrite(name: str) -> None:
        if name in done:
            return
        done.add(name)  # an import cycle ends here, with the address as it stands
        source = (site / name).read_text()
        (site / name).write_text(
            JS_IMPORT.sub(
                lambda found: found["head"] + json.dumps(_readdress(name, found["url"], address, renamed)), source
            )
        )

    for name in sorted(scripts):
        rewrite(name)


def readdress_pages(site: Path, known: dict[str, str], renamed: dict[str, str]) -> None:
    """Write each file's address wherever a page names it."""
    for page in (name for name in site_files(site) if name.endswith(".html")):
        source = (site / page).read_text()

        def attribute(found: re.Match[str], page: str = page) -> str:
            url = found["url"]
            if page == "404.html" and url.startswith("/") and not url.startswith("//"):
                url = url[1:] or "."  # from the root the page finds at run time (overrides/404.html)
            return f'{found["name"]}="{_readdress(page, url, known.get, renamed)}"'

        def config(found: re.Match[str], page: str = page) -> str:
            return JSON_STRING.sub(lambda s: json.dumps(_readdress(page, s["url"], known.get, renamed)), found[0])

        source = PY_CONFIG.sub(config, URL_ATTRIBUTE.sub(attribute, source))
        if page == "404.html":  # the theme's search worker, from the page's base
            source = source.replace('"search": "/assets/', '"search": "assets/')
        (site / page).write_text(source)


def write_service_worker(site: Path) -> None:
    """Give every file its address in the pages, then fill in sw.js: the
    address and digest of each file it keeps, and a build id digested from them."""
    renamed = name_by_content(site)
    readdress_scripts(site, renamed)
    readdress_pages(site, addresses(site, renamed), renamed)
    # The stylesheets every page now carries inside it are files no page asks for.
    unasked = stylesheets.only_inlined(site)
    kept = {
        path: url
        for path, url in addresses(site, renamed).items()
        if not NOT_PRECACHED.search(path) and path not in unasked
    }
    files = {url: digest((site / path).read_bytes()) for path, url in kept.items()}
    lazy = sorted(kept[path] for path in LAZY if path in kept)
    build = digest(json.dumps(files, sort_keys=True).encode())
    worker = site / "sw.js"
    source = worker.read_text()
    source = source.replace('"__BUILD__"', json.dumps(build))
    source = source.replace('{"__FILES__": ""}', json.dumps(files, indent=0, sort_keys=True))
    source = source.replace('["__LAZY__"]', json.dumps(lazy))
    worker.write_text(source)
