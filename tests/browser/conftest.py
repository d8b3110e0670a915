"""Browser tests: the built site, served on 127.0.0.1, in headless Chromium.

- The site is built once per run (mkdocs build --strict) into a temporary
  folder and served by a thread on a free port.
- Chromium is the system's (CHROMIUM_PATH, or chromium on PATH); Playwright
  never downloads a browser.
- Every request is watched: one that leaves 127.0.0.1 fails the test (the
  test browser resolves no other host, so it never reaches the network), as
  does any uncaught page error. Requests are not routed through Playwright
  unless a test means to change an answer: routing sends each request through
  this process and turns the browser's HTTP cache off, which a visitor's
  browser never does.
- Each Pyodide start costs seconds, so modules share one page where they can,
  and a worker lends its modules one browser profile on disk in turn
  (``Profiles``), emptied of what each stored, for V8's code cache.
- The builds a run needs (the site, and any a module asks for with a
  ``BUILD`` function, such as test_deploy's second build) are made in a
  thread of their own, one after another, from the moment collection knows
  the run needs them; the browser tests run last, so that the tests that need
  no site run meanwhile on the other core.
- `make test` runs the suite in pytest-xdist's workers, a module to a worker
  (``--dist loadfile``), so that a module's shared page stays one page; the
  workers share one set of builds (``Builds``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, NamedTuple

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Request

from pyengine import Board
from pyengine.teaching.search import Algorithm, Order
from tools.dev import browser as tools_browser

ROOT = Path(__file__).resolve().parents[2]
READY = "table.ttt-board[data-ready='true']"


HERE = Path(__file__).parent


def in_browser(item: pytest.Item) -> bool:
    return HERE in Path(str(item.fspath)).parents


# Each browser module's seconds in one full run of `make test` on a quiet
# 2-core machine (2026-11-26), to hand the longest out first: a worker is
# given its next module as it runs out (--dist loadfile), and when the
# modules went out by their number of tests, the strategy map's six (80 s)
# went near the end and one worker waited 35 s for the other. A module not
# listed counts SECONDS_A_TEST a test. Only the order depends on these.
SECONDS = {
    "test_checker": 190,
    "test_explorer": 100,  # 122 before its random presses clicked without waiting for frames
    "test_docs": 84,
    "test_strategy_map": 59,  # 82 before its tab stops moved to the frames (6be1bea)
    "test_game": 45,  # 82 before its clock jumped over the bot's delay
    "test_deploy": 45,
    "test_learn": 41,
    "test_four": 37,
    "test_runtime": 36,
    "test_first_paint": 33,
    "test_offline": 31,
    "test_nojs": 30,  # 44 before its games clicked at the squares' centres
    "test_url": 24,
    "test_drill": 23,
    "test_tree": 19,
    "test_ladder": 14,
}
SECONDS_A_TEST = 1.5


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests, and run them last: the builds they need are
    made meanwhile (Builds). The longest browser modules go first (SECONDS),
    so that the workers do not end waiting on one long module; the order
    stays as collected otherwise."""
    sizes = Counter(Path(str(item.fspath)).stem for item in items if in_browser(item))
    for item in items:
        if in_browser(item):
            item.add_marker(pytest.mark.browser)

    def place(item: pytest.Item) -> tuple[bool, float, str]:
        module = Path(str(item.fspath)).stem
        if module not in sizes:
            return (False, 0, "")
        return (True, -SECONDS.get(module, SECONDS_A_TEST * sizes[module]), module)

    items.sort(key=place)


