"""A whole Battlelore Mythologie battle between two users through the fake Discord, played
only by chains and plans (issue 26): `/bl order card: units:` for the card and its orders,
then `/play` chains (`mv d2-d4; atk d4xe5`) for the rest, one message and at most one board
image per interaction; then a chain that fails part-way, and `/game undo` after a chain."""

from __future__ import annotations

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest
from chained import chained_battle

fake = _fakes.fake

from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine.battlelore import GAME  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")
OPTIONS = {"max_turns": 4}


async def start(fake, db, name: str):
    store = await open_store(db)
    bot = await _fakes.start_bot(fake, TableService(store))
    guild = fake.world.add_guild(name)
    table = Table(fake, fake.world.add_channel(guild, name.lower()))
    return store, bot, table


def images(messages) -> int:
    return sum(1 for m in messages for b in m.files.values() if b.startswith(b"\x89PNG"))


def as_order(steps: list[str]) -> tuple[dict[str, str], list[str]] | None:
    """`/bl order`'s options for a chain that opens with a card and its orders (002 l.233-240),
    and the steps after them; None for another chain."""
    words = steps[0].split()
    if words[0] != "play" or len(steps) < 2 or not steps[1].startswith("act "):
        return None
    values = {"card": words[1]} | ({"how": words[2]} if len(words) == 3 else {})
    units = [s.split()[1] for s in steps[1:] if s.startswith("act ")]
    rest = steps[1 + len(units) :]
    values["units"] = " ".join(units)  # the option `ordered` is named "units" on Discord
    if rest and rest[0] == "go":
        rest = rest[1:]
    return values, rest


async def test_a_whole_battle_by_chains_and_plans(fake, tmp_path):
    store, bot, table = await start(fake, tmp_path / "agora.db", "Chains")
    users = {
        "p1": fake.world.add_user("Alice", locale="en-US"),
        "p2": fake.world.add_user("Bob", locale="fr"),
    }
    try:
        interactions, steps = chained_battle(0, OPTIONS)
        await table.slash(users["p1"], "game new", game="battlelore", seed=0, options="max_turns:4")
        await table.slash(users["p2"], "game join")
        await table.slash(users["p1"], "game start")
        sent, orders = 0, 0
        for chain in interactions:
            user, before = users[chain.role], len(table.public())
            order = as_order(chain.steps)
            if order is not None:
                values, rest = order
                done = await table.slash(user, "bl order", **values)
                sent, orders = sent + 1, orders + 1
                assert not done.ephemeral_text, (chain.steps, done.ephemeral_text)
                chain_steps = rest
            else:
                chain_steps = chain.steps
            if chain_steps:
                done = await table.slash(user, "play", move="; ".join(chain_steps))
                sent += 1
                assert not done.ephemeral_text, (chain.steps, done.ephemeral_text)
            new = table.public()[before:]
            assert images(new) <= len(new) <= 2  # one message per interaction (and the result)
        assert orders >= 4  # every turn's card went through /bl order
        assert "is over" in table.public_text() or "est terminée" in table.public_text()
        assert sent < len(steps) / 2  # fewer than half as many interactions as engine commands
        actions = await store.actions(1)
        # one action per engine command: the log is the engine's, replay and exports unchanged
        assert [a.notation for a in actions] == [GAME.notation.format(c) for _, _, c, _ in steps]
        assert images(table.public()) <= sent + 1
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_a_chain_that_fails_part_way_then_undo(fake, tmp_path):
    store, bot, table = await start(fake, tmp_path / "agora.db", "Halfway")
    users = {
        "p1": fake.world.add_user("Cleo", locale="en-US"),
        "p2": fake.world.add_user("Dion", locale="en-US"),
    }
    try:
        interactions, _ = chained_battle(0, OPTIONS)
        await table.slash(users["p1"], "game new", game="battlelore", seed=0, options="max_turns:4")
        await table.slash(users["p2"], "game join")
        await table.slash(users["p1"], "game start")
        index = next(i for i, c in enumerate(interactions) if c.steps[0].startswith("play "))
        for chain in interactions[:index]:
            await table.slash(users[chain.role], "play", move="; ".join(chain.steps))
        chain = interactions[index]
        card, unit = chain.steps[0], chain.steps[1]
        # /play's autocomplete completes a chain's last step: the units this card lets you order
        offered = [c["value"] for c in await table.moves_of(users[chain.role], f"{card}; act")]
        assert f"{card}; {unit}" in offered and all(v.startswith(f"{card}; act ") for v in offered)
        before = len(table.public())
        done = await table.slash(users[chain.role], "play", move=f"{card}; {unit}; act a1; go")
        assert "Your chain stopped after 2 moves of 4: `act a1` was not played." in done.ephemeral_text
        assert "Not played: `go`." in done.ephemeral_text
        assert len(table.public()) == before + 1  # what was done is announced once
        assert [a.notation for a in await store.actions(1)][-2:] == [card, unit]
        undo = await table.slash(users[chain.role], "game undo")
        assert "takes back 1 move" in table.public_text()[-300:], undo.ephemeral_text
        assert [a.notation for a in await store.actions(1)][-1] == card
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
