"""A whole game of Battle for Athena between two Discord users, through the real bot, the real
table service and a SQLite file, against the fake Discord.

Alice reads French and accepts DMs; Bob reads English and has DMs closed, so he gets the
one-time notice and plays from `/game hand`; Carol only watches. On the way: the lobby by
slash command and button, autocomplete-only moves, DM buttons, a stale button, two
simultaneous clicks, a restart on the same database, and the privacy of every DM.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re

import pytest
from discord_harness import start_process
from fakediscord import interactions as ix
from tablehelp import Table

from engine.i18n import t

pytestmark = pytest.mark.asyncio(loop_scope="module")
MAX_STEPS = 400
IMAGE_LIMIT = 400 * 1024  # "a few hundred KB"


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


async def test_a_whole_game_through_discord(fake, people, tmp_path_factory, caplog):
    caplog.set_level(logging.INFO)  # every log line of the bot and the service, for the privacy check
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
    stale_checked = concurrent_checked = restarted = refusals_checked = False
    steps = moves = 0
    while "is over" not in table.last_public().content and steps < MAX_STEPS:
        steps += 1
        alice_dm = latest_with_buttons(table.dms(alice))
        alice_moves = await table.moves_of(alice)
        if alice_moves and alice_dm is not None and not concurrent_checked and steps > 6:
            concurrent_checked = await two_clicks_apply_once(table, alice, alice_dm)
            continue
        if not refusals_checked and alice_moves and not await table.moves_of(bob):
            refusals_checked = await wrong_moves_are_refused(table, alice, bob)
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
            await a_spectator_sees_only_the_public_board(table, carol)
            continue
        await one_move(table, alice, bob, rng, alice_moves)
        moves += 1

    assert "is over" in table.last_public().content, f"no result after {steps} steps"
    assert stale_checked and concurrent_checked and restarted and refusals_checked
    result = table.last_public()
    assert f"#{game_id}" in result.content and buttons(result, "rematch")
    assert sum(1 for m in table.public() if "/game hand" in m.content and bob.id in m.pinged) == 1
    assert moves > 10, f"only {moves} moves through /play and buttons"
    assert table.dms(carol) == []  # a spectator is never sent anything private
    assert_private_stays_private(table, alice, bob, carol, fake)
    assert_logs_keep_secrets(caplog.records, table, alice, bob, fake)
    images = [blob for m in fake.world.messages.values() for blob in m.files.values()]
    assert images and max(map(len, images)) < IMAGE_LIMIT
    latencies = [i.ack_latency for i in fake.interactions.values() if i.ack_latency is not None]
    assert max(latencies) < 2.0
    await process.stop()


async def one_move(table, alice, bob, rng, alice_moves):
    """Whoever may act moves: Alice by a DM button or autocomplete, Bob from /game hand or
    autocomplete. The channel then gets exactly one message (and the result once over):
    the move in words with the new board, mentioning only who has a new decision to make."""
    before = len(table.public())
    waiting = {u.id for u, moves in ((alice, alice_moves), (bob, await table.moves_of(bob))) if moves}
    mover = alice if alice_moves else bob
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
    moved, *rest = table.public()[before:]
    assert rest == [] or (len(rest) == 1 and "is over" in rest[0].content), [m.content for m in rest]
    assert "board" in " ".join(moved.files) and moved.content.strip(), moved.content
    assert mover.name in moved.content, moved.content  # the move in words names who played it
    now_waiting = {u.id for u in (alice, bob) if await table.moves_of(u)}
    newly = now_waiting - waiting
    if mover.id in now_waiting and re.search(r"^Duel \d+:", moved.content, re.M):
        newly.add(mover.id)  # won the duel and opens the next one: a new decision, pinged
    assert set(moved.pinged) == newly, (moved.content, waiting, now_waiting)


async def wrong_moves_are_refused(table, alice, bob):
    """A seated player out of turn and a move that means nothing: short private refusals,
    each in its reader's language, and the game does not change."""
    before = len(table.public())
    early = await table.slash(bob, "play", move="engage 1")
    assert (
        early.public == []
        and early.ephemeral_text == t("core.err.not_your_turn", "en") + " Waiting for: Alice."
    )
    garbage = await table.slash(alice, "play", move="fly to olympus")
    assert garbage.public == [] and garbage.ephemeral_text.startswith("Je ne comprends pas")
    assert "fly to olympus" in garbage.ephemeral_text
    assert len(table.public()) == before
    return True


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

    def posted() -> list:
        return [m for m in table.public()[before_public:] if m.interaction_id is None and m.files]

    await fake.wait_for(posted, timeout=20)  # the accepted click's move (slow on a loaded machine)
    await fake.settle()
    assert len(fake.world.messages) > before_all
    moved = posted()
    assert len(moved) == 1, [m.content for m in table.public()[before_public:]]
    refusals = [i for i in (first, second) if i.ephemeral]
    assert len(refusals) == 1 and {first.ack_type, second.ack_type} <= {ix.DEFERRED_UPDATE, ix.MESSAGE}
    return True


async def a_spectator_sees_only_the_public_board(table, carol):
    board = await table.slash(carol, "game board")
    assert board.public == [] and [n for m in board.ephemeral for n in m.files if n.startswith("board")]
    hand = await table.slash(carol, "game hand")
    assert hand.public == [] and hand.ephemeral_text == t("bot.err.not_seated", "en")
    assert not [n for m in hand.ephemeral for n in m.files]


def private_messages(fake, *players):
    """DMs and the ephemeral answers the players got (their hands, the private views)."""
    ids = {p.id for p in players}
    return [m for p in players for m in fake.world.dm_channel(p).visible()] + [
        m for i in fake.interactions.values() if i.user.id in ids for m in i.ephemeral
    ]


def assert_private_stays_private(table, alice, bob, carol, fake):
    """No private image (DMs, hands) ever reached the channel or the spectator, and no hand
    listing reached the channel."""
    public_files = {blob for m in table.public() for blob in m.files.values()}
    public_files |= {blob for m in private_messages(fake, carol) for blob in m.files.values()}
    private = private_messages(fake, alice, bob)
    private_images = [blob for m in private for name, blob in m.files.items() if not name.startswith("board")]
    assert private_images and not any(blob in public_files for blob in private_images)
    hand_line = t("bot.hand.moves", "en", moves="").rstrip()
    assert hand_line not in table.public_text() and all(not m.ephemeral for m in table.public())


def assert_logs_keep_secrets(records, table, alice, bob, fake):
    """No log line quotes what only a player saw (a private view, a hand), and nothing went
    wrong badly enough to be logged as an error."""
    public = set(table.public_text().splitlines())
    secrets = {
        line.strip()
        for m in private_messages(fake, alice, bob)
        for line in m.content.splitlines()
        if len(line.strip()) >= 12 and line not in public and "</" not in line
    }
    assert secrets, "the players saw nothing private"
    logged = [r.getMessage() for r in records]
    assert logged, "the bot logs nothing"
    assert not [(line, s) for line in logged for s in secrets if s in line]
    assert not [r.getMessage() for r in records if r.levelno >= logging.ERROR]
