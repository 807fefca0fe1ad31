"""A game's own move clock and reminder delay, chosen at /game new; the guild's settings are
only the defaults."""

from __future__ import annotations

import pytest
from bot_helpers import ADMIN, ALICE, BOB, WHERE, lines, make_service, seated

from bot.service import UserError, Where

HOUR, DAY = 3600.0, 86400.0
PLAIN = Where(WHERE.guild_id, "plain")  # a game that keeps the server's settings


async def open_timed(service, **timers) -> list[str]:
    reply = await service.new_game(WHERE, ALICE, "toy", {"seed": 5}, **timers)
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    return lines(reply)


async def test_a_game_keeps_its_own_clock_and_reminder_across_a_restart(service, store, clock):
    opened = await open_timed(service, clock_days=2, reminder_hours=6)
    assert opened[1] == "Reminders: after 6 h of silence; move clock: 2 days per move."
    await seated(service, where=PLAIN)
    timed, plain = await store.get_game(1), await store.get_game(2)
    assert (timed.remind_at, timed.deadline) == (clock.now + 6 * HOUR, clock.now + 2 * DAY)
    assert (plain.remind_at, plain.deadline) == (clock.now + 24 * HOUR, None)
    assert "Rappels\u00a0: après 6\u00a0h sans coup\u00a0; pendule\u00a0: 2 jours par coup." in lines(
        await service.status(WHERE, BOB), locale="fr"
    )
    assert lines(await service.status(PLAIN, ALICE))[-1] == (
        "Reminders: after 24 h of silence (server setting); move clock: off (server setting)."
    )

    clock.advance(6 * HOUR + 1)
    restarted = make_service(store, clock)  # the choice lives in the database
    [(where, reply)] = await restarted.tick()
    assert where == WHERE and lines(reply) == ["Reminder: alice, bob, game #1 is waiting for your move."]
    assert (await store.get_game(1)).remind_at == clock.now + 6 * HOUR

    clock.advance(2 * DAY)
    due = dict(await restarted.tick())
    assert "ran out of time" in lines(due[WHERE])[0] and "Reminder" in lines(due[PLAIN])[0]
    assert (await store.get_game(1)).result["details"] == {"timeout": ["p1", "p2"]}
    assert (await store.get_game(2)).status == "running"  # no clock there


async def test_zero_turns_the_server_clock_and_reminders_off_for_one_game(service, store, clock):
    await service.settings(WHERE, ADMIN, reminder_hours=2, clock_days=1)
    await open_timed(service, clock_days=0, reminder_hours="0")  # the local table types text
    record = await store.get_game(1)
    assert (record.remind_at, record.deadline) == (None, None)
    assert lines(await service.status(WHERE, ALICE))[-1] == "Reminders: off; move clock: off."
    clock.advance(3 * DAY)
    assert await service.tick() == []


@pytest.mark.parametrize(
    ("timers", "key"),
    [
        ({"clock_days": 61}, "bot.err.bad_days"),
        ({"clock_days": "soon"}, "bot.err.bad_days"),
        ({"reminder_hours": -1}, "bot.err.bad_hours"),
        ({"reminder_hours": 24 * 31}, "bot.err.bad_hours"),
    ],
)
async def test_bad_timers_are_refused_and_create_nothing(service, store, timers, key):
    with pytest.raises(UserError) as info:
        await service.new_game(WHERE, ALICE, "toy", {}, **timers)
    assert info.value.text.key == key
    assert await store.games() == []


async def test_a_rematch_keeps_the_timers(service, store, clock):
    await open_timed(service, reminder_hours=3)
    await service.resign(WHERE, BOB)
    await service.rematch(WHERE, ALICE)
    assert (await store.get_game(2)).remind_at == clock.now + 3 * HOUR
    assert lines(await service.status(WHERE, ALICE))[-1] == (
        "Reminders: after 3 h of silence; move clock: off (server setting)."
    )
