"""The runtime the page starts: the site's loader, the trimmed standard library
with the rest on demand, and what the page says when the runtime cannot load.

One page serves the tests of a working runtime; each failure scenario needs a
page of its own (a failed start, then a retry: two Pyodide starts).
"""

from __future__ import annotations

import fnmatch
import re
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from pyengine import Board, Player, analyze
from pyengine.policy import against_fixed_bot
from tools.runtime import runtime, stdlib

from .conftest import READY, Watch, board_of, click_cell, new_context, run_python, settle, turn

NOTICE = "[data-board='game'] .ttt-runtime"
FULL_STDLIB = "runtime/pyodide/python_stdlib.zip"


def fetched(page: Page) -> list[str]:
    """The site paths this page has requested, in order."""
    return list(page.evaluate("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.slice(1))"))


def play_to_the_end(page: Page) -> None:
    """The person plays the best move until the game is over."""
    while turn(page) == "human":
        click_cell(page, analyze(board_of(page)).best[0])
        settle(page)


# -- a runtime that loads ---------------------------------------------------------


def test_the_site_loader_starts_pyodide(page: Page) -> None:
    """PyScript's interpreter is our loader: the page asks for it, for the trimmed
    standard library, and for neither the package index nor the full library."""
    paths = fetched(page)
    loader = next(path for path in paths if re.fullmatch(r"runtime/pyodide/loader-[0-9a-f]+\.mjs", path))
    assert "runtime/pyodide/python_stdlib.min.zip" in paths
    # The loader starts Pyodide as a script of the page; PyScript, asking
    # later, shares that start: one download of each runtime file.
    assert page.locator('head script[type="module"][async][src^="runtime/pyodide/loader-"]').count() == 1
    assert paths.count(loader) == 1
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.min.zip"):
        assert paths.count(f"runtime/pyodide/{name}") == 1, name
    assert "runtime/pyodide/pyodide-lock.json" not in paths and FULL_STDLIB not in paths
    assert page.get_attribute("html", "data-runtime") == "ready"
    assert page.is_hidden(NOTICE)
    finders = run_python(page, "import sys\nresult = [getattr(f, '__name__', '') for f in sys.meta_path]")
    assert finders[-1] == "StdlibOnDemand"  # type: ignore[index]
    # The trimmed library is bytecode compiled at build time: nothing compiled here.
    origin = run_python(page, "import json.decoder\nresult = json.decoder.__file__")
    assert str(origin).endswith(".zip/json/decoder.pyc"), origin


def test_the_modules_the_page_starts_with_are_bytecode_imported_one_by_one(page: Page) -> None:
    """The engine's modules the page imports as it starts come as bytecode
    (sourceless, compiled at build time), and the page's own ones with checked
    bytecode that matches the source PyScript wrote beside it, so Python uses
    it; the script names them for the start hooks, in the build's order."""
    started = page.get_attribute('script[type="py"][src]', "data-start-modules")
    assert started and started.split() == runtime.start_modules()
    first = runtime.imported_at_start()
    engine = [name for name in first if name.startswith("pyengine.")]
    pages = [name for name in first if not name.startswith("pyengine")]
    found = run_python(
        page,
        f"""
import importlib.util, sys
result = {{}}
for name in {engine!r}:
    result[name] = sys.modules[name].__file__
for name in {pages!r}:
    module = sys.modules[name]
    with open(module.__file__, "rb") as source, open(module.__cached__, "rb") as cached:
        result[name] = cached.read()[8:16] == importlib.util.source_hash(source.read())
""",
    )
    assert isinstance(found, dict)
    for name in engine:
        assert str(found[name]).endswith(f"/pyengine/{name.split('.')[1]}.pyc"), found[name]
    for name in pages:
        assert found[name] is True, name


