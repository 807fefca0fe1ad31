"""`/mythic recruit|activate|move|attack|convert|pass|done|end` at a Mythic Battles table.

Each command becomes the notation `/play` would take and goes through the table service's
`play` (same checks, same errors, same public presentation); autocomplete lists come from
its `legal_moves`. Only the game's options and the public board (who stands where, for
labels) are read here.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.mythic import moves
from bot.mythic.armies import (
    Army,
    army_faction,
    budget,
    infer_faction,
    next_units,
    parse_units,
    refusal,
    short_code,
    split_units,
    unit_text,
)
from bot.mythic.saved import SavedArmies, faction_text
from bot.service.api import Actor, Image, Message, Reply, UserError, Where
from bot.service.images import image_name
from engine import get_game
from engine.i18n import T, render
from engine.mythic.recruitment import army_cost
from engine.protocol import Game
from render.mythic import roster_png

GAME_ID = "mythic"
Choice = moves.Choice


class TableCommands(SavedArmies):
    # ---- the channel's game -------------------------------------------------------------

    async def _record(self, where: Where) -> Any:
        record = await self.store.channel_game(where.guild_id, where.channel_id)
        if record is None:
            raise UserError("bot.err.no_game")
        if record.game != GAME_ID:
            raise UserError("mythicbot.err.not_mythic")
        return record

    @staticmethod
    def _game() -> Game:
        return get_game(GAME_ID)

    async def game_options(self, where: Where) -> Any:
        return self._game().Options.model_validate((await self._record(where)).options)

    async def _public_view(self, record: Any) -> Any:
        """The PUBLIC view of the game's current state (None before it starts)."""
        raw = await self.store.current_state(record.id) if record.status in ("running", "finished") else None
        if raw is None:
            return None
        game = self._game()
        return game.view(game.load_state(json.loads(raw)), None)

    async def units_at(self, where: Where) -> dict[str, str]:
        """Square -> unit id of the units on the board, from the PUBLIC view."""
        record = await self._record(where)
        view = await self._public_view(record) if record.status == "running" else None
        return {u.square: u.unit for u in view.units if u.square} if view else {}

    # ---- rosters ------------------------------------------------------------------------------

    async def _seat_names(self, record: Any) -> dict[str, str]:
        return {s.role: s.name for s in await self.store.seats(record.id)}

    async def player_choices(self, where: Where, typed: str) -> list[Choice]:
        """The generals of this game as "Alice (p1)", for `/mythic roster`."""
        names = await self._seat_names(await self._record(where))
        wanted = typed.strip().casefold()
        return [
            (f"{name} ({role})"[:100], role)
            for role, name in names.items()
            if not wanted or wanted in name.casefold() or role.startswith(wanted)
        ][:25]

    async def roster(self, where: Where, actor: Actor, player: str | None = None) -> Reply:
        """One army's roster image (001 §I "Unit cards": each unit's stack and its top card's
        characteristics and talents), from the public view: every general's army, or only
        that it is still secret while armies are being recruited. For the invoking user only."""
        record = await self._record(where)
        view = await self._public_view(record)
        if view is None:
            raise UserError("mythicbot.err.not_started")
        seats = await self.store.seats(record.id)
        names = {s.role: s.name for s in seats}
        mine = next((s.role for s in seats if s.user_id == actor.user_id), None)
        role = _general(player, names, mine, view.roles)
        data = await asyncio.to_thread(roster_png, view, role, names, actor.locale)
        caption = T("mythicbot.roster.caption", name=names.get(role, role), id=record.id)
        image = Image(filename=image_name(f"roster-{names.get(role, role)}", record.seq), data=data)
        return Reply([Message(lines=[caption], image=image, ephemeral=True, locale=actor.locale)])

    # ---- recruiting -------------------------------------------------------------------------

    async def recruit(
        self,
        tables: Any,
        where: Where,
        actor: Actor,
        army: str | None = None,
        faction: str | None = None,
        units: str | None = None,
    ) -> Reply:
        """Recruit a saved or starter army, or one typed here; the army stays secret: the
        channel learns only that this player has recruited (000 §"Recruter des Unités")."""
        await self._record(where)
        if army:
            chosen = await self.find_army(actor, army)
        elif units:
            listed = parse_units(units)
            chosen = Army("", army_faction(faction, listed), tuple(listed))
        else:
            raise UserError("mythicbot.err.recruit_what")
        reply = await tables.play(where, actor, chosen.notation())
        title = chosen.title() or T("mythicbot.recruit.typed")
        reply.messages.append(
            Message(
                lines=[
                    T(
                        "mythicbot.recruit.done",
                        name=title,
                        faction=faction_text(chosen.faction),
                        cost=chosen.cost,
                    )
                ],
                ephemeral=True,
                locale=actor.locale,
            )
        )
        return reply

    async def army_choices(self, where: Where, actor: Actor, typed: str) -> list[Choice]:
        """Saved and starter armies, each with its cost and whether it fits this game."""
        options = await self.game_options(where)
        wanted = typed.strip().casefold()
        out = []
        for army in await self.army_names(actor):
            title = render(army.title(), actor.locale)
            if wanted and wanted not in title.casefold() and not army.key.casefold().startswith(wanted):
                continue
            found = refusal(options, army.faction, list(army.units))
            status = (
                T("mythicbot.choice.fits")
                if found is None
                else T("mythicbot.choice.misfit", reason=found.text)
            )
            label = render(
                T("mythicbot.choice.army", name=title, cost=army.cost, status=status), actor.locale
            )
            out.append((label[:100], army.key))
        return out[:25]

    def unit_choices(self, options: Any, faction: str | None, typed: str, locale: str) -> list[Choice]:
        """The builder: the list typed so far (with its verdict when complete), then each
        unit that may come next as "Cerberus (29) · 58/100"."""
        done, _, partial = _split_last(typed)
        try:
            chosen = [*map(str, parse_units(done))] if split_units(done) else []
        except UserError:
            return []
        side = faction if faction in ("athena", "hades") else infer_faction(chosen)
        total, points = army_cost(chosen), budget(options)
        codes = [short_code(u) for u in chosen]
        out: list[Choice] = []
        if chosen and not partial:
            found = refusal(options, side, chosen) if side else None
            verdict = (
                T("mythicbot.choice.list_ok", count=len(chosen), total=total, points=points)
                if side and found is None
                else T(
                    "mythicbot.choice.list_bad",
                    total=total,
                    points=points,
                    reason=found.text if found else T("mythicbot.err.which_faction"),
                )
            )
            out.append((render(verdict, locale), " ".join(codes)))
        for unit in next_units(options, side, chosen, partial, locale):
            name = unit_text(unit.id, locale)
            suffix = f" ({unit.cost}) · {total + unit.cost}/{points}"
            out.append((name[: 100 - len(suffix)] + suffix, " ".join([*codes, short_code(unit.id)])[:100]))
        return out[:25]

    async def recruit_unit_choices(
        self, where: Where, actor: Actor, faction: str | None, typed: str
    ) -> list[Choice]:
        return self.unit_choices(await self.game_options(where), faction, typed, actor.locale)

    # ---- convenience moves ------------------------------------------------------------------

    async def _legal(self, tables: Any, where: Where, actor: Actor) -> list[str]:
        await self._record(where)
        return await tables.legal_moves(where, actor)

    async def move_choices(
        self, tables: Any, where: Where, actor: Actor, kind: str, typed: str, other: str | None = None
    ) -> list[Choice]:
        """Autocomplete for one parameter of a convenience command; `other` is the value
        already given for its companion parameter (the unit of a move, the attacker...)."""
        legal = await self._legal(tables, where, actor)
        locale = actor.locale
        if kind == "activate":
            return moves.activate_choices(legal, typed, locale)
        if kind == "convert":
            return moves.convert_choices(legal, typed, locale)
        units_at = await self.units_at(where)
        companion = _square(other, units_at)
        pick = {
            "to": lambda: moves.destination_choices(legal, units_at, typed, locale, companion),
            "mover": lambda: moves.mover_choices(legal, units_at, typed, locale),
            "target": lambda: moves.target_choices(legal, units_at, typed, locale, companion),
            "attacker": lambda: moves.attacker_choices(legal, units_at, typed, locale),
        }
        return pick[kind]()

    async def activate(self, tables: Any, where: Where, actor: Actor, unit: str) -> Reply:
        await self._record(where)
        return await tables.play(where, actor, moves.activate_notation(unit))

    async def move(self, tables: Any, where: Where, actor: Actor, to: str, unit: str | None = None) -> Reply:
        legal = await self._legal(tables, where, actor)
        notation = moves.move_notation(legal, await self.units_at(where), to, unit)
        return await tables.play(where, actor, notation)

    async def attack(
        self, tables: Any, where: Where, actor: Actor, target: str, attacker: str | None = None
    ) -> Reply:
        legal = await self._legal(tables, where, actor)
        notation = moves.attack_notation(legal, await self.units_at(where), target, attacker)
        return await tables.play(where, actor, notation)

    async def convert(self, tables: Any, where: Where, actor: Actor, card: str) -> Reply:
        await self._record(where)
        return await tables.play(where, actor, moves.convert_notation(card))

    async def simple(self, tables: Any, where: Where, actor: Actor, word: str) -> Reply:
        """`pass`, `done` and `end`."""
        await self._record(where)
        return await tables.play(where, actor, word)


def _general(player: str | None, names: dict[str, str], mine: str | None, roles: list[str]) -> str:
    """The role named by `player` (a role or a seat's name, any case); without it the
    invoking user's own seat (`mine`), else the first general."""
    if not player:
        return mine if mine in roles else roles[0]
    wanted = player.strip().casefold()
    for role in roles:
        if wanted in (role.casefold(), names.get(role, "").casefold()):
            return role
    raise UserError(
        "mythicbot.err.no_player", player=player, players=[f"{n} ({r})" for r, n in names.items()]
    )


def _split_last(typed: str) -> tuple[str, str, str]:
    """("cerb mara", " ", "leg"): the units typed in full and the one being typed."""
    sep = "," if "," in typed else " "
    head, found, tail = typed.rpartition(sep)
    return (head, found, tail.strip()) if found else ("", "", typed.strip())


def _square(value: str | None, units_at: dict[str, str]) -> str | None:
    if not value:
        return None
    try:
        return moves.square_of(value, units_at, set(units_at))
    except UserError:
        return None
