"""Undo and abort, which may need the other human players' agreement.

A player takes back their own last command, with the AI replies that followed it, alone
when none of those commands revealed hidden information or consumed randomness and no
other human acted since; otherwise the other humans must agree (`/game undo` or the
Accept button). With only AI opponents, a takeback of what revealed or rolled is refused. A game in the lobby is aborted by its creator or a server manager at once;
a running one only with the other human players' agreement, whoever asks (issue 3: "needs
the creator or Manage Server, and the other players' agreement by button while the game
runs"); AI seats agree by themselves. Any new move lets an open request lapse.
"""

from __future__ import annotations

from typing import Any

from bot.service.api import Actor, Reply, UserError, Where
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.service.history import restore_state
from bot.service.present import Draft, request_buttons
from engine.i18n import T


class RequestsMixin(ServiceCore):
    async def undo(self, where: Where, actor: Actor) -> Reply:
        async def attempt() -> Draft:
            table = await self._channel_table(where)
            self._running(table)
            self._seated(table, actor)
            pending = table.record.pending
            if pending and pending["kind"] == "undo":
                return await self._agree(table, actor)
            if pending:
                raise UserError("bot.err.request_open", names=table.waiting_names())
            return await self._ask_undo(table, actor)

        return await self._run(where, "undo", attempt)

    async def _ask_undo(self, table: Table, actor: Actor) -> Draft:
        last = await self.store.last_seq_by(table.id, actor.user_id)
        if last is None:
            raise UserError("bot.err.nothing_to_undo")
        undone = await self.store.actions(table.id, after=last - 1)
        others = [s.user_id for s in table.humans() if s.user_id != actor.user_id]
        consent = any(a.reveals or a.user_id not in (None, actor.user_id) for a in undone)
        if consent and others:
            return await self._open_request(
                table, actor, {"kind": "undo", "seq": last - 1, "count": len(undone)}, others
            )
        if consent and any(a.reveals for a in undone):
            # Only AI opponents: they cannot forget what was shown or rolled, so they refuse
            # (a takeback would let the player try again knowing their hidden cards or dice).
            raise UserError("bot.err.undo_ai_refuses")
        return await self._undo_to(table, last - 1, actor.name, len(undone))

    async def _undo_to(self, table: Table, seq: int, name: str, count: int) -> Draft:
        """Rebuild the state after `seq` from snapshot + log and make it current."""
        now, turn = self._now(), self._begin(table)
        state = await restore_state(self.store, table, seq)
        timers = await self._timers(table.moved(table.record, state), now)
        record = await self.store.rewind(
            table.id, table.record.rev, seq, state.model_dump_json(), now, pending=None, **timers
        )
        self._remember(record, state)
        table = await self._run_ai(table.moved(record, state), turn, now)
        draft, locale = await self._draft(table)
        self._present(draft, table, turn, locale, [T("bot.undo.done", name=name, count=count)])
        return draft

    async def abort(self, where: Where, actor: Actor) -> Reply:
        async def attempt() -> Draft:
            table = await self._channel_table(where)
            pending = table.record.pending
            if pending and pending["kind"] == "abort" and actor.user_id in (pending["by"], *pending["need"]):
                return await self._agree(table, actor)  # `/game abort` again answers the open request
            self._in_charge(table, actor)
            others = [s.user_id for s in table.humans() if s.user_id != actor.user_id]
            if table.record.status == "lobby" or not others:
                return await self._abort_now(table)
            if pending:
                raise UserError("bot.err.request_open", names=table.waiting_names())
            return await self._open_request(table, actor, {"kind": "abort"}, others)

        return await self._run(where, "abort", attempt)

    async def _abort_now(self, table: Table) -> Draft:
        now = self._now()
        record = await self.store.update_game(
            table.id,
            table.record.rev,
            now,
            status="aborted",
            finished_at=now,
            deadline=None,
            remind_at=None,
            pending=None,
        )
        draft, locale = await self._draft(table.moved(record))
        draft.add_public([T("bot.abort.done", id=table.id)], locale)
        return draft

    # --- requests and answers -----------------------------------------------------------

    async def _open_request(self, table: Table, actor: Actor, info: dict[str, Any], need: list[str]) -> Draft:
        pending = {**info, "by": actor.user_id, "by_name": actor.name, "need": need, "agreed": []}
        record = await self.store.update_game(table.id, table.record.rev, self._now(), pending=pending)
        table = table.moved(record)
        draft, locale = await self._draft(table)
        names = table.waiting_names()
        key = "bot.undo.request" if info["kind"] == "undo" else "bot.abort.request"
        line = T(key, name=actor.name, count=info.get("count", 0), names=names, id=table.id)
        draft.add_public([line], locale, buttons=request_buttons(table, info["kind"]), mentions=list(need))
        return draft

    async def _answer(self, table: Table, actor: Actor, kind: str, accept: bool) -> Draft:
        """A click on Accept/Decline."""
        pending = table.record.pending
        if not pending or pending["kind"] != kind:
            raise UserError("bot.err.no_request")
        if accept:
            return await self._agree(table, actor)
        if actor.user_id not in pending["need"] and actor.user_id != pending["by"]:
            raise UserError("bot.err.not_asked")
        record = await self.store.update_game(table.id, table.record.rev, self._now(), pending=None)
        draft, locale = await self._draft(table.moved(record))
        seat = table.seat_of(actor.user_id)
        draft.add_public([T("bot.request.declined", name=seat.name if seat else actor.name)], locale)
        return draft

    async def _agree(self, table: Table, actor: Actor) -> Draft:
        pending = dict(table.record.pending or {})
        if actor.user_id == pending.get("by"):
            raise UserError("bot.err.request_waiting", names=table.waiting_names())
        if actor.user_id not in pending.get("need", []):
            raise UserError("bot.err.not_asked")
        pending["agreed"] = sorted({*pending["agreed"], actor.user_id})
        if set(pending["need"]) <= set(pending["agreed"]):
            if pending["kind"] == "undo":
                return await self._undo_to(table, pending["seq"], table.requester_name(), pending["count"])
            return await self._abort_now(table)
        record = await self.store.update_game(table.id, table.record.rev, self._now(), pending=pending)
        table = table.moved(record)
        draft, locale = await self._draft(table)
        line = T("bot.request.agreed", name=actor.name, names=table.waiting_names())
        draft.add_public([line], locale, buttons=request_buttons(table, pending["kind"]))
        return draft
