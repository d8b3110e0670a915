"""AlphaZero trained on the page (Pyodide in a Web Worker, headless Chromium) beside CPython.

    python bench/alphazero_page.py [--site build/site] [--iterations 3] [--seed 1]

Both run the same code, site/py/alphazero_train.py's ``Trainer`` from the
same seed: here in this process, then on "Machines that learn" in a built
site (``make build`` first) served on 127.0.0.1, where the Train button
starts the worker. Each iteration's seconds are the trainer's own
(``time.perf_counter`` around self-play, learning and marking, in the
worker for the page: what the page kept in localStorage), so the page's
figure leaves out the worker's start. Printed side by side with the ratio
(page / CPython), iteration by iteration, then the medians of the trained
iterations (iteration 0 is the untrained machine's marking alone). The two
run one after the other, not at once: on a shared machine, their load is
the machine's too.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "site" / "py"))

import alphazero_train  # noqa: E402


def cpython(seed: int, iterations: int) -> list[float]:
    """Each iteration's seconds, the untrained marking first."""
    trainer = alphazero_train.Trainer(None, seed, iterations)
    seconds = []
    while (text := trainer.step()) is not None:
        answer = json.loads(text)
        if answer["kind"] == "iteration":
            seconds.append(float(answer["seconds"]))
            print(f"  CPython: iteration {answer['marks']['iteration']} in {seconds[-1]:.2f} s", flush=True)
    return seconds


def page(site: Path, iterations: int) -> tuple[list[float], float]:
    """Each iteration's seconds in the page's worker, and the seconds from the
    press of Train to the worker's first answer (its Python's start included)."""
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *_: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    az = "[data-board='alphazero']"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium)
            context = browser.new_context(service_workers="block")
            tab = context.new_page()
            tab.goto(f"http://127.0.0.1:{server.server_address[1]}/machines-that-learn/")
            tab.wait_for_selector(f"{az}[data-state='ready']", timeout=180_000)
            pressed = time.perf_counter()
            tab.click(f"{az} [data-train]")
            tab.wait_for_selector(f"{az}:not([data-iteration='-1'])", timeout=600_000)
            first = time.perf_counter() - pressed
            shown = -1
            while shown < iterations:
                time.sleep(1)
                now = int(tab.get_attribute(az, "data-iteration") or "-1")
                if now != shown:
                    shown = now
                    print(f"  page: iteration {shown} kept", flush=True)
            tab.click(f"{az} [data-stop]")
            kept = json.loads(tab.evaluate("() => localStorage.getItem('pyengine.learn.alphazero')"))
            browser.close()
    finally:
        server.shutdown()
    return [float(point["seconds"]) for point in kept["points"]][: iterations + 1], first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site", help="a built site (make build)")
    parser.add_argument("--iterations", type=int, default=3, help="trained iterations to time (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the page trains seed 1")
    args = parser.parse_args()
    if not (args.site / "machines-that-learn" / "index.html").is_file():
        sys.exit(f"no built site in {args.site}: run make build")
    here = cpython(args.seed, args.iterations)
    there, first = page(args.site, args.iterations)
    print()
    print("| iteration | CPython s | page (worker) s | page / CPython |")
    print("|---|---|---|---|")
    for i, (a, b) in enumerate(zip(here, there, strict=False)):
        print(f"| {i}{' (marking only)' if i == 0 else ''} | {a:.2f} | {b:.2f} | {b / a:.2f} |")
    a, b = statistics.median(here[1:]), statistics.median(there[1:])
    print(f"| median of 1-{args.iterations} | {a:.2f} | {b:.2f} | {b / a:.2f} |")
    print(f"\nfrom the press of Train to iteration 0's marks on the page: {first:.1f} s (the worker's start included)")


if __name__ == "__main__":
    main()
