"""The Dungeoneers rulings written as data (content/dungeoneers), held against the Python ruleset's
numbers: the README's demo fight, the source's round and the rulings' examples give the
wounds, AP, stress, arca, grapples and who is up the Python ruleset gave, line for line; a
strike's breakdown is its lines (label, number, ruling); the odds of a strike its exact
fractions. The Python ruleset's values were kept when both were played side by side
(kept.py, python_values.json: `same(value)`), a line the two word apart a pair (Python,
data) of which the data version's is played.

Wounds are the data version's hit points' other side: its hit points are the wound limit
and its wounds, kept in the harm tally's resource, the limit less the hit points left,
and past the limit the wounds beyond it too (D19).

What it plays otherwise than the Python ruleset did:
- D28's `ambient N` (its number a word, `word: arca`) is an action of whoever is up
  (the format has no GM verb of its own), told as theirs;
- interact's free text (`interact opens the door`) is `act` here; a spell and the action
  readied are words (`word:`), and the tests below keep the `--with` and `--action` forms
  it still reads;
- the weapons carried, told as a change of the sheet when a thrown one leaves them
  (`Goblin: weapons spear, shortbow → shortbow (thrown, D16)`), where the Python ruleset
  said nothing of them;
- a save written with nothing lying about has no `lying: []` (the Python ruleset's
  encounter record always wrote it).
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from shaper_gm.errors import GmError
from tests.replaying import replayed
from tests.rulesets.dungeoneers.records import data_of, encounter_data, resolved
from tests.rulesets.twins import said as said_by

DATA = "dungeoneers"

# README, "Dungeoneers": the demo's set-up (saves/dungeoneers-demo.txt, listed in order).
DEMO = (
    "add freya --as freya --at B3",
    "add alberich --as alberich --at B4",
    "add suori --as suori --at C4",
    "add skeleton --as skeleton --at C3",
    "add gob --as goblin --at F5",
    "start",
)
# The README's short fight; a line the two versions word apart is a pair (Python, data).
README = (
    *DEMO,
    "strike suori skeleton --roll 4 --dodge 3 --pierce 3",    # 6 vs 4, 4 wounds (B)
    "act alberich 3 shouts a warning",
    "push freya skeleton D3 --ledge --react skeleton=grab-ledge --roll 5 --dodge 2 "
    "--grab 1",                     # 7 vs 4: the skeleton grabs, 1 vs 6, and is forced
)


def said(line, ruleset: str) -> str:
    return said_by(line, ruleset, DATA)


@pytest.fixture
def played():
    """`start(*lines)`: {DATA: a session of Dungeoneers (seed 1)} run through the lines."""
    from shaper_gm.app import new_session

    def start(*lines) -> dict:
        s = new_session(ruleset=DATA, seed=1)
        for line in lines:
            s.execute(said(line, DATA))
        return {DATA: s}
    return start


def grapples(s, actor_id: str) -> tuple[str | None, str | None]:
    """(whom it grapples, who grapples it) (D24): the Python ruleset's own record, the
    data version's `grappled` condition, given by its grappler."""
    data = data_of(s.state.actors[actor_id], s.state)
    return data.grappling, data.grappled_by


def wounds(s, actor_id: str) -> int:
    """Wounds taken, past the limit too (D19): a resource on both versions, the data
    version's hit points its other side."""
    actor = s.state.actors[actor_id]
    assert actor.hp == max(0, actor.sheet.wound_limit - actor.resource("wounds"))
    return actor.resource("wounds")


def holding(s, actor_id: str) -> tuple[str, ...]:
    """The weapons in its hands (D22)."""
    return data_of(s.state.actors[actor_id]).holding


def numbers(s) -> dict[str, tuple]:
    """Each creature's wounds, AP, stress, arca, whether it is down, defensive, its
    grapples, its tile, side and weapons in hand; whose turn, who is up, which round."""
    actors = {a: (wounds(s, a), x.resource("ap"), x.resource("stress"), x.resource("arca"),
                  x.down, "defensive" in {e.name for e in x.effects}, grapples(s, a),
                  x.zone, x.side, holding(s, a))
              for a, x in s.state.actors.items()}
    return {**actors, "turn": (s.state.turn, s.state.up, s.state.round)}


def test_the_readme_fight_gives_the_same_numbers_after_every_line(played, same):
    sessions = played()
    for line in README:
        for rs, s in sessions.items():
            s.execute(said(line, rs))
        assert same(numbers(sessions[DATA])), line
    data = numbers(sessions[DATA])
    # by hand: the skeleton 4 wounds (Warhammer 1 + body 2, vulnerability(1)), forced to
    # D3 (its grab cost it 1 AP, D8); Suori 3 AP, Alberich 3, Freya 4; the goblin is up
    # with the most AP left (D3)
    assert data["skeleton"][:2] == (4, 5) and data["skeleton"][7] == "D3"
    assert [data[a][1] for a in ("suori", "alberich", "freya")] == [3, 3, 4]
    assert data["turn"] == ("gob", ("gob",), 1)


def test_the_source_round_goes_alike(played, same):
    """D1-D8: the source's round, each action priced by hand (`act`), a reaction at the
    end; the party's body total breaks the ties between groups (D5), Freya and Alberich
    share a tie inside the party (D4)."""
    sessions = played("add freya --as freya --at B2", "add alberich --as alberich --at B3",
                    "add skeleton --as skeleton --at C2", "start")
    for line in ("act alberich 3 readies", "act freya 2 moves", "act skeleton 4 strikes",
                 "act freya 1 looks", "act freya 1 steps", "act alberich 2 casts",
                 "act freya 2 strikes", "act skeleton 2 strikes",
                 "react alberich 1 parries"):
        for s in sessions.values():
            s.execute(line)
        assert same(numbers(sessions[DATA])), line
    assert numbers(sessions[DATA])["turn"][1:] == (("freya", "alberich"), 2)   # D6


def breakdown(s, result) -> list[tuple[str, int | None, str]]:
    """An action's breakdown, each line's label, number (a roll's total) and ruling."""
    notes = next(e for e in result.events if resolved(e)).outcome.notes
    return [(n.label, getattr(n.value, "total", n.value), n.rule) for n in notes]


