"""The `/league` commands end to end: the real bot (with `bot.leagues.cog` installed), the
real table and league services and a SQLite file, against the fake Discord of
tests/discord. A game resigned at an Agora table is recorded by the listener; a game played
elsewhere is reported, confirmed by button, and shows in the standings and the export."""

from __future__ import annotations

import csv
import io

import fake_discord as _fakes  # tests/discord on the import path, its fixtures
import pytest
from league_helpers import HOUR, Clock

fake = _fakes.fake  # the module-scoped fake Discord fixture

from tablehelp import Table  # noqa: E402

from bot.leagues import LeagueService  # noqa: E402
from bot.leagues.cog import install, tick_once  # noqa: E402
from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def people(fake):
    guild = fake.world.add_guild("League test")
    return {
        "table": Table(fake, fake.world.add_channel(guild, "league")),
        "elsewhere": Table(fake, fake.world.add_channel(guild, "tavern")),
        "olga": fake.world.add_user("Olga", manager=True),
        "alice": fake.world.add_user("Alice", locale="fr"),
        "bob": fake.world.add_user("Bob"),
    }


async def start(fake, tmp_path, clock):
    store = await open_store(tmp_path / "agora.db")
    leagues = LeagueService(store, clock=clock)
    bot = await _fakes.start_bot(fake, TableService(store, listeners=[leagues], clock=clock))
    install(bot, leagues, tick_seconds=None)  # the lead calls this in setup_hook; here after start
    await bot.tree.sync()
    return store, bot


