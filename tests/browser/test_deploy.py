"""A deploy reaches a returning visitor whole: never old files mixed with new.

The experiment: the site served as a static host would, a visitor's service
worker installed, then the host serves a new build of the same tree in which
one line was added to the engine and to each of the page's Python files; the
visitor comes back twice. Every file the page receives on both visits must be
the new build's, the page's Python must run the new build's code, with no
error; and once the new worker has taken over, its cache holds the new
build's bytes at every address. Once with a host that says files stay fresh
for ten minutes (``Cache-Control: max-age=600``), once with one that says
nothing (the browser then guesses freshness from the files' age: the first
build's files are dated a day back).

The second build is made by mkdocs from a copy of the tree (node_modules
shared, so its caches of compressed files and the derived standard library
serve both builds).
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import threading
import time
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from playwright.sync_api import Browser, Page, Response

from tools.dev.browser import QuietHandler, serve

from .conftest import READY, RECORD_CSP_VIOLATIONS, ROOT, Watch, build_site, built, in_charge, new_context, run_python

# The line the second build adds to the engine and to each of the page's Python files.
ADDED = '__deploy__ = "second"\n'
# start.py is the script the page runs (its __main__, whose __deploy__ the
# page's own namespace shows); every other file the page lists in its files
# (those its Python can import: tools/runtime/page_files.py) is a module it imports.
LISTED_MODULES = """() => Object.values(JSON.parse(document.querySelector('script[type="py"][src]')
    .getAttribute("config")).files).filter((place) => place.endsWith(".py")).map((place) => place.slice(2, -3))"""


def build_second_site(base: Path) -> Path:
    """The site built from a copy of the tree with ADDED in the engine and the page's Python."""
    tree = base / "tree"
    # bench: its README's figures, in a page; tests/cs50: the students' files
    # whose faults the checker page lists (tools/pages/checker_markup.py).
    for name in ("pyengine", "site", "tools", "overrides", "bench", "tests/cs50"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "tests" / "__init__.py", tree / "tests" / "__init__.py")
    # mkdocs.yml; and what the engine's wheel and sdist are built from (tools/runtime/downloads.py).
    for name in ("mkdocs.yml", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tree / name)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    for module in [tree / "pyengine" / "__init__.py", *(tree / "site" / "py").glob("*.py")]:
        module.write_text(module.read_text() + ADDED)
    return build_site(tree, base / "site")


# Made in the background after the suite's own build (conftest.Builds), while other tests run.
BUILD = build_second_site


@pytest.fixture(scope="module")
def second_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(request, __name__, build_second_site, tmp_path_factory.mktemp("second"))


@pytest.fixture(scope="module")
def first_site(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The suite's build, its files dated a day back (as a deploy's files would be)."""
    copy = tmp_path_factory.mktemp("first") / "site"
    shutil.copytree(site_dir, copy)
    day_ago = time.time() - 86_400
    for path in copy.rglob("*"):
        os.utime(path, (day_ago, day_ago))
    return copy


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# Playwright hands over a text body as Chromium decoded it, encoded again as
# UTF-8; Chromium decodes a fetched .py file as windows-1252 (the WHATWG
# table: latin-1 but for these bytes).
WINDOWS_1252 = {b: bytes([b]).decode("cp1252") for b in range(0x80, 0xA0) if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}


def digests(data: bytes) -> set[str]:
    """The SHA-256 of a file's bytes, and of them as Playwright may hand them over."""
    return {sha256(data), sha256(data.decode("latin-1").translate(WINDOWS_1252).encode())}


class Received(NamedTuple):
    """A response the page received: its URL, status and body's SHA-256."""

    url: str
    status: int
    sha256: str


class Host:
    """A static host for one build at a time (``site``, switched by the test),
    that may send Cache-Control; ``handler`` serves its requests, and
    ``revalidated`` counts those that asked whether a copy the browser's HTTP
    cache holds is still good (If-Modified-Since)."""

    def __init__(self, site: Path, cache_control: str | None) -> None:
        self.site = site
        self.revalidated = 0
        host = self

        class Handler(QuietHandler):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(host.site), **kwargs)

            def send_head(self) -> Any:
                host.revalidated += "If-Modified-Since" in self.headers
                return super().send_head()

            def end_headers(self) -> None:
                if cache_control:
                    self.send_header("Cache-Control", cache_control)
                super().end_headers()

        self.handler = Handler