@pytest.mark.parametrize("line, lines", [
    ("strike suori skeleton --roll 4 --dodge 3 --pierce 3",      # the README's
     [("Suori rolls [striking: trained] + finesse 2", 6, "D11"),
      ("Skeleton rolls [dodging: trained] + finesse 1", 4, "D11"),
      ("success", 2, "D11, D16"),
      ("pierce check [d6] + body 2 vs armor value 5: pierced", 5, "D14, D16"),
      ("wounds: Warhammer 1 + body 2", 3, "D16"),
      ("each application after vulnerability(1)", 4, "D20"),
      ("wounds dealt (B)", 4, "D19")]),
    ("strike suori skeleton --roll 6,4 --dodge 1 --pierce 3 --boon 1",   # D18: 12 vs 2
     [("Suori rolls [striking: trained] + finesse 2, boon 1", 12, "D11"),
      ("Skeleton rolls [dodging: trained] + finesse 1", 2, "D11"),
      ("success", 10, "D11, D16"),
      ("critical hits: excess 10 over threshold 5", 2, "D18"),
      ("pierce check [d6] + body 2 vs armor value 5: pierced", 5, "D14, D16"),
      ("wounds: Warhammer 1 + body 2", 3, "D16"),
      ("each application after vulnerability(1)", 4, "D20"),
      ("dealt 3 times (2 critical)", 12, "D18"),
      ("wounds dealt (B)", 12, "D19")]),
    ("power-strike suori skeleton --roll 3,1 --dodge 5 --pierce 1",     # D17, D11's tie
     [("Suori rolls [striking: trained] + finesse 2, boon 1", 6, "D11"),
      ("Skeleton rolls [dodging: trained] + finesse 1", 6, "D11"),
      ("success (a tie goes to the actor)", 0, "D11, D17"),
      ("pierce check [d6] + body 2 vs armor value 5: no wounds", 3, "D14, D16")]),
    ("power-strike suori skeleton --roll 6,4 --dodge 1 --pierce 6",     # D17, D18
     [("Suori rolls [striking: trained] + finesse 2, boon 1", 12, "D11"),
      ("Skeleton rolls [dodging: trained] + finesse 1", 2, "D11"),
      ("success", 10, "D11, D17"),
      ("critical hits: excess 10 over threshold 5", 2, "D18"),
      ("pierce check [d6] + body 2 vs armor value 5: pierced", 8, "D14, D16"),
      ("wounds: Warhammer 1 + body 2 + 1 (power strike)", 4, "D17"),
      ("each application after vulnerability(1)", 5, "D20"),
      ("dealt 3 times (2 critical)", 15, "D18"),
      ("wounds dealt (B)", 15, "D19")]),
    ("strike suori skeleton --roll 1 --dodge 6",                         # a miss
     [("Suori rolls [striking: trained] + finesse 2", 3, "D11"),
      ("Skeleton rolls [dodging: trained] + finesse 1", 7, "D11"),
      ("failure", -4, "D11, D16")]),
    ("grapple freya skeleton --roll 5 --dodge 2",                        # D24
     [("Freya rolls [grappling: trained] + body 2", 7, "D11"),
      ("Skeleton rolls [dodging: trained] + body 2", 4, "D11"),
      ("success", 3, "D11, D24")]),
])
def test_an_action_breaks_down_into_the_same_lines(played, line, lines, same):
    sessions = played("add suori --as suori --at B2", "add freya --as freya --at C1",
                    "add skeleton --as skeleton --at C2", "start")
    results = {rs: s.execute(line) for rs, s in sessions.items()}
    data = breakdown(sessions[DATA], results[DATA])
    assert same(data)
    assert data == lines
    assert same(numbers(sessions[DATA]))


def test_critical_hits_deal_the_wounds_again_and_d20_adjusts_each_application(played, same):
    """D18: 9 vs 4 is one critical hit, wounds twice; 14 vs 4 two, three times. D20: the
    ooze resists physical 1, is vulnerable to heat 2 and immune to toxic."""
    sessions = played("add suori --as suori --at B2", "add freya --as freya --at A1",
                    "add ooze --as ooze --at C2", "add gob --as goblin --at B3", "start",
                    "strike suori ooze --roll 6,1 --dodge 1 --pierce 6 --boon 1",  # 9 vs 1
                    "damage ooze 1 --type h --criticals 2",     # (1 + 2) x 3 = 9 (D20)
                    "damage ooze 3 --type t",                   # immune
                    "damage gob 2 --direct")
    assert same(numbers(sessions[DATA]))
    # strike: 9 vs 1, one critical; (Warhammer 1 + body 2 - resistance 1) x 2 = 4
    assert wounds(sessions[DATA], "ooze") == 4 + 9
    assert wounds(sessions[DATA], "gob") == 2


@pytest.mark.parametrize("line", [
    "move bat A3 --speed fly",              # D21: Fly 2
    "sprint bat A5 --speed fly",            # twice that, and 1 stress
    "sprint bat A3",                        # Ground 1, twice: 2 tiles
    "move suori C3",                        # a diagonal step counts 1 (D21)
    "sprint suori D4",
])
def test_moves_go_by_the_travel_speed_named(played, line, same):
    sessions = played("add suori --as suori --at B2", "add bat --as giant-bat --at A1",
                    "start", *(["pass suori"] if "bat" in line else []), line)
    assert same(numbers(sessions[DATA]))
    assert numbers(sessions[DATA])[line.split()[1]][7] == line.split()[2]


def test_defend_gives_a_boon_on_dodging_until_the_next_turn(played, same):
    """D23: defensive until the start of its next turn: 1d4 more on its dodging test."""
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "start", "defend suori")
    results = {rs: s.execute("strike skeleton suori --roll 4 --dodge 3,2 --pierce 6")
               for rs, s in sessions.items()}
    data = breakdown(sessions[DATA], results[DATA])
    assert same(data)
    assert data[1] == ("Suori rolls [dodging: trained] + finesse 2, boon 1", 7, "D11")
    assert same(numbers(sessions[DATA]))
    for s in sessions.values():
        assert s.state.turn == "suori"                  # 6 AP left against 3
        s.execute("act suori 1 looks around")           # its next turn: no longer
    assert same(numbers(sessions[DATA]))
    assert numbers(sessions[DATA])["suori"][5] is False


