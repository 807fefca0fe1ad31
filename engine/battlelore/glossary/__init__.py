"""Battlelore Mythologie's glossary (`GAME.glossary`, `GAME.explain`; engine/glossary.py):
Command cards, abilities, deities and their Lore cards, units, weapons, armour, artefacts,
the marks of `/blarmy show`, and the words of combat (Fearful, Intrepid, support, flags).

The rulebook prints none of these cards (seed 002, RULES-NOTES B1 "Missing"): every text is
built from our authored data (data/*.yaml) and says what the engine does with it; abilities
002 l.95-103 with content.INTRINSIC / TRIGGERS; Lore 002 l.413-433; support and retreat
002 l.270-277; initial mana 002 l.220. A content pack's cards are described the same way.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.battlelore import commands as c
from engine.battlelore.content import INTRINSIC, TRIGGERS, content
from engine.battlelore.game import GAME
from engine.glossary import Entry
from engine.i18n import LOCALES, T, Text, has_key, register_catalog, register_texts

register_catalog(Path(__file__).parent)


def _register_names() -> None:
    """Names the glossary reads from the content (weapons, armour, stat bars), and the
    intrinsic abilities' names, which no catalog had (the unit card printed `Terror` in French
    too): given where no other catalog does."""
    data = content()
    for loc in LOCALES:
        texts = json.loads((Path(__file__).parent / f"{loc}.json").read_text(encoding="utf-8"))
        names = {f"bl.ab.{a}": texts[f"bl.gloss.ab.{a}"] for a in INTRINSIC if not has_key(f"bl.ab.{a}", loc)}
        names |= {f"bl.gloss.w.{k}": getattr(w.name, loc) for k, w in data.weapons.items()}
        names |= {f"bl.gloss.a.{k}": getattr(a.name, loc) for k, a in data.armours.items()}
        for uid, card in data.units.items():
            names |= {f"bl.gloss.bar.{uid}.{k}": getattr(b.name, loc) for k, b in card.bars.items() if b.name}
        register_texts(loc, names)


_register_names()


def card_text(act: Any) -> Text:
    return T(
        "bl.gloss.card.text",
        n=act.n,
        where=T(f"bl.gloss.card.where.{act.sector}"),
        only=T(f"bl.gloss.card.only.{act.only}"),
    )


def _card(cid: str, card: Any, extra: bool) -> Entry:
    lines = [card_text(card.act)]
    if card.act.bonus != "none":
        lines.append(T(f"bl.gloss.card.bonus.{card.act.bonus}"))
    if extra:
        lines.append(T("bl.gloss.card.extra", people=T(f"bl.n.{card.people}")))
    else:
        lines.append(T("bl.gloss.card.copies", n=card.count))
    lines.append(T("bl.gloss.card.any"))
    return Entry(f"card.{cid}", "command", T(f"bl.card.{cid}"), tuple(lines), lines[0], aliases=(cid,))


def _ability(code: str) -> Entry:
    trigger = code in TRIGGERS
    lines = (T(f"bl.gloss.text.{code}"), T("bl.gloss.trigger" if trigger else "bl.gloss.intrinsic"))
    short = T(f"bl.gloss.short.{code}") if trigger else None
    return Entry(f"ability.{code}", "ability", T(f"bl.ab.{code}"), lines, short, aliases=(code,))


def lore_text(card: Any) -> Text:
    return T(f"bl.gloss.lore.{card.effect}", n=card.n)


def _deity(gid: str, god: Any) -> list[Entry]:
    people = T(f"bl.n.{god.people}")
    cards = [T(f"bl.lore.{gid}.{lid}") for lid in god.lore]
    lines = [T("bl.gloss.deity.text", people=people, cards=cards)]
    if god.chaos:
        lines.append(T("bl.gloss.deity.chaos", people=people))
    lines.append(T("bl.gloss.deity.mana"))
    found = [Entry(f"deity.{gid}", "deity", T(f"bl.n.{gid}"), tuple(lines), aliases=(gid,))]
    for lid, card in god.lore.items():
        cost = T("bl.gloss.lore.cost", cost=card.cost, god=T(f"bl.n.{gid}"), count=card.count)
        found.append(
            Entry(
                f"lore.{gid}.{lid}",
                "lore",
                T(f"bl.lore.{gid}.{lid}"),
                (lore_text(card), cost),
                lore_text(card),
            )
        )
    return found


def _bar(uid: str, letter: str, bar: Any, card: Any, several: bool) -> Text:
    gear = [T(f"bl.gloss.w.{w}") for w in bar.wpn] + ([T(f"bl.gloss.a.{bar.arm}")] if bar.arm else [])
    named = several and bar.name is not None
    return T(
        "bl.gloss.unit.bar_wounds" if card.cls != "troop" else "bl.gloss.unit.bar",
        bar=T("bl.gloss.unit.bar_name", letter=letter, name=T(f"bl.gloss.bar.{uid}.{letter}"))
        if named
        else "",
        mv=bar.mv,
        fly=T("bl.gloss.unit.fly") if bar.fly else "",
        mob=bar.mob,
        dice=bar.dice,
        shoot=T("bl.gloss.unit.shoot") if bar.shoot else "",
        pur=bar.pur,
        res=bar.res,
        cour=f"{bar.cour:+d}" if bar.cour else "0",
        gear=T("bl.gloss.unit.gear", gear=gear) if gear else "",
    )


def _unit(uid: str, card: Any) -> Entry:
    head = T(
        "bl.gloss.unit.head",
        cls=T(f"bl.gloss.unit.cls.{card.cls}"),
        people=[T(f"bl.n.{card.people}"), *([T("bl.gloss.unit.chaos")] if card.chaos else [])],
        mounted=T("bl.gloss.unit.mounted") if card.type == "mounted" else "",
    )
    lines = [head] + [_bar(uid, k, b, card, len(card.bars) > 1) for k, b in card.bars.items()]
    if card.abil:
        lines.append(T("bl.gloss.unit.abil", list=[T(f"bl.ab.{a}") for a in card.abil]))
    if card.trig:
        lines.append(
            T(
                "bl.gloss.unit.trig",
                list=[
                    T("bl.gloss.unit.trig_one", ability=T(f"bl.ab.{a}"), mana=n) for a, n in card.trig.items()
                ],
            )
        )
    return Entry(f"unit.{uid}", "unit", T(f"bl.n.{uid}"), tuple(lines), aliases=(uid,))


def _weapon(wid: str, w: Any) -> Entry:
    lines: list[Text] = []
    if w.range:
        lines.append(T("bl.gloss.weapon.range", n=w.range))
        if not w.melee:
            lines.append(T("bl.gloss.weapon.no_melee"))
    if w.vs_mounted:
        lines.append(T("bl.gloss.weapon.vs_mounted", n=w.vs_mounted))
    if w.pierce:
        lines.append(T("bl.gloss.weapon.pierce"))
    if w.charge:
        lines.append(T("bl.gloss.weapon.charge"))
    if w.basic:
        lines.append(T("bl.gloss.weapon.basic"))
    if not lines:
        lines.append(T("bl.gloss.weapon.plain"))
    if w.cost:
        lines.append(T("bl.gloss.weapon.cost", n=w.cost))
    return Entry(f"weapon.{wid}", "card", T(f"bl.gloss.w.{wid}"), tuple(lines), aliases=(wid,))


def _armour(aid: str, a: Any) -> Entry:
    lines: list[Text] = []
    if a.melee:
        lines.append(T("bl.gloss.armour.melee", n=a.melee))
    if a.ranged:
        lines.append(T("bl.gloss.armour.ranged", n=a.ranged))
    if a.heavy_from:
        lines.append(T("bl.gloss.armour.heavy", n=a.heavy_from))
    lines.append(T("bl.gloss.armour.pierce"))
    if a.cost:
        lines.append(T("bl.gloss.weapon.cost", n=a.cost))
    return Entry(f"armour.{aid}", "card", T(f"bl.gloss.a.{aid}"), tuple(lines), aliases=(aid,))


def _artefact(aid: str, a: Any) -> Entry:
    classes = (
        [T(f"bl.gloss.cls.{k}") for k in a.cls]
        if set(a.cls) != {"troop", "hero", "creature"}
        else T("bl.gloss.art.anyone")
    )
    who = T(
        "bl.gloss.art.who",
        classes=classes,
        people=T("bl.gloss.art.people", people=T(f"bl.n.{a.people}")) if a.people else "",
        cost=a.cost,
    )
    return Entry(
        f"artefact.{aid}", "card", T(f"bl.n.{aid}"), (T(f"bl.gloss.art.{a.effect}"), who), aliases=(aid,)
    )


RULES = ("fearful", "intrepid", "courage", "support", "flag", "dice")


@cache
def glossary() -> tuple[Entry, ...]:
    data = content()
    entries = [_card(k, v, False) for k, v in data.deck.items()]
    entries += [_card(k, v, True) for k, v in data.extra.items()]
    entries += [_ability(a) for a in [*INTRINSIC, *TRIGGERS]]
    for gid, god in data.deities.items():
        entries += _deity(gid, god)
    entries += [_unit(k, v) for k, v in data.units.items()]
    entries += [_weapon(k, v) for k, v in data.weapons.items()]
    entries += [_armour(k, v) for k, v in data.armours.items()]
    entries += [_artefact(k, v) for k, v in data.artefacts.items()]
    entries += [
        Entry(
            "mark.bar",
            "mark",
            T("bl.gloss.mark.bar.name"),
            (T("bl.gloss.mark.bar.text"),),
            aliases=("bar", "barre", "a (50)"),
        ),
        Entry(
            "mark.more",
            "mark",
            T("bl.gloss.mark.more.name"),
            (T("bl.gloss.mark.more.text"),),
            aliases=("g:", "x:", "t:", "a:"),
        ),
        Entry(
            "mark.mana",
            "mark",
            T("bl.gloss.mark.mana.name"),
            (T("bl.gloss.mark.mana.text", cost=data.pricing.mana),),
            aliases=("m:", "m:2", "mana"),
        ),
    ]
    entries += [Entry(r, "rule", T(f"bl.gloss.{r}.name"), (T(f"bl.gloss.{r}.text"),)) for r in RULES]
    return tuple(entries)


def explain(state: Any, role: str, command: Any) -> Text | None:
    """A Command card's order, an ability's or a face-up Lore card's effect."""
    data = content()
    if isinstance(command, c.Play):
        card = (data.extra if command.extra else data.deck).get(command.card)
        if card is None or command.mode != "text":
            return None
        return card_text(card.act)
    if isinstance(command, c.Use):
        return T(f"bl.gloss.short.{command.ability}") if command.ability in TRIGGERS else None
    if isinstance(command, c.Map):  # a pitched battlefield's terrain, as Mythic's layouts say theirs
        return map_text(command.layout)
    if isinstance(command, c.Lore):
        gods = state.sides[role].gods if state is not None else {}
        deck = gods[command.god].deck if command.god in gods else []
        card = data.deities[command.god].lore.get(deck[0]) if deck else None
        return lore_text(card) if card is not None else None
    return None


