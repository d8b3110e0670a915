"""The facts page's funnel, counted in the browser by the same engine."""

from __future__ import annotations

from playwright.sync_api import BrowserContext

from pyengine.facts import funnel

from .conftest import Watch, axe_both_schemes


def test_every_number_of_the_funnel_is_the_engines(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    page = watch.attach(module_context.new_page())
    try:
        page.goto(base_url + "facts/")
        page.wait_for_selector("[data-board='funnel'][data-ready='true']", timeout=60_000)
        expected = funnel()._asdict()
        shown = page.eval_on_selector_all(
            "[data-board='funnel'] [data-fact]", "els => els.map(e => [e.dataset.fact, e.textContent])"
        )
        assert len(shown) == 8
        for key, text in shown:
            assert text == f"{expected[key]:,}", key
        depths = page.eval_on_selector_all(
            "[data-board='funnel'] tbody tr", "rows => rows.map(r => r.cells[1].textContent)"
        )
        assert depths == [f"{nodes:,}" for nodes in expected["tree_nodes_by_depth"]]
        assert axe_both_schemes(page) == []
    finally:
        page.close()
