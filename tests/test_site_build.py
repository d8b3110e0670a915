"""The build hook's own logic, in CPython: the service worker's versioned cache, the CSP, the
inlined stylesheets, the icons, the runtime's loader and its contract with polyscript, the trimmed
standard library, the compressed copies."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import urllib.request
import zipfile
from pathlib import Path
from typing import ClassVar

import pytest

from tools.dev import browser
from tools.pages import csp, icons, stylesheets
from tools.runtime import offline, precompress, runtime, stdlib

ROOT = Path(__file__).resolve().parent.parent


def built_worker(site: Path) -> tuple[str, dict[str, str], list[str]]:
    """Run the build's last step on ``site``: its build id, the files the worker keeps, the lazy ones."""
    shutil.copy(ROOT / "site" / "sw.js", site / "sw.js")
    offline.write_service_worker(site)
    source = (site / "sw.js").read_text()
    build = re.search(r'^const BUILD = "([0-9a-f]+)";', source, re.M)
    files = re.search(r"^const FILES = (\{.*?^\});", source, re.M | re.S)
    lazy = re.search(r"^const LAZY = new Set\((\[.*?\])\);", source, re.M | re.S)
    assert build and files and lazy
    return build[1], json.loads(files[1]), json.loads(lazy[1])


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


class TestServiceWorker:
    def make_site(self, root: Path) -> Path:
        (root / "facts").mkdir(parents=True)
        (root / "assets").mkdir()
        (root / "runtime" / "pyodide").mkdir(parents=True)
        (root / "index.html").write_text(
            '<link rel="stylesheet" href="assets/site.css"><a href="facts/">Facts</a>'
            '<a href="https://example.org/assets/site.css">elsewhere</a>'
            '<script type="py" src="py/main.py" config=\'{"interpreter": "runtime/pyodide/loader.mjs",'
            ' "files": {"runtime/pyengine.zip": "./*"}}\'></script>'
        )
        # Sheets written into a page (tools/pages/stylesheets.py): board.css only so,
        # site.css also linked by the other pages.
        (root / "facts" / "index.html").write_text(
            '<style data-from="assets/board.css">i {}</style>'
            '<style data-from="assets/site.css">body {}</style>'
            '<script src="../assets/app.js"></script>'
            '<button data-src="assets/map.svg">O</button>'
        )
        (root / "404.html").write_text('<link rel="stylesheet" href="/assets/site.css"><a href="/.">Home</a>')
        (root / "assets" / "site.css").write_text("body {}")
        (root / "assets" / "board.css").write_text("i {}")
        (root / "assets" / "app.js").write_text("1")
        (root / "assets" / "map.svg").write_text("<svg/>")
        (root / "runtime" / "pyengine.zip").write_bytes(b"PK engine")
        (root / "runtime" / "pyodide" / "loader.mjs").write_text("export {}")
        (root / "runtime" / "pyodide" / "python_stdlib.zip").write_bytes(b"PK all")
        (root / "sitemap.xml").write_text("<urlset/>")
        (root / "app.js.map").write_text("{}")
        (root / "app.js.gz").write_bytes(b"")
        (root / "app.js.br").write_bytes(b"")
        return root

    def test_every_file_is_kept_by_an_address_that_carries_its_digest(self, tmp_path: Path) -> None:
        """Pages by their folder; files with ?v=DIGEST, the engine zip and the loader with it in
        their name; dated and duplicate files, and sheets only ever written into pages, left out;
        each with its digest; the full stdlib lazy."""
        site = self.make_site(tmp_path)
        _, files, lazy = built_worker(site)
        engine, loader = digest(b"PK engine"), digest(b"export {}")
        assert (site / f"runtime/pyengine-{engine}.zip").is_file() and not (site / "runtime/pyengine.zip").exists()
        assert (site / f"runtime/pyodide/loader-{loader}.mjs").is_file()
        assert files == {
            "": digest((site / "index.html").read_bytes()),
            "facts/": digest((site / "facts" / "index.html").read_bytes()),
            "404.html": digest((site / "404.html").read_bytes()),
            f"assets/site.css?v={digest(b'body {}')}": digest(b"body {}"),
            f"assets/app.js?v={digest(b'1')}": digest(b"1"),
            f"assets/map.svg?v={digest(b'<svg/>')}": digest(b"<svg/>"),
            f"runtime/pyengine-{engine}.zip": engine,
            f"runtime/pyodide/loader-{loader}.mjs": loader,
            f"runtime/pyodide/python_stdlib.zip?v={digest(b'PK all')}": digest(b"PK all"),
        }
        assert lazy == [f"runtime/pyodide/python_stdlib.zip?v={digest(b'PK all')}"]

    def test_pages_name_each_file_by_its_address(self, tmp_path: Path) -> None:
        """Links, scripts, data-src and PyScript's config carry the addresses; pages, other sites
        and PyScript's destinations stay as they were; 404.html's addresses are from the root."""
        site = self.make_site(tmp_path)
        built_worker(site)
        css = f"assets/site.css?v={digest(b'body {}')}"
        home = (site / "index.html").read_text()
        assert f'href="{css}"' in home and 'href="facts/"' in home
        assert 'href="https://example.org/assets/site.css"' in home
        assert f'"interpreter": "runtime/pyodide/loader-{digest(b"export {}")}.mjs"' in home
        assert f'"files": {{"runtime/pyengine-{digest(b"PK engine")}.zip": "./*"}}' in home
        facts = (site / "facts" / "index.html").read_text()
        assert f'src="../assets/app.js?v={digest(b"1")}"' in facts
        assert f'data-src="assets/map.svg?v={digest(b"<svg/>")}"' in facts
        assert (site / "404.html").read_text() == f'<link rel="stylesheet" href="{css}"><a href=".">Home</a>'

    def test_the_sites_scripts_name_what_they_import_by_its_address(self, tmp_path: Path) -> None:
        """A script's imports carry the addresses of what they name, written before the
        script's own digest is taken; the worker's plain address is left alone."""
        site = self.make_site(tmp_path)
        (site / "assets" / "dep.js").write_text("export const x = 1;")
        (site / "assets" / "boot.mjs").write_text(
            'import { x } from "./dep.js";\nconst engine = new URL("../runtime/pyengine.zip", import.meta.url);\n'
            'navigator.serviceWorker.register(new URL("sw.js", root));\n'
        )
        (site / "index.html").write_text('<script type="module" src="assets/boot.mjs"></script>')
        built_worker(site)
        boot = (site / "assets" / "boot.mjs").read_text()
        assert f'from "./dep.js?v={digest(b"export const x = 1;")}"' in boot
        assert f'new URL("../runtime/pyengine-{digest(b"PK engine")}.zip", import.meta.url)' in boot
        assert 'new URL("sw.js", root)' in boot
        page = (site / "index.html").read_text()
        assert page == f'<script type="module" src="assets/boot.mjs?v={digest(boot.encode())}"></script>'

    def test_the_built_worker_is_valid_javascript(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path)
        built_worker(site)
        done = subprocess.run(["node", "--check", str(site / "sw.js")], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr

    def test_the_build_id_follows_the_content(self, tmp_path: Path) -> None:
        """The same files give the same id; any change to a kept file gives a new one."""
        first, _, _ = built_worker(self.make_site(tmp_path / "a"))
        again, _, _ = built_worker(self.make_site(tmp_path / "b"))
        assert first == again
        site = self.make_site(tmp_path / "c")
        (site / "assets" / "app.js").write_text("2")
        changed, _, _ = built_worker(site)
        assert changed != first
        site = self.make_site(tmp_path / "d")
        (site / "sitemap.xml").write_text("<urlset>new date</urlset>")
        assert built_worker(site)[0] == first, "files not kept do not change the id"


class TestContentSecurityPolicy:
    def test_inline_scripts_are_allowed_by_their_hash_only(self) -> None:
        """Each inline JavaScript body's SHA-256 is in script-src; data and src scripts are not hashed."""
        body = "window.answer = 42;"
        page = (
            "<html><head><title>t</title></head><body>"
            f"<script>{body}</script>"
            '<script id="cfg" type="application/json">{"a": 1}</script>'
            '<script type="module" src="x.js"></script>'
            "</body></html>"
        )
        policy = csp.content_security_policy(page)
        expected = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        scripts = next(part for part in policy.split("; ") if part.startswith("script-src")).split()[1:]
        assert scripts == ["'self'", "'wasm-unsafe-eval'", f"'sha256-{expected}'"]
        assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts

    def test_the_policy_comes_first_in_the_head(self) -> None:
        """The meta tag precedes every script, so it governs all of them."""
        page = csp.with_csp("<html><head><script>1</script></head><body></body></html>")
        assert page.index('http-equiv="Content-Security-Policy"') < page.index("<script>")


class TestInlinedStylesheets:
    def test_each_of_the_sites_own_sheets_is_written_into_the_page(self, tmp_path: Path) -> None:
        """Links from a nested page and from the root (the 404 page) name the
        same file; another site's sheet stays a link."""
        (tmp_path / "assets").mkdir()
        (tmp_path / "assets" / "site.css").write_text("body{color:red}")
        external = '<link rel="stylesheet" href="https://example.org/x.css">'
        nested = stylesheets.inline(
            f'<head><link rel="stylesheet" href="../assets/site.css?v=1">{external}</head>', "search/", tmp_path
        )
        assert nested == f'<head><style data-from="assets/site.css">body{{color:red}}</style>{external}</head>'
        from_root = stylesheets.inline('<link rel="stylesheet" href="/assets/site.css">', "", tmp_path)
        assert from_root == '<style data-from="assets/site.css">body{color:red}</style>'

    @pytest.mark.parametrize("css", ["a{background:url(img/x.png)}", '@import "more.css";', "a{}</style><script>"])
    def test_a_sheet_that_would_read_differently_inside_the_page_stops_the_build(
        self, tmp_path: Path, css: str
    ) -> None:
        (tmp_path / "x.css").write_text(css)
        with pytest.raises(SystemExit, match=r"x\.css"):
            stylesheets.inline('<link rel="stylesheet" href="x.css">', "", tmp_path)

    def test_data_addresses_are_inlined(self, tmp_path: Path) -> None:
        css = """a{mask:url("data:image/svg+xml;charset=utf-8,<svg/>")} b{fill:url(#g)}"""
        (tmp_path / "x.css").write_text(css)
        assert css in stylesheets.inline('<link rel="stylesheet" href="x.css">', "", tmp_path)


def test_icons_are_real_pngs_of_their_size() -> None:
    """The generated icons are PNG files with the dimensions asked for."""
    for size in (48, 192):
        data = icons.icon(size)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)


