"""Precompressed copies (``.gz``, ``.br``) beside the runtime's files, for
static hosts that serve them to browsers that accept them.

The runtime is most of a cold visit (13.5 MB plain of 14.1 MB), and most of it
compresses well: the wasm goes from 9.6 MB to 3.4 MB with gzip and 3.1 MB with
brotli. The gzip copies are made by Zopfli, whose output any gzip reader
takes: 3-6% smaller than ``gzip -9`` (the wasm 3.53 to 3.42 MB, Pyodide's
JavaScript 260 to 246 KB), bytes a cold visit over a gzip host no longer
downloads. A copy is written only where it saves at least a tenth;
the standard library zips are not tried: they are deflated inside and would
save 1%. ``make serve`` (``python -m http.server``) ignores the copies and
serves the originals.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

import zopfli.gzip

ROOT = Path(__file__).resolve().parents[2]
# Both kinds are kept here under the digest of their input, so a build
# compresses only what changed (the wasm alone takes 11 s with Zopfli).
CACHE = ROOT / "node_modules" / ".cache" / "pyengine" / "compressed"
# Brotli at quality 11 takes 121 s for the wasm on this machine; quality 9
# takes 12 s for 13% more bytes (3.10 MB against 2.74 MB).
BROTLI_QUALITY = 9
# Zopfli's passes: one takes 11 s for the wasm; three save 0.4% more of
# Pyodide's JavaScript for 25% more time, eight 0.5% for 55%.
ZOPFLI_ITERATIONS = 1
COMPRESSIBLE = frozenset({".js", ".mjs", ".css", ".wasm", ".json", ".py", ".html"})
SMALLEST = 1024  # below this the headers outweigh what compression saves
WORTH_IT = 0.9  # a copy must be at most this fraction of the original


def candidates(folder: Path) -> list[Path]:
    """The files under ``folder`` worth trying to compress."""
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= SMALLEST
    )


def compressed(files: list[Path]) -> dict[Path, tuple[Path, Path]]:
    """Each file's gzip and brotli copies, in the cache (made where missing:
    gzip by Zopfli, brotli by Node's zlib, as Python has none)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    copies = {}
    for path in files:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        copies[path] = (CACHE / f"{digest}-zopfli{ZOPFLI_ITERATIONS}.gz", CACHE / f"{digest}-q{BROTLI_QUALITY}.br")
    for path, (gz, _) in copies.items():
        if not gz.exists():
            gz.write_bytes(zopfli.gzip.compress(path.read_bytes(), numiterations=ZOPFLI_ITERATIONS))
    todo = {str(path): str(br) for path, (_, br) in copies.items() if not br.exists()}
    if todo:
        with tempfile.NamedTemporaryFile("w", suffix=".json") as jobs:
            json.dump({"quality": BROTLI_QUALITY, "files": todo}, jobs)
            jobs.flush()
            subprocess.run(["node", str(ROOT / "tools" / "runtime" / "brotli.mjs"), jobs.name], check=True)
    return copies


def write_compressed_copies(folder: Path) -> None:
    """``FILE.gz`` and ``FILE.br`` beside each file under ``folder`` that they shrink enough."""
    for path, cached in compressed(candidates(folder)).items():
        for copy in cached:
            if copy.stat().st_size <= WORTH_IT * path.stat().st_size:
                path.with_name(path.name + copy.suffix).write_bytes(copy.read_bytes())
