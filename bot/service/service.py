"""`TableService`: the one entry point of every adapter (Discord, the local table, tests).

Every method takes `(where, actor, ...)` and returns a `Reply`, or raises `UserError` /
`IllegalCommand` having changed nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.service.api import Actor, Reply, UserError, Where
from bot.service.buttons import decode
from bot.service.clock import ClockMixin
from bot.service.directory import DirectoryMixin
from bot.service.glossary import GlossaryMixin
from bot.service.hall import HallMixin
from bot.service.info import InfoMixin
from bot.service.lobby import LobbyMixin
from bot.service.orders import OrdersMixin
from bot.service.play import PlayMixin
from bot.service.present import Draft
from bot.service.requests import RequestsMixin

# button actions that show something and change nothing: valid at any revision
INFORMATIONAL = {"hand"}
MOVES = {"play", "pick"}  # button actions that are a move (`_play`): they write only through it


class TableService(
    LobbyMixin,
    PlayMixin,
    RequestsMixin,
    InfoMixin,
    ClockMixin,
    OrdersMixin,
    DirectoryMixin,
    HallMixin,
    GlossaryMixin,
):
    async def press(self, where: Where, actor: Actor, custom_id: str) -> Reply:
        """A button click. The game comes from the id (buttons also sit in DMs); a click
        made for another revision is refused, so a double click applies once."""
        pressed = decode(custom_id)
        # a move's button: the game's channel and table as kept in memory, if they are (the
        # move's write is then conditional on the game's row being unchanged: see `Attempt`)
        trust = pressed.action in MOVES
        where = self._where_kept(pressed.game_id) if trust else None
        if where is None:
            record = await self.store.get_game(pressed.game_id)
            if record is None:
                raise UserError("bot.err.no_such_game", id=pressed.game_id)
            where = Where(record.guild, record.channel)

        async def attempt() -> Draft:
            table = await self._game_table(pressed.game_id)
            if table.record.status == "aborted":
                self._started(table)  # a lobby cancelled before it started: say so, whatever the button
            if pressed.action not in INFORMATIONAL and pressed.rev != table.record.rev:
                raise UserError("bot.err.stale_button")
            handlers: dict[str, Callable[[], Awaitable[Draft]]] = {
                "play": lambda: self._play(table, actor, move=pressed.arg),
                "pick": lambda: self._pick(table, actor, pressed.arg),
                "join": lambda: self._join(table, actor, None),
                "start": lambda: self._start_lobby(table, actor),
                "undo_ok": lambda: self._answer(table, actor, "undo", True),
                "undo_no": lambda: self._answer(table, actor, "undo", False),
                "abort_ok": lambda: self._answer(table, actor, "abort", True),
                "abort_no": lambda: self._answer(table, actor, "abort", False),
                "rematch": lambda: self._rematch(table, actor),
                "hand": lambda: self._hand(table, actor),
            }
            handler = handlers.get(pressed.action)
            if handler is None:
                raise UserError("bot.err.bad_button")
            return await handler()

        return await self._run(where, "press", attempt, trust=trust)
