"""Page load on real networks, measured in Chromium beside a bare Pyodide boot.

Serves the built site (default build/site; `make bench-load` builds it) on
127.0.0.1 twice: as plain files, as `python -m http.server` does, and by a
host that gzips text, JavaScript, WebAssembly and zip responses as common
static hosts do (tools.dev.browser.GzipHandler: a FILE.gz beside a file is sent
as it is, anything else is gzipped on the fly). With --baseline-site it
serves a second build the same ways, so before/after ratios come from one run.

For each condition (localhost; emulated 20 Mbit/s with 40 ms; emulated slow
mobile, 1.6 Mbit/s with 150 ms; a 4x slower CPU on localhost), each host and
each site, it alternates two cold visits, each in a fresh browser context:

  game page  a simulated person clicks the centre cell from the moment one is
             visible, every 50 ms, with real input events, until the X is
             shown: "first move accepted"; then engine ready (the Python
             board's data-ready); on localhost and 20 Mbit/s also, in a
             browser profile on disk as a visitor's browser keeps one, a
             repeat visit once the service worker is active and a later
             visit (the third): Chromium keeps compiled code (the wasm's too)
             only in a profile on disk, and for a response the service worker
             serves, only from the visit after the first one it served;
  bare page  only boots the same Pyodide files with loadPyodide() and runs
             one line of Python;
  press      (--press N, on localhost, 20 Mbit/s and 4x CPU) N more cold
             game visits, each with one real click on the top-left cell at
             its own moment, spread from first paint to a second after ready:
             the Event Timing API's duration of that interaction, from the
             press to the next paint after the page answered it (what the
             Interaction to Next Paint web vital measures).

Both record first contentful paint, every byte their requests (and their
workers') brought over the wire, headers included, and the longest
main-thread task of the visit (Long Tasks API). Times are the page's own
clock, zero at navigation start. Ratios are medians of paired runs, so the
machine's load at each moment weighs on both sides of a pair.

    python bench/load.py [--site DIR] [--baseline-site DIR] [--runs N] [--mobile-runs N] [--press N]
                         [--conditions localhost,20mbit,mobile,cpu4x] [--hosts plain,gzip]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.dev.browser import GzipHandler, NoChromiumError, QuietHandler, launch_args, serve  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request

# The bare boot fetches what Pyodide's own loadPyodide() does: its modules,
# the wasm, the full standard library and the package lock file. A site
# that no longer ships the lock file (its loader hands Pyodide one) still
# gets the npm package's, at a private path, so the reference stays the same.
BARE_PATH = "/__bare-pyodide__.html"
BARE_LOCK_PATH = "/__bare-pyodide__/pyodide-lock.json"
NPM_LOCK_FILE = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
BARE_PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>Booting Pyodide only.</p>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({lockFileURL: "/__bare-pyodide__/pyodide-lock.json"});
pyodide.runPython("1 + 1");
document.body.dataset.ready = "true";
</script></body></html>
"""

# The page contract: selectors that today's site and the one before the load
# work (4278e69, the usual baseline) both answer.
CELL = "[data-board='game'] [data-cell='4']"
MARK = "[data-board='game'] [data-cell='4'][data-mark='X']"
READY = "table.ttt-board[data-ready='true'], body[data-ready='true']"

# The probe's console messages to the simulated person (see PROBE).
SPOT_SAID = "__loadProbe: the centre cell shows at "
MARKED_SAID = "__loadProbe: the X shows"

