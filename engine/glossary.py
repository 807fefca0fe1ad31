"""What a game's things say: the glossary seam (optional `GAME.glossary` and `GAME.explain`).

A player on Discord has no rulebook and no cards in hand: the bot is the only place a card's,
a power's or a talent's text lives. A game declares those texts here and generic code in
`bot/` shows them (`/game explain name:` with autocomplete, effect texts beside the options
of `/play`, of buttons and of the local table's `moves`). Public information only: a card
a player may hold is described as the rulebook describes it, never whose hand it is in.

- `GAME.glossary() -> Sequence[Entry]`: every thing a player may read by name.
- `GAME.explain(state, role, command) -> Text | None`: a short effect text for one legal
  command (a line, ~60 characters: it follows the command's label in autocomplete and in the
  message that carries buttons); None when the label says it all.

Matching (`search`) folds case and accents and compares against the entry's names in every
language, its key and its aliases (codes, notation words, marks), so `tacticien`,
`Tactician`, `TC` and `ts` may all find the same power.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.i18n import LOCALES, T, Text, has_key, render

# Kinds the core catalog names (`core.kind.<kind>`); a game with another kind adds its key.
KINDS = (
    "card",
    "command",
    "ability",
    "talent",
    "power",
    "prowess",
    "tactic",
    "skill",
    "bane",
    "blessing",
    "deity",
    "lore",
    "unit",
    "hero",
    "terrain",
    "mark",
    "rule",
)


@dataclass(frozen=True)
class Entry:
    """One thing a player may read by name.

    `key`: unique within the game, what `/game explain` sends (at most 100 characters,
    Discord's limit for a choice value); `kind`: one of `KINDS` (or a kind whose
    `core.kind.<kind>` the game's catalog defines); `name`: its name; `text`: the whole text,
    one Text per line, in our own words (never a copy of printed card text); `short`: a few
    words for lists (autocomplete, buttons), else the first line of `text` is clipped;
    `aliases`: other things a player may type to find it (codes such as `CM`, notation words
    such as `pw_edge`, marks such as `m:2`), in no particular language.
    """

    key: str
    kind: str
    name: Text
    text: tuple[Text, ...]
    short: Text | None = None
    aliases: tuple[str, ...] = ()


def kind_text(kind: str) -> Text:
    return T(f"core.kind.{kind}") if has_key(f"core.kind.{kind}") else T("core.kind.other", kind=kind)


def fold(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: `Épée-Longue` -> `epee longue`."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join("".join(c if c.isalnum() else " " for c in bare).split())


def words_of(entry: Entry) -> list[str]:
    """Everything an entry answers to, folded: its key, aliases and names in every language
    (kept per entry: autocomplete asks on every keystroke)."""
    kept = _words.get(id(entry))
    if kept is not None and kept[0] is entry:
        return kept[1]
    found = [entry.key, *entry.aliases, *(render(entry.name, loc) for loc in LOCALES)]
    words = list(dict.fromkeys(w for w in map(fold, found) if w))
    if len(_words) > 20_000:  # entries are built once per game; this only guards a leak
        _words.clear()
    _words[id(entry)] = (entry, words)
    return words


_words: dict[int, tuple[Entry, list[str]]] = {}


def _score(typed: str, words: Iterable[str]) -> float:
    """How well `typed` (folded) names an entry: 4 exact, 3 a start, 2 a word's start,
    1.5 inside, else a fuzzy ratio below 1 (typos), 0 for nothing alike."""
    best = 0.0
    for word in words:
        if word == typed:
            return 4.0
        if word.startswith(typed):
            best = max(best, 3.0)
        elif any(w.startswith(typed) for w in word.split()):
            best = max(best, 2.0)
        elif typed in word:
            best = max(best, 1.5)
        else:
            alike = difflib.SequenceMatcher(None, typed, word)
            if alike.real_quick_ratio() >= 0.7 and alike.quick_ratio() >= 0.7:  # cheap bounds first
                ratio = alike.ratio()
                if ratio >= 0.7:
                    best = max(best, ratio)
    return best


def search(entries: Sequence[Entry], typed: str, limit: int = 25) -> list[Entry]:
    """The entries `typed` names, best first (ties in the game's order). Empty `typed`: the
    first `limit` entries."""
    wanted = fold(typed)
    if not wanted:
        return list(entries[:limit])
    scored = [(s, i, e) for i, e in enumerate(entries) if (s := _score(wanted, words_of(e))) > 0]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [e for _, _, e in scored[:limit]]


def find(
    entries: Sequence[Entry], typed: str, owner: Callable[[Entry], object] | None = None
) -> tuple[Entry | None, list[Entry]]:
    """(the entry `typed` names, other close ones). An exact key, alias or name wins (unless
    entries of several `owner`s, games, are named exactly alike); a single best match wins;
    otherwise no entry and the candidates (none when nothing is close)."""
    text = typed.strip()
    exact = next((e for e in entries if e.key == text), None)
    if exact is not None:
        return exact, []
    wanted = fold(text)
    if not wanted:
        return None, []
    scored = sorted(
        ((s, i, e) for i, e in enumerate(entries) if (s := _score(wanted, words_of(e))) > 0),
        key=lambda item: (-item[0], item[1]),
    )
    if not scored:
        return None, []
    top = [e for s, _, e in scored if s == scored[0][0]]
    owners = {owner(e) for e in top} if owner is not None else {None}
    if len(top) == 1 or (scored[0][0] == 4.0 and len(owners) == 1):
        return top[0], [e for s, _, e in scored[1:6] if s >= 2.0]  # "see also": names that start alike
    return None, [e for _, _, e in scored[:10]]


def clip(text: str, size: int) -> str:
    return text if len(text) <= size else text[: max(0, size - 1)].rstrip() + "…"


def short_text(entry: Entry, locale: str) -> str:
    """The entry's few words for a list, in `locale` (its `short`, else its first line)."""
    first = entry.short if entry.short is not None else (entry.text[0] if entry.text else None)
    return render(first, locale) if first is not None else ""


def choice_label(entry: Entry, locale: str, size: int = 100) -> str:
    """`Keen Edge — +1 damage on every hit`, within `size` characters (Discord's 100): the
    name stays whole, the effect gives way."""
    name = render(entry.name, locale)
    effect = short_text(entry, locale)
    if not effect or len(name) + 4 >= size:
        return clip(name, size)
    return clip(f"{name} — {effect}", size)
