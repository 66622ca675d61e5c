"""The party keeps what a fight left it the moment the fight ends (the app sets this as
the session's `after_landing`), as `party keep` does by hand."""

from __future__ import annotations

from shaper_gm.errors import GmError


def on_landing(session, frame) -> str | None:
    """When this command decided the fight and a party goes with the encounter: its
    members' lasting state written back, and a line that says so (or why it could not)."""
    if session.party is None or frame.before is None:
        return None
    if frame.before.over is not None or frame.after.over is None:
        return None
    from shaper_gm.party.verbs import keep_party
    try:
        return keep_party(session)
    except (GmError, OSError) as exc:
        return f"The party {session.party} could not keep this fight: {exc}"
