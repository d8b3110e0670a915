"""mkdocs hooks: each event hands its job to the module that does it.

- on_config: which PyScript chunks the page template preloads (runtime.py);
  the engine's wheel and sdist start building, beside the rest (downloads.py).
- on_page_context: which of the page's Python modules (site/py) the page
  downloads, by the boards it holds (page_files.py).
- on_page_markdown: boards drawn into pages before Python runs (boards.py),
  the bots table played at build time (bots_table.py), the editions' figures
  (editions.py), the checker page's table of common faults and its budgets
  (checker_markup.py), with how strict the check is against the course's
  (strictness.py).
- on_post_page, on_post_template: every HTML page gets its stylesheets
  written in (stylesheets.py) and its Content-Security-Policy (csp.py).
- on_post_build: the runtime copied in (runtime.py), the no-JavaScript
  editions written (editions.py), the strategy map shown on demand
  (strategy_map_markup.py), the checker's editor and worker (editor.py), icons and
  the service worker (offline.py), after the engine's wheel and sdist
  (downloads.py).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# mkdocs loads this file by its path, not as part of a package: the project's
# root goes on the path so that `pyengine` and `tools` import from the tree.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.pages import (  # noqa: E402
    boards,
    bots_table,
    checker_markup,
    csp,
    editions,
    editor,
    strategy_map_markup,
    stylesheets,
)
from tools.runtime import downloads, offline, page_files, runtime  # noqa: E402

# The engine's build under way, from on_config to on_post_build.
_engine_build: downloads.Build | None = None


def on_config(config: Any) -> Any:
    global _engine_build
    config["extra"]["pyscript_chunks"] = runtime.pyscript_chunks()
    config["extra"]["start_modules"] = runtime.start_modules()
    if _engine_build is not None:  # a build that ended early (mkdocs serve builds again)
        _engine_build.stop()
    _engine_build = downloads.Build()
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    markdown = boards.render_markers(markdown)
    if "{{ bot_table }}" in markdown:
        markdown = markdown.replace("{{ bot_table }}", bots_table.bot_table())
    if "{{ nojs_figures }}" in markdown:
        markdown = markdown.replace("{{ nojs_figures }}", editions.nojs_figures())
    for name, value in {**bots_table.page_values(), **downloads.page_values()}.items():
        markdown = markdown.replace("{{ " + name + " }}", value)
    return checker_markup.render(markdown)


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    # `page_modules`: the modules of site/py the page's PyScript `files` and
    # preloads list (overrides/partials/boards-run.html, boards-head.html).
    context["page_modules"] = page_files.page_modules(page.content or "", page.file.src_uri)
    return context


def on_post_page(output: str, page: Any, config: Any) -> str:
    return csp.with_csp(stylesheets.inline(output, page.url, Path(config["site_dir"])))


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    # 404.html is a template, not a page; sitemap.xml is a template too, but not HTML.
    if not template_name.endswith(".html"):
        return output_content
    return csp.with_csp(stylesheets.inline(output_content, "", Path(config["site_dir"])))


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    runtime.copy_runtime(site)
    editions.write_editions(site)
    strategy_map_markup.write_files(site)
    editor.write_files(site)
    offline.write_icons(site)
    global _engine_build
    build, _engine_build = _engine_build, None
    if build is not None:
        build.write(site)
    offline.write_service_worker(site)  # last: it lists and digests every file


def on_build_error(error: Exception) -> None:
    global _engine_build
    build, _engine_build = _engine_build, None
    if build is not None:
        build.stop()
