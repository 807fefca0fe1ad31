"""A game's past: rebuilding a state from the nearest snapshot and the log (undo), checking
that the log replays to the stored states (self-play invariant), and the export record."""

from __future__ import annotations

import json
from typing import Any

from bot.service.context import Table
from bot.store import Store
from engine.i18n import ROLE_KEY, T, Text, with_names

EXPORT_FORMAT = 1


def names_a_player(text: Text) -> bool:
    """Whether a message names a seat itself (an engine's `role_text`), anywhere inside."""

    def inside(value: Any) -> bool:
        if isinstance(value, dict) and "key" in value and set(value) <= {"key", "params"}:
            value = Text(**value)
        if isinstance(value, Text):
            return value.key == ROLE_KEY or any(inside(v) for v in value.params.values())
        if isinstance(value, list | tuple):
            return any(inside(v) for v in value)
        return False

    return inside(text)


def log_lines(table: Table, actions: list[Any]) -> list[Text]:
    """The public event texts of these actions, one line each, numbered by action. A text
    that names its own player ("bob: Toxotes suffers 3 wounds", a wound dealt in alice's
    turn) is not prefixed with the acting player too: one speaker per line."""
    lines: list[Text] = []
    for action in actions:
        name = table.name(action.role)
        texts = [with_names(Text(**e), table.names()) for e in action.events]
        for text in texts:
            if names_a_player(text):
                lines.append(T("bot.log.own", seq=action.seq, text=text))
            else:
                lines.append(T("bot.log.entry", seq=action.seq, name=name, text=text))
        if not texts:
            lines.append(T("bot.log.silent", seq=action.seq, name=name))
    return lines


async def restore_state(store: Store, table: Table, seq: int) -> Any:
    """The state after action `seq`: nearest snapshot at or before it, plus the log."""
    game = table.game
    base, raw = await store.snapshot_before(table.id, seq)
    state = game.load_state(json.loads(raw))
    for action in await store.actions(table.id, after=base):
        if action.seq > seq:
            break
        state = game.apply(state, action.role, game.load_command(action.command)).state
    return state


async def replay_problems(store: Store, table: Table) -> list[str]:
    """Replay setup + the stored log; every stored snapshot must match the replayed state."""
    game = table.game
    state = game.setup(table.options(), table.roles(), table.record.seed)
    snapshots = dict(await store.snapshots(table.id))
    problems = []
    if table.record.seq not in snapshots:
        problems.append(f"game {table.id}: no snapshot at the current seq {table.record.seq}")
    actions = await store.actions(table.id)
    if [a.seq for a in actions] != list(range(1, table.record.seq + 1)):
        problems.append(f"game {table.id}: the log is not 1..{table.record.seq}")
    for action in [None, *actions]:
        if action is not None:
            state = game.apply(state, action.role, game.load_command(action.command)).state
        seq = 0 if action is None else action.seq
        if seq in snapshots and json.loads(snapshots[seq]) != json.loads(state.model_dump_json()):
            problems.append(f"game {table.id}: replayed state differs from the snapshot at seq {seq}")
    return problems


async def export_record(store: Store, table: Table) -> dict[str, Any]:
    """Everything needed to replay and audit a finished game (hidden moves included: the
    game is over). Players appear by display name, not by account id."""
    record = table.record
    actions = await store.actions(table.id)
    current = await store.current_state(table.id)
    return {
        "format": EXPORT_FORMAT,
        "id": record.id,
        "game": record.game,
        "options": record.options,
        "seed": record.seed,
        "status": record.status,
        "roles": table.roles(),
        "seats": [{"role": s.role, "name": s.name, "ai_level": s.ai_level} for s in table.seats],
        "created_at": record.created_at,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "result": record.result,
        "actions": [
            {
                "seq": a.seq,
                "role": a.role,
                "notation": a.notation,
                "command": a.command,
                "events": a.events,
                "reveals": a.reveals,
                "at": a.created_at,
            }
            for a in actions
        ],
        "final_state": json.loads(current) if current else None,
    }
