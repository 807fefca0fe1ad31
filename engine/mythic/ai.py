"""Mythic Battles' part of the AI (engine/ai): sampling what a general cannot see, how good
a position is, and which decisions deserve a search.

Hidden from a general (engine/mythic/view.py): the other generals' hands (a teammate's too,
001 §"Variant: 4-Player Battle"), every deck's order (its own too), the other armies and
factions until all have recruited, and the generator (the dice to come).
"""

from __future__ import annotations

import random

from engine.ai.honest import GameAI, sample_rng_seed
from engine.mythic.state import AOW, State, clone
from engine.mythic.units import udef
from engine.protocol import Role
from engine.rng import Rng


def determinize(state: State, role: Role, rng: random.Random) -> State:
    """A state `role` cannot tell from the real one (engine/ai/honest.py). Reading: the
    cards in another general's hand and deck together are public (the deck is every unit's
    maneuver cards and 10 Art of War, 001 "Making the deck", and a card leaves them face
    up), so they are dealt again at random, the hand's from the maneuver cards; a card known to lie under a deck after a cycle
    is forgotten (the sample is only less informed, never better)."""
    out = clone(state)
    everyone_recruited = all(s.recruited for s in out.sides.values())
    for other, side in out.sides.items():
        if other == role:
            own = sorted(side.deck)
            rng.shuffle(own)
            side.deck = own
            continue
        if not everyone_recruited:  # 001: armies are chosen secretly
            side.army, side.faction = [], None
        # Art of War cards never stay in a hand (001: laid in front when drawn)
        maneuvers = sorted(side.hand + [c for c in side.deck if c != AOW])
        rng.shuffle(maneuvers)
        n = len(side.hand)
        deck = maneuvers[n:] + [c for c in side.deck if c == AOW]
        rng.shuffle(deck)
        side.hand, side.deck = sorted(maneuvers[:n]), deck
    out.rng = Rng.from_seed(sample_rng_seed(rng))
    return out


def _strength(state: State, role: Role) -> float:
    """Points of army left: each unit's cost in proportion to the vitality it keeps."""
    total = 0.0
    for u in state.units:
        if u.owner == role and u.vit > 0:
            d = udef(u)
            total += d.cost * (0.5 + 0.5 * u.vit / d.vitality)
    return total


def evaluate(state: State, role: Role) -> float:
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if role in state.winners else -1.0)
    mine = sum(_strength(state, r) for r in state.allies(role))
    theirs = sum(_strength(state, r) for r in state.roles if state.hostile(r, role))
    cards = sum(len(state.sides[r].hand) + state.sides[r].pp / 2 for r in state.allies(role))
    cards -= sum(len(state.sides[r].hand) + state.sides[r].pp / 2 for r in state.enemies(role))
    lead = (mine - theirs) / max(20.0, mine + theirs) + cards / 100
    return max(-1.0, min(1.0, 2.0 * lead))


def searching(state: State, role: Role) -> bool:
    """The turn's main decisions (which unit to activate, what it does) are searched;
    set-up, dice and reaction windows are answered by the heuristic at once."""
    return state.phase == "battle" and bool(state.stack) and state.top.kind in ("main", "activation")


def horizon(state: State) -> int:
    return state.turn.number if state.turn else 0


AI = GameAI(determinize=determinize, evaluate=evaluate, searching=searching, horizon=horizon, depth=2)
