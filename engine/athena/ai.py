"""Battle for Athena's part of the AI (engine/ai): how to sample what a seat cannot see,
how good a position is, and which decisions deserve a search.

Hidden from a seat (engine/athena/visibility.py): the enemy's combatants in their slots and
its engaged card before the reveal (unless Clairvoyance showed them), the enemy's face-down
powers and hand, every power deck's order, the terrain deck, the generator, and in expert
mode (004 §IX "secrètement") the enemy's army list and power pool.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.ai.honest import GameAI, sample_rng_seed
from engine.athena import scoring
from engine.athena.content import content
from engine.athena.state import MAX_COPIES_POWER, State, clone
from engine.protocol import Role
from engine.rng import Rng


def _take(pool: Counter, n: int, rng: random.Random, fallback: Counter) -> list[str]:
    """n codes drawn without replacement from `pool` (topped up from `fallback` when the
    seat's bookkeeping cannot account for every hidden card)."""
    codes = sorted(pool.elements())
    rng.shuffle(codes)
    if len(codes) < n:
        extra = sorted(fallback.elements())
        rng.shuffle(extra)
        codes += extra[: n - len(codes)]
    return codes[:n]


def _combatants(state: State, role: Role, foe: Role, rng: random.Random) -> None:
    """The enemy's unseen combatants, drawn from what its army may still hold: the
    scenario's list (public, 004 §V.A) or the box (expert), minus every card seen this
    round; a colour learned by Anticipation or announced at engagement is respected."""
    c, mine, army = content(), state.armies[role], state.armies[foe]
    sc = c.scenarios[state.options.scenario]
    box = Counter({code: card.box for code, card in c.combatants.items()})
    pool = box.copy() if sc.expert else Counter(sc.army)
    seen = Counter(cap.card for cap in mine.captured) + Counter(army.card_discard)
    hidden: list[tuple[str, int, str | None]] = []  # (where, index, colour required)
    for i, code in enumerate(army.slots):
        if code is None:
            continue
        known = mine.known_cards.get(i + 1)
        if known:
            seen[known] += 1
        else:
            hidden.append(("slot", i, mine.known_colours.get(i + 1)))
    engaged = state.engaged.get(foe)
    if engaged is not None:
        known = mine.known_cards.get(engaged.slot)
        if engaged.revealed or known:
            seen[engaged.revealed and engaged.card or known] += 1
        else:
            hidden.append(("engaged", 0, engaged.announced or mine.known_colours.get(engaged.slot)))
    pool -= seen
    # the most constrained first, each from the cards of its colour still in the pool
    hidden.sort(key=lambda h: (h[2] is None, h[0], h[1]))
    drawn: dict[tuple[str, int], str] = {}
    for where, i, colour in hidden:
        fitting = Counter({k: v for k, v in pool.items() if colour is None or c.colour(k) == colour})
        if not fitting:
            fitting = (
                Counter({k: v for k, v in box.items() if colour is None or c.colour(k) == colour}) or box
            )
        code = _take(fitting, 1, rng, box)[0]
        pool[code] -= 1
        pool += Counter()  # drop non-positive counts
        drawn[(where, i)] = code
    for (where, i), code in drawn.items():
        if where == "slot":
            army.slots[i] = code
        else:
            engaged.card = code
    if sc.expert:  # the army list itself was secret: what was seen plus what was drawn
        fielded = [x for x in army.slots if x is not None] + list(army.card_discard)
        fielded += [cap.card for cap in mine.captured]
        if engaged is not None:
            fielded.append(engaged.card)
        if len(fielded) == len(army.roster):
            army.roster = sorted(fielded)


def _powers(state: State, role: Role, foe: Role, rng: random.Random) -> None:
    """The enemy's hand, face-down powers and deck, drawn from its power pool (the
    scenario's, or in expert mode the box's, 004 §IX "pas plus de 3 exemplaires") minus
    every power seen face up; our own deck is shuffled (its order is unknown to us too)."""
    c, mine, army = content(), state.armies[role], state.armies[foe]
    sc = c.scenarios[state.options.scenario]
    box = Counter({code: min(p.box, MAX_COPIES_POWER) for code, p in c.powers.items()})
    pool = box.copy() if sc.expert else Counter(sc.powers)
    pool -= Counter(army.power_discard)
    pool -= Counter(p for cap in mine.captured for p in cap.powers)
    engaged = state.engaged.get(foe)
    face_down = [p for attached in army.powers for p in attached if not p.active]
    if engaged is not None:
        if engaged.revealed:
            pool -= Counter(p.code for p in engaged.powers)
        else:
            face_down += [p for p in engaged.powers if not (p.active and _strategy(p.code))]
            pool -= Counter(p.code for p in engaged.powers if p.active and _strategy(p.code))
    pool -= Counter(p.code for attached in army.powers for p in attached if p.active)
    n = len(army.hand) + len(face_down) + len(army.deck)
    codes = _take(pool, n, rng, box)
    for p in face_down:
        p.code = codes.pop()
    army.hand = sorted(codes.pop() for _ in range(len(army.hand)))
    army.deck = codes
    if sc.expert:
        army.pool = sorted(army.power_discard + army.hand + army.deck + [p.code for p in face_down])
    own = sorted(mine.deck)
    rng.shuffle(own)
    mine.deck = own


def _strategy(code: str) -> bool:
    return content().powers[code].phase == "strategy"


def _terrains(state: State, rng: random.Random) -> None:
    """The terrain deck: the scenario's list or the box's cards, minus those seen."""
    c, opts = content(), state.options
    sc = c.scenarios[opts.scenario]
    if sc.expert:
        pool = Counter({t.code: t.box for t in c.terrains.values() if opts.terrain_specials or not t.special})
    else:
        pool = Counter(sc.terrains)
    pool -= Counter(state.terrain_row)
    for army in state.armies.values():
        pool -= Counter(army.terrains)
    state.terrain_deck = _take(pool, len(state.terrain_deck), rng, pool or Counter(state.terrain_row))


def determinize(state: State, role: Role, rng: random.Random) -> State:
    """A state `role` cannot tell from the real one (engine/ai/honest.py)."""
    out = clone(state)
    foe = out.other(role)
    if out.stage == "build" or not out.armies[foe].deployed and out.stage == "deploy":
        # the enemy builds or deploys in secret: its choices so far are not ours to read
        enemy = out.armies[foe]
        if content().scenarios[out.options.scenario].expert and not enemy.deployed:
            enemy.roster, enemy.pool, enemy.recruited, enemy.built = [], [], False, False
        enemy.slots = [None] * len(enemy.slots)
    _combatants(out, role, foe, rng)
    _powers(out, role, foe, rng)
    _terrains(out, rng)
    out.rng = Rng.from_seed(sample_rng_seed(rng))
    return out


def evaluate(state: State, role: Role) -> float:
    """Rounds won dominate; within a round, the VP lead and the value still in the armies."""
    foe = state.other(role)
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if role in state.winners else -1.0)
    won = scoring.rounds_won(state)
    c = content()
    a, b = state.armies[role], state.armies[foe]
    vp = scoring.round_vp(a) - scoring.round_vp(b)

    def strength(army) -> float:
        return sum(c.combatants[x].attack + c.combatants[x].defense for x in army.slots if x is not None)

    material = (strength(a) - strength(b)) / 20 + (a.tokens - b.tokens) / 10 + (len(a.hand) - len(b.hand)) / 8
    target = state.options.target_rounds()
    rounds = (won[role] - won[foe]) / max(1, target)
    return max(-1.0, min(1.0, 0.6 * rounds + 0.3 * (vp + material) / 10))


def searching(state: State, role: Role) -> bool:
    """Engagements and power decisions are searched; building and deployment use the
    heuristic's presets (the deployment is a secret, simultaneous choice)."""
    return bool(state.stack) and state.stack[-1].kind in ("engage", "power", "reveal", "strategy")


def horizon(state: State) -> tuple[int, int]:
    return (state.round, state.duel)


# 8 worlds a decision: 18/20 against the heuristic at 8 and at 2 iterations alike (bench/ai.py,
# seeds 500-519), ~60 ms of CPU; more buys little here.
AI = GameAI(
    determinize=determinize,
    evaluate=evaluate,
    searching=searching,
    horizon=horizon,
    depth=3,
    iterations=8,
)
