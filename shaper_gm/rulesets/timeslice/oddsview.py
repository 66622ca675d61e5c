"""What `odds` hands the render layer: the exact odds of one attack and what they assume
(T9-T12), as plain values (views.py draws it)."""

from __future__ import annotations

from fractions import Fraction

from shaper_gm.records import record
from shaper_gm.rulesets.timeslice.plan import prepare


@record
class AttackOddsView:
    attacker: str
    target: str
    weapon: str
    called: str | None
    defense: str                                  # the kind the odds assume (T10)
    hit: Fraction                                 # T9: strictly higher
    taken: tuple[tuple[int, Fraction], ...]       # HP lost after DR, a miss counting 0,
    #                                               at most the target's HP (T13)
    notes: tuple[str, ...] = ()                   # the numbers it assumed, with rulings
    down: Fraction = Fraction(0)                  # the chance it drops to 0 HP (T13)
    hp: int | None = None                         # the target's HP the odds start from

    @property
    def mean_taken(self) -> Fraction:
        return sum((value * p for value, p in self.taken), Fraction(0))

    @classmethod
    def of(cls, state, rs, request, found) -> AttackOddsView:
        prepared = prepare(state, rs, request)
        swing = prepared.swing
        target = state.actors[request.target].name
        attack = ", ".join(f"{label} {amount:+d} ({rule})"
                           for label, amount, rule in swing.attack_parts)
        option = swing.option(found.defense)
        if option is None:
            defense = f"{target} makes no defense roll: total {swing.no_defense_total} (T10)"
        else:
            why = "as declared" if request.defense else "its best expected total"
            parts = ", ".join(f"{label} {amount:+d}" for label, amount, _ in option.parts)
            defense = f"{target} rolls {found.defense} ({why}, T10): {parts}"
        damage = " + ".join(f"{label} {amount}" for label, amount, _ in swing.damage_parts)
        notes = (f"attack 2d10 read 0-9 (T1, T2): {attack}", defense,
                 f"damage {damage}, less DR {swing.dr} (T12)")
        return cls(request.attacker, request.target, prepared.weapon.id, request.called,
                   found.defense, found.hit, found.taken, notes, found.down, found.hp)
