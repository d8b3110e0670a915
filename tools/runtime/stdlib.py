"""The trimmed standard library the site ships: only the modules its Python
imports, derived at build time, with the rest served on demand.

Pyodide's python_stdlib.zip holds 559 modules (2.5 MB); the site's Python
needs about 150 of them (0.8 MB of source). Which ones is derived, never listed by
hand: tools/runtime/derive_stdlib.mjs runs the Pyodide the site ships, in Node, and
reports what Pyodide imports to start and what the site's entry scripts
import (tools/runtime/import_closure.py). The trimmed zip also carries
tools/runtime/stdlib_ondemand.py, which fetches the full zip on the first import of
any other standard module.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from collections.abc import Iterable

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "runtime"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
FULL_STDLIB = PYODIDE_DIR / "python_stdlib.zip"
PYSCRIPT_PACKAGE = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
# The derivation starts Pyodide in Node (about 5 s): its result is kept here,
# under a digest of everything it reads, so repeated builds skip it.
CACHE = ROOT / "node_modules" / ".cache" / "pyengine"
ONDEMAND = "_stdlib_ondemand"
TRIMMED_NAME = "python_stdlib.min.zip"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed: the same modules make the same zip


class Plan(TypedDict):
    """What tools/runtime/derive_stdlib.mjs is given: the files it mounts, where, and the entry scripts."""

    files: dict[str, str]
    path: list[str]
    entries: list[str]


class Found(TypedDict):
    """What tools/runtime/derive_stdlib.mjs reports: the modules Pyodide imports to start,
    and each module the entries import with its file (None: built in)."""

    boot: list[str]
    imported: dict[str, str | None]


def cache_entry(kind: str, parts: Iterable[bytes], suffix: str = ".json") -> Path:
    """Where the cache keeps a ``kind`` made from ``parts`` (the bytes it
    depends on): named by their digest, so a change to any part is a new entry."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    return CACHE / f"{kind}-{digest.hexdigest()[:16]}{suffix}"


