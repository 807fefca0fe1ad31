"""Whole Mythic Battles games through the fake Discord (issue #5): two users against each
other, one user against the AI seat, and four players in two teams with two AI seats.

The humans play the heuristic player's choice for their seat, typed in `/play` as the
notation, or clicked when the bot has offered that very command as a DM button (reaction
windows and other small choices arrive that way). The test reads the game's state through
the service only to decide what a sensible player would do; everything it checks comes
from what Discord shows.
"""

from __future__ import annotations

import pytest
from discord_harness import start_process
from tablehelp import Table

from bot.service.api import Where
from engine.mythic import GAME

pytestmark = pytest.mark.asyncio(loop_scope="module")
MAX_MOVES = 1500


async def current(process, table: Table):
    """The running table of the channel (state and seats), or None once the game is over."""
    where = Where(str(table.channel.guild_id), str(table.channel.id))
    found = await process.bot.service._channel_table(where, last=True)
    return found if found.record.status == "running" else None


def offered(table: Table, user, move: str, rev: int):
    """The DM message and button id that play `move` from the current position, if any."""
    for message in reversed(table.dms(user)[-3:]):
        for cid in message.custom_ids:
            parts = cid.split(":", 4)
            if len(parts) == 5 and parts[2] == str(rev) and parts[3] == "play" and parts[4] == move:
                return message, cid
    return None


async def play_out(process, table: Table, users: dict[str, object]) -> dict[str, int]:
    """Let the human seats play until the game ends; counts moves typed and clicked."""
    deciders = {role: GAME.players["heuristic"](7 + i) for i, role in enumerate(sorted(users))}
    counts = {"typed": 0, "clicked": 0}
    for _ in range(MAX_MOVES):
        running = await current(process, table)
        if running is None:
            return counts
        humans = [r for r in sorted(running.game.active(running.state)) if r in users]
        assert humans, "the game waits on nobody"
        role = humans[0]
        move = GAME.notation.format(deciders[role].choose(running.state, role))
        before = len(table.public())
        button = offered(table, users[role], move, running.record.rev)
        if button is not None:
            answer = await table.click(users[role], *button)
            counts["clicked"] += 1
        else:
            answer = await table.slash(users[role], "play", move=move)
            counts["typed"] += 1
        assert not answer.ephemeral_text or len(table.public()) > before, (move, answer.ephemeral_text)
    raise AssertionError(f"no result after {MAX_MOVES} moves")


def assert_hands_private(table: Table, users: dict[str, object]) -> None:
    """No private image ever reached the channel; every DM went to its own player only."""
    public_files = {blob for m in table.public() for blob in m.files.values()}
    for user in users.values():
        private = [blob for m in table.dms(user) for blob in m.files.values()]
        assert private and not any(blob in public_files for blob in private)


async def test_two_users_play_a_whole_game(fake, tmp_path):
    guild = fake.world.add_guild("Mythic duel")
    table = Table(fake, fake.world.add_channel(guild, "duel"))
    alice = fake.world.add_user("Alice", locale="fr")
    bob = fake.world.add_user("Bob", locale="en-US")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game="mythic", seed=21)
        await table.slash(bob, "game join")
        start = await table.slash(alice, "game start")
        assert start.original is not None and not start.original.ephemeral
        counts = await play_out(process, table, {"p1": alice, "p2": bob})
        last = table.last_public().content
        assert "Alice" in last or "Bob" in last
        print("two users", counts)
        assert counts["typed"] > 20 and counts["clicked"] > 5, counts
        assert_hands_private(table, {"p1": alice, "p2": bob})
    finally:
        await process.stop()


async def test_a_user_plays_a_whole_game_against_the_ai(fake, tmp_path):
    guild = fake.world.add_guild("Mythic solo")
    table = Table(fake, fake.world.add_channel(guild, "solo"))
    cara = fake.world.add_user("Cara", locale="en-US")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(cara, "game new", game="mythic", seed=8)
        await table.slash(cara, "game addbot", level="heuristic")
        await table.slash(cara, "game start")
        counts = await play_out(process, table, {"p1": cara})
        assert counts["typed"] + counts["clicked"] > 20
        assert "Cara" in table.public_text()
        assert_hands_private(table, {"p1": cara})
    finally:
        await process.stop()


async def test_four_players_in_two_teams_with_two_ai_seats(fake, tmp_path):
    guild = fake.world.add_guild("Mythic teams")
    table = Table(fake, fake.world.add_channel(guild, "teams"))
    dan = fake.world.add_user("Dan", locale="en-US")
    eve = fake.world.add_user("Eve", locale="fr")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(dan, "game new", game="mythic", teams=True, seed=4)
        await table.slash(eve, "game join")
        await table.slash(dan, "game addbot", level="heuristic")
        await table.slash(dan, "game addbot", level="random")
        await table.slash(dan, "game start")
        running = await current(process, table)
        assert running is not None and len(running.roles()) == 4
        seats = {s.role: s.user_id for s in running.seats}
        assert seats["p1"] == str(dan.id) and seats["p2"] == str(eve.id)
        counts = await play_out(process, table, {"p1": dan, "p2": eve})
        assert counts["typed"] + counts["clicked"] > 20
        assert_hands_private(table, {"p1": dan, "p2": eve})
        # one DM per player: Dan's teammate is an AI seat, and no DM of Dan's names Eve's hand
        assert all(m.channel_id != table.channel.id for m in table.dms(dan))
    finally:
        await process.stop()