# Installed in every page before its own scripts, as an init script: the
# site's Content-Security-Policy forbids eval, and init scripts are exempt.
# It polls every animation frame, on the bare page too, so both pay the same.
# It looks for the X only once the person has pressed: that look lays the
# page out, and doing it every frame from the start delayed the first paint
# it was there to measure.
#
# What the simulated person needs to know (where the centre cell shows, and
# that the X did) the probe tells by console messages, from the frame that
# shows it. Asking the page instead (page.evaluate every 50 ms, as this bench
# did until 2026-11-24) waits for the page's main thread to run the question,
# and while Python starts, its chain of scheduler.yield() turns goes first:
# such a question took 0.7-0.96 s to come back on localhost while no task
# was over 150 ms and real presses were answered within 128 ms. The first
# move then measured that wait, which no person has, not the page.
PROBE = """(() => {
    const probe = window.__loadProbe = {marked: null, ready: null, tasks: [], pressed: null, events: [], presses: []};
    new PerformanceObserver(list => {
        for (const task of list.getEntries()) probe.tasks.push([task.startTime, task.duration]);
    }).observe({type: "longtask", buffered: true});
    // Event Timing: every input event that took 16 ms or more from the input
    // to the next paint after its handlers ran (16 ms is the API's floor).
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) probe.events.push([e.name, e.startTime, e.duration, e.interactionId]);
    }).observe({type: "event", durationThreshold: 16, buffered: true});
    // When the first press happened (the input event's own time, not when
    // the page got round to it): from there to the X is what a person waits.
    // Every press, with the cell it landed on.
    addEventListener("pointerdown", event => {
        probe.pressed ??= event.timeStamp;
        const cell = event.target instanceof Element && event.target.closest("[data-cell]");
        probe.presses.push([event.timeStamp, cell ? cell.getAttribute("data-cell") : null]);
    }, {capture: true});
    probe.rendered = element => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && element.checkVisibility({visibilityProperty: true});
    };
    // Where the centre cell shows, from the frame that shows it: a
    // ResizeObserver is told inside that frame, once its layout is done, so
    // looking lays out nothing (a getBoundingClientRect every frame from the
    // moment the cell is in the document made the first paint's task 50 ms
    // longer), and nothing waits for a task of its own (an
    // IntersectionObserver's is one, and waited behind Python's start). The
    // site hides a board it does not show with display: none: size 0.
    const seeing = new ResizeObserver(entries => {
        const shown = entries.find(e => e.contentRect.width > 0 && probe.rendered(e.target));
        if (probe.spot !== undefined || !shown) return;
        const box = shown.target.getBoundingClientRect();
        probe.spot = {x: box.left + box.width / 2, y: box.top + box.height / 2};
        probe.shown = performance.now();
        seeing.disconnect();
        console.debug($SAID_SPOT + JSON.stringify(probe.spot));
    });
    const tick = () => {
        if (probe.spot === undefined) for (const cell of document.querySelectorAll($CELL)) seeing.observe(cell);
        const looking = probe.marked === null && probe.pressed !== null;
        if (looking && [...document.querySelectorAll($MARK)].some(probe.rendered)) {
            probe.marked = performance.now();
            console.debug($SAID_MARKED);
        }
        if (probe.ready === null && document.querySelector($READY)) probe.ready = performance.now();
        if (probe.marked === null || probe.ready === null) requestAnimationFrame(tick);
    };
    tick();
})();"""
for _name, _value in {
    "$CELL": CELL,
    "$MARK": MARK,
    "$READY": READY,
    "$SAID_SPOT": SPOT_SAID,
    "$SAID_MARKED": MARKED_SAID,
}.items():
    PROBE = PROBE.replace(_name, json.dumps(_value))

# Where a person would click now: the centre of the first rendered cell the
# selector names (the press visits ask once, early, before Python starts).
CLICK_SPOT = """cell => {
    const probe = window.__loadProbe;
    if (!probe) return {};
    const found = [...document.querySelectorAll(cell)].find(probe.rendered);
    if (!found) return {};
    const box = found.getBoundingClientRect();
    return {x: box.left + box.width / 2, y: box.top + box.height / 2, now: performance.now()};
}"""
# The press-latency visits press the top-left cell.
PRESS_CELL = "[data-board='game'] [data-cell='0']"

UNTIL_READY = """() => new Promise(done => {
    const tick = () => window.__loadProbe.ready !== null ? done() : requestAnimationFrame(tick);
    tick();
})"""

RESULTS = """() => ({
    events: window.__loadProbe.events,
    presses: window.__loadProbe.presses,
    marked: window.__loadProbe.marked,
    pressed: window.__loadProbe.pressed,
    shown: window.__loadProbe.shown ?? null,
    ready: window.__loadProbe.ready,
    tasks: window.__loadProbe.tasks,
    paint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null,
})"""

SERVICE_WORKER_IN_CONTROL = """() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller
    || new Promise(done => navigator.serviceWorker.addEventListener("controllerchange", done)))"""

CLICK_INTERVAL = 0.05  # s: a person clicking again and again while nothing happens
HEAR_INTERVAL = 0.005  # s: how often the simulated person looks at what the page has told
GIVE_UP = 300.0  # s: a 14 MB cold visit at 1.6 Mbit/s takes about 75 s


def link(down_mbit: float, latency_ms: int, up_mbit: float) -> dict[str, Any]:
    """CDP Network.emulateNetworkConditions parameters for a connection."""
    return {
        "offline": False,
        "latency": latency_ms,
        "downloadThroughput": down_mbit * 1e6 / 8,
        "uploadThroughput": up_mbit * 1e6 / 8,
    }


class Condition(NamedTuple):
    name: str
    label: str
    network: dict[str, Any] | None  # emulated by Chromium for requests that reach the network
    cpu_slowdown: float  # Emulation.setCPUThrottlingRate; 1 is none
    repeat: bool  # also time a repeat visit, service worker warm


CONDITIONS = {
    c.name: c
    for c in (
        Condition("localhost", "localhost, no throttling", None, 1, repeat=True),
        Condition("20mbit", "emulated home connection, 20 Mbit/s down, 40 ms", link(20, 40, 5), 1, repeat=True),
        # Lighthouse's "slow 4G" mobile profile.
        Condition("mobile", "emulated slow mobile, 1.6 Mbit/s down, 150 ms", link(1.6, 150, 0.75), 1, repeat=False),
        # Lighthouse's stand-in for a mid-range phone.
        Condition("cpu4x", "localhost, CPU slowed 4x (phone class)", None, 4, repeat=False),
    )
}


