"""The site theme's page shortcuts kept from leaving a lesson, one guard for every page that needs one.

mkdocs-material listens for keydown on the window: n and . open the next
page, p and , the previous one, with neither Ctrl nor Meta held, unless the
key is typed into an input, a select or a text area. On a page with a live
widget, focus sits on the body after a click on the text and on a button
after a click on one (a step button, a cell, Train...): there these keys
would leave the lesson, mid-search or mid-game. The document hears a key
before the window does, so stopping it there is enough; its default (none,
for these keys outside a field) is left alone.

The explorer (explorer_page.py), the drills (drill_page.py) and the learners'
page (learn_page.py) keep them, with the same keys: a key the widget itself
uses (the explorer's n and p step) is the widget's, and it stops that key itself.
"""

from __future__ import annotations

from pyscript import document
from pyscript.ffi import create_proxy

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

THEME_PAGE_KEYS = frozenset({"n", "p", ".", ","})
"""The keys mkdocs-material reads as "next page" (n, .) and "previous page" (p, ,)."""


def is_page_key(event: JsProxy) -> bool:
    """Whether the theme would take ``event`` as a page shortcut (wherever it was typed)."""
    return str(event.key) in THEME_PAGE_KEYS and not (event.ctrlKey or event.metaKey)


def keep_page_keys(widget: str) -> None:
    """Keep the theme's page shortcuts from firing while focus is on the body
    or inside an element that matches the selector ``widget`` (once per page:
    the body remembers it was done)."""
    body = document.body
    if body.getAttribute("data-keys-kept") == widget:
        return
    body.setAttribute("data-keys-kept", widget)

    def on_key(event: JsProxy) -> None:
        if not is_page_key(event):
            return
        target = event.target
        if target.tagName in ("BODY", "HTML") or target.closest(widget):
            event.stopPropagation()

    document.addEventListener("keydown", create_proxy(on_key))
