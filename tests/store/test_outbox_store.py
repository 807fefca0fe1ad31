"""The outbox's rows in the store (both databases): owed from the move's own transaction,
gone with it when the transaction fails, marked delivered, forgotten a day later."""

from __future__ import annotations

import json

import pytest

from bot.store import ActionRecord
from bot.store.outbox import Thinking, begin, owing


async def started(store) -> int:
    record = await store.create_game(
        guild="g", channel="c", game="toy", options={}, seed=1, creator="u", now=1.0
    )
    await store.put_state(record.id, 0, json.dumps({"n": 0}))
    return record.id


async def move(store, game_id: int, now: float) -> None:
    record = await store.get_game(game_id)
    action = ActionRecord(record.seq + 1, "p1", "m", {"kind": "m"})
    await store.record_action(game_id, record.rev, action, json.dumps({"n": record.seq + 1}), now)


async def test_every_move_owes_its_announcement_until_marked(store):
    game_id = await started(store)
    with owing("tok-1") as owed:
        await move(store, game_id, 10.0)
        await move(store, game_id, 11.0)
    with owing():  # a move of the bot's own (a timeout) owes one too
        await move(store, game_id, 12.0)
    await move(store, game_id, 13.0)  # a request from no adapter that delivers (the local table)
    rows = await store.undelivered()
    assert [(r.seq, r.token, r.channel) for r in rows] == [
        (1, "tok-1", "c"),
        (2, "tok-1", "c"),
        (3, None, "c"),
    ]
    assert owed.moves == [(game_id, 1), (game_id, 2)]
    assert [r.seq for r in await store.undelivered(before=11.0)] == [1, 2]
    await store.mark_delivered(game_id, [1, 2], 20.0)
    assert [r.seq for r in await store.undelivered()] == [3]
    await store.mark_delivered(game_id, [3], 30.0)
    assert await store.forget_delivered(25.0) == 2  # delivered before 25
    assert await store.undelivered() == [] and (await store.get_game(game_id)).seq == 4


async def test_a_move_rolled_back_owes_nothing(store):
    game_id = await started(store)
    owed = begin("tok-2")
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await move(store, game_id, 10.0)
            raise RuntimeError("crash before the commit")
    assert await store.undelivered() == [] and (await store.get_game(game_id)).seq == 0
    assert owed.moves == [(game_id, 1)]  # listed, but marking a row that does not exist changes nothing
    await store.mark_delivered(game_id, [1], 11.0)


async def test_open_thinking_messages_are_kept_until_resolved(store):
    await store.put_thinking(Thinking("tok", "42", "g", "c", False, 5.0))
    await store.put_thinking(Thinking("tok", "42", "g", "c", True, 6.0))  # once per token
    assert await store.thinking() == [Thinking("tok", "42", "g", "c", False, 5.0)]
    assert await store.thinking(before=4.0) == []
    assert await store.drop_thinking("tok") is True and await store.drop_thinking("tok") is False


async def test_thinking_rows_of_a_burst_settle_in_one_transaction(store):
    """Remembered and forgotten together (bot/discord/thinking.py); each keeps its user's language."""
    await store.put_thinking(Thinking("old", "42", "g", "c", True, 1.0))
    burst = [
        Thinking(f"tok{i}", "42", "g", "c", i % 2 == 0, 2.0 + i, "fr" if i % 3 else None) for i in range(130)
    ]
    await store.settle_thinking(burst, ["old", "never-seen"])
    assert await store.thinking() == burst  # more rows than one statement takes, in order
    await store.settle_thinking([], [item.token for item in burst[:-1]])
    assert await store.thinking() == burst[-1:]


async def test_a_thinking_row_from_before_its_language_column_survives_the_upgrade(db_target):
    """Migration 0009 adds the user's language; a row an older version left keeps its place
    and reads as "no language" (answered in English)."""
    from bot.store import SqliteStore, is_postgres_url
    from bot.store.postgres import PostgresStore

    kind = PostgresStore if is_postgres_url(db_target) else SqliteStore
    old = await kind.open(db_target, upto=8)
    try:
        async with old.transaction() as conn:  # as version 8 wrote it: no language column yet
            await conn.execute(
                "INSERT INTO thinking (token, application_id, guild, channel, public, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                ("tok", "42", "g", "c", 1, 5.0),
            )
    finally:
        await old.close()
    new = await kind.open(db_target)
    try:
        assert await new.thinking() == [Thinking("tok", "42", "g", "c", True, 5.0, None)]
    finally:
        await new.close()
