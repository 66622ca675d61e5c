"""`shaper-gm simulate`'s arguments (the program builds its parser from them)."""

from __future__ import annotations

import argparse
import os


def fights(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 7 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of fights: use 1 or "
                                         "more, e.g. -n 500")
    return int(text)


def seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed: use a whole number "
                                         "from 0 to 999999999")
    return int(text)


def add_parser(sub) -> None:
    sm = sub.add_parser("simulate", help="play a save's fight forward N times: who wins")
    sm.add_argument("save", metavar="SAVE.yaml")
    sm.add_argument("-n", type=fights, default=1000, help="fights (default 1000)")
    sm.add_argument("--seed", type=seed, default=1, help="the runs' dice (default 1)")
    sm.add_argument("--json", action="store_true", help="one JSON object")
    sm.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="processes (default: the cores)")
    sm.add_argument("--tactics", default="focus-fire", help="focus-fire, spread or random")
