"""Page load on real networks, measured in Chromium beside a bare Pyodide boot.

Serves the built site (default build/site; `make bench-load` builds it) on
127.0.0.1 twice: as plain files, as `python -m http.server` does, and by a
host that gzips text, JavaScript, WebAssembly and zip responses as common
static hosts do (tools.browser.GzipHandler: a FILE.gz beside a file is sent
as it is, anything else is gzipped on the fly). With --baseline-site it
serves a second build the same ways, so before/after ratios come from one run.

For each condition (localhost; emulated 20 Mbit/s with 40 ms; emulated slow
mobile, 1.6 Mbit/s with 150 ms; a 4x slower CPU on localhost), each host and
each site, it alternates two cold visits, each in a fresh browser context:

  game page  a simulated person clicks the centre cell from the moment one is
             visible, every 50 ms, with real input events, until the X is
             shown: "first move accepted"; then engine ready (the Python
             board's data-ready); on localhost and 20 Mbit/s also a repeat
             visit once the service worker is active;
  bare page  only boots the same Pyodide files with loadPyodide() and runs
             one line of Python.

Both record first contentful paint, every byte their requests (and their
workers') brought over the wire, headers included, and the longest
main-thread task until ready (Long Tasks API). Times are the page's own
clock, zero at navigation start. Ratios are medians of paired runs, so the
machine's load at each moment weighs on both sides of a pair.

    python bench/load.py [--site DIR] [--baseline-site DIR] [--runs N] [--mobile-runs N]
                         [--conditions localhost,20mbit,mobile,cpu4x] [--hosts plain,gzip]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import GzipHandler, NoChromiumError, QuietHandler, launch_args, serve  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from playwright.sync_api import Browser, BrowserContext, Page, Request

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

# The page contract, the same before and after issue 8.
CELL = "[data-board='game'] [data-cell='4']"
MARK = "[data-board='game'] [data-cell='4'][data-mark='X']"
READY = "table.ttt-board[data-ready='true'], body[data-ready='true']"

# Installed in every page before its own scripts, as an init script: the
# site's Content-Security-Policy forbids eval, and init scripts are exempt.
# It polls every animation frame, on the bare page too, so both pay the same.
# It looks for the X only once the person has pressed: that look lays the
# page out, and doing it every frame from the start delayed the first paint
# it was there to measure.
PROBE = """(() => {
    const probe = window.__loadProbe = {marked: null, ready: null, tasks: [], pressed: null};
    new PerformanceObserver(list => {
        for (const task of list.getEntries()) probe.tasks.push([task.startTime, task.duration]);
    }).observe({type: "longtask", buffered: true});
    // When the first press happened (the input event's own time, not when
    // the page got round to it): from there to the X is what a person waits.
    addEventListener("pointerdown", event => { probe.pressed ??= event.timeStamp; }, {capture: true});
    probe.rendered = element => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && element.checkVisibility({visibilityProperty: true});
    };
    const tick = () => {
        const looking = probe.marked === null && probe.pressed !== null;
        if (looking && [...document.querySelectorAll($MARK)].some(probe.rendered)) probe.marked = performance.now();
        if (probe.ready === null && document.querySelector($READY)) probe.ready = performance.now();
        if (probe.marked === null || probe.ready === null) requestAnimationFrame(tick);
    };
    tick();
})();""".replace("$MARK", json.dumps(MARK)).replace("$READY", json.dumps(READY))

# Where a person would click now: the centre of the first rendered cell 4.
CLICK_SPOT = """() => {
    const probe = window.__loadProbe;
    if (!probe) return {};
    if (probe.marked !== null) return {marked: true};
    const cell = [...document.querySelectorAll($CELL)].find(probe.rendered);
    if (!cell) return {};
    const box = cell.getBoundingClientRect();
    return {x: box.left + box.width / 2, y: box.top + box.height / 2};
}""".replace("$CELL", json.dumps(CELL))

UNTIL_READY = """() => new Promise(done => {
    const tick = () => window.__loadProbe.ready !== null ? done() : requestAnimationFrame(tick);
    tick();
})"""

RESULTS = """() => ({
    marked: window.__loadProbe.marked,
    pressed: window.__loadProbe.pressed,
    ready: window.__loadProbe.ready,
    tasks: window.__loadProbe.tasks,
    paint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null,
})"""

SERVICE_WORKER_IN_CONTROL = """() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller
    || new Promise(done => navigator.serviceWorker.addEventListener("controllerchange", done)))"""

CLICK_INTERVAL = 0.05  # s: a person clicking again and again while nothing happens
GIVE_UP = 300.0  # s: a 14 MB cold visit at 1.6 Mbit/s takes about 75 s


def link(down_mbit: float, latency_ms: int, up_mbit: float) -> dict[str, Any]:
    """CDP Network.emulateNetworkConditions parameters for a connection."""
    return {"offline": False, "latency": latency_ms,
            "downloadThroughput": down_mbit * 1e6 / 8, "uploadThroughput": up_mbit * 1e6 / 8}


class Condition(NamedTuple):
    name: str
    label: str
    network: dict[str, Any] | None  # emulated by Chromium for requests that reach the network
    cpu_slowdown: float  # Emulation.setCPUThrottlingRate; 1 is none
    repeat: bool  # also time a repeat visit, service worker warm


CONDITIONS = {c.name: c for c in (
    Condition("localhost", "localhost, no throttling", None, 1, repeat=True),
    Condition("20mbit", "emulated home connection, 20 Mbit/s down, 40 ms", link(20, 40, 5), 1, repeat=True),
    # Lighthouse's "slow 4G" mobile profile.
    Condition("mobile", "emulated slow mobile, 1.6 Mbit/s down, 150 ms", link(1.6, 150, 0.75), 1, repeat=False),
    # Lighthouse's stand-in for a mid-range phone.
    Condition("cpu4x", "localhost, CPU slowed 4x (phone class)", None, 4, repeat=False),
)}


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
    ready: float  # engine ready (game) or one line of Python run (bare)
    longest_task: float  # the longest main-thread task that started before ready
    wire_bytes: int  # what the page's requests brought over the wire, headers included


class Samples(NamedTuple):
    game: list[Visit]
    bare: list[Visit]
    repeat: list[Visit]


class WireBytes:
    """What one page and its workers bring over the wire, headers included;
    not the service worker's precache, which runs after the visit on its own."""

    def __init__(self, page: Page) -> None:
        self.requests: list[Request] = []
        page.on("requestfinished", lambda request: self.requests.append(request))

    def total(self) -> int:
        sizes = [request.sizes() for request in self.requests]
        return sum(size["responseBodySize"] + size["responseHeadersSize"] for size in sizes)


