"""Completion on every ruleset's demo: targets never the actor, the nearest foes first,
real moments for --until, the rulesets by id, a ruleset's own offers."""

from __future__ import annotations

from pathlib import Path

import pytest

from shaper_gm.engine import registry
from shaper_gm.persist.saves import read_save
from shaper_gm.shell.completion import complete

SAVES = Path(__file__).resolve().parents[2] / "saves"
DEMOS = {"shaper": "demo.yaml", "dungeoneers": "dungeoneers-demo.yaml",
         "timeslice": "timeslice-demo.yaml", "dicepool": "dicepool-demo.yaml",
         "reactions": "reactions-demo.yaml", "d20": "d20-demo.yaml"}
ATTACK_VERB = {"shaper": "attack", "dungeoneers": "strike", "timeslice": "attack",
               "dicepool": "attack", "reactions": "attack", "d20": "attack"}


def demo(ruleset: str):
    return read_save(SAVES / DEMOS[ruleset])


def texts(line: str, session) -> list[str]:
    return [c.text for c in complete(line, session)]


@pytest.mark.parametrize("ruleset", sorted(DEMOS))
def test_an_attack_never_offers_the_attacker_and_offers_its_foes_first(ruleset):
    session = demo(ruleset)
    close_in = {"dicepool": "move G5",  # everyone starts out of reach (P7, G13): close in
                "d20": "move F6"}         # first (Fang's bite reaches 5 ft: Sera, on F5)
    if ruleset in close_in:
        session.execute(close_in[ruleset])
    me = session.state.actors[session.state.turn]
    offered = complete(ATTACK_VERB[ruleset] + " ", session)
    assert me.id not in [c.text for c in offered]
    able = [c.text for c in offered if "not now" not in c.meta]    # the rules allow them
    foes = [a for a in able if session.state.actors[a].side != me.side]
    assert foes and able[:len(foes)] == foes


@pytest.mark.parametrize("ruleset, unit", [
    ("dungeoneers", lambda n: f"{n} tile{'s' * (n != 1)} away"),
    ("timeslice", lambda n: f"{n} unit{'s' * (n != 1)} away"),
    ("dicepool", "{} m away".format), ("reactions", "{} m away".format),
    ("d20", lambda cells: f"{5 * cells} ft away")])
def test_the_default_targets_are_nearest_first_with_their_distance(ruleset, unit):
    session = demo(ruleset)
    state = session.state
    me = state.actors[state.turn]
    rs = session.ruleset_for(state)
    offered = complete(ATTACK_VERB[ruleset] + " ", session)
    foes = [c for c in offered if state.actors[c.text].side != me.side]
    steps = [rs.distance(me.zone, state.actors[c.text].zone) for c in foes]
    assert steps == sorted(steps)
    assert f"· {unit(steps[0])}" in foes[0].meta       # in the rules' own unit


@pytest.mark.parametrize("ruleset", sorted(DEMOS))
def test_until_offers_the_encounters_real_moments(ruleset):
    session = demo(ruleset)
    turn = session.state.turn
    offered = texts(f"effect {turn} dazed --until ", session)
    assert f"start:{turn}" in offered and f"end:{turn}" in offered
    assert {"round", "never"} <= set(offered)
    assert "start:ID" not in offered


def test_new_offers_every_ruleset_with_what_it_is():
    offered = complete("new --ruleset ", demo("shaper"))
    assert [c.text for c in offered] == registry.ids()
    assert all(c.meta for c in offered)


def test_setup_verbs_offer_every_tile_with_who_stands_there():
    session = demo("reactions")                # placing: distance from the actor is moot
    offered = {c.text: c.meta for c in complete("place bo ", session)}
    assert len(offered) == 64 and offered["B6"] == "cy" and offered["A1"] == ""


def test_a_time_slice_draw_offers_what_the_actor_carries_in_hand_first():
    offered = complete("draw ", demo("timeslice"))
    assert [(c.text, c.meta) for c in offered[:2]] == [
        ("rifle", "Rifle · 6 damage · in hand"), ("knife", "Knife · 3 damage")]


def test_templates_come_from_the_encounters_ruleset():
    assert texts("add x --as ", demo("reactions")) == [
        "battle-mage", "duellist", "knight", "skeleton", "wraith"]


def test_dungeoneers_tiles_say_what_reaching_them_costs():
    offered = {c.text: c.meta for c in complete("move ", demo("dungeoneers"))}
    assert offered["B3"] == "here · freya"                  # who stands there, too
    assert offered["C3"] == "1 tile · move, 1 AP · skeleton"
    assert offered["B2"] == "1 tile · move, 1 AP"
    sprint = [m for m in offered.values() if "sprint" in m]
    assert sprint and all(m.endswith("AP and 1 stress") for m in sprint)