def test_the_favicon_at_the_root_is_the_pages_png_in_an_ico() -> None:
    """/favicon.ico, which browsers ask for when a page names no icon: one
    directory entry whose size and offset frame the PNG exactly."""
    png = icons.icon(48)
    data = icons.ico(png)
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    width, height, _, _, planes, bits, size, offset = struct.unpack("<BBBBHHII", data[6:22])
    assert (reserved, kind, count, width, height, planes, bits) == (0, 1, 1, 48, 48, 1, 32)
    assert data[offset : offset + size] == png and offset + size == len(data)
    with pytest.raises(ValueError, match="PNG"):
        icons.ico(b"GIF89a" + bytes(40))


class TestPolyscriptContract:
    """What the site's loader relies on in polyscript, which PyScript bundles
    (undocumented): it imports the module the ``interpreter`` setting names,
    calls ``engine({loadPyodide, version}, config, url, ...)`` with that
    module's exports, and gives loadPyodide the folder of that URL as
    ``indexURL`` (so tools/runtime/loader.mjs must sit next to pyodide.mjs)."""

    SOURCES: ClassVar[dict[str, Path]] = {
        "polyscript's source": ROOT / "node_modules" / "polyscript" / "esm" / "interpreter" / "pyodide.js",
        "the PyScript bundle the site ships": next((ROOT / "node_modules/@pyscript/core/dist").glob("core-*.js")),
    }

    @pytest.mark.parametrize("where", SOURCES)
    def test_the_interpreter_module_gives_loadpyodide_and_version_and_its_folder(self, where: str) -> None:
        code = re.sub(r"\s+", "", self.SOURCES[where].read_text())
        engine = re.search(r"asyncengine\(\{loadPyodide:?(\w*),version:?(\w*)\},(\w+),(\w+),(\w+)\)", code)
        assert engine, f"{where}: engine() no longer takes {{loadPyodide, version}}"
        load, url = engine[1] or "loadPyodide", engine[4]
        folder = re.search(rf"(?:const|let|var)(\w+)={url}\.slice\(0,{url}\.lastIndexOf\(['\"]/['\"]\)\)", code)
        assert folder, f"{where}: indexURL is no longer the folder of the interpreter's URL"
        assert re.search(rf"\{{indexURL(:{folder[1]})?\}}", code), f"{where}: indexURL is not that folder"
        call = rf"{load}\(\{{stderr:?\w*,stdout:?\w*,\.\.\.\w+\}}\)"
        assert re.search(call, code), f"{where}: loadPyodide is no longer called with the options and indexURL"

    def test_the_interpreter_modules_are_imported_by_url(self) -> None:
        code = (ROOT / "node_modules" / "polyscript" / "esm" / "interpreters.js").read_text()
        assert "module: import(/* webpackIgnore: true */url)" in code
        assert "return engine(module, config, url, baseURL)" in code