class Builds:
    """Site builds made in a thread of their own, one after another (they
    share node_modules' caches, which a build writes), each into its folder
    under ``base``; ``get(name)`` waits for one, and raises what made it fail.

    Under pytest-xdist every worker collects every test, so each starts the
    same list; the builds are made once for the whole run, still one after
    another, by the worker that claims them first (``mkdir`` of its claim is
    the one atomic step), and the others wait for each folder (or for the
    words of its failure) to appear."""

    def __init__(self, base: Path, jobs: dict[str, Callable[[Path], Path]]) -> None:
        self.base = base
        self._jobs = jobs
        self._done: dict[str, Path | BaseException] = {}
        self._changed = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="site builds", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            (self.base / "builder").mkdir()
        except FileExistsError:
            return  # another worker of this run makes them
        for name, build in self._jobs.items():
            if self._stopped:
                return
            try:
                result: Path | BaseException = build(self.base / name)
                self._tell(f"{name}.done", str(result))  # where it is, for the other workers
            except BaseException as error:  # pytest.fail's Failed too: the test that waits reports it
                result = error
                self._tell(f"{name}.failed", str(error) or type(error).__name__)
            with self._changed:
                self._done[name] = result
                self._changed.notify_all()

    def _tell(self, file: str, text: str) -> None:
        """Write ``text`` to ``file`` whole or not at all: another worker may be reading."""
        part = self.base / f"{file}.part"
        part.write_text(text)
        part.replace(self.base / file)

    def get(self, name: str) -> Path:
        with self._changed:
            while name not in self._done:
                done = self.base / f"{name}.done"
                if done.exists():
                    return Path(done.read_text())
                failed = self.base / f"{name}.failed"
                if failed.exists():
                    pytest.fail(failed.read_text(), pytrace=False)
                self._changed.wait(timeout=0.5)  # or made by another worker: look again
        result = self._done[name]
        if isinstance(result, BaseException):
            raise result
        return result

    def stop(self, worker: dict[str, Any] | None) -> None:
        """The run is over (perhaps early, with -x). In one process, a build
        under way is ended and the folders go. Under xdist (``worker``: its
        workerinput) every build is finished, since another worker may be
        waiting for one, and the last worker to leave removes the folders."""
        if worker is None:
            self._stopped = True
            for process in list(RUNNING):
                process.kill()
            shutil.rmtree(self.base, ignore_errors=True)
            return
        self._thread.join()
        (self.base / f"left-{worker['workerid']}").mkdir(exist_ok=True)
        if len(list(self.base.glob("left-*"))) >= worker["workercount"]:
            shutil.rmtree(self.base, ignore_errors=True)


BUILDS = pytest.StashKey[Builds]()


def shared_base(run: str) -> Path:
    """The folder of the builds of the xdist run ``run`` (its testrunuid)."""
    return Path(tempfile.gettempdir()) / f"pyengine-builds-{run}"


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the builds the selected browser tests need (none for --collect-only)."""
    chosen = [item for item in session.items if in_browser(item)]
    if not chosen or session.config.option.collectonly:
        return
    jobs: dict[str, Callable[[Path], Path]] = {"site": lambda out: build_site(ROOT, out)}
    for item in chosen:
        module = getattr(item, "module", None)
        build = getattr(module, "BUILD", None)
        if module is not None and build is not None:
            jobs.setdefault(module.__name__, build)
    worker = getattr(session.config, "workerinput", None)
    if worker is None:
        base = Path(tempfile.mkdtemp(prefix="pyengine-builds-"))
    else:
        base = shared_base(worker["testrunuid"])
        base.mkdir(exist_ok=True)
    session.config.stash[BUILDS] = Builds(base, jobs)


def pytest_unconfigure(config: pytest.Config) -> None:
    builds = config.stash.get(BUILDS, None)
    if builds is not None:
        builds.stop(getattr(config, "workerinput", None))


def built(request: pytest.FixtureRequest, name: str, build: Callable[[Path], Path], out: Path) -> Path:
    """The build ``name`` made in the background, or made now into ``out`` if none was started."""
    builds = request.config.stash.get(BUILDS, None)
    return builds.get(name) if builds is not None else build(out)


# Only 127.0.0.1 resolves in the test browser: a request for any other host
# fails there, and Watch names it.
ONLY_THIS_MACHINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


# Most of the suite's pages boot Pyodide, answer a few presses and close, and
# V8 would spend about as much CPU time again optimizing (TurboFan) the wasm
# the page then barely runs: the test browser keeps to V8's baseline compiler
# (Liftoff), which runs the same code. A module whose pages run Python for long
# (a check's worker, training, the 4x4 search) says OPTIMIZING = True and gets a
# browser as visitors have it. In one full run, the others' tests took 0.94 of
# their time, and the checker's 1.48 had it been given the baseline compiler.
# The optimizing compiler's code is kept in the profile's code cache, the
# baseline compiler's is not; still, with that cache working (the wasm no
# longer preloaded), the whole suite with the optimizing compiler everywhere
# took 1,314 CPU-s against 1,279 as it is (side by side, 2026-11-26).
BASELINE_WASM = "--js-flags=--liftoff-only"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    try:
        launch = tools_browser.launch_args()
    except tools_browser.NoChromiumError as error:
        pytest.fail(str(error))
    return {**browser_type_launch_args, **launch, "args": [*launch["args"], ONLY_THIS_MACHINE]}


def compiled(launch: dict[str, Any], optimizing: bool) -> dict[str, Any]:
    """``launch`` (browser_type_launch_args) for the baseline compiler, unless ``optimizing``."""
    return launch if optimizing else {**launch, "args": [*launch["args"], BASELINE_WASM]}


@pytest.fixture(scope="session")
def baseline_browser(
    launch_browser: Callable[..., Browser], browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    launched = launch_browser(**compiled(browser_type_launch_args, optimizing=False))
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def optimizing_browser(launch_browser: Callable[..., Browser]) -> Iterator[Browser]:
    launched = launch_browser()
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Browser:
    """The module's Chromium: the baseline compiler's, unless the module says OPTIMIZING."""
    optimizing = getattr(request.module, "OPTIMIZING", False)
    return request.getfixturevalue("optimizing_browser" if optimizing else "baseline_browser")  # type: ignore[no-any-return]


# The modules' own contexts are one browser profile on disk per worker (and
# per compiler), lent to one module at a time and emptied of what the module
# stored between them. A profile on disk keeps V8's code cache: a page boots
# Pyodide on about a quarter less CPU when the scripts it runs were compiled
# by an earlier page of the run (measured: fresh contexts 3.6-4.3 CPU-s a
# boot, later pages of one profile 2.5-3.1; test_docs and test_url took 81-86 s
# where they had taken 107-123). A context made by browser.new_context keeps
# its caches in memory, without the code cache, and gains nothing from being
# shared (tests that need a context of their own still make one).
class Profiles:
    """The worker's two profiles, each launched when a module first asks for it."""

    def __init__(self, browser_type: BrowserType, launch: dict[str, Any], folder: Path) -> None:
        self._browser_type, self._launch, self._folder = browser_type, launch, folder
        self._open: dict[bool, BrowserContext] = {}

    def get(self, optimizing: bool) -> BrowserContext:
        if optimizing not in self._open:
            context = self._browser_type.launch_persistent_context(
                self._folder / ("optimizing" if optimizing else "baseline"),
                **compiled(self._launch, optimizing),
                service_workers="block",
            )
            context.add_init_script(RECORD_CSP_VIOLATIONS)
            self._open[optimizing] = context
        return self._open[optimizing]

    def close(self) -> None:
        for context in self._open.values():
            context.close()