def map_text(layout: str) -> Text | None:
    """ "Terrain: Hill ×8, Forest ×4, Brush ×2, Village ×1": what a battlefield choice lays out."""
    data = content()
    scenario = data.scenarios.get(layout)
    if scenario is None:
        return None
    glyphs = data.glyphs()
    counts: dict[str, int] = {}
    for row in scenario.map:
        for glyph in row:
            if glyph in glyphs:
                counts[glyphs[glyph]] = counts.get(glyphs[glyph], 0) + 1
    if not counts:
        return None
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return T(
        "bl.gloss.map", parts=[T("bl.gloss.map_part", terrain=T(f"bl.n.{tid}"), n=n) for tid, n in ranked]
    )


def _describe_with_texts(describe: Any) -> Any:
    """`/game hand`: the table's words for the hand, each Command card and face-up Lore card
    followed by its text (the hand is the player's own view)."""

    def described(view: Any) -> list[Text]:
        data = content()
        out: list[Text] = []
        for line in describe(view):
            out.append(line)
            if line.key == "blt.hand.card":
                code = str(line.params.get("code", ""))
                card = data.extra.get(code[1:]) if code.startswith("+") else data.deck.get(code)
                if card is not None:
                    out.append(T("bl.gloss.hand", text=card_text(card.act)))
            elif line.key in ("blt.hand.lore", "blt.hand.lore_ready"):
                card_key = line.params.get("card")
                parts = getattr(card_key, "key", "").split(".")  # bl.lore.<god>.<card>
                lore = (
                    data.deities[parts[2]].lore.get(parts[3])
                    if len(parts) == 4 and parts[2] in data.deities
                    else None
                )
                if lore is not None:
                    out.append(T("bl.gloss.hand", text=lore_text(lore)))
        return out

    return described


GAME.glossary = glossary  # type: ignore[attr-defined]
GAME.explain = explain  # type: ignore[attr-defined]
if callable(getattr(GAME, "describe", None)):
    GAME.describe = _describe_with_texts(GAME.describe)  # type: ignore[attr-defined]
