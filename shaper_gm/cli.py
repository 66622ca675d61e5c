"""The `shaper-gm` program: argument parsing and dispatch to run, replay or the shell.

Only the interactive shell imports prompt_toolkit, and only when it starts.
"""

from __future__ import annotations

import argparse
import sys

from shaper_gm import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shaper-gm",
        description="Run Shaper tabletop combat at the table: rules, dice, undo, saves.",
    )
    parser.add_argument("--version", action="version", version=f"shaper-gm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    op = sub.add_parser("open", help="open the shell on a saved encounter")
    op.add_argument("save", metavar="SAVE.yaml")
    run = sub.add_parser("run", help="run a script of shell commands ('-' reads stdin)")
    run.add_argument("script", metavar="SCRIPT")
    run.add_argument("--seed", type=int, default=None, help="seed for rolled dice")
    run.add_argument("--save", metavar="OUT.yaml", help="write the final state here")
    run.add_argument("--keep-going", action="store_true",
                     help="report every failing line instead of stopping at the first")
    rp = sub.add_parser("replay", help="re-run a save's log and check it ends in its state")
    rp.add_argument("save", metavar="SAVE.yaml")
    rp.add_argument("--to", type=int, default=None, metavar="N", help="stop after entry N")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    build_parser().print_help()
    return 0 if args.command is None else 2


if __name__ == "__main__":
    sys.exit(main())
