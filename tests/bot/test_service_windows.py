"""Reaction windows at the table (issue 5): a per-game time limit after which the window
passes by itself, standing orders played right after each accepted command, buttons with
readable labels. Driven directly on a temporary SQLite file with a fake clock."""

from __future__ import annotations

import json

import pytest
from bot_helpers import ALICE, BOB, CAROL, WHERE, dump, lines, make_service, text

from bot.console import run_local
from bot.service import UserError
from engine.errors import IllegalCommand
from engine.i18n import render
from tests.mythic.test_windows import Skirmish

GAMES = {"mythic": Skirmish()}


@pytest.fixture
def service(store, clock):
    return make_service(store, clock, games=GAMES)


async def opened(service, **timers):
    """alice (p1) and bob (p2) at the skirmish; alice to activate her Marauders."""
    await service.new_game(WHERE, ALICE, "mythic", {"seed": 3}, **timers)
    await service.join(WHERE, BOB)
    return await service.start_game(WHERE, ALICE)


async def state_of(service, store, game_id=1):
    return service.catalog.get("mythic").load_state(json.loads(await store.current_state(game_id)))


async def test_a_window_reaches_its_player_with_labelled_buttons_and_its_deadline(service, store, clock):
    await opened(service, window_minutes=10)
    reply = await service.play(WHERE, ALICE, "act marauders")  # Talos may harass: bob's window
    [dm] = [m for m in reply.messages if m.to_user == BOB.user_id]
    # 0 PP for Talos' 2: the cards to convert come first (001 l.392 "at any time"), then pass
    assert [b.custom_id for b in dm.buttons] == [
        "ag:1:4:play:pp spartans",
        "ag:1:4:play:pp toxotes",
        "ag:1:4:play:pass",
    ]
    assert text(reply, to=BOB.user_id, locale="fr").splitlines()[-2:] == [
        "Maraudeurs Infernaux est activée à côté de vos unités\u00a0: la harceler\u00a0?",
        "Passe d’elle-même dans 10\u00a0min (Passer).",
    ]
    assert (await store.get_game(1)).window_at == clock.now + 600
    await service.press(WHERE, BOB, "ag:1:4:play:pass")
    reply = await service.play(WHERE, ALICE, "atk c3xc4")
    [dm] = [m for m in reply.messages if m.to_user == BOB.user_id]
    labels = [(b.custom_id.split(":", 4)[-1], render(b.label, "en")) for b in dm.buttons]
    assert labels == [
        ("cntr", "Counter-attack with Spartans"),
        ("pp spartans", "Convert Spartans to power points"),  # Talos may defend for 2 PP
        ("pp toxotes", "Convert Toxotes to power points"),
        ("pass", "Pass"),
    ]


async def test_a_timed_out_window_passes_on_tick_after_a_restart(service, store, clock):
    await opened(service, window_minutes=10)
    await service.play(WHERE, ALICE, "act marauders")
    before = await store.get_game(1)
    clock.advance(599)
    assert await service.tick() == []  # not yet
    clock.advance(2)
    restarted = make_service(store, clock, games=GAMES)  # the deadline lives in the database
    [(where, reply)] = await restarted.tick()
    after = await store.get_game(1)
    assert where == WHERE and after.seq == before.seq + 1  # exactly one command: bob's pass
    assert lines(reply, public=True)[0] == "Time's up for bob: Pass."
    [action] = await store.actions(1, after=before.seq)
    assert (action.role, action.notation, action.user_id) == ("p2", "pass", None)
    assert (await state_of(restarted, store)).top.kind == "activation"  # alice carries on
    assert after.window_at is None  # alice's activation is no window
    assert await restarted.tick() == []


async def test_standing_orders_answer_windows_and_are_logged(service, store, clock):
    await opened(service)
    for order, value in (
        ("harass", "never"),
        ("counter", "never"),
        ("defend", "never"),
        ("talents", "never"),
    ):
        await service.orders(WHERE, BOB, order, value)
    reply = await service.play(WHERE, ALICE, "act marauders")
    assert "bob's standing order: Pass." in lines(reply, public=True)
    reply = await service.play(WHERE, ALICE, "atk c3xc4")
    public = lines(reply, public=True)
    assert public.count("bob's standing order: Pass.") >= 1
    log = [(a.role, a.notation, a.user_id) for a in await store.actions(1)]
    assert log[:3] == [
        ("p1", "act marauders", ALICE.user_id),
        ("p2", "pass", None),
        ("p1", "atk c3xc4", ALICE.user_id),
    ]
    assert log[3] == ("p2", "pass", None)
    shown = lines(await service.log(WHERE, ALICE))
    assert "#2 bob: bob's standing order: Pass." in shown
    mine = lines(await service.hand(WHERE, BOB))
    assert any(line.startswith("Your standing orders: ") and "Harass: never" in line for line in mine)


