"""A refusal is one line at the table: it quotes at most a short excerpt of what it
refuses, however long that is (errors.py bounds every message and hint)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shaper_gm import cli
from shaper_gm.app import new_session
from shaper_gm.errors import MAX_TEXT, CommandError, GmError, excerpt
from shaper_gm.persist import saves

LONG = "x" * 80_000


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=3000), st.text(max_size=3000))
def test_every_refusal_is_bounded_and_a_short_one_is_left_whole(message, hint):
    error = CommandError(message, hint)
    assert len(error.message) <= MAX_TEXT and len(error.hint) <= MAX_TEXT
    if len(message) <= MAX_TEXT:
        assert error.message == message
    else:
        assert error.message.startswith(message[:100]) and error.message.endswith(message[-50:])


@given(st.text(min_size=61, max_size=5000))
def test_an_excerpt_keeps_both_ends_and_says_how_much_it_left_out(text):
    short = excerpt(text)
    assert len(short) <= 60 + 30
    assert short.startswith(text[:20]) and short.endswith(text[-10:])
    assert "characters]" in short


def test_a_refused_over_long_log_line_is_quoted_as_an_excerpt(tmp_path, capsys):
    session = new_session(seed=3)
    session.execute("add josh --as josh --at B4")
    session.execute("add raider --as raider --at B3")
    path = tmp_path / "s.yaml"
    saves.write_save(session, path)
    path.write_text(path.read_text().replace("- add raider", f"- add {LONG}\n- add raider"))
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "entry 3 is refused" in err and len(err) < 1000


def test_an_unknown_command_of_two_thousand_characters_is_quoted_short(tmp_path, capsys):
    script = tmp_path / "s.gm"
    script.write_text(f"new --seed 1\n{'y' * 1990}\n")
    assert cli.main(["run", str(script)]) == 1
    err = capsys.readouterr().err
    assert "unknown command" in err and len(err) < 1000


def test_an_internal_error_is_one_short_line(capsys, monkeypatch):
    def broken(args):
        raise KeyError(LONG)
    monkeypatch.setattr(cli, "dispatch", broken)
    assert cli.main(["run", "-"]) == cli.INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 600


def test_a_gm_error_keeps_its_message_and_hint_apart():
    error = GmError("m" * 5000, "h" * 5000)
    assert str(error) == f"{error.message}; {error.hint}"
