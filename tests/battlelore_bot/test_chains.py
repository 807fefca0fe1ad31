"""Chains of moves in one `/play` through the table service (issue 26, bot/service/chains.py),
on Battlelore Mythologie: each step checked as a single `/play`, stored as its own action in
one transaction, one public message and one board image for the chain; a chain that fails
part-way keeps what was done and says why; `/game undo` after a chain."""

from __future__ import annotations

import random

from chained import chained_battle

from bot.service import Actor, TableService, Where
from engine.battlelore import GAME
from engine.i18n import render

WHERE = Where("g", "c")
ACTORS = {"p1": Actor("u-alice", "alice"), "p2": Actor("u-bob", "bob")}


class Spy:
    """A renderer that counts the board images asked for."""

    def __init__(self) -> None:
        self.boards = 0

    def board_png(self, game_id, view, names, locale):
        self.boards += 1
        return b"png"

    def private_png(self, game_id, view, names, locale):
        return b"png"


async def opened(store, seed=1, **kw) -> TableService:
    service = TableService(store, clock=lambda: 1e9, games={"battlelore": GAME}, rng=random.Random(1), **kw)
    await service.new_game(WHERE, ACTORS["p1"], "battlelore", {"seed": seed, "max_turns": 4})
    await service.join(WHERE, ACTORS["p2"])
    await service.start_game(WHERE, ACTORS["p1"])
    return service


def public(reply) -> list[str]:
    return [render(line, "en") for m in reply.public() for line in m.lines]


def only_mine(reply) -> list[str]:
    return [render(line, "en") for m in reply.messages if m.ephemeral for line in m.lines]


async def to_first_order(service, interactions):
    """Play the chains of the set-up; returns the rest, from the first Command card on."""
    for index, chain in enumerate(interactions):
        if chain.steps[0].startswith("play "):
            return interactions[index:]
        await service.play(WHERE, ACTORS[chain.role], "; ".join(chain.steps))
    raise AssertionError("no Command card played")


async def test_a_chain_is_one_message_and_one_action_per_command(store):
    spy = Spy()
    service = await opened(store, render_images=True, renderer=spy)
    rest = await to_first_order(service, chained_battle(1, {"max_turns": 4})[0])
    order = rest[0]  # 002 l.233-245: play a card, order its units, move and attack
    assert len(order.steps) >= 4
    seq, boards = (await store.get_game(1)).seq, spy.boards
    reply = await service.play(WHERE, ACTORS[order.role], "; ".join(order.steps))
    actions = await store.actions(1, after=seq)
    assert [a.notation for a in actions][: len(order.steps)] == order.steps
    assert {a.user_id for a in actions[: len(order.steps)]} == {ACTORS[order.role].user_id}
    assert len(reply.public()) == 1 and spy.boards == boards + 1  # one message, one board image
    assert not only_mine(reply)  # nothing stopped


async def test_a_chain_that_fails_part_way_keeps_what_was_done(store):
    service = await opened(store)
    rest = await to_first_order(service, chained_battle(1, {"max_turns": 4})[0])
    card, *units = [s for s in rest[0].steps if s.startswith(("play ", "act "))]
    seq = (await store.get_game(1)).seq
    typed = f"{card}; {units[0]}; act a1; go"
    reply = await service.play(WHERE, ACTORS[rest[0].role], typed)
    assert [a.notation for a in await store.actions(1, after=seq)] == [card, units[0]]
    told = only_mine(reply)
    assert told[0] == "Your chain stopped after 2 moves of 4: `act a1` was not played."
    assert "Not played: `go`." in told
    assert any(line.startswith("Your choices now: ") for line in told)
    # the first step refused refuses the chain, and changes nothing
    before = (await store.get_game(1)).seq
    try:
        await service.play(WHERE, ACTORS[rest[0].role], "act a1; go")
    except Exception as exc:  # IllegalCommand, with the hint every refused /play has
        assert "hint" in vars(exc)
    else:
        raise AssertionError("a chain whose first step is illegal was accepted")
    assert (await store.get_game(1)).seq == before


async def test_a_chain_stops_when_the_decision_passes_to_the_opponent(store):
    service = await opened(store)
    interactions, _ = chained_battle(1, {"max_turns": 4})
    first = interactions[0]  # p1 lays out the map; then p2 picks a side (002 l.200-205)
    reply = await service.play(WHERE, ACTORS[first.role], f"{first.steps[0]}; people greek")
    assert [a.notation for a in await store.actions(1)] == [first.steps[0]]
    assert only_mine(reply)[:2] == [
        "Your chain stopped after 1 move of 2: `people greek` was not played.",
        "The decision passed to bob.",
    ]