async def test_leagues_through_discord(fake, people, tmp_path):
    table, olga, alice, bob = people["table"], people["olga"], people["alice"], people["bob"]
    clock = Clock()
    store, bot = await start(fake, tmp_path, clock)
    try:
        refused = await table.slash(alice, "league create", name="Cup", game="athena")
        assert refused.public == [] and "Gérer le serveur" in refused.ephemeral_text
        created = await table.slash(olga, "league create", name="Spring Cup", game="athena")
        assert "League **Spring Cup** created" in created.original.content
        for user in (alice, bob):
            await table.slash(user, "league join")
        assert "Bob joined **Spring Cup**. Members: 2." in table.last_public().content

        # a game at an Agora table in the league's channel, ended by resignation, is recorded
        await table.slash(alice, "game new", game="athena", seed=3)
        await table.slash(bob, "game join")
        await table.slash(alice, "game start")
        await table.slash(bob, "game resign")
        standings = await table.slash(bob, "league standings")
        message = standings.original
        assert "standings.png" in message.files and message.files["standings.png"].startswith(b"\x89PNG")
        assert "1/0/0" in message.content and "Alice" in message.content.split("Bob")[0]

        # a game played elsewhere: reported by Bob, the opponent chosen by autocomplete
        choices = await fake.autocomplete(bob, table.channel, "league report", "opponent", opponent="ali")
        assert choices == [{"name": "Alice", "value": alice.id}]
        again = await table.slash(
            bob, "league report", opponent=alice.id, result="loss"
        )  # the Agora game again
        assert (
            again.public == [] and "played on Agora and is already recorded: match #1" in again.ephemeral_text
        )
        await table.slash(
            bob, "league report", opponent=alice.id, result="win", my_score=2.0, their_score=1.0, number=2
        )
        report = table.last_public()
        assert report.pinged == [alice.id] and "Bob beat Alice (2–1)" in report.content
        confirm = next(c for c in report.custom_ids if c.endswith(":confirm"))
        stranger = await table.click(olga, report, confirm)
        assert stranger.public == [] and "Only the opponents" in stranger.ephemeral_text
        await table.click(alice, report, confirm)
        assert "confirmed by Alice" in table.last_public().content  # public: the server's language
        again = await table.click(alice, report, confirm)
        assert again.public == [] and "déjà validée" in again.ephemeral_text  # Alice reads French

        # a second report nobody answers is accepted by the tick after 48 hours
        await table.slash(alice, "league report", opponent=bob.id, result="draw", number=3)
        clock.advance(48 * HOUR)
        assert await tick_once(bot) == 1
        assert "48" in table.last_public().content

        export = await table.slash(olga, "league export")
        [csv_message] = export.ephemeral
        rows = list(csv.DictReader(io.StringIO(csv_message.files["spring-cup-s1-matches.csv"].decode())))
        assert [r["source"] for r in rows] == ["game", "game", "report", "report", "report", "report"]
        assert {r["status"] for r in rows} == {"accepted"}

        french = await table.slash(alice, "league standings")
        assert "Joueur" in french.original.content and "Parties\u00a0: 3" in french.original.content
        season = await table.slash(olga, "league season new")
        assert "Season 2 starts now" in season.original.content
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_disputes_decisions_and_views_through_discord(fake, people, tmp_path):
    table, olga, alice, bob = people["table"], people["olga"], people["alice"], people["bob"]
    store, bot = await start(fake, tmp_path, Clock())
    try:
        offered = await fake.autocomplete(
            olga, table.channel, "league create", "variant", name="Titans", game="mythic", variant=""
        )
        assert offered == [
            {"name": "duel (one against one)", "value": "duel"},
            {"name": "teams (two against two)", "value": "teams"},
        ]
        typo = await table.slash(alice, "league create", name="Titans", game="mythic", variant="4p")
        assert typo.public == [] and "Gérer le serveur" in typo.ephemeral_text  # permission first
        typo = await table.slash(olga, "league create", name="Titans", game="mythic", variant="4p")
        assert (
            typo.public == []
            and "Mythic Battles has no variant “4p”. Variants: duel, teams." in typo.ephemeral_text
        )
        await table.slash(olga, "league create", name="Titans", game="mythic", variant="duel")
        assert "variant: duel (one against one)" in table.last_public().content
        for user in (alice, bob):
            await table.slash(user, "league join", league="Titans")
        assert await fake.autocomplete(bob, table.channel, "league join", "league", league="tit") == [
            {"name": "Titans", "value": "Titans"}
        ]
        listing = await table.slash(bob, "league list")
        assert listing.public == [] and "**Titans**: Mythic Battles" in listing.ephemeral_text

        bad = await table.slash(alice, "league report", opponent=bob.id, result="win", played="2025-13-01")
        assert (
            bad.public == [] and "«\u00a02025-13-01\u00a0» n’est pas une date" in bad.ephemeral_text
        )  # Alice reads French
        teams = await table.slash(
            alice, "league report", opponent=bob.id, result="win", partner=olga.id, opponent_partner="4242"
        )
        assert teams.public == [] and "**Titans** se joue à un contre un" in teams.ephemeral_text
        await table.slash(
            alice,
            "league report",
            opponent=bob.id,
            result="win",
            my_faction="Athena",
            their_faction="Hades",
            first="me",
            scenario="Stele",
        )
        report = table.last_public()
        await table.click(bob, report, next(c for c in report.custom_ids if c.endswith(":dispute")))
        dispute = table.last_public()
        assert "Bob disputes report #1" in dispute.content and dispute.custom_ids == [
            "lg:1:accept",
            "lg:1:void",
        ]
        waiting = await table.slash(olga, "league reports")
        assert "disputed, waiting for an organizer" in waiting.ephemeral_text
        refused = await table.click(alice, dispute, "lg:1:accept")
        assert refused.public == [] and "organisateurs" in refused.ephemeral_text  # Alice reads French
        await table.slash(olga, "league resolve", match=1, action="change", winner=bob.id)
        assert "Olga corrected match #1: Bob (hades) beat Alice (athena)" in table.last_public().content

        history = await table.slash(alice, "league history")
        assert "défaite" in history.original.content and "Bob (hades)" in history.original.content
        stats = await table.slash(bob, "league stats")
        assert (
            "hades: 100% wins" in stats.original.content
            and "second player: 100% wins" in stats.original.content
        )
        assert "stele, hades: 100% wins" in stats.original.content

        await table.slash(olga, "league void", match=1)
        assert "voided match #1" in table.last_public().content
        after = await table.slash(bob, "league standings")
        assert "No game counts yet this season." in after.original.content
        await table.slash(bob, "league leave")
        assert "Bob left **Titans**" in table.last_public().content
        gone = await table.slash(bob, "league report", opponent=alice.id, result="win")
        assert gone.public == [] and "not a member of **Titans**" in gone.ephemeral_text
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_a_game_started_with_league_elsewhere_is_recorded_there(fake, people, tmp_path):
    """`/game new league:` in another channel: the game counts for that league, and the
    announcement goes to the game's channel."""
    table, tavern, olga, alice, bob = (people[k] for k in ("table", "elsewhere", "olga", "alice", "bob"))
    store, bot = await start(fake, tmp_path, Clock())
    try:
        await table.slash(olga, "league create", name="Agora Open", game="athena")
        for user in (alice, bob):
            await table.slash(user, "league join")
        await tavern.slash(alice, "game new", game="athena", seed=5, league="Agora Open")
        await tavern.slash(bob, "game join")
        await tavern.slash(alice, "game start")
        await tavern.slash(alice, "game resign")
        recorded = [m.content for m in tavern.public() if "Recorded as match #1" in m.content]
        assert recorded and "**Agora Open**: Bob beat Alice" in recorded[-1]
        standings = await table.slash(olga, "league standings")
        assert "Games: 1 · players: 2" in standings.original.content
        rows = [
            line for line in standings.original.content.splitlines() if "1/0/0" in line or "0/0/1" in line
        ]
        assert "Bob" in rows[0] and "1/0/0" in rows[0] and "Alice" in rows[1] and "0/0/1" in rows[1]
        unknown = await tavern.slash(bob, "game new", game="athena", league="Nope")
        assert unknown.public == [] and "There is no league called “Nope” here" in unknown.ephemeral_text
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
