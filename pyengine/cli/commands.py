"""The command line: ``python -m pyengine`` or ``pyengine``.

Bad input never ends in a traceback: it gets one line on standard error that
names the problem, and exit status 2 (``main``, the one bad-input path).

The subcommands live in modules of their own where they are many
(learn_commands: ``learn`` and ``mcts``; check_command: ``check``), each with
an ``add_...`` function that adds its parsers to the subcommands;
``COMMAND_MODULES`` lists them, and ``build_parser`` calls each. Such a module
takes its argument types and its errors from arguments.py and imports nothing
from here, so no import closes a loop.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .. import __version__
from ..analysis import Analysis, Value
from ..board import Board, Player, Result
from ..bots import Bot, Level, bot, play_match
from ..editions.nojs import nojs_edition
from ..errors import GAME_OVER, TAKEN, EngineError, IllegalMoveError
from ..facts import FACT_LABELS, compute_facts
from ..game import Game, Mode
from ..learning.alphazero import AlphaZero
from ..learning.training import ENTRANTS, Entrant, entrant
from ..policy import PolicyEntry, policy_table
from ..solver import analyze
from ..words import end_message
from .arguments import (
    BAD_INPUT,
    PROG,
    SIZE_HELP,
    Parser,
    UsageError,
    choice,
    count,
    position,
    progress_bar,
    seed,
    size,
)
from .check_command import add_check_command
from .learn_commands import add_learning_commands

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Final

COMMAND_MODULES: Final = (add_learning_commands, add_check_command)
"""What adds each module's subcommands, after this module's own: a new module
of subcommands plugs in here, with one ``add_...(commands)`` function."""


# -- analysis as text and JSON -----------------------------------------------


def _result_name(result: Result) -> str | None:
    return None if result is Result.ONGOING else result.value


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """An analysis under the documented JSON keys."""
    board = analysis.board
    return {
        "position": str(board),
        "to_move": board.to_move.value if board.to_move else None,
        "result": _result_name(board.result),
        "value": analysis.value.value if analysis.value else None,
        "plies": analysis.plies,
        "moves": [{"cell": m.cell, "value": m.value.value, "plies": m.plies} for m in analysis.moves],
        "best": list(analysis.best),
    }


def _value_text(value: Value, plies: int) -> str:
    if value is Value.DRAW:
        return f"draw ({plies} {'ply' if plies == 1 else 'plies'} to the end)"
    return f"{value.value} in {plies}"


def analysis_text(analysis: Analysis) -> str:
    """An analysis for people to read."""
    board = analysis.board
    lines = [str(board), board.pretty()]
    if analysis.value is None:
        lines.append(f"Game over: {board.result.summary}")
        if board.winning_lines:
            shown = ", ".join("-".join(map(str, line)) for line in board.winning_lines)
            lines.append(f"Winning line(s): {shown}")
        return "\n".join(lines)
    side = board.to_move
    lines.append(f"{side} to move: {_value_text(analysis.value, analysis.plies)} with perfect play")
    lines.append(f"Moves (cells 0-{board.geometry.cells - 1}, value for {side}):")
    width = len(str(board.geometry.cells - 1))
    for move in analysis.moves:
        star = "  *best" if move.cell in analysis.best else ""
        lines.append(f"  {move.cell:>{width}}  {_value_text(move.value, move.plies)}{star}")
    return "\n".join(lines)


# -- subcommands ---------------------------------------------------------------


def _on_size(side: int) -> str:
    return "" if side == 3 else f" on {side}x{side}"


def cmd_move(args: argparse.Namespace, out: IO[str]) -> int:
    board = position(args.position)
    if board.is_over:
        raise UsageError(f"no move in {str(board)!r}: the game is over")
    print(bot(args.level, seed=args.seed).choose(board), file=out)
    return 0


def _batch_lines(stream: Iterable[str]) -> Iterable[str]:
    for line in stream:
        if line.strip():
            yield line.rstrip("\r\n")


def cmd_analyze(args: argparse.Namespace, out: IO[str]) -> int:
    if args.position != "-":
        analysis = analyze(position(args.position))
        print(json.dumps(analysis_json(analysis)) if args.json else analysis_text(analysis), file=out)
        return 0
    bad = total = 0
    for line in _batch_lines(sys.stdin):
        total += 1
        try:
            analysis = analyze(Board.parse(line))
        except EngineError as error:
            bad += 1
            if args.json:
                print(json.dumps({"input": line, "error": str(error)}), file=out)
            else:
                print(f"{line!r}: error: {error}\n", file=out)
            continue
        print(json.dumps(analysis_json(analysis)) if args.json else analysis_text(analysis) + "\n", file=out)
        out.flush()
    if bad:
        raise UsageError(f"{bad} of {total} lines were not legal positions")
    return 0


def cmd_stats(args: argparse.Namespace, out: IO[str]) -> int:
    facts = compute_facts().as_dict()
    if args.json:
        print(json.dumps(facts), file=out)
        return 0
    for key, label in FACT_LABELS.items():
        print(f"{label.replace('… ', '  '):<30}{facts[key]:>9,}", file=out)
    return 0


SAVED_ALPHAZERO = "alphazero:"
"""How ``match`` seats a saved AlphaZero: ``--x alphazero:FILE`` (``pyengine learn alphazero --save FILE``)."""


def _seat(text: str) -> Entrant | str:
    """An argparse type for ``match``'s bots: an entrant, or ``alphazero:FILE`` (kept as the text)."""
    if text.strip().casefold().startswith(SAVED_ALPHAZERO):
        return text.strip()
    try:
        return Entrant.parse(text)
    except EngineError as error:
        raise argparse.ArgumentTypeError(f"{error}, or {SAVED_ALPHAZERO}FILE") from None


