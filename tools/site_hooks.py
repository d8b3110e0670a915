"""mkdocs hooks: what the static site needs from the engine and from npm.

- Pages get their boards as static HTML, so the board is on screen (in a
  loading state) before any Python has run: a page writes a marker such as
  ``<!-- board: game -->`` and ``on_page_markdown`` puts the markup there.
- The "Bots and levels" table is played by the engine at build time.
- After the build, the runtime is copied into the site: PyScript and Pyodide
  from node_modules (pinned by package-lock.json), and the engine as a zip
  that PyScript unpacks in the browser. Nothing is fetched from a CDN.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import functools  # noqa: E402
import gzip  # noqa: E402

from pyengine import Board, Level, Mode, Player, bot, play_match  # noqa: E402
from pyengine.export import NoJsEdition, nojs_edition  # noqa: E402
from tools.icons import icon  # noqa: E402

NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
# What loadPyodide() fetches at start-up; the rest of the npm package is
# typings, source maps and a console page.
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
# The engine modules the browser imports; the CLI stays out (argparse, tqdm).
ENGINE_MODULES = ("__init__.py", "board.py", "solver.py", "bots.py", "game.py", "facts.py")

MATCH_GAMES = 1000
MARKER = re.compile(r"<!--\s*board:\s*(?P<kind>[a-z]+)(?:\s+(?P<pos>[XO.xo/_-]{9,11}))?\s*-->")


# -- board markup ----------------------------------------------------------------


def _cell_name(cell: int) -> str:
    row, col = divmod(cell, 3)
    return f"row {row + 1}, column {col + 1}"


def board_table(board: Board, label: str) -> str:
    """The board as an ARIA grid of 9 buttons, drawn before the engine loads."""
    rows = []
    for r in range(3):
        cells = []
        for cell in range(3 * r, 3 * r + 3):
            mark = board[cell]
            text = str(mark) if mark else ""
            name = f"{_cell_name(cell).capitalize()}, {text or 'empty'}"
            cells.append(
                f'<td role="gridcell"><button type="button" class="ttt-cell" data-cell="{cell}" '
                f'data-mark="{text}" aria-label="{name}" aria-disabled="true" '
                f'tabindex="{0 if cell == 0 else -1}"><span class="ttt-mark" aria-hidden="true">{text}</span>'
                f'<span class="ttt-hint" aria-hidden="true"></span></button></td>'
            )
        rows.append(f'<tr role="row">{"".join(cells)}</tr>')
    return (
        f'<table class="ttt-board" role="grid" aria-label="{html.escape(label)}" '
        f'data-ready="false" aria-busy="true"><tbody>{"".join(rows)}</tbody></table>'
    )


def stage(board: Board, label: str) -> str:
    """The board with its banner, and the status line under them, in their loading state."""
    return f"""<div class="ttt-stage">
{board_table(board, label)}
<p class="ttt-banner" hidden></p>
</div>
<p class="ttt-status" role="status" aria-live="polite">Loading the engine&hellip;</p>"""


def _options(name: str, choices: list[tuple[str, str]], selected: str) -> str:
    opts = "".join(
        f'<option value="{value}"{" selected" if value == selected else ""}>{text}</option>'
        for value, text in choices
    )
    return f'<select name="{name}" id="ttt-{name}" disabled>{opts}</select>'


def game_markup() -> str:
    """The home page's game: settings, board, banner, controls, moves, score."""
    levels = [(level.value, level.value.capitalize()) for level in Level]
    modes = [(Mode.VS_BOT.value, "Against the bot"), (Mode.TWO_PLAYERS.value, "Two players"),
             (Mode.WATCH.value, "Watch bot vs bot")]
    sides = [("X", "X (you start)"), ("O", "O (bot starts)")]
    return f"""
<div class="ttt ttt-game" data-board="game" markdown="0">
<form class="ttt-settings" aria-label="Game settings">
<div class="ttt-setting"><label for="ttt-mode">Mode</label>{_options("mode", modes, Mode.VS_BOT.value)}</div>
<div class="ttt-setting"><label for="ttt-level">Bot</label>{_options("level", levels, Level.PERFECT.value)}</div>
<div class="ttt-setting"><label for="ttt-as">You play</label>{_options("as", sides, "X")}</div>
</form>
<p class="ttt-message" hidden></p>
{stage(Board.empty(), "Tic-tac-toe board")}
<div class="ttt-actions">
<button type="button" class="md-button md-button--primary" data-action="restart" disabled>New game</button>
<button type="button" class="md-button" data-action="undo" disabled>Undo</button>
<button type="button" class="md-button" data-action="redo" disabled>Redo</button>
<button type="button" class="md-button" data-action="hints" aria-pressed="false" disabled>Hints</button>
</div>
<div class="ttt-side">
<h2 class="ttt-subhead">Moves</h2>
<ol class="ttt-moves"></ol>
<h2 class="ttt-subhead">Score this session</h2>
<p class="ttt-score">No games finished yet.</p>
</div>
</div>
"""