class BenchRoutes:
    """Adds the bare Pyodide page and its lock file at private paths to a static handler."""

    def handle(self: Any) -> None:
        # A context may close while its service worker is still precaching.
        with suppress(BrokenPipeError, ConnectionResetError):
            super().handle()  # type: ignore[misc]

    def translate_path(self: Any, path: str) -> str:
        if path.split("?")[0] != BARE_LOCK_PATH:
            return super().translate_path(path)  # type: ignore[misc, no-any-return]
        own = Path(self.directory) / "runtime" / "pyodide" / "pyodide-lock.json"
        return str(own if own.exists() else NPM_LOCK_FILE)

    def do_GET(self: Any) -> None:
        if self.path != BARE_PATH:
            super().do_GET()  # type: ignore[misc]
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(BARE_PAGE)))
        self.end_headers()
        self.wfile.write(BARE_PAGE)


class PlainHost(BenchRoutes, QuietHandler):
    """Plain files, as `python -m http.server` (and `make serve`) sends them."""


class GzipHost(BenchRoutes, GzipHandler):
    """A host that compresses, as common static hosts do."""


HOSTS = {"plain": PlainHost, "gzip": GzipHost}


class Visit(NamedTuple):
    """One page visit, times in seconds on the page's clock."""

    first_move: float | None  # the X on cell 4 shown after the person's click; None on the bare page
    first_paint: float | None  # first contentful paint
    pressed: float | None  # the simulated person's first press on the board (the input event's time)
    shown: float | None  # the frame that first had the centre cell rendered (the person's cue to press)
    ready: float  # engine ready (game) or one line of Python run (bare)
    longest_task: float  # the longest main-thread task that started before ready
    wire_bytes: int  # what the page's requests brought over the wire, headers included


class Press(NamedTuple):
    """One press on the top-left cell in a cold visit, times in seconds on the page's clock."""

    moment: float  # the input event's time: when the person pressed, whatever the page was doing
    ready: float  # engine ready in that visit
    duration: float  # Event Timing: from the press to the next paint after it was handled
    longest_task: float  # the longest main-thread task of that visit


class Samples(NamedTuple):
    game: list[Visit]
    bare: list[Visit]
    repeat: list[Visit]
    later: list[Visit]
    presses: list[Press]


class WireBytes:
    """What one page and its workers bring over the wire, headers included;
    not the service worker's precache, which runs after the visit on its own."""

    def __init__(self, page: Page) -> None:
        self.requests: list[Request] = []
        page.on("requestfinished", lambda request: self.requests.append(request))

    def total(self) -> int:
        sizes = [request.sizes() for request in self.requests]
        return sum(size["responseBodySize"] + size["responseHeadersSize"] for size in sizes)


class Told:
    """What the probe has told the simulated person so far (its console messages)."""

    def __init__(self, page: Page) -> None:
        self.spot: tuple[float, float] | None = None
        self.marked = False
        page.on("console", self.hear)

    def hear(self, message: ConsoleMessage) -> None:
        text = message.text
        if text.startswith(SPOT_SAID):
            spot = json.loads(text.removeprefix(SPOT_SAID))
            self.spot = spot["x"], spot["y"]
        elif text == MARKED_SAID:
            self.marked = True


def open_page(context: BrowserContext, url: str, condition: Condition) -> tuple[Page, WireBytes, Told]:
    """A new page under the condition, navigated to url (returns at commit)."""
    page = context.new_page()
    wire = WireBytes(page)
    told = Told(page)
    cdp = context.new_cdp_session(page)
    if condition.network:
        cdp.send("Network.emulateNetworkConditions", condition.network)
    if condition.cpu_slowdown != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": condition.cpu_slowdown})
    page.goto(url, wait_until="commit")
    return page, wire, told


