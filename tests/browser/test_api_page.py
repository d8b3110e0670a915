"""The Python API page as a programmer reads it: examples in code blocks,
attributes by their type (tools/pages/api_reference.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import Watch

# Every text node of the article holding a doctest prompt: the element around
# it, and whether it sits in a code block (<pre><code>).
PROMPTS = """() => {
    const found = [];
    const walk = document.createTreeWalker(document.querySelector("article"), NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (node.textContent.includes(">>>")) {
            const code = node.parentElement.closest("pre > code");
            found.push({inCode: code !== null, language: code ? code.className : "", text: node.textContent});
        }
    }
    return found;
}"""


@pytest.fixture(scope="module")
def api(module_context: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    page = watch.attach(module_context.new_page())
    page.goto(base_url + "api/")
    page.wait_for_load_state("load")
    yield page
    page.close()


def test_no_quotation_is_nested_in_another(api: Page) -> None:
    """A docstring's ``>>>`` lines were once read as quotations three deep."""
    assert api.locator("article blockquote blockquote").count() == 0
    assert api.locator("article blockquote").count() == 0


def test_every_example_is_in_a_code_block_the_first_included(api: Page) -> None:
    """The page's own example and every docstring's: in a code block, one line a line."""
    prompts = api.evaluate(PROMPTS)
    assert len(prompts) > 20, "the page has lost its examples"
    assert prompts[0]["inCode"], prompts[0]
    assert [p for p in prompts if not p["inCode"]] == []
    first_docstring = api.locator("article .doc-contents pre > code").first
    assert "language-pycon" in (first_docstring.get_attribute("class") or "")
    lines = first_docstring.inner_text().splitlines()
    assert lines[0].startswith(">>> ") and len(lines) > 1


def test_attributes_show_their_type_not_the_source_of_their_value(api: Page) -> None:
    """``noun = noun`` was the source line ``self.noun = noun``; the reader wants ``noun: str``."""
    signatures = api.locator(".doc-attribute > pre code.doc-signature").all_inner_texts()
    assert "noun: str" in signatures
    assert "problems: tuple[str, ...]" in signatures
    noisy = [s for s in signatures if "=" in s and s.split("=", 1)[0].strip() == s.split("=", 1)[1].strip()]
    assert noisy == []
    assert [s for s in signatures if "\n" in s.strip()] == [], "a value over several lines"


def test_no_doctest_directive_reaches_the_page(api: Page) -> None:
    """``# doctest: +ELLIPSIS`` is for the test runner, not the reader."""
    assert "doctest:" not in api.inner_text("article")
