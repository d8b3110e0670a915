"""The build hook's own logic, in CPython: the service worker's versioned cache, the CSP, the icons."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import struct
from pathlib import Path

from tools import csp, icons, offline

ROOT = Path(__file__).resolve().parent.parent


def built_worker(site: Path) -> tuple[str, list[str]]:
    shutil.copy(ROOT / "site" / "sw.js", site / "sw.js")
    offline.write_service_worker(site)
    source = (site / "sw.js").read_text()
    build = re.search(r'const BUILD = "([0-9a-f]+)";', source)
    assert build
    return build[1], re.findall(r'^  "([^"]*)",$', source, re.M)


class TestServiceWorker:
    def make_site(self, root: Path) -> Path:
        (root / "facts").mkdir(parents=True)
        (root / "index.html").write_text("<h1>Play</h1>")
        (root / "facts" / "index.html").write_text("<h1>Facts</h1>")
        (root / "sitemap.xml").write_text("<urlset/>")
        (root / "app.js.map").write_text("{}")
        return root

    def test_every_page_and_file_is_cached_by_its_address(self, tmp_path: Path) -> None:
        """Pages by their folder, files by path; dated and duplicate files left out."""
        _, urls = built_worker(self.make_site(tmp_path))
        assert urls == ["facts/", ""]

    def test_the_cache_version_follows_the_content(self, tmp_path: Path) -> None:
        """The same files give the same version; any change to a file gives a new one."""
        site = self.make_site(tmp_path)
        first, _ = built_worker(site)
        again, _ = built_worker(site)
        assert first == again
        (site / "facts" / "index.html").write_text("<h1>Facts, revised</h1>")
        changed, _ = built_worker(site)
        assert changed != first
        (site / "sitemap.xml").write_text("<urlset>new date</urlset>")
        assert built_worker(site)[0] == changed, "files not cached do not change the version"


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


def test_icons_are_real_pngs_of_their_size() -> None:
    """The generated icons are PNG files with the dimensions asked for."""
    for size in (48, 192):
        data = icons.icon(size)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)