def open_page(context: BrowserContext, url: str, condition: Condition) -> tuple[Page, WireBytes]:
    """A new page under the condition, navigated to url (returns at commit)."""
    page = context.new_page()
    wire = WireBytes(page)
    cdp = context.new_cdp_session(page)
    if condition.network:
        cdp.send("Network.emulateNetworkConditions", condition.network)
    if condition.cpu_slowdown != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": condition.cpu_slowdown})
    page.goto(url, wait_until="commit")
    return page, wire


def play_first_move(page: Page) -> None:
    """Click the centre cell as soon as one is visible, again and again, until the X shows."""
    deadline = time.monotonic() + GIVE_UP
    while time.monotonic() < deadline:
        spot = page.evaluate(CLICK_SPOT)
        if spot.get("marked"):
            return
        if "x" in spot:
            page.mouse.click(spot["x"], spot["y"])
        time.sleep(CLICK_INTERVAL)
    raise RuntimeError(f"no X on the centre cell {GIVE_UP:.0f} s after navigation: is the site broken?")


def finish(page: Page, wire: WireBytes) -> Visit:
    """Wait for ready and the network to settle; read the probe."""
    page.evaluate(UNTIL_READY)
    page.wait_for_load_state("networkidle", timeout=GIVE_UP * 1000)
    probe = page.evaluate(RESULTS)
    ready = probe["ready"]
    longest = max((duration for start, duration in probe["tasks"] if start < ready), default=0.0)
    return Visit(in_seconds(probe["marked"]), in_seconds(probe["paint"]), in_seconds(probe["pressed"]),
                 ready / 1000, longest / 1000, wire.total())


def in_seconds(milliseconds: float | None) -> float | None:
    return None if milliseconds is None else milliseconds / 1000


def visit_game(context: BrowserContext, base: str, condition: Condition) -> Visit:
    page, wire = open_page(context, base, condition)
    play_first_move(page)
    visit = finish(page, wire)
    if condition.repeat:
        # The service worker installs once the page's Python is done.
        page.evaluate(SERVICE_WORKER_IN_CONTROL)
    page.close()
    return visit


def measure_game(browser: Browser, base: str, condition: Condition) -> tuple[Visit, Visit | None]:
    """A cold visit in a fresh context; then, if the condition asks, a repeat visit."""
    context = browser.new_context()
    context.add_init_script(PROBE)
    cold = visit_game(context, base, condition)
    repeat = visit_game(context, base, condition._replace(repeat=False)) if condition.repeat else None
    context.close()
    return cold, repeat


