"""A French player reads French (issue 12 §3): every French catalog entry, rendered with sample
parameters, holds no common English word and follows French typography. Game terms that stay
English on purpose (game names, move notation, command names) are listed in ALLOWED."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.i18n import NBSP, format_template, placeholders

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = sorted(  # the catalogs, and the games' glossaries (engine/<game>/glossary, issue 25)
    {
        p.parent
        for g in ("**/locales/fr.json", "engine/*/glossary/fr.json")
        for p in ROOT.glob(g)
        if ".venv" not in p.parts
    }
)

# Common English words that are not also French words (no "point", "art", "score", "match",
# "phase", "zone", "talent", "action", "message", "minutes", "or", "but", "four", "gain"...).
ENGLISH = set(
    """
    the and your you yours turn turns move moves moved card cards unit units wound wounds player players
    game games round rounds won win wins lose loses lost with from this that which when where what who
    will would should can cannot not yes of to in is are was were be been has have had it its they them
    their there here his her him she he we our us my by for if then than all each every some none two
    three five ten first last next left right up down out after before again only also already still
    just more most less many much other another same new old help start join leave play played plays
    draws draw discard deck hand attack attacks defense damage hit hits success successes roll rolls
    dice die power powers token tokens army armies deploy deployment tile tiles board square space
    winner loser rank league season rating matches result results settings setting language reminder
    reminders clock day days hour hours pass passes undo accept channel server thread button buttons
    error invalid unknown missing please try example choose pick select show list status rules rule how
    why because while until must may need needs want wait waiting done end ended tie tied cancel take
    takes took keep keeps give gives use uses used seat seats side sides open closed ready set sets name
    names enter back strength health life maneuver war spell spells troop troops leader hero heroes
    monster monsters creature creatures melee ranged moving hex hexes shield shields sword swords
    command commands order orders opponent opponents ally allies enemy enemies target targets victory
    defeat step steps free cost costs pay paid loss losses
    """.split()
)

# Kept in English on purpose: move notation typed by players, console commands and subcommand
# names (the local table takes them in English; see the report on Discord's localized names).
ALLOWED = set(
    """
    done pass end use army tiles discard fetch cycle boost reroll optimal harass cntr def act mv atk dep
    powers mixed recruit deploy strong balanced any help quit moves
    """.split()
)
# Names of games and variants as published.
ALLOWED_PHRASES = ("Battle for Athena", "Deck Building")

# What the scan skips: `code`, URLs, mentions and <placeholders>, /commands with their
# subcommands, option:value, @names, identifiers_with_underscores, `| subcommand` lists, and
# notation written out of code spans: lowercase words ending on a square ("dep hero c7").
NOT_PROSE = re.compile(
    r"`[^`]*`|https?://\S+|<[^<>]*>|(?<!\w)/[a-z_-]+(?: [a-z_-]+){0,2}|\S*\w:\S*|@\w+|\S*_\S*|\| [a-z]+|"
    r"\b(?:[a-z]+ ){1,3}[a-z]\d{1,2}\b|" + "|".join(map(re.escape, ALLOWED_PHRASES)),
    re.IGNORECASE,
)
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+")


def french_entries() -> list[tuple[str, str, str]]:
    out = []
    for folder in FOLDERS:
        fr = json.loads((folder / "fr.json").read_text(encoding="utf-8"))
        out += [(str(folder.relative_to(ROOT)), key, value) for key, value in fr.items()]
    return out


def rendered(value: str, count: int) -> str:
    """The value as a player reads it, every parameter a number (names are not prose)."""
    return format_template(value, {name: count for name in placeholders(value)}, "fr")


def english_words(text: str) -> list[str]:
    prose = NOT_PROSE.sub(" ", text)
    return [w for w in WORD.findall(prose) if w.lower() in ENGLISH and w.lower() not in ALLOWED]


def test_the_scan_finds_english_and_spares_notation_and_commands():
    assert english_words("Votre tour : jouez une card avec your main.") == ["card", "your"]
    assert english_words("Tapez `act marauders`, /game hand, game:mythic, ou done.") == []
    assert english_words("Battle for Athena : deux armées") == []
    assert english_words("déployez (dep hero c7), puis pick c4 ; your hero") == ["your", "hero"]


def test_no_english_word_in_french_replies():
    found = {}
    for folder, key, value in french_entries():
        for count in (1, 2):
            words = english_words(rendered(value, count))
            if words:
                found[f"{folder}:{key}"] = (words, rendered(value, count)[:120])
    assert not found, "\n".join(f"{k}: {w} | {t}" for k, (w, t) in found.items())


# Typography checks on the rendered text, outside code spans, URLs, mentions and commands.
UNPROTECTED = re.compile(r"`[^`]*`|https?://\S+|<[^<>]*>")
BAD_TYPOGRAPHY = {
    "plain space before : ; ! ? » %": re.compile(r" [:;!?»%]"),
    "plain space after «": re.compile(r"« "),
    "no space before ; ! ?": re.compile(r"[\w)»*](?<![A-Z])[;!?](?!\w)"),
    "straight apostrophe": re.compile(r"\w'\w"),
    "straight double quotes": re.compile(r'"'),
    "hand-written plural": re.compile(r"\w\((?:s|es|x|e|le|ne)\)"),
    "three dots for an ellipsis": re.compile(r"\.\.\."),
}


def test_french_typography_in_every_entry():
    bad = []
    for folder, key, value in french_entries():
        text = UNPROTECTED.sub(" ", rendered(value, 2))
        for rule, pattern in BAD_TYPOGRAPHY.items():
            if pattern.search(text):
                bad.append(f"{folder}:{key}: {rule}: {text[:100]!r}")
    assert not bad, "\n".join(bad)


def test_the_french_rendering_uses_no_break_spaces():
    text = rendered("Votre main : {n} ; prêt ?", 2)
    assert text == f"Votre main{NBSP}: 2{NBSP}; prêt{NBSP}?"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: str(f.relative_to(ROOT)))
def test_no_hand_written_plural_in_english(folder):
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    assert not [k for k, v in en.items() if re.search(r"\w\((?:s|es)\)", v)]
