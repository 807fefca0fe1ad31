"""A whole game of Battle for Athena between two Discord users, through the real bot, the real
table service and a SQLite file, against the fake Discord.

Alice reads French and accepts DMs; Bob reads English and has DMs closed, so he gets the
one-time notice and plays from `/game hand`; Carol only watches. On the way: the lobby by
slash command and button, autocomplete-only moves, DM buttons, a stale button, two
simultaneous clicks, a restart on the same database, and the privacy of every DM.
"""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from discord_harness import start_process
from fakediscord import interactions as ix
from tablehelp import Table

from engine.i18n import t

pytestmark = pytest.mark.asyncio(loop_scope="module")
MAX_STEPS = 400


def buttons(message, action):
    return [cid for cid in message.custom_ids if cid.split(":")[3] == action]


def latest_with_buttons(messages):
    return next((m for m in reversed(messages) if m.custom_ids), None)


@pytest.fixture(scope="module")
def people(fake):
    guild = fake.world.add_guild("Agora test")
    return {
        "table": Table(fake, fake.world.add_channel(guild, "athena")),
        "alice": fake.world.add_user("Alice", locale="fr"),
        "bob": fake.world.add_user("Bob", locale="en-US", refuses_dms=True),
        "carol": fake.world.add_user("Carol", locale="en-US"),
    }


async def open_table(table, alice, bob, carol):
    """/game new, Join by button, a refused start, /game start."""
    new = await table.slash(alice, "game new", game="athena", scenario="initiation", seed=7)
    lobby = new.original
    assert not lobby.ephemeral and "Battle for Athena" in lobby.content, lobby.content
    join = await table.click(bob, lobby, buttons(lobby, "join")[0])
    assert "Bob" in table.last_public().content and join.ephemeral == []
    refused = await table.slash(carol, "game start")
    assert refused.public == [] and refused.ephemeral_text == t("bot.err.creator_only", "en")
    start = await table.slash(alice, "game start")
    opening = start.original
    assert not opening.ephemeral and any(n.endswith(".png") for n in opening.files)
    assert set(opening.pinged) == {alice.id, bob.id}  # both deploy at once
    return re.search(r"#(\d+)", opening.content).group(1)


async def test_a_whole_game_through_discord(fake, people, tmp_path_factory):
    table, alice, bob, carol = people["table"], people["alice"], people["bob"], people["carol"]
    db = tmp_path_factory.mktemp("game") / "agora.db"
    process = await start_process(fake, db)
    game_id = await open_table(table, alice, bob, carol)

    # Alice's private view arrives by DM, in French, with an image and her choice buttons.
    first_dm = latest_with_buttons(table.dms(alice))
    assert first_dm is not None and any(n.endswith(".png") for n in first_dm.files)
    assert "choix" in first_dm.content.lower()
    # Bob's DMs are closed: one notice in the channel, and /game hand answers him privately.
    notices = [m for m in table.public() if "/game hand" in m.content and bob.id in m.pinged]
    assert len(notices) == 1
    hand = await table.slash(bob, "game hand")
    assert hand.public == [] and any(n.endswith(".png") for m in hand.ephemeral for n in m.files)
    from_notice = await table.click(
        bob, notices[0], buttons(notices[0], "hand")[0]
    )  # the notice's own button
    assert from_notice.public == [] and any(
        n.endswith(".png") for m in from_notice.ephemeral for n in m.files
    )
    # Carol has no seat: refused privately, autocomplete offers her nothing.
    nosy = await table.slash(carol, "play", move="deploy random")
    assert nosy.public == [] and nosy.ephemeral_text == t("bot.err.not_seated", "en")
    assert await table.moves_of(carol) == []
    nosy_click = await table.click(carol, notices[0], notices[0].custom_ids[0])
    assert nosy_click.public == [] and nosy_click.ephemeral_text == t("bot.err.not_seated", "en")

    rng = random.Random(11)
    stale_checked = concurrent_checked = restarted = False
    steps = 0
    while "is over" not in table.last_public().content and steps < MAX_STEPS:
        steps += 1
        alice_dm = latest_with_buttons(table.dms(alice))
        alice_moves = await table.moves_of(alice)
        if alice_moves and alice_dm is not None and not concurrent_checked and steps > 6:
            concurrent_checked = await two_clicks_apply_once(table, alice, alice_dm)
            continue
        if not stale_checked and steps > 3 and first_dm is not alice_dm:
            stale_checked = await old_button_is_refused(table, alice, first_dm)
        if not restarted and steps > 12 and alice_moves and alice_dm is not None:
            await process.stop()
            process = await start_process(fake, db)  # same database, new process
            restarted = True
            before = len(table.public())
            await table.click(
                alice, alice_dm, rng.choice(alice_dm.custom_ids)
            )  # a button from before the restart
            assert len(table.public()) > before, "a current button must work after a restart"
            continue
        await one_move(table, alice, bob, rng, alice_moves)

    assert "is over" in table.last_public().content, f"no result after {steps} steps"
    assert stale_checked and concurrent_checked and restarted
    result = table.last_public()
    assert f"#{game_id}" in result.content and buttons(result, "rematch")
    assert sum(1 for m in table.public() if "/game hand" in m.content and bob.id in m.pinged) == 1
    assert_private_stays_private(table, alice, fake)
    latencies = [i.ack_latency for i in fake.interactions.values() if i.ack_latency is not None]
    assert max(latencies) < 2.0
    await process.stop()


