"""Battlelore Mythologie's part of the AI (engine/ai): sampling what a side cannot see, how
good a position is, and which of the many commands of a turn deserve a search.

Hidden from a side (engine/battlelore/view.py): the enemy's hand and extra Command cards,
every deck's order (the Command deck, each deity's Lore deck under its face-up card), the
enemy's people until both are announced, its muster (units, deities, terrain, mana) until
it is deployed and shown (002 l.219), and the generator (the dice to come).
"""

from __future__ import annotations

import random

from engine.ai.honest import GameAI, rated_muster, sample_rng_seed
from engine.battlelore import commands as c
from engine.battlelore import field, turn, victory
from engine.battlelore.content import content
from engine.battlelore.players import HeuristicPlayer, expected
from engine.battlelore.state import State, clone
from engine.battlelore.view import visible
from engine.protocol import Role
from engine.rng import Rng


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out


def determinize(state: State, role: Role, rng: random.Random) -> State:
    """A state `role` cannot tell from the real one (engine/ai/honest.py). The enemy's hand
    and the Command deck together hold what is neither ours nor face up (the deck's list is
    public, 002 l.221), so they are dealt again; its extra cards are drawn from its
    people's (002 l.172-173) but the ones seen used; Lore decks keep their face-up card."""
    out = clone(state)
    foe = out.other(role)
    enemy = out.sides[foe]
    pool = _shuffled(enemy.hand + out.deck, rng)
    n = len(enemy.hand)
    enemy.hand, out.deck = sorted(pool[:n]), pool[n:]
    if enemy.extra:
        people = enemy.people if all(s.people for s in out.sides.values()) else None
        choices = sorted(
            x
            for x, card in content().extra.items()
            if (people is None or card.people == people) and x not in enemy.extra_used
        )
        rng.shuffle(choices)
        enemy.extra = sorted(choices[: len(enemy.extra)]) if len(choices) >= len(enemy.extra) else []
    for side in out.sides.values():
        for god in side.gods.values():
            if len(god.deck) > 1:
                god.deck = god.deck[:1] + _shuffled(god.deck[1:], rng)
    if not all(s.people for s in out.sides.values()):
        enemy.people = None
    if not all(s.mustered for s in out.sides.values()):
        enemy.gods, enemy.to_place = {}, []
    if not out.extra_data.get("revealed"):  # 002 l.219: the muster stays secret until shown
        out.units = {k: u for k, u in out.units.items() if visible(out, u, role)}
        enemy.mana_pool = 0
        out.extra_data = {k: v for k, v in out.extra_data.items() if k not in ("armies", "army_size")}
    out.rng = Rng.from_seed(sample_rng_seed(rng))
    return out


def _strength(state: State, role: Role) -> float:
    """A side's army: each unit on the field by its combat dice, which it rolls whole however
    few figures it keeps (002 l.256: the dice of its stat bar), so most of its worth goes
    only with its elimination (l.269); the rest by the share of its resistance left."""
    total = 0.0
    for u in state.units.values():
        if u.owner == role and u.hex is not None:
            health = field.left(u) / max(1, field.resistance(u))
            total += (0.4 + 0.6 * health) * (1.0 + 0.3 * field.dice(u)) * 3
    return total


def evaluate(state: State, role: Role) -> float:
    """Victory points toward the target first (002 l.403-412), then the army left."""
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if role in state.winners else -1.0)
    foe = state.other(role)
    goal = max(1, victory.target(state))
    vp = (victory.vp(state, role) - victory.vp(state, foe)) / goal
    mine, theirs = _strength(state, role), _strength(state, foe)
    army = (mine - theirs) / max(10.0, mine + theirs)
    return max(-1.0, min(1.0, 0.7 * vp + 0.5 * army))


WIDTH = 4  # candidates searched (the heuristic's choice among them): fewer, better playouts
# at most this many of one kind, so that each kind is weighed: the Command card is the turn's
# great choice (four of the five in hand), then two moves or two targets
PER_KIND = {c.Play: 4, c.Lore: 1}


