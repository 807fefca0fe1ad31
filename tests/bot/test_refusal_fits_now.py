"""A move the game cannot read is answered with a move that fits now (issue 25): a game's
fixed notation samples ("go klb, fight, dep hero c7…") say how moves are written, not what
this step allows, so the service adds the closest legal move as it does for other refusals.
A refusal whose examples are legal moves already keeps them alone."""

from __future__ import annotations

import pytest
from bot_helpers import ALICE, WHERE, FakeClock, make_service

from bot.service.api import explained
from bot.store import open_store
from engine import get_game
from engine.errors import IllegalCommand
from engine.i18n import render


async def _refusal(service, typed: str, locale: str) -> str:
    with pytest.raises(IllegalCommand) as refused:
        await service.play(WHERE, ALICE, typed)
    return render(explained(refused.value), locale)


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_an_unreadable_move_gets_a_move_of_this_step(tmp_path, locale):
    game = get_game("hoplomachus")
    store = await open_store(tmp_path / "hop.db")
    try:
        service = make_service(store, FakeClock(), games={"hoplomachus": game})
        await service.new_game(WHERE, ALICE, "hoplomachus", {"difficulty": "fearless", "seed": 20})
        await service.start_game(WHERE, ALICE)
        table = await service._channel_table(WHERE, last=True)
        legal = [game.notation.format(c) for c in table.legal("p1")]
        shown = await _refusal(service, "zz", locale)
        samples = "go klb, fight, dep hero c7"
        assert samples in shown  # how moves are written…
        assert any(f"`{move}`" in shown for move in legal), shown  # …and one that fits now
    finally:
        await store.close()


async def test_a_refusal_listing_legal_moves_is_left_as_it_is(tmp_path):
    game = get_game("athena")
    store = await open_store(tmp_path / "athena.db")
    try:
        service = make_service(store, FakeClock(), games={"athena": game})
        await service.new_game(WHERE, ALICE, "athena", {"seed": 1})
        await service.add_bot(WHERE, ALICE, "heuristic")
        await service.start_game(WHERE, ALICE)
        shown = await _refusal(service, "zz", "en")
        assert shown.startswith("I do not understand “zz”. Try one of: deploy")
        assert "Expected, for example" not in shown
    finally:
        await store.close()
