"""`/mythic deploy unit: square:` at the service level: two short lists (the units still to
place, then the chosen unit's free squares in the own zone) instead of one `dep` per unit and
square; refusals are the engine's and change nothing (000 §"Préparer la Bataille")."""

from __future__ import annotations

import pytest
from mythic_bot_helpers import ALICE, BOB, REFUSED, WHERE, text

from bot.service import TableService
from engine.i18n import render


@pytest.fixture
def tables(store) -> TableService:
    return TableService(store, render_images=False)


async def _to_deployment(mythic, tables) -> tuple:
    """Alice (Nick's army) and Bob (the Phalanx) recruited, plains laid, zones chosen: returns
    (the general who deploys first, the other)."""
    await tables.new_game(WHERE, ALICE, "mythic", {"seed": 3})
    await tables.join(WHERE, BOB)
    await tables.start_game(WHERE, ALICE)
    await mythic.recruit(tables, WHERE, ALICE, army="nick")
    await mythic.recruit(tables, WHERE, BOB, army="phalanx")
    status = text(await tables.status(WHERE, ALICE))
    first, second = (ALICE, BOB) if "Set-up 2/4: Alice lays" in status else (BOB, ALICE)
    await tables.play(WHERE, first, "tiles plains")
    await tables.play(WHERE, second, "zone s")
    return first, second


async def test_deploy_by_unit_then_square(mythic, tables):
    first, second = await _to_deployment(mythic, tables)
    units = await mythic.deploy_choices(WHERE, first, "unit", "")
    assert 7 <= len(units) <= 8 and all(" · " in label for label, _ in units)
    assert await mythic.deploy_choices(WHERE, second, "unit", "") == []  # not their turn
    assert first is BOB and ("Spartiates · 24 cases libres", "spartans") in units  # Bob reads French
    unit = "spartans"
    squares = await mythic.deploy_choices(WHERE, first, "square", "", unit=unit)
    # the second general chose the south edge for their side: the first holds rows 11-12
    assert all(value[1:] in ("11", "12") for _, value in squares)
    assert len(squares) == 24 and squares[:3] == [("a11", "a11"), ("a12", "a12"), ("b11 · colline", "b11")]
    assert ("h11 · forêt", "h11") in squares  # the terrain of each square, in the reader's words
    typed = await mythic.deploy_choices(WHERE, first, "square", "12", unit=unit)
    assert typed and all(value.endswith("12") for _, value in typed)
    square = squares[0][1]
    reply = await mythic.deploy(tables, WHERE, first, unit, square)
    assert square in text(reply)
    after = await mythic.deploy_choices(WHERE, first, "unit", "")
    assert after == []  # the other general places next
    assert len(await mythic.deploy_choices(WHERE, second, "unit", "")) >= 7


async def test_status_tells_the_set_up_step_and_each_side_with_the_players_names(mythic, tables):
    await _to_deployment(mythic, tables)
    status = text(await tables.status(WHERE, ALICE))
    assert "Set-up 4/4: the generals place their units in turn" in status
    assert "(now: Bob; `/mythic deploy`)" in status
    assert (
        "Alice (Hades, south edge): 0 of 7 units placed; 0 power points (2 per recruitment point left unspent)."
        in status
    )
    assert "Bob (Athena, north edge): 0 of 8 units placed;" in status
    assert "Battlefield: Plains (1a 2a 3a 4a): 12 × forest, 9 × hill, 3 × ruins." in status


async def test_deploy_refusals_change_nothing(mythic, tables):
    first, _ = await _to_deployment(mythic, tables)
    before = text(await tables.status(WHERE, first))
    units = await mythic.deploy_choices(WHERE, first, "unit", "")
    unit = units[0][1]
    with pytest.raises(REFUSED) as outside:
        await mythic.deploy(tables, WHERE, first, unit, "a1")  # the chooser's edge, not the first's
    assert outside.value.text.key == "mythic.err.not_in_zone"
    with pytest.raises(REFUSED) as unknown:
        await mythic.deploy(tables, WHERE, first, "zeus", "a12")
    assert "zeus" in render(unknown.value.text, "en")
    assert text(await tables.status(WHERE, first)) == before


async def test_deploy_outside_the_set_up_says_what_is_expected(mythic, tables):
    await tables.new_game(WHERE, ALICE, "mythic", {"seed": 3})
    await tables.join(WHERE, BOB)
    await tables.start_game(WHERE, ALICE)
    with pytest.raises(REFUSED) as early:
        await mythic.deploy(tables, WHERE, ALICE, "cerberus", "a1")
    assert early.value.text.key == "mythicbot.err.none_now"
    assert "army" in render(early.value.text, "en")  # the moves expected now: recruit
