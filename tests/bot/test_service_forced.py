"""A game may say a decision has a single possible move (optional `GAME.forced`): the table
plays it at once, announced, as an automatic move of that seat (no user), and goes on."""

from __future__ import annotations

import json

from bot_helpers import ALICE, BOB, WHERE, lines, make_service
from toygame import Roll, ToyGame

from engine.i18n import T


class EmptyHanded(ToyGame):
    """Omens where a player with no card left can only roll (for this test)."""

    def forced(self, state, role):
        return Roll() if state.phase == "play" and not state.hands[role] else None


async def test_a_forced_move_plays_itself_announced(store, clock):
    game = EmptyHanded()
    service = make_service(store, clock, games={"toy": game})
    await service.new_game(WHERE, ALICE, "toy", {"hand": 1, "turns": 4})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    state = game.load_state(json.loads(await store.current_state(1)))
    [card_a], [card_b] = game.legal(state, "p1"), game.legal(state, "p2")
    await service.play(WHERE, ALICE, game.notation.format(card_a))
    reply = await service.play(WHERE, BOB, game.notation.format(card_b))  # bids in: hands are empty
    said = lines(reply, public=True)
    assert said.count("alice has a single possible move: it plays itself.") == 2
    assert said.count("bob has a single possible move: it plays itself.") == 2
    actions = await store.actions(1)
    assert [a.notation for a in actions[2:]] == ["roll"] * 4 and {a.user_id for a in actions[2:]} == {None}
    assert (await store.get_game(1)).status == "finished"


class SaysWhy(EmptyHanded):
    """The same, with the game's words for why the move plays itself (`GAME.forced_note`)."""

    def forced_note(self, state, role, command):
        return T("toy.forced.empty")


async def test_a_forced_move_is_told_in_the_games_words(store, clock):
    game = SaysWhy()
    service = make_service(store, clock, games={"toy": game})
    await service.new_game(WHERE, ALICE, "toy", {"hand": 1, "turns": 4})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    state = game.load_state(json.loads(await store.current_state(1)))
    [card_a], [card_b] = game.legal(state, "p1"), game.legal(state, "p2")
    await service.play(WHERE, ALICE, game.notation.format(card_a))
    said = lines(await service.play(WHERE, BOB, game.notation.format(card_b)), public=True)
    assert said.count("alice: an empty hand can only roll.") == 2
    assert said.count("bob: an empty hand can only roll.") == 2
    assert not any("single possible move" in line for line in said)  # the game's words instead