def pyodide_folder(folder: Path) -> Path:
    """A folder with the runtime files the loader names (the trimmed stdlib a stand-in)."""
    for name in runtime.PYODIDE_FILES:
        (folder / name).symlink_to(runtime.PYODIDE_DIR / name)
    (folder / stdlib.TRIMMED_NAME).write_bytes(b"PK trimmed")
    return folder


class TestLoader:
    def test_the_loader_is_written_with_this_pyodide(self, tmp_path: Path) -> None:
        """The built loader carries the version and package index of node_modules' Pyodide, no
        placeholder, and the address of each file it asks for, with the file's digest."""
        runtime.write_loader(pyodide_folder(tmp_path) / "loader.mjs")
        source = (tmp_path / "loader.mjs").read_text()
        assert "__SETTINGS__" not in source
        written = json.loads(re.search(r"^const SETTINGS = (\{.*?^\});", source, re.M | re.S)[1])  # type: ignore[index]
        pyodide = json.loads((runtime.PYODIDE_DIR / "package.json").read_text())
        lock = json.loads((runtime.PYODIDE_DIR / "pyodide-lock.json").read_text())
        assert written["version"] == pyodide["version"] and written["lockInfo"] == lock["info"]
        assert written["stdlib"] == stdlib.TRIMMED_NAME and written["fullStdlib"] in runtime.PYODIDE_FILES
        assert "export const version = SETTINGS.version;" in source
        for name in (*runtime.PYODIDE_FILES, stdlib.TRIMMED_NAME):
            assert written["files"][name] == f"{name}?v={digest((tmp_path / name).read_bytes())}"

    def test_the_loader_is_valid_javascript(self, tmp_path: Path) -> None:
        runtime.write_loader(pyodide_folder(tmp_path) / "loader.mjs")
        done = subprocess.run(["node", "--check", str(tmp_path / "loader.mjs")], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


class TestTrimmedStdlib:
    def test_parents_are_kept_and_only_modules_of_the_zip(self) -> None:
        """A reached submodule brings its packages; built-ins and the site's own modules are not in the zip."""
        in_zip = {
            "xml": "xml/__init__.py",
            "xml.dom": "xml/dom/__init__.py",
            "xml.dom.minidom": "xml/dom/minidom.py",
            "json": "json/__init__.py",
            "csv": "csv.py",
        }
        found = {
            "boot": ["json", "sys"],
            "imported": {
                "xml.dom.minidom": "/stdlib/xml/dom/minidom.py",
                "pyengine": "/roots/app/pyengine/__init__.py",
                "js": None,
            },
        }
        assert stdlib.needed_modules(found, in_zip) == ["json", "xml", "xml.dom", "xml.dom.minidom"]

    def test_the_finder_is_told_the_rest(self) -> None:
        """The on-demand finder is written with the modules only the full zip has, and still compiles."""
        source = stdlib.ondemand_source(["csv", "xml.dom"])
        assert b"REST: frozenset[str] = frozenset(['csv', 'xml.dom'])" in source
        compile(source, "_stdlib_ondemand.py", "exec")

    def test_the_trimmed_zip_holds_the_derived_modules_compiled(self, tmp_path: Path) -> None:
        """Each derived module and the finder, as sourceless bytecode that
        zipimport loads without looking for a source: unchecked hash-based
        .pyc files, all with one magic number (Pyodide's, which CPython here
        cannot check; the browser tests import them)."""
        modules = stdlib.write_trimmed_stdlib(tmp_path, runtime.engine_modules())
        members = stdlib.stdlib_modules(tmp_path / stdlib.TRIMMED_NAME)
        assert set(members) == set(modules)
        full = stdlib.stdlib_modules(stdlib.FULL_STDLIB)
        assert {"encodings", "json", "html.entities", "encodings.cp437"} <= set(modules) < set(full) | {stdlib.ONDEMAND}
        assert "xml.dom.minidom" not in modules and "decimal" not in modules
        with zipfile.ZipFile(tmp_path / stdlib.TRIMMED_NAME) as zf:
            headers = {name: zf.read(name)[:8] for name in zf.namelist()}
        assert all(name.endswith(".pyc") for name in headers) and members["json.decoder"] == "json/decoder.pyc"
        assert len({header[:4] for header in headers.values()}) == 1, "one magic number"
        assert all(int.from_bytes(header[4:8], "little") == 0b01 for header in headers.values()), "unchecked hash"


class TestCompressedCopies:
    def test_copies_only_where_they_pay(self, tmp_path: Path) -> None:
        """Text and wasm get .gz and .br that decode to the original; small or incompressible files get none."""
        text = ("def move(board):\n    return analyze(board).best\n" * 200).encode()
        (tmp_path / "big.js").write_bytes(text)
        (tmp_path / "small.css").write_text("a{}")
        (tmp_path / "noise.wasm").write_bytes(os.urandom(4096))
        precompress.write_compressed_copies(tmp_path)
        names = sorted(p.name for p in tmp_path.iterdir())
        assert names == ["big.js", "big.js.br", "big.js.gz", "noise.wasm", "small.css"]
        assert gzip.decompress((tmp_path / "big.js.gz").read_bytes()) == text
        done = subprocess.run(
            ["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"],
            input=(tmp_path / "big.js.br").read_bytes(),
            capture_output=True,
            check=True,
        )
        assert done.stdout == text


def test_make_serve_sends_wasm_as_application_wasm(tmp_path: Path) -> None:
    """The static server make serve and the tests use labels .wasm so that
    browsers compile it while it downloads."""
    (tmp_path / "x.wasm").write_bytes(b"\0asm")
    with browser.serve(tmp_path) as url, urllib.request.urlopen(url + "x.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
