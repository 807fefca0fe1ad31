"""Armies outside a game: reading a typed unit list, the builder's next-unit choices, the
starter armies, and validity under the usual option sets.

Every rule comes from the engine (`check_army`, 000 §"Recruter des Unités" / 001
§"Recruiting Units"); this module only reads its refusals: an army that is merely short of
units or points is still being built, anything else is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.errors import IllegalCommand
from engine.i18n import T, Text, render
from engine.mythic.content import UnitDef, content
from engine.mythic.recruitment import FACTIONS, army_cost, check_army
from engine.mythic.state import Options

# The option sets a saved army is judged under: a duel (100 points), the four-player variant
# (60 points each, 001 §"Variant: 4-Player Battle") and deck building (001 §"Variant: Deck
# Building"); the engine's Options give each its points.
OPTION_SETS: dict[str, dict[str, Any]] = {
    "duel": {},
    "teams": {"teams": True},
    "deckbuilding": {"deckbuilding": True},
}
STILL_BUILDING = {"mythic.err.army_size": "count", "mythic.err.army_cost": "cost"}
SHORT_CODE = 4  # the builder's values name units by a short unique prefix of their id


def options_for(raw: dict[str, Any]) -> BaseModel:
    """Mythic `Options` from `raw` (keys that are no option, such as a command's other
    parameters, are dropped; an omitted or None `points` is the variant's own)."""
    return Options.model_validate({k: v for k, v in raw.items() if k in Options.model_fields})


def option_sets() -> dict[str, BaseModel]:
    """The option sets to judge a saved army under, by name."""
    return {name: options_for(raw) for name, raw in OPTION_SETS.items()}


def budget(options: BaseModel) -> int:
    return options.points  # type: ignore[attr-defined]


# ---- naming units ---------------------------------------------------------------------


def unit_label(unit_id: str) -> Text:
    names = content().units[unit_id].display()
    return T("mythic.name", en=names.en, fr=names.fr)


def unit_text(unit_id: str, locale: str) -> str:
    return render(unit_label(unit_id), locale)


def _names(unit: UnitDef) -> list[str]:
    shown = unit.display()
    return [n.casefold() for n in (unit.name.en, unit.name.fr, shown.en, shown.fr)]


def resolve_unit(token: str) -> str:
    """A unit id from its id, a unique prefix of it, or its English or French name (or a
    unique beginning or part of one): what players type in a unit list."""
    wanted = token.strip().casefold()
    units = content().units
    if wanted in units:
        return wanted
    for finder in (
        lambda u: wanted in _names(u),
        lambda u: u.id.startswith(wanted),
        lambda u: any(n.startswith(wanted) for n in _names(u)),
        lambda u: any(wanted in n for n in _names(u)),
    ):
        found = [u.id for u in units.values() if finder(u)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise IllegalCommand(
                "mythicbot.err.ambiguous_unit", unit=token, candidates=[unit_label(u) for u in found[:6]]
            )
    raise IllegalCommand("mythicbot.err.unknown_unit", unit=token)


def split_units(text: str) -> list[str]:
    """`cerberus, marauders` or `cerberus marauders`: commas when names have spaces."""
    pieces = text.split(",") if "," in text else text.split()
    return [p.strip() for p in pieces if p.strip()]


def parse_units(text: str) -> list[str]:
    units = [resolve_unit(p) for p in split_units(text)]
    if not units:
        raise IllegalCommand("mythicbot.err.no_units")
    return units


def short_code(unit_id: str) -> str:
    """The shortest prefix of the id (at least SHORT_CODE letters) no other unit id starts with."""
    others = [u for u in content().units if u != unit_id]
    for length in range(SHORT_CODE, len(unit_id)):
        prefix = unit_id[:length]
        if not any(o.startswith(prefix) for o in others):
            return prefix
    return unit_id


def infer_faction(units: list[str]) -> str | None:
    """The faction an army of these units serves: that of its first non-neutral unit."""
    catalog = content().units
    return next((catalog[u].faction for u in units if u in catalog and catalog[u].faction != "neutral"), None)


# ---- judging --------------------------------------------------------------------------


def refusal(options: BaseModel, faction: str, units: list[str]) -> IllegalCommand | None:
    return check_army(options, faction, units)


def can_grow(options: BaseModel, faction: str | None, units: list[str]) -> bool:
    """True when `units` is a valid army, or one that only lacks units or points (what a
    builder may still complete), under `options` for the faction (any, when None)."""
    if army_cost(units) > budget(options):
        return False
    for side in [faction] if faction else FACTIONS:
        found = check_army(options, side, units)
        if found is None:
            return True
        param = STILL_BUILDING.get(found.text.key)
        if param is not None and found.text.params[param] < found.text.params["low"]:
            return True
    return False


def next_units(
    options: BaseModel, faction: str | None, chosen: list[str], typed: str, locale: str
) -> list[UnitDef]:
    """The units the builder may add next: allowed, not chosen yet, within the budget,
    matching what was typed (id or name in the reader's language); dearest first."""
    wanted = typed.strip().casefold()
    shown = []
    for unit in content().units.values():
        if unit.id in chosen or not can_grow(options, faction, [*chosen, unit.id]):
            continue
        if wanted and not (unit.id.startswith(wanted) or wanted in unit_text(unit.id, locale).casefold()):
            continue
        shown.append(unit)
    return sorted(shown, key=lambda u: (-u.cost, unit_text(u.id, locale)))


@dataclass(frozen=True)
class Army:
    """A named army: a saved one (`starter` False) or a ready-made one from presets.yaml."""

    key: str  # the saved name, or the preset's id
    faction: str
    units: tuple[str, ...]
    starter: bool = False

    @property
    def cost(self) -> int:
        return army_cost(self.units)

    def title(self) -> Text | str:
        if not self.starter:
            return self.key
        names = content().armies[self.key].name
        return T("mythic.name", en=names.en, fr=names.fr)

    def notation(self) -> str:
        return " ".join(["army", self.faction, *self.units])

    def data(self) -> dict[str, Any]:
        """What the bot stores for a saved army (engine/plugins.py `SavedSetup`)."""
        return {"faction": self.faction, "units": " ".join(self.units)}

    def valid_under(self) -> list[str]:
        return [
            name
            for name, options in option_sets().items()
            if check_army(options, self.faction, self.units) is None
        ]


def starters() -> list[Army]:
    return [Army(a, p.faction, p.units, starter=True) for a, p in content().armies.items()]


def find_starter(name: str) -> Army | None:
    """A starter by id or by its name in either language."""
    wanted = name.strip().casefold()
    for army in starters():
        names = content().armies[army.key].name
        if wanted in (army.key, names.en.casefold(), names.fr.casefold()):
            return army
    return None


def check_faction(faction: str) -> str:
    found = faction.strip().lower()
    if found not in FACTIONS:
        raise IllegalCommand("mythic.err.unknown_faction", faction=faction)
    return found


def army_faction(faction: str | None, units: list[str]) -> str:
    """The faction given, else the one the units serve (`infer_faction`)."""
    side = check_faction(faction) if faction else infer_faction(units)
    if side is None:
        raise IllegalCommand("mythicbot.err.which_faction")
    return side