def test_grapples_hold_let_go_break_and_end_with_a_push(played, same):
    """D24: a grappled creature cannot move; letting go, breaking free and a grappler
    forced away (D25) end both conditions."""
    sessions = played("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                    "start")
    lines = ("grapple freya skeleton --roll 5 --dodge 2",          # 7 vs 4: grappling
             "break-free skeleton --roll 1 --hold 6",               # 1 + 2 vs 6 + 2
             "let-go freya",
             "grapple skeleton freya --roll 4 --dodge 1",           # 4 + 2 vs 1 + 3: tie
             "push freya skeleton D2 --roll 6 --dodge 1")           # forced: it lets go
    seen = []
    for line in lines:
        for rs, s in sessions.items():
            s.execute(said(line, rs))
        assert same(numbers(sessions[DATA])), line
        seen.append(grapples(sessions[DATA], "freya"))
    assert seen == [("skeleton", None), ("skeleton", None), (None, None),
                    (None, "skeleton"), (None, None)]


def test_breaking_free_ends_both_conditions(played, same):
    """D24: Freya, grappled by the skeleton, breaks free: 4 + finesse 3 vs 1 + body 2."""
    sessions = played("add skeleton --as skeleton --at C2", "add freya --as freya --at B2",
                    "start", "grapple skeleton freya --roll 4 --dodge 1")
    assert grapples(sessions[DATA], "freya") == (None, "skeleton")
    for s in sessions.values():
        s.execute("break-free freya --roll 4 --hold 1")
    assert same(numbers(sessions[DATA]))
    assert grapples(sessions[DATA], "freya") == grapples(sessions[DATA], "skeleton") \
        == (None, None)


def test_a_grappled_creature_cannot_move(played):
    sessions = played("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                    "start", "grapple freya skeleton --roll 5 --dodge 2")
    for line in ("move skeleton C3", "sprint skeleton D4"):
        for s in sessions.values():
            before = s.state
            with pytest.raises(GmError, match=r"^Skeleton is grappled .*and cannot move "
                                              r"\(D24\)"):
                s.execute(line)
            assert s.state == before


def test_stress_and_arca_are_restored_as_the_rulings_say(played, same):
    """D26: 5 stress, capacity 4 → 3; D27: focus regains 2 arca, up to twice wisdom."""
    sessions = played("add freya --as freya --at B2", "add alberich --as alberich --at B3",
                    "add skeleton --as skeleton --at F6", "start",
                    "set freya stress=5", "set alberich arca=3", "deep-breath freya",
                    "focus alberich", "sprint skeleton F4")
    assert same(numbers(sessions[DATA]))
    data = numbers(sessions[DATA])
    assert (data["freya"][2], data["alberich"][3], data["skeleton"][2]) == (3, 5, 1)


@pytest.mark.parametrize("line", [
    "strike suori suori",                    # not itself
    "strike suori gob",                      # beyond the threat range, no range or toss
    "strike suori skeleton --with dagger",   # D22: not in hand
    "strike suori skeleton --boon -1",       # D15
    "strike suori dead",                     # D19: down already
    "grapple freya gob",                     # D24: only one it threatens
    "let-go freya",                          # D24: grappling nobody
    "break-free freya",                      # D24: grappled by nobody
    "deep-breath freya",                     # D26: not above capacity
    "focus freya",                           # D27: arca full
    "move freya B2",                         # where it stands
    "move freya C2",                         # D21: a tile holds one standing creature
    "move suori G5 --speed fly",             # D21: no such travel speed
    "move suori E5",                         # D21: beyond Ground (1), the numbers said
    "sprint suori F6",                       # D21: beyond twice Ground (1)
    "init",                                  # D3: no initiative is rolled
    "interact suori --stow dagger",          # D22: not in hand
    "interact suori --draw warhammer",       # D22: in hand already
    "spellcast freya firebolt skeleton",     # D28: it knows no spells (none_carried)
    "push freya skeleton E5",                # D25: the push forces it 1 tile
    "grab-ledge freya --tiles 0",            # D29: forced at least 1 tile
    "set skeleton hp=3",                     # D19: the wounds are set, not hit points
    "react freya 7 everything",              # D2: an action costs 1 to 6 AP (act_range)
    "react freya lots",                      # D2: not a cost (terms.not_a_react_cost)
    "act suori 0 nothing",                   # D2 (act_range)
    "act suori lots",                        # D2 (terms.not_a_cost)
    "add troll --hp 10",                     # D19: a wound limit (terms.no_hp)
    "add troll --weapon maul --weapon shortbow --holding maul --holding shortbow",  # D22
])
def test_refusals_say_the_same_and_change_nothing(played, line, same):
    sessions = played("add suori --as suori --at B2", "add freya --as freya --at B3",
                    "add skeleton --as skeleton --at C2", "add gob --as goblin --at F5",
                    "add dead --as skeleton --at H8", "start", "damage dead 8 --direct")
    refused = {}
    for rs, s in sessions.items():
        before = s.state
        with pytest.raises(GmError) as told:
            s.execute(line)
        refused[rs] = told.value.message
        assert s.state == before
    assert same(refused[DATA])


def exact_odds(s, line: str) -> dict:
    """The JSON's chances and spreads, as exact fractions, by the same names on both."""
    found = json.loads(s.execute(f"{line} --json").view.text)["targets"][0]
    spreads = {f"{key}-{n}": Fraction(v["exact"]) for key in ("criticals", "wounds")
               for n, v in found[key]["values"].items()}
    return {**{key: Fraction(found[key]["exact"]) for key in ("hit", "pierce", "down")},
            **spreads, "mean": Fraction(found["wounds"]["mean_exact"])}


@pytest.mark.parametrize("attacker, target, boon", [
    *product(["suori", "freya", "goblin", "alberich"], ["skeleton", "ooze", "giant-bat", "freya"],
             [None, "--boon 1", "--bane 1", "--boon 2 --damage-bonus 1"]),
])
def test_the_odds_of_a_strike_are_the_same_fractions(played, attacker, target, boon, same):
    """The chance to hit, to pierce, to reach the wound limit, of each number of critical
    hits and of wounds, exactly, on both."""
    sessions = played(f"add a --as {attacker} --at B2", f"add t --as {target} --at C2")
    line = " ".join(filter(None, ("odds a t", boon)))
    data = exact_odds(sessions[DATA], line)
    assert same(data)


def test_the_readme_odds_are_5_in_6_to_hit(played):
    """README: after Suori's strike, Freya's longsword hits the skeleton 5/6, pierces 5/8,
    and deals 0, 4 or 8 wounds 3/8, 1/2, 1/8."""
    sessions = played(*README[:7])
    for s in sessions.values():
        odds = exact_odds(s, "odds freya skeleton")
        assert (odds["hit"], odds["pierce"]) == (Fraction(5, 6), Fraction(5, 8))
        assert [odds[f"wounds-{n}"] for n in (0, 4, 8)] == \
            [Fraction(3, 8), Fraction(1, 2), Fraction(1, 8)]
        assert odds["down"] == Fraction(5, 8)          # 4 of 8 already: 4 more reach it


def test_the_readme_fight_saves_reopens_and_replays_to_the_same_state(played, tmp_path):
    """The data version's save opens again to the same state, and its log replays."""
    from shaper_gm.persist import saves
    from shaper_gm.persist.replay import replay_save
    data = played(*README)[DATA]
    path = tmp_path / "fight.yaml"
    data.execute(f"save {path}")
    assert replay_save(path).ok
    assert saves.read_save(path).state == data.state
    assert replayed(data).state == data.state


def test_weapons_are_drawn_and_stowed_and_struck_with_in_hand(played, same):
    """D22: a strike takes the first weapon in hand, or the one `--with` names in hand;
    interact draws a carried weapon and stows a held one (1 AP)."""
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "start")
    for line in ("interact suori --stow warhammer --draw dagger",   # 1 AP: dagger in hand
                 "strike skeleton suori --roll 1 --dodge 6",
                 "strike suori skeleton --roll 6 --dodge 1 --pierce 4",   # 8 vs 2: dagger
                 "pass skeleton",
                 "interact suori --draw warhammer",                   # both in hand now
                 "pass suori",                                        # round 2
                 "strike suori skeleton --with warhammer --roll 6 --dodge 1 --pierce 6"):
        results = {rs: s.execute(line) for rs, s in sessions.items()}
        assert same(numbers(sessions[DATA])), line
        if line.startswith("strike"):
            assert same(breakdown(sessions[DATA], results[DATA])), line
    assert holding(sessions[DATA], "suori") == ("dagger", "warhammer")


SPELL_TABLE = ("add alberich --as alberich --at B2", "add freya --as freya --at A1",
               "add suori --as suori --at A2", "add skeleton --as skeleton --at C2",
               "add bat --as giant-bat --at F2", "add ooze --as ooze --at C3", "start")


def cast(spell: str, target: str, rest: str = "") -> tuple[str, str]:
    """A spellcast in each version's words: the spell a word, or --with (docstring)."""
    return (f"spellcast alberich {spell} {target} {rest}".strip(),
            f"spellcast alberich {target} --with {spell} {rest}".strip())


@pytest.mark.parametrize("line", [
    cast("firebolt", "skeleton", "--arca 1 --roll 5 --resist 1"),    # D18: one critical
    cast("firebolt", "bat", "--roll 1 --resist 4"),                  # a miss, arca spent
    cast("frost-touch", "ooze", "--arca 1 --roll 8,4 --resist 1"),   # boon: two criticals
    cast("sap-will", "ooze", "--roll 8 --resist 1"),                 # untyped, no wounds
    ("spellcast alberich mend", "spellcast alberich mend"),           # self, no attack
])
def test_spells_break_down_into_the_same_lines(played, line, same):
    """D28: the baseline arca and the extra paid by the caster (no ambient arca), the
    spell attack `[spellcraft] + mind vs [its skill] + spirit`, critical hits (D18) and
    damage types (D20) as a strike's."""
    sessions = played(*SPELL_TABLE)
    results = {rs: s.execute(said(line, rs)) for rs, s in sessions.items()}
    data = breakdown(sessions[DATA], results[DATA])
    assert same(data)
    assert data[0][0].startswith("arca: baseline")
    assert same(numbers(sessions[DATA]))


@pytest.mark.parametrize("line", [
    cast("firebolt", "ooze", "--arca -1"),        # D28: counted from 0
    cast("frost-touch", "bat"),                   # D28: reach, 4 tiles away
    cast("firebolt", "bat", "--arca 6"),          # D27: 7 arca owed, 6 held
])
def test_spell_refusals_change_nothing(played, line):
    sessions = played(*SPELL_TABLE)
    for rs, s in sessions.items():
        before = s.state
        with pytest.raises(GmError, match=r"\(D2[78]\)"):
            s.execute(said(line, rs))
        assert s.state == before


def push(actor: str, target: str, tile: str, rest: str, grab: bool) -> str:
    """A push past a ledge; the defender grabs it when told (`--react ID=grab-ledge`)."""
    return f"push {actor} {target} {tile} {rest}" + (f" --react {target}=grab-ledge"
                                                      if grab else "")


@pytest.mark.parametrize("line, hanging", [
    (push("skeleton", "freya", "A2", "--ledge --roll 4 --dodge 1 --grab 3", True), True),
    (push("skeleton", "freya", "A2", "--ledge --roll 4 --dodge 1 --grab 2", True), False),
    (push("skeleton", "freya", "A2", "--ledge --roll 4 --dodge 1", False), False),
    (push("skeleton", "freya", "A2", "--roll 1 --dodge 8", False), False),       # fails
])
def test_a_creature_pushed_past_a_ledge_may_grab_it(played, line, hanging, same):
    """D25, D29: 4 + body 2 vs 1 + finesse 3: forced to A2, unless Freya grabs the ledge
    (1 AP off-turn): 1d4 + dexterity 3 vs 5 + 1 tiles holds on at 3 or more."""
    sessions = played("add skeleton --as skeleton --at C2", "add freya --as freya --at B2",
                    "start")
    results = {rs: s.execute(said(line, rs)) for rs, s in sessions.items()}
    data = breakdown(sessions[DATA], results[DATA])
    assert same(data)           # the Python ruleset's lines, and a forced move's cell
    assert same(numbers(sessions[DATA]))
    names = {e.name for e in sessions[DATA].state.actors["freya"].effects}
    assert same("hanging" in names)
    assert ("hanging" in names) == hanging
    reacted = [repr(e) for e in results[DATA].events if type(e).__name__ == "Reacted"]
    assert same(reacted)                                  # the grab told as a reaction (D8)


def test_grab_ledge_on_its_own_is_a_1_ap_reaction(played, same):
    """D29 for forced movement the GM runs: 1d4 + dexterity 3 vs 5 + 2 tiles."""
    sessions = played("add skeleton --as skeleton --at C2", "add freya --as freya --at B2",
                    "start", "grab-ledge freya --tiles 2 --grab 4")
    assert same(numbers(sessions[DATA]))
    assert numbers(sessions[DATA])["freya"][1] == 5
    for s in sessions.values():
        s.execute("pass skeleton")
        s.execute("move freya B3")
    assert same(numbers(sessions[DATA]))
    assert "hanging" not in {e.name for e in sessions[DATA].state.actors["freya"].effects}


def lying(s) -> tuple:
    """What lies on the map: (item, tile, beside), as both versions keep it (D16, D22)."""
    return encounter_data(s.state).lying


def test_a_thrown_weapon_lies_on_its_targets_tile_until_picked_up(played, same):
    """D16: the goblin's spear (toss 3) struck 3 tiles away is thrown: it leaves its hand
    and sheet and lies on Suori's tile; D22: Suori picks it up (1 AP), carries and holds
    it, and throws it back."""
    sessions = played("add suori --as suori --at E2", "add gob --as goblin --at B2", "start",
                    "pass suori")
    for line in ("strike gob suori --with spear --roll 1 --dodge 6",        # a miss
                 "pass gob",                                                 # round 2
                 "interact suori --pickup spear", "pass gob",
                 "strike suori gob --with spear --roll 6 --dodge 1 --pierce 6"):
        for s in sessions.values():
            s.execute(line)
        assert same(numbers(sessions[DATA])), line
        assert same(lying(sessions[DATA])), line
        if line.startswith("strike gob"):
            assert lying(sessions[DATA]) == (("spear", "E2", "suori"),)
            assert "spear" not in sessions[DATA].state.actors["gob"].sheet.weapons
        if line.startswith("interact"):
            assert lying(sessions[DATA]) == ()
            assert holding(sessions[DATA], "suori") == ("warhammer", "spear")
    assert lying(sessions[DATA]) == (("spear", "B2", "gob"),)
    assert replayed(sessions[DATA]).state == sessions[DATA].state


def test_what_lies_on_the_map_is_saved_and_told_under_it(played, tmp_path):
    from shaper_gm.persist import saves
    data = played("add suori --as suori --at E2", "add gob --as goblin --at B2", "start",
                "pass suori", "strike gob suori --with spear --roll 1 --dodge 6")[DATA]
    path = tmp_path / "thrown.yaml"
    data.execute(f"save {path}")
    assert saves.read_save(path).state == data.state
    assert data.ruleset_for(data.state).map_notes(data.state) == ["On the ground: Spear (E2)"]


@pytest.mark.parametrize("line", ["interact suori --pickup dagger",   # nothing lies there
                                  "interact suori --pickup spear"])   # 2 tiles away
def test_a_weapon_is_picked_up_only_within_reach(played, line):
    sessions = played("add suori --as suori --at E2", "add gob --as goblin --at B2", "start",
                    "pass suori", "strike gob suori --with spear --roll 1 --dodge 6",
                    "pass gob", "sprint suori G2", "pass gob")
    for s in sessions.values():
        before = s.state
        with pytest.raises(GmError, match=line.split()[-1]):
            s.execute(line)
        assert s.state == before


@pytest.mark.parametrize("line, passing", [
    ("interact gob --draw shortbow", ()),    # D22: spear 1 + shortbow 2 of 2 hands
    ("grapple suori skeleton", ("pass gob", "pass skeleton")),   # D24: warhammer and
])                                                               # dagger: both hands
def test_hands_are_counted_by_the_weapons_in_them(played, line, passing):
    sessions = played("add suori --as suori --at B2", "add freya --as freya --at A1",
                    "add gob --as goblin --at B3", "add skeleton --as skeleton --at C2",
                    "start", "interact suori --draw dagger", "pass freya", *passing)
    for s in sessions.values():
        before = s.state
        with pytest.raises(GmError, match=r"has no hands? free .*\(D2[24]\)"):
            s.execute(line)
        assert s.state == before


def test_a_creature_holding_nothing_strikes_with_its_fist(played, same):
    """D16: Alberich holds nothing (his maul carried): a fist, 0 wounds + body 3, pierce
    d4 + body 3; `--with fist` names it though no sheet lists it."""
    sessions = played("add alberich --as alberich --at B2", "add skeleton --as skeleton --at C2",
                    "start")
    for line in ("strike alberich skeleton --roll 4 --dodge 1 --pierce 4",
                 "strike skeleton alberich --roll 1 --dodge 1 --pierce 1",
                 "strike alberich skeleton --with fist --roll 1 --dodge 6"):
        results = {rs: s.execute(line) for rs, s in sessions.items()}
        assert same(breakdown(sessions[DATA], results[DATA])), line
        assert same(numbers(sessions[DATA])), line
    assert wounds(sessions[DATA], "skeleton") == 0 + 3 + 1      # vulnerability(1) (D20)


def ready(actor: str, action: str) -> tuple[str, str]:
    """`ready` in each version's words: the action a word, or --action (docstring)."""
    return f"ready {actor} {action}", f"ready {actor} --action {action}"


def test_a_readied_action_is_taken_off_turn_once_at_its_own_cost(played, same):
    """D9: Freya readies a strike (1 AP); on the skeleton's turn she strikes as a
    reaction (3 AP), once: a second strike, or a power strike, is refused off-turn."""
    sessions = played("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                    "start", ready("freya", "strike"),
                    "strike freya skeleton --roll 1 --dodge 6")
    assert same(numbers(sessions[DATA]))
    assert numbers(sessions[DATA])["freya"][1] == 6 - 1 - 3
    for line in ("strike freya skeleton --roll 6 --dodge 1 --pierce 8",
                 "power-strike freya skeleton --roll 1,1 --dodge 6"):
        for s in sessions.values():
            before = s.state
            with pytest.raises(GmError, match=r"^it is not Freya's turn \(D3\)"):
                s.execute(line)
            assert s.state == before


def test_a_rounds_end_clears_a_readied_action(played, same):
    sessions = played("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                    "start", ready("freya", "strike"), "pass skeleton", "pass freya")
    assert same(numbers(sessions[DATA]))
    assert sessions[DATA].state.round == 2 and sessions[DATA].state.turn == "freya"
    for s in sessions.values():
        s.execute("pass freya")
        with pytest.raises(GmError, match=r"^it is not Freya's turn \(D3\)"):
            s.execute("strike freya skeleton --roll 6 --dodge 1 --pierce 8")


def test_only_an_action_can_be_readied(played, same):
    sessions = played("add freya --as freya --at B2", "add skeleton --as skeleton --at C2",
                    "start")
    refused = {}
    for rs, s in sessions.items():
        with pytest.raises(GmError) as told:
            s.execute(said(ready("freya", "dance"), rs))
        refused[rs] = told.value.message
    assert same(refused[DATA])
    assert refused[DATA] == "'dance' is not an action a creature can ready (D9)"


@pytest.mark.parametrize("attacker, target", list(product(["suori", "freya", "goblin"],
                                                          ["skeleton", "ooze", "giant-bat"])))
def test_the_odds_of_a_power_strike_are_the_same_fractions(played, attacker, target, same):
    """D17: `odds --power` on both, and the data version's `odds --action power-strike`
    (its odds' `flag: power` names them as --action does)."""
    sessions = played(f"add a --as {attacker} --at B2", f"add t --as {target} --at C2")
    data = exact_odds(sessions[DATA], "odds a t --action power-strike")
    assert same(data) and data == exact_odds(sessions[DATA], "odds a t --power")
    assert data != exact_odds(sessions[DATA], "odds a t")


def test_odds_of_an_action_without_odds_are_refused(played):
    data = played("add a --as freya --at B2", "add t --as skeleton --at C2")[DATA]
    with pytest.raises(GmError, match=r"^no odds of 'move'"):
        data.execute("odds a t --action move")


def test_wounds_at_the_limit_put_a_creature_down_and_healing_brings_it_back(played, same):
    """D19: 8 wounds of 8 and the skeleton is down (the enemies' body total drops, D5);
    healing 3 brings it back with 5; the GM's damage meets D20 and D18 as a hit's."""
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "add gob --as goblin --at D2", "start")
    for line in ("damage skeleton 8 --direct", "heal skeleton 3",
                 "damage gob 2 --type p --criticals 1", "damage skeleton 1 --type b"):
        for s in sessions.values():
            s.execute(line)
        assert same(numbers(sessions[DATA])), line
    data = numbers(sessions[DATA])
    assert (data["skeleton"][0], data["gob"][0]) == (5 + 2, 4)


def said_line(s, result) -> str:
    """The line the shell prints for an action's outcome, its cost in brackets."""
    from shaper_gm.render.text import describe, fold_costs
    names = {a: x.name for a, x in s.state.actors.items()}
    return next(describe(e, names, cost) for e, cost in fold_costs(result.events)
                if resolved(e))


@pytest.mark.parametrize("line, expected", [
    ("strike suori skeleton --roll 4 --dodge 3 --pierce 3",
     "Suori strikes Skeleton with the Warhammer: 6 vs 4, hit; 4 wounds (B) (3 AP)"),
    ("strike suori skeleton --roll 6,4 --dodge 1 --pierce 3 --boon 1",
     "Suori strikes Skeleton with the Warhammer: 12 vs 2, hit, 2 critical hits; 12 wounds "
     "(B), Skeleton is down (3 AP)"),
    ("power-strike suori skeleton --roll 5,1 --dodge 1 --pierce 1",
     "Suori power-strikes Skeleton with the Warhammer: 8 vs 2, hit, 1 critical hit; pierce "
     "3 vs armor value 5: no wounds (4 AP)"),
    ("strike suori skeleton --roll 1 --dodge 6",
     "Suori strikes Skeleton with the Warhammer: 3 vs 7, miss (3 AP)"),
    ("grapple freya skeleton --roll 5 --dodge 2", "Freya grapples Skeleton: 7 vs 4, "
                                                  "grappling (2 AP)"),
    ("push freya skeleton D2 --roll 1 --dodge 6", "Freya pushes Skeleton: 3 vs 8, failure "
                                                  "(2 AP)"),
    ("push freya skeleton D2 --roll 6 --dodge 1", "Freya pushes Skeleton: 8 vs 3, forced "
                                                  "to D2 (2 AP)"),
])
def test_an_outcome_is_told_in_the_same_words(played, line, expected, same):
    """The line after the names is declared in the Python ruleset's words, the cost at
    the line's end after a strike's heading too (`paid_last`)."""
    sessions = played("add suori --as suori --at B2", "add freya --as freya --at C1",
                    "add skeleton --as skeleton --at C2", "start")
    data = said_line(sessions[DATA], sessions[DATA].execute(line))
    assert same(data)
    assert data == expected


def test_who_is_up_is_told_for_the_same_reasons(played, same):
    """D3-D5: every `Up:` line of the README's fight gives the same reason, ruling and all."""
    from shaper_gm.engine.events import UpNext
    sessions, reasons = played(), []
    for line in README:
        told = {rs: [e.why for e in s.execute(said(line, rs)).events if isinstance(e, UpNext)]
                for rs, s in sessions.items()}
        assert same(told[DATA]), line
        reasons += told[DATA]
    assert reasons[0] == ("tie at 6 AP between sides: party's body total 7 beats the "
                          "others (party 7, enemies 3) (D5); tied inside party: any of them "
                          "may act (D4)")


def test_a_creature_added_without_a_template_takes_its_weapons_and_spells(played, same):
    """D22, D28: README's ogre, its weapon carried and in hand; the wound limit is the data
    version's hit points, set by --stat wound_limit=14 (its name for them, D19)."""
    sessions = played("add ogre --side enemies --stat body=4 --stat wound_limit=14 "
                    "--weapon maul --holding maul --at C2",
                    "add freya --as freya --at B2",
                    "add mage --weapon dagger --spell firebolt --at A1", "start",
                    "strike ogre freya --roll 4 --dodge 1 --pierce 8")
    assert same(numbers(sessions[DATA]))
    assert numbers(sessions[DATA])["freya"][0] == 3 + 4          # maul 3 + body 4
    assert sessions[DATA].state.actors["mage"].sheet.spells == ("firebolt",)
    assert sessions[DATA].state.actors["ogre"].sheet.wound_limit == 14


def ambient(s) -> int:
    """The encounter's ambient arca (D28), as each version keeps it."""
    return encounter_data(s.state).ambient_arca


def test_spells_pay_their_baseline_from_the_ambient_arca_first(played, same):
    """D28: the GM sets 3 ambient arca; sap will's 2 come from it (Alberich keeps 6), then
    firebolt's 1 from what is left and its extra 1 from Alberich (6 → 5)."""
    sessions = played("add alberich --as alberich --at B2", "add freya --as freya --at A1",
                    "add skeleton --as skeleton --at C2", "start",
                    "ambient 3")
    seen = []
    for line in (cast("sap-will", "skeleton", "--roll 1 --resist 1"), "pass freya",
                 "pass skeleton", cast("firebolt", "skeleton", "--arca 1 --roll 1 "
                                                               "--resist 1")):
        for rs, s in sessions.items():
            s.execute(said(line, rs))
        assert same(numbers(sessions[DATA])), line
        assert same(ambient(sessions[DATA])), line
        seen.append((ambient(sessions[DATA]), numbers(sessions[DATA])["alberich"][3]))
    assert seen == [(1, 6), (1, 6), (1, 6), (0, 5)]
    for s in sessions.values():
        with pytest.raises(GmError, match=r"ambient: '-1' is not a whole number of arca \(D28\); "
                                          r"give 0 or more, e\.g\. ambient 3"):
            s.execute("ambient -1")
    assert ambient(sessions[DATA]) == 0
    assert replayed(sessions[DATA]).state == sessions[DATA].state


def told(sessions, *lines: str) -> dict[str, str]:
    """What the shell prints of `lines`, for each version."""
    import io

    from shaper_gm.render import Renderer, make_console
    texts = {}
    for rs, s in sessions.items():
        file = io.StringIO()
        renderer = Renderer(make_console(file=file, width=100, color_system=None),
                            ruleset_for=s.ruleset_for)
        for line in lines:
            renderer.show(s.execute(said(line, rs)), s.state)
        texts[rs] = file.getvalue()
    return texts


def test_a_sheet_change_an_action_makes_is_told_as_the_actions(played, same):
    """D16, D22: a draw, a stow and a thrown weapon change what is in hand on both
    versions, and neither tells it as the GM's `set`: what is in hand in the Python
    ruleset's words on both (a `says` on the `sheet` change), the weapons carried with
    why and the ruling (its `why`); the GM's own `set` still says so."""
    sessions = played("add suori --as suori --at B2", "add alberich --as alberich --at B3",
                    "add gob --as goblin --at E2", "start")
    texts = told(sessions, "interact alberich --draw maul", "interact suori --stow warhammer",
                 "strike gob suori --with spear --roll 1 --dodge 6")
    assert same(numbers(sessions[DATA]))
    for rs, text in texts.items():
        assert "set by the GM" not in text, rs
    for words in ("Alberich now holds Maul", "Suori now holds nothing",
                  "Goblin now holds nothing"):
        assert same(words in texts[DATA])
        assert words in texts[DATA]
    assert "Goblin: weapons spear, shortbow → shortbow (thrown, D16)" in texts[DATA]
    for text in told(sessions, "set gob stress=1").values():
        assert "Goblin: stress 0 → 1 (set by the GM)" in text


def test_a_spell_and_a_readied_action_are_words_on_both(played, same):
    """D9, D28: `spellcast alberich firebolt skeleton` and `ready freya strike` as the
    Python ruleset reads them (the data version's `word:`), a spell by a unique prefix
    too; the same numbers after every line, and the flags still read as before."""
    sessions = played("add alberich --as alberich --at B2", "add freya --as freya --at A1",
                    "add skeleton --as skeleton --at C2", "start")
    for line in ("spellcast alberich firebolt skeleton --arca 1 --roll 5 --resist 1",
                 "ready freya strike", "pass skeleton", "pass freya",
                 "spellcast alberich fros skeleton --roll 1 --resist 6"):
        for s in sessions.values():
            s.execute(line)
        assert same(numbers(sessions[DATA])), line
    data = numbers(sessions[DATA])
    assert data["alberich"][3] == 6 - 2 - 1                 # firebolt 1 + 1, frost touch 1
    assert "ready-strike" in {e.name for e in sessions[DATA].state.actors["freya"].effects}
    assert replayed(sessions[DATA]).state == sessions[DATA].state
    flagged = played("add alberich --as alberich --at B2", "add freya --as freya --at A1",
                   "add skeleton --as skeleton --at C2", "start",
                   ("spellcast alberich firebolt skeleton --arca 1 --roll 5 --resist 1",
                    "spellcast alberich skeleton --with firebolt --arca 1 --roll 5 "
                    "--resist 1"), ready("freya", "strike"))
    assert same(numbers(flagged[DATA]))
    before = numbers(sessions[DATA])
    for s in sessions.values():                      # a word that is no spell of its
        with pytest.raises(GmError, match=r"no spell 'unmade'.*\(D28\)"):
            s.execute("spellcast alberich unmade skeleton")
    assert same(numbers(sessions[DATA]))
    assert numbers(sessions[DATA]) == before


def test_the_gm_sets_wounds_on_both(played, same):
    """D19: `set ACTOR wounds=N` (the data version's `harm_tally`): told as wounds, down
    at the limit and up again below it, who is up worked out again; past the limit and
    not a number refused on both, changing nothing."""
    sessions = played(*DEMO)
    texts = told(sessions, "set skeleton wounds=5", "set skeleton wounds=8",
                 "set skeleton wounds=2")
    assert same(numbers(sessions[DATA]))
    assert wounds(sessions[DATA], "skeleton") == 2
    for text in texts.values():
        for words in ("Skeleton: wounds 0 → 5 (set by the GM)",
                      "Skeleton: wounds 5 → 8 (set by the GM)", "Skeleton is down (D19)",
                      "Skeleton: wounds 8 → 2 (set by the GM)"):
            assert words in text
    for line, refusal in (("set skeleton wounds=9", r"wounds must be 0 to 8 for Skeleton"),
                          ("set skeleton wounds=x", r"wounds must be a whole number")):
        for s in sessions.values():
            with pytest.raises(GmError, match=refusal):
                s.execute(line)
    assert same(numbers(sessions[DATA]))
    assert replayed(sessions[DATA]).state == sessions[DATA].state


def test_wounds_past_the_limit_are_kept_and_told_as_wounds(played, same):
    """D19: 12 wounds on a limit of 8 stay 12 (the skeleton is down); healing 3 leaves 9,
    still down, healing 1 more 8, and 1 more brings it back with 7. Every change is told
    in wounds on both, and the table and sheet read `4/8`."""
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "start")
    texts = told(sessions, "strike suori skeleton --roll 6,4 --dodge 1 --pierce 3 --boon 1",
                 "heal skeleton 3")
    assert same(numbers(sessions[DATA]))
    assert wounds(sessions[DATA], "skeleton") == 9 and sessions[DATA].state.actors[
        "skeleton"].down
    for text in texts.values():
        for words in ("Skeleton takes 12 wounds (0 → 12 of 8, strike by Suori, D19)",
                      "Skeleton heals 3 wounds (12 → 9 of 8, the GM, D19)"):
            assert words in text
    for line in ("heal skeleton 1", "heal skeleton 1", "damage skeleton 3 --type p",
                 "set skeleton wounds=4"):
        texts = told(sessions, line)
        assert same(numbers(sessions[DATA])), line
        first = {rs: next(x for x in text.splitlines() if x.startswith("Skeleton"))
                 for rs, text in texts.items()}      # data: the GM's damage line first
        assert same(first[DATA]), line
    assert wounds(sessions[DATA], "skeleton") == 4
    for text in told(sessions, "show skeleton", "order").values():
        assert "4/8 (down at the limit, D19)" in text and " 4/8 " in text
    assert replayed(sessions[DATA]).state == sessions[DATA].state


