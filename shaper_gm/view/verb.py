"""The shell's `view` verb: the open encounter served as a live page for the players.

Only its declaration loads with the shell; the server is imported when the GM asks.
"""

from __future__ import annotations

from pathlib import Path

from shaper_gm.commands.args import flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.commands.viewdata import Message
from shaper_gm.errors import CommandError

verbs = VerbTable()


@verbs.command("view", group="file", logged=False, usage="view [stop] [--lan] [--port N] "
               "[--token T]", positionals=("stop?",),
               summary="serve the encounter as a live page for the players (a TV, their "
                       "phones): hidden actors left out, enemies' numbers in words; "
                       "view stop ends it",
               examples=("view", "view --lan", "view stop"),
               flags=(flag("lan", help="serve the local network too, behind a token; "
                                       "prints a QR code for phones"),
                      flag("port", "int", metavar="N",
                           help="the port (default 8642; 0 picks a free one)"),
                      flag("token", "text", metavar="T",
                           help="the token the address carries (--lan makes one)")))
def view(ctx: Context) -> Outcome:
    from shaper_gm.view import serve
    words = [w.lower() for w in ctx.parsed.words]
    if words == ["stop"]:
        if not serve.stop_background():
            raise CommandError("no player view is running", "view starts one")
        return Outcome(view=Message("The player view has stopped."))
    if words:
        raise CommandError(f"view takes no {ctx.parsed.words[0]!r}",
                           "view starts the page, view stop ends it")
    path = getattr(ctx.session.keeper, "path", None)
    if path is None:
        raise CommandError("the player view follows the shell's save, and this session "
                           "has none", "open the shell on a save: shaper-gm open SAVE.yaml")
    p = ctx.parsed
    lan = bool(p.get("lan"))
    server = serve.start_in_background(Path(path), p.get("port"), lan, p.get("token"))
    urls = serve.addresses(server, lan)
    lines = [f"Player view: {urls[0]}"]
    if lan:                           # the code first: the addresses stay in sight below
        lines = [_qr(urls[1]), *lines, f"On the network (phones): {urls[1]}"]
    return Outcome(view=Message("\n".join(lines)))


def _qr(url: str) -> str:
    """The address as a QR code a phone's camera reads off the terminal."""
    import io

    import segno
    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")