def test_the_start_hooks_import_every_start_module_before_the_script(page: Page, site_dir: Path) -> None:
    """Each module the script names for the start hooks was imported by them,
    in its own turn, not by the script's `import main`: the hooks freeze what
    each of their imports made (gc.freeze), and every one of these modules is
    frozen, where main, imported by the script, is not (a module the hooks
    fail to import is imported by main, unfrozen). PyScript's package is among
    them, imported from the engine zip before PyScript's prelude writes it:
    the bytecode Python found beside it is the shipped one, whose hash is that
    of the texts PyScript wrote (Pyodide writes no bytecode of its own)."""
    started = (page.get_attribute('script[type="py"][src]', "data-start-modules") or "").split()
    assert any(name.split(".")[0] == "pyscript" for name in started)
    found = run_python(
        page,
        f"""
import gc, importlib.util, os, sys
import pyscript
tracked = {{id(module) for module in gc.get_objects() if type(module) is type(sys)}}
result = {{name: id(sys.modules[name]) not in tracked for name in [*{started!r}, "main"]}}
folder = os.path.dirname(pyscript.__file__)
for name in os.listdir(os.path.join(folder, "__pycache__")):
    with open(os.path.join(folder, "__pycache__", name), "rb") as pyc:
        result[name] = [pyc.read().hex()]
    with open(os.path.join(folder, name.split(".")[0] + ".py"), "rb") as source:
        result[name].append(importlib.util.source_hash(source.read()).hex())
""",
    )
    assert isinstance(found, dict)
    assert {name: found[name] for name in started} == dict.fromkeys(started, True)
    assert found["main"] is False
    with zipfile.ZipFile(next((site_dir / "runtime").glob("pyengine-*.zip"))) as zf:
        shipped = {
            name.rsplit("/", 1)[1]: zf.read(name).hex()
            for name in zf.namelist()
            if name.startswith("pyscript/__pycache__/")
        }
    assert shipped
    for name, pyc in shipped.items():
        assert found.get(name, [None])[0] == pyc, name
        assert pyc[16:32] == found[name][1], f"{name}: PyScript wrote other texts than the zip's"


def test_pyodide_still_starts_the_way_the_loader_cuts_it() -> None:
    """The loader cuts Pyodide's start in turns (tools/runtime/loader.mjs, inTurns)
    through Emscripten's instantiateWasm option and Pyodide's private API.rawRun, before the bootstrap's own first
    step, `import _pyodide_core`: both still hold in the Pyodide the site ships
    (without them the start is one long task again, but still works)."""
    source = (stdlib.PYODIDE_DIR / "pyodide.asm.mjs").read_text()
    assert "API.rawRun=" in source
    # The wasm's instantiation and Emscripten's linking come apart through
    # the instantiateWasm option Pyodide sets, whose callback links.
    assert 'Module["instantiateWasm"](info,(inst,mod)=>{resolve(receiveInstance(inst,mod))' in source
    assert "instantiateWasm:" in (stdlib.PYODIDE_DIR / "pyodide.mjs").read_text()
    bootstrap = source[source.index("API.finalizeBootstrap=function") :][:200]
    assert 'API.rawRun("import _pyodide_core")' in bootstrap


def test_no_page_preloads_the_wasm(site_dir: Path) -> None:
    """Chromium keeps the compiled wasm in its code cache, for the next visit to
    load instead of compiling it again, only when the module is streamed from
    a response of fetch(), the way the loader asks for it first: a wasm the
    head preloaded (link rel=preload) was compiled afresh at every visit
    (bench/HISTORY.md, "The wasm's code cache")."""
    for path in sorted(site_dir.rglob("*.html")):
        links = re.findall(r"<link\b[^>]*>", path.read_text())
        assert not [link for link in links if "pyodide.asm.wasm" in link], path.relative_to(site_dir)


def test_the_loader_gives_other_scripts_the_runtime_files_addresses(page: Page) -> None:
    """A script that starts a Pyodide of its own (a Web Worker) imports the loader by
    its address and gets the runtime files by the addresses the page itself asks for them by."""
    given = page.evaluate("""async () => {
        const loader = await import(document.querySelector('script[src*="/pyodide/loader-"]').src);
        return [loader.runtimeFiles, loader.lockFileContents.packages];
    }""")
    files, packages = given
    preloaded = page.eval_on_selector_all("link[rel=preload], link[rel=modulepreload]", "ls => ls.map((l) => l.href)")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", stdlib.TRIMMED_NAME):
        assert files[name] in preloaded, name
    # The wasm is not preloaded (test_no_page_preloads_the_wasm): the page's own start asked for it there.
    requested = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert files["pyodide.asm.wasm"] in requested
    assert re.search(r"/python_stdlib\.zip\?v=[0-9a-f]{16}$", files["python_stdlib.zip"])
    assert packages == {}