TROLL = ("add troll --as skeleton --prof striking=expert --prof grappling=master "
         "--vulnerable H=2 --resist physical=1 --resist bludgeoning=2 --immune t "
         "--immune heat --speed fly=3 --at C2")


def test_add_takes_proficiencies_damage_types_and_speeds_as_the_python_ruleset(played, same):
    """D12, D20, D21: `add`'s --prof, --vulnerable, --resist, --immune and --speed (the
    data version's `add_entries`): the same strikes, odds, typed damage and flight."""
    sessions = played("add freya --as freya --at B2", TROLL, "start")
    data = exact_odds(sessions[DATA], "odds troll freya")
    assert same(data)                  # striking expert: d8
    data = exact_odds(sessions[DATA], "odds freya troll")
    assert same(data)                  # longsword S: resist physical 1
    for line in ("damage troll 1 --type h", "damage troll 3 --type c",
                 "damage troll 2 --type b", "pass freya", "move troll F2 --speed fly"):
        for s in sessions.values():
            s.execute(line)
        assert same(numbers(sessions[DATA])), line
    # heat immune; cold 3 (energy: no resistance); bludgeoning 2 + 1 - (1 + 2) = 0
    assert wounds(sessions[DATA], "troll") == 0 + 3 + 0
    assert numbers(sessions[DATA])["troll"][7] == "F2"         # fly 3
    assert replayed(sessions[DATA]).state == sessions[DATA].state