@pytest.fixture(scope="session")
def profiles(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Profiles]:
    kept = Profiles(browser_type, browser_type_launch_args, tmp_path_factory.mktemp("profiles"))
    yield kept
    kept.close()


# What a module may have left in the profile it was lent, besides its pages.
STORED = "cookies,file_systems,indexeddb,local_storage,cache_storage,service_workers,storage_buckets"


def hand_back(context: BrowserContext, origins: set[str]) -> None:
    """Leave ``context`` as the next module should find it: one blank page,
    no route, no permission, online, and nothing stored by any of
    ``origins`` (its HTTP and code caches kept)."""
    context.unroute_all(behavior="ignoreErrors")
    context.clear_permissions()
    context.set_offline(False)
    blank = context.pages[0] if context.pages else context.new_page()
    for page in context.pages:
        if page is not blank:
            page.close()
    blank.goto("about:blank")
    session = context.new_cdp_session(blank)
    for origin in sorted(origins):
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORED})
    session.detach()


RUNNING: set[subprocess.Popen[str]] = set()  # builds under way, ended with the run (Builds.stop)


def build_site(tree: Path, out: Path) -> Path:
    """The site of the source ``tree`` as `make build` makes it, into ``out``."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    with subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=tree,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as process:
        RUNNING.add(process)
        try:
            _, stderr = process.communicate()
        finally:
            RUNNING.discard(process)
    if process.returncode:
        pytest.fail(f"mkdocs build --strict of {tree} failed:\n{stderr[-3000:]}")
    return out


@pytest.fixture(scope="session")
def site_dir(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `make build` makes it, built afresh for this run."""
    return built(request, "site", lambda out: build_site(ROOT, out), tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1, as any static host would serve it."""
    with tools_browser.serve(site_dir, SiteWithAxe) as url:
        yield url


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL_PATH = "/__tests__/axe.min.js"


class SiteWithAxe(tools_browser.QuietHandler):
    """The site's files, and axe-core (from npm) at AXE_URL_PATH: served as if
    from the site, since the pages' policy lets in no inline script."""

    def translate_path(self, path: str) -> str:
        if path.split("?")[0] == AXE_URL_PATH:
            return str(AXE)
        return super().translate_path(path)


class Watch:
    """What went wrong in a context: page errors and requests off this machine."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.origins: set[str] = set()
        """Every origin on this machine that pages asked for something."""

    def request(self, request: Request) -> None:
        url = request.url
        if url.startswith("http://127.0.0.1:"):
            self.origins.add("/".join(url.split("/", 3)[:3]))
        elif not url.startswith(("data:", "blob:")):
            self.outside.append(url)

    def attach(self, page: Page) -> Page:
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        return page

    def check(self) -> None:
        errors, outside = self.errors[:], self.outside[:]
        self.errors.clear()
        self.outside.clear()
        assert not outside, f"requests left 127.0.0.1: {outside}"
        assert not errors, f"page errors: {errors}"


# Every page of every test records Content-Security-Policy violations, and
# reports each as a console error, which fails the test.
RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
    const what = `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`;
    window.__cspViolations.push(what);
    console.error("CSP violation: " + what);
});
"""


def new_context(browser: Browser, watch: Watch, **options: Any) -> BrowserContext:
    # The service worker's first install downloads the whole site for offline
    # use; only the offline tests want that.
    options.setdefault("service_workers", "block")
    context = browser.new_context(**options)
    context.on("request", watch.request)
    if options["service_workers"] == "allow":
        # Routed, every request passes the browser's HTTP cache by: what a
        # page gets offline then comes from the service worker's cache alone.
        context.route("**/*", lambda route: route.continue_())
    context.add_init_script(RECORD_CSP_VIOLATIONS)
    return context


@pytest.fixture(scope="module")
def watch() -> Watch:
    return Watch()


@pytest.fixture(autouse=True)
def _no_errors_and_no_outside_requests(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "watch" in request.fixturenames:
        request.getfixturevalue("watch").check()


@contextmanager
def lent(context: BrowserContext, watch: Watch) -> Iterator[BrowserContext]:
    """A profile of Profiles, watched by ``watch`` until it is handed back."""
    context.on("request", watch.request)
    try:
        yield context
    finally:
        context.remove_listener("request", watch.request)
        hand_back(context, watch.origins)


@pytest.fixture(scope="module")
def module_context(request: pytest.FixtureRequest, profiles: Profiles, watch: Watch) -> Iterator[BrowserContext]:
    """The module's context: the worker's profile (see Profiles), empty
    of what earlier modules stored (override per module for other options)."""
    with lent(profiles.get(optimizing=getattr(request.module, "OPTIMIZING", False)), watch) as context:
        yield context


class Opening(NamedTuple):
    """Where a module's page opens, and what the page shows once it can be used."""

    address: str = ""
    """Below the site's root, query included; the game's page if empty."""
    ready: tuple[str, ...] = (READY,)
    """Selectors the page matches once it can be used, waited for in turn."""

    def wait(self, page: Page) -> None:
        """Wait until ``page`` matches every ready selector (Pyodide may take a minute on a busy machine)."""
        for selector in self.ready:
            page.wait_for_selector(selector, timeout=120_000)


GAME_OPENING = Opening()


def open_page(context: BrowserContext, watch: Watch, url: str, opening: Opening = GAME_OPENING) -> Page:
    """A new page of ``context`` at ``url``, once it is ready as ``opening`` says."""
    page = watch.attach(context.new_page())
    page.goto(url)
    opening.wait(page)
    return page


@pytest.fixture(scope="module")
def page(request: pytest.FixtureRequest, module_context: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    """The module's one page, shared by its tests: Pyodide boots once per module,
    not once per test. It opens where the module's ``OPENING`` says (the game if
    the module names none), in the module's context (a fresh one, so its storage
    starts empty), and accepts the confirmations it asks for, as the person who
    pressed the button would."""
    opening: Opening = getattr(request.module, "OPENING", GAME_OPENING)
    page = open_page(module_context, watch, base_url + opening.address, opening)
    page.on("dialog", lambda dialog: dialog.accept())
    yield page
    page.close()


# -- reading and driving a board --------------------------------------------------


def board_of(page: Page, root: str = "[data-board]") -> Board:
    """The position the page shows, read from the cells' data-mark hooks."""
    marks = page.eval_on_selector_all(f"{root} .ttt-cell", "els => els.map(e => e.dataset.mark)")
    assert len(marks) in (9, 16)  # 3x3 or 4x4
    return Board.parse("".join(mark or "." for mark in marks))


def turn(page: Page, root: str = "[data-board]") -> str:
    return str(page.get_attribute(f"{root} table.ttt-board", "data-turn"))


def settle(page: Page, root: str = "[data-board]") -> None:
    """Wait until the bot has no move pending (after its deliberate delay)."""
    page.wait_for_function(
        "sel => document.querySelector(sel).dataset.turn !== 'bot'",
        arg=f"{root} table.ttt-board",
        timeout=10_000,
    )


WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


# The rules of WCAG 2.2 A/AA that axe judges by colour. A colour scheme
# changes colours and nothing else on the site's pages, so in the second
# scheme only these can find anything new: the others would judge the same
# page again (and color-contrast alone is about two thirds of a run).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe_violations(page: Page, rules: list[str] | None = None) -> list[dict[str, Any]]:
    """What axe-core (from npm, injected into the page) finds at WCAG 2.2 A/AA
    (or only by ``rules``, axe's rule ids)."""
    # A mark still fading in would be judged at part opacity: let finite animations end first.
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")
    if not page.evaluate("typeof axe !== 'undefined'"):
        origin = page.evaluate("location.origin")
        page.add_script_tag(url=origin + AXE_URL_PATH)
    # resultTypes: only the violations are read, so axe details no passing node (quicker on large pages).
    only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": WCAG_22_AA}
    result = page.evaluate("only => axe.run(document, {runOnly: only, resultTypes: ['violations']})", only)
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:4]} for v in result["violations"]
    ]


