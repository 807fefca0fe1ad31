"""Time: reminders, the move clock, resuming AI seats after a restart; guild settings;
the one-time notice when a player's DMs are closed."""

from __future__ import annotations

import pytest
from bot_helpers import ADMIN, ALICE, BOB, WHERE, lines, make_service, moves, seated

from bot.service import UserError, Where
from bot.store import open_store

HOUR, DAY = 3600.0, 86400.0


async def test_a_reminder_after_the_idle_delay_pings_who_must_act(service, store, clock):
    await seated(service)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])
    rev = (await store.get_game(1)).rev
    clock.advance(23 * HOUR)
    assert await service.tick() == []
    clock.advance(2 * HOUR)
    [(where, reply)] = await service.tick()
    assert where == WHERE and lines(reply) == ["Reminder: bob, game #1 is waiting for your move."]
    assert reply.messages[0].mentions == [BOB.user_id]
    record = await store.get_game(1)
    assert record.rev == rev and record.remind_at == clock.now + 24 * HOUR  # buttons stay valid
    assert await service.tick() == []


async def test_settings_are_for_managers_and_checked(service, store):
    with pytest.raises(UserError, match="bot.err.manager_only"):
        await service.settings(WHERE, ALICE, locale="fr")
    for kwargs, key in (
        ({"locale": "de"}, "bot.err.bad_locale"),
        ({"reminder_hours": -1}, "bot.err.bad_hours"),
        ({"clock_days": "soon"}, "bot.err.bad_days"),
    ):
        with pytest.raises(UserError) as info:
            await service.settings(WHERE, ADMIN, **kwargs)
        assert info.value.text.key == key
    reply = await service.settings(WHERE, ADMIN, locale="fr", reminder_hours=6, clock_days=2)
    assert lines(reply) == ["Settings: language fr, reminders after 6 h, move clock 2 days per move."]
    reply = await service.new_game(WHERE, ALICE, "toy", {})
    assert reply.messages[0].locale == "fr"  # public messages speak the guild's language
    await service.settings(WHERE, ADMIN, clock_days=0)
    assert (await store.guild_settings(WHERE.guild_id)).clock_days is None


async def test_the_move_clock_ends_the_game_against_the_late_side(store, clock):
    finished = []

    class Listener:
        def on_game_finished(self, record, result):  # a plain function works too
            finished.append(result.winners)

    service = make_service(store, clock, listeners=[Listener()])
    await service.settings(WHERE, ADMIN, clock_days=1)
    await seated(service)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])
    assert (await store.get_game(1)).deadline == clock.now + DAY
    clock.advance(DAY - 1)
    assert all("over" not in " ".join(lines(r)) for _, r in await service.tick())
    clock.advance(2)
    [(where, reply)] = await service.tick()
    assert lines(reply)[0] == "Game #1 is over. Winner: alice — bob ran out of time"
    record = await store.get_game(1)
    assert record.status == "finished" and record.result["details"] == {"timeout": ["p2"]}
    assert finished == [["p1"]]


async def test_deadlines_survive_a_restart(db_path, clock):
    store = await open_store(db_path)
    first = make_service(store, clock)
    await first.settings(WHERE, ADMIN, clock_days=1)
    await seated(first)
    await store.close()
    clock.advance(DAY + 1)
    store = await open_store(db_path)
    try:
        second = make_service(store, clock)
        [(_, reply)] = await second.tick()
        assert "ran out of time" in lines(reply)[0]
        assert (await store.get_game(1)).result["winners"] == []  # both were late: a draw
    finally:
        await store.close()


async def test_ai_seats_resume_after_a_restart(db_path, clock):
    store = await open_store(db_path)
    stuck = make_service(store, clock, max_ai_steps=0)  # as if the process died before the AI moved
    await stuck.new_game(WHERE, ALICE, "toy", {"seed": 3})
    await stuck.add_bot(WHERE, ALICE, "random")
    await stuck.start_game(WHERE, ALICE)
    assert (await store.get_game(1)).seq == 0
    fresh = make_service(store, clock)
    [(where, reply)] = await fresh.tick()
    assert where == WHERE and "p2 has chosen a bid." in lines(reply)
    assert (await store.get_game(1)).seq == 1
    assert await fresh.tick() == []
    await store.close()


async def test_the_dm_refused_notice_is_sent_once(service, store):
    await seated(service)
    reply = await service.note_dm_refused(1, BOB.user_id)
    assert reply.where == WHERE and reply.messages[0].mentions == [BOB.user_id]
    assert lines(reply) == [
        "bob, I cannot send you private messages: use /game hand to see your hand and your choices."
    ]
    assert reply.messages[0].buttons[0].custom_id.endswith(":hand")
    assert await service.note_dm_refused(1, BOB.user_id) is None
    assert (await store.seats(1))[1].dm_refused is True
    assert await service.note_dm_refused(99, BOB.user_id) is None


async def test_status_board_and_rules(service, clock):
    await service.settings(WHERE, ADMIN, clock_days=1)
    await seated(service)
    reply = await service.status(WHERE, BOB)
    shown = lines(reply, locale="fr")
    assert shown[:3] == ["Partie n°1\u00a0: Présages, en cours.", "p1\u00a0: alice", "p2\u00a0: bob"]
    assert shown[3] == "Coup 0\u00a0; au tour de\u00a0: alice, bob."
    assert shown[4].startswith("Pendule\u00a0: jouez avant le 2023-11-")
    reply = await service.board(WHERE, ALICE)
    assert lines(reply) == ["Game #1: Omens, after move 0."] and reply.messages[0].ephemeral
    lobby = Where(WHERE.guild_id, "lobby-chan")
    await service.new_game(lobby, ALICE, "toy", {})
    with pytest.raises(UserError, match="bot.err.not_started"):
        await service.board(lobby, ALICE)
    reply = await service.rules(WHERE, ALICE)
    assert lines(reply)[0] == "Omens (toy): 2 players."
    assert "  hand: a whole number from 1 to 4; default 3." in lines(reply)
    reply = await service.rules(Where("g", "nothing-here"), ALICE)
    assert lines(reply) == ["Games: toy. Details: /game rules game:<id>."]
    with pytest.raises(UserError, match="bot.err.no_game"):
        await service.status(Where("g", "nothing-here"), ALICE)