def embed_markup() -> str:
    """The embeddable board: board, banner, status and a new-game button only."""
    return f"""
<div class="ttt ttt-embed" data-board="embed" markdown="0">
<p class="ttt-message" hidden></p>
{stage(Board.empty(), "Tic-tac-toe board")}
<button type="button" class="ttt-button" data-action="restart" disabled>New game</button>
</div>
"""


def analysis_markup(position: str) -> str:
    """A docs page's live board: both sides played by the reader, hints always on."""
    board = Board.parse(position)
    return f"""
<div class="ttt ttt-live" data-board="analysis" data-pos="{board}" markdown="0">
{stage(board, "Analysis board")}
<div class="ttt-actions">
<button type="button" class="md-button" data-action="restart" disabled>Restart</button>
<button type="button" class="md-button" data-action="undo" disabled>Undo</button>
</div>
</div>
"""


def facts_markup() -> str:
    return """
<div class="ttt-facts" data-board="facts" markdown="0">
<p class="ttt-status" role="status" aria-live="polite">Counting&hellip; (the engine is loading)</p>
<table class="ttt-facts-table" hidden><tbody></tbody></table>
</div>
"""


def _marker(match: re.Match[str]) -> str:
    kind, pos = match["kind"], match["pos"]
    if kind == "game":
        return game_markup()
    if kind == "analysis":
        return analysis_markup(pos or ".........")
    if kind == "facts":
        return facts_markup()
    if kind == "embed":
        return embed_markup()
    raise ValueError(f"unknown board marker {match[0]!r}")


# -- the bots table ----------------------------------------------------------------


