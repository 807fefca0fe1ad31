"""A heuristic Mythic Battles player: sensible targets, terrain and reactions, no search.

It looks one activation ahead: for each unit it could activate, the best square to move to
and the best attack from there, valued as expected wounds times what a wound of the target
is worth (its cost per Vitality level), a bonus for a kill, minus the counter-attack it
risks. Without an attack in reach it closes in (melee) or keeps its range (shooters),
preferring hills and forests. Reactions, talents and cards follow simple, cheap rules.
"""

from __future__ import annotations

import random
from typing import Any

from engine.mythic import attacks, combat, reactions
from engine.mythic.board import distance, name, neighbours, parse_square
from engine.mythic.cards import CYCLE_DRAW
from engine.mythic.commands import (
    Activate,
    Attack,
    Counter,
    Cycle,
    Defend,
    Deploy,
    Discard,
    Done,
    End,
    Fetch,
    Harass,
    Move,
    Optimal,
    Pass,
    Plus,
    Recruit,
    Use,
)
from engine.mythic.movement import Mover
from engine.mythic.rules import legal
from engine.mythic.state import AOW, State, Unit
from engine.mythic.units import card, flying, talent, udef
from engine.protocol import Role

# one die reaching a difficulty (re-rolling a 5 once); boosts add roughly half again
_SINGLE = {d: ((6 - d) / 6 if d <= 5 else (1 / 6) * max(0, 11 - d) / 6) for d in range(1, 13)}
TERRAIN_BONUS = {"h": 0.4, "f": 0.3, "r": 0.15}
EXTRA_ACTIVATION_VALUE = 1.5  # an attack worth about a wound on a mid-priced unit
MAX_EXTRA = 2  # Art of War cards are also reaction money (2 power points each)


def expected_wounds(count: int, difficulty: int) -> float:
    p = _SINGLE[min(max(difficulty, 1), 12)]
    return min(count, count * p * 1.5)


def worth(unit: Unit) -> float:
    d = udef(unit)
    return d.cost / d.vitality


