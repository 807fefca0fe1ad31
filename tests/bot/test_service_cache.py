"""Each channel's current table stays in memory for autocomplete: one database read per
keystroke, and never a stale answer after a write, from this process or another."""

from __future__ import annotations

from bot_helpers import ALICE, BOB, CAROL, WHERE, lines, make_service, moves, seated

from bot.store import open_store


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
