"""The GM's per-action overrides in a Shaper attack: a damage bonus (`--damage-bonus N`),
the targets a multi-target skill takes (Overswing), and every automatic modifier
overruled (`--ignore`, Thread the Needle) shown in the breakdown and the recap."""

from __future__ import annotations

from overrides.conftest import recap, refuse, replayed, screen, session_of
from overrides.conftest import swing as outcome

# Monica acts first, engaged with the raider and the reaver in B3; Josh shoots from B4.
MELEE = ("new --seed 5", "add josh --as josh --side party --at B4",
         "add monica --as monica --side party --at B3",
         "add raider --as raider --side enemies --at B3",
         "add reaver --as reaver --side enemies --at B3",
         "add crossbowman --as crossbowman --side enemies --at B3",
         "init monica josh raider reaver crossbowman", "start",
         "engage monica raider", "engage monica reaver", "draw monica longsword")


# --- --damage-bonus N ---------------------------------------------------------------------

def test_damage_bonus_adds_to_the_damage_and_is_shown(demo):
    """Longbow 1d6+3 rolls 3: 6, +2 from the GM = 8 against Defense 9 less Pierce 2: 1."""
    s = demo("shaper", "draw josh longbow")
    text = screen(s, "attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6 "
                     "--damage-bonus 2")
    target = outcome(s.history[-1]).targets[0]
    assert target.damage == 8 and target.result.taken == 1
    assert s.state.actors["raider"].hp == 17
    assert "+2 GM damage bonus" in text and "= 8" in text
    assert s.log[-1].endswith("--damage-bonus 2")
    assert "[GM damage bonus +2]" in recap(s)
    assert replayed(s).state == s.state


def test_damage_bonus_can_be_a_penalty_and_counts_in_odds(demo):
    s = demo("shaper", "draw josh longbow")
    s.execute("attack raider --roll 4,5,5 --evade 2,3,3 --damage 6 --defense 4 "
              "--damage-bonus -3")
    assert outcome(s.history[-1]).targets[0].damage == 6
    plain = s.execute("odds raider").view
    lowered = s.execute("odds raider --damage-bonus -15").view
    assert plain.only.harm_dist.mean() > 0 and lowered.only.harm_dist.mean() == 0


def test_damage_bonus_is_refused_on_a_utility_spell(demo):
    s = demo("shaper", "end", "end", "end")
    refuse(s, "cast taylor charm monica --damage-bonus 2",
           "--damage-bonus belongs to an attack")


# --- the targets of a multi-target skill ----------------------------------------------------

def test_overswing_takes_every_engaged_enemy_by_default():
    s = session_of(*MELEE)
    s.execute("attack monica raider --skill overswing --sp --roll =15 --evade =9 --evade =8 "
              "--damage 2 --defense 4 --defense 1")
    assert [t.id for t in outcome(s.history[-1]).targets] == ["raider", "reaver"]


def test_overswing_takes_only_the_targets_the_gm_names():
    """The crossbowman stands in the zone but is not engaged: never taken. Naming two
    takes those two; `--only` with one takes that one (and the +1 damage still counts)."""
    s = session_of(*MELEE)
    s.execute("attack monica reaver,raider --skill overswing --sp --roll =15 --evade =8 "
              "--evade =9 --damage 2 --defense 1 --defense 4")
    o = outcome(s.history[-1])
    assert [t.id for t in o.targets] == ["reaver", "raider"]
    assert s.log[-1].startswith("attack monica reaver,raider --skill overswing")
    assert replayed(s).state == s.state
    s = session_of(*MELEE)
    s.execute("attack monica reaver --skill overswing --sp --only --roll =15 --evade =8 "
              "--damage 2 --defense 1")
    o = outcome(s.history[-1])
    assert [t.id for t in o.targets] == ["reaver"]
    assert o.targets[0].damage == 7                       # 2 + 3, +1 Vigor, +1 Overswing
    assert "--only" in s.log[-1]


def test_overswing_refuses_a_target_it_cannot_take():
    s = session_of(*MELEE)
    refuse(s, "attack monica raider,josh --skill overswing --sp",
           "Josh is not an enemy engaged with Monica: Overswing takes only those",
           "Raider, Reaver")
    refuse(s, "attack monica raider,crossbowman --skill overswing --sp",
           "Crossbowman is not an enemy engaged with Monica")
    refuse(s, "attack monica raider --only", "--only: no skill in this attack adds targets")


# --- overruled automatic modifiers ----------------------------------------------------------

def _josh_turn():
    return session_of(*MELEE, "end", "draw josh longbow")


def test_ignored_modifier_is_shown_as_overruled_by_the_gm():
    """Josh shoots into Monica's engagement: Disadvantage (S15), which the GM ignores."""
    s = _josh_turn()
    text = screen(s, "attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6 "
                     "--ignore firing-into-melee")
    o = outcome(s.history[-1])
    assert o.plan.modifiers == () and o.attack.total == 15
    # the one modifier overruled, in its words (the Python plan's overruled list)
    assert text.count("ignored by the GM") == 1
    assert "Disadvantage: firing into melee — ignored by the GM (S15)" in text
    assert "[Disadvantage: firing into melee — ignored by the GM (S15)]" in recap(s)


def test_thread_the_needle_removal_is_shown():
    s = _josh_turn()
    text = screen(s, "attack raider --skill thread-the-needle --sp --roll 4,5,5 "
                     "--evade 2,3,3 --damage 3 --defense 6")
    o = outcome(s.history[-1])
    assert o.plan.modifiers == () and o.attack.total == 15
    assert "Disadvantage: firing into melee — removed by Thread the Needle (S15)" in text
    assert "removed by Thread the Needle (S15)]" in recap(s)


def test_without_override_the_modifier_applies():
    s = _josh_turn()
    text = screen(s, "attack raider --roll 4,5,5 --evade 2,3,3 --damage 3 --defense 6")
    o = outcome(s.history[-1])
    assert o.attack.total == 11 and len(o.plan.modifiers) == 1   # 5 → 1 (Disadvantage, S3)
    assert "ignored by the GM" not in text and "removed by" not in text   # none overruled


def test_ignored_outnumbered_is_shown_on_the_target():
    """Monica is engaged with two enemies: Outnumbered, Disadvantage on Evasion (S16)."""
    s = session_of(*MELEE, "end", "end")
    text = screen(s, "attack raider monica --roll 4,4,4 --evade 5,5,5 --ignore outnumbered")
    target = outcome(s.history[-1]).targets[0]
    assert target.evasion_modifiers == () and target.evasion.total == 15       # not 5 → 1
    assert "Outnumbered on Evasion: Disadvantage" not in text
    assert "Disadvantage on Evasion: Outnumbered — ignored by the GM (S16)" in text
    assert "Monica's Disadvantage on Evasion: Outnumbered — ignored by the GM (S16)" in recap(s)


def test_odds_list_the_overruled_modifiers():
    s = _josh_turn()
    view = s.execute("odds raider --ignore firing-into-melee").view
    assert "Disadvantage: firing into melee — ignored by the GM (S15)" in view.assumed
