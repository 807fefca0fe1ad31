"""The store on both databases (tests/store/conftest.py runs each test on SQLite and on
PostgreSQL): compare-and-swap, snapshots, atomic commands, crash safety."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.store import ActionRecord, ChannelBusy, GuildSettings, SeatRecord, StaleRevision, open_store

REPO = Path(__file__).resolve().parents[2]


async def new_game(store, channel: str = "c") -> int:
    record = await store.create_game(
        guild="g", channel=channel, game="toy", options={"hand": 3}, seed=42, creator="u1", now=10.0
    )
    await store.put_state(record.id, 0, json.dumps({"n": 0}))
    return record.id


def action(seq: int, user: str | None = "u1", reveals: bool = False) -> ActionRecord:
    return ActionRecord(
        seq=seq,
        role="p1",
        notation=f"move {seq}",
        command={"kind": "m", "n": seq},
        user_id=user,
        reveals=reveals,
    )


async def play(store, game_id: int, count: int) -> None:
    for _ in range(count):
        record = await store.get_game(game_id)
        await store.record_action(
            game_id, record.rev, action(record.seq + 1), json.dumps({"n": record.seq + 1}), 20.0
        )


async def test_a_game_round_trips_with_decoded_json(store):
    game_id = await new_game(store)
    await store.put_seat(SeatRecord(game_id, "p1", "alice", user_id="u1", locale="fr", joined_at=1))
    await store.put_seat(SeatRecord(game_id, "p2", "Bot", ai_level="random", joined_at=2))
    record = await store.get_game(game_id)
    assert (record.status, record.rev, record.seq, record.options, record.seed) == (
        "lobby",
        1,
        0,
        {"hand": 3},
        42,
    )
    seats = await store.seats(game_id)
    assert [(s.role, s.user_id, s.ai_level, s.locale) for s in seats] == [
        ("p1", "u1", None, "fr"),
        ("p2", None, "random", "en"),
    ]
    assert await store.channel_game("g", "c") == record


async def test_one_active_game_per_channel_is_enforced_by_the_database(store):
    game_id = await new_game(store)
    with pytest.raises(ChannelBusy):
        await new_game(store)
    assert len(await store.games()) == 1
    await store.update_game(game_id, 1, 11.0, status="finished")
    second = await new_game(store)
    assert (await store.channel_game("g", "c")).id == second
    assert (await store.channel_game("g", "c", active_only=False)).id == second


async def test_every_write_bumps_the_revision_and_checks_it(store):
    game_id = await new_game(store)
    record = await store.update_game(game_id, 1, 11.0, status="running")
    assert record.rev == 2 and record.updated_at == 11.0
    with pytest.raises(StaleRevision):
        await store.update_game(game_id, 1, 12.0, status="aborted")
    quiet = await store.update_game(game_id, 2, 13.0, bump=False, remind_at=99.0)
    assert (quiet.rev, quiet.remind_at, quiet.status) == (2, 99.0, "running")


async def test_an_action_can_require_the_row_unwritten_since_it_was_read(store):
    """`unchanged_since`: a write that kept the revision (timer bookkeeping) refuses the action
    too; the row's own `updated_at`, read back, lets it through (exact on both databases)."""
    game_id = await new_game(store)
    read = await store.update_game(game_id, 1, 11.123456789, status="running")
    touched = await store.update_game(game_id, read.rev, 12.5, bump=False, remind_at=99.0)
    with pytest.raises(StaleRevision):
        await store.record_action(
            game_id, read.rev, action(1), json.dumps({"n": 1}), 20.0, unchanged_since=read.updated_at
        )
    assert (await store.get_game(game_id)).seq == 0 and await store.actions(game_id) == []
    record = await store.record_action(
        game_id, touched.rev, action(1), json.dumps({"n": 1}), 20.0, unchanged_since=touched.updated_at
    )
    assert record.seq == 1 and record.rev == touched.rev + 1
    async with store.transaction():  # inside a caller's transaction, statement by statement
        with pytest.raises(StaleRevision):
            await store.record_action(
                game_id, record.rev, action(2), json.dumps({"n": 2}), 21.0, unchanged_since=20.5
            )
    assert (await store.get_game(game_id)).seq == 1


