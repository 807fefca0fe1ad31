"""Server settings, reminders and the move clock across a restart, abort by agreement, and
every table command, through the real bot and service on a French-speaking server."""

from __future__ import annotations

import re

import pytest
from discord_harness import start_process
from tablehelp import Table

from engine.i18n import t

pytestmark = pytest.mark.asyncio(loop_scope="module")
START = 1_800_000_000.0
HOUR, DAY = 3600.0, 86400.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """One database for the module: the server's settings persist from test to test."""
    return tmp_path_factory.mktemp("delphi") / "agora.db"


@pytest.fixture(scope="module")
def delphi(fake):
    guild = fake.world.add_guild("Delphi")
    return {
        "guild": guild,
        "dave": fake.world.add_user("Dave", locale="en-US", manager=True),
        "alice": fake.world.add_user("Alice", locale="fr"),
        "bob": fake.world.add_user("Bob", locale="fr"),
        "carol": fake.world.add_user("Carol", locale="en-US"),
        "slow": Table(fake, fake.world.add_channel(guild, "slow-game")),
        "abort": Table(fake, fake.world.add_channel(guild, "abort")),
        "tour": Table(fake, fake.world.add_channel(guild, "tour")),
        "timed": Table(fake, fake.world.add_channel(guild, "timed")),
    }


def game_number(message) -> str:
    return re.search(r"n°(\d+)", message.content).group(1)


async def test_settings_reminder_and_clock_survive_a_restart(fake, delphi, db):
    clock = Clock()
    slow, dave, alice, carol = delphi["slow"], delphi["dave"], delphi["alice"], delphi["carol"]
    process = await start_process(fake, db, clock, tick_seconds=0.05)

    refused = await slow.slash(carol, "game settings", reminder_hours=2)
    assert refused.public == [] and "manager" in refused.ephemeral_text.lower()
    done = await slow.slash(dave, "game settings", language="fr", reminder_hours=1, clock_days=1)
    assert done.public == [] and "1" in done.ephemeral_text

    await slow.slash(alice, "game new", game="athena", scenario="initiation")
    opened = slow.last_public()
    assert "ouvre une partie" in opened.content  # the server's language now
    await slow.slash(alice, "game addbot", level="random")
    start = await slow.slash(alice, "game start")
    assert alice.id in start.original.pinged
    number = game_number(slow.public()[0])

    clock.now = START + HOUR + 1  # the reminder loop notices on its own
    reminder = t("bot.reminder", "fr", names=["Alice"], id=number)
    await fake.wait_for(lambda: any(reminder in m.content for m in slow.public()), timeout=5)
    assert alice.id in slow.last_public().pinged

    await process.stop()  # deadlines are in the database, not in the process
    clock.now = START + DAY + 1
    process = await start_process(fake, db, clock)
    assert await process.bot.tick_once() == 1
    await fake.settle()
    over = slow.last_public()
    assert t("bot.result.timeout", "fr", names=["Alice"]) in over.content and f"n°{number}" in over.content

    status = await slow.slash(alice, "game status")
    assert status.public == [] and "terminée" in status.ephemeral_text.lower()
    export = await slow.slash(alice, "game export")
    (record,) = [blob for m in export.ephemeral for name, blob in m.files.items() if name.endswith(".json")]
    assert b'"athena"' in record and export.public == []
    await process.stop()


async def test_a_game_chooses_its_own_clock_at_game_new(fake, delphi, db):
    clock = Clock()
    table, dave, alice = delphi["timed"], delphi["dave"], delphi["alice"]
    process = await start_process(fake, db, clock)
    await table.slash(dave, "game settings", language="fr", reminder_hours=1, clock_days=1)
    await table.slash(
        alice, "game new", game="athena", scenario="initiation", clock_days=3, reminder_hours=12
    )
    mine = t(
        "bot.timers.line",
        "fr",
        reminder=t("bot.timers.reminder", "fr", hours=12),
        clock=t("bot.settings.clock_days", "fr", days=3),
    )
    assert mine in table.last_public().content  # announced in the lobby
    await table.slash(alice, "game addbot", level="random")
    await table.slash(alice, "game start")
    number = game_number(table.public()[0])
    status = await table.slash(alice, "game status")
    assert mine in status.ephemeral_text

    clock.now = START + DAY + 1  # the server's one-day clock would have ended it
    assert await process.bot.tick_once() == 1
    await fake.settle()
    assert t("bot.reminder", "fr", names=["Alice"], id=number) in table.last_public().content
    clock.now = START + 3 * DAY + 1
    assert await process.bot.tick_once() == 1
    await fake.settle()
    assert t("bot.result.timeout", "fr", names=["Alice"]) in table.last_public().content
    await process.stop()


