"""An AI may take over the asker's own seat in a lobby (a game to watch, a solo campaign
played by the AI, self-play); another player's seat stays theirs."""

from __future__ import annotations

import pytest
from bot_helpers import ALICE, BOB, WHERE, lines

from bot.service.api import UserError


async def test_an_ai_takes_over_my_own_seat_but_not_anothers(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    await service.join(WHERE, BOB)
    with pytest.raises(UserError):
        await service.add_bot(WHERE, ALICE, "random", "p2")  # Bob's seat
    reply = await service.add_bot(WHERE, ALICE, "random", "p1")
    assert "Bot random takes seat p1." in lines(reply)
    seats = {s.role: (s.user_id, s.ai_level) for s in await store.seats(1)}
    assert seats == {"p1": (None, "random"), "p2": (BOB.user_id, None)}
    await service.start_game(WHERE, ALICE)  # the creator still runs the table
    assert (await store.get_game(1)).status == "running"
