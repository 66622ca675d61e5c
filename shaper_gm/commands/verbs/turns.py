"""The turn verbs every ruleset shares: end, pass, act, react."""

from __future__ import annotations

from shaper_gm.commands import resolve
from shaper_gm.commands.registry import Registry
from shaper_gm.commands.session import Context, Outcome
from shaper_gm.engine import play as turns
from shaper_gm.errors import CommandError


def register(reg: Registry, rs) -> None:
    @reg.command("end", usage="end", aliases=("next",), rules=rs.term("end_rules"),
                 summary="end the current turn; what the turn does not keep lapses",
                 examples=("end",))
    def end(ctx: Context) -> Outcome:
        if ctx.parsed.words:
            raise CommandError("end takes no words", "type end to pass the turn")
        return Outcome(*turns.end_turn(ctx.state, ctx.ruleset))

    @reg.command("pass", usage="pass [ACTOR]", rules=rs.term("pass_rule"),
                 summary="give up everything left for the round", examples=("pass",),
                 positionals=("actor?",))
    def pass_(ctx: Context) -> Outcome:
        who, _ = resolve.split_actor(ctx.state, ctx.parsed.words, 0, "pass", "pass [ACTOR]")
        ctx.parsed.words[:] = [who]
        return Outcome(*turns.pass_turn(ctx.state, ctx.ruleset, who))

    cost = rs.term("act_cost") or "COST"
    @reg.command("act", usage=f"act [ACTOR] {cost} TEXT", rules=rs.term("act_rules"),
                 summary="any other action: spend its cost and log what it was",
                 examples=tuple(rs.term("act_examples").split("|")) if rs.term("act_examples")
                 else (), positionals=("actor?", "cost", "text"))
    def act(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        rs = ctx.ruleset
        if words and rs.is_cost(words[0]):
            who, rest = resolve.acting(ctx.state), words
        elif len(words) >= 2 and rs.is_cost(words[1]):
            who, rest = resolve.actor(ctx.state, words[0]), words[1:]
        else:
            raise CommandError(f"act: name what it costs ({cost})",
                               f"e.g. act {rs.term('act_example_cost') or '1'} open the door")
        word, text = rest[0].lower(), " ".join(rest[1:])
        ctx.parsed.words[:] = [who, word, *([text] if text else [])]
        return Outcome(*rs.act(ctx.state, who, word, text))

    @reg.command("react", usage=f"react ACTOR {cost} TEXT", rules=rs.term("react_rule"),
                 summary="a reaction outside the acting actor's turn, paying its cost",
                 positionals=("actor", "cost", "text"))
    def react(ctx: Context) -> Outcome:
        words = ctx.parsed.words
        if len(words) < 2:
            raise CommandError(f"expected react ACTOR {cost} TEXT",
                               f"e.g. react {rs.term('react_example') or 'ID 1 dodge'}")
        who = resolve.actor(ctx.state, words[0])
        word, text = words[1].lower(), " ".join(words[2:])
        ctx.parsed.words[:] = [who, word, *([text] if text else [])]
        return Outcome(*ctx.ruleset.react(ctx.state, who, word, text))
