"""The announcement of moves whose delivery a crash interrupted (the outbox, issue 17).

Rebuilt from what the store keeps: each owed action's public event texts (never the
notation, which may name hidden cards), who must act now, the result if the game ended,
and the public board image of the current state, the same image a move's announcement
carries. Used by bot/discord/delivery.py when it recovers undelivered moves."""

from __future__ import annotations

from typing import Any

from bot.service.api import Reply
from bot.service.history import log_lines
from bot.service.present import public_message, result_lines
from engine.i18n import T
from engine.protocol import Result


async def announcement(service: Any, game_id: int, seqs: list[int]) -> Reply:
    """The public message for the actions `seqs` of a game (those still in its log)."""
    table = await service._game_table(game_id)
    draft, locale = await service._draft(table)
    wanted = set(seqs)
    actions = await service.store.actions(table.id, after=min(wanted) - 1)
    lines = log_lines(table, [a for a in actions if a.seq in wanted])
    if not lines:  # the moves were taken back since: nothing is owed any more
        return Reply(where=table.where, game_id=table.id)
    message = public_message(draft, table, locale, lines, image=service.render_images)
    if table.record.status == "running":
        waiting = table.active_humans()
        if waiting:
            message.lines.append(T("bot.turn", names=[s.name for s in waiting]))
            message.mentions = [s.user_id for s in waiting if s.user_id]
    elif table.record.result is not None:
        message.lines += result_lines(table, Result.model_validate(table.record.result))
    if draft.jobs and service.render_images:
        await service.renderer.fill(draft.jobs)
    return draft.reply
