"""Printing above a running prompt without taking the terminal out of raw mode.

prompt_toolkit's `run_in_terminal` puts the terminal in cooked mode while it prints, and
there the terminal itself takes a Ctrl-D (end of file) or a Ctrl-C (a signal) typed in
that moment: a GM who presses Ctrl-D as the order table appears would lose the key. Here
the prompt is erased, the output written and the prompt drawn again in one go on the
prompt's own loop, the input left as it is, so every key typed meanwhile reaches the
prompt once it is back.
"""

from __future__ import annotations

from collections.abc import Callable


async def above_prompt(draw: Callable[[], None]) -> None:
    """`draw()`'s output above the running prompt (printed plainly without one)."""
    from prompt_toolkit.application import get_app_or_none
    app = get_app_or_none()
    if app is None or not app.is_running:
        draw()
        return
    if app.output.responds_to_cpr:       # a cursor answer still to come would be echoed
        await app.renderer.wait_for_cpr_responses()
    app.renderer.erase()
    app._running_in_terminal = True      # no redraw while it writes
    try:
        draw()
    finally:
        app._running_in_terminal = False
        app.renderer.reset()
        app._request_absolute_cursor_position()
        app._redraw()
