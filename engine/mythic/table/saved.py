"""Mythic Battles' saved armies (`GAME.setups`, engine/plugins.py): `/army save|list|show|
delete|check`. The bot stores them per user; this says what an army is, what it costs and
under which option sets it is valid, in the reader's words. Starter armies come from
data/presets.yaml and everyone may use them."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalCommand
from engine.i18n import T, Text
from engine.mythic.content import content
from engine.mythic.table.armies import (
    Army,
    army_faction,
    budget,
    find_starter,
    option_sets,
    options_for,
    parse_units,
    refusal,
    starters,
    unit_label,
)
from engine.plugins import Param

MIN_POINTS, MAX_POINTS = 20, 300  # what `/army check points:` accepts
FACTION_CHOICES = tuple((f, f"mythicbot.faction.choice.{f}") for f in ("athena", "hades"))


def faction_text(faction: str) -> Text:
    return T(f"mythic.faction.{faction}")


def sets_text(names: list[str]) -> Text | str:
    return [T(f"mythicbot.set.{n}") for n in names] if names else T("mythicbot.set.none")  # type: ignore[return-value]


def _refusal(options: Any, army: Army) -> Any:
    return refusal(options, army.faction, list(army.units))


def _validity(army: Army) -> list[Text]:
    """One line per option set: valid, or the engine's reason."""
    lines = []
    for set_name, options in option_sets().items():
        found = _refusal(options, army)
        label = T(f"mythicbot.set.{set_name}")
        lines.append(
            T("mythicbot.show.valid", set=label)
            if found is None
            else T("mythicbot.show.invalid", set=label, reason=found.text)
        )
    return lines


def _line(key: str, army: Army) -> Text:
    return T(
        key,
        name=army.title(),
        id=army.key,
        faction=faction_text(army.faction),
        count=len(army.units),
        cost=army.cost,
        sets=sets_text(army.valid_under()),
    )


class MythicArmies:
    command = "army"
    prefix = "mythicbot"
    max_saved = 25  # per user: what one autocomplete list can show
    max_name = 32

    def __init__(self, units_completer: Any) -> None:
        self.fields = (
            Param("faction", choices=FACTION_CHOICES),
            Param("units", required=True, max_length=2000, complete=units_completer),
        )
        self.check_params = (
            Param("points", kind="int", low=MIN_POINTS, high=MAX_POINTS),
            Param("teams", kind="flag"),
            Param("deckbuilding", kind="flag"),
        )

    def build(self, name: str, values: dict[str, Any]) -> Army:
        chosen = parse_units(values["units"])
        army = Army(name, army_faction(values.get("faction"), chosen), tuple(chosen))
        if not army.valid_under():
            raise IllegalCommand("mythicbot.err.invalid_everywhere", reasons=_validity(army))
        return army

    def load(self, name: str, data: dict[str, Any]) -> Army:
        return Army(name, data["faction"], tuple(data["units"].split()))

    def starters(self) -> list[Army]:
        return starters()

    def find_starter(self, name: str) -> Army | None:
        return find_starter(name)

    def saved_lines(self, army: Army, replaced: bool) -> list[Text]:
        return [
            T(
                "mythicbot.replaced" if replaced else "mythicbot.saved",
                name=army.key,
                faction=faction_text(army.faction),
                count=len(army.units),
                cost=army.cost,
                sets=sets_text(army.valid_under()),
            )
        ]

    def list_lines(self, mine: list[Army]) -> list[Text]:
        lines: list[Text] = [T("mythicbot.list.title", count=len(mine), limit=self.max_saved)]
        lines += [_line("mythicbot.list.line", a) for a in mine] or [T("mythicbot.list.none")]
        lines.append(T("mythicbot.list.starters"))
        lines += [_line("mythicbot.list.starter_line", a) for a in starters()]
        return lines

    def show_lines(self, army: Army) -> list[Text]:
        catalog = content().units
        factions = sorted({catalog[u].faction for u in army.units})
        return [
            _line("mythicbot.show.title", army),
            T(
                "mythicbot.show.units",
                units=[
                    T("mythicbot.show.unit", unit=unit_label(u), cost=catalog[u].cost) for u in army.units
                ],
            ),
            T("mythicbot.show.factions", factions=[faction_text(f) for f in factions]),
            *_validity(army),
        ]

    def check_lines(self, values: dict[str, Any]) -> list[Text]:
        """Live cost and the engine's verdict under the options given (points None: the
        variant's own, 100 or 60 in teams)."""
        options = options_for(
            {
                "points": values.get("points"),
                "teams": bool(values.get("teams")),
                "deckbuilding": bool(values.get("deckbuilding")),
            }
        )
        chosen = parse_units(values["units"])
        army = Army("", army_faction(values.get("faction"), chosen), tuple(chosen))
        found = _refusal(options, army)
        return [
            T(
                "mythicbot.check.line",
                faction=faction_text(army.faction),
                units=[unit_label(u) for u in chosen],
                count=len(chosen),
                cost=army.cost,
                points=budget(options),
            ),
            T("mythicbot.check.ok") if found is None else T("mythicbot.check.bad", reason=found.text),
        ]
