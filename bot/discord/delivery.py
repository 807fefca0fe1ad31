"""Sending service messages outside an interaction response: to a channel, or by DM; and
delivering what a crash left owed (the outbox).

A DM Discord refuses (error 50007: the user closed DMs or left the server) never stalls the
game: the service is told (`note_dm_refused`) and its one-time notice goes to the channel.

The outbox (migrations/0008_outbox.sql): every recorded move owes its announcement from the
move's own transaction on; `delivered` marks it once the answer is out. An interaction is
deferred ("thinking...") only once its row in `thinking` is durable (`thinking`, by group
commit: bot/discord/thinking.py), and a move is stored only once its interaction is
acknowledged (bot/store/outbox.py `acknowledged`). So `recover` finds every "thinking..."
a dead process left: it posts what was never marked (board image included), editing the
user's "thinking..." message when it is still open, and tells the users of the other open
"thinking..." messages, in their language, to send their command again. It runs at
start-up for this process's shards and on every tick for rows a dead process left (older
than the timer claims' grace), each game under its timer lease so two processes never post
the same move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from bot.discord.presenter import render_message
from bot.discord.thinking import ThinkingBook
from bot.service.api import Message, Reply, Where
from bot.store.outbox import CURRENT, OutboxRow, Owed, Thinking, is_interaction_answer, nonce
from engine.i18n import T

log = logging.getLogger(__name__)
CANNOT_DM = 50007
TOKEN_LIFE = 14 * 60.0  # an interaction token lasts 15 minutes: past that, post instead of edit
IN_FLIGHT = 120.0  # this process's own rows younger than this may still be on their way
KEEP_DELIVERED = 24 * 3600.0
DM_CHANNELS = 100_000  # DM channel ids remembered (forgotten all at once past this)
UNKNOWN_CHANNEL = 10003
EPHEMERAL_FLAG, LOADING_FLAG = 1 << 6, 1 << 7  # a message's flags
LOADING, PUBLIC, EPHEMERAL = "loading", "public", "ephemeral"


def owed_key(game_id: int | None) -> str | None:
    """The token of the request in progress when it recorded moves of `game_id`: the
    announcement's channel posts then carry nonces derived from it (bot/store/outbox.py)."""
    owed = CURRENT.get()
    if owed is None or game_id is None or not owed.token:
        return None
    return owed.token if any(g == game_id for g, _ in owed.moves) else None


async def send_once(channel: Any, part: dict[str, Any], once: str | None) -> None:
    """`channel.send`, with `once` as the message's nonce (discord.py always asks Discord to
    enforce it): a message already posted with that nonce a few minutes ago is returned
    instead of a second one; one deleted since is not posted again (Discord says 404)."""
    if once is None:
        await channel.send(**part)
        return
    try:
        await channel.send(**part, nonce=once)
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_CHANNEL:
            raise
        log.info("a message with nonce %s was posted and deleted already", once)


