"""The header's link to the repository (overrides/partials/source.html), for a
site whose mkdocs.yml sets ``repo_url``: a plain link, never the theme's script
component that asks the forge's API for stars and forks from the reader's browser."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import load_config

ROOT = Path(__file__).resolve().parent.parent
REPO = "https://github.com/example/pyengine"


def test_the_link_is_a_plain_link_to_repo_url() -> None:
    config = load_config(str(ROOT / "mkdocs.yml"), repo_url=REPO)
    html = config.theme.get_env().get_template("partials/source.html").render(config=config)
    assert f'href="{REPO}"' in html
    assert "data-md-component" not in html
    assert "<svg" in html  # the theme's repository icon, drawn in the page
