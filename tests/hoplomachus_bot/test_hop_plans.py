"""Hoplomachus Victorum's plans (issue 26, engine/hoplomachus/table/plans.py): "finish the
week" is offered first in `/play` outside a fight and plays as one chain; a fight turn
(deploy, moves, attacks, end) is one `/play`; the rivals' questions answer themselves under
the standing order `rivals: auto` (003: the rivals act by the rules)."""

from __future__ import annotations

import random

from bot.service import Actor, TableService, Where
from engine.harness import play
from engine.pace import FollowingOrders, group

ALICE = Actor("u-alice", "alice")


async def opened(store, game, channel: str) -> tuple[TableService, Where]:
    service = TableService(
        store, clock=lambda: 1e9, render_images=False, games={"hoplomachus": game}, rng=random.Random(1)
    )
    where = Where("g", channel)
    await service.new_game(where, ALICE, "hoplomachus", {"seed": 1})
    await service.start_game(where, ALICE)
    await service.orders(where, ALICE, "rivals", "auto")
    return service, where


async def test_finish_the_week_is_offered_first_and_plays_as_one_chain(store, hoplomachus):
    service, where = await opened(store, hoplomachus, "week")
    entries = [(v, w) for v, w in await service.legal_choices(where, ALICE) if ";" in v]
    assert entries and entries[0][1] == "Finish the week as the rules' player would"
    chain = entries[0][0]
    reply = await service.play(where, ALICE, chain)
    assert not [m for m in reply.messages if m.ephemeral]  # not stopped part-way
    assert [a.notation for a in await store.actions(1)] == chain.split("; ")


async def test_fight_turns_are_one_chain_each_and_the_rivals_answer_themselves(store, hoplomachus):
    service, where = await opened(store, hoplomachus, "fight")
    orders = {"p1": {"rivals": "auto"}}
    player = FollowingOrders(hoplomachus, hoplomachus.players["heuristic"](10), orders["p1"])
    steps: list = []
    play(hoplomachus, {"p1": player}, seed=1, on_step=lambda b, r, c, o: steps.append((b, r, c, o)))
    chains = group(hoplomachus, steps, orders)[:40]
    whole_turns = 0
    for chain in chains:
        reply = await service.play(where, ALICE, "; ".join(chain.steps))
        assert not [m for m in reply.messages if m.ephemeral], chain.steps
        heads = {s.split()[0] for s in chain.steps}
        whole_turns += {"mv", "end"} <= heads and bool(heads & {"atk", "dep"})
    stored = [a.notation for a in await store.actions(1)]
    assert stored == [hoplomachus.notation.format(c) for _, _, c, _ in steps][: len(stored)]
    assert whole_turns >= 3  # deploy or attack, move and end the turn in one interaction
    sent = [s for c in chains for s in c.steps]
    answered = [a for a in await store.actions(1) if a.notation.startswith("pick ")]
    assert answered and not [s for s in sent if s.startswith("pick ")]  # by the standing order
    assert all(a.user_id is None for a in answered)
