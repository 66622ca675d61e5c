"""The interactive shell: read a line, run it, show what happened, make it durable.

Every completed command is committed to the autosave before the next prompt appears,
so a crash loses at most the line being typed. A refused command prints one error
line and changes nothing. Ctrl-C clears the line, and stops a command in hand (which
changes nothing unless it had already landed); SIGTERM and SIGHUP stop it too and end
the shell. Ctrl-D or `quit` leaves; every way out closes the save cleanly.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from functools import cached_property
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import History, InMemoryHistory

from shaper_gm.errors import GmError
from shaper_gm.interrupts import Interrupted, landing
from shaper_gm.render.escape import escape_controls
from shaper_gm.shell.completer import ShellCompleter
from shaper_gm.shell.dice import make_asker, make_decider
from shaper_gm.shell.history import (  # noqa: F401  (the shell's names for them)
    MAX_HISTORY_BYTES,
    SafeFileHistory,
    history_path,
    open_history,
)
from shaper_gm.shell.latecheck import LateCheck
from shaper_gm.shell.output import make_renderer, say
from shaper_gm.shell.script import strip_comment
from shaper_gm.shell.signals import StopSignals
from shaper_gm.shell.status import prompt_text, short_path, toolbar_text
from shaper_gm.words import plural


class Shell:
    def __init__(self, session: Any, autosave: Any, *, renderer: Any = None, input=None,
                 output=None, history: History | None = None,
                 late_check: Callable[[], str | None] | None = None) -> None:
        self.session = session
        self.autosave = autosave
        self.late = LateCheck(late_check) if late_check is not None else None
        if renderer is not None:
            self.renderer = renderer        # else made when first needed: see `renderer`
        self.io = {"input": input, "output": output}
        self.prompt = PromptSession(
            **self.io, history=history or open_history(self.warn),
            auto_suggest=AutoSuggestFromHistory(), completer=ShellCompleter(session),
            complete_while_typing=True, bottom_toolbar=self.toolbar)

    # The prompt comes first: what only a command's output or a die's question needs is
    # made when it is first needed, so the GM can type while it is not yet.
    @cached_property
    def renderer(self) -> Any:
        return make_renderer(ruleset_for=self.session.ruleset_for)

    @cached_property
    def dice_prompt(self) -> PromptSession:
        """Dice answers get their own line editor: no completion, kept out of history."""
        return PromptSession(**self.io, history=InMemoryHistory())

    # --- what the screen shows ------------------------------------------------------
    def toolbar(self) -> str:
        save = getattr(self.autosave, "path", None) or self.session.save_path
        return toolbar_text(self.session, save, width=self.columns())

    def columns(self) -> int | None:
        """The terminal's width, as the prompt draws on it (None when it cannot say)."""
        try:
            return self.prompt.app.output.get_size().columns
        except Exception:          # no terminal yet: the toolbar is not cut
            return None

    def names(self, actor: str) -> str:
        found = self.session.state.actors.get(actor)
        return found.name if found is not None else actor

    # --- the loop -------------------------------------------------------------------
    # A stop signal during a command cuts it short at once (shell.signals), unless it
    # is landing; the shell then commits whatever landed and says which it was. Ctrl-C
    # brings the prompt back; SIGTERM and SIGHUP end the shell, its save closed.
    stopped_by: int | None = None

    def run(self, greeting: str | None = None) -> int:
        if greeting:
            self.warn(greeting)
        # Who is where in the order, and whether the save's log rebuilds its state, are
        # shown once the prompt is drawn: the GM can type meanwhile (see `_catch_up`).
        self.order_untold = bool(self.session.state.order)
        previous = self.session.asker
        self.session.asker = make_asker(self.ask, self.names, self.warn)
        self.session.decider = make_decider(self.ask, self.names, self.warn)
        try:
            while True:
                try:
                    text = self.prompt.prompt(prompt_text(self.session),
                                              pre_run=self._after_first_draw)
                except KeyboardInterrupt:
                    continue                # Ctrl-C: the line is dropped, nothing runs
                except EOFError:
                    break                   # Ctrl-D on an empty line
                self._catch_up_now()
                if not self.run_line(text):
                    break
        finally:
            self.session.asker = previous
            self.session.decider = None
            self._catch_up_now()
            with StopSignals() as late:
                self._whole(self.close)
            self.stopped_by = self.stopped_by or late.signal
        return 128 + self.stopped_by if self.stopped_by else 0

    # --- what comes once the prompt is drawn --------------------------------------------
    order_untold = False

    def _after_first_draw(self) -> None:
        """Called as a prompt starts, before it draws: what is still to show is shown by
        a task that runs once the prompt is on the screen."""
        if self.order_untold or (self.late is not None and self.late.pending):
            self.prompt.app.create_background_task(self._catch_up())

    async def _catch_up(self) -> None:
        """Above the prompt: the order table, then the log check's warning if any. When
        a line is entered first, `_catch_up_now` does what this had not done."""
        import asyncio

        from shaper_gm.shell.above import above_prompt
        if self.order_untold:
            await above_prompt(self._show_order)
            await asyncio.sleep(0)          # keys typed meanwhile are read first
        if self.late is not None:
            self.late.run()
            if self.late.pending:
                await above_prompt(self._tell_check)

    def _catch_up_now(self) -> None:
        """Before a command runs or the shell ends: all of it shown, the check run."""
        self._show_order()
        if self.late is not None:
            self.late.run()
            self._tell_check()

    def _show_order(self) -> None:
        """The order table, the first time only."""
        if not self.order_untold:
            return
        self.order_untold = False
        show_order = getattr(self.renderer, "show_order", None)
        if show_order is not None:
            try:
                show_order(self.session.state)
            except MemoryError:
                self.renderer.error(self._out_of_memory(self._where()))

    def _tell_check(self) -> None:
        said = self.late.untold() if self.late is not None else None
        if said:
            self.warn(said)

    def run_line(self, text: str) -> bool:
        """Run what was typed (a paste may hold several lines: each runs in turn, until
        one is refused or stopped); False when the shell should end."""
        lines = [line for line in (strip_comment(part) for part in text.splitlines()) if line]
        for n, line in enumerate(lines):
            with StopSignals() as stop:
                outcome = self._one_line(line)
            if stop.signal is not None and stop.signal != signal.SIGINT:
                self.stopped_by = stop.signal
                return False
            if outcome is None:
                return False
            if not outcome and n + 1 < len(lines):
                left = len(lines) - n - 1
                say(self.renderer, f"the other {plural(left, 'pasted line')} "
                    f"{'was' if left == 1 else 'were'} not run")
                break
        return True

    def _one_line(self, line: str) -> bool | None:
        """True if done, False if refused or stopped, None to quit. Whatever landed is
        committed, even when a stop signal cut the command or its output short."""
        if self._starts_over(line):
            return self._new_encounter(line)
        before = self._where()
        result, cut = None, None
        try:
            result = self.session.execute(line)
            if result.verb == "quit":
                return None
            self.renderer.show(result, self.session.state)
        except Interrupted as exc:
            cut = exc
        except GmError as exc:
            self.renderer.error(exc)
            return False
        except (KeyboardInterrupt, EOFError):
            say(self.renderer, "cancelled; nothing changed")
            return False
        except MemoryError:
            self.renderer.error(self._out_of_memory(before))
            if self._where() != before:
                self._whole(self.commit)
            return False
        except Exception as exc:           # a bug must not cost the GM the shell
            self.renderer.error(GmError(f"internal error ({type(exc).__name__}: {exc})",
                                        "nothing changed; please report this line"))
            return False
        landed = self._where() != before
        if result is not None or landed:     # done, or stopped after it landed
            cut = self._whole(self.commit) or cut
        if cut is not None:
            self._say_stopped(cut, landed=landed)
            return False
        return True

    def _starts_over(self, line: str) -> bool:
        """A `new` once the fight has begun: in the shell it opens a new encounter in a
        save of its own, the fight before staying whole in its save."""
        return (line.split(maxsplit=1)[0].lower() == "new" and len(self.session.history) > 1
                and getattr(self.autosave, "path", None) is not None)

    def _new_encounter(self, line: str) -> bool:
        from shaper_gm.app import new_session
        from shaper_gm.app.autosave import open_for_shell
        try:
            new_session(library=self.session.content).execute(line)   # refused: say why
            session, autosave, _ = open_for_shell(None, self.session.content)
            result = session.execute(line)
        except GmError as exc:
            self.renderer.error(exc)
            return False
        before = self.autosave.path
        self.close()
        self.session, self.autosave = session, autosave
        self.prompt.completer.session = session       # type: ignore[union-attr]
        self._whole(self.commit)
        self.renderer.show(result, session.state)
        say(self.renderer, f"The fight before stays in {short_path(before)}; this one saves "
            f"to {short_path(autosave.path)}")
        return True

    def _where(self) -> tuple:
        """What tells whether a command changed the session: it lands a new state."""
        session = self.session
        return id(session.state), len(session.history), len(session.future)

    def _out_of_memory(self, before: tuple) -> GmError:
        if self._where() == before:
            return GmError("not enough memory to work out this command; nothing changed",
                           "ask for less at once (fewer dice, a smaller view)")
        return GmError("the command ran and is saved, but drawing its result needed more "
                       "memory than there is", "show or log shows it again")

    def _say_stopped(self, cut: Interrupted, *, landed: bool) -> None:
        if cut.signum == signal.SIGINT:
            if landed:
                say(self.renderer, "Ctrl-C: the command had already run and is saved; "
                    "undo takes it back")
            else:
                say(self.renderer, "Ctrl-C: stopped; the command changed nothing")
            return
        where = getattr(self.autosave, "path", None) or self.session.save_path
        what = ("the command in hand had already run" if landed else
                "the command in hand was stopped and changed nothing")
        say(self.renderer, f"stopped by {cut.name}: {what}; every completed command is in "
            f"{where}")

    @staticmethod
    def _whole(work) -> Interrupted | None:
        """Run `work` (a commit, the close) as a landing: a stop signal meanwhile waits
        for it to finish, and is handed back."""
        try:
            with landing():
                work()
        except Interrupted as exc:
            return exc
        return None

    def commit(self) -> None:
        try:
            self.autosave.commit()
        except (GmError, OSError) as exc:
            self.renderer.error(GmError(f"could not write the autosave: {exc}",
                                        "the command is done but not on disk; try save PATH"))

    def close(self) -> None:
        """Close the save; say where this session's work went when not into it."""
        try:
            note = self.autosave.close()
        except GmError as exc:
            self.renderer.error(exc)
        except OSError as exc:
            self.renderer.error(GmError(f"could not close the save cleanly: "
                                        f"{exc.strerror or exc}", "every command is in its "
                                        "journal: the next open recovers it"))
        else:
            if note:
                self.warn(f"Note: {note}.")

    # --- manual dice ------------------------------------------------------------------
    def ask(self, question: str) -> str:
        """A question inside a command, wrapped between words with room left to answer."""
        return self.dice_prompt.prompt(wrapped(question.rstrip(), room=12) + " ")

    def warn(self, text: str) -> None:
        """A plain line from the shell itself; before any output needed the renderer, it
        is printed without one, as the renderer would print it."""
        if "renderer" in self.__dict__:
            say(self.renderer, text)
        else:
            print(escape_controls(text), flush=True)


def wrapped(text: str, room: int = 0) -> str:
    """`text` wrapped between words at the terminal's width (less `room` on every
    line, for an answer after it), as `say` prints it (as written when standard output
    is no terminal)."""
    import shutil
    import textwrap
    if not sys.stdout.isatty():
        return text
    width = max(20, shutil.get_terminal_size().columns - room)
    return "\n".join(textwrap.fill(line, width, break_long_words=True, break_on_hyphens=False)
                     if len(line) > width else line for line in text.splitlines())


def run_shell(session: Any, autosave: Any, *, input=None, output=None, renderer: Any = None,
              history: History | None = None, greeting: str | None = None,
              late_check: Callable[[], str | None] | None = None) -> int:
    """Run the shell until Ctrl-D or `quit`; `input`/`output` take prompt_toolkit pipe
    input and DummyOutput in tests; `late_check` runs once the prompt is drawn
    (latecheck.py). Returns the exit status."""
    shell = Shell(session, autosave, renderer=renderer, input=input, output=output,
                  history=history, late_check=late_check)
    return shell.run(greeting)