def axe_both_schemes(page: Page) -> list[dict[str, Any]]:
    """Violations in the light scheme, and then those of colour in the dark one."""
    was = _in_scheme(page, "light", LIGHT_SCHEME)
    try:
        assert page.evaluate(_BACKGROUND_LIGHTNESS) >= 0.5, "the light pass is not light"
        found = [{"scheme": "light", **v} for v in axe_violations(page)]
        _in_scheme(page, "dark", DARK_SCHEME)
        assert page.evaluate(_BACKGROUND_LIGHTNESS) <= 0.5, "the dark pass is not dark"
        found += [{"scheme": "dark", **v} for v in axe_violations(page, COLOUR_RULES)]
    finally:
        _in_scheme(page, "light", was)
    return found


LIGHT_SCHEME, DARK_SCHEME = "default", "slate"
"""The theme's schemes (mkdocs.yml's palettes for prefers-color-scheme light and dark)."""


def _in_scheme(page: Page, media: Literal["light", "dark"], scheme: str | None) -> str | None:
    """The system's scheme set to ``media`` and the theme's to ``scheme`` (the
    one it was, returned). The theme picks its palette as a page loads and
    keeps it: when the system's scheme changes on an open page, it puts back
    the palette it keeps, a task later, so a page opened in light stays light
    and a pass in dark would see only the site's own light-dark() rules. So
    this waits for the theme to be done, then sets the scheme as the theme
    does on a page loaded in that scheme."""
    page.evaluate(_AWAIT_THEME, media)
    page.emulate_media(color_scheme=media)
    return page.evaluate(_SCHEME, scheme)  # type: ignore[no-any-return]


