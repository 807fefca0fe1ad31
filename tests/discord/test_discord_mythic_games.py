"""Whole Mythic Battles games through the fake Discord (issue #5): two users against each
other, one user against the AI seat, and four players in two teams with two AI seats.

The humans play the heuristic player's choice for their seat, typed in `/play` as the
notation, or clicked when the bot has offered that very command as a DM button (reaction
windows and other small choices arrive that way). The test reads the game's state through
the service only to decide what a sensible player would do; everything it checks comes
from what Discord shows.
"""

from __future__ import annotations

import io

import pytest
from discord_harness import start_process
from PIL import Image
from tablehelp import Table

from bot.service.api import Where
from engine.mythic import GAME

pytestmark = pytest.mark.asyncio(loop_scope="module")
MAX_MOVES = 1500


async def channel_table(process, table: Table):
    where = Where(str(table.channel.guild_id), str(table.channel.id))
    return await process.bot.service._channel_table(where, last=True)


async def current(process, table: Table):
    """The running table of the channel (state and seats), or None once the game is over."""
    found = await channel_table(process, table)
    return found if found.record.status == "running" else None


async def finished(process, table: Table):
    """The game once over: finished by the rules (not by a clock or a resignation), its
    stored result the engine's, announced in the channel with the winners' names."""
    over = await channel_table(process, table)
    assert over.record.status == "finished"
    result = GAME.result(over.state)
    assert result is not None and result.winners, "a seeded game ends with a winner"
    assert over.record.result["winners"] == result.winners
    names = [over.name(r) for r in result.winners]
    announced = [m.content for m in table.public()[-3:]]
    assert any(
        f"Game #{over.id} is over. Winner: " in text and all(n in text for n in names) for text in announced
    ), announced
    return over, result


def standing(state, roles) -> int:
    """Units still on the battlefield in the armies of `roles`."""
    return sum(1 for u in state.units if u.owner in roles and u.vit > 0)


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


async def over_actions(process, over) -> list:
    return await process.bot.service.store.actions(over.id)


def turn_changes(actions: list, over) -> list[tuple[str, str]]:
    """Each pair of consecutive turns' generals, replayed from the stored actions (after new
    decks too: with four players the fixed order goes on, engine/mythic/readings.py)."""
    state = GAME.setup(GAME.Options.model_validate(over.record.options), over.roles(), over.record.seed)
    order: list[str] = []
    for action in actions:
        state = GAME.apply(state, action.role, GAME.load_command(action.command)).state
        if state.turn is not None and len(order) < state.turn.number:
            order.append(state.turn.current)
    return list(zip(order, order[1:], strict=False))


def assert_hands_private(table: Table, users: dict[str, object]) -> None:
    """No private image ever reached the channel, and no two players were ever sent the same
    private image: one DM each, no shared hand (001 §"Variant: 4-Player Battle": team-mates
    cannot reveal the contents of their hand)."""
    public_files = {blob for m in table.public() for blob in m.files.values()}
    seen: set[bytes] = set()
    for user in users.values():
        private = {blob for m in table.dms(user) for blob in m.files.values()}
        assert private and not private & public_files and not private & seen
        seen |= private


def assert_battlefield_after_moves(table: Table, moves: int) -> None:
    """The public battlefield image comes with the moves: at least one per move a human
    made (AI replies and automatic answers bring their own), each a PNG of the phone width."""
    images = [blob for m in table.public() for blob in m.files.values()]
    assert len(images) >= moves, (len(images), moves)
    for blob in (images[0], images[len(images) // 2], images[-1]):
        picture = Image.open(io.BytesIO(blob))
        assert picture.format == "PNG" and picture.width == 1200


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
        assert counts["typed"] > 20 and counts["clicked"] > 5, counts
        over, result = await finished(process, table)
        # 000 §"Fin de la partie": a general reduced to 3 units or fewer loses at once
        [loser] = [r for r in over.roles() if r not in result.winners]
        assert standing(over.state, [loser]) <= 3 < standing(over.state, result.winners)
        assert {a.user_id for a in await over_actions(process, over)} >= {str(alice.id), str(bob.id)}
        assert_battlefield_after_moves(table, counts["typed"] + counts["clicked"])
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
        over, result = await finished(process, table)
        [loser] = [r for r in over.roles() if r not in result.winners]
        assert standing(over.state, [loser]) <= 3 < standing(over.state, result.winners)
        assert over.seat("p2").is_ai and not over.seat("p1").is_ai
        ai_moves = [a for a in await over_actions(process, over) if a.role == "p2"]
        assert ai_moves and all(a.user_id is None for a in ai_moves)  # the AI seat played its own side
        assert_battlefield_after_moves(table, counts["typed"] + counts["clicked"])
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
        await table.slash(eve, "game join", role="p3")  # Dan's team-mate (001: T1P1, T2P1, T1P2, T2P2)
        await table.slash(dan, "game addbot", level="heuristic")
        await table.slash(dan, "game addbot", level="random")
        await table.slash(dan, "game start")
        running = await current(process, table)
        assert running is not None and len(running.roles()) == 4
        seats = {s.role: s.user_id for s in running.seats}
        assert (
            seats["p1"] == str(dan.id) and seats["p3"] == str(eve.id) and seats["p2"] is seats["p4"] is None
        )
        assert running.state.team("p1") == running.state.team("p3") != running.state.team("p2")
        counts = await play_out(process, table, {"p1": dan, "p3": eve})
        assert counts["typed"] + counts["clicked"] > 20
        over, result = await finished(process, table)
        # 001 §"Variant: 4-Player Battle", "Victory": a team wins, when the two enemy armies
        # total 3 units; the turns alternated teams (T1P1, T2P1, T1P2, T2P2)
        losers = [r for r in over.roles() if r not in result.winners]
        assert sorted(result.winners) in (["p1", "p3"], ["p2", "p4"])
        assert standing(over.state, losers) <= 3 < standing(over.state, result.winners)
        turns = turn_changes(await over_actions(process, over), over)
        assert len(turns) > 8 and all(over.state.team(a) != over.state.team(b) for a, b in turns), turns
        assert_battlefield_after_moves(table, counts["typed"] + counts["clicked"])
        # one DM per player and no shared hands, even between team-mates
        assert_hands_private(table, {"p1": dan, "p3": eve})
    finally:
        await process.stop()
