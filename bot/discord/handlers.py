"""The three ways an interaction reaches the service: a command, a button click, autocomplete.

Work races a short timer (`DEFER_AFTER`): if the service has not answered by then the
interaction is deferred, so it is always acknowledged well within Discord's 3 seconds
while quick refusals still arrive as a direct ephemeral answer. Work that stores a move has
the interaction acknowledged before the move's transaction, timer or not (bot/store/outbox.py
`acknowledged`): a move is never stored for an interaction nobody could answer any more.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands

from bot.discord.answer import Answer
from bot.discord.buttons import button_action, game_of, is_registered
from bot.discord.choices import ALIAS, VALUE_LIMIT, choice_value, expand, matching, narrow
from bot.discord.context import actor_of, user_locale, where_of
from bot.discord.errors import error_reply, log_unexpected
from bot.service import thinking
from bot.service.api import Actor, Message, Reply, UserError, Where
from bot.service.chains import SEPARATOR
from bot.store.outbox import CLICK, Unacknowledged, begin
from engine.errors import IllegalCommand
from engine.i18n import T, t

log = logging.getLogger("agora.discord")
DEFER_AFTER = 0.2
# Commands and clicks doing the service's work at once; the others wait their turn, already
# deferred. Past this, more work in flight only lengthens the event loop's queue, and
# autocomplete (never capped: it must answer within Discord's 3 s) waits behind it.
# bench/discord.py, 200 games: autocomplete p99 2.95 s (82 past 3 s) uncapped, 0.70 s at 16.
WORK_SLOTS = 16
Call = Callable[[Any, Where, Actor], Awaitable[Reply]]


class _Slot:
    """One command's work slot, lent back while its work waits on nothing of the event loop's:
    a table whose AI seat thinks in its worker process (seconds) holds up no other table's
    commands (bench/discord.py --ai-tables: with 4 such tables holding 4 of the 16 slots,
    the human tables' moves waited for a slot and their acknowledgement median went from
    75 to 200 ms)."""

    def __init__(self, slots: asyncio.Semaphore) -> None:
        self.slots, self.held = slots, False

    async def __aenter__(self) -> _Slot:
        await self.slots.acquire()
        self.held = True
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.held:  # not after a lending cancelled before the slot came back
            self.held = False
            self.slots.release()

    @asynccontextmanager
    async def lent(self) -> AsyncIterator[None]:
        self.held = False
        self.slots.release()
        try:
            yield
        finally:
            await self.slots.acquire()
            self.held = True


async def _in_turn(bot: Any, call: Call, where: Where, actor: Actor) -> Reply:
    slots = getattr(bot, "work_slots", None)
    if slots is None:  # one per bot (and so per event loop), made on first use
        slots = bot.work_slots = asyncio.Semaphore(WORK_SLOTS)
    async with _Slot(slots) as slot:
        # set in this task's own context (`_answer` runs this as a task), which ends with it:
        # no reset, which would fail when the loop closes the task from another context
        thinking.LENT.set(slot.lent)
        return await call(bot.service, where, actor)


async def _answer(
    interaction: discord.Interaction, call: Call, public: bool, doing: str, game: str | None
) -> None:
    bot: Any = interaction.client
    where, actor = where_of(interaction), actor_of(interaction)
    answer = Answer(interaction, bot.delivery)
    # the moves this interaction records owe their announcement (a click's never rides on its answer)
    owed = begin((CLICK if answer.is_click else "") + interaction.token)
    # "thinking..." remembered (durable) before it shows: a crash after the defer always finds it
    owed.acknowledge = answer.acknowledger(where, public)
    work = asyncio.ensure_future(_in_turn(bot, call, where, actor))
    done, _ = await asyncio.wait({work}, timeout=DEFER_AFTER)
    if not done:
        await owed.acknowledge()
    try:
        reply = await work
    except Unacknowledged:  # Discord gave up on it before its move was stored: nothing changed
        log.warning("interaction %s expired before it was acknowledged; not played", interaction.id)
        await bot.delivery.delivered(owed, deferred=await answer.row())  # its "thinking" row goes
        return
    except Exception as exc:  # the error mapper decides what the user reads
        reply = error_reply(exc, doing, game)
    # the game's channel: a click in a DM gets its public messages posted there
    target = reply.where or where
    try:
        await answer.send(reply, target.channel_id)
        await bot.delivery.delivered(owed, deferred=await answer.row())
    except Exception as exc:  # the service's work is done; a failed send must not look like its failure
        log_unexpected(
            exc, f"{doing}: sending the reply", game if reply.game_id is None else str(reply.game_id)
        )


async def run_command(interaction: discord.Interaction, call: Call, *, public: bool = True) -> None:
    """Run a slash command: `call(service, where, actor)` returns the Reply to present."""
    name = interaction.command.qualified_name if interaction.command else "command"
    await _answer(interaction, call, public, f"/{name} in channel {interaction.channel_id}", None)


async def press(interaction: discord.Interaction, custom_id: str) -> None:
    """A click on a game button, wherever the button is (channel or DM)."""

    async def call(service: Any, where: Where, actor: Actor) -> Reply:
        return await service.press(where, actor, custom_id)

    await _answer(interaction, call, True, f"button {button_action(custom_id)}", game_of(custom_id))


async def answer_unknown_click(interaction: discord.Interaction, kinds: list[Any]) -> bool:
    """A click whose id no registered button handles (a feature since removed, another
    version's message): discord.py routes it nowhere and the user would read "This interaction
    failed". It is answered, only to the clicker, that the button is no longer valid."""
    if interaction.type != discord.InteractionType.component:
        return False
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    if is_registered(custom_id, kinds):
        return False
    bot: Any = interaction.client
    reply = Reply([Message(lines=[T("bot.err.bad_button")], ephemeral=True)])
    try:
        await Answer(interaction, bot.delivery).send(reply, interaction.channel_id)
    except discord.HTTPException as exc:
        log_unexpected(exc, "answering an unknown button", None)
    return True


async def complete_move(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The legal moves of this user matching what they typed, folded to fit in 25 choices.
    A move reads as the game's words for it with its notation (the value sent); typing
    words ("spartans") finds the moves whose words contain them."""
    bot: Any = interaction.client
    if SEPARATOR in current:  # a chain: its last step completed after the steps typed before it
        return await complete_chain(interaction, current)
    try:
        pairs = await bot.service.legal_choices(where_of(interaction), actor_of(interaction))
    except (UserError, IllegalCommand):
        return []  # not seated, no game here: autocomplete cannot show an error
    except Exception as exc:
        log_unexpected(exc, "autocomplete /play", None)
        return []
    locale = user_locale(interaction)
    words = dict(pairs)
    moves, typed = list(words), current
    if current.strip() and not matching(moves, current):
        needle = current.strip().casefold()
        moves, typed = [m for m in moves if needle in words[m].casefold()], ""
    choices = []
    for entry in narrow(moves, typed):
        if entry.is_group:
            value = entry.value[:VALUE_LIMIT]
            name = t("discord.play.group", locale, prefix=value, count=entry.count)
        else:
            value = choice_value(entry.value)
            name = _worded(words.get(entry.value, ""), entry.value)
        choices.append(app_commands.Choice(name=_clip(name), value=value))
    return choices


async def complete_chain(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """`play c2; act d2; act` -> the chains ending in each move the typed steps leave (only
    those Discord can carry whole: a longer chain is typed, not picked)."""
    bot: Any = interaction.client
    try:
        pairs = await bot.service.chain_choices(where_of(interaction), actor_of(interaction), current)
    except (UserError, IllegalCommand):
        return []
    except Exception as exc:
        log_unexpected(exc, "autocomplete /play chain", None)
        return []
    return [
        app_commands.Choice(name=_clip(_worded(words, chain)), value=chain)
        for chain, words in pairs
        if len(chain) <= VALUE_LIMIT
    ][:25]


def _worded(words: str, move: str) -> str:
    """ "Deploy Spartans on b4 · dep spartans b4": the words give way when too long, so the
    notation stays whole (it is what a player learns to type)."""
    if not words:
        return move
    room = VALUE_LIMIT - len(move) - len(" · ")
    if room < 8:  # no useful words fit beside a long move
        return move
    return f"{words if len(words) <= room else words[: room - 1] + '…'} · {move}"


def _clip(text: str) -> str:
    return text if len(text) <= VALUE_LIMIT else text[: VALUE_LIMIT - 1] + "…"


async def play_move(service: Any, where: Where, actor: Actor, move: str) -> Reply:
    """`/play`: a shortened autocomplete value (a move too long for Discord) is expanded first."""
    if ALIAS in move:
        move = expand(move, await service.legal_moves(where, actor))
    return await service.play(where, actor, move)