_BACKGROUND_LIGHTNESS = """() => {
  // The page's own background (the body's, else the root's); a page that
  // paints none is the browser's canvas, in the scheme asked for: 0.5 passes both.
  for (const element of [document.body, document.documentElement]) {
    const [r, g, b, a = 1] = getComputedStyle(element).backgroundColor.match(/[\\d.]+/g).map(Number);
    if (a > 0) return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
  }
  return 0.5;
}"""
_AWAIT_THEME = """(media) => {
  // Settled at once when the system is in that scheme already; else once the
  // theme has answered the change (it marks the body data-md-color-switching
  // while it sets its palette), or after a second on a page where it does not.
  window.__themeSettled = matchMedia(`(prefers-color-scheme: ${media})`).matches ? Promise.resolve() :
    new Promise((done) => {
      const observer = new MutationObserver(() => {
        if (!document.body.hasAttribute('data-md-color-switching')) { observer.disconnect(); done(); }
      });
      observer.observe(document.body, {attributes: true, attributeFilter: ['data-md-color-switching']});
      setTimeout(() => { observer.disconnect(); done(); }, 1000);
    });
}"""
_SCHEME = """async (scheme) => {
  await window.__themeSettled;
  const was = document.body.getAttribute('data-md-color-scheme');
  if (scheme !== null) document.body.setAttribute('data-md-color-scheme', scheme);
  return was;
}"""