async def test_compare_and_swap_between_two_stores_on_the_same_database(db_target):
    first, second = await open_store(db_target), await open_store(db_target)
    try:
        game_id = await new_game(first)
        seen_by_both = (await second.get_game(game_id)).rev
        await first.record_action(game_id, seen_by_both, action(1), json.dumps({"n": "first"}), 20.0)
        with pytest.raises(StaleRevision):
            await second.record_action(
                game_id, seen_by_both, action(1, user="u2"), json.dumps({"n": "second"}), 21.0
            )
        assert [a.user_id for a in await second.actions(game_id)] == ["u1"]
        assert json.loads(await second.current_state(game_id)) == {"n": "first"}
        assert (await second.get_game(game_id)).seq == 1
    finally:
        await first.close()
        await second.close()


async def test_snapshots_keep_the_current_state_and_every_25th(store):
    game_id = await new_game(store)
    await play(store, game_id, 60)
    assert [seq for seq, _ in await store.snapshots(game_id)] == [0, 25, 50, 60]
    assert await store.snapshot_before(game_id, 49) == (25, json.dumps({"n": 25}))
    assert json.loads(await store.current_state(game_id)) == {"n": 60}
    record = await store.get_game(game_id)
    rewound = await store.rewind(game_id, record.rev, 30, json.dumps({"n": 30}), 30.0, pending=None)
    assert (rewound.seq, rewound.rev) == (30, record.rev + 1)
    assert [a.seq for a in await store.actions(game_id)] == list(range(1, 31))
    assert [seq for seq, _ in await store.snapshots(game_id)] == [0, 25, 30]
    await play(store, game_id, 1)  # the rewound-to snapshot was only "current": it goes
    assert [seq for seq, _ in await store.snapshots(game_id)] == [0, 25, 31]
    assert [a.seq for a in await store.actions(game_id, last=3)] == [29, 30, 31]


async def test_an_error_inside_a_transaction_rolls_everything_back(store):
    game_id = await new_game(store)
    await play(store, game_id, 2)
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await store.record_action(game_id, 3, action(3), json.dumps({"n": 3}), 20.0)
            await store.put_seat(SeatRecord(game_id, "p1", "alice", user_id="u1"))
            raise RuntimeError("boom")
    record = await store.get_game(game_id)
    assert (record.seq, record.rev) == (2, 3)
    assert await store.seats(game_id) == [] and len(await store.actions(game_id)) == 2


CRASH = """
import asyncio, json, os, sys
from bot.store import ActionRecord, open_store

async def main(path):
    store = await open_store(path)
    record = await store.get_game(1)
    async with store.transaction():
        await store.record_action(1, record.rev, ActionRecord(seq=4, role="p1", notation="lost", command={}),
                                  json.dumps({"n": 4}), 40.0)
        os._exit(9)  # the process dies inside the transaction, before COMMIT

asyncio.run(main(sys.argv[1]))
"""


async def test_a_crash_inside_a_transaction_loses_only_that_command(db_target, backend):
    store = await open_store(db_target)
    game_id = await new_game(store)
    await play(store, game_id, 3)
    await store.close()
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(CRASH), db_target], cwd=REPO, timeout=60)
    assert done.returncode == 9
    store = await open_store(db_target)
    try:
        record = await store.get_game(game_id)
        assert (record.seq, record.rev) == (3, 4)
        assert [a.notation for a in await store.actions(game_id)] == ["move 1", "move 2", "move 3"]
        assert json.loads(await store.current_state(game_id)) == {"n": 3}
        if backend == "sqlite":
            async with store.reading() as conn, conn.execute("PRAGMA integrity_check") as cur:
                assert (await cur.fetchone())[0] == "ok"
    finally:
        await store.close()


