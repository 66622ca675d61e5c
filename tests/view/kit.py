"""The player view's test kit: demo saves copied, and commands played on them as the
shell plays them (each one journaled, then the save compacted on close)."""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path

from shaper_gm.app.autosave import open_for_shell
from shaper_gm.view.watch import Watcher

SAVES = Path(__file__).resolve().parents[2] / "saves"
RULESETS = ("shaper", "dungeoneers", "timeslice", "dicepool", "reactions", "d20")


def demo_copy(folder: Path, ruleset: str) -> Path:
    name = "demo.yaml" if ruleset == "shaper" else f"{ruleset}-demo.yaml"
    path = folder / f"{ruleset}.yaml"
    shutil.copyfile(SAVES / name, path)
    return path


class Table:
    """A save kept open as the shell keeps it: `play` runs and journals commands."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.session, self.autosave, _ = open_for_shell(str(path))

    def play(self, *lines: str) -> None:
        for line in lines:
            self.session.execute(line)
            self.autosave.commit()

    def close(self) -> None:
        self.autosave.close()


def published(path: Path) -> dict:
    """What the view serves of the save at `path` now."""
    watcher = Watcher(path)
    assert watcher.look(), watcher.problem
    return json.loads(watcher.body)


def port_of(url: str) -> int:
    return int(url.split("?")[0].rsplit(":", 1)[1].strip("/"))


def assert_port_free(port: int) -> None:
    """The port can be bound again: whatever served on it has let it go."""
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))