def measure_bare(browser: Browser, base: str, condition: Condition) -> Visit:
    context = browser.new_context()
    context.add_init_script(PROBE)
    page, wire = open_page(context, base + BARE_PATH.lstrip("/"), condition)
    visit = finish(page, wire)
    context.close()
    return visit


def measure_pair(browser: Browser, base: str, condition: Condition, samples: Samples, game_first: bool) -> None:
    """A game visit and a bare boot right after each other, in alternating order."""
    bare = None
    if not game_first:
        bare = measure_bare(browser, base, condition)
    cold, repeat = measure_game(browser, base, condition)
    if game_first:
        bare = measure_bare(browser, base, condition)
    samples.game.append(cold)
    samples.bare.append(bare)
    if repeat:
        samples.repeat.append(repeat)


Key = tuple[str, str, str]  # condition, host, site


def run(browser: Browser, bases: dict[tuple[str, str], str], conditions: list[Condition],
        runs_of: Callable[[Condition], int]) -> dict[Key, Samples]:
    """Every condition, run by run; within a run every site and host, orders alternating."""
    results: dict[Key, Samples] = {}
    for condition in conditions:
        for number in range(runs_of(condition)):
            pairs = list(bases.items())
            for (site, host), base in pairs if number % 2 == 0 else reversed(pairs):
                print(f"  {condition.name} run {number + 1}: {host} {site}", file=sys.stderr, flush=True)
                samples = results.setdefault((condition.name, host, site), Samples([], [], []))
                measure_pair(browser, base, condition, samples, game_first=number % 2 == 0)
    return results


# --- the report ---------------------------------------------------------------

med = statistics.median
TARGET_FIRST_MOVE = 0.3  # s after navigation, cold visit
TARGET_READY_20MBIT = 0.9  # x the bare boot, gzip host
TARGET_READY_LOCALHOST = 1.15  # x the bare boot


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


def shown(value: float | None) -> str:
    return "    -  " if value is None else f"{value:6.2f} s"


def print_condition(condition: Condition, results: dict[Key, Samples], hosts: list[str], sites: list[str]) -> None:
    print(f"\n{condition.label} ({len(results[condition.name, hosts[0], sites[0]].game)} runs)")
    print("  host  site    first move  after paint  engine ready  bare boot  ready/bare (spread)    "
          "MB game  MB bare  longest task game/bare")
    for host in hosts:
        for site in sites:
            print(f"  {host:5} {site:6}  " + cold_row(results[condition.name, host, site]))
    if condition.repeat:
        for host in hosts:
            for site in sites:
                samples = results[condition.name, host, site]
                repeat, cold = median_of(samples.repeat, "ready"), median_of(samples.game, "ready")
                print(f"  repeat visit, service worker warm, {host} {site}: first move "
                      f"{shown(median_of(samples.repeat, 'first_move')).strip()}, engine ready "
                      f"{shown(repeat).strip()} ({repeat / cold:.2f} x the cold visit)")


def cold_row(samples: Samples) -> str:
    ratio, low, high = ready_ratio(samples)
    game, bare = samples.game, samples.bare
    return (f"{shown(median_of(game, 'first_move'))}    {shown(after_paint(samples))}     "
            f"{shown(median_of(game, 'ready'))}   {shown(median_of(bare, 'ready'))}  "
            f"{ratio:4.2f} ({low:.2f}-{high:.2f})      "
            f"{median_of(game, 'wire_bytes') / 1e6:7.2f}  {median_of(bare, 'wire_bytes') / 1e6:7.2f}  "
            f"{median_of(game, 'longest_task') * 1000:5.0f} / {median_of(bare, 'longest_task') * 1000:.0f} ms")


def print_before_after(results: dict[Key, Samples], conditions: list[Condition], hosts: list[str]) -> None:
    print("\nafter / before, medians of ratios paired by run")
    print("  condition  host   first move  engine ready  ready/bare     bytes")
    for condition in conditions:
        for host in hosts:
            before, after = results[condition.name, host, "before"], results[condition.name, host, "after"]
            move = paired([v.first_move for v in after.game], [v.first_move for v in before.game])[0]  # type: ignore[misc]
            ready = paired([v.ready for v in after.game], [v.ready for v in before.game])[0]
            wire = paired([v.wire_bytes for v in after.game], [v.wire_bytes for v in before.game])[0]
            print(f"  {condition.name:10} {host:5}  {move:9.2f}x  {ready:11.2f}x  "
                  f"{ready_ratio(before)[0]:.2f} -> {ready_ratio(after)[0]:.2f}  {wire:7.2f}x")
            if condition.repeat:
                print("    repeat visit: " + repeat_before_after(before.repeat, after.repeat))