@pytest.fixture(scope="module", params=["max-age=600", None], ids=["max-age", "no-headers"])
def host(request: pytest.FixtureRequest, first_site: Path) -> Iterator[tuple[Host, str]]:
    host = Host(first_site, request.param)
    server = ThreadingHTTPServer(("127.0.0.1", 0), host.handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield host, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def file_of(site: Path, url: str, base_url: str) -> Path:
    """The file of ``site`` that ``url`` names (a page by its folder; any query ignored)."""
    path = url[len(base_url) :].split("?")[0].split("#")[0]
    return site / (path + "index.html" if path == "" or path.endswith("/") else path)


def build_of(site: Path) -> str:
    """The build id ``site``'s worker names its cache by."""
    return (site / "sw.js").read_text().split('const BUILD = "', 1)[1].split('"', 1)[0]


def visit(page: Page, base_url: str) -> list[Received]:
    """Load the home page until its Python runs; every response from the site
    the page received, with the SHA-256 of its body."""
    received: list[Response] = []

    def receive(response: Response) -> None:
        received.append(response)

    page.on("response", receive)
    page.goto(base_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_load_state("load")
    page.remove_listener("response", receive)
    return [Received(r.url, r.status, sha256(r.body())) for r in received if r.url.startswith(base_url)]


@pytest.fixture(scope="module")
def after_deploy(
    browser: Browser, watch: Watch, host: tuple[Host, str], second_site: Path
) -> Iterator[tuple[Page, list[list[Received]]]]:
    """A visit with the first build until its worker is in charge; the host
    switched to the second build; two visits. The page, and what each of the
    two visits received.

    The context routes nothing: Playwright turns the browser's HTTP cache off
    while any route is set, and that cache is half of the experiment. Requests
    that leave 127.0.0.1 are recorded all the same (the machine has no way out)."""
    server, base_url = host
    context = browser.new_context(service_workers="allow")
    context.add_init_script(RECORD_CSP_VIOLATIONS)
    context.on(
        "request",
        lambda request: (
            None
            if request.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
            else watch.outside.append(request.url)
        ),
    )
    page = watch.attach(context.new_page())
    visit(page, base_url)
    in_charge(page)
    server.site = second_site
    visits = [visit(page, base_url), visit(page, base_url)]
    yield page, visits
    context.close()


def test_after_a_deploy_every_file_a_page_receives_is_the_new_builds(
    after_deploy: tuple[Page, list[list[Received]]],
    host: tuple[Host, str],
    first_site: Path,
    second_site: Path,
) -> None:
    """On both visits after the switch, each response's bytes are the second
    build's file at that address, and the page's Python is the second build's;
    the browser's HTTP cache held the first build's files all along."""
    page, visits = after_deploy
    server, base_url = host
    assert server.revalidated, "the browser's HTTP cache was on: it asked whether its copies were still good"
    for number, received in enumerate(visits, 1):
        assert any("/runtime/pyengine-" in response.url for response in received), "the engine was received"
        for response in received:
            assert response.status == 200, f"visit {number}: {response.url} HTTP {response.status}"
            new, old = file_of(second_site, response.url, base_url), file_of(first_site, response.url, base_url)
            assert new.is_file(), f"visit {number}: {response.url} is no file of the new build"
            where = f"visit {number}: {response.url}"
            if old.is_file() and old.read_bytes() != new.read_bytes():
                assert response.sha256 not in digests(old.read_bytes()), f"{where} is the old build's"
            assert response.sha256 in digests(new.read_bytes()), f"{where} is not the new build's"
    assert page.get_attribute("html", "data-runtime") == "ready"
    modules = sorted(page.evaluate(LISTED_MODULES))
    assert "main" in modules
    imports = "".join(f"import {module}\n" for module in modules)
    ran = run_python(
        page,
        f"import pyengine\n{imports}result = [pyengine.__deploy__, __deploy__, "
        + ", ".join(f"{module}.__deploy__" for module in modules)
        + "]",
    )
    assert ran == ["second"] * (2 + len(modules)), "the engine, the page's script and each module: new build's"


def test_after_a_deploy_the_workers_cache_holds_the_new_builds_bytes(
    after_deploy: tuple[Page, list[list[Received]]],
    host: tuple[Host, str],
    second_site: Path,
) -> None:
    """Once the new worker has taken over, its cache is the only one, and holds
    the second build's bytes at every address it keeps: every file the new
    worker lists, but the full standard library, which comes when needed."""
    page, _ = after_deploy
    _, base_url = host
    in_charge(page, build_of(second_site))
    held = page.evaluate(
        """async (name) => {
        const cache = await caches.open(name);
        const held = {};
        for (const request of await cache.keys()) {
            const bytes = await (await cache.match(request)).arrayBuffer();
            const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
            held[request.url] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
        }
        return held;
    }""",
        f"pyengine-{build_of(second_site)}",
    )
    worker = (second_site / "sw.js").read_text()
    listed = {line.split('"')[1] for line in worker.splitlines() if line.startswith('"') and '": "' in line}
    lazy = {address for address in listed if address.startswith("runtime/pyodide/python_stdlib.zip?")}
    assert len(lazy) == 1
    cached = {url[len(base_url) :] for url in held}
    assert cached == listed - lazy, f"missing {sorted(listed - lazy - cached)}, not listed {sorted(cached - listed)}"
    for url, digest in held.items():
        assert digest == sha256(file_of(second_site, url, base_url).read_bytes()), url


def test_after_a_deploy_the_new_build_plays_offline(
    after_deploy: tuple[Page, list[list[Received]]], second_site: Path
) -> None:
    """With the new worker in charge, the network gone, a reload runs the new build."""
    page, _ = after_deploy
    in_charge(page, build_of(second_site))
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(READY, timeout=60_000)
        assert run_python(page, "import pyengine\nresult = [pyengine.__deploy__, __deploy__]") == ["second"] * 2
    finally:
        page.context.set_offline(False)


class ProjectPageHandler(QuietHandler):
    """A host that serves the site at /name/, as a project page, and its
    404.html for any missing address, with status 404 (GitHub Pages does)."""

    PREFIX = "/name/"

    def send_head(self) -> Any:
        if self.path.startswith(self.PREFIX):
            self.path = "/" + self.path[len(self.PREFIX) :]
            target = self.translate_path(self.path)
            if os.path.exists(target) and (os.path.isfile(target) or os.path.isfile(target + "/index.html")):
                return super().send_head()
        page = Path(self.directory, "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        return io.BytesIO(page)


@pytest.mark.parametrize("missing", ["no/such/page/", "about/no-such-part", "nope"])
def test_the_404_page_works_under_a_sub_path(browser: Browser, watch: Watch, site_dir: Path, missing: str) -> None:
    """At any missing address of a site hosted at /name/, the 404 page has its
    styles and scripts, and its links lead into /name/."""
    with serve(site_dir, ProjectPageHandler) as origin:
        context = new_context(browser, watch)
        page = context.new_page()
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        received: list[tuple[str, str, int]] = []
        page.on("response", lambda r: received.append((r.request.method, r.url, r.status)))
        try:
            document = page.goto(f"{origin}name/{missing}")
            assert document and document.status == 404
            page.wait_for_load_state("load")
            assert page.text_content("h1") == "404 - Not found"
            # The stylesheets are in the page (tools/pages/stylesheets.py), whatever its address.
            sheets = page.eval_on_selector_all("style[data-from]", "all => all.map((s) => [s.dataset.from, !!s.sheet])")
            assert len(sheets) >= 3 and all(loaded for _, loaded in sheets), sheets
            assert page.eval_on_selector_all("link[rel=stylesheet]", "links => links.length") == 0
            assert page.eval_on_selector(".md-header", "h => getComputedStyle(h).position") == "sticky"
            assert page.eval_on_selector("a.md-logo", "a => a.href") == f"{origin}name/"
            assert page.eval_on_selector("a[href='about/']", "a => a.href") == f"{origin}name/about/"
            failed = [(method, url) for method, url, status in received if status != 200]
            probes = [(method, url) for method, url in failed if method == "HEAD" and url.endswith("/sw.js")]
            assert failed == [("GET", f"{origin}name/{missing}"), *probes], "only the page and the probes for the root"
            assert page.evaluate("window.__cspViolations") == []
        finally:
            context.close()


def test_after_a_deploy_an_earlier_builds_address_gets_an_error_not_another_builds_file(
    after_deploy: tuple[Page, list[list[Received]]],
    first_site: Path,
    second_site: Path,
    watch: Watch,
) -> None:
    """A page of the first build still open would ask for its files by their
    old addresses: the server now has other bytes there, and the worker says
    so with an error rather than hand them over; this build's addresses, a
    retry's query added, are answered."""
    page, _ = after_deploy
    in_charge(page, build_of(second_site))
    outcome = "url => fetch(url).then((response) => response.text(), () => 'refused')"
    old, new = ((site / "py" / "main.py").read_bytes() for site in (first_site, second_site))
    assert page.evaluate(outcome, f"py/main.py?v={sha256(old)[:16]}") == "refused"
    assert watch.errors == ["Failed to load resource: net::ERR_FAILED"]  # the refusal, as the console says it
    watch.errors.clear()
    assert page.evaluate(outcome, f"py/main.py?v={sha256(new)[:16]}&attempt=2") == new.decode()
