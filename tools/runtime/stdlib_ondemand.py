"""The rest of the standard library, fetched on the first import that needs it.

Runs in the browser: the build puts this file into the trimmed standard
library zip as ``_stdlib_ondemand.py`` and writes REST, and the site's loader
(tools/runtime/loader.mjs) installs it. The trimmed zip holds only what the site's
Python imports; code a reader runs on a page may import any standard module.
This finder sits last on ``sys.meta_path``: for a module of the full standard
library that the trimmed zip lacks (REST), it has the loader download the full
zip once (``_stdlib_fetch``, a JavaScript module), puts it on ``sys.path`` and
on the parent package's ``__path__``, and finds the module there. Any other
missing module fails as usual, at once, with no download.
"""

import sys
from importlib.machinery import ModuleSpec, PathFinder

REST: frozenset[str] = frozenset()  # written by the build: the modules only the full zip has


class StdlibOnDemand:
    """A meta path finder for the modules in REST."""

    full_zip: str | None = None

    @classmethod
    def find_spec(cls, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname not in REST:
            return None
        root = cls.full_stdlib()
        parent = fullname.rpartition(".")[0]
        if not parent:
            return PathFinder.find_spec(fullname, [root])
        where = f"{root}/{parent.replace('.', '/')}"
        package = sys.modules.get(parent)
        if package is not None and where not in package.__path__:
            package.__path__.append(where)  # its other submodules are found there directly from now on
        return PathFinder.find_spec(fullname, [where])

    @classmethod
    def full_stdlib(cls) -> str:
        """The full zip's path, downloaded on the first call."""
        if cls.full_zip is None:
            import _stdlib_fetch  # registered by the loader

            cls.full_zip = str(_stdlib_fetch.full_stdlib())
            sys.path.append(cls.full_zip)
        return cls.full_zip


def install() -> None:
    """Put the finder last on sys.meta_path (once)."""
    if StdlibOnDemand not in sys.meta_path:
        sys.meta_path.append(StdlibOnDemand)
