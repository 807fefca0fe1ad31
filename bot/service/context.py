"""One loaded game: its record, seats, engine and current state, with the seat look-ups
every service method needs."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pydantic import BaseModel

from bot.service.api import Where
from bot.service.timers import GameTimers
from bot.store import GameRecord, SeatRecord
from engine.protocol import Game, Role


@dataclass
class Table:
    record: GameRecord
    seats: list[SeatRecord]
    game: Game
    state: Any = None  # None in the lobby
    timers: GameTimers = GameTimers()  # chosen at /game new; the guild's settings otherwise
    orders: dict[Role, dict[str, str]] = field(default_factory=dict)  # standing orders by role
    # what the engine derives from `state` (views, legal commands, who is active), computed once
    # per state: a move's DM check, images, buttons and autocomplete all read the same ones
    derived: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def where(self) -> Where:
        return Where(self.record.guild, self.record.channel)

    def options(self) -> BaseModel:
        return self.game.Options.model_validate(self.record.options)

    def roles(self) -> list[Role]:
        return list(self._roles)

    @cached_property
    def _roles(self) -> tuple[Role, ...]:
        return tuple(self.game.roles(self.options()))

    def seat(self, role: Role) -> SeatRecord | None:
        return next((s for s in self.seats if s.role == role), None)

    def seat_of(self, user_id: str) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def free_roles(self) -> list[Role]:
        taken = {s.role for s in self.seats}
        return [r for r in self.roles() if r not in taken]

    def humans(self) -> list[SeatRecord]:
        return [s for s in self.seats if not s.is_ai]

    def names(self) -> dict[Role, str]:
        return {s.role: s.name for s in self.seats}

    def name(self, role: Role) -> str:
        seat = self.seat(role)
        return seat.name if seat else role

    def winners_without(self, roles: list[Role]) -> list[Role]:
        """Who wins when `roles` lose outside the rules (resignation, timeout): in a team game
        (a state with `allies`) their teammates lose with them."""
        allies = getattr(self.state, "allies", None)
        losing = {a for r in roles for a in allies(r)} if callable(allies) else set(roles)
        return [r for r in self.roles() if r not in losing]

    def active(self) -> frozenset[Role]:
        if self.state is None or self.record.status != "running":
            return frozenset()
        found = self.derived.get("active")
        if found is None:
            found = self.derived["active"] = frozenset(self.game.active(self.state))
        return found

    def view(self, role: Role | None) -> Any:
        """`game.view(state, role)`, once per state (None: the public view). Shared: never
        changed by its readers."""
        key = ("view", role)
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = self.game.view(self.state, role)
        return found

    def legal(self, role: Role) -> list[Any]:
        """`game.legal(state, role)`, once per state. Shared: never changed by its readers."""
        key = ("legal", role)
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = self.game.legal(self.state, role)
        return found

    def active_humans(self) -> list[SeatRecord]:
        active = self.active()
        return [s for s in self.humans() if s.role in active]

    def ai_to_move(self) -> SeatRecord | None:
        active = self.active()
        return next(
            (s for s in sorted(self.seats, key=lambda s: s.role) if s.is_ai and s.role in active), None
        )

    def window(self, role: Role) -> Any:
        """The reaction window the role must answer now (optional `GAME.window`), or None."""
        hook = getattr(self.game, "window", None)
        if hook is None or role not in self.active():
            return None
        return hook(self.state, role)

    def standing(self) -> tuple[SeatRecord, Any, bool] | None:
        """A human seat whose decision now plays itself, with the command and whether it was
        forced: the game's forced move (optional `GAME.forced`: no real choice), else the
        seat's standing orders' answer."""
        forced = getattr(self.game, "forced", None)
        hook = getattr(self.game, "standing", None) if self.orders else None
        for seat in self.active_humans():
            command = forced(self.state, seat.role) if forced is not None else None
            if command is not None:
                return seat, command, True
            command = hook(self.state, seat.role, self.orders.get(seat.role, {})) if hook else None
            if command is not None:
                return seat, command, False
        return None

    def decision(self, role: Role) -> Any:
        """What the role is deciding now (optional `GAME.decision`; None without it)."""
        hook = getattr(self.game, "decision", None)
        if hook is None or role not in self.active():
            return None
        return hook(self.state, role)

    def waiting_names(self) -> list[str]:
        """Players an open undo/abort request still waits for."""
        pending = self.record.pending or {}
        waiting = set(pending.get("need", [])) - set(pending.get("agreed", []))
        return [s.name for s in self.humans() if s.user_id in waiting]

    def requester_name(self) -> str:
        """Who opened the pending request: a seat's name, else the name they had (a server
        manager may ask without a seat)."""
        pending = self.record.pending or {}
        seat = self.seat_of(pending.get("by", ""))
        return seat.name if seat else pending.get("by_name", "?")

    def moved(self, record: GameRecord, state: Any = None) -> Table:
        """The same table after a write: new record, and the new state if one is given (what
        was derived from the state is kept while the state is the same)."""
        if state is None or state is self.state:
            return replace(self, record=record)
        return replace(self, record=record, state=state, derived={})

    def game_name(self, locale: str) -> str:
        return self.game.names.get(locale) or self.game.names.get("en") or self.game.id
