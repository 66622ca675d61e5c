"""A verb's usage line, derived from its declaration: its name, its positionals' words
(`Verb.positionals` roles, shown as `commands.md` writes them) and its flags."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from shaper_gm.commands.args import FlagSpec

# How a positional role is written in a usage line, when not its upper-cased name.
WORDS = {"number": "N", "new-id": "ID", "dice": "EXPR", "verb": "COMMAND",
         "targets": "TARGET[,TARGET...]", "spell-id": "SPELL", "held-item": "ITEM",
         "lying-item": "ITEM",
         "react-cost": "N"}
# Flags a usage line leaves out (its log and files write them: a save's id, a sheet
# read from a file); `help VERB`'s flag list still shows them.
UNSHOWN = frozenset({"id", "sheet"})


def positional_word(role: str, words: Mapping[str, str] = WORDS) -> str:
    """`actor?` -> `[ACTOR]`, `field=value*` -> `FIELD=VALUE...`, `manual|auto` as is
    (unless `words` name it)."""
    bare = role.rstrip("?*")
    word = words.get(bare) or (bare if "|" in bare else bare.upper())
    if role.endswith("*"):
        return word + "..."
    return f"[{word}]" if role.endswith("?") else word


def flag_words(spec: FlagSpec) -> str:
    """`[--with WEAPON]`, `[--direct]`, `[--stat NAME=N]...`; an int's value is `N`."""
    value = "" if spec.kind == "bool" else " " + ("N" if spec.metavar == "INT"
                                                   else spec.metavar)
    return f"[--{spec.name}{value}]" + ("..." if spec.repeat else "")


def ruleset_words(rs, named: Mapping[str, str] | None = None) -> dict[str, str]:
    """The words for `rs`: a zone is what it calls a cell (`TILE`), a cost its terms'
    (`action|move`); `named` are the declaration's own (`{"actor": "TARGET"}`)."""
    return {**WORDS, "zone": rs.term("cell").upper() or "ZONE",
            "cost": rs.term("act_cost") or "COST",
            "react-cost": rs.term("react_cost") or "N", **(named or {})}


def flags_words(flags: Iterable[FlagSpec]) -> str:
    return "".join(" " + flag_words(spec) for spec in flags if spec.name not in UNSHOWN)


def with_flags(usage: str, old: Iterable[FlagSpec], new: Iterable[FlagSpec]) -> str | None:
    """`usage` with the flags `new` in place of `old`, if its flags were derived from
    `old` (else None: a hand-written line is not rewritten)."""
    tail = flags_words(old)
    if not usage.endswith(tail):
        return None
    return usage[:len(usage) - len(tail)] + flags_words(new)


def usage_line(name: str, positionals: Iterable[str], flags: Iterable[FlagSpec],
               words: Mapping[str, str] = WORDS) -> str:
    """`attack [ACTOR] TARGET [--with WEAPON] ...`: what `help VERB` shows first."""
    return " ".join([name, *(positional_word(role, words) for role in positionals)]) \
        + flags_words(flags)
