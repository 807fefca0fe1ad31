"""`python -m bot db copy --from <sqlite file> --to <postgresql url>`: move an installation to
PostgreSQL with every table (games, logs, snapshots, seats, leagues, saved set-ups, settings,
timers, orders, and whatever later migrations add), then prove the copy.

Both databases are first migrated to the newest schema, so the copy is table by table and
column by column. The source is read in one read transaction (a consistent snapshot even if
a bot still writes, though moves made after it began stay behind: stop the bot first); the
target is written in one transaction with COPY, and refused unless it is empty. Identity
counters continue after the copied ids. Verified by counting every table on both sides and by
replaying every started game's log from its first state to its stored current state on the
target (bot/service/history.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store import SqliteStore, Store, open_store
from bot.store.postgres import PostgresStore

CHUNK = 2000


class CopyError(RuntimeError):
    pass


@dataclass
class CopyReport:
    counts: dict[str, int] = field(default_factory=dict)  # rows copied per table
    games_replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = [f"{table}: {count} rows" for table, count in self.counts.items()]
        out.append(f"games replayed from their logs: {self.games_replayed}")
        out += [f"PROBLEM: {p}" for p in self.problems] or ["verified: counts equal, every log replays"]
        return out


async def _sqlite_rows(conn: Any, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with conn.execute(sql, params) as cursor:
        return [tuple(r) for r in await cursor.fetchall()]


async def _tables_in_order(conn: Any) -> list[str]:
    """User tables, each after the tables its foreign keys point to."""
    names = [
        r[0]
        for r in await _sqlite_rows(
            conn,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name <> 'schema_version' ORDER BY name",
        )
    ]
    parents = {
        name: {r[2] for r in await _sqlite_rows(conn, f"PRAGMA foreign_key_list({name})")} - {name}
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise CopyError(f"foreign keys form a cycle among {sorted(set(names) - set(ordered))}")
        ordered += ready
    return ordered


def _converter(pg_type: str) -> Any:
    if pg_type in {"bigint", "integer", "smallint"}:
        return lambda v: v if v is None else int(v)
    if pg_type in {"double precision", "real", "numeric"}:
        return lambda v: v if v is None else float(v)
    if pg_type == "boolean":
        return lambda v: v if v is None else bool(v)
    return lambda v: v if v is None or isinstance(v, str) else str(v)


async def _pg_columns(raw: Any, table: str) -> dict[str, str]:
    rows = await raw.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1",
        table,
    )
    return {r[0]: r[1] for r in rows}


async def copy_database(source: str, target: str) -> CopyReport:
    if not Path(source).is_file():
        raise CopyError(f"no SQLite file at {source}")
    src = await open_store(source)
    dst = await open_store(target)
    try:
        if not isinstance(src, SqliteStore) or not isinstance(dst, PostgresStore):
            raise CopyError("copy goes from a SQLite file to a postgresql:// URL")
        report = CopyReport()
        await _copy(src, dst, report)
        await _verify(src, dst, report)
        return report
    finally:
        await src.close()
        await dst.close()


async def _copy(src: SqliteStore, dst: PostgresStore, report: CopyReport) -> None:
    async with src.reading() as conn, dst.pool.acquire() as raw:
        await conn.execute("BEGIN")  # one snapshot of the source for the whole copy
        try:
            tables = await _tables_in_order(conn)
            async with raw.transaction():
                for table in tables:
                    pg = await _pg_columns(raw, table)
                    if not pg:
                        raise CopyError(f"table {table} is missing on the target")
                    if await raw.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{table}")'):
                        raise CopyError(f"the target is not empty (table {table} has rows)")
                    columns = [r[1] for r in await _sqlite_rows(conn, f"PRAGMA table_info({table})")]
                    missing = [c for c in columns if c not in pg]
                    if missing:
                        raise CopyError(f"{table}: columns {missing} are missing on the target")
                    convert = [_converter(pg[c]) for c in columns]
                    quoted = ", ".join(f'"{c}"' for c in columns)
                    count = 0
                    async with conn.execute(f"SELECT {quoted} FROM {table}") as cursor:
                        while rows := await cursor.fetchmany(CHUNK):
                            records = [tuple(f(v) for f, v in zip(convert, row, strict=True)) for row in rows]
                            await raw.copy_records_to_table(table, records=records, columns=columns)
                            count += len(records)
                    report.counts[table] = count
                for table, column in (dst._catalog.identity or {}).items():
                    await raw.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                        f' COALESCE((SELECT MAX("{column}") FROM "{table}"), 0) + 1, false)'
                    )
        finally:
            await conn.execute("ROLLBACK")


async def _verify(src: SqliteStore, dst: PostgresStore, report: CopyReport) -> None:
    for table, copied in report.counts.items():
        async with src.reading() as conn:
            [(before,)] = await _sqlite_rows(conn, f"SELECT COUNT(*) FROM {table}")
        async with dst.pool.acquire() as raw:
            after = await raw.fetchval(f'SELECT COUNT(*) FROM "{table}"')
        if not before == copied == after:
            report.problems.append(
                f"{table}: {before} rows in SQLite, {copied} copied, {after} in PostgreSQL"
            )
    for record in await dst.games():
        if (await src.current_state(record.id)) != (await dst.current_state(record.id)):
            report.problems.append(f"game {record.id}: the current state differs after the copy")
        report.problems += await replay_game(dst, record.id)
        if record.started_at is not None:
            report.games_replayed += 1


async def replay_game(store: Store, game_id: int) -> list[str]:
    """Problems found replaying a started game's log to its stored states (none: it matches)."""
    from bot.service.context import Table
    from engine import get_game

    record = await store.get_game(game_id)
    if record is None or record.started_at is None:
        return []
    try:
        game = get_game(record.game)
    except Exception as exc:  # a game whose plug-in is not installed here
        return [f"game {game_id}: cannot replay {record.game!r} ({exc})"]
    from bot.service.history import replay_problems

    table = Table(record, await store.seats(game_id), game)
    try:
        problems = await replay_problems(store, table)
    except Exception as exc:  # a move of the log the rules refuse: the log is damaged
        return [f"game {game_id}: the log does not replay ({type(exc).__name__}: {exc})"]
    current = await store.current_state(game_id)
    if current is None:
        problems.append(f"game {game_id}: no current state")
    elif not problems:
        json.loads(current)  # the stored state parses
    return problems


def main_copy(source: str, target: str) -> int:
    """The command line: prints what was copied and verified; exit 1 on any problem."""
    import asyncio
    import sys

    try:
        report = asyncio.run(copy_database(source, target))
    except (CopyError, OSError) as exc:
        print(f"copy refused: {exc}", file=sys.stderr)
        return 2
    for line in report.lines():
        print(line)
    return 0 if report.ok else 1
