"""The errors a section of docs/rulesets.md lists, held against the lines broken files
print: every message the docs show is printed by one of the broken files (its example
names too), and every broken file's line is one the docs show (up to the names it
quotes). The test files of the declaration files (verbs, kinds, screen) use it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rulesets.md"

# Words the docs write for a part that differs from ruleset to ruleset, and `...` for a
# part cut short: each stands for any text.
PLACEHOLDER = re.compile(r"\.\.\.|\bID\b|\bPACKAGE\b|\bNAME\b")
# The names a message quotes: 'x' (a quote not inside a word, as in "ruleset's"),
# {x}, --x and dotted names (PACKAGE.verbs, attack.ATTACK).
NAMES = [(re.compile(r"(?<!\w)'[^']*'(?!\w)"), "'\x00'"),
         (re.compile(r"\{[^{}]*\}"), "{\x00}"),
         (re.compile(r"--[\w-]+"), "--\x00"),
         (re.compile(r"\b[A-Za-z_]\w*(?:\.\w+)+"), "\x00")]


def errors_section(part: str) -> str:
    """The text of `### Errors` under `## PART` (`## verbs.yaml`)."""
    text = DOCS.read_text(encoding="utf-8")
    assert f"\n{part}\n" in text, part
    body = text.split(f"\n{part}\n", 1)[1].split("\n## ", 1)[0]
    assert "\n### Errors\n" in body, part
    return body.split("\n### Errors\n", 1)[1].split("\n### ", 1)[0]


def shown(section: str, left_out: Mapping[str, str]) -> list[str]:
    """Each backticked message of `section`: of a table, its last column only (the first
    names the mistake, by its keys); of the prose, every backticked text but those
    `left_out` (text -> why), each of which must be there."""
    rows = [line for line in section.splitlines() if line.startswith("|")]
    prose = " ".join(line.strip() for line in section.splitlines()
                     if not line.startswith("|"))
    cells = [re.split(r"(?<!\\)\|", row.strip("|"))[-1] for row in rows]
    found = [code.replace("\\|", "|") for cell in cells for code in re.findall(r"`([^`]+)`",
                                                                               cell)]
    in_prose = re.findall(r"`([^`]+)`", prose)
    stale = [text for text in left_out if text not in in_prose]
    assert not stale, f"left out, but not in the docs: {stale}"
    return found + [text for text in in_prose if text not in left_out]


def _pattern(message: str) -> re.Pattern:
    """A documented message as a pattern a printed line ends with, from its start or
    after a ': ' (after the file, line, entry and key); placeholders match any text."""
    parts = PLACEHOLDER.split(message)
    return re.compile("(?:^|: )" + ".+".join(map(re.escape, parts)) + "$")


def _named(text: str) -> str:
    """`text` with each name it quotes made one mark."""
    for names, mark in NAMES:
        text = names.sub(mark, text)
    return text


def prints(line: str, message: str) -> bool:
    """Whether `line` is `message` as the docs show it (names and all)."""
    return bool(_pattern(message).search(line))


def instance(line: str, message: str) -> bool:
    """Whether `line` is the mistake `message` shows, about other names."""
    return bool(_pattern(_named(message)).search(_named(line)))


def assert_docs_and_cases_agree(documented: Sequence[str],
                                cases: Iterable[tuple[Sequence[str], str]]) -> None:
    """Each documented message is printed by one of `cases` ((lines printed, the text a
    case expects in one of them)), and each case's expected line is documented."""
    cases = list(cases)
    printed = [line for lines, _ in cases for line in lines]
    unprinted = [m for m in documented if not any(prints(line, m) for line in printed)]
    undocumented = []
    for lines, expected in cases:
        held = [line for line in lines if expected in line]
        assert held, (expected, lines)
        undocumented += [line for line in held
                         if not any(instance(line, m) for m in documented)]
    assert not unprinted and not undocumented, "\n".join(
        ["documented, but printed by no case:", *unprinted,
         "printed by a case, but not documented:", *undocumented])