def _seated(seat: Entrant | str, seed: int | None, size: int) -> Bot:
    """The bot in ``seat``: the entrant, or the AlphaZero saved in the file named."""
    if isinstance(seat, Entrant):
        return entrant(seat, seed, size)  # EngineError: a learner on 4x4
    path = seat[len(SAVED_ALPHAZERO) :]
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}", "pyengine match") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise EngineError(f"not a saved alphazero: {path} is not JSON") from None
    machine = AlphaZero.from_json(data, random.Random(seed))
    if size != 3:
        raise EngineError(f"alphazero learned 3x3 only: it has no moves for {size}x{size}")
    return machine


def _seat_name(seat: Entrant | str) -> str:
    return seat.value if isinstance(seat, Entrant) else seat


def cmd_match(args: argparse.Namespace, out: IO[str]) -> int:
    seeds = random.Random(args.seed) if args.seed is not None else None
    x = _seated(args.x, seeds.getrandbits(64) if seeds else None, args.size)
    o = _seated(args.o, seeds.getrandbits(64) if seeds else None, args.size)
    progress, close = progress_bar(args.games, "game")
    try:
        result = play_match(x, o, args.games, progress=progress, start=Board.empty(args.size))
    finally:
        close()
    if args.json:
        print(json.dumps(result.as_dict()), file=out)
    else:
        print(
            f"{_seat_name(args.x)} (X) vs {_seat_name(args.o)} (O), {result.games:,} games{_on_size(args.size)}: "
            f"X won {result.x_wins:,}, O won {result.o_wins:,}, drawn {result.draws:,}",
            file=out,
        )
    return 0


# -- exports -----------------------------------------------------------------


def policy_json(entries: Sequence[PolicyEntry]) -> dict[str, Any]:
    """The policy table under the documented JSON keys: a header, then one
    object per position."""
    return {
        "format": "pyengine policy table",
        "version": 1,
        "cells": "0-8 row by row from the top left",
        "choice": "move is the lowest-numbered cell of best",
        "order": "by number of marks, then by X's cells as bits 0-8 plus O's as bits 9-17",
        "count": len(entries),
        "positions": {
            entry.position: {"to_move": entry.to_move.value, "move": entry.move, "best": list(entry.best)}
            for entry in entries
        },
    }