def repeat_before_after(before: list[Visit], after: list[Visit]) -> str:
    """Repeat visits (service worker warm) side by side: medians, and after/before paired by run."""
    parts = []
    for field, unit, scale in (("first_move", "s", 1), ("ready", "s", 1), ("wire_bytes", "kB", 1e-3)):
        old, new = [getattr(v, field) for v in before], [getattr(v, field) for v in after]
        ratio = f"{paired(new, old)[0]:.2f}x" if all(old) else "no ratio: nothing before"
        name = field.replace("_", " ")
        parts.append(f"{name} {med(old) * scale:.2f} -> {med(new) * scale:.2f} {unit} ({ratio})")
    return ", ".join(parts)


def print_targets(results: dict[Key, Samples], conditions: list[Condition], hosts: list[str],
                  site: str, baseline: bool) -> None:
    names = [c.name for c in conditions]
    print(f"\nissue 8's targets ({site})")
    print(f"  first move accepted <= {TARGET_FIRST_MOVE} s after navigation, cold visit:")
    for name in (n for n in ("localhost", "20mbit", "mobile") if n in names):
        figures = []
        for host in hosts:
            samples = results[name, host, site]
            move = median_of(samples.game, "first_move")
            figures.append(f"{host} {move:.2f} s {verdict(move <= TARGET_FIRST_MOVE)} "
                           f"(first paint {median_of(samples.game, 'first_paint'):.2f} s, "
                           f"move {after_paint(samples):.2f} s after it, "
                           f"{press_to_mark(samples) * 1000:.0f} ms after the press)")
        print(f"    {name:10} " + "; ".join(figures))
    if "mobile" in names:
        print("    at 150 ms a page paints only after its HTML and its render-blocking CSS and scripts have each\n"
              "    taken at least one 150 ms round trip: no page meets 0.3 s there; the time after first paint\n"
              "    is the part the page controls.")
    if "20mbit" in names and "gzip" in hosts:
        ratio, low, high = ready_ratio(results["20mbit", "gzip", site])
        print(f"  engine ready, 20 Mbit/s, gzip host <= {TARGET_READY_20MBIT} x bare: {ratio:.2f} "
              f"{verdict(ratio <= TARGET_READY_20MBIT)} (pairs {low:.2f}-{high:.2f})")
    if "localhost" in names:
        figures = []
        for host in hosts:
            ratio, low, high = ready_ratio(results["localhost", host, site])
            met = verdict(ratio <= TARGET_READY_LOCALHOST)
            figures.append(f"{host} {ratio:.2f} {met} (pairs {low:.2f}-{high:.2f})")
        print(f"  engine ready, localhost <= {TARGET_READY_LOCALHOST} x bare: " + "; ".join(figures))
    name = names[0]
    sizes = []
    for host in hosts:
        after = median_of(results[name, host, site].game, "wire_bytes") / 1e6
        before = median_of(results[name, host, "before"].game, "wire_bytes") / 1e6 if baseline else None
        sizes.append(f"{host} {before:.2f} MB before, {after:.2f} MB after" if before else f"{host} {after:.2f} MB")
    print(f"  bytes over the wire, cold visit of the game page ({name}): " + "; ".join(sizes))


def describe_gzip_host(sites: dict[str, Path]) -> str:
    # mkdocs writes sitemap.xml.gz for crawlers; only precompressed files of the page count.
    siblings = {name: sum(1 for gz in path.rglob("*.gz") if gz.name != "sitemap.xml.gz")
                for name, path in sites.items()}
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
    parser.add_argument("--mobile-runs", type=int, default=1,
                        help="pairs over slow mobile (default 1: each visit takes 35-75 s, and the transfer, "
                             "not the machine's load, decides it)")
    parser.add_argument("--conditions", type=parse_names(CONDITIONS), default=list(CONDITIONS),
                        help=f"a comma-separated subset of {','.join(CONDITIONS)}")
    parser.add_argument("--hosts", type=parse_names(HOSTS), default=list(HOSTS), help="plain,gzip or one of them")
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
        bases = {(site, host): stack.enter_context(serve(path, HOSTS[host]))
                 for site, path in sites.items() for host in args.hosts}
        browser = playwright.chromium.launch(**launch)
        for base in bases.values():  # warm the OS file cache and the gzip cache, unrecorded
            measure_bare(browser, base, CONDITIONS["localhost"])
        results = run(browser, bases, conditions, runs_of)
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