PRESENT_SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
"""A laptop on a projector and a full-HD screen: presentation mode fits both."""

_PRESENTED = """() => {
  const controls = [...document.querySelectorAll('button, a[href], select, input, summary, [tabindex="0"]')];
  const shown = controls.filter((c) => c.getClientRects().length && getComputedStyle(c).visibility !== 'hidden');
  const covered = shown.filter((c) => {
    const box = c.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !(hit && (hit === c || c.contains(hit)));
  }).map((c) => c.outerHTML.slice(0, 120));
  return {scroll: document.documentElement.scrollHeight, height: innerHeight, shown: shown.length, covered};
}"""


def presented(page: Page) -> dict[str, Any]:
    """Presentation mode as it stands: the document's scrollHeight and the
    window's height, how many controls show, and those that a click at their
    centre would miss (off the window, or under another element)."""
    result: dict[str, Any] = page.evaluate(_PRESENTED)
    return result


def click_cell(page: Page, cell: int, root: str = "[data-board]", *, force: bool = False) -> None:
    """Click a cell; ``force`` clicks even a cell the page marks aria-disabled
    (taken, or not the person's turn), as an impatient person would."""
    page.click(f"{root} .ttt-cell[data-cell='{cell}']", force=force)


# -- Python in the page ---------------------------------------------------------


def run_python(page: Page, code: str) -> object:
    """Run ``code`` in the page's interpreter (it sets ``result``); return
    ``result`` through JSON. The script is added by the test, as a reader's
    own ``<script type="py">`` would be: the site ships no hook for it, and the
    policy does not govern Python."""
    probe = f"probe-{page.evaluate('performance.now()'):.0f}"
    body = "\n".join("    " + line for line in code.strip().splitlines())
    source = (
        "import json\nfrom pyscript import document\ntry:\n"
        + body
        + "\nexcept BaseException as error:\n    result = f'{type(error).__name__}: {error}'\n"
        f"document.getElementById('{probe}').textContent = json.dumps(result)\n"
    )
    page.evaluate(
        """([probe, source]) => {
            const out = document.createElement("output");
            out.id = probe;
            out.hidden = true;
            document.body.append(out);
            const script = document.createElement("script");
            script.type = "py";
            script.textContent = source;
            document.body.append(script);
        }""",
        [probe, source],
    )
    page.wait_for_function("id => document.getElementById(id).textContent !== ''", arg=probe, timeout=30_000)
    return json.loads(page.text_content(f"#{probe}") or "null")


# -- the service worker -----------------------------------------------------------


def wait_until(page: Page, condition: str, arg: Any = None) -> Any:
    """Poll the page's ``condition`` (a function of ``arg``, which may return a
    promise) until its value is truthy, for two minutes at most; its last value.
    Playwright's wait_for_function takes a promise for a truthy value at once."""
    return page.evaluate(
        f"""async (arg) => {{
        const condition = {condition};
        for (let waited = 0; waited < 120000; waited += 100) {{
            const value = await condition(arg);
            if (value) return value;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }}
        return condition(arg);
    }}""",
        arg,
    )


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


# -- the search explorer ----------------------------------------------------------

EXPLORER = "[data-explorer]"


def wait_explorer(page: Page, condition: str, arg: object) -> None:
    """Wait (up to 30 s) until ``condition`` holds: a JavaScript expression of
    ``e``, the explorer's element, and ``arg``, passed as given."""
    page.wait_for_function(
        f"arg => {{ const e = document.querySelector('[data-explorer]'); return {condition}; }}",
        arg=arg,
        timeout=30_000,
    )


def search_for(page: Page, algorithm: Algorithm, board: Board) -> None:
    """Set the explorer to a search with its own form (alpha-beta in cell order)."""
    page.select_option("#ex-alg", algorithm.value)
    if algorithm is Algorithm.ALPHABETA:
        page.select_option("#ex-order", Order.CELLS.value)
    page.fill("#ex-pos", str(board))
    page.click(f"{EXPLORER} form button[type='submit']")
    page.wait_for_function(
        "([alg, pos]) => { const e = document.querySelector('[data-explorer]');"
        " return e.dataset.algorithm === alg && e.dataset.pos === pos && e.dataset.step === '1'; }",
        arg=[algorithm.value, str(board)],
    )