@pytest.mark.parametrize("line, refusal", [
    ("add troll --prof striking=godlike", "--prof striking=godlike: not a proficiency rank "
                                          "(D12)"),
    ("add troll --vulnerable sonic=1", "--vulnerable sonic: not a damage type or category "
                                       "(D20)"),
    ("add troll --immune sonic", "--immune sonic: not a damage type or category (D20)"),
    ("add troll --prof striking", "--prof 'striking' is not NAME=VALUE"),
    ("add troll --resist p=-1", "--resist p=-1: expected N of 0 or more (D20)"),
    ("add troll --speed fly=x", "--speed fly needs a whole number, got 'x'"),
])
def test_adds_flags_are_refused_in_the_same_words(played, line, refusal):
    sessions = played("add freya --as freya --at B2")
    for s in sessions.values():
        before = s.state
        with pytest.raises(GmError) as told_:
            s.execute(line)
        assert told_.value.message == refusal
        assert s.state == before


def test_each_round_starts_with_the_same_words(played, same):
    """D1, D6: as each round starts both say every creature's AP is back (the data
    version's `terms.round_start`), after the round's refill."""
    from shaper_gm.render.text import describe_events
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2")
    for line in ("start", "pass suori", "pass skeleton"):
        told = {rs: [text for text in describe_events(
                    s.execute(line).events, {a: x.name for a, x in s.state.actors.items()})
                    if "AP (D1, D6)" in text] for rs, s in sessions.items()}
        assert same(told[DATA]), line
    assert told[DATA] == ["Every creature has 6 AP (D1, D6)"]


