"""Names and sides, in every ruleset: actors named alike stay apart on screen, sides are
one name whatever its case, and `add` says which side it used."""

from __future__ import annotations

from conformance.fight import Fight
from shaper_gm.engine import registry


def newcomer(f: Fight, actor_id: str, extra: str = "") -> str:
    """`add ID` at the acting actor's cell (the ruleset's default sheet), plus `extra`."""
    zone = f.state.actors[f.acting()].zone
    return f"add {actor_id} --at {zone}{extra}"


def test_actors_named_alike_have_distinct_ids_and_outcome_lines(ruleset):
    """Issue #21: two actors added under the same display name both read "Gob: HP 10 → 9".
    They get distinct ids, and the same command on each prints lines a GM can tell
    apart."""
    f = Fight(ruleset)
    side = f.sides()[-1]
    f.run(newcomer(f, "gob-a", f" --name Gob --side {side}"))
    f.run(newcomer(f, "gob-b", f" --name Gob --side {side}"))
    assert {"gob-a", "gob-b"} <= set(f.state.actors), f.story()
    assert f.name("gob-a") == f.name("gob-b") == "Gob", f.story()
    direct = " --direct" if f.takes("damage", "direct") else ""
    for command in ("effect {} marked", "damage {} 1" + direct):
        one = f.lines(f.run(command.format("gob-a")))
        other = f.lines(f.run(command.format("gob-b")))
        assert one != other, f"both print {one}\n{f.story()}"


def test_sides_are_one_name_whatever_the_case(ruleset):
    """Issue #21: `--side Party` made a third side beside `party`. A side named in another
    case joins the side there is."""
    f = Fight(ruleset)
    for n, side in enumerate(f.sides()):
        for m, typed in enumerate((side.upper(), side.title())):
            f.run(newcomer(f, f"newcomer-{n}-{m}", f" --side {typed}"))
    assert f.sides() == Fight(ruleset).sides(), f.story()


def test_add_without_a_side_says_which_side_it_used(ruleset):
    f = Fight(ruleset)
    result = f.run(newcomer(f, "newcomer"))
    side = f.state.actors["newcomer"].side
    assert any(side in text and f.name("newcomer") in text for text in f.lines(result)), \
        f.story()


def test_add_without_a_side_uses_the_same_side_in_every_ruleset():
    """Issue #21: `add` without `--side` joined the party in dice-pool and the enemies
    elsewhere. The default is one side, the same in every registered ruleset."""
    used = {}
    for ruleset in registry.ids():
        f = Fight(ruleset)
        f.run(newcomer(f, "newcomer"))
        used[ruleset] = f.state.actors["newcomer"].side
    assert len(set(used.values())) == 1, used


def test_an_old_logged_add_without_a_side_replays_to_the_side_it_had():
    """The GM's `add` writes the default side it used into the log. A logged `add` with
    no side is from before: replayed, it keeps the side its ruleset gave then (dice-pool:
    party), so an old save replays to its own state."""
    f = Fight("dicepool")
    zone = f.state.actors[f.acting()].zone
    f.session.run_lines([f"add old --at {zone}"])
    assert f.state.actors["old"].side == "party", f.story()
    line = f.run(f"add new --at {zone}").line
    assert f.state.actors["new"].side == "enemies" and "--side enemies" in line, line
