"""Buttons: found by the game id in their custom_id, refused when from an older revision."""

from __future__ import annotations

import asyncio

import pytest
from bot_helpers import ALICE, BOB, CAROL, TOY, WHERE, dump, lines, make_service, moves, seated
from toygame import Notation

from bot.service import UserError, Where
from bot.service.buttons import MAX_LENGTH, ButtonId, decode

DM = Where("", "dm-with-bob")


def choice_ids(reply, user) -> list[str]:
    return [b.custom_id for m in reply.private(user.user_id) for b in m.buttons]


async def test_a_choice_button_plays_from_a_dm(service, store):
    await service.new_game(WHERE, ALICE, "toy", {"seed": 5})
    await service.join(WHERE, BOB)
    reply = await service.start_game(WHERE, ALICE)
    [first, *_] = choice_ids(reply, BOB)
    assert len(first) <= MAX_LENGTH and decode(first) == ButtonId(1, 3, "play", decode(first).arg)
    reply = await service.press(DM, BOB, first)
    assert reply.where == WHERE and reply.game_id == 1  # public messages go to the game's channel
    assert lines(reply, public=True) == ["p2 has chosen a bid."]
    assert (await store.actions(1))[0].notation == decode(first).arg


async def test_a_button_from_an_older_position_is_refused_and_changes_nothing(service, store):
    await service.new_game(WHERE, ALICE, "toy", {"seed": 5})
    await service.join(WHERE, BOB)
    reply = await service.start_game(WHERE, ALICE)
    old = choice_ids(reply, BOB)[0]
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])  # the revision moves on
    before = await dump(store)
    with pytest.raises(UserError) as info:
        await service.press(DM, BOB, old)
    assert info.value.text.key == "bot.err.stale_button"
    assert await dump(store) == before


async def test_a_double_click_applies_once(service, store):
    await service.new_game(WHERE, ALICE, "toy", {"seed": 5})
    await service.join(WHERE, BOB)
    reply = await service.start_game(WHERE, ALICE)
    button = choice_ids(reply, ALICE)[0]
    results = await asyncio.gather(
        service.press(DM, ALICE, button), service.press(DM, ALICE, button), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["Reply", "UserError"]
    assert len(await store.actions(1)) == 1


@pytest.mark.parametrize(
    ("custom_id", "key"),
    [
        ("hello", "bot.err.bad_button"),
        ("ag:1:x:play", "bot.err.bad_button"),
        ("ag:1:2", "bot.err.bad_button"),
        ("ag:42:1:play:roll", "bot.err.no_such_game"),
        ("ag:1:3:explode", "bot.err.bad_button"),
    ],
)
async def test_malformed_or_unknown_buttons(service, custom_id, key):
    await seated(service)
    with pytest.raises(UserError) as info:
        await service.press(WHERE, ALICE, custom_id)
    assert info.value.text.key == key


async def test_lobby_buttons_join_and_start(service, store):
    reply = await service.new_game(WHERE, ALICE, "toy", {})
    reply = await service.press(WHERE, BOB, reply.messages[0].buttons[0].custom_id)
    start = reply.messages[0].buttons[0].custom_id
    with pytest.raises(UserError, match="bot.err.creator_only"):
        await service.press(WHERE, BOB, start)
    await service.press(WHERE, ALICE, start)
    assert (await store.get_game(1)).status == "running"


async def test_the_hand_button_works_at_any_revision(service):
    await seated(service)
    await service.play(WHERE, ALICE, (await moves(service, ALICE))[0])
    reply = await service.press(DM, BOB, "ag:1:1:hand")
    assert reply.messages[0].ephemeral and lines(reply)[0].startswith("Your hand: ")
    with pytest.raises(UserError, match="bot.err.not_seated"):
        await service.press(DM, CAROL, "ag:1:1:hand")


async def test_the_rematch_button_on_the_result(service, store):
    await seated(service, turns=2)
    for actor in (ALICE, BOB, ALICE):
        await service.play(WHERE, actor, (await moves(service, actor))[-1])
    reply = await service.play(WHERE, BOB, "pass")
    await service.press(WHERE, BOB, reply.messages[-1].buttons[0].custom_id)
    assert (await store.get_game(2)).status == "running"


class LongNotation(Notation):
    """Notation too long for a button id: the button falls back to the command's index."""

    def format(self, command):
        return super().format(command) + " " + "~" * 100

    def parse(self, text, state, role):
        return super().parse(text.rstrip("~ "), state, role)


class LongToy(type(TOY)):
    notation = LongNotation()


async def test_a_choice_too_long_for_an_id_goes_by_index(store, clock):
    service = make_service(store, clock, games={"toy": LongToy()})
    await service.new_game(WHERE, ALICE, "toy", {"seed": 5})
    await service.join(WHERE, BOB)
    reply = await service.start_game(WHERE, ALICE)
    ids = choice_ids(reply, ALICE)
    assert [decode(i).action for i in ids] == ["pick"] * 3 and [decode(i).arg for i in ids] == ["0", "1", "2"]
    cards = (await service._game_table(1)).state.hands["p1"]
    await service.press(DM, ALICE, ids[1])
    assert (await service._game_table(1)).state.bids["p1"] == cards[1]
