"""`shaper-gm view`'s arguments (the program builds its parser from them)."""

from __future__ import annotations


def add_parser(sub) -> None:
    vw = sub.add_parser("view", help="serve a save as a live page for the players")
    vw.add_argument("save", metavar="SAVE.yaml")
    vw.add_argument("--port", type=int, default=None, help="the port (default 8642; 0: any)")
    vw.add_argument("--lan", action="store_true", help="serve the local network, with a token")
    vw.add_argument("--token", default=None, help="the token the address carries")
