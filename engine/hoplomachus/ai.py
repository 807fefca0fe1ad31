"""Hoplomachus Victorum's part of the AI (engine/ai): sampling what the player cannot see.

Hidden (seed 003 l.231-233, engine/hoplomachus/state.py): the order of the event,
opportunity and prowess decks (but the top cards seen while spectating), of the faction
piles and of the Bane pile, what the bag holds, and the generator (the dice to come).
"""

from __future__ import annotations

import random

from engine.ai.honest import GameAI, sample_rng_seed
from engine.hoplomachus.state import State, clone
from engine.protocol import Role
from engine.rng import Rng


def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    out = sorted(items)
    rng.shuffle(out)
    return out


def determinize(state: State, role: Role, rng: random.Random) -> State:
    """Every hidden order is drawn again and the generator reseeded. Reading: the bag keeps
    its tokens (only their order is drawn again): what went into it was public when it went
    in (003 l.177-179, the cleanup l.49-63) but for the set-up's draws from the faction
    piles, which no player reads (engine/hoplomachus/players.py never looks at the bag)."""
    out = clone(state)
    for name, deck in out.decks.items():
        seen = out.seen.get(name, 0)
        out.decks[name] = deck[:seen] + _shuffled(deck[seen:], rng)
    out.piles = {k: _shuffled(v, rng) for k, v in out.piles.items()}
    out.bane_pile = _shuffled(out.bane_pile, rng)
    out.prowess_deck = _shuffled(out.prowess_deck, rng)
    out.bag = _shuffled(out.bag, rng)
    out.rng = Rng.from_seed(sample_rng_seed(rng))
    return out


AI = GameAI(determinize=determinize)
