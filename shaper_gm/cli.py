"""The `shaper-gm` program: argument parsing and dispatch to run, replay or the shell.

Only the interactive shell imports prompt_toolkit, and only when it starts: scripts,
replays and piped input never load it. Exit status: 0 ok, 1 a refused script line or a
replay that diverges, 2 a usage error or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import os
import sys

from shaper_gm import __version__
from shaper_gm.errors import GmError

OK, FAILED, UNUSABLE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shaper-gm",
        description="Run Shaper tabletop combat at the table: rules, dice, undo, saves.",
        epilog="Without a command: the shell on a new encounter, or, when standard input "
               "is not a terminal, `run -`.")
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
    try:
        return dispatch(args)
    except KeyboardInterrupt:
        return 130                         # interrupted: the shell's convention
    except BrokenPipeError:                # e.g. `shaper-gm run fight.txt | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except Exception as exc:
        # Imported here, not at start-up: only a failing run needs it.
        from shaper_gm.content.schema import ContentError

        if not isinstance(exc, ContentError):
            raise
        problems = exc.errors                # the content library itself cannot be read
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        error(f"{problems[0]}{more}; fix content/ or set SHAPER_GM_CONTENT to a content folder")
        return UNUSABLE


def dispatch(args: argparse.Namespace) -> int:
    if args.command == "run":
        return run(args.script, seed=args.seed, save=args.save, keep_going=args.keep_going)
    if args.command == "replay":
        return replay(args.save, to=args.to)
    if args.command == "open":
        return shell(args.save)
    if not sys.stdin.isatty():
        return run("-")
    return shell(None)


def error(text: str) -> None:
    sys.stdout.flush()
    print(f"error: {text}", file=sys.stderr, flush=True)


def run(script: str, *, seed: int | None = None, save: str | None = None,
        keep_going: bool = False) -> int:
    from shaper_gm.commands import new_session
    from shaper_gm.shell.script import ScriptError, read_script

    try:
        lines = read_script(script)
    except ScriptError as exc:
        error(str(exc))
        return UNUSABLE
    session = new_session(seed=seed)
    failures = run_lines(session, lines, keep_going=keep_going)
    if save is not None:
        from shaper_gm.persist import saves
        try:
            saves.write_save(session, _path(save))
        except (GmError, OSError) as exc:
            error(f"--save {save}: {exc}")
            return UNUSABLE
    return FAILED if failures else OK


def run_lines(session, lines, *, keep_going: bool = False, done=None) -> list:
    """Run script lines, printing as the shell does; refusals go to stderr."""
    from shaper_gm.shell.output import make_renderer
    from shaper_gm.shell.script import run_script

    renderer = make_renderer(ruleset_for=session.ruleset_for)
    return run_script(session, lines, lambda r: renderer.show(r, session.state),
                      lambda f: error(f"line {f.number}: {f.error}"),
                      keep_going=keep_going, done=done)


def replay(path: str, *, to: int | None = None) -> int:
    from shaper_gm.persist import replay as replaying
    from shaper_gm.shell.output import make_renderer, say

    renderer = make_renderer()

    def show(number: int, line: str, result, state) -> None:
        say(renderer, f"[{number}] {line}")
        renderer.show(result, state)

    try:
        report = replaying.replay_save(_path(path), to=to, on_result=show)
    except (GmError, OSError) as exc:
        error(str(exc))
        return UNUSABLE
    if not report.ok:
        error(report.message)
        return FAILED
    say(renderer, report.message)
    return OK


def shell(save: str | None) -> int:
    from shaper_gm.persist import autosave

    try:
        session, saving, message = autosave.open_for_shell(save, None)
    except (GmError, OSError) as exc:
        error(str(exc))
        return UNUSABLE
    if not sys.stdin.isatty():
        return _piped_into(session, saving, message)
    from shaper_gm.shell.app import run_shell
    return run_shell(session, saving, greeting=message)


def _piped_into(session, saving, message: str | None) -> int:
    """`open SAVE` fed by a pipe: run the piped lines on the save like `run -`, each
    completed line made durable as in the shell."""
    from shaper_gm.shell.script import ScriptError, read_script

    try:
        lines = read_script("-")
    except ScriptError as exc:
        error(str(exc))
        saving.close()
        return UNUSABLE
    if message:
        print(message, flush=True)
    failures = run_lines(session, lines, done=saving.commit)
    saving.close()
    return FAILED if failures else OK


def _path(word: str):
    from pathlib import Path
    return Path(word).expanduser()


if __name__ == "__main__":
    sys.exit(main())
