"""`/army save|list|show|delete|check`: a player's saved armies, private to them, beside
the starter armies everyone may use."""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from typing import Any

from bot.mythic import repo
from bot.mythic.armies import (
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
from bot.service.api import Actor, Message, Reply, UserError, Where
from engine.i18n import T, Text
from engine.mythic.content import content

MAX_ARMIES = 25  # per user: what one autocomplete list can show
MAX_NAME = 32
MIN_POINTS, MAX_POINTS = 20, 300  # what `/army check points:` accepts


def private(actor: Actor, *lines: Text) -> Reply:
    """Only the invoking user sees it, in their language."""
    return Reply([Message(lines=list(lines), ephemeral=True, locale=actor.locale)])


def faction_text(faction: str) -> Text:
    return T(f"mythic.faction.{faction}")


def sets_text(names: list[str]) -> Text | str:
    return [T(f"mythicbot.set.{n}") for n in names] if names else T("mythicbot.set.none")  # type: ignore[return-value]


def clean_name(name: str) -> str:
    text = " ".join(name.split())
    if not 1 <= len(text) <= MAX_NAME or any(unicodedata.category(c).startswith("C") for c in text):
        raise UserError("mythicbot.err.name", limit=MAX_NAME)
    return text


class SavedArmies:
    def __init__(self, store: Any, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def find_army(self, actor: Actor, name: str) -> Army:
        """The actor's saved army of that name, else the starter of that id or name."""
        async with self.store.reading() as conn:
            found = await repo.army(conn, actor.user_id, name.strip())
            if found is not None:
                return found
            known = [a.key for a in await repo.armies(conn, actor.user_id)]
        starter = find_starter(name)
        if starter is None:
            raise UserError("mythicbot.err.no_army", name=name, known=", ".join(known) or "–")
        return starter

    async def army_names(self, actor: Actor) -> list[Army]:
        """The actor's saved armies, then the starters: for autocomplete."""
        async with self.store.reading() as conn:
            return [*await repo.armies(conn, actor.user_id), *starters()]

    async def save(self, where: Where, actor: Actor, name: str, faction: str | None, units: str) -> Reply:
        name = clean_name(name)
        if find_starter(name) is not None:
            raise UserError("mythicbot.err.starter_name", name=name)
        chosen = parse_units(units)
        side = army_faction(faction, chosen)
        army = Army(name, side, tuple(chosen))
        valid = army.valid_under()
        if not valid:
            raise UserError("mythicbot.err.invalid_everywhere", reasons=_validity(army))
        async with self.store.transaction() as conn:
            replacing = await repo.army(conn, actor.user_id, name)
            if replacing is None and await repo.count(conn, actor.user_id) >= MAX_ARMIES:
                raise UserError("mythicbot.err.limit", limit=MAX_ARMIES)
            await repo.put(conn, actor.user_id, army, self.clock())
        key = "mythicbot.replaced" if replacing else "mythicbot.saved"
        return private(
            actor,
            T(
                key,
                name=name,
                faction=faction_text(side),
                count=len(chosen),
                cost=army.cost,
                sets=sets_text(valid),
            ),
        )

    async def list_armies(self, where: Where, actor: Actor) -> Reply:
        async with self.store.reading() as conn:
            mine = await repo.armies(conn, actor.user_id)
        lines: list[Text] = [T("mythicbot.list.title", count=len(mine), limit=MAX_ARMIES)]
        lines += [_line("mythicbot.list.line", a) for a in mine] or [T("mythicbot.list.none")]
        lines.append(T("mythicbot.list.starters"))
        lines += [_line("mythicbot.list.starter_line", a) for a in starters()]
        return private(actor, *lines)

    async def show(self, where: Where, actor: Actor, name: str) -> Reply:
        army = await self.find_army(actor, name)
        catalog = content().units
        factions = sorted({catalog[u].faction for u in army.units})
        lines = [
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
        return private(actor, *lines)

    async def delete(self, where: Where, actor: Actor, name: str) -> Reply:
        async with self.store.transaction() as conn:
            found = await repo.army(conn, actor.user_id, name.strip())
            if found is None or not await repo.delete(conn, actor.user_id, found.key):
                raise UserError("mythicbot.err.no_saved_army", name=name)
        return private(actor, T("mythicbot.deleted", name=found.key))

    async def check(
        self,
        where: Where,
        actor: Actor,
        faction: str | None,
        units: str,
        points: int | None = None,
        teams: bool = False,
        deckbuilding: bool = False,
    ) -> Reply:
        """Live cost and the engine's verdict under the options given."""
        # points None: the variant's own (100, or 60 in teams)
        options = options_for({"points": points, "teams": teams, "deckbuilding": deckbuilding})
        chosen = parse_units(units)
        side = army_faction(faction, chosen)
        army = Army("", side, tuple(chosen))
        found = _refusal(options, army)
        return private(
            actor,
            T(
                "mythicbot.check.line",
                faction=faction_text(side),
                units=[unit_label(u) for u in chosen],
                count=len(chosen),
                cost=army.cost,
                points=budget(options),
            ),
            T("mythicbot.check.ok") if found is None else T("mythicbot.check.bad", reason=found.text),
        )


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