def policy_csv(entries: Sequence[PolicyEntry]) -> str:
    """The policy table as CSV: a header line, then one line per position,
    ``best`` as cells separated by spaces."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["position", "to_move", "move", "best"])
    for entry in entries:
        writer.writerow([entry.position, entry.to_move.value, entry.move, " ".join(map(str, entry.best))])
    return text.getvalue()


def cmd_export_table(args: argparse.Namespace, out: IO[str]) -> int:
    entries = policy_table()
    if args.format == "csv":
        out.write(policy_csv(entries))
    else:
        print(json.dumps(policy_json(entries), separators=(",", ":")), file=out)
    return 0


def cmd_export_css(args: argparse.Namespace, out: IO[str]) -> int:
    page = nojs_edition(args.human)
    folder = Path(args.out)
    files = {folder / "index.html": page.html, folder / "nojs.css": page.css}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, text in files.items():
            # newline: the same bytes on every platform, so sizes can be compared
            with path.open("w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
    except OSError as error:
        raise UsageError(f"cannot write to {str(folder)!r}: {error.strerror or error}") from None
    sizes = ", ".join(f"{path} {len(text.encode()):,} bytes" for path, text in files.items())
    print(
        f"you play {page.human}: {page.sequences:,} move sequences ({page.replies:,} with a bot reply), "
        f"{page.selectors:,} selectors in {page.rules} rules; {sizes}",
        file=out,
    )
    return 0


# -- the terminal game ---------------------------------------------------------

HELP_LINE = "Cells are numbered 1 to {cells}, left to right and top to bottom, as the empty squares show."


def _announce(game: Game, out: IO[str]) -> None:
    print(end_message(game.result, game.human if game.mode is Mode.VS_BOT else None), file=out)


def cmd_play(args: argparse.Namespace, out: IO[str], ask: Callable[[str], str] = input) -> int:
    game = Game(args.mode, human=args.human, level=args.level, seed=args.seed, start=Board.empty(args.size))
    cells = game.board.geometry.cells
    if game.mode is Mode.VS_BOT:
        intro = f"You play {game.human} against the {game.level.value} bot. X moves first."
    elif game.mode is Mode.TWO_PLAYERS:
        intro = "Two players take turns. X moves first."
    else:
        intro = f"The {game.level.value} bot plays both sides."
    if args.size != 3:
        intro += f" The board is {args.size}x{args.size}: {args.size} in a row wins."
    keys = "Type u to undo, r to redo, n for a new game, q to quit."
    print(intro, HELP_LINE.format(cells=cells), keys, sep="\n", file=out)
    try:
        while True:
            print("\n" + game.board.pretty(numbered=True) + "\n", file=out)
            if game.is_over:
                _announce(game, out)
                answer = ask("Play again? [y/N] ").strip().lower()
                if answer not in ("y", "yes"):
                    return 0
                game.restart()
                continue
            if game.bot_to_move:
                mover = game.board.to_move
                cell = game.play_bot()
                print(f"The bot ({mover}) plays {cell + 1}.", file=out)
                continue
            answer = ask(f"{game.board.to_move} to move (1-{cells}, u, r, n, q): ").strip().lower()
            if answer in ("q", "quit", "exit"):
                return 0
            if answer in ("u", "undo"):
                if not game.undo():
                    print("Nothing to undo.", file=out)
                continue
            if answer in ("r", "redo"):
                if not game.redo():
                    print("Nothing to redo.", file=out)
                continue
            if answer in ("n", "new"):
                game.restart()
                continue
            if not (answer.isdecimal() and answer.isascii() and 1 <= int(answer) <= cells):
                print(f"{answer!r} is not a move: type a cell number from 1 to {cells}.", file=out)
                continue
            try:
                game.play(int(answer) - 1)
            except IllegalMoveError as error:
                print(f"Cell {answer} cannot be played: {_in_words(error)}", file=out)
    except EOFError:
        print(file=out)
        return 0


_REASONS: Final = {TAKEN: "it is already taken.", GAME_OVER: "the game is over."}


def _in_words(error: IllegalMoveError) -> str:
    """Why a move of the terminal game was refused. The engine's messages
    count cells from 0; the terminal game counts from 1, so it says the
    reasons in words of its own."""
    return _REASONS.get(error.reason, str(error))


# -- the parser ----------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description="Tic-tac-toe with a perfect-play engine. Positions are 9 cells row by row "
        "(X, O or .), optionally with / between rows: X.O/.X./...; cells are numbered 0-8. "
        "16 cells make a 4x4 board, won with four in a row, its cells numbered 0-15: X.../.O../..../....",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser, required=True)

    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("--mode", type=choice(Mode), default=Mode.VS_BOT, help="bot (default), two or watch")
    play.add_argument("--as", dest="human", type=choice(Player), default=Player.X, help="your side, X (default) or O")
    play.add_argument("--level", type=choice(Level), default=Level.PERFECT, help="the bot's level (default perfect)")
    play.add_argument("--seed", type=seed, help="make the bot's choices repeatable")
    play.add_argument("--size", type=size, default=3, help=SIZE_HELP)
    play.set_defaults(run=cmd_play)

    move = commands.add_parser("move", help="print the bot's move (a cell 0-8, 0-15 on 4x4) in a position")
    move.add_argument("position")
    move.add_argument("--level", type=choice(Level), default=Level.PERFECT, help="random, easy, medium or perfect")
    move.add_argument("--seed", type=seed, help="make the choice among equal moves repeatable")
    move.set_defaults(run=cmd_move)

    an = commands.add_parser(
        "analyze",
        help="solve a position",
        description="Solve a position: its value for the side to move and every move's. "
        "With - read one position per line from standard input.",
    )
    an.add_argument("position", help="a position, or - to read one per line from standard input")
    an.add_argument("--json", action="store_true", help="print JSON (one object per line with -)")
    an.set_defaults(run=cmd_analyze)

    stats = commands.add_parser("stats", help="count games and positions of the whole game tree")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(run=cmd_stats)

    match = commands.add_parser(
        "match",
        help="let two bots play each other",
        description="Let two bots play each other: the levels, or the learners "
        "(menace and tabular, trained against themselves; mcts-10 and mcts-100, "
        "Monte Carlo tree search with that many iterations a move), or an AlphaZero "
        "saved by pyengine learn alphazero --save FILE, as alphazero:FILE.",
    )
    entrants = ", ".join(ENTRANTS)
    saved = f"or {SAVED_ALPHAZERO}FILE (pyengine learn alphazero --save FILE)"
    match.add_argument("--x", type=_seat, required=True, help=f"X's bot: {entrants}, {saved}")
    match.add_argument("--o", type=_seat, required=True, help=f"O's bot: {entrants}, {saved}")
    match.add_argument("--games", type=count, default=1000, help="how many games (default 1000)")
    match.add_argument("--seed", type=seed, help="make the match repeatable")
    match.add_argument("--size", type=size, default=3, help=SIZE_HELP)
    match.add_argument("--json", action="store_true", help="print JSON")
    match.set_defaults(run=cmd_match)

    for add_commands in COMMAND_MODULES:
        add_commands(commands)

    export = commands.add_parser(
        "export",
        help="write the bot's policy, or a page that plays it without JavaScript",
        description="Exports for other programs. The bot is made deterministic: in each position it "
        "plays the lowest-numbered of the best cells.",
    )
    exports = export.add_subparsers(dest="export", metavar="WHAT", parser_class=Parser, required=True)
    table = exports.add_parser(
        "table", help="the perfect bot's move in every live position (4,520), on standard output"
    )
    table.add_argument("--format", choices=("json", "csv"), default="json", help="json (default) or csv")
    table.set_defaults(run=cmd_export_table)
    page = exports.add_parser(
        "css",
        help="a page that plays the perfect bot with HTML and CSS alone",
        description="Write DIR/index.html and DIR/nojs.css: the perfect bot without JavaScript.",
    )
    page.add_argument(
        "--as",
        "--human",
        dest="human",
        type=choice(Player),
        default=Player.X,
        help="the side you play, X (default) or O (--human is the older spelling)",
    )
    page.add_argument("--out", metavar="DIR", required=True, help="the folder to write (created if need be)")
    page.set_defaults(run=cmd_export_css)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. The one bad-input path: a
    usage mistake (UsageError) or input the engine refuses (EngineError), from
    the parser or any subcommand, is one line on stderr and status BAD_INPUT."""
    try:
        args = build_parser().parse_args(argv)
        status: int = args.run(args, sys.stdout)
    except UsageError as error:
        print(f"{error.prog}: error: {error}", file=sys.stderr)
        return BAD_INPUT
    except EngineError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (| head): not an error worth a traceback.
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
