"""The interactive shell: read a line, run it, show what happened, make it durable.

Every completed command is committed to the autosave before the next prompt appears,
so a crash loses at most the line being typed. A refused command prints one error
line and changes nothing. Ctrl-C clears the line; Ctrl-D or `quit` leaves, closing the
save cleanly.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from shaper_gm.errors import GmError
from shaper_gm.shell.completer import ShellCompleter
from shaper_gm.shell.dice import make_asker
from shaper_gm.shell.output import make_renderer, say
from shaper_gm.shell.script import strip_comment
from shaper_gm.shell.status import prompt_text, toolbar_text


def history_path() -> Path:
    """$XDG_DATA_HOME/shaper-gm/history, else ~/.local/share/shaper-gm/history."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "shaper-gm" / "history"


def open_history() -> History:
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()        # a read-only home still gets a working shell
    return FileHistory(str(path))


class Shell:
    def __init__(self, session: Any, autosave: Any, *, renderer: Any = None, input=None,
                 output=None, history: History | None = None) -> None:
        self.session = session
        self.autosave = autosave
        self.renderer = renderer if renderer is not None else make_renderer(
            ruleset_for=session.ruleset_for)
        self.prompt = PromptSession(
            input=input, output=output, history=history or open_history(),
            auto_suggest=AutoSuggestFromHistory(), completer=ShellCompleter(session),
            complete_while_typing=True, bottom_toolbar=self.toolbar)
        # Dice answers get their own line editor: no completion, kept out of the history.
        self.dice_prompt = PromptSession(input=input, output=output, history=InMemoryHistory())

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
            say(self.renderer, greeting)
        previous = self.session.asker
        self.session.asker = make_asker(self.ask, self.names, self.warn)
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
            self.close()
        return 0

    def run_line(self, text: str) -> bool:
        """Run one typed line; False when the shell should end."""
        line = strip_comment(text)
        if not line:
            return True
        try:
            result = self.session.execute(line)
        except GmError as exc:
            self.renderer.error(exc)
            return True
        except (KeyboardInterrupt, EOFError):
            say(self.renderer, "cancelled; nothing changed")
            return True
        if result.verb == "quit":
            return False
        self.renderer.show(result, self.session.state)
        self.commit()
        return True

    def commit(self) -> None:
        try:
            self.autosave.commit()
        except (GmError, OSError) as exc:
            self.renderer.error(GmError(f"could not write the autosave: {exc}",
                                        "the command is done but not on disk; try save PATH"))

    def close(self) -> None:
        try:
            self.autosave.close()
        except (GmError, OSError) as exc:
            self.renderer.error(GmError(f"could not close the save cleanly: {exc}",
                                        "the last commit is on disk; it will say recovered"))

    # --- manual dice ------------------------------------------------------------------
    def ask(self, question: str) -> str:
        return self.dice_prompt.prompt(question)

    def warn(self, text: str) -> None:
        say(self.renderer, text)


def run_shell(session: Any, autosave: Any, *, input=None, output=None, renderer: Any = None,
              history: History | None = None, greeting: str | None = None) -> int:
    """Run the shell until Ctrl-D or `quit`; `input`/`output` take prompt_toolkit pipe
    input and DummyOutput in tests. Returns the exit status."""
    shell = Shell(session, autosave, renderer=renderer, input=input, output=output,
                  history=history)
    return shell.run(greeting)
