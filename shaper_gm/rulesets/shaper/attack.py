"""An attack's data: the plan that goes in (bonuses, modifiers, skill effects, each
with its reason), what a target comes out with (every number and the rule behind it),
and the two judgements every attack makes (S5 hit, S6 critical). `pipeline.py`
resolves an attack as steps over these; its `Swing` is the outcome, `Struck` one target's
share of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shaper_gm.dice import Roll
from shaper_gm.engine.steps import Note
from shaper_gm.records import record
from shaper_gm.rulesets.shaper.damage import DamageResult
from shaper_gm.rulesets.shaper.modifiers import Modifiers
from shaper_gm.rulesets.shaper.parts import Mod, Part, as_mods, as_parts, total

if TYPE_CHECKING:
    from shaper_gm.rulesets.shaper.content.models import RulesetNumbers, Weapon

# The roll slots, the log's flags (commands.md): --roll, --evade and --defense (each per
# target), --damage.
ROLL, EVADE, DAMAGE, DEFENSE = "roll", "evade", "damage", "defense"


@record
class Overruled:
    """An automatic modifier that would have applied and does not, and who lifted it: a
    skill (Thread the Needle lifts S15's firing-into-melee Disadvantage) or the GM
    (`--ignore`). Breakdowns and the recap show it."""

    mod: Mod
    by: str                                  # "the GM", or a skill's name

    @property
    def text(self) -> str:
        verb = "ignored by" if self.by == GM else "removed by"
        return f"{self.mod.name.capitalize()}: {self.mod.reason} — {verb} {self.by}" + (
            f" ({self.mod.rule})" if self.mod.rule else "")


GM = "the GM"


@record
class AttackPlan:
    attacker: str
    weapon: Weapon
    attack_bonus: tuple[Part, ...] = ()     # e.g. Part(1, "Vigor", "S28")
    modifiers: tuple[Mod, ...] = ()         # e.g. Mod("disadvantage", "beyond max range", "S13")
    skills: tuple[str, ...] = ()            # skill ids applied (for the breakdown)
    extra_attack_dice: int = 0              # S1: extra basic dice from skills/effects
    damage_bonus: tuple[Part, ...] = ()     # Vigor, Charm, Overswing, ...
    damage_dice: tuple[str, ...] = ()       # skill damage dice expressions
    pierce_bonus: tuple[Part, ...] = ()     # besides the weapon's own Pierce
    pierce_dice: tuple[str, ...] = ()       # e.g. Piercing Strike's 1d6 per Finesse
    magic: bool | None = None               # None: the weapon's (spells are magic, S25)
    damage_dice_from: tuple[str, ...] = ()  # the skill that adds each damage_dice entry
    pierce_dice_from: tuple[str, ...] = ()  # ... each pierce_dice entry (for dice prompts)
    overruled: tuple[Overruled, ...] = ()   # automatic modifiers a skill or the GM lifted

    def __post_init__(self) -> None:
        object.__setattr__(self, "attack_bonus", as_parts(self.attack_bonus))
        object.__setattr__(self, "modifiers", as_mods(self.modifiers))
        object.__setattr__(self, "damage_bonus", as_parts(self.damage_bonus))
        object.__setattr__(self, "pierce_bonus", as_parts(self.pierce_bonus))

    @property
    def is_magic(self) -> bool:
        if self.magic is not None:
            return self.magic
        return self.weapon.magic or self.weapon.kind == "spell"

    @property
    def pierce_parts(self) -> tuple[Part, ...]:
        """The weapon's Pierce and the skills' (S7); Pierce dice come with the damage roll."""
        if self.weapon.pierce:
            return (Part(self.weapon.pierce, f"{self.weapon.name} Pierce", "S7"),
                    *self.pierce_bonus)
        return self.pierce_bonus


@record
class TargetPlan:
    id: str
    hp: int
    evasion_bonus: tuple[Part, ...] = ()    # Finesse, raised shield, effects
    evasion_modifiers: tuple[Mod, ...] = ()  # e.g. Mod("disadvantage", "Outnumbered", "S16")
    defense: str | None = None               # armor Defense dice, None = no armor (S7)
    defense_bonus: tuple[Part, ...] = ()
    absorb: int = 0                          # e.g. Energy Shield (S7)
    magic: bool | None = None                # override the attack's magic for this target
    targeted: tuple = ()                     # reaction skills it may answer with (S23)
    on_hit: tuple = ()                       # ... once hit (Hardy)
    overruled: tuple[Overruled, ...] = ()    # its automatic modifiers the GM lifted

    def __post_init__(self) -> None:
        object.__setattr__(self, "evasion_bonus", as_parts(self.evasion_bonus))
        object.__setattr__(self, "evasion_modifiers", as_mods(self.evasion_modifiers))
        object.__setattr__(self, "defense_bonus", as_parts(self.defense_bonus))


def mods_of(mods: Sequence[Mod]) -> Modifiers:
    """The roll modifiers a breakdown lists, counted (S3)."""
    return Modifiers.of(m.name for m in mods)


@record
class DamageRoll:
    """The one damage roll of an attack, shared by all targets (S6, S7).

    Dice in `roll` are in the order weapon, critical, skill damage, pierce dice; the
    totals of each group are kept apart because the critical dice count only for
    critical targets and pierce dice are Pierce, not damage.
    """

    roll: Roll | None                 # None when the attack rolls no dice at all
    weapon_expr: str
    weapon: int                       # weapon dice + weapon constant
    critical_expr: str | None
    critical: int                     # 0 when no target was critical
    skill: int
    pierce: int
    bonus: tuple[Part, ...]
    entered: int | None = None        # the damage called out at the table, bonuses in it

    @property
    def base(self) -> int:
        """Damage for a non-critical target."""
        if self.entered is not None:
            return self.entered
        return self.weapon + self.skill + total(self.bonus)

    def for_target(self, critical: bool) -> int:
        return self.base + (self.critical if critical else 0)


def _share(field: str, part: str | int | None = None, doc: str = "") -> Any:
    """A target's share of the Swing's per-target `field` (of which `part`, if given:
    an attribute or a position)."""
    def read(self: Struck) -> Any:
        value = getattr(self.swing, field)[self.index]
        if part is None:
            return value
        return getattr(value, part) if isinstance(part, str) else value[part]
    return property(read, doc=doc)


@record
class Struck:
    """One target of a played attack, read from the attack's own record (`Swing`, its
    `index`-th target): every number and the rule behind it."""

    swing: Any
    index: int

    plan = _share("aimed")
    id = _share("aimed", "id")
    evasion_modifiers = _share("aimed", "evasion_modifiers")
    overruled = _share("aimed", "overruled", "its Evasion modifiers the GM lifted (S16)")
    evasion = _share("evasions")
    hit = _share("hits")
    critical = _share("crits")
    hit_reason = _share("reasons", 0)
    margin = _share("reasons", 1, "attack total - evasion total")
    critical_reason = _share("reasons", 2)

    @property
    def answers(self) -> tuple:
        """The reaction skills it answered the attack with (S23)."""
        return answered(self.swing.answers, self.index)

    @property
    def reactions(self) -> tuple[str, ...]:
        return tuple(a.skill for a in self.answers)

    @property
    def evasion_bonus(self) -> tuple[Part, ...]:
        return (*self.plan.evasion_bonus,
                *(Part(a.evasion, a.name, "S23") for a in self.answers if a.evasion))

    @property
    def result(self) -> DamageResult | None:
        """None on a miss."""
        return self.swing.results[self.index] if self.swing.results else None

    @property
    def damage(self) -> int | None:
        """Damage dealt before Defense (with the critical dice)."""
        return None if self.result is None else self.result.damage

    @property
    def pierce(self) -> int:
        return 0 if self.result is None else self.result.pierce

    @property
    def defense(self) -> Roll | None:
        return None if self.result is None else self.swing.defenses[self.index]

    @property
    def defense_bonus(self) -> tuple[Part, ...]:
        return () if self.result is None else self.plan.defense_bonus

    @property
    def steps(self) -> tuple[Note, ...]:
        out = [Note("evasion", self.evasion.total, "S5"),
               Note(f"{'hit' if self.hit else 'miss'}: {self.hit_reason}", self.margin, "S5")]
        if self.hit:
            out.append(Note(f"critical: {self.critical_reason}", int(self.critical), "S6"))
        if self.result is not None:
            out.extend(self.result.steps)
        return tuple(out)


def answered(answers: tuple, index: int) -> tuple:
    """The reaction skills target `index` answered with, of each target's answers so far
    (before and once hit, None where it did not answer) (S23)."""
    return tuple(a for a in (answers[index] if answers else ()) if a is not None)


def decide_hit(attack: Roll, evasion: Roll) -> tuple[bool, str]:
    """S5, judged in this order: automatic attack results, automatic evasion results,
    then totals (ties go to the attacker)."""
    if attack.automatic == "success":
        return True, "automatic success (S2, S5)"
    if attack.automatic == "failure":
        return False, "automatic failure (S2, S5)"
    if evasion.automatic == "success":
        return False, "evasion automatic success (S2, S5)"
    if evasion.automatic == "failure":
        return True, "evasion automatic failure (S2, S5)"
    if attack.total >= evasion.total:
        return True, f"{attack.total} ≥ {evasion.total} (S5)"
    return False, f"{attack.total} < {evasion.total} (S5)"


def decide_critical(numbers: RulesetNumbers, hit: bool, margin: int) -> tuple[bool, str]:
    """S6: a hit whose margin reaches the critical threshold (also for automatic successes)."""
    threshold = numbers.critical_threshold
    if not hit:
        return False, "missed"
    if margin >= threshold:
        return True, f"margin {margin} ≥ {threshold} (S6)"
    return False, f"margin {margin} < {threshold} (S6)"
