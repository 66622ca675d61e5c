"""The player view's web server: one page, the redacted state, and a stream of changes.

The standard library's threaded HTTP server is enough here: a table's worth of phones
and a TV, each holding one event stream, on a local network; no framework earns its
import. It serves exactly three paths (`/`, `/state.json`, `/events`) and nothing from
disk but its own page; anything else is a 404, a malformed request the standard 400, an
oversized header the standard 431, and the server goes on serving. With a token (always
on a LAN), every path wants `?token=T` and answers 403 without it.
"""

from __future__ import annotations

import hmac
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlsplit

from shaper_gm.view.watch import Watcher

KEEP_ALIVE_SECONDS = 15       # a comment line down each stream this often
SOCKET_TIMEOUT = 10           # a client that stops reading is dropped after this
LISTEN_BACKLOG = 512


class ViewServer:
    """The server for one save: `start` serves in the background, `stop` frees the port."""

    def __init__(self, watcher: Watcher, host: str = "127.0.0.1", port: int = 0,
                 token: str | None = None) -> None:
        self.watcher = watcher
        self.token = token
        self.page = resources.files("shaper_gm.view").joinpath("page.html").read_bytes()
        self.httpd = _Server((host, port), _Handler)
        self.httpd.view = self
        self.host = host
        self._threads: list[threading.Thread] = []

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    def url(self, host: str | None = None) -> str:
        """The page's address: on this machine, or as `host` (a LAN address) names it."""
        query = f"?token={self.token}" if self.token else ""
        shown = host or ("127.0.0.1" if self.host in ("", "0.0.0.0") else self.host)
        return f"http://{shown}:{self.port}/{query}"

    def start(self) -> ViewServer:
        self.watcher.look()
        for target in (self.watcher.run, self.httpd.serve_forever):
            thread = threading.Thread(target=target, daemon=True, name="player-view")
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> None:
        """Stop serving, end every stream, free the port."""
        self.watcher.stop()
        if self._threads:
            self.httpd.shutdown()
        self.httpd.server_close()
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads.clear()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = LISTEN_BACKLOG
    view: ViewServer


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "shaper-gm-view"
    sys_version = ""
    timeout = SOCKET_TIMEOUT
    protocol_version = "HTTP/1.0"
    default_request_version = "HTTP/1.0"    # a garbled request still gets a status line

    def log_message(self, format: str, *args) -> None:    # noqa: A002 (the base's name)
        """Quiet: the GM's terminal is for the fight."""

    def do_GET(self) -> None:         # noqa: N802 (the base class's name)
        view = self.server.view
        parts = urlsplit(self.path)
        if view.token is not None and not _token_ok(parts.query, view.token):
            self._send(403, b"forbidden: this view wants its token (?token=...)\n",
                       "text/plain; charset=utf-8")
            return
        if parts.path == "/":
            self._send(200, view.page, "text/html; charset=utf-8")
        elif parts.path == "/state.json":
            self._send(200, view.watcher.snapshot()[1], "application/json")
        elif parts.path == "/events":
            self._stream(view.watcher)
        else:
            self._send(404, b"not found: this server has /, /state.json and /events\n",
                       "text/plain; charset=utf-8")

    def do_HEAD(self) -> None:        # noqa: N802
        self._send(405, b"", "text/plain; charset=utf-8")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; "
                         "style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _stream(self, watcher: Watcher) -> None:
        """Server-sent events: the state now, then each new one as it is published, and a
        comment line while nothing changes; ends when the client goes or the server
        stops."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version = -1
        try:
            while not watcher.stopped.is_set():
                newer, body = watcher.wait_newer(version, KEEP_ALIVE_SECONDS)
                if newer > version:
                    version = newer
                    self.wfile.write(b"id: %d\ndata: %s\n\n" % (newer, body))
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (OSError, ValueError):          # gone, stopped reading, or closed
            return


def _token_ok(query: str, token: str) -> bool:
    given = parse_qs(query).get("token", [""])[0]
    return hmac.compare_digest(given.encode(), token.encode())


def lan_address() -> str:
    """This machine's address on its network (what a phone at the table dials); no
    packet is sent to find it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()
