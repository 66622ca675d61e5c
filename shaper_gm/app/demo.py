"""`shaper-gm demo [RULESET]`: a fresh copy of a ruleset's shipped demo fight.

The shipped demos (`saves/demo.yaml` for Shaper, `saves/ID-demo.yaml` for the others)
are never played in place: each `demo` copies one to a new save in the saves folder
(`./saves`, or $SHAPER_GM_SAVES) named `demo-ID.yaml`, then `demo-ID-2.yaml`, ...,
created exclusively, so a copy never replaces anything.
"""

from __future__ import annotations

from pathlib import Path

from shaper_gm.errors import GmError
from shaper_gm.files import create_new, default_mode, read_capped, replace_atomic
from shaper_gm.persist.saves import saves_dir

MAX_DEMO = 4 * 2**20          # bytes; the shipped demos are a few KiB


def shipped_folder() -> Path:
    """The checkout's `saves/` when running from one, else the installed copy."""
    here = Path(__file__).resolve()
    checkout = here.parents[2]
    if (checkout / "pyproject.toml").is_file() and (checkout / "saves").is_dir():
        return checkout / "saves"
    return here.parents[1] / "_demos"


def shipped_demo(ruleset_id: str) -> Path:
    """The shipped demo save of a ruleset; an unknown id is refused with the known ones."""
    from shaper_gm.engine import registry
    ruleset_id = ruleset_id.lower()
    if ruleset_id not in registry.known():
        raise GmError(f"no ruleset {ruleset_id!r}",
                      f"known rulesets: {', '.join(registry.ids())}")
    name = "demo.yaml" if ruleset_id == registry.DEFAULT else f"{ruleset_id}-demo.yaml"
    path = shipped_folder() / name
    if not path.is_file():
        raise GmError(f"the {ruleset_id} demo is not installed ({path} is missing)",
                      "reinstall shaper-gm (pip install .)")
    return path


def copy_demo(ruleset_id: str, folder: Path | None = None) -> Path:
    """Copy the ruleset's demo to a save name nothing uses yet; returns the new path."""
    source = shipped_demo(ruleset_id)
    text = read_capped(source, MAX_DEMO, "demo save").decode("utf-8")
    folder = folder if folder is not None else saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stem = f"demo-{ruleset_id.lower()}"
        path, n = folder / f"{stem}.yaml", 2
        while not create_new(path):
            path, n = folder / f"{stem}-{n}.yaml", n + 1
        replace_atomic(path, text.encode("utf-8"), default_mode())   # the name made here,
        # never a link put there since: a rename replaces a link, it does not follow it
    except OSError as exc:
        raise GmError(f"cannot copy the demo into {folder}: {exc.strerror or exc}",
                      f"make {folder} writable, or set SHAPER_GM_SAVES to another folder") \
            from None
    return path