class Delivery:
    def __init__(self, client: discord.Client, service: Any) -> None:
        self.client = client
        self.service = service
        self.command_ids: dict[str, int] = {}  # "game hand" -> id, once the commands are synced
        self.button_kinds: list[Any] = []  # DynamicItem classes the bot registered, newest first
        self._forgotten = 0.0  # when delivered outbox rows were last dropped
        self._started_at = self._now()  # rows older than this at the first tick are a dead process's
        # user id -> DM channel id: discord.py keeps only 128 DM channels, and asking Discord for
        # one again costs a request per DM once more players than that are at tables
        self._dm_channels: dict[str, int] = {}
        self._book: ThinkingBook | None = None  # made with the first "thinking..." to remember

    def render(self, message: Message, locale: str | None = None) -> list[dict[str, Any]]:
        return render_message(message, locale, self.command_ids, self.button_kinds)

    async def to_channel(self, channel_id: str, message: Message, locale: str | None = None) -> bool:
        """Post in a channel; False (and a warning) when the bot may not post there."""
        return await self._post_parts(channel_id, self.render(message, locale))

    async def _post_parts(
        self, channel_id: str, parts: list[dict[str, Any]], nonces: list | None = None
    ) -> bool:
        channel = self.client.get_partial_messageable(int(channel_id))
        try:
            for index, part in enumerate(parts):
                await send_once(channel, part, nonces[index] if nonces else None)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning(
                "cannot post in channel %s (error %s): check the bot's permissions there",
                channel_id,
                exc.code,
            )
            return False
        return True

    async def dm(self, user_id: str, messages: list[Message]) -> bool:
        """Send `messages` to one user in order; False when Discord refuses the DM."""
        try:
            known = self._dm_channels.get(user_id)
            if known is not None:
                channel: Any = self.client.get_partial_messageable(known, type=discord.ChannelType.private)
            else:
                channel = await self.client.create_dm(discord.Object(int(user_id)))
                if len(self._dm_channels) >= DM_CHANNELS:
                    self._dm_channels.clear()
                self._dm_channels[user_id] = channel.id
            for message in messages:
                for part in self.render(message):
                    await channel.send(**part)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                raise
            return False
        except discord.NotFound:
            log.warning("cannot DM unknown user %s", user_id)
            return False
        return True

    async def private(self, reply: Reply, channel_id: str) -> list[str]:
        """DM each recipient their messages (concurrently); returns who refused DMs.

        For each refusal the service is told once (on the reply's game), and its notice is
        posted in the channel."""
        owed = CURRENT.get()
        if owed is not None and reply.game_id is not None:  # the public part is out: delivered
            await self.delivered(owed, game_id=reply.game_id)
        recipients = list(dict.fromkeys(m.to_user for m in reply.messages if m.to_user is not None))
        delivered = await asyncio.gather(*(self.dm(uid, reply.private(uid)) for uid in recipients))
        refused = [uid for uid, ok in zip(recipients, delivered, strict=True) if not ok]
        for uid in refused:
            if reply.game_id is None:
                log.warning("DM to %s refused, and the reply names no game to note it on", uid)
                continue
            notice = await self.service.note_dm_refused(reply.game_id, uid)
            if notice is not None:
                target = notice.where.channel_id if notice.where else channel_id
                for message in notice.public():
                    await self.to_channel(target, message)
        return refused

    async def reply_to_channel(self, where: Where, reply: Reply, *, once: bool = True) -> None:
        """A reply with no interaction to answer (reminders, timeouts): public part, then DMs.
        With `once`, the posts announcing moves the request in progress recorded carry nonces
        from its outbox rows (the one reply of its game in this request)."""
        parts = [p for m in reply.public() for p in self.render(m)]
        key = owed_key(reply.game_id) if once else None
        nonces = None if key is None else [nonce(key, reply.game_id, i) for i in range(len(parts))]
        await self._post_parts(where.channel_id, parts, nonces)
        dropped = [m for m in reply.messages if m.ephemeral and m.to_user is None]
        if dropped:
            log.warning("%d ephemeral message(s) with no interaction to answer in %s", len(dropped), where)
        await self.private(reply, where.channel_id)

    # --- the outbox ---------------------------------------------------------------------

    def _now(self) -> float:
        clock = getattr(self.service, "clock", None)
        return clock() if callable(clock) else time.time()

    @property
    def _outbox(self) -> Any:
        """The store keeping the outbox; None for a service without one (adapter tests)."""
        store = getattr(self.service, "store", None)
        return store if hasattr(store, "put_thinking") else None

    @property
    def book(self) -> ThinkingBook | None:
        """Where "thinking..." rows are written, a burst in one commit; None without an outbox."""
        if self._book is None and self._outbox is not None:
            self._book = ThinkingBook(self._outbox)
        return self._book

    async def thinking(
        self, token: str, application_id: str, where: Where, public: bool, locale: str | None = None
    ) -> bool:
        """An interaction may be answered "thinking...": remember it until its answer is out
        (written as the command arrives, forgotten when it is answered at once). Returns once
        the row is durable (so a crash after the defer always finds it),
        True; False when there is no outbox or the write failed (then the defer still goes:
        the live process answers it, only a crash now would leave it open)."""
        book = self.book
        if book is None:
            return False
        item = Thinking(
            token, str(application_id), where.guild_id, where.channel_id, public, self._now(), locale
        )
        try:
            await book.remember(item)
        except Exception as exc:  # never at the cost of the answer itself
            log.warning("could not remember interaction %s as thinking: %s", token[:8], exc)
            return False
        return True

    async def delivered(self, owed: Owed, *, deferred: bool = False, game_id: int | None = None) -> None:
        """The announcement of `owed`'s moves (those of `game_id` only, if given) is out, and
        with `deferred` the "thinking..." resolved. Moves marked once are not marked again."""
        store, now = self._outbox, self._now()
        if store is None:
            return
        moves = [m for m in owed.moves if m not in owed.marked and (game_id is None or m[0] == game_id)]
        for game, seqs in Owed(moves=moves).games().items():
            await store.mark_delivered(game, seqs, now)
            owed.marked.update((game, seq) for seq in seqs)
        if deferred and owed.token and self.book is not None:
            await self.book.forget(owed.token)

    async def recover(self, *, starting: bool = False) -> int:
        """Post every move whose announcement was never delivered, once; resolve every
        "thinking..." left open. Returns how many games were announced. What a dead process
        left is looked at on every tick until it is resolved, not only at the first one
        (`starting` is kept for callers): a first attempt that failed, its game's images not
        ready in a process just started, no longer waits IN_FLIGHT (2 minutes) for the next."""
        store, claims, now = self._outbox, getattr(self.service, "claims", None), self._now()
        if store is None or claims is None:
            return 0
        if now - self._forgotten >= KEEP_DELIVERED:  # delivered rows are kept a day, for audits
            self._forgotten = now
            await store.forget_delivered(now - KEEP_DELIVERED)
        open_thinking = {t.token: t for t in await store.thinking()}
        games: dict[int, list[OutboxRow]] = {}
        owing_tokens: set[str | None] = set()
        for row in await store.undelivered():
            owing_tokens.add(row.token)
            if self._owed_here(row.guild, row.created_at, now, claims):
                games.setdefault(row.game_id, []).append(row)
        announced = 0
        for game_id, rows in games.items():
            if not await store.claim_timer(game_id, claims.holder, now, claims.lease):
                continue  # another process is on it
            try:
                if await self._recover_game(game_id, rows, open_thinking, now):
                    announced += 1
            except Exception as exc:  # the next tick tries again
                log.warning("could not deliver the owed moves of game %s: %s", game_id, exc)
            finally:
                await claims.release(store, game_id)
        for item in await store.thinking():
            if item.token in owing_tokens:  # its move's announcement resolves it (above, or its process)
                continue
            if self._owed_here(item.guild, item.created_at, now, claims):
                # answered already (killed before forgetting it), or told to send it again
                if now - item.created_at < TOKEN_LIFE and await self._original_state(item) == LOADING:
                    restarted = Message(lines=[T("discord.msg.restarted")], ephemeral=True)
                    await self._edit_original(item, self.render(restarted, item.locale)[0])
                await store.drop_thinking(item.token)
        return announced

    def _owed_here(self, guild: str, created_at: float, now: float, claims: Any) -> bool:
        """Is an undelivered row this process's to deliver now? Its own shard's from before
        this process started (their process died), or any older than IN_FLIGHT (a send that
        failed); another shard's only once its own process has had the grace period."""
        if claims.owns(guild):
            return created_at < self._started_at or now - created_at >= IN_FLIGHT
        return now - created_at >= max(claims.grace, IN_FLIGHT)

    async def _recover_game(
        self, game_id: int, rows: list[OutboxRow], open_thinking: dict[str, Thinking], now: float
    ) -> bool:
        """Announce a game's owed moves, one message per request that made them (the rows of
        one token), as that request's reply would have: what the reply already delivered is
        not posted again. The interaction answer of a slash command is looked at (through
        its token) and edited in place; the channel posts carry the reply's nonces, so
        Discord returns those already posted instead of posting them twice."""
        from bot.service.outbox import announcement

        store = self.service.store
        channel = self.client.get_partial_messageable(int(rows[0].channel))
        requests: dict[str | None, list[OutboxRow]] = {}
        for row in sorted(rows, key=lambda r: r.seq):
            requests.setdefault(row.token, []).append(row)
        announced = False
        for token, owed in requests.items():
            seqs = [r.seq for r in owed]
            reply = await announcement(self.service, game_id, seqs)
            parts = [p for m in reply.public() for p in self.render(m)]
            item = open_thinking.get(token) if token else None
            first, edited = 0, False
            if parts and item is not None and now - item.created_at < TOKEN_LIFE:
                if item.public and await self._edit_original(item, parts[0]):
                    first, edited = 1, True  # editing twice shows it once
            elif parts and is_interaction_answer(token) and now - owed[0].created_at < TOKEN_LIFE:
                answer = Thinking(token, str(self.client.application_id), "", "", True, owed[0].created_at)
                state = await self._original_state(answer)
                if state == PUBLIC:  # the command's answer is out: it carried the first part
                    first = 1
                elif state == LOADING and await self._edit_original(answer, parts[0]):
                    first = 1
            for index, part in enumerate(parts[first:], first):
                await send_once(channel, part, nonce(token, game_id, index) if token else None)
            await store.mark_delivered(game_id, seqs, self._now())
            if item is not None:
                if not edited and now - item.created_at < TOKEN_LIFE:
                    done = Message(lines=[T("discord.msg.done")])
                    await self._edit_original(item, self.render(done, item.locale)[0])
                await store.drop_thinking(item.token)
            announced = announced or bool(reply.messages)
        return announced

    async def _original_state(self, item: Thinking) -> str | None:
        """An interaction's answer as Discord keeps it: LOADING ("thinking..."), PUBLIC,
        EPHEMERAL, or None (never answered, or its token expired)."""
        from discord.webhook.async_ import async_context

        http = self.client.http
        try:
            data = await async_context.get().get_original_interaction_response(
                int(item.application_id),
                item.token,
                session=http._HTTPClient__session,  # the client's own session, as discord.py does
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
            )
        except (discord.NotFound, discord.Forbidden):
            return None
        flags = int(data.get("flags") or 0)
        if flags & LOADING_FLAG:
            return LOADING
        return EPHEMERAL if flags & EPHEMERAL_FLAG else PUBLIC

    async def _edit_original(self, item: Thinking, part: dict[str, Any]) -> bool:
        """Edit an interaction's "thinking..." message through its token (no Interaction
        object survives a restart); False when Discord no longer knows it."""
        from discord.webhook.async_ import async_context, handle_message_parameters

        http = self.client.http
        try:
            with handle_message_parameters(
                content=part.get("content"),
                attachments=part.get("files", []),
                view=part.get("view"),
                allowed_mentions=part.get("allowed_mentions"),
            ) as params:
                await async_context.get().edit_original_interaction_response(
                    int(item.application_id),
                    item.token,
                    session=http._HTTPClient__session,  # the client's own session, as discord.py does
                    proxy=http.proxy,
                    proxy_auth=http.proxy_auth,
                    payload=params.payload,
                    multipart=params.multipart,
                    files=params.files,
                )
        except (discord.NotFound, discord.Forbidden):
            return False
        return True