def candidates(state: State, role: Role, legal: list) -> list:
    """The commands worth a search, best first, scored as the heuristic scores them
    (engine/battlelore/players.py): a Command card by the units it would order, an order by
    the unit's use, a move by the spot it reaches, an attack by its expected damage. A
    legal list of a turn holds dozens of moves: searching the first ones found wastes the
    budget on moves no one would play. "any" and mana modes of a card are left to the
    heuristic (its own choice is always searched)."""
    judge = HeuristicPlayer(0)
    here: dict[str, float] = {}
    scored = []
    for i, cmd in enumerate(legal):
        if isinstance(cmd, c.Play):
            if cmd.mode != "text":
                continue
            score = _card_value(judge, state, role, cmd)
        elif isinstance(cmd, c.Act):
            score = judge._unit_value(state, state.unit_at(cmd.hex))
        elif isinstance(cmd, c.Move):
            u = state.unit_at(cmd.frm)
            if cmd.frm not in here:
                here[cmd.frm] = judge._spot_score(state, u, cmd.frm)
            score = judge._spot_score(state, u, cmd.to) - here[cmd.frm]
        elif isinstance(cmd, c.Attack):
            score = expected(state, state.unit_at(cmd.frm), state.unit_at(cmd.to), cmd.ranged)
        elif isinstance(cmd, (c.End, c.Go)):
            score = 0.0
        elif isinstance(cmd, c.Lore):
            score = 1.0
        else:
            continue
        scored.append((-score, i, cmd))
    scored.sort(key=lambda t: (t[0], t[1]))
    kinds: dict[type, int] = {}
    out = []
    for _, _, cmd in scored:
        kinds[type(cmd)] = kinds.get(type(cmd), 0) + 1
        if kinds[type(cmd)] <= PER_KIND.get(type(cmd), 2):
            out.append(cmd)
    return out[:WIDTH]


def _card_value(judge: HeuristicPlayer, state: State, role: Role, cmd: c.Play) -> float:
    """The heuristic's worth of a Command card: the use of the units it would order."""
    card = turn.card_def(cmd.card, cmd.extra)
    chosen: list[str] = []
    value = 0.0
    for u in sorted(state.alive(role), key=lambda u: -judge._unit_value(state, u)):
        if turn.eligible(state, u, card, cmd.mode, chosen):
            chosen.append(u.id)
            value += judge._unit_value(state, u)
    if card.act.bonus in ("dice", "move", "brave"):
        value *= 1.15
    return value - (0.5 if cmd.extra else 0.0)


def searching(state: State, role: Role) -> bool:
    """The Command card, moves and attacks are searched once both armies are on the field.
    Set-up steps and windows are answered by the heuristic at once, and so is the order of
    activation (bench/ai.py: three searched decisions a card for a choice that rarely
    differs from the heuristic's: the card already chose who acts)."""
    return bool(state.extra_data.get("revealed")) and state.step in ("card", "move", "fight")


# Win rates of heuristic against heuristic (bench/musters.py, 1000 games from seed 5000): a
# strong player musters the people and preset that win, as the search cannot see a whole game.
MUSTER = {
    "people": {"greek": 0.68, "egypt": 0.60, "persia": 0.21},
    "preset": {
        "greek2": 0.77,
        "greek1": 0.63,
        "egypt2": 0.61,
        "egypt1": 0.60,
        "persia2": 0.29,
        "persia1": 0.18,
    },
}


def _army_rate(cmd: object) -> float | None:
    """How often a people or a preset won (002 l.200-223: each side chooses its people and
    musters its army); None for anything else, a drafted army included."""
    if isinstance(cmd, c.People):
        return MUSTER["people"].get(cmd.people, 0.5)
    if isinstance(cmd, c.Army):
        return MUSTER["preset"].get(cmd.preset)
    return None


muster = rated_muster(_army_rate)  # the people, then the preset, that won most often


def horizon(state: State) -> int:
    return state.turn.number if state.turn else 0


AI = GameAI(
    determinize=determinize,
    evaluate=evaluate,
    candidates=candidates,
    searching=searching,
    horizon=horizon,
    depth=1,  # a playout ends with the turn: three times cheaper than through the reply, as strong
    iterations=16,
    # bench/ai.py, seeds 1000-1199: with rounds that share the worlds 126/200 at the default
    # and 119.5/200 at a quarter, against 130/200 and 120.5/200 with the first cut after one
    # world (seeds 1-199 alike: 65.5/100 vs 64.5/100, 129.5/199 vs 130.5/199): no gain for
    # 1.35x the CPU, so Battlelore keeps the cheaper cuts
    rounds=False,
    muster=muster,
)