async def test_an_order_set_during_its_window_acts_at_once(service, store):
    await opened(service)
    await service.play(WHERE, ALICE, "act marauders")
    assert (await store.get_game(1)).seq == 1
    reply = await service.orders(WHERE, BOB, "harass", "never")
    assert lines(reply)[0] == "Standing order set: Harass: never."
    assert "bob's standing order: Pass." in lines(reply, public=True)
    assert (await store.get_game(1)).seq == 2


@pytest.mark.parametrize(
    ("order", "value", "key"),
    [
        ("counter", "sometimes", "bot.err.bad_order_value"),
        ("retreat", "never", "bot.err.bad_order"),
        ("defend", "always", "bot.err.bad_order_value"),
        (None, "never", "bot.err.bad_order"),
    ],
)
async def test_a_rejected_order_changes_nothing(service, store, order, value, key):
    await opened(service)
    before = await dump(store)
    with pytest.raises(UserError) as info:
        await service.orders(WHERE, BOB, order, value)
    assert info.value.text.key == key
    assert await dump(store) == before


async def test_orders_are_listed_and_need_a_seat(service, store):
    await opened(service)
    shown = lines(await service.orders(WHERE, BOB))
    assert shown[0] == "You have no standing orders: every choice is asked."
    assert "counter (Counter-attack): ask, always, never" in shown[1]
    with pytest.raises(UserError):
        await service.orders(WHERE, CAROL, "dice", "optimal")


async def test_undo_takes_back_an_auto_pass_with_the_move_before_it(service, store):
    """An automatic pass is no decision of bob's and reveals nothing: alice takes back her
    activation and bob's order's answer alone."""
    await opened(service)
    await service.orders(WHERE, BOB, "harass", "never")
    await service.play(WHERE, ALICE, "act marauders")
    assert (await store.get_game(1)).seq == 2
    reply = await service.undo(WHERE, ALICE)
    assert (await store.get_game(1)).seq == 0 and "2" in text(reply)
    assert (await state_of(service, store)).top.kind == "main"


async def test_bad_window_minutes_are_refused_and_shown_when_set(service, store):
    with pytest.raises(UserError) as info:
        await service.new_game(WHERE, ALICE, "mythic", {}, window_minutes=-5)
    assert info.value.text.key == "bot.err.bad_window" and await store.games() == []
    reply = await service.new_game(WHERE, ALICE, "mythic", {}, window_minutes=90)
    assert "Reaction windows pass by themselves after 90 min." in lines(reply)
    assert "Reaction windows pass by themselves after 90 min." in lines(await service.status(WHERE, ALICE))


async def test_a_player_out_of_the_window_cannot_answer_it(service):
    await opened(service)
    await service.play(WHERE, ALICE, "act marauders")
    with pytest.raises(IllegalCommand):
        await service.play(WHERE, ALICE, "pass")


async def test_the_local_table_sets_orders_and_window_minutes(tmp_path):
    transcript = "\n".join(
        [
            "@alice /game new game:mythic seed:3 window_minutes:10",
            "@bob /game join",
            "@alice /game start",
            "! @bob /game orders order:harass value:sometimes",
            "@bob /game orders order:harass value:never",
            "@alice /play act marauders",
            "@bob /game orders",
        ]
    )
    path, out = tmp_path / "t.txt", []
    path.write_text(transcript, encoding="utf-8")
    rc = await run_local(
        db=None, out=tmp_path / "out", transcript=path, games=GAMES, write=out.append, render_images=False
    )
    assert rc == 0, "\n".join(out[-8:])
    assert "Reaction windows pass by themselves after 10 min." in out
    assert "bob's standing order: Pass." in out
    assert "[only bob] Your standing orders: Harass: never." in out


async def test_undo_across_an_auto_pass_that_rolled_dice_needs_the_opponent(service, store):
    """Standing orders answer the attack's windows (bob's react, both sides' talents) and
    the attack roll follows: dice reveal, so alice may take her attack back only with bob's
    agreement."""
    await opened(service)
    for order in ("harass", "counter", "defend", "talents"):
        await service.orders(WHERE, BOB, order, "never")
    await service.orders(WHERE, ALICE, "talents", "never")
    await service.play(WHERE, ALICE, "act marauders")
    await service.play(WHERE, ALICE, "atk c3xc4")
    rolled = [a for a in await store.actions(1) if a.reveals]
    assert rolled and rolled[0].user_id is None  # an automatic answer led to the roll
    seq = (await store.get_game(1)).seq
    reply = await service.undo(WHERE, ALICE)
    assert (await store.get_game(1)).seq == seq and (await store.get_game(1)).pending["kind"] == "undo"
    assert any(b.custom_id.endswith("undo_ok") for m in reply.messages for b in m.buttons)
