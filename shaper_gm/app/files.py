"""File verbs: save, load, export, quit. Never run from a save's log."""

from __future__ import annotations

from shaper_gm.commands.args import flag
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.commands.table import VerbTable
from shaper_gm.commands.viewdata import FileWritten, Message
from shaper_gm.errors import CommandError

verbs = VerbTable()


@verbs.command("save", group="file", usage="save [as] [PATH] [--force]", logged=False,
               takes_file=True,
               summary="write the encounter to a YAML save (a bare name goes in saves/); "
                       "the shell then saves there as you go",
               examples=("save", "save bridge-fight", "save as /tmp/fight.yaml"),
               positionals=("path?",),
               flags=(flag("force", help="overwrite a save of another encounter"),))
def save(ctx: Context) -> Outcome:
    from shaper_gm.persist import saves
    words = ctx.parsed.words
    if len(words) == 2 and words[0].lower() == "as":      # `save as PATH`
        words = words[1:]
    if len(words) > 1:
        raise CommandError("save takes one path", "e.g. save bridge-fight")
    path = saves.save_session(ctx.session, words[0] if words else None,
                              force=bool(ctx.parsed.get("force")))
    return Outcome(view=FileWritten(str(path), "save"))


@verbs.command("load", group="file", usage="load PATH", logged=False, takes_file=True,
               summary="open a saved encounter in place of this one (which stays in its "
                       "save)", examples=("load bridge-fight", "open saves/demo.yaml"),
               positionals=("path",), aliases=("open",))
def load(ctx: Context) -> Outcome:
    from shaper_gm.persist import saves
    words = ctx.parsed.words
    if len(words) != 1:
        raise CommandError("load takes one path", "e.g. load saves/demo.yaml")
    path, notes = saves.load_into(ctx.session, words[0])
    text = (f"Loaded {path}: round {ctx.session.state.round}, "
            f"{len(ctx.session.history)} log entries.")
    if notes:
        text += f" (Note: {'; '.join(notes)}.)"
    return Outcome(view=Message(text))


@verbs.command("export", group="file", usage="export PATH.md [--force]", logged=False,
               takes_file=True,
               summary="write a readable Markdown recap of the fight, by round",
               examples=("export recap.md",), positionals=("path",),
               flags=(flag("force", help="replace a file that is not an earlier recap"),))
def export(ctx: Context) -> Outcome:
    from pathlib import Path

    from shaper_gm.files import write_text_atomic
    from shaper_gm.persist.replace import check_replace
    from shaper_gm.persist.saves import SaveError
    from shaper_gm.render.recap import recap_markdown
    words = ctx.parsed.words
    if len(words) != 1:
        raise CommandError("export takes one path", "e.g. export recap.md")
    session = ctx.session
    path = Path(words[0]).expanduser()
    check_replace(path, force=bool(ctx.parsed.get("force")), kind="export",
                  verb="export")
    if session.rebuild is not None:
        session.rebuild(session, None)   # frames opened from a save get their events
    try:
        write_text_atomic(path, recap_markdown(session.history, session.state,
                                               rs=session.ruleset_for(session.state),
                                               party=session.party))
    except OSError as exc:
        raise SaveError(f"cannot write {path}: {exc.strerror or exc}",
                        "check the folder exists and is writable") from None
    return Outcome(view=FileWritten(str(path), "export"))


@verbs.command("quit", group="file", usage="quit", logged=False, takes_file=True,
               aliases=("exit",), summary="leave the shell (the session is already saved)",
               examples=("quit",))
def quit_(ctx: Context) -> Outcome:
    return Outcome(view=Message("quit"))
