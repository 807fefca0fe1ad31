"""A campaign played a few minutes at a time over weeks (issue 16 "Play"): reminders as for
the other games, no loss on time unless a move clock was chosen, and the table restarted
between sittings picks up the same campaign, fights included."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from bot_helpers import ALICE, WHERE, FakeClock, lines  # noqa: E402

from bot.service import TableService  # noqa: E402
from engine import get_game  # noqa: E402

DAY = 86400.0


def service_of(store, clock) -> TableService:
    game = get_game("hoplomachus")
    return TableService(store, clock=clock, render_images=False, games={game.id: game}, rng=random.Random(7))


async def test_weeks_of_silence_bring_reminders_and_the_campaign_waits(store):
    clock = FakeClock()
    service = service_of(store, clock)
    await service.new_game(
        WHERE, ALICE, "hoplomachus", {"seed": 11, "difficulty": "chosen"}, reminder_hours=24
    )
    await service.start_game(WHERE, ALICE)
    played = 0
    fought = False
    for day in range(21):  # three weeks, one sitting a day, the bot restarted in between
        clock.advance(DAY + 1)
        service = service_of(store, clock)
        due = dict(await service.tick())
        assert (
            "Reminder" in lines(due[WHERE])[0] and "game #1 is waiting for your move" in lines(due[WHERE])[0]
        )
        record = await store.get_game(1)
        assert record.status == "running"  # no move clock: silence never loses the campaign
        for _ in range(3 if day % 2 else 0):  # every other day, a few moves
            moves = await service.legal_moves(WHERE, ALICE)
            assert moves, "the player must have something to do"
            move = "auto" if "auto" in moves else moves[0]
            reply = await service.play(WHERE, ALICE, move)
            assert not any("error" in line.lower() for line in lines(reply, public=False))
            played += 1
            fought = (
                fought
                or (await store.get_game(1)).status == "running"
                and '"fight":{' in (await store.current_state(1)).replace(" ", "")
            )
    assert played >= 20 and (await store.get_game(1)).seq >= played
    assert fought  # some sittings ended inside a fight and the restarted table went on