def test_the_odds_read_as_the_python_rulesets(played, same):
    """D19: the target headed by its wounds of the limit, each chance and spread with its
    note (the odds' labels and limit); the critical hits of a strike cite D18, the
    critical hits' ruling, where the Python ruleset cites D17 (power strike's)."""
    from tests.rulesets.dungeoneers.test_command_render import shown
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "start", "strike suori skeleton --roll 4 --dodge 3 --pierce 3")
    told = {rs: shown(s, "odds suori skeleton").splitlines() for rs, s in sessions.items()}
    crits = "critical hits mean 0.08  (critical hits, 0 with the misses, D1"
    alike = {rs: [t.replace(f"{crits}8)", f"{crits}7)") for t in lines]
             for rs, lines in told.items()}
    assert same(alike[DATA])
    assert told[DATA][1:4] == ["▸ Skeleton (wounds 4 of 8)",
                               "  hit       13/18 = 72.2%  (D11, D16)",
                               "  pierce    13/27 = 48.1%  (hit and pierced, D16)"]
    assert f"  {crits}8)" in told[DATA]
    assert "  down      13/27 = 48.1%  (wounds 4 of 8 reach the limit, D19)" in told[DATA]


@pytest.mark.parametrize("verb", ["move", "sprint"])
def test_speed_completes_from_the_sheets_travel_speeds(played, verb, same):
    """D21: `--speed` offers the creature's travel speeds in its sheet's order, each
    with how far a move goes (the data version's `completes: speeds`)."""
    from shaper_gm.shell.completion import complete
    sessions = played("add suori --as suori --at B2", "add bat --as giant-bat --at E5",
                    "init bat suori", "start")
    offered = {rs: [(c.text, c.meta) for c in complete(f"{verb} bat C5 --speed ", s)]
               for rs, s in sessions.items()}
    assert same(offered[DATA])
    assert offered[DATA] == [("ground", "1 tile per move"), ("fly", "2 tiles per move")]


