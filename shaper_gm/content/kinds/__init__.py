"""`kinds.yaml`: a ruleset's records, item kinds and numbers, declared, and the one reader
that builds its content from them.

A record (`Sheet`, `Attack`) is a list of fields, each with a type written in words
(`words`: ``whole 1..roll_die+1``, ``list of ref weapons|spells``, ``optional text``), a
default, whether an item must give it, the ruling it implements and, for a sheet number,
the range `add --stat` shares (`sheetnumbers`). `numbers:` names the record
`ruleset.yaml` builds; `kinds:` maps each item file (`weapons.yaml`) to its record, the
id namespace it shares, what a message calls one, values the kind sets and the number an
item starts from. `decls` reads and checks the declaration; `reader.Kinds` makes the
frozen records, once per declaration, and reads a folder with them. The format is
described in docs/rulesets.md.
"""

from shaper_gm.content.kinds.decls import compile_kinds, load_kinds
from shaper_gm.content.kinds.reader import Kinds, env_of
from shaper_gm.content.kinds.words import Type, module_words, parse_type

__all__ = ["Kinds", "Type", "compile_kinds", "env_of", "load_kinds", "module_words",
           "parse_type"]
