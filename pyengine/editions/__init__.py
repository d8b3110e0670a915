"""Editions: the engine compiled into pages that need no Python at play time.

Each module imports only the core::

    nojs        the perfect bot compiled to HTML and CSS
"""
