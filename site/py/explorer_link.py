"""The explorer's "Copy link": the address of the step shown, put on the
clipboard, or shown selected to copy by hand where the browser will not."""

from __future__ import annotations

from pyscript import window
from pyscript.ffi import create_proxy

from pyengine.teaching import searchwords

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyodide.ffi import JsProxy


class CopyLink:
    """The button, the words after it and the field of a link to copy by hand."""

    def __init__(self, root: JsProxy, address: Callable[[], str]) -> None:
        """``address()``: the page's address of the step shown, from its path on."""
        self.root, self.address = root, address
        self.button = root.querySelector("[data-copy-link]")
        self.copied = root.querySelector(".ex-copied")
        self.field = root.querySelector(".ex-link-field")
        self.input = root.querySelector("#ex-link")
        self._copied = create_proxy(self._on_copied)
        self._refused = create_proxy(self._on_refused)
        self.button.addEventListener("click", create_proxy(self._on_copy))

    def _on_copy(self, event: JsProxy) -> None:
        # A link handed to a class opens the lesson, not presentation mode (each
        # student's own screen is no projector): only this page's own address
        # keeps present=1, for a reload (the address() the page hands in).
        link = f"{window.location.origin}{window.location.pathname}{self.address()}"
        self.input.value = link
        self.copied.textContent = ""
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is None:  # not offered (an insecure page, an old browser): copy by hand
            self._on_refused()
            return
        clipboard.writeText(link).then(self._copied, self._refused)

    def _on_copied(self, *_: object) -> None:
        self.field.hidden = True
        self.copied.textContent = searchwords.COPIED
        self.root.setAttribute("data-copied", "true")

    def _on_refused(self, *_: object) -> None:
        """The clipboard said no: the link shown, selected, to copy by hand."""
        self.field.hidden = False
        self.copied.textContent = searchwords.COPY_BY_HAND
        self.root.setAttribute("data-copied", "by-hand")
        self.input.focus()
        self.input.select()
