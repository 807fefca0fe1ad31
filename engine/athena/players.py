"""The heuristic Battle for Athena player. It decides from what its seat may know: its own
view, plus public facts (cards revealed in earlier duels, the scenario's army lists).

It deploys its weakest cards on top and keeps the strongest at the bottom, where they come
out late, against an enemy army that has spent its own (self-play: this beats "strongest on
top" in 99% of games). As defender it reads the announced colour, estimates the attacker's
value from the enemy cards still unseen, and beats it with its cheapest sufficient card or
gives up its least valuable one. As attacker it sends the card with the best expected gain.
It lays combat powers on the card it means to engage, and at the reveal pays only for a
power that turns the duel.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.athena import powers as P
from engine.athena.content import content
from engine.athena.state import (
    Activate,
    ChoosePowers,
    Command,
    Deploy,
    Discard,
    Engage,
    Pass,
    Play,
    Recruit,
    Reveal,
    State,
)
from engine.athena.view import AthenaView, CardFace
from engine.athena.visibility import card_face
from engine.protocol import Role

SPENDING = 0.1  # VP-equivalent cost of using up one point of attack + defence
TERRAIN_GUESS = 2  # VP of a terrain when the row is empty or unknown
# How much each power is worth to us when we can afford it; discards start from the lowest.
POWER_PRIORITY = {
    "CC": 6,
    "AS": 5,
    "CM": 5,
    "RI": 4,
    "SO": 4,
    "DI": 3,
    "AT": 2,
    "IM": 2,
    "AN": 2,
    "CL": 1,
    "MR": 1,
    "PS": 0,
    "CA": 1,
    "RE": 0,
}


def att_value(face: CardFace) -> int:
    return 2 * face.attack + face.defense


def def_value(face: CardFace) -> int:
    return 2 * face.defense + face.attack


def _face(code: str) -> CardFace:
    return card_face(code)


def power_gain(code: str, attacking: bool, face: CardFace) -> int:
    """Doubled combat value a reveal power adds to that card (a won tie counts as +1)."""
    effect = P.card(code).effect
    if effect.when != "any" and (effect.when == "attacker") != attacking:
        return 0
    if effect.kind == "bonus":
        return 2 * effect.amount + (1 if effect.wins_ties else 0)
    if effect.kind == "full_value":  # attack and defence in full instead of halved
        return face.defense if attacking else face.attack
    return 0


class HeuristicPlayer:
    def __init__(self, game: Any, seed: int = 0, deploy: str = "weak", spending: float = SPENDING) -> None:
        self.game = game
        self.random = random.Random(seed)
        self.deploy, self.spending = deploy, spending

    # -- public knowledge -------------------------------------------------------------------

    def _unseen_enemy(self, state: State, role: Role) -> list[str]:
        """Enemy combatants not yet revealed this round: the army list (public in a
        scenario, the whole box in expert mode) minus the cards seen leaving it."""
        foe = state.other(role)
        sc = content().scenarios[state.options.scenario]
        if sc.expert:
            pool = Counter({code: c.box for code, c in content().combatants.items()})
        else:
            pool = Counter(sc.army)
        gone = Counter(cap.card for cap in state.armies[role].captured)
        gone.update(state.armies[foe].card_discard)  # every discarded combatant was revealed first
        return list((pool - gone).elements())

    def _terrain_vp(self, v: AthenaView) -> int:
        return v.terrain_values[v.terrain_row[0]] if v.terrain_row else 0

    # -- decisions ---------------------------------------------------------------------------

    def choose(self, state: State, role: Role) -> Command:
        legal = self.game.legal(state, role)
        v = self.game.view(state, role)
        kind = state.stack[-1].kind
        pick: Command | None = None
        if kind == "build":
            pick = (
                Recruit(preset="balanced")
                if not state.armies[role].recruited
                else ChoosePowers(preset="combat")
            )
        elif kind == "deploy":
            pick = Deploy(preset=self.deploy)
        elif kind == "power":
            pick = self._power(state, role, v, legal)
        elif kind == "strategy":
            pick = self._strategy(v, role, legal)
        elif kind == "engage":
            pick = self._engage(state, role, v)
        elif kind == "reveal":
            pick = self._reveal(state, role, v, legal)
        return pick if pick in legal or kind in ("build", "deploy") else self.random.choice(legal)

    def _my_cards(self, v: AthenaView, role: Role) -> dict[int, CardFace]:
        return {s.slot: s.card for s in v.armies[role].slots if s.available and s.card is not None}

    def _bonus(self, v: AthenaView, role: Role, slot: int, attacking: bool, tokens: int) -> int:
        """Doubled combat value the face-down powers on that slot would add, if paid for."""
        total = 0
        view = v.armies[role].slots[slot - 1]
        for power in view.powers or []:
            cost = max(0, power.cost - 1)
            gain = power_gain(power.code, attacking, view.card) if power.phase == "reveal" else 0
            if gain and cost <= tokens:
                total += gain
                tokens -= cost
        return total

    def _attack_choice(self, state: State, role: Role, v: AthenaView) -> tuple[int, float]:
        """The slot to attack with and its expected gain."""
        foe = state.other(role)
        unseen = self._unseen_enemy(state, role)
        foe_available = sum(1 for s in v.armies[foe].slots if s.available) or 1
        me = v.armies[role]
        stake = self._terrain_vp(v)
        best: tuple[float, int] | None = None
        for slot, face in self._my_cards(v, role).items():
            value = (
                att_value(face) + 2 * state.armies[role].support + self._bonus(v, role, slot, True, me.tokens)
            )
            beaten = sum(1 for c in unseen if def_value(_face(c)) + 2 * state.armies[foe].support >= value)
            p_win = (1 - beaten / max(1, len(unseen))) ** foe_available
            gain = (
                p_win * (stake + 1)
                - (1 - p_win) * (face.vp + stake)
                - self.spending * (face.attack + face.defense)
            )
            key = (gain, -slot)
            if best is None or key > (best[0], -best[1]):
                best = (gain, slot)
        assert best is not None
        return best[1], best[0]

    def _defence_choice(self, state: State, role: Role, v: AthenaView) -> int:
        foe = state.other(role)
        engaged = v.engaged[foe]
        if engaged.card is not None:
            candidates = [engaged.card.code]
        else:
            unseen = self._unseen_enemy(state, role)
            colour = engaged.announced_colour
            candidates = [c for c in unseen if colour is None or content().colour(c) == colour] or unseen
        foe_bonus = 2 * state.armies[foe].support + (
            3 if engaged.power_count and state.armies[foe].tokens else 0
        )
        values = [att_value(_face(c)) + foe_bonus for c in candidates]
        foe_vp = sum(_face(c).vp for c in candidates) / len(candidates)
        stake = self._terrain_vp(v)
        tokens = v.armies[role].tokens
        best: tuple[float, int] | None = None
        for slot, face in self._my_cards(v, role).items():
            mine = (
                def_value(face) + 2 * state.armies[role].support + self._bonus(v, role, slot, False, tokens)
            )
            p_win = sum(1.0 if x < mine else 0.5 if x == mine else 0.0 for x in values) / len(values)
            p_lose = sum(1 for x in values if x > mine) / len(values)
            gain = (
                p_win * (foe_vp + stake)
                - p_lose * (face.vp + stake)
                - self.spending * (face.attack + face.defense)
            )
            if best is None or (gain, -slot) > (best[0], -best[1]):
                best = (gain, slot)
        assert best is not None
        return best[1]

    def _engage(self, state: State, role: Role, v: AthenaView) -> Command:
        if role == state.attacker:
            return Engage(slot=self._attack_choice(state, role, v)[0])
        return Engage(slot=self._defence_choice(state, role, v))

    def _power(self, state: State, role: Role, v: AthenaView, legal: list[Command]) -> Command:
        me = v.armies[role]
        attacking = role == state.attacker
        hand = [p.code for p in me.hand or []]
        usable = {"AS": attacking, "RI": not attacking}
        if attacking:
            target = self._attack_choice(state, role, v)[0]
        else:
            cards = self._my_cards(v, role)
            target = max(cards, key=lambda s: (def_value(cards[s]), -s))
        for code in sorted(set(hand), key=lambda c: (-POWER_PRIORITY.get(c, 0), c)):
            if POWER_PRIORITY.get(code, 0) < 2 or not usable.get(code, True):
                continue
            if P.card(code).cost <= me.tokens:
                play = Play(power=code, slot=target)
                if play in legal:
                    return play
        worst = min(hand, key=lambda c: (POWER_PRIORITY.get(c, 0), c))
        return Discard(power=worst)

    def _strategy(self, v: AthenaView, role: Role, legal: list[Command]) -> Command:
        for cmd in legal:
            if isinstance(cmd, Activate) and P.card(cmd.power).effect.kind in ("anticipate", "draw"):
                return cmd
        return Pass()

    def _reveal(self, state: State, role: Role, v: AthenaView, legal: list[Command]) -> Command:
        """Both cards are face up now: pay only for a power that turns a loss into a tie or a
        win (allowing for what the opponent may still reveal), or for Soutien, which lasts."""
        foe = state.other(role)
        mine = P.combat_value(state, role)
        theirs = P.combat_value(state, foe)
        if role == state.attacker:  # the defender reveals after us
            foe_army = state.armies[foe]
            face = _face(state.engaged[foe].card)
            theirs += sum(
                power_gain(p.code, False, face)
                for p in P.payable(foe_army, state.engaged[foe].powers, "reveal")
            )
        for cmd in legal:
            if not isinstance(cmd, Reveal):
                continue
            effect = P.card(cmd.power).effect
            gain = power_gain(cmd.power, role == state.attacker, _face(state.engaged[role].card))
            if effect.kind == "support":
                return cmd
            if effect.kind == "annihilate" and P.pending(state.engaged[foe].powers, "reveal"):
                return cmd
            if gain and mine <= theirs < mine + gain:
                return cmd
            if effect.kind == "immunity" and mine < theirs:
                return cmd
        return Pass()
