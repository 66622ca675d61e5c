"""What the pipeline would pay, asked before a line is tried: `resources.payable` leaves
what `resources.pay` leaves and refuses what it refuses, and `play.affordable` answers
for an action of a fixed cost on its actor's turn only."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shaper_gm.app import new_session
from shaper_gm.commands.session import Session
from shaper_gm.engine import play, resources
from shaper_gm.engine.errors import RuleViolation
from shaper_gm.engine.request import Request
from shaper_gm.engine.resources import ResourceSpec

NAMES = ("action", "move", "reaction")
SPECS = (ResourceSpec("action", max=2), ResourceSpec("move", max=3, paid_by=("action",)),
         ResourceSpec("reaction", max=1, off_turn=True))


@given(values=st.fixed_dictionaries({n: st.integers(0, 3) for n in NAMES}),
       cost=st.dictionaries(st.sampled_from(NAMES), st.integers(0, 4)),
       on_turn=st.booleans())
def test_payable_is_pay_without_its_words(values, cost, on_turn):
    try:
        left, _ = resources.pay(SPECS, values, cost, action="x", who="X", on_turn=on_turn)
    except RuleViolation:
        left = None
    assert resources.payable(SPECS, values, cost, on_turn=on_turn) == left


def fight(ruleset: str, first: str, second: str, zones=("B2", "C2")) -> Session:
    """`first` (its template's name) against `second`, `first` up in round 1."""
    session = new_session(ruleset=ruleset, seed=3)
    for line in (f"add {first} --as {first} --side party --at {zones[0]}",
                 f"add {second} --as {second} --side enemies --at {zones[1]}",
                 f"init {first} {second}", "start"):
        session.execute(line)
    return session


def _reactions_fight() -> Session:
    session = Session()
    for line in ("new --ruleset reactions", "add cy --as battle-mage --side party --at B2",
                 "add sk --as skeleton --side enemies --at C2", "init cy sk",
                 "start"):
        session.execute(line)
    return session


def test_affordable_answers_for_the_actor_up_and_a_fixed_cost():
    session = _reactions_fight()
    state, rs = session.state, session.ruleset_for(session.state)
    attack = session.registry.verbs["attack"].action
    assert play.affordable(state, rs, "cy", attack) is True
    spent = state.with_actor(state.actors["cy"].with_resources(
        {**state.actors["cy"].resource_map(), "action": 0}))
    assert play.affordable(spent, rs, "cy", attack) is False
    assert play.affordable(state, rs, "sk", attack) is None        # not its turn


def test_a_cost_the_request_decides_is_priced_from_its_words():
    """The dice pool's attack costs its ability's actions (P6, P12): with one action left
    a plain attack is affordable and one with Steady Aim (2 actions) is not; without the
    request the cost is not known before the attack is prepared."""
    session = fight("dicepool", "kit", "barry")
    state, rs = session.state, session.ruleset_for(session.state)
    kit = state.actors["kit"]
    state = state.with_actor(kit.with_resources({**kit.resource_map(), "actions": 1}))
    attack = session.registry.verbs["attack"].action
    plain = Request("attack", (("actor", "kit"), ("targets", ("barry",))))
    aimed = Request("attack", (("actor", "kit"), ("targets", ("barry",))),
                    (("ability", "steady-aim"),))
    assert play.affordable(state, rs, "kit", attack, plain) is True
    assert play.affordable(state, rs, "kit", attack, aimed) is False
    assert play.affordable(state, rs, "kit", attack) is None


def test_shaper_prices_its_actions_by_their_kind():
    """Shaper's attack takes a Major at least (S18: its skills add more), a move one
    Major per Short distance (S12), an engage its kind's action: with no Major left an
    attack and a move are surely unaffordable, with one Major a move of two Short
    distances is too, and one of one Short distance is not."""
    session = fight("shaper", "josh", "goblin", ("A1", "A1"))
    state, rs = session.state, session.ruleset_for(session.state)
    josh = state.actors["josh"]
    verbs = session.registry.verbs
    attack = Request("attack", (("actor", "josh"), ("targets", ("goblin",))))
    near, far = (Request("move", (("actor", "josh"), ("zone", zone))) for zone in ("B1", "C1"))
    assert rs.distance("A1", "B1") == 1 and rs.distance("A1", "C1") == 2
    one = state.with_actor(josh.with_resources({**josh.resource_map(), "major": 1}))
    none = state.with_actor(josh.with_resources({**josh.resource_map(), "major": 0}))
    assert play.affordable(one, rs, "josh", verbs["attack"].action, attack) is True
    assert play.affordable(none, rs, "josh", verbs["attack"].action, attack) is False
    assert play.affordable(one, rs, "josh", verbs["move"].action, near) is True
    assert play.affordable(one, rs, "josh", verbs["move"].action, far) is False
    assert play.affordable(none, rs, "josh", verbs["move"].action, near) is False


def test_shaper_prices_an_attack_with_its_skills():
    """Each skill an attack names costs a Major, or SP when marked :sp or with --sp (S23):
    the price counts them as the attack's cost pays them. Ported onto commands (what each
    attack takes off Zed's Major actions and SP), whichever version plays shaper."""
    session = new_session(ruleset="shaper", seed=3)
    for line in ("add zed --level 4 --finesse 1 --weapon longbow --holding longbow "
                 "--skill piercing-strike --skill longshot --side party --at A1",
                 "add raider --as raider --side enemies --at A3", "init zed raider", "start"):
        session.execute(line)

    def left() -> tuple[int, int]:
        zed = session.state.actors["zed"]
        return zed.resource("major"), zed.resource("sp")
    assert left() == (3, 2)
    # the attack a Major, piercing-strike a Major, longshot:sp an SP
    session.execute("attack raider --skill piercing-strike --skill longshot:sp --roll 1,1,1 "
                    "--evade 6,6,6")
    assert left() == (1, 1)
    session.execute("end")
    session.execute("end")
    assert left() == (3, 2)
    # --sp: both skills paid with SP, the attack a Major
    session.execute("attack raider --skill piercing-strike --skill longshot --sp --roll 1,1,1 "
                    "--evade 6,6,6")
    assert left() == (2, 0)