async def test_undo_after_a_chain_takes_back_its_last_step(store):
    service = await opened(store)
    rest = await to_first_order(service, chained_battle(1, {"max_turns": 4})[0])
    steps = [s for s in rest[0].steps if s.startswith(("play ", "act "))]
    seq = (await store.get_game(1)).seq
    await service.play(WHERE, ACTORS[rest[0].role], "; ".join(steps))
    reply = await service.undo(WHERE, ACTORS[rest[0].role])  # nothing was rolled: alone
    assert public(reply)[0] == f"{ACTORS[rest[0].role].name} takes back 1 move."
    assert [a.notation for a in await store.actions(1, after=seq)] == steps[:-1]
    await service.play(WHERE, ACTORS[rest[0].role], steps[-1])  # and the chain goes on from there
    assert [a.notation for a in await store.actions(1, after=seq)] == steps


async def test_autocomplete_of_a_chain_completes_its_last_step(store):
    service = await opened(store)
    rest = await to_first_order(service, chained_battle(1, {"max_turns": 4})[0])
    card, unit = rest[0].steps[0], rest[0].steps[1]
    actor = ACTORS[rest[0].role]
    found = await service.legal_moves(WHERE, actor, f"{card}; act")
    assert f"{card}; {unit}" in found and all(m.startswith(f"{card}; act ") for m in found)
    choices = await service.chain_choices(WHERE, actor, f"{card}; {unit};")
    assert any(value == f"{card}; {unit}; go" for value, _ in choices)
    assert await service.legal_moves(WHERE, actor, "act a1; ") == []  # a refused step: nothing


async def test_bl_order_plays_a_card_and_orders_its_units_in_one_command(store):
    """002 l.233-240: the card, then the units it allows; `/bl order` is that one chain, its
    units offered by autocomplete from the card played in memory."""
    from bot.plugins.commands import plugin_commands
    from bot.plugins.service import PluginService

    service = await opened(store)
    rest = await to_first_order(service, chained_battle(1, {"max_turns": 4})[0])
    card = rest[0].steps[0].split()[1]
    units = [s.split()[1] for s in rest[0].steps if s.startswith("act ")]
    actor = ACTORS[rest[0].role]
    plugins = PluginService(service)
    [command] = [c for c in plugin_commands([GAME]) if c.path == "bl order"]
    offered = await plugins.complete(command, "ordered", WHERE, actor, {"card": card}, "")
    assert units[0] in [value for _, value in offered]
    offered = await plugins.complete(command, "ordered", WHERE, actor, {"card": card}, f"{units[0]} ")
    assert all(value.startswith(f"{units[0]} ") for _, value in offered) and offered
    entries = [v for v, _ in await service.legal_choices(WHERE, actor) if ";" in v]
    assert entries and all(v.startswith("play ") and "; act " in v for v in entries)
    seq = (await store.get_game(1)).seq
    await plugins.run(command, WHERE, actor, {"card": card, "ordered": " ".join(units)})
    played = [a.notation for a in await store.actions(1, after=seq)]
    assert played[: len(units) + 1] == [f"play {card}", *(f"act {u}" for u in units)]
    # the /play list offers each card with the units the heuristic player would order
    pairs = await service.legal_choices(WHERE, ACTORS["p2" if rest[0].role == "p1" else "p1"])
    assert all(";" not in value for value, _ in pairs)  # not their turn to order: no entry


async def test_hidden_deployment_shows_counts_and_one_image_at_the_reveal(store):
    """002 l.441: hidden placements. The channel reads how far each side has come, with no
    board image per placement, and sees the board once, when both armies are revealed."""
    spy = Spy()
    service = await opened(store, render_images=True, renderer=spy)
    interactions = chained_battle(1, {"max_turns": 4})[0]
    while not interactions[0].steps[0].startswith("dep "):
        chain = interactions.pop(0)
        await service.play(WHERE, ACTORS[chain.role], "; ".join(chain.steps))
    first, second = interactions[0], interactions[1]
    boards = spy.boards
    for step in first.steps[:5]:
        reply = await service.play(WHERE, ACTORS[first.role], step)
    name = ACTORS[first.role].name
    assert public(reply) == [f"{name} has deployed 5 of {len(first.steps)} units."]
    assert not any(step.split()[1] in line for line in public(reply) for step in first.steps)
    await service.play(WHERE, ACTORS[first.role], "; ".join(first.steps[5:]))
    assert spy.boards == boards  # no public image while the deployment is hidden
    reply = await service.play(WHERE, ACTORS[second.role], "; ".join(second.steps))
    assert "Both armies are deployed and shown." in public(reply)
    assert spy.boards == boards + 1 and len(reply.public()) == 1
