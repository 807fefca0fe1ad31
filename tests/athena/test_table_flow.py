"""Battle for Athena through the table service (issue 12 §2): a lone pass that would tell is
asked, not played; standing orders; the reveal step's buttons in words; and every newly required
decision pings its player, the winner of a duel who opens the next one included."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from bot_helpers import ALICE, BOB, WHERE, FakeClock, lines, make_service  # noqa: E402

from engine import get_game  # noqa: E402
from engine.i18n import render  # noqa: E402

GAME = get_game("athena")
ATHENA = {"athena": GAME}
USERS = {"p1": ALICE, "p2": BOB}


@pytest.fixture
def clock():
    return FakeClock()


async def opened(store, clock, seed=7):
    service = make_service(store, clock, games=ATHENA)
    await service.new_game(WHERE, ALICE, "athena", {"seed": seed})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    return service


async def state_of(store):
    return GAME.load_state(json.loads(await store.current_state(1)))


def public(reply):
    [message] = [m for m in reply.messages if m.to_user is None and not m.ephemeral and m.image is None][
        :1
    ] or [None]
    return message


async def through_strategy(service, store, reply):
    """Each player passes their strategy step (its only move here) until another step opens."""
    while True:
        state = await state_of(store)
        [role] = sorted(GAME.active(state)) or [None]
        if role is None or state.stack[-1].kind != "strategy":
            return reply
        reply = await service.play(WHERE, USERS[role], "pass")


async def test_a_lone_pass_is_asked_not_played_where_playing_it_would_tell(store, clock):
    """Both face-down powers are reveal powers: each strategy step has only "pass" (004
    §VI.B). Playing it by itself would tell the opponent so: the player is asked (a button),
    unless their own standing order answers."""
    service = await opened(store, clock)
    for actor, move in ((ALICE, "deploy weak"), (BOB, "deploy weak"), (ALICE, "AS@15")):
        await service.play(WHERE, actor, move)
    reply = await service.play(WHERE, BOB, "CM@15")
    said = lines(reply, public=True)
    assert not any("single possible move" in line for line in said)
    [dm] = [m for m in reply.messages if m.to_user == ALICE.user_id and m.buttons]
    assert [render(b.label, "en") for b in dm.buttons][-1].startswith("Pass")
    assert (await state_of(store)).stack[-1].kind == "strategy"  # still waiting for her
    answered = await service.orders(WHERE, ALICE, "strategy", "use")  # her choice: it answers now
    assert "alice's standing order: Pass: end your strategy step." in lines(answered, public=True)


async def test_a_standing_order_answers_the_reveal_step(store, clock):
    service = await opened(store, clock)
    await service.orders(WHERE, ALICE, "reveal", "never")
    for actor, move in ((ALICE, "deploy weak"), (BOB, "deploy weak"), (ALICE, "AS@15")):
        await service.play(WHERE, actor, move)
    reply = await through_strategy(service, store, await service.play(WHERE, BOB, "CM@15"))
    said = lines(reply, public=True)  # ... then alice's reveal step opened
    assert "alice's standing order: Pass: activate nothing more." in said
    state = await state_of(store)
    assert state.duel == 2  # the duel was resolved without asking alice


async def test_the_reveal_step_offers_its_choices_in_words(store, clock):
    service = await opened(store, clock)
    for actor, move in ((ALICE, "deploy weak"), (BOB, "deploy weak"), (ALICE, "AS@15")):
        await service.play(WHERE, actor, move)
    reply = await through_strategy(service, store, await service.play(WHERE, BOB, "CM@15"))
    [dm] = [m for m in reply.messages if m.to_user == ALICE.user_id and m.buttons]
    assert [render(b.label, "en") for b in dm.buttons] == [
        "Activate Surprise Attack (AS): extra cost 1",
        "Pass: activate nothing more",
    ]
    assert [b.custom_id.rsplit(":", 1)[1] for b in dm.buttons] == ["reveal AS@15", "pass"]
    assert any(render(line, "en").startswith("Reveal step:") for line in dm.lines)
    message = public(reply)
    assert message.mentions == [ALICE.user_id]


async def test_every_newly_required_decision_pings_its_player(store, clock):
    """Whoever must decide something new after a reply is named and mentioned in its public
    message, including the player who just moved; nobody else is."""
    service = await opened(store, clock, seed=3)
    rnd = random.Random(3)
    winner_pinged = 0
    for _ in range(400):
        before = await state_of(store)
        if GAME.result(before) is not None:
            break
        role = sorted(GAME.active(before))[0]
        moves = await service.legal_moves(WHERE, USERS[role])
        reply = await service.play(WHERE, USERS[role], rnd.choice(moves))
        after = await state_of(store)
        if GAME.result(after) is not None:
            break
        expected = {
            USERS[r].user_id
            for r in GAME.active(after)
            if r not in GAME.active(before) or GAME.decision(before, r) != GAME.decision(after, r)
        }
        message = public(reply)
        assert set(message.mentions) == expected, (before.stack, after.stack)
        if role in GAME.active(after) and after.duel != before.duel and after.round == before.round:
            winner_pinged += 1  # won the duel with the last card engaged, and opens the next
            assert USERS[role].user_id in message.mentions
            assert f"Your move: {USERS[role].name}." in lines(reply, public=True)
    assert winner_pinged > 0
