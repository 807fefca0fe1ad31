"""`python -m bot db copy`: a SQLite installation moves to PostgreSQL whole, and the copy is
proved by counts and by replaying every game's log to its stored state."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.dbcopy import CopyError, copy_database, replay_game
from bot.store import ActionRecord, GuildSettings, SeatRecord, open_store
from engine import get_game

REPO = Path(__file__).resolve().parents[2]


async def play_athena(store, channel: str, moves: int, seed: int) -> int:
    """A real game through the engine, saved as the service saves it."""
    game = get_game("athena")
    options = game.Options()
    roles = game.roles(options)
    record = await store.create_game(
        guild="g1",
        channel=channel,
        game="athena",
        options=options.model_dump(),
        seed=seed,
        creator="u1",
        now=1.0,
    )
    for i, role in enumerate(roles):
        await store.put_seat(SeatRecord(record.id, role, f"player{i}", user_id=f"u{i}", joined_at=float(i)))
    state = game.setup(options, roles, seed)
    record = await store.update_game(record.id, record.rev, 2.0, status="running", started_at=2.0)
    await store.put_state(record.id, 0, state.model_dump_json())
    chooser = random.Random(seed)
    for seq in range(1, moves + 1):
        active = sorted(game.active(state))
        if not active:
            break
        role = active[0]
        command = chooser.choice(game.legal(state, role))
        state = game.apply(state, role, command).state
        action = ActionRecord(seq, role, game.notation.format(command), command.model_dump(mode="json"))
        record = await store.record_action(record.id, record.rev, action, state.model_dump_json(), 3.0 + seq)
    return record.id


async def installation(path: Path) -> dict[str, int]:
    store = await open_store(path)
    try:
        ids = [
            await play_athena(store, f"c{n}", moves, seed)
            for n, (moves, seed) in enumerate([(40, 1), (7, 2)])
        ]
        await store.create_game(
            guild="g1", channel="lobby", game="athena", options={}, seed=3, creator="u9", now=5.0
        )
        await store.put_guild_settings(GuildSettings("g1", "fr", 6.0, 2.0), 1.0)
        async with store.transaction() as conn:
            await conn.execute(
                "INSERT INTO leagues (guild_id, channel_id, name, game, variant, rating_model, created_by, created_at)"
                " VALUES ('g1', 'c0', 'Spring', 'athena', '', 'openskill', 'u1', 1.0)"
            )
            await conn.execute(
                "INSERT INTO league_archive (season_id, rank, user_id, name, mu, sigma, games, wins, draws, losses, left)"
                " SELECT 1, 1, 'u1', 'a', 25.0, 8.3, 1, 1, 0, 0, 1 WHERE 0"
            )
            await conn.execute(
                "INSERT INTO saved_setups (user_id, game, name, data, created_at, updated_at)"
                " VALUES ('u1', 'mythic', 'Mine', '{\"units\": \"a b\"}', 1.0, 1.0)"
            )
            await conn.execute(
                "INSERT INTO game_timers (game_id, clock_days, reminder_hours) VALUES (?, 2, 12)", (ids[0],)
            )
        return {"games": 3, "actions": 47, "seats": 4}
    finally:
        await store.close()


async def test_a_copy_carries_every_table_and_proves_itself(tmp_path, pg_url):
    source = tmp_path / "agora.db"
    expected = await installation(source)
    report = await copy_database(str(source), pg_url)
    assert report.ok, report.problems
    assert {k: report.counts[k] for k in expected} == expected
    assert report.counts["leagues"] == report.counts["saved_setups"] == report.counts["game_timers"] == 1
    assert report.games_replayed == 2
    store = await open_store(pg_url)
    try:
        assert await store.guild_settings("g1") == GuildSettings("g1", "fr", 6.0, 2.0)
        game = await store.create_game(
            guild="g2", channel="c", game="athena", options={}, seed=1, creator="u", now=9.0
        )
        assert game.id == 4  # identity counters go on after the copied ids
        assert len(await store.actions(1)) == 40 and await replay_game(store, 1) == []
    finally:
        await store.close()


async def test_a_log_that_does_not_replay_to_its_state_is_reported(tmp_path, pg_url):
    source = tmp_path / "agora.db"
    await installation(source)
    store = await open_store(source)
    async with store.transaction() as conn:  # a damaged installation: one move of the log lost
        await conn.execute(
            "UPDATE actions SET command = (SELECT command FROM actions WHERE game_id = 1 AND seq = 1)"
            " WHERE game_id = 1 AND seq = 2"
        )
    await store.close()
    report = await copy_database(str(source), pg_url)
    assert not report.ok and any("game 1" in p for p in report.problems)


async def test_a_target_with_data_or_a_missing_source_is_refused(tmp_path, pg_url):
    source = tmp_path / "agora.db"
    await installation(source)
    assert (await copy_database(str(source), pg_url)).ok
    with pytest.raises(CopyError, match="not empty"):
        await copy_database(str(source), pg_url)
    with pytest.raises(CopyError, match="no SQLite file"):
        await copy_database(str(tmp_path / "nothing.db"), pg_url)
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT COUNT(*) FROM games") == 3  # the refused copy added nothing
    finally:
        await conn.close()


async def test_the_command_line_copies(tmp_path, pg_url):
    source = tmp_path / "agora.db"
    await installation(source)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "db", "copy", "--from", str(source), "--to", pg_url],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "actions: 47 rows" in done.stdout and "verified" in done.stdout
    again = subprocess.run(
        [sys.executable, "-m", "bot", "db", "copy", "--from", str(tmp_path / "missing.db"), "--to", pg_url],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 2 and "no SQLite file" in again.stderr