def test_the_loader_hands_polyscript_the_pages_files_it_downloaded(page: Page) -> None:
    """The engine zip and the page's Python are downloaded by the loader's
    attempt (so their failure is caught and retried) and each once: polyscript
    is answered from those bytes, after which fetch is the browser's own again."""
    paths = fetched(page)
    engine = [path for path in paths if re.fullmatch(r"runtime/pyengine-[0-9a-f]+\.zip", path)]
    assert len(engine) == 1
    for path in ("py/main.py", "py/game_view.py"):
        assert paths.count(path) == 1, path
    assert page.evaluate("String(globalThis.fetch).includes('[native code]')")


def test_the_trimmed_stdlib_holds_what_the_page_imports_and_no_more(page: Page, site_dir: Path) -> None:
    """After a whole game, every standard module the page has imported is in the
    trimmed zip, the full zip was never asked for, and the zip holds only the
    derived set (and the on-demand finder)."""
    play_to_the_end(page)
    imported = set(run_python(page, "import sys\nresult = sorted(sys.modules)"))  # type: ignore[arg-type]
    shipped = set(stdlib.stdlib_modules(site_dir / "runtime" / "pyodide" / stdlib.TRIMMED_NAME))
    everything = set(stdlib.stdlib_modules(stdlib.FULL_STDLIB))
    assert imported & everything <= shipped, "a module the page imports is missing from the trimmed zip"
    assert stdlib.ONDEMAND in imported
    derived = set(stdlib.derive(stdlib.derivation_plan(runtime.engine_modules())))
    assert shipped == derived | {stdlib.ONDEMAND}
    assert FULL_STDLIB not in fetched(page)


def test_a_missing_module_fails_at_once(page: Page) -> None:
    """A module that is no part of the standard library fails, with no download."""
    result = run_python(page, "import no_such_module\nresult = 'imported'")
    assert result == "ModuleNotFoundError: No module named 'no_such_module'"
    assert FULL_STDLIB not in fetched(page)


def test_the_rest_of_the_stdlib_comes_on_demand(page: Page) -> None:
    """A standard module not in the trimmed zip imports, from the full zip
    downloaded once, and works; the board still plays afterwards."""
    result = run_python(
        page,
        """
import decimal
import xml.dom.minidom
from email.mime.text import MIMEText
result = [
    xml.dom.minidom.parseString("<b>hi</b>").documentElement.toxml(),
    str(decimal.Decimal(1) / decimal.Decimal(8)),
    MIMEText("x").get_content_type(),
]
""",
    )
    assert result == ["<b>hi</b>", "0.125", "text/plain"]
    assert fetched(page).count(FULL_STDLIB) == 1
    page.click("[data-action='restart']")
    click_cell(page, 4)
    settle(page)
    assert board_of(page).ply == 2
    assert page.evaluate("window.__cspViolations") == []


# -- a runtime that cannot load ---------------------------------------------------

# What Chromium and Pyodide log while an attempt fails, line by line: expected here.
FAILED_ATTEMPT_LOG = re.compile(
    r"^$|Failed to load resource|Failed to fetch|wasm|standard library|Fatal Python error"
    r"|Python runtime state|No module named 'encodings'|Current thread|<no Python frame>|ExitStatus"
)


def only_the_failed_attempts_errors(watch: Watch) -> None:
    """The errors logged so far all come from the failed download; then forget them."""
    unexpected = [error for error in watch.errors if not FAILED_ATTEMPT_LOG.search(error)]
    assert not unexpected, f"errors other than the failed attempt's: {unexpected}"
    watch.errors.clear()


