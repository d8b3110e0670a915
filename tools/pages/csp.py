"""The Content-Security-Policy every page carries in a <meta> tag."""

from __future__ import annotations

import base64
import hashlib
import re

# Only this site's origin; WebAssembly compiled (Pyodide) but no eval; the
# theme's few inline scripts by hash, never 'unsafe-inline'. Styles may be
# inline: the theme and PyScript set style attributes from script.
CSP_BASE = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}
INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:(?!\bsrc=)[^>])*)>(?P<body>.*?)</script>", re.S | re.I)
NOT_JAVASCRIPT = re.compile(r"""\btype=["']?(?!module|text/javascript)""", re.I)


def content_security_policy(html_text: str) -> str:
    """The policy for a page: the base, plus the hash of each inline script it runs."""
    hashes = []
    for script in INLINE_SCRIPT.finditer(html_text):
        if NOT_JAVASCRIPT.search(script["attrs"]) or not script["body"].strip():
            continue  # JSON data, Python and the like: the browser does not run them as script
        digest = base64.b64encode(hashlib.sha256(script["body"].encode()).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    policy = {name: list(sources) for name, sources in CSP_BASE.items()}
    policy["script-src"] += sorted(set(hashes))
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in policy.items())


def with_csp(html_text: str) -> str:
    """The page with its policy in a <meta> tag, first thing in <head>, so it
    governs every script and style that follows."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html_text)}">'
    return re.sub(r"<head>", f"<head>\n  {meta}", html_text, count=1, flags=re.I)