def wait_until(page: Page, done: Callable[[], bool], seconds: float) -> bool:
    """Wait up to ``seconds`` for ``done()``, the page's messages heard as they
    come (the wait is Playwright's own timer: it asks the page nothing)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() >= deadline:
            return False
        page.wait_for_timeout(HEAR_INTERVAL * 1000)
    return True


def play_first_move(page: Page, told: Told) -> None:
    """Click the centre cell from the frame it shows, again every 50 ms, until the X shows."""
    if not wait_until(page, lambda: told.spot is not None, GIVE_UP):
        raise RuntimeError(f"no centre cell {GIVE_UP:.0f} s after navigation: is the site broken?")
    assert told.spot is not None
    deadline = time.monotonic() + GIVE_UP
    while time.monotonic() < deadline:
        page.mouse.click(*told.spot)
        if wait_until(page, lambda: told.marked, CLICK_INTERVAL):
            return
    raise RuntimeError(f"no X on the centre cell {GIVE_UP:.0f} s after navigation: is the site broken?")


def finish(page: Page, wire: WireBytes) -> Visit:
    """Wait for ready and the network to settle; read the probe. The longest
    task is that of the whole visit so far: before ready, and what the page
    still does once ready until the network is idle."""
    page.evaluate(UNTIL_READY)
    page.wait_for_load_state("networkidle", timeout=GIVE_UP * 1000)
    probe = page.evaluate(RESULTS)
    ready = probe["ready"]
    longest = max((duration for start, duration in probe["tasks"]), default=0.0)
    return Visit(
        in_seconds(probe["marked"]),
        in_seconds(probe["paint"]),
        in_seconds(probe["pressed"]),
        in_seconds(probe["shown"]),
        ready / 1000,
        longest / 1000,
        wire.total(),
    )


def in_seconds(milliseconds: float | None) -> float | None:
    return None if milliseconds is None else milliseconds / 1000


def visit_game(context: BrowserContext, base: str, condition: Condition) -> Visit:
    page, wire, told = open_page(context, base, condition)
    play_first_move(page, told)
    visit = finish(page, wire)
    if condition.repeat:
        # The service worker installs once the page's Python is done.
        page.evaluate(SERVICE_WORKER_IN_CONTROL)
    page.close()
    return visit


def measure_game(browser: Browser, base: str, condition: Condition) -> tuple[Visit, list[Visit]]:
    """A cold visit in a fresh context; then, if the condition asks, the repeat
    and the later visit, in a fresh profile on disk of their own, after a first
    visit there that is not recorded (it is that browser's first page)."""
    context = browser.new_context()
    context.add_init_script(PROBE)
    cold = visit_game(context, base, condition._replace(repeat=False))
    context.close()
    if not condition.repeat:
        return cold, []
    with tempfile.TemporaryDirectory(prefix="bench-load-profile-") as profile:
        context = browser.browser_type.launch_persistent_context(profile, **launch_args(), service_workers="allow")
        context.add_init_script(PROBE)
        visit_game(context, base, condition)  # installs the service worker
        again = [visit_game(context, base, condition._replace(repeat=False)) for _ in ("repeat", "later")]
        context.close()
    return cold, again


def measure_bare(browser: Browser, base: str, condition: Condition) -> Visit:
    context = browser.new_context()
    context.add_init_script(PROBE)
    page, wire, _ = open_page(context, base + BARE_PATH.lstrip("/"), condition)
    visit = finish(page, wire)
    context.close()
    return visit


# Press-latency visits: each cold visit presses once, at its own moment. Most
# moments are spread evenly over the start-up (0 to the condition's median
# engine-ready time), the others come after ready. One press per visit: a
# second press on the same cell would meet an occupied cell, and every press
# is a person's first move on an empty board.
PRESSES_AFTER_READY = (0.5, 1.0)  # s after the visit's own engine ready
PRESS_VISITS = 12  # the default: ten moments over the start-up, two after ready
PRESS_FLOOR = 0.016  # s: the Event Timing API reports nothing faster; such a press counts as 16 ms
PRESS_SETTLE = 0.3  # s after a press, for its Event Timing entry to be reported (after the next paint)


def press_moments(count: int, expected_ready: float) -> list[tuple[str, float]]:
    """("at", s after navigation) spread over the start-up, then ("ready", s after ready)."""
    spread = max(count - len(PRESSES_AFTER_READY), 1)
    moments = [("at", expected_ready * (k + 0.5) / spread) for k in range(spread)]
    return moments + [("ready", after) for after in PRESSES_AFTER_READY][: max(count - spread, 0)]


def board_spot(page: Page) -> tuple[float, float, float]:
    """The centre of the top-left cell once it is rendered, and the offset from
    the page's clock (s) to time.monotonic(), to press at a page-clock moment."""
    deadline = time.monotonic() + GIVE_UP
    while time.monotonic() < deadline:
        before = time.monotonic()
        spot = page.evaluate(CLICK_SPOT, PRESS_CELL)
        if "x" in spot:
            return spot["x"], spot["y"], (before + time.monotonic()) / 2 - spot["now"] / 1000
        time.sleep(0.01)
    raise RuntimeError(f"no top-left cell {GIVE_UP:.0f} s after navigation: is the site broken?")


def visit_press(browser: Browser, base: str, condition: Condition, moment: tuple[str, float]) -> Press:
    """A cold visit with one real click on the top-left cell at ``moment``. Until
    the click nothing asks the page anything (an evaluate waits for the main
    thread, and would steer the press clear of the long tasks it must meet)."""
    context = browser.new_context()
    context.add_init_script(PROBE)
    page, wire, _ = open_page(context, base, condition)
    x, y, offset = board_spot(page)
    kind, at = moment
    if kind == "ready":
        page.evaluate(UNTIL_READY)
        at += page.evaluate("window.__loadProbe.ready") / 1000
    time.sleep(max(0.0, at + offset - time.monotonic()))
    page.mouse.click(x, y)
    visit = finish(page, wire)
    time.sleep(PRESS_SETTLE)
    probe = page.evaluate(RESULTS)
    context.close()
    if not probe["presses"] or probe["presses"][0][1] != "0":
        raise RuntimeError(f"the press did not land on the top-left cell: {probe['presses']}")
    pressed = probe["presses"][0][0]
    # The interaction: the press's pointerdown, pointerup and click, each
    # timed from the input to the next paint; its latency is the longest.
    durations = [
        duration
        for name, start, duration, _ in probe["events"]
        if name in ("pointerdown", "pointerup", "mousedown", "mouseup", "click")
        and pressed - 1 <= start <= pressed + 50
    ]
    longest = max((duration for start, duration in probe["tasks"]), default=0.0)
    return Press(
        pressed / 1000,
        visit.ready,
        max(durations, default=0.0) / 1000 or PRESS_FLOOR,
        max(longest / 1000, visit.longest_task),
    )


def measure_pair(browser: Browser, base: str, condition: Condition, samples: Samples, game_first: bool) -> None:
    """A game visit and a bare boot right after each other, in alternating order."""
    bare = None
    if not game_first:
        bare = measure_bare(browser, base, condition)
    cold, again = measure_game(browser, base, condition)
    if game_first:
        bare = measure_bare(browser, base, condition)
    samples.game.append(cold)
    samples.bare.append(bare)
    if again:
        repeat, later = again
        samples.repeat.append(repeat)
        samples.later.append(later)


Key = tuple[str, str, str]  # condition, host, site


# Where the presses are measured: the conditions the press targets below name.
PRESS_CONDITIONS = ("localhost", "20mbit", "cpu4x")


def run(
    browser: Browser,
    bases: dict[tuple[str, str], str],
    conditions: list[Condition],
    runs_of: Callable[[Condition], int],
    presses: int,
) -> dict[Key, Samples]:
    """Every condition, run by run; within a run every site and host, orders
    alternating; then the condition's press visits."""
    results: dict[Key, Samples] = {}
    for condition in conditions:
        for number in range(runs_of(condition)):
            pairs = list(bases.items())
            for (site, host), base in pairs if number % 2 == 0 else reversed(pairs):
                print(f"  {condition.name} run {number + 1}: {host} {site}", file=sys.stderr, flush=True)
                samples = results.setdefault((condition.name, host, site), Samples([], [], [], [], []))
                measure_pair(browser, base, condition, samples, game_first=number % 2 == 0)
        if condition.name not in PRESS_CONDITIONS:
            continue
        # Each site's presses spread over its own start-up; sites and hosts alternate press by press.
        schedules = {
            key: press_moments(presses, median_of(results[condition.name, key[1], key[0]].game, "ready"))
            for key in bases
        }
        for index in range(presses):
            pairs = list(bases.items())
            for (site, host), base in pairs if index % 2 == 0 else reversed(pairs):
                moment = schedules[site, host][index]
                print(
                    f"  {condition.name} press {index + 1}: {host} {site} at {moment[1]:.2f} s"
                    f"{' after ready' if moment[0] == 'ready' else ''}",
                    file=sys.stderr,
                    flush=True,
                )
                results[condition.name, host, site].presses.append(visit_press(browser, base, condition, moment))
    return results


# --- the report ---------------------------------------------------------------

med = statistics.median
# The page-load targets: what a visitor on these connections should wait, at most.
TARGET_FIRST_MOVE = 0.3  # s after navigation, cold visit, every run
TARGET_READY_20MBIT = 0.6  # x the bare boot, gzip host
TARGET_PRESS = 0.2  # s, every press at any moment of a cold visit, localhost and 20 Mbit/s
TARGET_PRESS_CPU4X = 0.5  # s, the same with the CPU slowed 4x
TARGET_LONGEST_TASK = 0.2  # s, the longest main-thread task of a cold visit, localhost
SLOWER_TOLERANCE = 1.10  # after/before, times: a shared machine's noise
BYTES_TOLERANCE = 1.0  # after/before, bytes: no growth


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def median_of(visits: Iterable[Visit], field: str) -> float | None:
    values = [getattr(v, field) for v in visits if getattr(v, field) is not None]
    return med(values) if values else None


def paired(numerators: list[float], denominators: list[float]) -> tuple[float, float, float]:
    """Median, lowest and highest of the paired ratios."""
    ratios = [a / b for a, b in zip(numerators, denominators, strict=True)]
    return med(ratios), min(ratios), max(ratios)


def ready_ratio(samples: Samples) -> tuple[float, float, float]:
    return paired([v.ready for v in samples.game], [v.ready for v in samples.bare])


def after_paint(samples: Samples) -> float:
    """First move accepted, counted from the page's own first contentful paint."""
    return med([v.first_move - v.first_paint for v in samples.game])  # type: ignore[operator]


def press_to_mark(samples: Samples) -> float:
    """From the person's first press to their X on screen: the page's own answer time."""
    return med([v.first_move - v.pressed for v in samples.game])  # type: ignore[operator]


def first_move_parts(visit: Visit) -> str:
    """A first move in its three parts: the page shows the board, the
    simulated person presses (their reaction, which the machine's load
    stretches: the bench's Python hears the page through the browser), the
    page shows the X."""
    if visit.shown is None or visit.pressed is None or visit.first_move is None:
        return "no parts"
    return (
        f"board shown at {visit.shown:.2f} s, pressed {(visit.pressed - visit.shown) * 1000:.0f} ms later, "
        f"X {(visit.first_move - visit.pressed) * 1000:.0f} ms after the press"
    )


def page_part(visit: Visit) -> float | None:
    """The first move of a person who presses in the very frame that shows
    the board: when it showed, plus how long the page took to answer the
    press that came (both, as the first move itself, at the frame that had
    them rendered). The simulated person's own reaction is left out: on this
    two-core machine it took up to 0.33 s to hear the page and press
    (bench/README.md), which no page can shorten."""
    if visit.shown is None or visit.pressed is None or visit.first_move is None:
        return None
    return visit.shown + (visit.first_move - visit.pressed)


def shown(value: float | None) -> str:
    return "    -  " if value is None else f"{value:6.2f} s"


def print_condition(condition: Condition, results: dict[Key, Samples], hosts: list[str], sites: list[str]) -> None:
    print(f"\n{condition.label} ({len(results[condition.name, hosts[0], sites[0]].game)} runs)")
    print(
        "  host  site    first move  after paint  engine ready  bare boot  ready/bare (spread)    "
        "MB game  MB bare  longest task game/bare"
    )
    for host in hosts:
        for site in sites:
            print(f"  {host:5} {site:6}  " + cold_row(results[condition.name, host, site]))
    presses = results[condition.name, hosts[0], sites[0]].presses
    if presses:
        print(
            f"  presses on the top-left cell ({len(presses)} cold visits each, one press each; Event Timing, "
            f"{PRESS_FLOOR * 1000:.0f} = under the API's floor)"
        )
        print(
            "  host  site    worst press (at, ready)        median  before ready: worst  median   "
            "longest task (press visits)"
        )
        for host in hosts:
            for site in sites:
                print(f"  {host:5} {site:6}  " + press_row(results[condition.name, host, site].presses))
        for host in hosts:
            for site in sites:
                each = sorted(results[condition.name, host, site].presses)
                print(
                    f"    {host} {site}, each press (s after navigation: ms): "
                    + "  ".join(
                        f"{press.moment:.2f}{'r' if press.moment >= press.ready else ''}:{press.duration * 1000:.0f}"
                        for press in each
                    )
                    + "  (r: after ready)"
                )
    if condition.repeat:
        for host in hosts:
            for site in sites:
                samples = results[condition.name, host, site]
                cold = median_of(samples.game, "ready")
                for what, visits in (
                    ("repeat visit, service worker warm", samples.repeat),
                    ("later visit", samples.later),
                ):
                    ready = median_of(visits, "ready")
                    print(
                        f"  {what}, {host} {site}: first move "
                        f"{shown(median_of(visits, 'first_move')).strip()}, engine ready "
                        f"{shown(ready).strip()} ({ready / cold:.2f} x the cold visit)"
                    )


def cold_row(samples: Samples) -> str:
    ratio, low, high = ready_ratio(samples)
    game, bare = samples.game, samples.bare
    return (
        f"{shown(median_of(game, 'first_move'))}    {shown(after_paint(samples))}     "
        f"{shown(median_of(game, 'ready'))}   {shown(median_of(bare, 'ready'))}  "
        f"{ratio:4.2f} ({low:.2f}-{high:.2f})      "
        f"{median_of(game, 'wire_bytes') / 1e6:7.2f}  {median_of(bare, 'wire_bytes') / 1e6:7.2f}  "
        f"{median_of(game, 'longest_task') * 1000:5.0f} / {median_of(bare, 'longest_task') * 1000:.0f} ms"
    )


def press_row(presses: list[Press]) -> str:
    worst = max(presses, key=lambda press: press.duration)
    early = [press.duration for press in presses if press.moment < press.ready]
    return (
        f"{worst.duration * 1000:5.0f} ms ({worst.moment:5.2f} s, {worst.ready:5.2f} s)  "
        f"{med([press.duration for press in presses]) * 1000:5.0f} ms  "
        f"{max(early, default=0) * 1000:12.0f} ms {med(early) * 1000 if early else 0:5.0f} ms   "
        f"worst {max(press.longest_task for press in presses) * 1000:.0f} ms, "
        f"median {med([press.longest_task for press in presses]) * 1000:.0f} ms"
    )


def print_before_after(results: dict[Key, Samples], conditions: list[Condition], hosts: list[str]) -> None:
    print("\nafter / before, medians of ratios paired by run")
    print("  condition  host   first move  engine ready  ready/bare     bytes")
    for condition in conditions:
        for host in hosts:
            before, after = results[condition.name, host, "before"], results[condition.name, host, "after"]
            move = paired([v.first_move for v in after.game], [v.first_move for v in before.game])[0]  # type: ignore[misc]
            ready = paired([v.ready for v in after.game], [v.ready for v in before.game])[0]
            wire = paired([v.wire_bytes for v in after.game], [v.wire_bytes for v in before.game])[0]
            print(
                f"  {condition.name:10} {host:5}  {move:9.2f}x  {ready:11.2f}x  "
                f"{ready_ratio(before)[0]:.2f} -> {ready_ratio(after)[0]:.2f}  {wire:7.2f}x"
            )
            if condition.repeat:
                print("    repeat visit: " + repeat_before_after(before.repeat, after.repeat))
                print("    later visit:  " + repeat_before_after(before.later, after.later))


def repeat_before_after(before: list[Visit], after: list[Visit]) -> str:
    """Repeat or later visits (service worker warm) side by side: medians, and after/before paired by run."""
    parts = []
    for field, unit, scale in (("first_move", "s", 1), ("ready", "s", 1), ("wire_bytes", "kB", 1e-3)):
        old, new = [getattr(v, field) for v in before], [getattr(v, field) for v in after]
        ratio = f"{paired(new, old)[0]:.2f}x" if all(old) else "no ratio: nothing before"
        name = field.replace("_", " ")
        parts.append(f"{name} {med(old) * scale:.2f} -> {med(new) * scale:.2f} {unit} ({ratio})")
    return ", ".join(parts)


def print_targets(
    results: dict[Key, Samples], conditions: list[Condition], hosts: list[str], site: str, baseline: bool
) -> None:
    names = [c.name for c in conditions]
    print(f"\nthe page-load targets ({site})")
    for name in (n for n in PRESS_CONDITIONS if n in names):
        limit = TARGET_PRESS_CPU4X if name == "cpu4x" else TARGET_PRESS
        figures = []
        for host in hosts:
            presses = results[name, host, site].presses
            if presses:
                worst = max(presses, key=lambda press: press.duration)
                figures.append(
                    f"{host} worst {worst.duration * 1000:.0f} ms {verdict(worst.duration <= limit)} "
                    f"(at {worst.moment:.2f} s, ready {worst.ready:.2f} s; {len(presses)} presses)"
                )
        if figures:
            print(f"  every press answered within {limit * 1000:.0f} ms, {name}: " + "; ".join(figures))
    if "localhost" in names:
        figures = []
        for host in hosts:
            samples = results["localhost", host, site]
            tasks = [v.longest_task for v in samples.game] + [press.longest_task for press in samples.presses]
            figures.append(
                f"{host} worst {max(tasks) * 1000:.0f} ms {verdict(max(tasks) <= TARGET_LONGEST_TASK)} "
                f"(median {med(tasks) * 1000:.0f} ms, {len(tasks)} visits)"
            )
        print(
            f"  longest main-thread task of a cold visit <= {TARGET_LONGEST_TASK * 1000:.0f} ms, localhost: "
            + "; ".join(figures)
        )
    if "20mbit" in names and "gzip" in hosts:
        ratio, low, high = ready_ratio(results["20mbit", "gzip", site])
        print(
            f"  engine ready, 20 Mbit/s, gzip host <= {TARGET_READY_20MBIT} x bare: {ratio:.2f} "
            f"{verdict(ratio <= TARGET_READY_20MBIT)} (pairs {low:.2f}-{high:.2f})"
        )
    for name in (n for n in ("localhost", "20mbit") if n in names):
        figures = []
        for host in hosts:
            samples = results[name, host, site]
            moves = [v.first_move for v in samples.game if v.first_move is not None]
            slowest = max((v for v in samples.game if v.first_move is not None), key=lambda v: v.first_move or 0.0)
            figures.append(
                f"{host} slowest {max(moves):.2f} s {verdict(max(moves) <= TARGET_FIRST_MOVE)} "
                f"({first_move_parts(slowest)}; median {med(moves):.2f} s; first paint "
                f"{median_of(samples.game, 'first_paint'):.2f} s, "
                f"{press_to_mark(samples) * 1000:.0f} ms from the press to the X)"
            )
        print(
            f"  first move shown <= {TARGET_FIRST_MOVE} s after navigation in every run, {name}: " + "; ".join(figures)
        )
        parts = []
        for host in hosts:
            own = [page_part(v) for v in results[name, host, site].game]
            known = [t for t in own if t is not None]
            parts.append(
                f"{host} slowest {max(known):.2f} s {verdict(max(known) <= TARGET_FIRST_MOVE)} "
                f"(median {med(known):.2f} s, {len(known)} visits)"
                if known
                else f"{host} no parts"
            )
        print(f"    the page's part alone, the board shown plus the answer to the press, {name}: " + "; ".join(parts))
    if baseline:
        print_nothing_slower(results, names, hosts, site)
    else:
        name = names[0]
        sizes = [f"{host} {median_of(results[name, host, site].game, 'wire_bytes') / 1e6:.2f} MB" for host in hosts]
        print(f"  bytes over the wire, cold visit of the game page ({name}): " + "; ".join(sizes))


def print_nothing_slower(results: dict[Key, Samples], names: list[str], hosts: list[str], site: str) -> None:
    """After beside before: repeat visit, bytes, first paint (medians; the
    tolerance is the noise of a shared machine, bytes must not grow)."""
    print(f"  nothing else slower (after/before, medians; times within {SLOWER_TOLERANCE:.2f}x count as unchanged):")
    for name in names:
        for host in hosts:
            before, after = results[name, host, "before"], results[name, host, site]
            checks = [
                (
                    "first paint",
                    median_of(before.game, "first_paint"),
                    median_of(after.game, "first_paint"),
                    SLOWER_TOLERANCE,
                    "s",
                ),
                (
                    "bytes",
                    median_of(before.game, "wire_bytes") / 1e3,
                    median_of(after.game, "wire_bytes") / 1e3,
                    BYTES_TOLERANCE,
                    "kB",
                ),
            ]
            for what, old_visits, new_visits in (
                ("repeat visit ready", before.repeat, after.repeat),
                ("later visit ready", before.later, after.later),
            ):
                if old_visits and new_visits:
                    checks.append(
                        (what, median_of(old_visits, "ready"), median_of(new_visits, "ready"), SLOWER_TOLERANCE, "s")
                    )
            figures = [
                f"{what} {old:.{0 if unit == 'kB' else 2}f} -> {new:.{0 if unit == 'kB' else 2}f} {unit} "
                f"{verdict(new <= old * tolerance)}"
                for what, old, new, tolerance, unit in checks
            ]
            print(f"    {name:10} {host:5} " + "; ".join(figures))
    print("    (the 4x4 bot moves are bench/engine.py's figures, not this page's)")


def describe_gzip_host(sites: dict[str, Path]) -> str:
    # mkdocs writes sitemap.xml.gz for crawlers; only precompressed files of the page count.
    siblings = {
        name: sum(1 for gz in path.rglob("*.gz") if gz.name != "sitemap.xml.gz") for name, path in sites.items()
    }
    found = ", ".join(f"{count} in {name}" for name, count in siblings.items() if count)
    if not found:
        return "gzip host: gzip level 6 on the fly (no site has precompressed .gz files)"
    return f"gzip host: FILE.gz siblings sent as they are ({found}), anything else gzipped on the fly at level 6"


def parse_names(known: dict[str, Any]) -> Callable[[str], list[str]]:
    def names(text: str) -> list[str]:
        chosen = [name.strip() for name in text.split(",") if name.strip()]
        unknown = [name for name in chosen if name not in known]
        if unknown or not chosen:
            raise argparse.ArgumentTypeError(f"choose from {', '.join(known)}; unknown: {', '.join(unknown)}")
        return chosen

    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--baseline-site", type=Path, help="a second build (the one before a change), side by side")
    parser.add_argument("--runs", type=int, default=3, help="pairs per condition, host and site (default 3)")
    parser.add_argument(
        "--mobile-runs",
        type=int,
        default=1,
        help="pairs over slow mobile (default 1: each visit takes 35-75 s, and the transfer, "
        "not the machine's load, decides it)",
    )
    parser.add_argument(
        "--conditions",
        type=parse_names(CONDITIONS),
        default=list(CONDITIONS),
        help=f"a comma-separated subset of {','.join(CONDITIONS)}",
    )
    parser.add_argument("--hosts", type=parse_names(HOSTS), default=list(HOSTS), help="plain,gzip or one of them")
    parser.add_argument(
        "--press",
        type=int,
        default=PRESS_VISITS,
        help=f"press-latency visits per condition ({', '.join(PRESS_CONDITIONS)}), host and site "
        f"(default {PRESS_VISITS}; 0: none)",
    )
    args = parser.parse_args()
    sites = {"before": args.baseline_site, "after": args.site} if args.baseline_site else {"site": args.site}
    for path in sites.values():
        if not (path / "index.html").exists():
            raise SystemExit(f"no built site in {path}: run `make build` first")
    try:
        launch = launch_args()
    except NoChromiumError as error:
        raise SystemExit(str(error)) from None
    conditions = [CONDITIONS[name] for name in args.conditions]
    runs_of = lambda condition: args.mobile_runs if condition.name == "mobile" else args.runs  # noqa: E731

    started = time.monotonic()
    with ExitStack() as stack, sync_playwright() as playwright:
        bases = {
            (site, host): stack.enter_context(serve(path, HOSTS[host]))
            for site, path in sites.items()
            for host in args.hosts
        }
        browser = playwright.chromium.launch(**launch)
        for base in bases.values():  # warm the OS file cache and the gzip cache, unrecorded
            measure_bare(browser, base, CONDITIONS["localhost"])
        results = run(browser, bases, conditions, runs_of, args.press)
        version = browser.version
        browser.close()

    print(f"Chromium {version}; cold visits in fresh contexts, medians; page clock, s after navigation start")
    print(f"sites: {', '.join(f'{name} = {path}' for name, path in sites.items())}")
    print(describe_gzip_host(sites))
    for condition in conditions:
        print_condition(condition, results, args.hosts, list(sites))
    if args.baseline_site:
        print_before_after(results, conditions, args.hosts)
    print_targets(results, conditions, args.hosts, list(sites)[-1], baseline=bool(args.baseline_site))
    print(f"\nthe run took {(time.monotonic() - started) / 60:.1f} min")


if __name__ == "__main__":
    main()
