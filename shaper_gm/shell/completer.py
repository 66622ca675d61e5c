"""The prompt_toolkit side of completion: a thin `Completer` over `completion.complete`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from shaper_gm.shell.completion import complete


class ShellCompleter(Completer):
    def __init__(self, session: Any) -> None:
        self.session = session

    def get_completions(self, document: Document,
                        complete_event: CompleteEvent) -> Iterable[Completion]:
        try:
            candidates = complete(document.text_before_cursor, self.session)
        except Exception:       # a completion bug must never cost the GM the line
            return
        for c in candidates:
            yield Completion(c.text, start_position=c.start, display=c.display or c.text,
                             display_meta=c.meta)
