"""The `shaper-gm` program: argument parsing and dispatch to run, replay or the shell.

Only the interactive shell imports prompt_toolkit, and only when it starts: scripts,
replays and piped input never load it. Exit status: 0 ok, 1 a refused script line or a
replay that diverges, 2 a usage error or a file that cannot be read or written (a save
another shaper-gm holds included), 3 an internal error, 128+N stopped by signal N (the
state reached is saved first).
"""

from __future__ import annotations

import argparse
import os
import sys

from shaper_gm.arguments import build_parser
from shaper_gm.errors import GmError
from shaper_gm.words import plural

OK, FAILED, UNUSABLE, INTERNAL = 0, 1, 2, 3


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return dispatch(args)
    except KeyboardInterrupt as exc:       # a stop signal where nothing else handled it
        signum = getattr(exc, "signum", 2)
        if signum != 2:
            error(f"stopped by {exc.name}")
        return 128 + signum
    except BrokenPipeError:                # e.g. `shaper-gm run fight.txt | head`
        _quiet_stdout()
        return OK
    except OSError as exc:                 # standard output itself failed (/dev/full)
        _quiet_stdout()
        error(f"cannot write the output: {exc.strerror or exc}")
        return UNUSABLE
    except Exception as exc:
        # Imported here, not at start-up: only a failing run needs it.
        from shaper_gm.content.schema import ContentError

        if not isinstance(exc, ContentError):
            from shaper_gm.errors import excerpt
            error(f"internal error ({type(exc).__name__}: {excerpt(str(exc), 200)}); "
                  "every completed command is saved; please report this")
            return INTERNAL
        # the content library itself cannot be read
        error(f"{exc.summary()}; fix content/ or set SHAPER_GM_CONTENT to a content folder")
        return UNUSABLE


def _quiet_stdout() -> None:
    """Send what is left of standard output nowhere, so exiting does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def dispatch(args: argparse.Namespace) -> int:
    if args.command == "run":
        return run(args.script, seed=args.seed, save=args.save, keep_going=args.keep_going,
                   force=args.force)
    if args.command == "replay":
        return replay(args.save, to=args.to)
    if args.command == "open":
        return shell(args.save)
    if args.command == "demo":
        return demo(args.ruleset)
    if args.command == "simulate":
        from shaper_gm.simulate.cli import command as simulate
        return simulate(args, error)
    if args.command == "view":
        from shaper_gm.view.serve import command
        return command(args, error)
    if args.command == "check-ruleset":
        from shaper_gm.app.check_ruleset import check_ruleset
        return check_ruleset(args.folder, print, error)
    if not sys.stdin.isatty():
        return run("-")
    return shell(None)


def error(text: str) -> None:
    from shaper_gm.render.escape import escape_controls
    try:
        sys.stdout.flush()
    except OSError:
        _quiet_stdout()
    print(f"error: {escape_controls(text)}", file=sys.stderr, flush=True)


def run(script: str, *, seed: int | None = None, save: str | None = None,
        keep_going: bool = False, force: bool = False) -> int:
    """Run a script; `--save` is checked and locked before the first line, and written
    with the state reached also after a refused line or a signal, when it may replace
    what is there (persist/replace.py)."""
    from shaper_gm.app import new_session
    from shaper_gm.commands import opening_ruleset
    from shaper_gm.interrupts import Interrupted, landing
    from shaper_gm.shell.script import ScriptError, read_script
    from shaper_gm.shell.signals import StopSignals

    try:
        lines = read_script(script)
    except ScriptError as exc:
        error(str(exc))
        return UNUSABLE
    output = None
    if save is not None:
        output = _claim_output(save, force)
        if output is None:
            return UNUSABLE
    try:
        session = new_session(seed=seed, ruleset=opening_ruleset(lines[0][1] if lines else ""),
                              encounter_id=output.continues if output else None)
        with StopSignals() as stop:
            try:
                failures = run_lines(session, lines, keep_going=keep_going,
                                     stop=stop.pending)
            except Interrupted as cut:
                failures, during = [], _cut_short(cut)
            else:
                during = ""
            code = FAILED if failures else OK
            if stop.signal is not None:
                code = 128 + stop.signal
                logged = plural(len(session.log) - 1, "logged command")
                error(f"stopped by {stop.name} after {logged}{during}"
                      + (f"; writing the state reached to {save}" if save
                         else "; nothing saved (no --save)"))
            if output is not None:
                told = output.continues is not None and not _gives_identity(lines)
                with landing():                # later signals wait: the save is written whole
                    return _write_final(session, output, told) or code
            return code
    finally:
        if output is not None:
            output.lock.release()


def _cut_short(cut) -> str:
    """Which line a stop signal cut short, and whether it had changed anything."""
    line = getattr(cut, "line", None)
    if line is None:
        return ""
    if getattr(cut, "landed", False):
        return f" (line {line} ran; its output was cut short)"
    return f" (line {line} was stopped and changed nothing)"


class Output:
    """`run --save OUT`: its lock, and the log of the save there (None: nothing there,
    or --force). A script whose `new` gives no --id continues OUT's encounter, so
    running a script again replaces its own output, and only when it holds all of it."""

    def __init__(self, save: str, lock, theirs: list[str] | None) -> None:
        self.save, self.lock, self.theirs = save, lock, theirs

    @property
    def continues(self) -> str | None:
        from shaper_gm.commands import identity
        return identity.of_line(self.theirs[0]) if self.theirs else None


def _claim_output(save: str, force: bool) -> Output | None:
    """`run --save OUT`, locked, once OUT is a path this run may write; else None (the
    reason said)."""
    from shaper_gm.persist.lock import SaveLock
    from shaper_gm.persist.replace import claim
    lock = None
    try:
        _path(save).parent.mkdir(parents=True, exist_ok=True)
        lock = SaveLock.acquire(_path(save))
        theirs = claim(_path(save), force=force, verb="run --save")
    except (GmError, OSError) as exc:
        if lock is not None:
            lock.release()
        error(f"--save {save}: {getattr(exc, 'strerror', None) or exc}")
        return None
    return Output(save, lock, theirs)


def _gives_identity(lines) -> bool:
    """Whether a script's first line is a `new` with its encounter's --id."""
    from shaper_gm.commands import identity
    return bool(lines) and identity.of_line(lines[0][1]) is not None


def _write_final(session, output: Output, told: bool) -> int:
    from shaper_gm.persist import saves
    from shaper_gm.persist.replace import check_same_encounter
    save = output.save
    try:
        if output.theirs is not None:
            check_same_encounter(_path(save), output.theirs, session.log,
                                 verb="run --save", told=told)
        saves.write_save(session, _path(save))
    except (GmError, OSError) as exc:
        error(f"--save {save}: {exc}; nothing written")
        return UNUSABLE
    return OK


def run_lines(session, lines, *, keep_going: bool = False, done=None, stop=None) -> list:
    """Run script lines, printing as the shell does; refusals go to stderr."""
    from shaper_gm.shell.output import make_renderer
    from shaper_gm.shell.script import run_script

    renderer = make_renderer(ruleset_for=session.ruleset_for)
    return run_script(session, lines, lambda r: renderer.show(r, session.state),
                      lambda f: error(f"line {f.number}: {f.error}"),
                      keep_going=keep_going, done=done, stop=stop)


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


def demo(ruleset: str) -> int:
    """A fresh copy of the ruleset's demo, opened like `open` (the shipped file stays)."""
    from shaper_gm.app.demo import copy_demo

    try:
        path = copy_demo(ruleset)
    except GmError as exc:
        error(str(exc))
        return UNUSABLE
    return shell(str(path), note=f"A fresh copy of the {ruleset.lower()} demo (the shipped "
                 f"one stays as it is):\n  {path}\nCome back to it with: shaper-gm open "
                 f"{path}")