@pytest.mark.parametrize(
    "path, how",
    [
        ("runtime/pyodide/pyodide.asm.wasm", "404"),
        ("runtime/pyodide/python_stdlib.min.zip", "abort"),
        ("runtime/pyengine-*.zip", "404"),  # fetched by polyscript after Pyodide starts
        ("py/main.py", "abort"),
    ],
)
def test_a_failed_runtime_says_so_and_try_again_brings_python_up(
    module_context: BrowserContext,
    watch: Watch,
    base_url: str,
    path: str,
    how: str,
) -> None:
    """With a runtime file failing, the page says so in words and offers to try
    again; with the file back, Try again starts Python without reloading the
    page, and the board plays. The wasm comes back with a wrong MIME type,
    which the loader corrects."""
    page = watch.attach(module_context.new_page())
    file = path.rsplit("/", 1)[-1]
    broken = f"**/{path}*"

    def fail(route: Route) -> None:
        if how == "404":
            route.fulfill(status=404, body="not here")
        else:
            route.abort()

    def wrong_type(route: Route) -> None:
        route.fulfill(response=route.fetch(), content_type="application/octet-stream")

    try:
        page.route(broken, fail)
        page.goto(base_url)
        page.wait_for_selector(f"{NOTICE} [data-runtime-retry]", state="visible", timeout=10_000)
        words = page.text_content(f"{NOTICE} [data-runtime-message]") or ""
        said = re.match(r"The full game could not load: (\S+) could not be downloaded", words)
        assert said and fnmatch.fnmatch(said[1], file), words  # the engine zip by its name with its digest
        assert words.endswith("The board still plays.")
        assert page.get_attribute("html", "data-runtime") == "failed"
        assert page.get_attribute("table.ttt-board", "data-ready") != "true"
        only_the_failed_attempts_errors(watch)
        # The first-paint board plays on while Python is missing, and the retry keeps that game.
        page.locator("[data-board='game'] form.fp-board[data-human='X'] label[data-cell='4']:visible").click()
        carried = Board.empty()
        for cell in against_fixed_bot(Player.X, [4]):
            carried = carried.play(cell)

        page.unroute(broken)
        if file.endswith(".wasm"):
            page.route(broken, wrong_type)
        page.click(f"{NOTICE} [data-runtime-retry]")
        page.wait_for_selector(READY, timeout=60_000)
        only_the_failed_attempts_errors(watch)  # Pyodide may finish logging the failure late
        assert page.get_attribute("html", "data-runtime") == "ready"
        assert page.is_hidden(NOTICE)
        assert board_of(page) == carried
        cell = next(c for c in range(9) if carried[c] is None)
        click_cell(page, cell)
        settle(page)
        assert board_of(page).ply == 4
        assert page.evaluate("window.__cspViolations") == []
    finally:
        page.close()


def test_a_start_that_takes_too_long_says_so_and_try_again_works(
    browser: Browser,
    watch: Watch,
    base_url: str,
) -> None:
    """A download that stalls never fails: with the wasm held back past the
    watchdog, the page says the game is taking long, with Try again; a retry
    says so; once the files flow, Python comes up and the notice goes."""
    # A context of its own, for its clock: the watchdog's wait passes at once
    # (the page's timers run in real time otherwise).
    context = new_context(browser, watch)
    context.clock.install()
    page = watch.attach(context.new_page())
    held: list[Route] = []
    wasm = "**/runtime/pyodide/pyodide.asm.wasm*"

    def hold(route: Route) -> None:
        held.append(route)

    page.route(wasm, hold)
    try:
        page.goto(base_url)
        page.wait_for_function("() => document.documentElement.dataset.runtime === 'loading'")
        assert page.is_hidden(f"{NOTICE} [data-runtime-retry]")
        page.clock.fast_forward(runtime.WATCHDOG_MS)
        page.wait_for_selector(f"{NOTICE} [data-runtime-retry]", state="visible", timeout=15_000)
        assert page.get_attribute("html", "data-runtime") == "slow"
        words = page.text_content(f"{NOTICE} [data-runtime-message]")
        assert words == "The full game is taking long to load. The board still plays."
        page.click(f"{NOTICE} [data-runtime-retry]")
        page.wait_for_function("() => document.documentElement.dataset.runtime === 'loading'")
        assert page.text_content(f"{NOTICE} [data-runtime-message]") == "Trying again…"
        for route in held:
            route.continue_()
        page.unroute(wasm, hold)
        page.wait_for_selector(READY, timeout=60_000)
        assert page.get_attribute("html", "data-runtime") == "ready"
        assert page.is_hidden(NOTICE)
    finally:
        context.close()