def test_time_slice_units_say_their_ts_and_when_there_is_not_enough():
    session = demo("timeslice")
    offered = {c.text: c.meta for c in complete("move ", session)}
    assert offered["H2"] == "here · sniper"
    assert offered["H3"] == "1 unit · 2 TS"
    assert offered["J10"] == "8 units · 8 TS"               # 4 move maneuvers of 2 units
    session.execute("set sniper ts=3")
    offered = {c.text: c.meta for c in complete("move ", session)}
    assert offered["H4"] == "2 units · 2 TS"
    assert offered["H6"] == "4 units · 4 TS · more than the 3 TS left"


def test_a_dungeoneers_caster_is_offered_its_spells_with_ap_and_arca():
    session = demo("dungeoneers")
    offered = complete("spellcast alberich ", session)   # then its targets, where the
    assert [c.text for c in offered][:4] == ["firebolt", "frost-touch", "sap-will", "mend"]
    assert all(c.text in session.state.actors for c in offered[4:])  # spell may be --with
    assert offered[0].meta == "Firebolt · 3 AP · 1 arca · 2 H wounds"
    session.execute("set alberich ap=2")
    offered = complete("spellcast alberich ", session)
    assert [c.text for c in offered][:2] == ["frost-touch", "mend"]   # 2 AP each
    assert offered[3].meta.endswith("not now: 2 AP left")
    assert texts("spellcast ", session)[:1] != ["firebolt"]          # Freya knows none


@pytest.mark.parametrize("ruleset, near, far", [
    ("reactions", "the turn's move", "beyond Cy's 5 m"),
    ("dicepool", "one move", "more than one move (10 m)")])
def test_tiles_say_whether_one_move_reaches_them(ruleset, near, far):
    session = demo(ruleset)
    offered = [c for c in complete("move ", session) if c.text not in session.state.actors]
    assert offered[0].meta == f"here · {session.state.turn}"
    notes = [c.meta for c in offered[1:]]
    assert near in notes[0] and any(far in n for n in notes)
    metres = [int(n.split(" m")[0]) for n in notes]
    assert metres == sorted(metres)


def test_a_strike_offers_who_is_in_reach_first_and_says_why_not_for_the_rest():
    offered = complete("strike ", demo("dungeoneers"))
    assert [c.text for c in offered] == ["skeleton", "alberich", "suori", "gob"]
    assert offered[-1].meta == ("Goblin · enemies · 4 tiles away · not now: Goblin is 4 tiles "
                                "away, beyond Freya's threat range 1")


@pytest.mark.parametrize("ruleset", ["timeslice", "dicepool", "reactions"])
def test_targets_the_rules_refuse_come_after_those_they_allow(ruleset):
    session = demo(ruleset)
    state = session.state
    me = state.actors[state.turn]
    foe = next(a for a in state.actors.values() if a.side != me.side)
    session.execute(f"damage {foe.id} 999")          # Down: the rules refuse it
    offered = complete(ATTACK_VERB[ruleset] + " ", session)
    assert offered[-1].text == foe.id
    ranks = [c.meta.endswith("down") or "not now" in c.meta for c in offered]
    assert ranks == sorted(ranks)                     # every allowed one before the rest


def test_short_reason_keeps_a_refusals_first_clause():
    from shaper_gm.engine.offers import short_reason
    assert short_reason("Ann is Down (R7): pick another") == "Ann is Down"
    long = "the raider is 5 tiles away, beyond its reach 1, and no bow, really (D16)"
    assert short_reason(long, width=50) == "the raider is 5 tiles away, beyond its reach 1"


def test_react_offers_the_attacked_actors_answers_never_the_placeholder():
    session = demo("reactions")
    defender = next(a for a in session.state.actors.values()
                    if a.side != session.state.actors[session.state.turn].side)
    offered = texts(f"attack {defender.id} --react ", session)
    assert offered == [f"{defender.id}=block", f"{defender.id}=dodge"]
    assert not any("TARGET" in text for text in texts("attack --react ", session))
    assert texts(f"attack {defender.id} --react {defender.id}=d", session) == [
        f"{defender.id}=dodge"]


def test_react_in_a_ruleset_written_as_data_completes_who_answers():
    session = demo("d20")
    me = session.state.turn
    offered = texts("move B2 --react ", session)
    assert offered and all(text.endswith("=") for text in offered)
    assert f"{me}=" not in offered


def test_a_data_rulesets_attack_offers_who_its_own_checks_allow_first():
    """d20 (written as data): Fang's bite reaches 5 ft (G13); from F6, Sera (F5) is in
    reach, Brak (D6, 10 ft) is not, and the wolf's own side is no target (G10)."""
    session = demo("d20")
    session.execute("move F6")
    offered = complete("attack ", session)
    assert offered[0].text == "sera" and "not now" not in offered[0].meta
    meta = {c.text: c.meta for c in offered}
    assert meta["brak"].endswith("not now: Brak is 10 ft away")
    assert meta["gob-1"].endswith("not now: Goblin 1 is on Fang's side")
