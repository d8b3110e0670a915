"""Presentation mode, one helper for every page that has it (the explorer, the drill).

A button toggles it; Escape leaves it. While on, the page's root element
(``html``) carries the widget's class (``ex-presenting``, ``dr-presenting``),
with which the widget's stylesheet hides the site's navigation, header and
footer and enlarges the widget; the button says it is pressed, that Escape
is its shortcut, and how to leave ("Leave presentation (Esc)": one name and
one key on every page that presents). What else changes (the explorer scrolls to its board
and draws its tree again, the drill measures its width again) is the
widget's, told through ``changed``.
"""

from __future__ import annotations

from pyscript import document
from pyscript.ffi import create_proxy

from pyengine.teaching.searchwords import present_label

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyodide.ffi import JsProxy


class Presenting:
    """Presentation mode of one widget: ``on`` says whether the page is in it."""

    def __init__(
        self,
        button: JsProxy,
        page_class: str,
        changed: Callable[[bool], None],
    ) -> None:
        self.button, self.page_class, self.changed = button, page_class, changed
        self.on = False
        button.addEventListener("click", create_proxy(lambda event: self.set(not self.on)))
        document.addEventListener("keydown", create_proxy(self._on_key))

    def set(self, on: bool) -> None:
        """Enter (``on``) or leave presentation mode."""
        self.on = on
        document.documentElement.classList.toggle(self.page_class, on)
        self.button.setAttribute("aria-pressed", "true" if on else "false")
        self.button.textContent = present_label(on)
        if on:
            self.button.setAttribute("aria-keyshortcuts", "Escape")
        else:
            self.button.removeAttribute("aria-keyshortcuts")
        self.changed(on)

    def _on_key(self, event: JsProxy) -> None:
        if self.on and str(event.key) == "Escape":
            self.set(False)
