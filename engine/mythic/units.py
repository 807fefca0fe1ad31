"""A unit's current characteristics: the top card of its stack (001 §"Evolution of Vitality")."""

from __future__ import annotations

from engine.i18n import T, Text
from engine.mythic.content import Level, TalentUse, UnitDef, content
from engine.mythic.state import State, Unit


def udef(unit: Unit) -> UnitDef:
    return content().units[unit.card]


RAGE = "rage_of_the_lion"


def raging(state: State, unit: Unit) -> bool:
    """Rage of the Lion (000 §"Rage du Lion") is on for this unit: used in its activation,
    or announced with its counter-attack's talents, which lasts that combat (readings)."""
    act = state.activation
    if act is not None and act.rage and act.uid == unit.uid:
        return True
    fight = state.combat
    return fight is not None and RAGE in fight.used.get(unit.uid, ())


def card(state: State, unit: Unit) -> Level:
    """The card whose characteristics apply now. Rage of the Lion lends the Vitality 7
    card's characteristics (001 §"List of Talents": "the Nemean Lion has the Characteristics
    of those on his Vitality 7 Unit card"); the talents stay those of the current card."""
    levels = udef(unit).levels
    if raging(state, unit):
        rage = levels[max(levels)]
        return rage.model_copy(update={"talents": levels[unit.vit].talents})
    return levels[unit.vit]


def talent(state: State, unit: Unit, talent_id: str) -> TalentUse | None:
    if unit.vit <= 0:
        return None
    return udef(unit).levels[unit.vit].talents.get(talent_id)


def flying(unit: Unit) -> bool:
    return udef(unit).flying


def unit_name(unit_id: str) -> Text:
    """A unit's name for events, rendered in the reader's language (see locales: {en}/{fr})."""
    names = content().units[unit_id].display()
    return T("mythic.name", en=names.en, fr=names.fr)


def name_of(unit: Unit) -> Text:
    return unit_name(unit.card)


def leadership(state: State, card_id: str, owner: str) -> int:
    """001 §"The Maneuver Cards": a card is worth its unit's Leadership, 1 if the unit is destroyed."""
    for u in state.units:
        if u.owner == owner and u.card == card_id:
            return udef(u).leadership if u.vit > 0 else 1
    return 1
