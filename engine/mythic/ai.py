"""Mythic Battles' part of the AI (engine/ai): sampling what a general cannot see, how good
a position is, and which decisions deserve a search.

Hidden from a general (engine/mythic/view.py): the other generals' hands (a teammate's too,
001 §"Variant: 4-Player Battle"), every deck's order (its own too), the other armies and
factions until all have recruited, and the generator (the dice to come).
"""

from __future__ import annotations

import random

from engine.ai.honest import GameAI, sample_rng_seed
from engine.mythic.commands import Activate, End
from engine.mythic.heuristic import HeuristicPlayer
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


def _means(state: State, role: Role) -> float:
    """What a general may still spend: maneuver cards of its living units (a card of a
    destroyed unit only converts to 1 power point, 001 "Making the deck"), power points at
    half a card. Counting dead units' cards made the search keep them rather than convert
    them, and a general cycling them forever never empties its deck: no new decks, no end."""
    living = {u.card for u in state.alive(role)}
    side = state.sides[role]
    return sum(c in living for c in side.hand) + side.pp / 2


def evaluate(state: State, role: Role) -> float:
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if role in state.winners else -1.0)
    mine = sum(_strength(state, r) for r in state.allies(role))
    theirs = sum(_strength(state, r) for r in state.roles if state.hostile(r, role))
    cards = sum(_means(state, r) for r in state.allies(role)) - sum(
        _means(state, r) for r in state.enemies(role)
    )
    lead = (mine - theirs) / max(20.0, mine + theirs) + cards / 100
    return max(-1.0, min(1.0, 2.0 * lead))


def searching(state: State, role: Role) -> bool:
    """Only the turn's main decisions (which unit to activate next, or to end the turn) are
    searched; the activation itself (where to walk, whom to strike), set-up, dice and
    reaction windows are the heuristic's. Measured (bench/ai.py, 8 iterations): a search
    of the activation's steps changed the heuristic's move in 7 of 57 decisions, the main
    choice in 45 of 97, so the CPU goes where looking ahead pays."""
    return state.phase == "battle" and bool(state.stack) and state.top.kind == "main"


WIDTH = 4  # units weighed at the first activation of a turn, besides ending it
EXTRA_WIDTH = 2  # units weighed for a further activation (it costs Art of War cards)


def candidates(state: State, role: Role, legal: list) -> list:
    """The main decision's commands worth a playout, best first: one activation per unit
    (the cheapest payment, as the heuristic pays), ordered by the heuristic's value of what
    that unit could do now, then ending the turn. Talents bought at the main step (group
    talents, Aura) are left to the heuristic's rules: the search weighs whom to activate."""
    cheapest: dict[str, Activate] = {}
    for cmd in legal:
        if isinstance(cmd, Activate) and (cmd.unit not in cheapest or cmd.pp < cheapest[cmd.unit].pp):
            cheapest[cmd.unit] = cmd
    judge = HeuristicPlayer(0)  # a fresh one: no plan remembered from another world
    valued = sorted(cheapest.values(), key=lambda c: (-judge._activation_value(state, role, c.unit), c.unit))
    picked: list = valued[: WIDTH if state.turn.activations == 0 else EXTRA_WIDTH]
    if End() in legal:
        picked.append(End())
    return picked or legal


# The default budget in worlds per decision (a quarter: 2). Measured on seeds 1-30, duel
# (bench/ai.py, CPU of the strong side): 8 worlds won 24/30 for 4.0 s a game, 2 worlds
# 18/30 for 1.3 s; with teams the strong side's two seats spend about 5 s a game at 8.
ITERATIONS = 8


def horizon(state: State) -> int:
    return state.turn.number if state.turn else 0


AI = GameAI(
    determinize=determinize,
    evaluate=evaluate,
    candidates=candidates,
    searching=searching,
    horizon=horizon,
    depth=2,
    iterations=ITERATIONS,
)
