"""Lobby: new game, seats, AI seats, start, leave, rematch, and their refusals."""

from __future__ import annotations

import json

import pytest
from bot_helpers import ADMIN, ALICE, BOB, CAROL, WHERE, dump, lines, seated, text

from bot.service import UserError, Where
from bot.service.buttons import decode
from engine.i18n import render


async def refused(coro, key: str) -> UserError:
    with pytest.raises(UserError) as info:
        await coro
    assert info.value.text.key == key, render(info.value.text)
    return info.value


async def test_new_game_seats_the_creator_and_offers_a_join_button(service, store):
    reply = await service.new_game(WHERE, ALICE, "toy", {"hand": 2})
    assert lines(reply)[:3] == [
        "alice opens a game of Omens (#1). Join with /game join.",
        "p1: alice",
        "p2: free",
    ]
    assert reply.where == WHERE and reply.messages[0].locale == "en"
    [join] = reply.messages[0].buttons
    assert decode(join.custom_id).action == "join"
    record = await store.get_game(1)
    assert record.options == {"hand": 2, "turns": 6, "target": 20} and record.creator == ALICE.user_id
    assert 0 <= record.seed < 2**63


async def test_a_second_game_in_the_channel_is_refused_with_a_pointer(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    before = await dump(store)
    error = await refused(service.new_game(WHERE, BOB, "toy", {}), "bot.err.channel_busy")
    assert "Présages (n°1, en attente de joueurs)" in render(error.text, "fr")  # bob reads French
    error = await refused(service.new_game(WHERE, CAROL, "toy", {}), "bot.err.channel_busy")
    assert "Omens (#1, waiting for players)" in render(error.text, "en")
    assert await dump(store) == before
    await service.new_game(Where(WHERE.guild_id, "another"), BOB, "toy", {})  # another channel is free


@pytest.mark.parametrize(
    ("options", "key", "shown"),
    [
        ({"colour": "red"}, "bot.err.unknown_option", "hand, turns, target"),
        ({"hand": 9}, "bot.err.option_bound", "≤ 4"),
        ({"hand": "many"}, "bot.err.bad_option", "many"),
        ({"seed": "abc"}, "bot.err.bad_seed", "abc"),
        ({"seed": -1}, "bot.err.bad_seed", "-1"),
    ],
)
async def test_bad_options_get_a_specific_reason_and_create_nothing(service, store, options, key, shown):
    error = await refused(service.new_game(WHERE, ALICE, "toy", options), key)
    assert shown in render(error.text)
    assert await store.games() == []


async def test_unknown_game_lists_the_available_ones(service):
    error = await refused(service.new_game(WHERE, ALICE, "chess", {}), "bot.err.unknown_game")
    assert "toy" in render(error.text)


async def test_join_picks_a_free_seat_or_the_requested_one(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    await refused(service.join(WHERE, ALICE), "bot.err.already_seated")
    await refused(service.join(WHERE, BOB, role="p3"), "bot.err.unknown_role")
    await refused(service.join(WHERE, BOB, role="p1"), "bot.err.role_taken")
    reply = await service.join(WHERE, BOB, role="p2")
    assert "bob takes seat p2." in lines(reply)
    assert [b.custom_id for b in reply.messages[0].buttons] == ["ag:1:2:start"]
    await refused(service.join(WHERE, CAROL), "bot.err.table_full")
    assert [s.user_id for s in await store.seats(1)] == [ALICE.user_id, BOB.user_id]
    assert (await store.seats(1))[1].locale == "fr"


async def test_start_needs_the_creator_and_every_seat(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    await refused(service.start_game(WHERE, ALICE), "bot.err.seats_missing")
    await service.join(WHERE, BOB)
    await refused(service.start_game(WHERE, BOB), "bot.err.creator_only")
    reply = await service.start_game(WHERE, ADMIN)  # a server manager may start it too
    assert "Game #1 of Omens begins!" in lines(reply)
    assert (await store.get_game(1)).status == "running"
    await refused(service.join(WHERE, CAROL), "bot.err.not_in_lobby")
    await refused(service.leave(WHERE, ALICE), "bot.err.leave_running")


async def test_add_bot_checks_level_and_rights(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    await refused(service.add_bot(WHERE, CAROL), "bot.err.bot_rights")
    error = await refused(service.add_bot(WHERE, ALICE, level="genius"), "bot.err.unknown_level")
    assert "heuristic, random" in render(error.text)
    reply = await service.add_bot(WHERE, ALICE, level="random")
    assert "Bot random takes seat p2." in lines(reply)
    [seat] = [s for s in await store.seats(1) if s.is_ai]
    assert (seat.role, seat.ai_level, seat.user_id) == ("p2", "random", None)
    await service.leave(WHERE, ALICE)
    reply = await service.add_bot(WHERE, ADMIN, level="random")  # a second one is told apart
    assert "Bot random (p1) takes seat p1." in lines(reply)


async def test_leaving_hands_the_table_over_and_an_empty_lobby_closes(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    await service.join(WHERE, BOB)
    await refused(service.leave(WHERE, CAROL), "bot.err.not_seated")
    reply = await service.leave(WHERE, ALICE)
    assert lines(reply)[0] == "alice leaves seat p1."
    assert (await store.get_game(1)).creator == BOB.user_id
    reply = await service.leave(WHERE, BOB)
    assert "The table is empty: game #1 is closed." in lines(reply)
    assert (await store.get_game(1)).status == "aborted"
    await refused(service.join(WHERE, CAROL), "bot.err.no_game")


async def test_start_deals_private_choices_and_pings_who_must_act(service, store):
    await service.new_game(WHERE, ALICE, "toy", {"seed": 5})
    await service.join(WHERE, BOB)
    reply = await service.start_game(WHERE, ALICE)
    [public] = reply.public()
    assert public.mentions == [ALICE.user_id, BOB.user_id]
    assert "Your move: alice, bob." in lines(reply, public=True)
    alice_dm, bob_dm = reply.private(ALICE.user_id), reply.private(BOB.user_id)
    assert len(alice_dm) == len(bob_dm) == 1
    assert bob_dm[0].locale == "fr" and lines(reply, to=BOB.user_id, locale="fr") == ["Vos choix\u00a0:"]
    # simultaneous bids: each gets buttons for their own hidden cards, only privately
    state = await store.current_state(1)
    alice_cards = json.loads(state)["hands"]["p1"]
    assert [decode(b.custom_id).arg for b in alice_dm[0].buttons] == [f"bid {c}" for c in alice_cards]
    assert public.buttons == [] and "bid" not in text(reply, public=True)


async def test_rematch_rotates_seats_and_starts_at_once(service, store):
    await seated(service)
    await refused(service.rematch(WHERE, ALICE), "bot.err.channel_busy")
    await service.resign(WHERE, BOB)
    await refused(service.rematch(WHERE, CAROL), "bot.err.not_seated")
    reply = await service.rematch(WHERE, BOB)
    assert "Rematch of game #1: game #2 of Omens begins, seats rotated!" in lines(reply)
    record = await store.get_game(2)
    assert record.status == "running" and record.options == (await store.get_game(1)).options
    assert record.seed != (await store.get_game(1)).seed
    assert {s.role: s.user_id for s in await store.seats(2)} == {"p1": BOB.user_id, "p2": ALICE.user_id}
