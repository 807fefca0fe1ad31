"""Build Battlelore Mythologie positions for rule tests, and play notation against them."""

from __future__ import annotations

from engine.battlelore import GAME
from engine.battlelore.content import content
from engine.battlelore.setup import lay_out
from engine.battlelore.state import God, Options, SideState, State, Turn, Unit
from engine.rng import Rng


def battle(
    units: list[str],
    terrain: dict[str, str] | None = None,
    current: str = "p1",
    gods: dict[str, dict[str, tuple[int, list[str]]]] | None = None,
    hands: dict[str, list[str]] | None = None,
    sites: dict[str, str | None] | None = None,
    first: str = "p1",
    scenario: str = "plain",
    seed: int = 0,
) -> State:
    """A battle in progress, `current` to play a Command card, on a clear field unless
    `terrain` (hex -> terrain id) says otherwise. `units`: "p1 hop e4", "p2 pcav/l e6
    hits=1 mana=1". p1 holds the south edge. `gods`: role -> deity -> (mana, Lore deck)."""
    state = State(
        options=Options(),
        rng=Rng.from_seed(seed),
        roles=["p1", "p2"],
        scenario=scenario,
        sides={
            "p1": SideState(people="greek", edge=1, mustered=True),
            "p2": SideState(people="persia", edge=9, mustered=True),
        },
    )
    lay_out(state, scenario)
    if scenario == "plain":
        state.terrain = {}  # a clear field unless the test lays terrain
    if terrain is not None:
        state.terrain = dict(terrain)
    if sites is not None:
        state.sites = dict(sites)
    counts: dict[str, int] = {}
    for entry in units:
        role, spec, hex_name, *rest = entry.split()
        card, _, bar = spec.partition("/")
        bar = bar or sorted(content().units[card].bars)[0]
        key = f"{role}.{card}"
        counts[key] = counts.get(key, 0) + 1
        aid = card if counts[key] == 1 else f"{card}{counts[key]}"
        u = Unit(id=f"{role}.{aid}", owner=role, card=card, bar=bar, hex=hex_name)
        for r in rest:
            k, _, v = r.partition("=")
            if k == "arts":
                u.arts = v.split(",")
            else:
                setattr(u, k, int(v))
        state.units[u.id] = u
    for role, gs in (gods or {}).items():
        state.sides[role].gods = {g: God(mana=m, deck=list(deck)) for g, (m, deck) in gs.items()}
    for role in state.roles:
        state.sides[role].hand = list((hands or {}).get(role, ["c2", "l2", "r2", "c3", "mount"]))
    state.deck = ["c1"] * 10
    state.first = first
    state.extra_data["revealed"] = True
    state.turn = Turn(number=1, role=current)
    state.step, state.who = "card", [current]
    return state


def play(state: State, *moves: str, role: str | None = None) -> State:
    """Apply notation moves in order, each by the role that must act (or `role`)."""
    for text in moves:
        r = role or sorted(GAME.active(state))[0]
        cmd = GAME.notation.parse(text, state, r)
        state = GAME.apply(state, r, cmd).state
    return state


def at(state: State, hex_name: str) -> Unit | None:
    return state.unit_at(hex_name)