async def test_seat_flags_last_actions_timers_and_settings(store):
    game_id = await new_game(store)
    await store.put_seat(SeatRecord(game_id, "p1", "alice", user_id="u1"))
    assert await store.mark_dm_refused(game_id, "u1") is True
    assert await store.mark_dm_refused(game_id, "u1") is False
    await play(store, game_id, 3)
    record = await store.get_game(game_id)
    await store.record_action(game_id, record.rev, action(4, user=None), json.dumps({"n": 4}), 20.0)
    assert await store.last_seq_by(game_id, "u1") == 3
    assert await store.last_seq_by(game_id, "nobody") is None
    record = await store.update_game(
        game_id, record.rev + 1, 21.0, status="running", remind_at=100.0, deadline=200.0
    )
    assert await store.due_games(99.0) == []
    assert [g.id for g in await store.due_games(100.0)] == [game_id]
    assert await store.guild_settings("g") == GuildSettings("g", "en", 24.0, None)
    await store.put_guild_settings(GuildSettings("g", "fr", 6.0, 2.0), 1.0)
    assert await store.guild_settings("g") == GuildSettings("g", "fr", 6.0, 2.0)


async def pragmas(store) -> tuple:
    """The writing connection's settings."""
    values = []
    async with store.transaction() as conn:
        for name in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout"):
            async with conn.execute(f"PRAGMA {name}") as cur:
                values.append((await cur.fetchone())[0])
    return tuple(values)


async def test_sqlite_wal_busy_timeout_and_durability(tmp_path):
    store = await open_store(tmp_path / "agora.db")
    scratch = await open_store(tmp_path / "scratch.db", durable=False)
    try:
        assert await pragmas(store) == ("wal", 1, 2, 10000)  # synchronous FULL: commits reach the disk
        assert (await pragmas(scratch))[2] == 1  # NORMAL: survives a process crash, not a power cut
    finally:
        await scratch.close()
        await store.close()


async def test_foreign_keys_are_enforced(store):
    game_id = await new_game(store)
    with pytest.raises(sqlite3.IntegrityError, match="(?i)FOREIGN KEY"):
        await store.put_seat(SeatRecord(game_id + 1, "p1", "ghost", user_id="u9"))
    assert await store.seats(game_id + 1) == []


async def test_times_keep_their_fractions_and_large_ids_fit(store):
    """PostgreSQL's REAL is 4 bytes and INTEGER 4: the schema must keep what SQLite keeps."""
    record = await store.create_game(
        guild="1234567890123456789",
        channel="c",
        game="toy",
        options={},
        seed=2**62,
        creator="u",
        now=1.75e9 + 0.123,
    )
    again = await store.get_game(record.id)
    assert (again.created_at, again.seed, again.guild) == (1.75e9 + 0.123, 2**62, "1234567890123456789")


async def test_sqlite_reads_do_not_wait_for_the_writer(tmp_path):
    """Reads outside a transaction use a read-only connection (bot/store/sqlite.py): while
    another task holds a write transaction open, a read answers with the committed state, and
    sees the write once it commits."""
    store = await open_store(tmp_path / "agora.db")
    try:
        game_id = await new_game(store)
        before = await store.get_game(game_id)
        holding, release = asyncio.Event(), asyncio.Event()

        async def writer() -> None:
            async with store.transaction() as conn:
                await conn.execute("UPDATE games SET status = 'running' WHERE id = ?", (game_id,))
                holding.set()
                await release.wait()

        task = asyncio.create_task(writer())
        await holding.wait()
        read = await asyncio.wait_for(store.get_game(game_id), 5)  # not queued behind the writer
        assert read == before  # the uncommitted write is not seen
        release.set()
        await task
        assert (await store.get_game(game_id)).status == "running"
        async with store.reading() as conn:
            with pytest.raises(sqlite3.OperationalError):  # the reader never writes
                await conn.execute("DELETE FROM games")
    finally:
        await store.close()