async def one_move(table, alice, bob, rng, alice_moves):
    """Whoever may act moves: Alice by a DM button or autocomplete, Bob from /game hand or autocomplete."""
    before = len(table.public())
    if alice_moves:
        dm = latest_with_buttons(table.dms(alice))
        if dm is not None and rng.random() < 0.5 and dm.id == table.dms(alice)[-1].id:
            inter = await table.click(alice, dm, rng.choice(dm.custom_ids))
        else:
            inter = await table.slash(alice, "play", move=await table.choose_move(alice, rng))
    else:
        move = await table.choose_move(bob, rng)
        assert move is not None, "nobody can move but the game is not over"
        if rng.random() < 0.3:
            hand = await table.slash(bob, "game hand")
            pick = [cid for m in hand.ephemeral for cid in m.custom_ids]
            inter = (
                await table.click(bob, hand.ephemeral[-1], rng.choice(pick))
                if pick
                else await table.slash(bob, "play", move=move)
            )
        else:
            inter = await table.slash(bob, "play", move=move)
    assert len(table.public()) > before, f"the move was not applied: {inter.ephemeral_text}"


async def old_button_is_refused(table, alice, old_dm):
    before = len(table.public())
    inter = await table.click(alice, old_dm, old_dm.custom_ids[0])
    stale = t("bot.err.stale_button", "fr")  # Alice reads French
    assert inter.public == [] and inter.ephemeral_text.startswith(stale.split("/")[0]), inter.ephemeral_text
    assert len(table.public()) == before
    return True


async def two_clicks_apply_once(table, alice, dm):
    """Two clicks on the same button at the same moment: one move, one refusal."""
    fake = table.fake
    before_public, before_all = len(table.public()), len(fake.world.messages)
    cid = dm.custom_ids[0]
    first, second = await asyncio.gather(fake.click(alice, dm, cid), fake.click(alice, dm, cid))
    await fake.wait_for(lambda: first.ephemeral or second.ephemeral)
    await fake.settle()
    assert len(fake.world.messages) > before_all
    moved = [m for m in table.public()[before_public:] if m.interaction_id is None and m.files]
    assert len(moved) == 1, [m.content for m in table.public()[before_public:]]
    refusals = [i for i in (first, second) if i.ephemeral]
    assert len(refusals) == 1 and {first.ack_type, second.ack_type} <= {ix.DEFERRED_UPDATE, ix.MESSAGE}
    return True


def assert_private_stays_private(table, alice, fake):
    """No DM or ephemeral image (private views) and no hand listing ever reached the channel."""
    public_files = {blob for m in table.public() for blob in m.files.values()}
    private = [m for m in table.dms(alice)] + [m for i in fake.interactions.values() for m in i.ephemeral]
    private_images = [blob for m in private for name, blob in m.files.items() if not name.startswith("board")]
    assert private_images and not any(blob in public_files for blob in private_images)
    hand_line = t("bot.hand.moves", "en", moves="").rstrip()
    assert hand_line not in table.public_text() and all(not m.ephemeral for m in table.public())