def keep(cached: Path, data: bytes) -> None:
    """Write ``data`` to the cache file ``cached`` whole or not at all: written
    beside it, then renamed over it, so that a build or test running at the
    same moment (the suite builds the site while other tests run) never reads
    half a file."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=CACHE, prefix=cached.name, suffix=".part", delete=False) as part:
        part.write(data)
    os.replace(part.name, cached)


def derivation_plan(engine_modules: list[Path]) -> Plan:
    """What the derivation reads: the site's Python where the page has it
    (main.py and the page's other modules beside the engine package; PyScript's package; the
    on-demand finder), and the scripts the page runs."""
    page = {f"/roots/app/{p.name}": p for p in sorted((ROOT / "site" / "py").glob("*.py"))}
    files = dict(page)
    files |= {f"/roots/app/pyengine/{p.relative_to(ROOT / 'pyengine').as_posix()}": p for p in engine_modules}
    files |= {f"/roots/pyscript/pyscript/{p.name}": p for p in sorted(PYSCRIPT_PACKAGE.glob("*.py"))}
    files[f"/roots/ondemand/{ONDEMAND}.py"] = TOOLS / "stdlib_ondemand.py"
    return {
        "files": {dest: str(source) for dest, source in files.items()},
        "path": ["/roots/app", "/roots/pyscript", "/roots/ondemand"],
        # Every module of the page's Python is an entry: main.py imports a
        # teaching page's module by name, only on the page that has its board.
        "entries": [*page, f"/roots/ondemand/{ONDEMAND}.py"],
    }


def stdlib_modules(zip_path: Path) -> dict[str, str]:
    """Module name -> member name, for every module in a stdlib zip (source
    or bytecode)."""
    modules = {}
    for name in zipfile.ZipFile(zip_path).namelist():
        stem, dot, suffix = name.rpartition(".")
        if dot and suffix in ("py", "pyc"):
            modules[stem.replace("/", ".").removesuffix(".__init__")] = name
    return modules


def needed_modules(found: Found, in_zip: dict[str, str]) -> list[str]:
    """The zip's modules among those Pyodide's start-up and the site's imports
    reach, each with its parent packages."""
    reached = set(found["boot"]) | {name for name, file in found["imported"].items() if file}
    keep = set()
    for name in reached:
        parts = name.split(".")
        keep |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return sorted(keep & in_zip.keys())


def node(doing: str, script: Path, *args: str) -> str:
    """Run ``script`` in Node from the repository's root and return what it
    printed; if it fails, stop the build with its error's tail (``doing`` says
    what failed)."""
    done = subprocess.run(["node", str(script), *args], cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{doing} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def derive(plan: Plan) -> list[str]:
    """The standard library modules the site needs (cached, see CACHE)."""
    read = [TOOLS / "derive_stdlib.mjs", TOOLS / "import_closure.py", *map(Path, plan["files"].values())]
    # Keyed by what is mounted where, not by where the files lie: a copy of
    # the tree elsewhere (the suite's second build, made in a new temporary
    # folder each run) derives the same modules from the same files.
    mounted = {**plan, "files": list(plan["files"])}
    cached = cache_entry(
        "stdlib",
        [
            FULL_STDLIB.read_bytes(),
            *(path.name.encode() + b"\0" + path.read_bytes() for path in read),
            json.dumps(mounted, sort_keys=True).encode(),
        ],
    )
    if cached.exists():
        return list(json.loads(cached.read_text()))
    with tempfile.NamedTemporaryFile("w", suffix=".json") as plan_file:
        json.dump(plan, plan_file)
        plan_file.flush()
        out = node("deriving the standard library", TOOLS / "derive_stdlib.mjs", plan_file.name)
    modules = needed_modules(json.loads(out), stdlib_modules(FULL_STDLIB))
    keep(cached, json.dumps(modules).encode())
    return modules


def ondemand_source(rest: list[str]) -> bytes:
    """The on-demand finder, with the modules it serves written in."""
    source = (TOOLS / "stdlib_ondemand.py").read_text()
    empty = "REST: frozenset[str] = frozenset()"
    assert source.count(empty) == 1, "stdlib_ondemand.py must define REST once, empty"
    return source.replace(empty, f"REST: frozenset[str] = frozenset({sorted(rest)!r})").encode()


def compiled(source_zip: bytes, mode: str = "sourceless") -> bytes:
    """``source_zip`` with its modules compiled to bytecode by the Pyodide the
    site ships (tools/runtime/compile_stdlib.mjs, whose ``mode`` is sourceless or
    checked; cached like the derivation).

    Why: Python compiles a module's source each time it imports it from a zip
    (zipimport writes no cache), and Pyodide's start imports most of these.
    Sourceless bytecode made Pyodide's start in Node 4-7x faster (1.3-2.5 s
    against 0.27-0.37 s), for 0.5 MB more to download (1.35 MB against
    0.83 MB): bench/README.md has the page's figures. Left without their
    columns (PYTHONNODEBUGRANGES, see the script) the modules are 1.03 MB."""
    return compiled_all([(source_zip, mode)])[0]


def compiled_all(jobs: list[tuple[bytes, str]]) -> list[bytes]:
    """``compiled`` of each (zip, mode), those not cached compiled in one
    Pyodide start in Node (about 3.6 CPU-s a start on this machine)."""
    script = TOOLS / "compile_stdlib.mjs"
    compiler = [FULL_STDLIB.read_bytes(), script.read_bytes()]
    cached = [cache_entry("stdlib", [*compiler, source_zip, mode.encode()], ".pyc.zip") for source_zip, mode in jobs]
    missing = [index for index, entry in enumerate(cached) if not entry.exists()]
    if missing:
        with tempfile.TemporaryDirectory() as work:
            args = []
            for index in missing:
                source, dest = Path(work) / f"source-{index}.zip", Path(work) / f"dest-{index}.zip"
                source.write_bytes(jobs[index][0])
                args += [str(source), str(dest), jobs[index][1]]
            node("compiling to bytecode", script, *args)
            for index in missing:
                keep(cached[index], (Path(work) / f"dest-{index}.zip").read_bytes())
    return [entry.read_bytes() for entry in cached]


def write_trimmed_stdlib(folder: Path, engine_modules: list[Path]) -> list[str]:
    """Write the trimmed zip, compiled, into ``folder``; return the modules it holds."""
    in_zip = stdlib_modules(FULL_STDLIB)
    keep = derive(derivation_plan(engine_modules))
    rest = sorted(in_zip.keys() - set(keep))
    full = zipfile.ZipFile(FULL_STDLIB)
    members = {in_zip[module]: full.read(in_zip[module]) for module in keep}
    members[f"{ONDEMAND}.py"] = ondemand_source(rest)
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w") as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=ZIP_DATE), data, zipfile.ZIP_DEFLATED, 9)
    (folder / TRIMMED_NAME).write_bytes(compiled(source.getvalue()))
    return [*keep, ONDEMAND]
