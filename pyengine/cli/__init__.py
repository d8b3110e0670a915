"""The command line: ``python -m pyengine`` or ``pyengine``.

It may import the core and every product; nothing imports it but
``pyengine.__main__``. Each module imports only those above it::

    arguments       what the commands share: the one bad-input path, argparse types
    learn_commands  ``learn`` and ``mcts``
    bubblewrap      the sandbox ``check`` runs each file in: bwrap's options, a seccomp filter, a trial run
    check_command   ``check``: students' files, each in a sandbox of its own
    commands        the parser, each module's subcommands, ``main``
"""

from .commands import main

__all__ = ["main"]
