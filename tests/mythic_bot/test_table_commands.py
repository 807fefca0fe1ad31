"""`/mythic` at the service level: the channel's game decides what fits, and a channel
without a Mythic Battles game refuses the typed commands clearly."""

from __future__ import annotations

import pytest
from mythic_bot_helpers import ALICE, BOB, NICK, REFUSED, WHERE, text

from bot.service import TableService
from bot.service.api import Where
from engine.i18n import render
from engine.mythic.table.armies import starters

OTHER = Where("g1", "athena-channel")


@pytest.fixture
def tables(store) -> TableService:
    return TableService(store, render_images=False)


async def test_recruit_choices_judge_armies_under_this_games_options(mythic, tables):
    await mythic.save(WHERE, ALICE, "Hellhounds", "hades", NICK)
    await tables.new_game(WHERE, ALICE, "mythic", {"teams": True})
    choices = dict((v, n) for n, v in await mythic.army_choices(WHERE, ALICE, ""))
    assert (
        choices["Hellhounds"]
        == "Hellhounds · 100 pts · ✗ This army costs 100 points: spend between 55 and 60."
    )
    assert set(choices) == {"Hellhounds", *(a.key for a in starters())}
    assert "Hellhounds" not in dict((v, n) for n, v in await mythic.army_choices(WHERE, BOB, ""))  # private
    builder = await mythic.recruit_unit_choices(WHERE, BOB, "hades", "cerb")
    assert builder == [("Cerbère, Gardien de la Porte des Enfers (29) · 29/60", "cerb")]


async def test_typed_commands_need_a_mythic_game_here(mythic, tables):
    for call in (
        mythic.activate(tables, OTHER, ALICE, "cerberus"),
        mythic.simple(tables, OTHER, ALICE, "pass"),
    ):
        with pytest.raises(REFUSED) as none:
            await call
        assert none.value.text.key == "bot.err.no_game"
    await tables.new_game(OTHER, ALICE, "athena", {})
    with pytest.raises(REFUSED) as other:
        await mythic.move(tables, OTHER, ALICE, "c3")
    assert render(other.value.text, "fr") == "La partie de ce salon n’est pas une partie de Mythic Battles."


async def test_recruit_needs_an_army_or_units(mythic, tables):
    await tables.new_game(WHERE, ALICE, "mythic", {})
    with pytest.raises(REFUSED) as nothing:
        await mythic.recruit(tables, WHERE, ALICE)
    assert nothing.value.text.key == "mythicbot.err.recruit_what"
    with pytest.raises(REFUSED) as unknown:
        await mythic.recruit(tables, WHERE, ALICE, army="Nope")
    assert "You have no army called “Nope”" in render(unknown.value.text, "en")
    assert "Alice" in text(await tables.status(WHERE, ALICE))  # nothing changed: still a lobby


async def test_roster_shows_one_armys_image_to_the_asker_only(mythic, tables):
    """`/mythic roster`: the chosen general's army (by role or name, one's own by default)
    as a PNG, ephemeral; none before the battle starts; an unknown general is refused."""
    await tables.new_game(WHERE, ALICE, "mythic", {"seed": 3})
    await tables.join(WHERE, BOB)
    with pytest.raises(REFUSED) as lobby:
        await mythic.roster(WHERE, ALICE)
    assert lobby.value.text.key == "mythicbot.err.not_started"
    await tables.start_game(WHERE, ALICE)
    secret = await mythic.roster(WHERE, BOB, "alice")
    await mythic.recruit(tables, WHERE, ALICE, army="phalanx")
    await mythic.recruit(tables, WHERE, BOB, army="nick")
    mine, hers, his = (
        await mythic.roster(WHERE, ALICE),
        await mythic.roster(WHERE, BOB, "p1"),
        await mythic.roster(WHERE, ALICE, "Bob"),
    )
    for reply in (secret, mine, hers, his):
        [message] = reply.messages
        assert message.ephemeral and message.image.data.startswith(b"\x89PNG")
    assert text(hers, "fr") == "L’armée de Alice (partie n°1)." and text(his) == "The army of Bob (game #1)."
    by_name = await mythic.roster(WHERE, ALICE, "ALICE")
    assert mine.messages[0].image.data == by_name.messages[0].image.data != his.messages[0].image.data
    assert hers.messages[0].image.data != secret.messages[0].image.data  # both French: revealed since
    with pytest.raises(REFUSED) as nobody:
        await mythic.roster(WHERE, ALICE, "Zeus")
    assert (
        render(nobody.value.text, "en")
        == "No general called Zeus in this game. Generals: Alice (p1), Bob (p2)."
    )
    assert await mythic.player_choices(WHERE, "b") == [("Bob (p2)", "p2")]
