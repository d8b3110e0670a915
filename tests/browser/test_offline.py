"""Offline and installable: the service worker, its versioned cache, the manifest."""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board, Player, Result, analyze
from pyengine.policy import fixed_move

from .conftest import READY, Watch, board_of, click_cell, new_context, settle, turn
from .test_runtime import run_python


def wait_until(page: Page, condition: str, arg: Any = None) -> Any:
    """Poll the page's ``condition`` (a function of ``arg``, which may return a
    promise) until its value is truthy, for two minutes at most; its last value.
    Playwright's wait_for_function takes a promise for a truthy value at once."""
    return page.evaluate(f"""async (arg) => {{
        const condition = {condition};
        for (let waited = 0; waited < 120000; waited += 100) {{
            const value = await condition(arg);
            if (value) return value;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }}
        return condition(arg);
    }}""", arg)


# The service worker's state as the page sees it.
WORKERS = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const state = (worker) => worker && worker.state;
    return {
        active: state(registration && registration.active),
        installing: state(registration && registration.installing),
        waiting: state(registration && registration.waiting),
        controls: !!registration && !!registration.active && navigator.serviceWorker.controller === registration.active,
        caches: (await caches.keys()).filter((key) => key.startsWith("pyengine-")),
    };
}"""
# The worker of one build (any, if the cache's name is null) in charge: it
# controls the page, its activation is done (every other build's cache
# deleted), and no other worker is being installed. While none is, and
# another build's worker is in charge, the page asks the browser to look for
# a new one, as the visitor's next page view would (the browser looks after a
# navigation, when it sees fit; an install that failed is tried again then).
IN_CHARGE = f"""async (name) => {{
    const now = await ({WORKERS})();
    const done = now.active === "activated" && now.controls && !now.installing && !now.waiting
        && now.caches.length === 1 && (name === null || now.caches[0] === name);
    if (!done && name !== null && now.active === "activated" && !now.installing && !now.waiting) {{
        await (await navigator.serviceWorker.getRegistration()).update().catch(() => null);
    }}
    return done;
}}"""


def in_charge(page: Page, build: str | None = None) -> None:
    """Wait until the worker of ``build`` (any, if None) is in charge of the page."""
    name = None if build is None else f"pyengine-{build}"
    if not wait_until(page, IN_CHARGE, name):
        raise AssertionError(f"no worker of build {build or 'any'} in charge: {page.evaluate(WORKERS)}")


@pytest.fixture(scope="module")
def online(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    context = new_context(browser, watch, service_workers="allow")
    yield context
    context.close()


@pytest.fixture(scope="module")
def visited(online: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    """One visit to the home page, until the service worker controls it."""
    page = watch.attach(online.new_page())
    # A cache left by an earlier deploy, which the new worker must delete
    # (made from a file of the site that registers no worker).
    page.goto(base_url + "manifest.webmanifest")
    page.evaluate("caches.open('pyengine-from-an-earlier-deploy')")
    page.goto(base_url)
    page.wait_for_selector(READY, timeout=60_000)
    in_charge(page)
    yield page
    page.close()


def cached_paths(page: Page) -> list[str]:
    """The paths of what the service worker's cache holds, query and all."""
    return list(page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }"""))


def test_one_visit_caches_the_pages_and_the_runtime(visited: Page, base_url: str) -> None:
    """After the first visit the cache holds the pages, Pyodide, PyScript and the
    engine, each by an address that carries its digest; not the full standard library."""
    keys = visited.evaluate("caches.keys()")
    build = re.search(r'const BUILD = "([0-9a-f]+)"', visited.request.get(base_url + "sw.js").text())
    assert build and keys == [f"pyengine-{build[1]}"], "one cache, named for this build; the old one deleted"
    cached = cached_paths(visited)
    for path in ("/", "/facts/", "/runtime/pyscript/core-C9KDLldu.js"):
        assert path in cached, path
    for path in (r"/runtime/pyodide/pyodide\.asm\.wasm\?v=[0-9a-f]{16}", r"/runtime/pyscript/core\.js\?v=[0-9a-f]{16}",
                 r"/runtime/pyengine-[0-9a-f]{16}\.zip", r"/py/main\.py\?v=[0-9a-f]{16}",
                 r"/runtime/pyodide/python_stdlib\.min\.zip\?v=[0-9a-f]{16}"):
        assert any(re.fullmatch(path, url) for url in cached), path
    full = [url for url in cached if url.startswith("/runtime/pyodide/python_stdlib.zip")]
    assert not full, "fetched only when a page needs it"


def test_offline_a_reload_still_plays_a_full_game(visited: Page, online: BrowserContext) -> None:
    """With the network gone, the page reloads from the cache and a whole game is played."""
    online.set_offline(True)
    try:
        visited.reload()
        visited.wait_for_selector(READY, timeout=60_000)
        while turn(visited) == "human":
            click_cell(visited, analyze(board_of(visited)).best[0])
            settle(visited)
        final = board_of(visited)
        assert final.is_over and final.winner is not Player.X
        assert final.result is Result.DRAW  # perfect play on both sides
        assert visited.get_attribute("[data-board='game'] .ttt-banner", "data-result") == "draw"
    finally:
        online.set_offline(False)


def test_offline_other_pages_open_too(visited: Page, online: BrowserContext, base_url: str) -> None:
    """Pages not yet visited were cached too, with the page modules the home
    page does not list (the search page's explorer.py, tools/page_files.py),
    a shared ?pos= link works offline, and a page's address without its
    final slash leads to it."""
    online.set_offline(True)
    try:
        visited.goto(base_url + "how-the-bot-thinks/")
        visited.wait_for_selector(READY, timeout=60_000)
        visited.goto(base_url + "search/")
        visited.wait_for_selector("[data-explorer][data-ready='true']", timeout=60_000)
        visited.goto(base_url + "about?from=offline")  # sent to about/, as the host would
        assert visited.url == base_url + "about/?from=offline"
        assert visited.title().startswith("About")
        visited.goto(base_url + "?mode=two&pos=X.O/.X./...")
        visited.wait_for_selector(READY, timeout=60_000)
        assert str(board_of(visited)) == "X.O/.X./..."
    finally:
        online.set_offline(False)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_makes_it_installable(visited: Page, base_url: str) -> None:
    """A linked manifest with a start URL, standalone display and real PNG icons of the sizes it claims."""
    href = visited.get_attribute("link[rel=manifest]", "href")
    assert href
    manifest = visited.request.get(base_url + "manifest.webmanifest").json()
    assert manifest["display"] == "standalone" and manifest["start_url"] and manifest["name"]
    sizes = set()
    for entry in manifest["icons"]:
        data = visited.request.get(base_url + entry["src"]).body()
        width, height = png_size(data)
        assert entry["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    assert any("maskable" in entry.get("purpose", "") for entry in manifest["icons"])


def test_offline_the_rest_of_the_stdlib_still_comes_on_demand(visited: Page, online: BrowserContext) -> None:
    """The full standard library is fetched when a page first needs a module
    outside the trimmed zip, and kept: after that a page imports such a module
    offline, the full zip staged from the service worker's cache."""
    assert run_python(visited, "import fractions\nresult = str(fractions.Fraction(2, 6))") == "1/3"
    assert wait_until(visited, "async () => (await (await caches.open((await caches.keys())[0])).keys())"
                               ".some((request) => request.url.includes('/python_stdlib.zip?v='))"), "kept"
    online.set_offline(True)
    try:
        visited.goto(visited.url.split("?")[0])
        visited.wait_for_selector(READY, timeout=60_000)
        visited.wait_for_selector("html[data-full-stdlib='staged']", state="attached", timeout=30_000)
        result = run_python(visited, "import decimal\nresult = str(decimal.Decimal(1) / decimal.Decimal(8))")
        assert result == "0.125"
    finally:
        online.set_offline(False)


def test_offline_the_strategy_map_fetched_on_demand_still_opens(visited: Page, online: BrowserContext,
                                                                base_url: str) -> None:
    """The map the strategy page fetches only when it is shown (the bot as O) was
    precached with the rest: a link to it works offline, zoomed where it points."""
    node = f"4,{fixed_move(Board.empty().play(4))}"
    online.set_offline(True)
    try:
        visited.goto(base_url + f"strategy-map/?map=O&moves={node}")
        visited.wait_for_selector("[data-map='O'] g.sm-node[tabindex]", timeout=60_000)
        assert visited.get_attribute("[data-map='O']", "data-moves") == node
    finally:
        online.set_offline(False)
