"""Offline and installable: the service worker, its versioned cache, the manifest."""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board, Player, Result, analyze
from pyengine.policy import fixed_move

from .conftest import (
    READY,
    Watch,
    board_of,
    click_cell,
    in_charge,
    new_context,
    run_python,
    settle,
    turn,
    wait_until,
)


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
    return list(
        page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }""")
    )


def test_one_visit_caches_the_pages_and_the_runtime(visited: Page, base_url: str) -> None:
    """After the first visit the cache holds the pages, Pyodide, PyScript and the
    engine, each by an address that carries its digest; not the full standard library."""
    keys = visited.evaluate("caches.keys()")
    build = re.search(r'const BUILD = "([0-9a-f]+)"', visited.request.get(base_url + "sw.js").text())
    assert build and keys == [f"pyengine-{build[1]}"], "one cache, named for this build; the old one deleted"
    cached = cached_paths(visited)
    for path in ("/", "/facts/", "/runtime/pyscript/core-C9KDLldu.js"):
        assert path in cached, path
    for path in (
        r"/runtime/pyodide/pyodide\.asm\.wasm\?v=[0-9a-f]{16}",
        r"/runtime/pyscript/core\.js\?v=[0-9a-f]{16}",
        r"/runtime/pyengine-[0-9a-f]{16}\.zip",
        r"/py/main\.py\?v=[0-9a-f]{16}",
        r"/runtime/pyodide/python_stdlib\.min\.zip\?v=[0-9a-f]{16}",
    ):
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
    page does not list (the search page's explorer_page.py, tools/runtime/page_files.py),
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
    assert wait_until(
        visited,
        "async () => (await (await caches.open((await caches.keys())[0])).keys())"
        ".some((request) => request.url.includes('/python_stdlib.zip?v='))",
    ), "kept"
    online.set_offline(True)
    try:
        visited.goto(visited.url.split("?")[0])
        visited.wait_for_selector(READY, timeout=60_000)
        visited.wait_for_selector("html[data-full-stdlib='staged']", state="attached", timeout=30_000)
        result = run_python(visited, "import decimal\nresult = str(decimal.Decimal(1) / decimal.Decimal(8))")
        assert result == "0.125"
    finally:
        online.set_offline(False)


def test_offline_the_strategy_map_fetched_on_demand_still_opens(
    visited: Page, online: BrowserContext, base_url: str
) -> None:
    """The map the strategy page fetches only when it is shown (the bot as O) was
    precached with the rest: a link to it works offline, zoomed where it points."""
    node = f"4,{fixed_move(Board.empty().play(4))}"
    online.set_offline(True)
    try:
        visited.goto(base_url + f"strategy-map/?map=O&moves={node}")
        visited.wait_for_selector("[data-map='O'] g.sm-node > use[tabindex]", timeout=60_000)
        assert visited.get_attribute("[data-map='O']", "data-moves") == node
    finally:
        online.set_offline(False)
