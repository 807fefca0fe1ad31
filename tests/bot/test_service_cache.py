"""Each channel's current table stays in memory for autocomplete: one database read per
keystroke, and never a stale answer after a write, from this process or another."""

from __future__ import annotations

import pytest
from bot_helpers import ALICE, BOB, CAROL, WHERE, dump, lines, make_service, moves, seated

from bot.store import open_store
from engine.errors import IllegalCommand


def count_reads(store) -> list[str]:
    """Every read or transaction the store runs from now on (each query opens one)."""
    opened: list[str] = []
    for name in ("reading", "transaction"):
        original = getattr(store, name)

        def counted(original=original, name=name):
            opened.append(name)
            return original()

        setattr(store, name, counted)
    return opened


async def test_autocomplete_reads_the_database_once_per_keystroke(service, store):
    await seated(service)  # the start's table is kept, so the first keystroke already finds it
    opened = count_reads(store)
    for typed in ("", "b", "bid", "bid 5"):
        assert await service.legal_groups(WHERE, ALICE, typed)
    assert opened == ["reading"] * 4
    await service.play(WHERE, ALICE, "bid 5")
    opened.clear()
    assert await service.legal_groups(WHERE, BOB, "")  # right after a move, too
    assert opened == ["reading"]


async def test_a_move_made_here_shows_at_once(service, store):
    await seated(service)
    first = (await moves(service, ALICE))[0]
    await service.play(WHERE, ALICE, first)
    assert await moves(service, ALICE) == []  # her bid is in: she waits for bob
    assert await moves(service, BOB)


async def test_another_process_writing_the_channel_is_never_missed(db_path, clock):
    store_a, store_b = await open_store(db_path), await open_store(db_path)
    try:
        a, b = make_service(store_a, clock), make_service(store_b, clock)
        await seated(a)
        first = (await moves(a, ALICE))[0]  # process a now keeps this table
        await b.play(WHERE, ALICE, first)
        assert await moves(a, ALICE) == []
        assert await moves(a, BOB) == await moves(b, BOB)
        await b.resign(WHERE, BOB)
        await b.new_game(WHERE, CAROL, "toy", {})
        assert lines(await a.status(WHERE, ALICE))[0] == "Game #2: Omens, waiting for players."
        await a.join(WHERE, ALICE)
        assert [s.user_id for s in await store_b.seats(2)] == [CAROL.user_id, ALICE.user_id]
    finally:
        await store_a.close()
        await store_b.close()


def count_trips(store) -> list[str]:
    """Every statement or transaction the SQLite store sends to its connections' threads from
    now on (the read-only connection's prefixed "reader:")."""
    sent: list[str] = []

    def counting(conn, prefix: str) -> None:
        original = conn._execute

        async def counted(fn, *args, **kwargs):
            sent.append(prefix + getattr(fn, "__name__", "?"))
            return await original(fn, *args, **kwargs)

        conn._execute = counted

    counting(store._conn, "")
    counting(store._reader, "reader:")
    return sent


async def test_a_move_from_the_kept_table_is_one_trip_to_the_database(service, store):
    await seated(service)
    first = (await moves(service, ALICE))[0]  # the autocomplete read the row just now
    sent = count_trips(store)
    await service.play(WHERE, ALICE, first)
    assert sent == ["_record"]  # no read: the write's compare-and-swap checks the row is unchanged
    sent.clear()
    await service.play(WHERE, BOB, (await moves(service, BOB))[0])
    assert sent == ["reader:_fetch_all", "_record"]  # bob's autocomplete read, then his move


async def test_a_move_from_a_table_another_process_changed_is_checked_against_the_row(db_path, clock):
    store_a, store_b = await open_store(db_path), await open_store(db_path)
    try:
        a, b = make_service(store_a, clock), make_service(store_b, clock)
        await seated(a)
        first = (await moves(a, ALICE))[0]  # process a keeps this table
        await b.play(WHERE, ALICE, first)
        before = await dump(store_a)
        # alice's move again: legal in the table a kept, not any more; refused as from the row
        with pytest.raises(IllegalCommand) as here:
            await a.play(WHERE, ALICE, first)
        with pytest.raises(IllegalCommand) as there:
            await b.play(WHERE, ALICE, first)
        assert (here.value.text, here.value.hint) == (there.value.text, there.value.hint)
        assert await dump(store_a) == before
        # bob's move, legal in both: the write from the kept table is refused, retried from the row, stored once
        await a.play(WHERE, BOB, (await moves(b, BOB))[0])
        record = await store_a.get_game(1)
        assert record.seq == 2 and [x.seq for x in await store_a.actions(1)] == [1, 2]
    finally:
        await store_a.close()
        await store_b.close()


async def test_a_write_that_keeps_the_revision_still_makes_a_kept_table_be_read_again(db_path, clock):
    """Timer bookkeeping and standing orders touch the row without bumping its revision: a
    move from the table kept before them is retried from the row, and stored once."""
    store_a, store_b = await open_store(db_path), await open_store(db_path)
    try:
        a = make_service(store_a, clock)
        await seated(a)
        first = (await moves(a, ALICE))[0]
        kept = await store_a.get_game(1)
        await store_b.update_game(1, kept.rev, clock() + 1, bump=False, remind_at=clock() + 99)
        sent = count_trips(store_a)
        await a.play(WHERE, ALICE, first)
        assert sent[0] == "_record" and sent.count("_record") == 2  # refused write, reads, write
        assert [x.seq for x in await store_a.actions(1)] == [1]
    finally:
        await store_a.close()
        await store_b.close()