def bot_table(games: int = MATCH_GAMES) -> str:
    """Every level against every level, played now by the engine."""
    levels = list(Level)
    head = "| X ↓ against O → | " + " | ".join(f"`{level.value}`" for level in levels) + " |"
    rows = [head, "| --- |" + " --- |" * len(levels)]
    for i, x in enumerate(levels):
        cells = []
        for j, o in enumerate(levels):
            result = play_match(bot(x, seed=2 * (i * 4 + j)), bot(o, seed=2 * (i * 4 + j) + 1), games)
            cells.append(f"X {result.x_wins} · O {result.o_wins} · draw {result.draws}")
        rows.append(f"| `{x.value}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)


# -- Content-Security-Policy ------------------------------------------------------

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


# -- the no-JavaScript editions ---------------------------------------------------

NOJS_FOLDERS = {Player.X: "nojs", Player.O: "nojs/bot-first"}


@functools.cache
def nojs(human: Player) -> NoJsEdition:
    """The engine's HTML+CSS edition for a side, made once per build."""
    return nojs_edition(human)


def nojs_page(human: Player) -> str:
    """The edition's page with the site's policy and links to the other pages."""
    other = Player.O if human is Player.X else Player.X
    here, there = NOJS_FOLDERS[human], NOJS_FOLDERS[other]
    up = "../" * (here.count("/") + 1)
    to_other = up + there + "/"
    links = (
        f'<p class="links"><a href="{to_other}">{"Let the bot start" if other is Player.O else "Start yourself"}</a>'
        f' · <a href="{up}no-javascript/">How this page works</a> · <a href="{up}">The full game</a></p>'
    )
    page = nojs(human).html.replace("</main>", links + "\n</main>", 1)
    return with_csp(page)


def nojs_figures() -> str:
    """The docs' table of what each edition weighs, measured on this build."""
    rows = ["| edition | human move sequences | bot replies | selectors | index.html | nojs.css | nojs.css gzipped |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for human, folder in NOJS_FOLDERS.items():
        edition = nojs(human)
        css = edition.css.encode()
        name = f"[you play {human}](../{folder}/)"
        rows.append(
            f"| {name} | {edition.sequences:,} | {edition.replies:,} | {edition.selectors:,} "
            f"| {len(nojs_page(human).encode()):,} B | {len(css):,} B | {len(gzip.compress(css, 9)):,} B |"
        )
    return "\n".join(rows)


# -- mkdocs events -----------------------------------------------------------------


# PyScript's modules that every page with a board loads, core first; their
# names carry content hashes, so they are found in node_modules at build time.
PYSCRIPT_EAGER = ("core-", "error-", "deprecations-manager-", "donkey-", "py-editor-", "py-game-", "py-terminal-")


def on_config(config: Any) -> Any:
    """Tell the page template which PyScript chunks to preload."""
    chunks = sorted(PYSCRIPT_DIST.glob("*.js")) if PYSCRIPT_DIST.exists() else []
    config["extra"]["pyscript_chunks"] = [
        chunk.name for prefix in PYSCRIPT_EAGER for chunk in chunks if chunk.name.startswith(prefix)
    ]
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    markdown = MARKER.sub(_marker, markdown)
    if "{{ bot_table }}" in markdown:
        markdown = markdown.replace("{{ bot_table }}", bot_table())
    if "{{ nojs_figures }}" in markdown:
        markdown = markdown.replace("{{ nojs_figures }}", nojs_figures())
    return markdown.replace("{{ match_games }}", f"{MATCH_GAMES:,}")


def on_post_page(output: str, page: Any, config: Any) -> str:
    return with_csp(output)


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    # 404.html is a template, not a page; sitemap.xml is a template too, but not HTML.
    return with_csp(output_content) if template_name.endswith(".html") else output_content


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    runtime = site / "runtime"
    missing = [p for p in [PYSCRIPT_DIST, *(PYODIDE_DIR / f for f in PYODIDE_FILES)] if not p.exists()]
    if missing:
        raise SystemExit(f"the browser runtime is missing ({missing[0]}): run `npm ci` (make build does)")
    shutil.rmtree(runtime, ignore_errors=True)
    shutil.copytree(PYSCRIPT_DIST, runtime / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, runtime / "pyodide" / name)
    with zipfile.ZipFile(runtime / "pyengine.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        for name in ENGINE_MODULES:
            # A fixed date: the same engine makes the same zip, and so the same cache version.
            info = zipfile.ZipInfo(f"pyengine/{name}", date_time=(2020, 1, 1, 0, 0, 0))
            zf.writestr(info, (ROOT / "pyengine" / name).read_bytes(), zipfile.ZIP_DEFLATED)
    for human, folder in NOJS_FOLDERS.items():
        out = site / folder
        out.mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(nojs_page(human))
        (out / "nojs.css").write_text(nojs(human).css)
    icons = site / "assets" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(icon(size))
    write_service_worker(site)


# Not worth a place in the offline cache: the sitemap (dated, for crawlers),
# compressed duplicates, source maps, the API inventory for other docs sites,
# the search's stemmers for languages other than English, and PyScript's
# editor and terminal chunks (this site uses neither).
NOT_PRECACHED = re.compile(
    r"(^sitemap\.xml|\.gz$|\.map$|^objects\.inv$|^sw\.js$|^assets/javascripts/lunr/"
    r"|^runtime/pyscript/(codemirror|xterm|zip-|toml-|pyodide_graph))"
)


def write_service_worker(site: Path) -> None:
    """Fill in sw.js: every file to cache, and a build id digested from them all."""
    files = sorted(
        path.relative_to(site).as_posix() for path in site.rglob("*")
        if path.is_file() and not NOT_PRECACHED.search(path.relative_to(site).as_posix())
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    # Pages are cached by their folder's address, as they are visited.
    urls = [name[: -len("index.html")] if name.endswith("index.html") else name for name in files]
    worker = site / "sw.js"
    source = worker.read_text()
    source = source.replace('"__BUILD__"', f'"{digest.hexdigest()[:16]}"')
    source = source.replace('["__PRECACHE__"]', "[\n  " + ",\n  ".join(f'"{url}"' for url in urls) + ",\n]")
    worker.write_text(source)