@pytest.mark.parametrize("line", [
    "strike suori skeleton --roll 4 --dodge 3 --pierce 3",          # hit, 4 wounds (B)
    "strike suori skeleton --roll 4 --dodge 3 --pierce 1",          # not pierced (D16)
    "strike suori skeleton --roll 1 --dodge 6",                     # a miss
])
def test_the_recap_tells_a_strike_in_the_same_words(played, line, same):
    """The recap's line of a strike: its outcome, then what it cost (`paid_last`)."""
    from shaper_gm.render.recap import recap_markdown
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "start", line)
    told = {rs: [text for text in recap_markdown(s.history, s.state).splitlines()
                 if "strikes" in text] for rs, s in sessions.items()}
    assert same(told[DATA])
    assert told[DATA][0].endswith(" (3 AP)")


def test_the_player_view_gives_a_party_member_the_same_numbers(played, same):
    """D19: the wounds column says the harm, so the player view shows no HP beside it
    (the data version's order table has no HP column, `hp_column: false`)."""
    from shaper_gm.view.public import public_state
    from shaper_gm.view.words import view_words
    sessions = played("add suori --as suori --at B2", "add skeleton --as skeleton --at C2",
                    "start", "strike suori skeleton --roll 4 --dodge 3 --pierce 3")
    shown = {}
    for rs, s in sessions.items():
        ruleset = s.ruleset_for(s.state)
        shown[rs] = [a["numbers"] for a in public_state(s.state, ruleset,
                                                        view_words(ruleset))["actors"]
                     if a["party"]]
    assert same(shown[DATA])
    assert [name for name, _ in shown[DATA][0]] == ["AP", "Wounds", "Stress", "Arca",
                                                    "Holding"]


