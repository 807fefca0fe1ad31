"""Playing through the service: hidden information, AI replies, results, refusals that
change nothing, concurrency, restarts, logs, exports, hands and images."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from bot_helpers import ALICE, BOB, CAROL, TOY, WHERE, dump, lines, make_service, moves, seated, text

from bot.service import InternalError, Message, Reply, UserError, Where
from bot.service.buttons import decode
from bot.service.play import group_moves
from bot.store import open_store
from engine.errors import IllegalCommand
from engine.i18n import T


def hands(state_json: str) -> dict[str, list[int]]:
    return json.loads(state_json)["hands"]


async def test_a_hidden_bid_stays_private_until_both_are_in(service, store):
    await seated(service)
    card = hands(await store.current_state(1))["p1"][0]
    reply = await service.play(WHERE, ALICE, f"bid {card}")
    assert lines(reply, public=True) == ["p1 has chosen a bid."]
    assert str(card) not in text(reply, public=True)
    assert lines(reply, to=ALICE.user_id) == [f"You bid {card}."]
    # bob's view did not change, but his old buttons went stale: fresh ones, privately
    assert lines(reply, to=BOB.user_id, locale="fr") == ["La partie attend toujours votre choix\u00a0:"]
    assert {decode(b.custom_id).rev for b in reply.private(BOB.user_id)[0].buttons} == {
        (await store.get_game(1)).rev
    }
    bob_card = hands(await store.current_state(1))["p2"][0]
    reply = await service.play(WHERE, BOB, f"bid {bob_card}")
    assert f"Bids revealed: p1 {card}, p2 {bob_card}." in lines(reply, public=True)
    assert reply.public()[0].mentions == [ALICE.user_id]  # alice's turn now: pinged once
    assert "Your move: alice." in lines(reply, public=True)
    [stored] = await store.actions(1, after=1)
    assert (stored.notation, stored.user_id, stored.reveals) == (f"bid {bob_card}", BOB.user_id, True)


async def test_refusals_are_specific_and_leave_the_database_identical(service, store):
    await seated(service)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])
    before = await dump(store)
    cases = [
        (service.play(WHERE, ALICE, "bid 1"), IllegalCommand, "core.err.not_your_turn"),
        (service.play(WHERE, BOB, "dance"), IllegalCommand, "core.err.unknown_command"),
        (service.play(WHERE, BOB, "bid 99"), IllegalCommand, "toy.err.no_card"),
        (service.play(WHERE, BOB, "play 2"), IllegalCommand, None),
        (service.play(WHERE, BOB, "  "), UserError, "bot.err.empty_move"),
        (service.play(WHERE, CAROL, "bid 1"), UserError, "bot.err.not_seated"),
    ]
    for call, kind, key in cases:
        with pytest.raises(kind) as info:
            await call
        if key:
            assert info.value.text.key == key
    assert await dump(store) == before


async def test_play_needs_a_started_game_in_the_channel(service):
    with pytest.raises(UserError, match="bot.err.no_game"):
        await service.play(WHERE, ALICE, "roll")
    await service.new_game(WHERE, ALICE, "toy", {})
    with pytest.raises(UserError, match="bot.err.not_started"):
        await service.play(WHERE, ALICE, "roll")
    assert await service.legal_moves(WHERE, ALICE) == []


async def test_ai_seats_answer_at_once_each_as_its_own_action(service, store):
    await service.new_game(WHERE, ALICE, "toy", {"seed": 3})
    await service.add_bot(WHERE, ALICE, "heuristic")
    reply = await service.start_game(WHERE, ALICE)
    assert lines(reply, public=True)[2] == "p2 has chosen a bid."  # the AI bid right away
    assert [(a.seq, a.user_id) for a in await store.actions(1)] == [(1, None)]
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])  # bids revealed: alice's turn
    reply = await service.play(WHERE, ALICE, "pass")
    actions = await store.actions(1)
    assert [(a.role, a.user_id) for a in actions] == [
        ("p2", None),
        ("p1", ALICE.user_id),
        ("p1", ALICE.user_id),
        ("p2", None),
    ]
    shown = lines(reply, public=True)
    assert shown[0] == "p1 passes." and shown[1].startswith("p2 ")  # the AI's reply, same message
    assert reply.public()[0].mentions == [ALICE.user_id]


class Listener:
    def __init__(self) -> None:
        self.calls = []

    async def on_game_finished(self, record, result):
        self.calls.append((record.id, record.status, result.winners))
        return Reply(messages=[Message(lines=[T("bot.log.empty")])])  # e.g. a league's announcement


class FailingListener:
    def on_game_finished(self, record, result):
        raise RuntimeError("the league is down")


async def test_a_finished_game_posts_its_result_and_calls_listeners_once(store, clock):
    listener = Listener()
    service = make_service(store, clock, listeners=[FailingListener(), listener])
    await seated(service, turns=2)
    for actor in (ALICE, BOB):
        await service.play(WHERE, actor, (await moves(service, actor))[0])
    await service.play(WHERE, ALICE, "pass")
    reply = await service.play(WHERE, BOB, "pass")
    record = await store.get_game(1)
    assert record.status == "finished" and record.result["reason"]["key"] == "toy.result.score"
    result_message, announcement = reply.messages[-2:]
    assert announcement.lines == [T("bot.log.empty")]  # what the listener answered is delivered
    assert result_message.lines[0].key in ("bot.result.win", "bot.result.draw")
    assert decode(result_message.buttons[0].custom_id).action == "rematch"
    assert listener.calls == [(1, "finished", record.result["winners"])]
    with pytest.raises(UserError, match="bot.err.no_game"):
        await service.play(WHERE, ALICE, "roll")


async def test_resign_gives_the_game_to_the_others(store, clock):
    listener = Listener()
    service = make_service(store, clock, listeners=[listener])
    await seated(service)
    with pytest.raises(UserError, match="bot.err.not_seated"):
        await service.resign(WHERE, CAROL)
    reply = await service.resign(WHERE, BOB)
    assert lines(reply) == ["Game #1 is over. Winner: alice — bob resigned", "No move yet."]
    assert listener.calls == [(1, "finished", ["p1"])]
    assert (await store.get_game(1)).result["details"] == {"resigned": "p2"}


async def test_legal_moves_filter_sort_and_group(service, store):
    await seated(service)
    mine = sorted(f"bid {c}" for c in hands(await store.current_state(1))["p1"])
    assert await service.legal_moves(WHERE, ALICE) == mine
    assert await service.legal_moves(WHERE, ALICE, "BID " + mine[0][-1]) == [mine[0]]
    assert await service.legal_moves(WHERE, ALICE, mine[1][-1]) == [mine[1]]  # no prefix: contains
    assert await service.legal_moves(WHERE, CAROL) == []
    assert await service.legal_groups(WHERE, ALICE) == mine
    many = [f"CM@{n}" for n in range(1, 16)] + [f"PW{n}@{m}" for n in range(1, 4) for m in range(1, 16)]
    grouped = group_moves(sorted(many))
    assert len(grouped) <= 25 and all(any(m.startswith(g) for m in many) for g in grouped)
    assert all(any(m.startswith(g) for g in grouped) for m in many)  # every move stays reachable
    powers = sorted(m for m in many if m.startswith("PW"))  # 45 moves: one group per power
    assert group_moves(powers, "PW") == ["PW1@", "PW2@", "PW3@"]
    assert group_moves(["a1", "a2"], "a") == ["a1", "a2"]


async def test_two_simultaneous_plays_of_the_same_move_apply_once(service, store):
    await seated(service)
    move = (await moves(service, ALICE))[0]
    results = await asyncio.gather(
        service.play(WHERE, ALICE, move), service.play(WHERE, ALICE, move), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    [error] = [r for r in results if isinstance(r, Exception)]
    assert isinstance(error, IllegalCommand) and error.text.key == "core.err.not_your_turn"
    assert len(await store.actions(1)) == 1


async def test_a_restart_on_the_same_database_continues_the_game(db_path, clock):
    first_store = await open_store(db_path)
    first = make_service(first_store, clock)
    await seated(first)
    await first.play(WHERE, ALICE, (await moves(first, ALICE))[0])
    state = await first_store.current_state(1)
    await first_store.close()
    store = await open_store(db_path)
    try:
        second = make_service(store, clock)
        assert await store.current_state(1) == state
        await second.play(WHERE, BOB, (await moves(second, BOB))[0])
        await second.play(WHERE, ALICE, "roll")
        assert [a.seq for a in await store.actions(1)] == [1, 2, 3]
    finally:
        await store.close()


async def test_the_log_shows_public_texts_never_hidden_notation(service, store):
    await seated(service)
    card = hands(await store.current_state(1))["p1"][0]
    await service.play(WHERE, ALICE, f"bid {card}")
    reply = await service.log(WHERE, BOB)
    assert reply.messages[0].ephemeral and lines(reply) == ["#1 alice: p1 has chosen a bid."]
    assert "bid " not in text(reply)
    await service.play(WHERE, BOB, (await moves(service, BOB))[0])
    assert len(lines(await service.log(WHERE, BOB, last=1))) == 2  # move 2 made two public events


async def test_export_waits_for_the_end_then_gives_the_full_record(service, store):
    await seated(service)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])
    with pytest.raises(UserError, match="bot.err.export_unfinished"):
        await service.export(WHERE, ALICE)
    await service.resign(WHERE, ALICE)
    reply = await service.export(WHERE, CAROL)
    record = json.loads(reply.messages[0].attachment.data)
    assert reply.messages[0].attachment.filename == "agora-game-1.json"
    assert record["game"] == "toy" and record["result"]["winners"] == ["p2"]
    assert [a["notation"] for a in record["actions"]] == [(await store.actions(1))[0].notation]
    assert [s["name"] for s in record["seats"]] == ["alice", "bob"] and "u-alice" not in json.dumps(record)
    assert record["final_state"] == json.loads(await store.current_state(1))
    by_id = await service.export(Where(WHERE.guild_id, "elsewhere"), ALICE, game_id=1)
    assert by_id.messages[0].attachment.data == reply.messages[0].attachment.data
    with pytest.raises(UserError, match="bot.err.no_such_game"):  # not from another server
        await service.export(Where("other-guild", "x"), ALICE, game_id=1)


async def test_hand_is_ephemeral_in_the_players_language(service, store):
    await seated(service)
    cards = hands(await store.current_state(1))["p2"]
    reply = await service.hand(WHERE, BOB)
    assert reply.game_id == 1 and reply.where == WHERE
    [message] = reply.messages
    assert message.ephemeral and message.to_user is None
    shown = lines(reply, locale="fr")
    assert shown[0] == "Votre main\u00a0: " + ", ".join(map(str, cards))
    assert shown[1] == "Vos coups possibles\u00a0: " + ", ".join(f"bid {c}" for c in cards)
    assert len(message.buttons) == len(cards)
    with pytest.raises(UserError, match="bot.err.not_seated"):
        await service.hand(WHERE, CAROL)


class FakeRenderer:
    def __init__(self) -> None:
        self.calls = []

    def board_png(self, game_id, view, names, locale):
        self.calls.append(("board", view.viewer, view.hand, names, locale))
        return b"PNG-board"

    def private_png(self, game_id, view, names, locale):
        self.calls.append(("private", view.viewer, view.hand, names, locale))
        return b"PNG-" + view.viewer.encode()


async def test_images_use_the_public_view_for_the_board_and_own_view_in_private(store, clock):
    renderer = FakeRenderer()
    service = make_service(store, clock, render_images=True, renderer=renderer)
    await seated(service)
    reply = await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])
    [public] = reply.public()
    assert public.image.filename == "board-1.png" and public.image.data == b"PNG-board"
    [alice_dm] = reply.private(ALICE.user_id)
    assert alice_dm.image.filename == "alice-1.png" and alice_dm.image.data == b"PNG-p1"
    assert reply.private(BOB.user_id)[0].image is None  # bob's view did not change
    boards = [c for c in renderer.calls if c[0] == "board"]
    assert all(viewer is None and hand is None for _, viewer, hand, _, _ in boards)
    assert boards[-1][3] == {"p1": "alice", "p2": "bob"}


class BrokenToy(type(TOY)):
    def apply(self, state, role, command):
        raise ValueError(f"hidden cards {state.hands[role]}")


async def test_unexpected_errors_are_logged_with_the_game_id_and_no_secrets(store, clock, caplog):
    service = make_service(store, clock, games={"toy": BrokenToy()})
    await seated(service)
    before = await dump(store)
    with caplog.at_level(logging.ERROR, logger="agora"), pytest.raises(InternalError):
        await service.play(WHERE, ALICE, "bid 1")
    [entry] = [r for r in caplog.records if r.name.startswith("agora")]
    assert "game 1" in entry.getMessage() and "ValueError" in entry.getMessage()
    hidden = str(hands(await store.current_state(1))["p1"])
    assert hidden not in caplog.text  # the message (which quotes hidden cards) is not logged
    assert await dump(store) == before


async def test_two_processes_racing_on_one_move_store_it_once(db_path, clock):
    """Process B validated alice's bid, then process A stored it first: B's compare-and-swap
    fails, B re-reads and finds it is no longer alice's turn."""
    store_a, store_b = await open_store(db_path), await open_store(db_path)
    try:
        a, b = make_service(store_a, clock), make_service(store_b, clock)
        await seated(a)
        move = (await moves(a, ALICE))[0]
        original = store_b.record_action

        async def a_wins_first(*args, **kwargs):
            store_b.record_action = original
            await a.play(WHERE, ALICE, move)
            return await original(*args, **kwargs)

        store_b.record_action = a_wins_first
        with pytest.raises(IllegalCommand, match="core.err.not_your_turn"):
            await b.play(WHERE, ALICE, move)
        assert [x.notation for x in await store_b.actions(1)] == [move]
    finally:
        await store_a.close()
        await store_b.close()


def test_hand_lists_numbered_moves_compactly():
    from bot.service.play import summarize_moves

    moves = [
        "CM@1",
        "CM@2",
        "CM@3",
        "CM@4",
        "CM@7",
        "CM@9",
        "CM@10",
        "discard CM",
        "engage 3",
        "engage 5",
        "pass",
    ]
    assert summarize_moves(moves) == ["CM@1..4,7,9,10", "discard CM", "engage 3", "engage 5", "pass"]
