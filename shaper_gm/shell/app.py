"""The interactive shell: read a line, run it, show what happened, make it durable.

Every completed command is committed to the autosave before the next prompt appears,
so a crash loses at most the line being typed. A refused command prints one error
line and changes nothing. Ctrl-C clears the line; Ctrl-D or `quit` leaves, closing the
save cleanly.
"""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from shaper_gm.errors import GmError
from shaper_gm.render.escape import escape_controls
from shaper_gm.shell.completer import ShellCompleter
from shaper_gm.shell.dice import make_asker, make_decider
from shaper_gm.shell.output import make_renderer, say
from shaper_gm.shell.script import strip_comment
from shaper_gm.shell.signals import HeldInterrupts
from shaper_gm.shell.status import prompt_text, toolbar_text


def history_path() -> Path:
    """$XDG_DATA_HOME/shaper-gm/history, else ~/.local/share/shaper-gm/history."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "shaper-gm" / "history"


class SafeFileHistory(FileHistory):
    """File history that falls back to memory, with one note, when the file fails."""

    def __init__(self, filename: str, note) -> None:
        super().__init__(filename)
        self.note = note
        self.broken = False

    def load_history_strings(self):
        try:
            yield from super().load_history_strings()
        except (OSError, UnicodeDecodeError) as exc:
            self._fail(exc)

    def store_string(self, string: str) -> None:
        if self.broken:
            return
        try:
            super().store_string(string)
        except OSError as exc:
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        if not self.broken:
            self.broken = True
            self.note(f"note: history file {self.filename} is not usable "
                      f"({getattr(exc, 'strerror', None) or exc}); history is kept for this "
                      "session only")


def open_history(note=None) -> History:
    """The history file, or memory (with a one-line note) when it cannot be used."""
    note = note or (lambda text: None)
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        note(f"note: history file {path} is not usable ({exc.strerror or exc}); "
             "history is kept for this session only")
        return InMemoryHistory()
    return SafeFileHistory(str(path), note)


class Shell:
    def __init__(self, session: Any, autosave: Any, *, renderer: Any = None, input=None,
                 output=None, history: History | None = None) -> None:
        self.session = session
        self.autosave = autosave
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
        return toolbar_text(self.session, save)

    def names(self, actor: str) -> str:
        found = self.session.state.actors.get(actor)
        return found.name if found is not None else actor

    # --- the loop -------------------------------------------------------------------
    def run(self, greeting: str | None = None) -> int:
        if greeting:
            self.warn(greeting)
        if self.session.state.order:              # who is where in the order, at once
            show_order = getattr(self.renderer, "show_order", None)
            if show_order is not None:
                show_order(self.session.state)
        previous = self.session.asker
        self.session.asker = make_asker(self.ask, self.names, self.warn)
        self.session.decider = make_decider(self.ask, self.names, self.warn)
        try:
            while True:
                try:
                    text = self.prompt.prompt(prompt_text(self.session))
                except KeyboardInterrupt:
                    continue                # Ctrl-C: the line is dropped, nothing runs
                except EOFError:
                    break                   # Ctrl-D on an empty line
                if not self.run_line(text):
                    break
        finally:
            self.session.asker = previous
            self.session.decider = None
            self.close()
        return 0

    def run_line(self, text: str) -> bool:
        """Run what was typed (a paste may hold several lines: each runs in turn, until
        one is refused); False when the shell should end. Ctrl-C while a command's
        output is drawn or its save written is noted, not obeyed: the shell stays."""
        lines = [line for line in (strip_comment(part) for part in text.splitlines()) if line]
        for n, line in enumerate(lines):
            with HeldInterrupts() as held:
                outcome = self._one_line(line)
            if held.caught:
                say(self.renderer, "Ctrl-C: the command had already run and is saved; "
                    "undo takes it back")
            if outcome is None:
                return False
            if not outcome and n + 1 < len(lines):
                say(self.renderer, f"the other {len(lines) - n - 1} pasted line(s) were "
                    "not run")
                break
        return True

    def _one_line(self, line: str) -> bool | None:
        """True if done, False if refused, None to quit."""
        try:
            result = self.session.execute(line)
        except GmError as exc:
            self.renderer.error(exc)
            return False
        except (KeyboardInterrupt, EOFError):
            say(self.renderer, "cancelled; nothing changed")
            return False
        except Exception as exc:           # a bug must not cost the GM the shell
            self.renderer.error(GmError(f"internal error ({type(exc).__name__}: {exc})",
                                        "nothing changed; please report this line"))
            return False
        if result.verb == "quit":
            return None
        try:
            self.renderer.show(result, self.session.state)
        finally:
            self.commit()
        return True

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
        return self.dice_prompt.prompt(question)

    def warn(self, text: str) -> None:
        """A plain line from the shell itself; before any output needed the renderer, it
        is printed without one, as the renderer would print it."""
        if "renderer" in self.__dict__:
            say(self.renderer, text)
        else:
            print(escape_controls(text), flush=True)


def run_shell(session: Any, autosave: Any, *, input=None, output=None, renderer: Any = None,
              history: History | None = None, greeting: str | None = None) -> int:
    """Run the shell until Ctrl-D or `quit`; `input`/`output` take prompt_toolkit pipe
    input and DummyOutput in tests. Returns the exit status."""
    shell = Shell(session, autosave, renderer=renderer, input=input, output=output,
                  history=history)
    return shell.run(greeting)