def test_completion_says_tiles_and_targets_in_the_same_words(played, same):
    """D21: a tile offered for a move says what reaching it costs (the data version's
    `offer:`); a target its distance, one tile in the singular, and no HP beside it
    (its wounds say its harm, D19)."""
    from shaper_gm.shell.completion import complete
    sessions = played("add freya --as freya --at B3", "add skeleton --as skeleton --at C3",
                    "add gob --as goblin --at F5", "start")
    offered = {rs: {line: [(c.text, c.meta) for c in complete(line, s)]
                    for line in ("move freya ", "strike freya ")}
               for rs, s in sessions.items()}
    assert same(offered[DATA])
    tiles = dict(offered[DATA]["move freya "])
    assert tiles["B2"] == "1 tile · move, 1 AP"
    assert tiles["D3"].endswith("sprint, 1 AP and 1 stress")
    assert not any("HP" in meta for _, meta in offered[DATA]["strike freya "])


def test_the_basic_attack_is_the_strike_on_both(played, same):
    """D16: what conformance, completion and simulated fights strike with: the Python
    ruleset's attack verb, the data version's first action declaring odds."""
    sessions = played()
    verbs = {rs: s.ruleset_for(s.state).attack_verb for rs, s in sessions.items()}
    assert same(verbs[DATA]) and verbs[DATA] == "strike"
