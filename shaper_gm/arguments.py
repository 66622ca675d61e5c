"""The `shaper-gm` program's arguments: its subcommands and their options, and the
parser that reads them (`cli` dispatches what it read)."""

from __future__ import annotations

import argparse
import os
import sys

from shaper_gm import __version__


def seed_value(text: str) -> int:
    from shaper_gm.commands.args import MAX_SEED, ascii_digits
    if not ascii_digits(text) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed: use a whole number "
                                         f"from 0 to {MAX_SEED}")
    return int(text)


def count_value(text: str) -> int:
    from shaper_gm.commands.args import ascii_digits
    if not ascii_digits(text) or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not an entry number: use 1 or more")
    return int(text)


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout at the terminal's width read from `os`: argparse reads it
    through shutil, whose import (with its compression modules) every start would pay
    for help it seldom prints."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=terminal_columns() - 2)


class _Parser(argparse.ArgumentParser):
    """The program's parser; its subcommands' parsers are of its class, so they lay
    out their help with `_Formatter` too."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def terminal_columns() -> int:
    """The width shutil.get_terminal_size gives: $COLUMNS, else standard output's
    terminal, else 80."""
    columns = int(os.environ["COLUMNS"]) if os.environ.get("COLUMNS", "").isdigit() else 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="shaper-gm",
        description="Run Shaper tabletop combat at the table: rules, dice, undo, saves.",
        epilog="Without a command: the shell on a new encounter, or, when standard input "
               "is not a terminal, `run -`.")
    parser.add_argument("--version", action="version", version=f"shaper-gm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    op = sub.add_parser("open", help="open the shell on a saved encounter")
    op.add_argument("save", metavar="SAVE.yaml")
    dm = sub.add_parser("demo", help="open the shell on a fresh copy of a ruleset's demo "
                        "fight (saved as saves/demo-RULESET.yaml, -2, -3, ...)")
    dm.add_argument("ruleset", metavar="RULESET", nargs="?", default="shaper",
                    help="shaper (the default), dungeoneers, timeslice, dicepool, reactions")
    run = sub.add_parser("run", help="run a script of shell commands ('-' reads stdin)")
    run.add_argument("script", metavar="SCRIPT")
    run.add_argument("--seed", type=seed_value, default=None, help="seed for rolled dice")
    run.add_argument("--save", metavar="OUT.yaml", help="write the final state here")
    run.add_argument("--force", action="store_true",
                     help="let --save replace a file that is not this encounter's save")
    run.add_argument("--keep-going", action="store_true",
                     help="report every failing line instead of stopping at the first")
    ck = sub.add_parser("check-ruleset", help="check a ruleset written as data (a folder "
                        "of YAML) and list what it declares")
    ck.add_argument("folder", metavar="PATH")
    rp = sub.add_parser("replay", help="re-run a save's log and check it ends in its state")
    rp.add_argument("save", metavar="SAVE.yaml")
    rp.add_argument("--to", type=count_value, default=None, metavar="N",
                    help="stop after entry N")
    from shaper_gm.simulate import arguments as simulate_args
    from shaper_gm.view import arguments as view_args
    simulate_args.add_parser(sub)
    view_args.add_parser(sub)
    return parser
