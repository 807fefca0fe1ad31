"""Reaction windows through the fake Discord: the window reaches its player by DM with
labelled buttons and its time limit, a click answers it, `/game orders` sets a standing
order that then answers the next window by itself (issue 5)."""

from __future__ import annotations

import pytest
from discord_harness import start_bot, stop_bot
from tablehelp import Table

from bot.service import TableService
from bot.store import open_store
from tests.mythic.test_windows import Skirmish

pytestmark = pytest.mark.asyncio(loop_scope="module")


def last_dm_with_buttons(table: Table, user):
    return next(m for m in reversed(table.dms(user)) if m.custom_ids)


async def test_a_reaction_window_by_dm_and_a_standing_order(fake, tmp_path):
    guild = fake.world.add_guild("Windows test")
    table = Table(fake, fake.world.add_channel(guild, "skirmish"))
    alice = fake.world.add_user("Alice", locale="en-US")
    bob = fake.world.add_user("Bob", locale="fr")
    store = await open_store(tmp_path / "agora.db")
    bot = await start_bot(fake, TableService(store, games={"mythic": Skirmish()}))
    try:
        await table.slash(alice, "game new", game="mythic", seed=3, window_minutes=10)
        await table.slash(bob, "game join")
        await table.slash(alice, "game start")
        await table.slash(alice, "play", move="act marauders")

        # Bob may harass: his window comes by DM, in French, with its limit and a labelled button.
        dm = last_dm_with_buttons(table, bob)
        assert (
            "la harceler\u00a0?" in dm.content
            and "Passe d’elle-même dans 10\u00a0min (Passer)." in dm.content
        )
        # 0 PP for Talos' 2: the cards to convert, then pass (001 l.392: "at any time")
        *converts, (custom_id, label) = dm.button_labels.items()
        assert [c.rsplit(":", 1)[-1] for c, _ in converts] == ["pp spartans", "pp toxotes"]
        assert custom_id.endswith(":play:pass") and label == "Passer"
        before = len(table.public())
        await table.click(bob, dm, custom_id)
        assert len(table.public()) > before  # the pass went through the usual move path

        # A standing order from Discord, then the next window answers itself.
        orders = await table.slash(bob, "game orders", order="counter", value="never")
        assert orders.public == [] and "Contre-attaque\u00a0: jamais" in orders.ephemeral_text
        await table.slash(bob, "game orders", order="defend", value="never")
        attack = await table.slash(alice, "play", move="atk c3xc4")
        assert "Bob's standing order: Pass." in "\n".join(m.content for m in attack.public)
        shown = await table.slash(bob, "game orders")
        assert (
            "Vos ordres permanents\u00a0: Contre-attaque\u00a0: jamais, Défendre une unité attaquée\u00a0: jamais."
            in shown.ephemeral_text
        )
    finally:
        await stop_bot(bot)
        await store.close()
