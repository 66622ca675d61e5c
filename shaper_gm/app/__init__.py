"""The application: sessions equipped for the shell and scripts.

A bare `commands.Session` knows the shared and the ruleset's verbs. The application
adds what needs the layers above commands: the file verbs (save, load, export, quit,
which read and write files and draw a recap) and the admission check that refuses a
command whose result could not be saved and opened again (persist/admit.py).
"""

from __future__ import annotations

from shaper_gm.app import files
from shaper_gm.commands import new_session as _new_session
from shaper_gm.commands.session import Session
from shaper_gm.party import keep as party_keep
from shaper_gm.party import verbs as party_verbs
from shaper_gm.persist import admit
from shaper_gm.simulate import verb as simulate_verb
from shaper_gm.view import verb as view_verb


def equip(session: Session) -> Session:
    session.admit = admit.check
    session.extra_verbs = (files.verbs.install, view_verb.verbs.install,
                           party_verbs.install, simulate_verb.verbs.install)
    session.after_landing = party_keep.on_landing
    session.forget_registries()
    return session


def new_session(**options) -> Session:
    """A session on a fresh encounter, with the file verbs and the admission check."""
    return _new_session(equip=equip, **options)


__all__ = ["equip", "new_session"]
