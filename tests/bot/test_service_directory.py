"""Finding one's games and one's way: `/game mine` across channels and servers, `/game list`
for a server, `/help`, and the local table's `moves` filter in natural order."""

from __future__ import annotations

from bot_helpers import ALICE, BOB, WHERE, lines

from bot.service.api import Actor, Where

CAROL = Actor("carol", "Carol", locale="fr")


def plain(shown: list[str]) -> list[str]:
    """French lines with ordinary spaces for the non-breaking ones typography puts in."""
    return [line.replace("\u00a0", " ").replace("\u202f", " ") for line in shown]


ELSEWHERE = Where(WHERE.guild_id, "other-channel")
OTHER_SERVER = Where("another-guild", "their-channel")


async def test_mine_lists_every_seat_across_channels_with_whose_move(service):
    assert lines(await service.mine(WHERE, ALICE)) == [
        "You are seated in no game. `/game list` shows this server's games; `/game new` opens one."
    ]
    await service.new_game(WHERE, ALICE, "toy", {})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    await service.new_game(ELSEWHERE, BOB, "toy", {})
    await service.new_game(OTHER_SERVER, ALICE, "toy", {})
    assert lines(await service.mine(WHERE, ALICE)) == [
        "**Your games** (2):",
        f"#3 Omens in <#{OTHER_SERVER.channel_id}>: lobby, seats taken: 1 of 2",
        f"#1 Omens in <#{WHERE.channel_id}>: **your move**",
    ]
    bob = plain(lines(await service.mine(WHERE, BOB), locale="fr"))  # Bob reads French
    assert bob == [
        "**Vos parties** (2) :",
        "n°2 Présages dans <#other-channel> : en attente, places prises : 1 sur 2",
        f"n°1 Présages dans <#{WHERE.channel_id}> : **à vous de jouer**",
    ]
    reply = await service.mine(WHERE, ALICE)
    assert reply.messages[0].ephemeral and reply.public() == []


async def test_list_shows_this_servers_open_games_only(service):
    assert plain(lines(await service.listing(WHERE, CAROL), locale="fr")) == [
        "Aucune partie n’est ouverte sur ce serveur. `/game new game:<id>` en ouvre une dans ce salon."
    ]
    await service.new_game(WHERE, ALICE, "toy", {})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    await service.new_game(OTHER_SERVER, ALICE, "toy", {})
    shown = plain(lines(await service.listing(WHERE, CAROL), locale="fr"))
    assert shown[0] == "**Les parties de ce serveur** (1) :"
    assert shown[1].startswith(f"n°1 Présages dans <#{WHERE.channel_id}> : on attend ")


def test_help_says_what_agora_is_and_how_to_start(service):
    shown = lines(service.help(ALICE, ["/army"]))
    assert shown[0].startswith("**Agora** hosts board games played in chat")
    assert "`/game new game:<id>`" in shown[1] and "`/game join`" in shown[1]
    assert "• Omens (`toy`): `/game rules game:toy` explains how to play." in shown
    assert shown[-1] == "The games' own commands: /army."
