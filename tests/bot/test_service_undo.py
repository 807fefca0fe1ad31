"""Undo and abort: alone when nothing was revealed, by agreement otherwise."""

from __future__ import annotations

import json

import pytest
from bot_helpers import ADMIN, ALICE, BOB, CAROL, WHERE, dump, lines, moves, seated

from bot.service import UserError
from bot.service.buttons import decode
from engine.i18n import render


async def play_to_first_turn(service):
    """Both bid (the second bid reveals both): alice's turn."""
    for actor in (ALICE, BOB):
        await service.play(WHERE, actor, (await moves(service, actor))[0])


async def test_a_move_that_revealed_nothing_is_taken_back_alone(service, store):
    await seated(service)
    await play_to_first_turn(service)
    state_before = await store.current_state(1)
    await service.play(WHERE, ALICE, "pass")
    reply = await service.undo(WHERE, ALICE)
    assert lines(reply, public=True)[:2] == ["alice takes back 1 move.", "Your move: alice."]
    record = await store.get_game(1)
    assert record.seq == 2 and record.pending is None
    assert await store.current_state(1) == state_before
    assert [a.seq for a in await store.actions(1)] == [1, 2]
    await service.play(WHERE, ALICE, "pass")  # and play goes on from there
    assert (await store.get_game(1)).seq == 3


async def test_nothing_to_undo(service):
    await seated(service)
    with pytest.raises(UserError, match="bot.err.nothing_to_undo"):
        await service.undo(WHERE, ALICE)
    with pytest.raises(UserError, match="bot.err.not_seated"):
        await service.undo(WHERE, CAROL)


async def test_a_revealing_move_needs_the_opponents_agreement(service, store):
    await seated(service)
    await play_to_first_turn(service)
    await service.play(WHERE, ALICE, "roll")  # consumed randomness: reveals
    before = await store.current_state(1)
    reply = await service.undo(WHERE, ALICE)
    assert lines(reply) == ["alice asks to take back 1 move. bob: do you accept?"]
    message = reply.messages[0]
    assert message.mentions == [BOB.user_id] and [decode(b.custom_id).action for b in message.buttons] == [
        "undo_ok",
        "undo_no",
    ]
    assert await store.current_state(1) == before
    with pytest.raises(UserError, match="bot.err.request_waiting"):
        await service.undo(WHERE, ALICE)
    reply = await service.undo(WHERE, BOB)  # agreeing by command
    assert lines(reply, public=True)[0] == "alice takes back 1 move."
    assert (await store.get_game(1)).seq == 2 and (await store.get_game(1)).pending is None


async def test_undo_accepted_by_button_and_the_replayed_die_is_the_same(service, store):
    """The rewound state carries the generator: a re-roll gives the same die."""
    await seated(service)
    await play_to_first_turn(service)
    await service.play(WHERE, ALICE, "roll")
    rolled = json.loads(await store.current_state(1))["last_roll"]
    reply = await service.undo(WHERE, ALICE)
    accept = reply.messages[0].buttons[0].custom_id
    with pytest.raises(UserError, match="bot.err.not_asked"):
        await service.press(WHERE, CAROL, accept)
    await service.press(WHERE, BOB, accept)
    await service.play(WHERE, ALICE, "roll")
    assert json.loads(await store.current_state(1))["last_roll"] == rolled


async def test_a_declined_request_changes_nothing_but_the_request(service, store):
    await seated(service)
    await play_to_first_turn(service)
    await service.play(WHERE, ALICE, "roll")
    reply = await service.undo(WHERE, ALICE)
    decline = reply.messages[0].buttons[1].custom_id
    reply = await service.press(WHERE, BOB, decline)
    assert lines(reply) == ["bob declines: the game goes on."]
    record = await store.get_game(1)
    assert record.pending is None and record.seq == 3


async def test_a_new_move_lets_the_request_lapse(service, store):
    await seated(service)
    await play_to_first_turn(service)
    await service.play(WHERE, ALICE, "roll")
    await service.undo(WHERE, ALICE)
    reply = await service.play(WHERE, BOB, "pass")
    assert lines(reply, public=True)[0] == "The open request lapses with this move."
    assert (await store.get_game(1)).pending is None
    with pytest.raises(UserError, match="bot.err.no_request"):
        await service._answer(await service._game_table(1), BOB, "undo", True)


async def test_undoing_past_an_opponents_move_needs_agreement(service, store):
    await seated(service)
    await play_to_first_turn(service)
    await service.play(WHERE, ALICE, "pass")
    await service.play(WHERE, BOB, "pass")  # reveals nothing, but it is bob's move
    reply = await service.undo(WHERE, ALICE)
    assert lines(reply) == ["alice asks to take back 2 moves. bob: do you accept?"]
    await service.undo(WHERE, BOB)
    assert (await store.get_game(1)).seq == 2