def answer(message, action: str) -> str:
    return next(cid for cid in message.custom_ids if cid.split(":")[3] == action)


async def test_abort_needs_the_other_players_agreement(fake, delphi, db):
    clock = Clock()
    table, alice, bob, carol, dave = (
        delphi["abort"],
        delphi["alice"],
        delphi["bob"],
        delphi["carol"],
        delphi["dave"],
    )
    process = await start_process(fake, db, clock)
    await table.slash(alice, "game new", game="athena", scenario="initiation")
    await table.slash(bob, "game join")
    await table.slash(alice, "game start")
    number = game_number(table.public()[0])

    refused = await table.slash(carol, "game abort")
    assert refused.public == [] and refused.ephemeral_text
    managed = await table.slash(dave, "game abort")  # Manage Server asks too, while the game runs
    ask = managed.original
    assert set(ask.pinged) == {alice.id, bob.id} and "Dave" in ask.content
    await table.click(alice, ask, answer(ask, "abort_no"))
    assert t("bot.request.declined", "fr", name="Alice") in table.last_public().content
    assert t("bot.abort.done", "fr", id=number) not in table.public_text()

    request = await table.slash(alice, "game abort")
    ask = request.original
    accept = next(cid for cid in ask.custom_ids if cid.split(":")[3] == "abort_ok")
    assert bob.id in ask.content or "Bob" in ask.content
    nosy = await table.click(carol, ask, accept)
    assert nosy.public == [] and nosy.ephemeral_text
    assert t("bot.abort.done", "fr", id=number) not in table.public_text()
    await table.click(bob, ask, accept)
    assert t("bot.abort.done", "fr", id=number) in table.public_text()
    await process.stop()


async def test_every_table_command_reaches_the_service(fake, delphi, db):
    table, alice, bob, carol = delphi["tour"], delphi["alice"], delphi["bob"], delphi["carol"]
    process = await start_process(fake, db, Clock())
    bad = await table.slash(  # written out: which options stay typed depends on what is installed
        alice, "game new", game="athena", scenario="expert", options="terrain_count:3 terrain_visible:5"
    )
    assert (
        bad.public == [] and t("athena.err.terrain_visible", "fr", visible=5, count=3) in bad.ephemeral_text
    )
    await table.slash(alice, "game new", game="athena", scenario="initiation", seed=3)
    await table.slash(bob, "game join")
    left = await table.slash(bob, "game leave")
    assert "Bob" in left.original.content
    await table.slash(alice, "game addbot", level="heuristic")
    await table.slash(alice, "game start")
    rules = await table.slash(carol, "game rules", game="athena")
    assert rules.public == [] and "Battle for Athena" in rules.ephemeral_text
    assert "`engage 15` sends the card of slot 15 into the duel" in rules.ephemeral_text  # how to play
    board = await table.slash(carol, "game board")  # spectators may look at the public board
    assert board.public == [] and any(name.endswith(".png") for m in board.ephemeral for name in m.files)
    moves = await table.moves_of(alice)
    await table.slash(alice, "play", move=moves[0]["value"])
    log = await table.slash(carol, "game log", last=5)
    assert log.public == [] and log.ephemeral_text
    undo = await table.slash(alice, "game undo")  # the AI's deployment drew at random: it refuses
    assert undo.public == [] and t("bot.err.undo_ai_refuses", "fr") in undo.ephemeral_text
    await table.slash(alice, "game resign")
    over = table.last_public()
    assert "Alice" in over.content and over.custom_ids
    rematch = next(cid for cid in over.custom_ids if cid.split(":")[3] == "rematch")
    await table.click(alice, over, rematch)
    assert any("n°" in m.content for m in table.public()[-3:])
    await process.stop()
