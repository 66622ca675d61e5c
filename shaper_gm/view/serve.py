"""Starting and stopping a player view: for `shaper-gm view SAVE` and the shell's `view`."""

from __future__ import annotations

import atexit
import re
import secrets
import signal
import threading
from pathlib import Path

from shaper_gm.errors import GmError
from shaper_gm.view.server import ViewServer, lan_address
from shaper_gm.view.watch import Watcher

DEFAULT_PORT = 8642
TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")

_running: ViewServer | None = None      # the shell's view, if it started one


def open_view(path: Path, port: int | None, lan: bool, token: str | None) -> ViewServer:
    """A server for the save at `path`, its state read once (not yet serving); a GmError
    in one line when the save cannot be read, the token is unusable or the port taken."""
    check_token(token)
    watcher = Watcher(path)
    if not watcher.look():
        raise GmError(f"cannot show {path}: {watcher.problem or 'it cannot be read'}",
                      "check the path; bare names look in saves/")
    if lan and token is None:
        token = secrets.token_urlsafe(12)
    port = DEFAULT_PORT if port is None else port
    try:
        return ViewServer(watcher, "0.0.0.0" if lan else "127.0.0.1", port, token)
    except OSError as exc:
        raise GmError(f"cannot listen on port {port}: {exc.strerror or exc}",
                      "pick another with --port N, or --port 0 for a free one") from None


def check_token(token: str | None) -> None:
    if token is not None and not TOKEN.fullmatch(token):
        raise GmError(f"--token {token!r} cannot go in a web address",
                      "use 8 to 64 letters, digits, - or _ (or leave it out: --lan makes one)")


def addresses(server: ViewServer, lan: bool) -> list[str]:
    """The page's address on this machine first; with `lan`, the one phones dial."""
    return [server.url()] + ([server.url(lan_address())] if lan else [])


def command(args, error) -> int:
    """`shaper-gm view SAVE [--port N] [--lan] [--token T]`: the addresses on standard
    output (this machine's first), then serving until stopped; 2 when it cannot start."""
    import sys

    from shaper_gm.persist.saves import save_location
    try:
        server = open_view(save_location(args.save), args.port, args.lan, args.token)
    except GmError as exc:
        error(str(exc))
        return 2
    return serve_until_stopped(server, addresses(server, args.lan),
                               lambda text: print(text, file=sys.stderr))


def serve_until_stopped(server: ViewServer, urls: list[str], say) -> int:
    """`shaper-gm view`: the addresses printed, then serving until Ctrl-C or SIGTERM,
    then the port freed. Both signals only set an event, caught from before the first
    address is printed: a signal at any moment stops the server the same way."""
    stop = threading.Event()
    handlers = {sig: signal.signal(sig, lambda *_: stop.set())
                for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        server.start()
        for url in urls:
            print(url, flush=True)
        while not stop.wait(0.5):
            pass
    finally:
        server.stop()
        for sig, previous in handlers.items():
            signal.signal(sig, previous)
    say("The player view has stopped.")
    return 0


# --- the shell's view ---------------------------------------------------------------

def start_in_background(path: Path, port: int | None, lan: bool,
                        token: str | None) -> ViewServer:
    """The shell's view of `path`, serving (on the port of the one it replaces, so a
    page left open finds it again); a refused start leaves a running view as it was."""
    global _running
    check_token(token)
    if _running is not None:
        port = _running.port if port is None else port
        if not Watcher(path).look():
            raise GmError(f"cannot show {path}: it cannot be read", "save, then view again")
        stop_background()
    _running = open_view(path, port, lan, token).start()
    atexit.register(stop_background)
    return _running


def stop_background() -> bool:
    """Stop the shell's view; False when none was serving."""
    global _running
    if _running is None:
        return False
    server, _running = _running, None
    server.stop()
    return True


def running() -> ViewServer | None:
    return _running