async def test_undo_with_ai_takes_back_its_replies_too(service, store):
    await service.new_game(WHERE, ALICE, "toy", {"seed": 14})
    await service.add_bot(WHERE, ALICE, "random")
    await service.start_game(WHERE, ALICE)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])  # reveals the bids
    state = await store.current_state(1)
    await service.play(WHERE, ALICE, "pass")  # the AI answers, with a pass (seed 14)
    assert [a.notation for a in await store.actions(1, after=2)] == ["pass", "pass"]
    reply = await service.undo(WHERE, ALICE)  # no other human, nothing revealed: alone
    assert lines(reply, public=True)[0] == "alice takes back 2 moves."
    assert await store.current_state(1) == state


async def test_abort_in_the_lobby_at_once_by_the_creator(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    await service.join(WHERE, BOB)
    with pytest.raises(UserError, match="bot.err.creator_only"):
        await service.abort(WHERE, BOB)
    reply = await service.abort(WHERE, ALICE)
    assert lines(reply) == ["Game #1 is aborted."]
    assert (await store.get_game(1)).status == "aborted"


async def test_abort_while_running_needs_the_other_players(service, store):
    await seated(service)
    before = await dump(store)
    with pytest.raises(UserError, match="bot.err.creator_only"):
        await service.abort(WHERE, BOB)
    assert await dump(store) == before
    reply = await service.abort(WHERE, ALICE)
    assert lines(reply) == ["alice proposes to abort game #1. bob: do you accept?"]
    assert (await store.get_game(1)).status == "running"
    with pytest.raises(UserError, match="bot.err.request_open"):
        await service.undo(WHERE, BOB)
    reply = await service.press(WHERE, BOB, reply.messages[0].buttons[0].custom_id)
    assert lines(reply) == ["Game #1 is aborted."]
    assert (await store.get_game(1)).status == "aborted"


async def test_a_manager_also_needs_the_players_agreement_while_the_game_runs(service, store):
    await seated(service)
    reply = await service.abort(WHERE, ADMIN)
    assert lines(reply) == ["admin proposes to abort game #1. alice, bob: do you accept?"]
    assert reply.messages[0].mentions == [ALICE.user_id, BOB.user_id]
    assert (await store.get_game(1)).status == "running"
    status = lines(await service.status(WHERE, CAROL))
    assert "Open request to abort the game by admin, waiting for alice, bob." in status
    reply = await service.abort(WHERE, ALICE)  # the command again says yes, like the button
    assert lines(reply) == ["alice agrees. Still waiting for bob."]
    with pytest.raises(UserError, match="bot.err.request_waiting"):
        await service.abort(WHERE, ADMIN)
    await service.press(WHERE, BOB, reply.messages[0].buttons[0].custom_id)
    assert (await store.get_game(1)).status == "aborted"
    await service.new_game(WHERE, BOB, "toy", {})  # the channel is free again


async def test_a_manager_aborts_a_lobby_at_once_and_ai_seats_never_need_asking(service, store):
    await service.new_game(WHERE, ALICE, "toy", {})
    assert lines(await service.abort(WHERE, ADMIN)) == ["Game #1 is aborted."]
    await service.new_game(WHERE, ALICE, "toy", {"seed": 3})
    await service.add_bot(WHERE, ALICE, "random")
    await service.start_game(WHERE, ALICE)
    assert lines(await service.abort(WHERE, ALICE)) == ["Game #2 is aborted."]
    assert [r.status for r in await store.games()] == ["aborted", "aborted"]


async def test_undo_past_an_old_snapshot_replays_the_log_from_it(service, store):
    await seated(service, hand=1, turns=40, target=60)
    await play_to_first_turn(service)
    for _ in range(6):  # never three passes in a row, scores far from the target
        for actor, move in ((ALICE, "roll"), (BOB, "pass"), (ALICE, "pass"), (BOB, "roll")):
            await service.play(WHERE, actor, move)
    assert (await store.get_game(1)).seq == 26
    state_at_26 = await store.current_state(1)
    await service.play(WHERE, ALICE, "pass")
    assert [seq for seq, _ in await store.snapshots(1)] == [0, 25, 27]  # 26 is gone: rebuilt from 25
    await service.undo(WHERE, ALICE)
    assert await store.current_state(1) == state_at_26
    assert [seq for seq, _ in await store.snapshots(1)] == [0, 25, 26]


async def test_an_ai_opponent_refuses_to_take_back_what_revealed_or_rolled(service, store):
    """Against AI seats alone nobody can agree: a takeback that would hide again a card or a
    die already seen is refused, and changes nothing."""
    await service.new_game(WHERE, ALICE, "toy", {"seed": 5})
    await service.add_bot(WHERE, ALICE, "heuristic")
    await service.start_game(WHERE, ALICE)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])  # the AI's bid reveals both
    before = await dump(store)
    with pytest.raises(UserError, match="bot.err.undo_ai_refuses") as refused:
        await service.undo(WHERE, ALICE)
    assert render(refused.value.text, "fr").startswith("L’IA ne reprend pas")
    assert await dump(store) == before