def shell(save: str | None, note: str | None = None) -> int:
    from shaper_gm.app import autosave

    piped = not sys.stdin.isatty()
    try:
        # The shell checks the log once its prompt is drawn (shell/latecheck.py).
        session, saving, message = autosave.open_for_shell(save, None, check_log=piped)
    except (GmError, OSError) as exc:
        error(str(exc))
        return UNUSABLE
    if note:
        message = f"{note}\n{message}" if message else note
    if piped:
        return _piped_into(session, saving, message)
    from shaper_gm.shell.app import run_shell
    late = (lambda: autosave.log_check(session)) if save is not None else None
    return run_shell(session, saving, greeting=message, late_check=late)


def _piped_into(session, saving, message: str | None) -> int:
    """`open SAVE` fed by a pipe: run the piped lines on the save like `run -`, each
    completed line made durable as in the shell. A line that cannot be made durable
    stops the run (exit 2); a signal stops it at once (a line that had not landed
    changed nothing), and the save is closed with everything that landed."""
    from shaper_gm.interrupts import Interrupted, landing
    from shaper_gm.shell.script import ScriptError, read_script
    from shaper_gm.shell.signals import StopSignals

    with StopSignals() as stop:
        try:
            lines = read_script("-")
        except (ScriptError, Interrupted) as exc:
            if isinstance(exc, ScriptError):
                error(str(exc))
            with landing():
                _close(saving)
            return 128 + stop.signal if stop.signal else UNUSABLE
        if message:
            print(message, flush=True)
        unsaved: list[GmError] = []

        def commit() -> None:
            try:
                with landing():
                    saving.commit()
            except (GmError, OSError) as exc:
                unsaved.append(GmError(str(exc)))
                raise StopRun from None

        try:
            failures = run_lines(session, lines, done=commit,
                                 stop=lambda: stop.pending() or bool(unsaved))
        except Interrupted:      # what landed is in the session: closing writes it whole
            failures = []
        if unsaved:
            error(f"the last command is done but not on disk: {unsaved[0]}")
            _close(saving)                 # says where it went, if it went anywhere
            return UNUSABLE
        with landing():
            closed = _close(saving)
        if not closed:
            return UNUSABLE
        if stop.signal is not None:
            error(f"stopped by {stop.name}; every completed command is in {saving.path}")
            return 128 + stop.signal
    return FAILED if failures else OK


class StopRun(Exception):
    """Raised by a `done` callback to end a script run."""


def _close(saving) -> bool:
    """Close the save; False (the reason said) when what was done is not all in it."""
    try:
        note = saving.close()
    except (GmError, OSError) as exc:
        error(f"could not close {saving.path} cleanly: {exc}")
        return False
    if note:
        error(note)
        return False
    return True


def _path(word: str):
    from pathlib import Path
    return Path(word).expanduser()


if __name__ == "__main__":
    sys.exit(main())
