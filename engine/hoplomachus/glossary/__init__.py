"""Hoplomachus Victorum's glossary (`GAME.glossary`, `GAME.explain`; engine/glossary.py):
skills, hero prowesses, tactics, Banes, Blessings, units, heroes, dice, read by `/game explain`
and shown beside the choices that pick them.

The skill texts restate the game aid's skill table (seed 003 l.569-618) in our own words;
Blessings l.280-284 and l.158-160; Tactics l.309-319; Banes l.175-184 with our authored
token effects (data/rules.yaml); Elite l.315; dazed l.194-197. Prowess, unit and hero texts
are built from the authored data, so a content pack's cards are described too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.glossary import Entry
from engine.hoplomachus.content import content, skill_name, skill_number
from engine.hoplomachus.game import GAME
from engine.hoplomachus.notation import NOTATION
from engine.i18n import T, Text, has_key, register_catalog

register_catalog(Path(__file__).parent)


def _skill(skill: str) -> Text:
    """`longshot:4` -> "Long Shot 4"; a name the catalog lacks stays as written."""
    name, number = skill_name(skill), skill_number(skill)
    named: Text | str = T(f"hop.skill.{name}") if has_key(f"hop.skill.{name}") else name
    return T("hop.gloss.numbered", name=named, n=number) if number else named  # type: ignore[return-value]


def _dice(dice: tuple[str, ...]) -> list[Text]:
    return [T(f"hop.die.{d}") for d in dice]


def _classes(classes: tuple[str, ...]) -> list[Text]:
    return [T(f"hop.gloss.class.{k}") for k in classes]


def _region(region: str) -> Text:
    return T(f"hop.region.{region}") if has_key(f"hop.region.{region}") else T("hop.gloss.region.none")


def _skills_line(skills: tuple[str, ...]) -> Text:
    return (
        T("hop.gloss.unit.skills", skills=[_skill(s) for s in skills])
        if skills
        else T("hop.gloss.unit.no_skill")
    )


def _prowess(pid: str, effect: dict[str, Any]) -> tuple[tuple[Text, ...], Text]:
    (what, value), *_ = effect.items()
    if what == "skill":
        skill = _skill(str(value))
        lines = (T("hop.gloss.prowess.skill", skill=skill), T(f"hop.gloss.skill.{skill_name(str(value))}"))
        return (*lines, T("hop.gloss.prowess.about")), T("hop.gloss.prowess.short.skill", skill=skill)
    params = {"die": T(f"hop.die.{value}")} if what == "die" else {"n": value}
    return (
        (T(f"hop.gloss.prowess.{what}", **params), T("hop.gloss.prowess.about")),
        T(f"hop.gloss.prowess.short.{what}", **params),
    )


def _short(kind: str, key: str) -> Text | None:
    """An authored few words for lists, when the first line is too long to follow a label."""
    return T(f"hop.gloss.{kind}.short.{key}") if has_key(f"hop.gloss.{kind}.short.{key}") else None


@cache
def glossary() -> tuple[Entry, ...]:
    data = content()
    entries: list[Entry] = []
    owners = [*data.units.values(), *data.heroes.values(), *(h.primus for h in data.heroes.values())]
    skills = {skill_name(s) for u in [*owners, *data.scion.values()] for s in u.skills}
    for skill in sorted(skills):
        if has_key(f"hop.gloss.skill.{skill}"):
            entries.append(
                Entry(
                    f"skill.{skill}",
                    "skill",
                    T(f"hop.skill.{skill}"),
                    (T(f"hop.gloss.skill.{skill}"),),
                    _short("skill", skill),
                    (skill,),
                )
            )
    for pid, card in data.prowess.items():
        lines, short = _prowess(pid, card.effect)
        entries.append(
            Entry(f"prowess.{pid}", "prowess", T(f"hop.prowess.{pid}"), lines, short, aliases=(pid,))
        )
    for tid in data.tactics:
        text = (T(f"hop.gloss.tactic.{tid}"), T("hop.gloss.tactic.rules"))
        entries.append(
            Entry(f"tactic.{tid}", "tactic", T(f"hop.tactic.{tid}"), text, _short("tactic", tid), (tid,))
        )
    for bid in data.banes:
        text = (T(f"hop.gloss.bane.{bid}"), T("hop.gloss.bane.about"))
        entries.append(Entry(f"bane.{bid}", "bane", T(f"hop.bane.{bid}"), text, _short("bane", bid), (bid,)))
    entries.append(
        Entry(
            "blessing",
            "blessing",
            T("hop.gloss.blessing.name"),
            (T("hop.gloss.blessing.1"), T("hop.gloss.blessing.2")),
        )
    )
    for uid, u in data.units.items():
        stats = T(
            "hop.gloss.unit.stats", classes=_classes(u.classes), region=_region(u.region),
            move=u.move, range=u.range, health=u.health, dice=_dice(u.dice),
        )  # fmt: skip
        entries.append(
            Entry(
                f"unit.{uid}", "unit", T(f"hop.unit.{uid}"), (stats, _skills_line(u.skills)), aliases=(uid,)
            )
        )
    for hid, h in data.heroes.items():
        stats = T(
            "hop.gloss.hero.stats", classes=_classes(h.classes), region=_region(h.region),
            move=h.move, range=h.range, health=data.hero_health, dice=_dice(h.dice),
        )  # fmt: skip
        start = T(
            "hop.gloss.hero.start",
            classes=_classes(h.units),
            tactics=[T(f"hop.tactic.{t}") for t in h.tactics],
        )
        entries.append(
            Entry(
                f"hero.{hid}",
                "hero",
                T(f"hop.unit.{hid}"),
                (stats, _skills_line(h.skills), start),
                aliases=(hid,),
            )
        )
    faces = [
        T("hop.gloss.dice.face", die=T(f"hop.die.{d}"), faces=" ".join(map(str, die.faces)))
        for d, die in data.dice.items()
    ]
    entries.append(Entry("dice", "rule", T("hop.gloss.dice.name"), (T("hop.gloss.dice.about"), *faces)))
    entries.append(Entry("elite", "rule", T("hop.gloss.elite.name"), (T("hop.gloss.elite.text"),)))
    entries.append(Entry("dazed", "rule", T("hop.gloss.dazed.name"), (T("hop.gloss.dazed.text"),)))
    return tuple(entries)


@cache
def _by_key() -> dict[str, Entry]:
    return {e.key: e for e in glossary()}


def effect_of(notation: str) -> Text | None:
    """The few words of a move in notation (`prowess pw_edge`, `tac stun c4`, `purge wound`,
    `hook c4 c6`), for autocomplete labels and `GAME.explain`; None when its words say it all."""
    words = notation.split()
    if not words:
        return None
    verb, args = words[0], words[1:]
    key = {
        "prowess": f"prowess.{args[0]}" if args else "",
        "tac": f"tactic.{args[0]}" if args else "",
        "purge": f"bane.{args[0]}" if args else "",
        "reinforce": "blessing",
    }.get(verb, f"skill.{verb}" if verb in ("hook", "hurl", "shove", "swap") else "")
    entry = _by_key().get(key)
    if entry is None:
        return None
    if entry.key == "blessing":
        return T("hop.gloss.reinforce")
    return entry.short if entry.short is not None else entry.text[0]


def explain(state: Any, role: str, command: Any) -> Text | None:
    return effect_of(NOTATION.format(command))


GAME.glossary = glossary  # type: ignore[attr-defined]
GAME.explain = explain  # type: ignore[attr-defined]


def describe(view: Any) -> list[Text]:
    """`/game hand` in words (optional `GAME.describe`): what your hero, prowesses, camp,
    tactics, Banes and Blessings do, each with its few words (the view is the player's own)."""
    if view.viewer is None:
        return []
    sheet = view.sheet or {}
    skills = [_skill(s) for s in sheet.get("skills", [])]
    lines = [
        T(
            "hop.gloss.desc.hero",
            hero=T(f"hop.unit.{view.hero}"),
            hp=view.hero_hp,
            health=sheet.get("health", 0),
            dice=_dice(tuple(sheet.get("dice", ()))),
            skills=skills or "–",
        )
    ]
    for kind, codes in (("prowess", view.prowess), ("tactic", view.tactics), ("bane", view.camp_banes)):
        for code in dict.fromkeys(codes):
            entry = _by_key().get(f"{kind}.{code}")
            if entry is not None:
                lines.append(
                    T(
                        f"hop.gloss.desc.{kind}",
                        name=entry.name,
                        effect=entry.short or entry.text[0],
                        n=codes.count(code),
                    )
                )
    units = [T("hop.gloss.desc.unit", unit=T(f"hop.unit.{u}"), skills=_unit_skills(u)) for u in view.camp]
    if units:
        lines.append(T("hop.gloss.desc.camp", units=units))
    lines.append(T("hop.gloss.desc.blessings", n=view.blessings))
    return lines


def _unit_skills(unit: str) -> Any:
    found = content().units.get(unit)
    return [_skill(s) for s in found.skills] if found is not None and found.skills else "–"


GAME.describe = describe  # type: ignore[attr-defined]
