"""Autocomplete for `/play move`: at most 25 choices, and every legal move reachable by typing.

When more moves match what the player typed than Discord can list, moves sharing a prefix
are folded into one choice whose value is that prefix ("e2 …, 12 moves"): picking it puts
the prefix in the box and the next request lists what follows. Folding works like a radix
tree: the biggest group is split first, as long as the list stays within the limit.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

DISCORD_LIMIT = 25
VALUE_LIMIT = 100  # Discord's maximum length of a choice name and value
ALIAS = "…#"  # marks a shortened choice value: the start of the move and a digest of all of it


@dataclass(frozen=True)
class Entry:
    """One line of the list: a complete move, or a prefix standing for `count` moves."""

    value: str
    count: int = 1

    @property
    def is_group(self) -> bool:
        return self.count > 1


def _common_prefix(words: list[str]) -> str:
    first, last = min(words), max(words)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return first[:size]


@dataclass
class _Group:
    prefix: str
    members: list[str]
    order: int  # index of its first member in the legal list, to keep the engine's order

    def entry(self) -> Entry:
        return Entry(self.prefix if len(self.members) > 1 else self.members[0], len(self.members))

    def children(self, position: dict[str, int]) -> list[_Group]:
        """Split by the character after the prefix; a member equal to the prefix stands alone."""
        buckets: dict[str, list[str]] = {}
        for move in self.members:
            key = move[len(self.prefix) : len(self.prefix) + 1]
            buckets.setdefault(key, []).append(move)
        groups = []
        for key, members in buckets.items():
            prefix = self.prefix if key == "" else _common_prefix(members)
            groups.append(_Group(prefix, members, min(position[m] for m in members)))
        return groups


def matching(moves: list[str], typed: str) -> list[str]:
    """Moves starting with what was typed (ignoring case; spaces count, since a group's
    prefix may end with one), else with it stripped, else moves containing it."""
    for needle in (typed.casefold(), typed.strip().casefold()):
        starts = [m for m in moves if m.casefold().startswith(needle)]
        if starts:
            return starts
    needle = typed.strip().casefold()
    return [m for m in moves if needle in m.casefold()]


def narrow(moves: list[str], typed: str = "", limit: int = DISCORD_LIMIT) -> list[Entry]:
    """The list to show for `typed`: all matches if they fit, else folded prefix groups."""
    found = list(dict.fromkeys(matching(moves, typed)))
    if len(found) <= limit:
        return [Entry(m) for m in found]
    position = {m: i for i, m in enumerate(found)}
    # Group on the case the engine uses, so a chosen prefix is a real prefix of its moves.
    groups = [_Group(_common_prefix(found), found, 0)]
    while True:
        splittable = [g for g in groups if len(g.members) > 1]
        for group in sorted(splittable, key=lambda g: -len(g.members)):
            kids = group.children(position)
            if len(groups) - 1 + len(kids) <= limit or len(groups) == 1:
                groups.remove(group)
                groups.extend(kids)
                break
        else:
            break
        if len(groups) > limit:  # a root with more branches than the limit: the rest needs typing
            groups = sorted(groups, key=lambda g: g.order)[:limit]
            break
    return [g.entry() for g in sorted(groups, key=lambda g: g.order)]


def choice_value(move: str) -> str:
    """The move itself when Discord can carry it as a choice value, else a shortened alias."""
    if len(move) <= VALUE_LIMIT:
        return move
    digest = hashlib.sha256(move.encode()).hexdigest()[:8]
    return move[: VALUE_LIMIT - len(ALIAS) - len(digest)] + ALIAS + digest


def expand(text: str, moves: list[str]) -> str:
    """The legal move a shortened choice value stands for; other text is returned as typed."""
    if ALIAS not in text:
        return text
    return next((m for m in moves if choice_value(m) == text.strip()), text)
