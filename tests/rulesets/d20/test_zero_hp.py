"""G24 at 0 HP: a hit on a dying creature is a failed death save, two from a critical;
three failures, or damage at least its HP maximum, kill it; a stable creature hit is
dying again."""

from __future__ import annotations

from tests.rulesets.d20.conftest import demo

APART = ("place fang A12", "place gob-2 C12", "place grum E12", "place brak A1",
         "place sera E1", "place nim F6", "place gob-1 G6")


def effects(fight, actor_id):
    return sorted(e.name for e in fight.state.actors[actor_id].effects)


def failures(fight, actor_id):
    return fight.state.actors[actor_id].resource("death_failures")


def next_attack(fight):
    fight.state = fight.state.with_actor(fight.state.actors["gob-1"].with_resource("action", 1))


def test_a_hit_on_the_dying_fails_a_death_save_and_a_critical_two():
    fight = demo(*APART, "damage nim 24", turn="gob-1")
    assert effects(fight, "nim") == ["dying", "unconscious"]
    # scimitar +4 at advantage (unconscious, G28): 12 + 4 against AC 14 hits; a hit from
    # within 5 ft on the unconscious is a critical: 1 + 1 + 2 = 4, two failures
    fight.execute("attack nim --attack 12,12 --damage 1,1")
    assert (fight.state.actors["nim"].hp, failures(fight, "nim")) == (0, 2)
    next_attack(fight)
    fight.execute("attack nim --attack 12,12 --damage 1,1")              # the third: dead
    assert effects(fight, "nim") == ["dead", "unconscious"]
    assert failures(fight, "nim") == 0


def test_a_plain_hit_from_afar_is_one_failure_and_the_stable_are_dying_again():
    fight = demo(*APART, "damage nim 24", "place gob-1 J6", turn="gob-1")
    for face in (10, 15, 19):
        fight.execute(f"death-save nim --death {face}")
    assert effects(fight, "nim") == ["stable", "unconscious"]
    # shortbow +4 from 15 ft: the unconscious are attacked at advantage, the prone from
    # afar at disadvantage (G28); here not prone: 12 and 15 keep 15, a hit
    fight.execute("attack nim --with shortbow --attack 12,15 --damage 1")
    assert (effects(fight, "nim"), failures(fight, "nim")) == (["dying", "unconscious"], 1)


def test_damage_at_least_the_hp_maximum_kills_at_once():
    fight = demo(*APART, "damage nim 24", "place grum G7", turn="grum")
    # greataxe at advantage: 12 + 5 hits; a critical (within 5 ft) 2d12 + 3 = 12 + 12 + 3 = 27 >= 24
    fight.execute("attack nim --attack 12,12 --damage 12,12")
    assert effects(fight, "nim") == ["dead", "unconscious"]