class HeuristicPlayer:
    def __init__(self, seed: int = 0, faction: str | None = None) -> None:
        self.random = random.Random(seed)
        self.faction = faction
        self._memo: tuple | None = None

    def choose(self, state: State, role: Role) -> Any:
        options = legal(state, role)
        handler = getattr(self, f"_{state.top.kind}")
        choice = handler(state, role, options)
        return choice if choice in options else options[0]

    # ------------------------------------------------------------------ set-up

    def _recruit(self, state: State, role: Role, options: list) -> Recruit:
        pool = [o for o in options if self.faction is None or o.faction == self.faction] or options
        return self.random.choice(pool)

    def _battlefield(self, state: State, role: Role, options: list) -> Any:
        return self.random.choice(options)

    def _zones(self, state: State, role: Role, options: list) -> Any:
        return self.random.choice(options)

    def _deploy(self, state: State, role: Role, options: list[Deploy]) -> Deploy:
        board = state.board
        cx, cy = (board.width - 1) / 2, (board.height - 1) / 2

        def score(cmd: Deploy) -> float:
            u = udef(next(x for x in state.units if x.owner == role and x.card == cmd.unit))
            x, y = board.xy(parse_square(board, cmd.square))
            front = -abs(x - cx) / 3 - max(abs(y - cy), abs(x - cx)) / 10
            line = max(u.levels.values(), key=lambda lv: lv.cc)
            shooter = line.ra > 0
            depth = abs(y - cy) if state.zones[role] in ("n", "s") else abs(x - cx)
            return front + (depth if shooter else -depth) + u.cost / 30 + self.random.random() / 5

        return max(options, key=score)

    # ------------------------------------------------------------------ the turn

    def _main(self, state: State, role: Role, options: list) -> Any:
        dead = self._dead_cards(state, role)
        for cmd in options:  # cards of destroyed units are worth 1 power point and nothing else
            if cmd.kind == "convert" and cmd.card in dead:
                return cmd
        acts = [o for o in options if isinstance(o, Activate)]
        cheapest: dict[str, Activate] = {}
        for cmd in acts:  # Art of War first; power points (Leader) only when needed
            if cmd.unit not in cheapest or cmd.pp < cheapest[cmd.unit].pp:
                cheapest[cmd.unit] = cmd
        best, value = None, -1.0
        for cmd in cheapest.values():
            v = self._activation_value(state, role, cmd.unit)
            if v > value:
                best, value = cmd, v
        if best is not None and state.turn.activations == 0:
            return best
        if best is not None and value >= EXTRA_ACTIVATION_VALUE and state.turn.activations <= MAX_EXTRA:
            return best
        return End() if End() in options else (best or options[0])

    def _activation_value(self, state: State, role: Role, unit_id: str) -> float:
        unit = next(u for u in state.alive(role) if u.card == unit_id)
        return self._plan(state, unit, route=False)[0]

    def _plan(self, state: State, unit: Unit, route: bool = True) -> tuple[float, int | None, Attack | None]:
        """(value, destination or None to stay, best attack from there); remembered for the
        activation that follows. Without `route`, a plan with no attack skips choosing where
        to walk (its value is all that is needed)."""
        key = (unit.uid, state.turn.number, state.turn.activations, unit.sq)
        if self._memo and self._memo[0] == key and (self._memo[2] or not route):
            return self._memo[1]
        plan, complete = self._fresh_plan(state, unit, route)
        self._memo = (key, plan, complete)
        return plan

    def _fresh_plan(
        self, state: State, unit: Unit, route: bool
    ) -> tuple[tuple[float, int | None, Attack | None], bool]:
        work = state.model_copy(update={"units": list(state.units)})  # units are frozen: a new list suffices
        me = unit
        start = me.sq
        line = card(work, me)
        move_c, move_free = line.move
        dests = Mover(work, me).destinations(move_free)
        enemies = work.enemy_units(me.owner)  # with teams, both enemy armies; never the teammate's
        if not enemies:
            return (0.0, None, None), True
        near_enemy = {sq for e in enemies for sq in neighbours(work.board, e.sq)}
        best = (-1.0, None, None)
        for dest, cost in [(start, 0), *dests.items()]:
            if cost > move_c:
                continue
            engaged = dest in near_enemy
            if not engaged and (
                line.ra == 0 or all(distance(work.board, dest, e.sq) > line.range for e in enemies)
            ):
                continue  # no attack can start from there
            me = work.set_unit(unit.uid, sq=dest)
            value, atk = self._best_attack(work, me)
            if atk is not None:
                value += self._terrain(work, dest) / 2
                if value > best[0]:
                    best = (value, None if dest == start else dest, atk)
        if best[2] is not None:
            return best, True
        if not route:
            return (0.1, None, None), False
        # nothing to attack: close in, or keep range
        want = max(1, line.range - 1) if line.ra > 0 else 1

        width = work.board.width
        spots = [(e.sq % width, e.sq // width) for e in enemies]

        def approach(sq: int) -> float:
            x, y = sq % width, sq // width
            gap = min(max(abs(x - ex), abs(y - ey)) for ex, ey in spots)
            return -abs(gap - want) + self._terrain(work, sq)

        target = max([start, *dests], key=approach)
        return (0.1, None if target == start else target, None), True

    def _terrain(self, state: State, sq: int) -> float:
        return TERRAIN_BONUS.get(state.board.terrain[sq], 0.0)

    def _best_attack(self, state: State, unit: Unit) -> tuple[float, Attack | None]:
        best_v, best_a = -1.0, None
        for atk in attacks.commands(state, unit):
            if atk.talent is not None and atk.talent != "bite":
                continue
            target = state.unit_at(parse_square(state.board, atk.target))
            v = self._attack_value(state, unit, target, atk)
            if v > best_v:
                best_v, best_a = v, atk
        return best_v, best_a

    def _attack_value(self, state: State, unit: Unit, target: Unit, atk: Attack) -> float:
        kind = "cc" if distance(state.board, unit.sq, target.sq) == 1 else "ra"
        line = card(state, unit)
        dice_n = line.cc if kind == "cc" else line.ra
        if combat.on_hill(state, unit) and not combat.on_hill(state, target):
            dice_n += 1
        diff = card(state, target).defense + combat.terrain_defence(state, target, kind, flying(unit))
        if atk.talent == "bite":
            dice_n = talent(state, unit, "cerberus_bite").dice
            exp = expected_wounds(dice_n, diff) * (1 + len(atk.extra))
        else:
            exp = expected_wounds(dice_n, diff)
        value = min(exp, target.vit) * worth(target)
        if exp >= target.vit * 0.8:
            value += udef(target).cost / 3
        if kind == "cc" and atk.talent is None:
            back = expected_wounds(card(state, target).cc, card(state, unit).defense) * 0.6
            value -= min(back, unit.vit) * worth(unit) * 0.7
        return value

    def _activation(self, state: State, role: Role, options: list) -> Any:
        act = state.activation
        unit = state.unit(act.uid)
        attacks_now = [o for o in options if isinstance(o, Attack)]
        if not act.moved and not act.attacked:
            value, dest, atk = self._plan(state, unit)
            if dest is not None:
                move = Move(path=(name(state.board, unit.sq), name(state.board, dest)))
                if move in options:
                    return move
        if attacks_now:
            _, atk = self._best_attack(state, unit)
            if atk in options:
                return atk
        if not act.moved and not act.attacked:
            plan = self._plan(state, unit)
            if plan[1] is not None:
                move = Move(path=(name(state.board, unit.sq), name(state.board, plan[1])))
                if move in options:
                    return move
        return Done()

    def _fetch(self, state: State, role: Role, options: list) -> Any:
        hand = state.sides[role].hand
        for cmd in options:
            if isinstance(cmd, Fetch) and cmd.card != AOW and cmd.card not in hand:
                return cmd
        return Done()

    # ------------------------------------------------------------------ reactions

    def _harass(self, state: State, role: Role, options: list) -> Any:
        target = state.unit(state.activation.uid)
        cc, ra = attacks.targets(state, target)
        harass = [o for o in options if isinstance(o, Harass)]
        if harass and not cc and not ra and state.sides[role].pp >= 2:
            return harass[0]
        return Pass()

    def _react(self, state: State, role: Role, options: list) -> Any:
        c = state.combat
        target, attacker = state.unit(c.strike.target), state.unit(c.strike.attacker)
        line = card(state, attacker)
        count = line.cc if c.strike.kind == "cc" else (line.ra if c.strike.kind == "ra" else c.strike.dice)
        incoming = expected_wounds(count, card(state, target).defense)
        for o in options:
            if isinstance(o, Use) and o.talent == "evasion" and incoming >= 1:
                return o
        if incoming >= target.vit - 0.5:
            defenders = [o for o in options if isinstance(o, Defend)]
            if defenders:
                return max(
                    defenders,
                    key=lambda d: (
                        reactions.own_unit(state, role, d.unit).vit * 2
                        + card(state, reactions.own_unit(state, role, d.unit)).defense
                    ),
                )
            for o in options:
                if isinstance(o, Use) and o.talent == "retreat":
                    return o
        if Counter() in options:
            back = expected_wounds(card(state, target).cc, card(state, attacker).defense)
            if back >= 0.4:
                return Counter()
        return Pass()

    def _talents(self, state: State, role: Role, options: list) -> Any:
        pp = state.sides[role].pp
        for o in options:
            if (
                isinstance(o, Use)
                and o.talent in ("unholy_strength", "overrun", "explosive_shells")
                and pp >= 3
            ):
                return o
            if isinstance(o, Plus) and pp >= 4:
                return o
        return Done() if Done() in options else Pass()

    def _dice(self, state: State, role: Role, options: list) -> Any:
        return Optimal()

    def _wounds(self, state: State, role: Role, options: list) -> Any:
        c = state.combat
        for o in options:
            if isinstance(o, Use):
                unit = reactions.own_unit(state, role, o.unit)
                if c.wounds.get(unit.uid, 0) >= unit.vit or o.talent == "endurance":
                    return o
        return Pass()

    # ------------------------------------------------------------------ cards

    def _dead_cards(self, state: State, role: Role) -> set[str]:
        return {u.card for u in state.units if u.owner == role and u.vit <= 0}

    def _useless_first(self, state: State, role: Role, hand: list[str]) -> list[str]:
        dead = self._dead_cards(state, role)
        return sorted(hand, key=lambda c: (c not in dead, -hand.count(c), c))

    def _cycle(self, state: State, role: Role, options: list) -> Any:
        """001 l.341: three cards under the deck for two. Only while the deck holds the two
        to draw: from a shorter deck the draw brings back the cards just put under, and the
        deck never runs out, so the new decks (001 §"Making a new deck", with four players
        only once all are empty, l.820) never come: a teams game stalled that way (seed
        1081 of bench/ai.py, the strong side cycling its dead units' cards every turn)."""
        side = state.sides[role]
        hand = side.hand
        if len(side.deck) < CYCLE_DRAW:
            return Done()
        dead = self._dead_cards(state, role)
        if sum(c in dead for c in hand) >= 2 or len(hand) >= 8:
            cards = tuple(sorted(self._useless_first(state, role, hand)[:3]))
            if Cycle(cards=cards) in options:
                return Cycle(cards=cards)
        return Done()

    def _hand_limit(self, state: State, role: Role, options: list) -> Any:
        return Discard(card=self._useless_first(state, role, state.sides[role].hand)[0])

    def _reshuffle(self, state: State, role: Role, options: list) -> Any:
        for o in options:
            if isinstance(o, Use):
                return o
        dead = self._dead_cards(state, role)
        for o in options:
            if o.kind == "convert" and o.card in dead:
                return o
        return Done()
