"""Mythic Battles' part of the AI (engine/ai): sampling what a general cannot see, how good
a position is, and which decisions deserve a search.

Hidden from a general (engine/mythic/view.py): the other generals' hands (a teammate's too,
001 §"Variant: 4-Player Battle"), every deck's order (its own too), the other armies and
factions until all have recruited, and the generator (the dice to come).
"""

from __future__ import annotations

import math
import random

from engine.ai.honest import GameAI, rated_muster, sample_rng_seed
from engine.mythic import attacks
from engine.mythic.board import parse_square
from engine.mythic.commands import Activate, Attack, End, Recruit
from engine.mythic.heuristic import HeuristicPlayer
from engine.mythic.labels import starter_of
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


FEATURE_NAMES = ("units", "rout", "points", "means", "aow", "tempo")


def features(state: State, role: Role) -> list[float]:
    """What the fitted evaluation weighs, `role`'s side minus the other (with teams, both
    armies of a team summed): units alive (a general left with 3 loses, 001 §"Victory"),
    how near the rout each side is (1 / units above 3), army points left, means (living
    units' cards, power points at half), Art of War cards laid, and whose turn comes next
    (+1 ours). Reads only the state given: a determinized world in a search."""
    allies, enemies = state.allies(role), state.enemies(role)

    def units(roles: list[Role]) -> int:
        return sum(len(state.alive(r)) for r in roles)

    mine, theirs = units(allies), units(enemies)
    return [
        mine - theirs,
        1.0 / max(1, theirs - 3) - 1.0 / max(1, mine - 3),
        (sum(_strength(state, r) for r in allies) - sum(_strength(state, r) for r in enemies)) / 10,
        sum(_means(state, r) for r in allies) - sum(_means(state, r) for r in enemies),
        sum(state.sides[r].aow for r in allies) - sum(state.sides[r].aow for r in enemies),
        (1.0 if state.turn.current in allies else -1.0) if state.turn else 0.0,
    ]


# Fitted by bench/fit_mythic_eval.py --games 800 --seed 5000 (heuristic-vs-heuristic duels,
# logistic regression on `features` at turn boundaries; held out: 68.3% right, log-loss 0.571
# against 0.693 for a coin), in the order of FEATURE_NAMES. Fitted before the heuristic stopped
# cycling from a short deck (84b2072): a fit now gives slightly different weights; kept, as the
# 200-game figures were measured with these.
WEIGHTS = (-0.0147, 1.8370, 0.6069, 0.0533, 0.0621, 0.0490)


def evaluate(state: State, role: Role) -> float:
    """The fitted chance that `role`'s side wins, mapped to -1..1 (2p - 1 = tanh(z / 2)).
    With teams, the share of army points each team keeps (`_army_lead`): the duels' fit
    judged teams' moves worse (bench/ai.py, seeds 1000-1199 at the default: 125/200 against
    133/200), and so did one fitted on teams games (73/140), though it named the winner of
    held-out positions more often (74.9%): a fit predicts who wins, not which move is better."""
    if state.winners is not None:
        return 0.0 if not state.winners else (1.0 if role in state.winners else -1.0)
    if state.options.teams:
        return _army_lead(state, role)
    z = sum(w * x for w, x in zip(WEIGHTS, features(state, role), strict=True))
    return math.tanh(z / 2)


def _army_lead(state: State, role: Role) -> float:
    """The share of army points a team keeps (each unit by its cost and the vitality it
    has left), and its means; what the strong level weighed before the duels' fit."""
    mine = sum(_strength(state, r) for r in state.allies(role))
    theirs = sum(_strength(state, r) for r in state.enemies(role))
    cards = sum(_means(state, r) for r in state.allies(role)) - sum(
        _means(state, r) for r in state.enemies(role)
    )
    return max(-1.0, min(1.0, 2.0 * ((mine - theirs) / max(20.0, mine + theirs) + cards / 100)))


def searching(state: State, role: Role) -> bool:
    """The turn's main decisions (which unit to activate next, or to end the turn), and in
    its own unit's activation whom to strike when two targets or more are in reach; set-up,
    where to walk, dice and reactions are the heuristic's. Measured (bench/ai.py, seeds
    1-100, a quarter of the budget): the main step alone won 68/100 (66/100 with the fitted
    evaluation); with whom to strike, 71/100 (62/100 with the former hand-set evaluation);
    adding where to strike from (the best 3 squares) did not help (58/90 against 64/90)."""
    if state.phase != "battle" or not state.stack:
        return False
    if state.top.kind == "main":
        return True
    act = state.activation
    if state.top.kind == "activation" and act and not act.attacked:
        unit = state.unit(act.uid)
        if unit.owner != role:
            return False
        return len({a.target for a in attacks.commands(state, unit)}) >= 2
    return False


STRIKE_WIDTH = 3  # targets weighed when a unit may strike more than one


def _strike_candidates(state: State, role: Role, legal: list) -> list:
    """Whom to strike: the attacks the heuristic values best (one per target), best first.
    The heuristic prices a wound by the target's cost; the rout (001 §"Victory") counts
    units, so a cheap unit finished may be worth more: the playouts judge."""
    unit = state.unit(state.activation.uid)
    judge = HeuristicPlayer(0)
    best: dict[str, tuple[float, Attack]] = {}
    for cmd in legal:
        if isinstance(cmd, Attack) and (cmd.talent is None or cmd.talent == "bite"):
            target = state.unit_at(parse_square(state.board, cmd.target))
            v = judge._attack_value(state, unit, target, cmd)
            if cmd.target not in best or v > best[cmd.target][0]:
                best[cmd.target] = (v, cmd)
    ranked = sorted(best.values(), key=lambda t: (-t[0], t[1].target))
    return [cmd for _, cmd in ranked[:STRIKE_WIDTH]] or legal


WIDTH = 4  # units weighed at the first activation of a turn, besides ending it
EXTRA_WIDTH = 2  # units weighed for a further activation (it costs Art of War cards)


def candidates(state: State, role: Role, legal: list) -> list:
    """The main decision's commands worth a playout, best first: one activation per unit
    (the cheapest payment, as the heuristic pays), ordered by the heuristic's value of what
    that unit could do now, then ending the turn. Talents bought at the main step (group
    talents, Aura) are left to the heuristic's rules: the search weighs whom to activate."""
    if state.top.kind == "activation":
        return _strike_candidates(state, role, legal)
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


# Win rates of heuristic against heuristic by ready-made army (bench/musters.py, seed 5000: 800
# duels, 800 teams games): a strong general recruits what wins; a search cannot see a whole game.
MUSTER = {
    # duels, 100 points
    "skirmishers": 0.62,
    "horde": 0.58,
    "beasts": 0.56,
    "sophie": 0.50,
    "phalanx": 0.38,
    "nick": 0.36,
    # teams, 60 points a general (the two of a faction share no unit)
    "hounds": 0.72,
    "vanguard": 0.48,
    "judges": 0.46,
    "lion-guard": 0.39,
}


def _army_rate(cmd: object) -> float | None:
    """How often a ready-made army won (000 §"Recruter des Unités" / 001 §"Recruiting Units":
    each general recruits freely within the points); None for anything else."""
    if not isinstance(cmd, Recruit):
        return None
    preset = starter_of(cmd.units)
    return MUSTER.get(preset.id) if preset is not None else None


muster = rated_muster(_army_rate)  # the legal ready-made army that won most often


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
    muster=muster,
)
