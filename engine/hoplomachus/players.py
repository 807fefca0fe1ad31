"""AI seats for the hero's side: a random-legal player and a heuristic player.

The heuristic plans a route (events while the weeks allow, then the nearest open capital),
spectates to heal when hurt, picks rewards that make the hero stronger, plays a tactic
when one is worth it, and hands the rest of each fight turn to `auto` (the arena's own
rules for your units). Its randomness is its own; the game's generator is never touched.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from engine.hoplomachus import commands as c
from engine.hoplomachus import hexes, rules
from engine.hoplomachus.content import content
from engine.hoplomachus.state import State
from engine.protocol import Role

PROWESS_ORDER = (
    "pw_skin", "pw_edge", "pw_twin", "pw_mend", "pw_riposte", "pw_perfect", "pw_quick",
    "pw_dodge", "pw_first", "pw_banner", "pw_swift", "pw_reach",
)  # fmt: skip
KIND_ORDER = {"bloodshed": 0, "sport": 1, "opportunity": 2, "harbour": 3, "capital": 4}
SPORT_ORDER = ("koth", "spar", "ctf")


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, state: State, role: Role) -> Any:
        legal = rules.legal(state, role)
        by_kind: dict[str, list] = {}
        for cmd in legal:
            by_kind.setdefault(cmd.kind, []).append(cmd)
        kinds = sorted(k for k in by_kind if k != "surrender") or sorted(by_kind)
        return self.random.choice(by_kind[self.random.choice(kinds)])


def _distances(state: State, goals: set[str]) -> dict[str, int]:
    best = {g: 0 for g in goals}
    todo = deque(goals)
    while todo:
        x = todo.popleft()
        for n in content().adjacent(x):
            if n not in best:
                best[n] = best[x] + 1
                todo.append(n)
    return best


class HeuristicPlayer:
    def __init__(self, seed: int = 0, rush_week: int = 5) -> None:
        self.random = random.Random(seed)
        self.rush_week = rush_week

    def choose(self, state: State, role: Role) -> Any:
        legal = rules.legal(state, role)
        if len(legal) == 1:
            return legal[0]
        p = state.phase
        pick = getattr(self, f"_{p}", None)
        cmd = pick(state, legal) if pick else None
        return cmd if cmd is not None else legal[0]

    # campaign

    def _bonus(self, state, legal):
        for want in ("upgrade", "health", "die"):
            for cmd in legal:
                if cmd.choice == want:
                    return cmd

    def _prowess(self, state, legal):
        cards = {cmd.card: cmd for cmd in legal if isinstance(cmd, c.Prowess)}
        return next((cards[p] for p in PROWESS_ORDER if p in cards), None)

    def _travel(self, state, legal):
        """Stay within two steps of the nearest open capital, fighting on the way (sport
        while the troop is thin, Bloodshed otherwise); enter it once the weeks are spent."""
        goes = [cmd for cmd in legal if isinstance(cmd, c.Go)]
        if not goes:
            return None
        capitals = [g for g in goes if content().locations[g.to].kind == "capital"]
        rush = state.week >= self.rush_week or (state.act == 4 and state.week >= 2)
        if state.blessings <= 2 and len(state.camp) < 3 and state.week < 10 and state.act < 4:
            rush = False  # few Blessings left: grow the troop before a Primus
        if rush and capitals and state.hero_hp >= state.sheet.health - 1:
            return capitals[0]
        open_caps = {
            k for k, v in content().locations.items() if v.kind == "capital" and _capital_open(state, k)
        }
        dist = _distances(state, open_caps)
        non_cap = [g for g in goes if g not in capitals] or goes
        order = dict(KIND_ORDER)
        if len(state.camp) + 2 < state.sheet.leadership:
            order["sport"] = -1  # a thin troop: sport fights lose no unit and recruit one
        if rush:
            return min(
                non_cap, key=lambda g: (dist.get(g.to, 99), order[content().locations[g.to].kind], g.to)
            )
        return min(
            non_cap,
            key=lambda g: (
                max(0, dist.get(g.to, 99) - 2),
                order[content().locations[g.to].kind],
                self.random.random(),
            ),
        )

    def _harbour(self, state, legal):
        goes = [cmd for cmd in legal if isinstance(cmd, c.Go)]
        open_caps = {
            k for k, v in content().locations.items() if v.kind == "capital" and _capital_open(state, k)
        }
        dist = _distances(state, open_caps)
        best_go = min((dist.get(g.to, 99) for g in goes), default=99)
        sails = [cmd for cmd in legal if isinstance(cmd, c.Sail)]
        if sails and state.week < 10:
            sail = min(sails, key=lambda x: (dist.get(x.to, 99), x.to))
            if dist.get(sail.to, 99) + 1 < best_go:
                return sail
        return self._travel(state, legal)

    _sailed = _travel

    def _event(self, state, legal):
        resolves = [cmd for cmd in legal if isinstance(cmd, c.Resolve)]
        if not resolves:
            return None
        near_loss = state.influence + state.act >= content().influence["lose_at"]
        if state.hero_hp <= 2 and not near_loss:
            return c.Spectate()
        rush = state.week >= self.rush_week
        if rush and state.hero_hp < state.sheet.health - 1 and state.influence + state.act < 20:
            return c.Spectate()  # heal before the capital
        by = {cmd.sport: cmd for cmd in resolves}
        for kind in SPORT_ORDER:
            if kind in by:
                return by[kind]
        return resolves[0]

    def _keep(self, state, legal):
        good = [cmd for cmd in legal if "glory" not in content().opportunities[cmd.card].condition]
        return good[0] if good else legal[0]

    def _tribune(self, state, legal):
        """The Tribune is never attacked: make it the rival that hurts least."""
        camp = state.fight.rival_camp
        return min(legal, key=lambda t: (len(camp[t.place - 1].dice), camp[t.place - 1].hp, t.place))

    def _glory(self, state, legal):
        return c.Pass()

    def _reward(self, state, legal):
        if state.reward == "primus":
            return self._prowess(state, legal)
        if state.reward == "bloodshed":
            ups = [cmd for cmd in legal if isinstance(cmd, c.Upgrade)]
            if ups:
                return ups[0]
            return c.Health()
        recruits = [cmd for cmd in legal if isinstance(cmd, c.Recruit)]
        if recruits:
            f = state.fight
            units = {u.fid: u for u in [*f.units, *f.fallen]}
            return max(recruits, key=lambda r: (units[r.unit].health + 2 * len(units[r.unit].dice), r.unit))
        takes = [cmd for cmd in legal if isinstance(cmd, c.Take)]
        if takes:
            return max(takes, key=lambda t: (t.tactics.count("stun") + t.tactics.count("bolster"), t.tactics))
        return c.Skip()

    # fight

    def _fight(self, state, legal):
        f = state.fight
        if state.ask is not None:
            if state.ask.kind == "target":
                return max(
                    legal, key=lambda p: (f.at(p.hex).fid != "hero", f.at(p.hex).hp, -hexes.ORDER[p.hex])
                )
            return legal[0]
        hero = f.get("hero")
        if c.Surrender() in legal:
            if hero is not None and hero.hp <= 2:
                return c.Surrender()  # a lost fight costs influence, a dead hero a Blessing
            deployable = {d.unit for d in legal if isinstance(d, c.Deploy)}
            if (
                deployable == {"hero"} and f.used_units and (state.hero_hp < 4 or state.blessings <= 1)
                and not any(u.side == "p" for u in f.units)
            ):  # fmt: skip
                return c.Surrender()  # the troop is gone: do not throw the hero in
        tactics = [cmd for cmd in legal if isinstance(cmd, c.Tactic)]
        if tactics and f.pstep <= 1:
            for cmd in tactics:
                u = f.at(cmd.target)
                if cmd.tactic == "bolster" and u.side == "p" and u.hp <= 2:
                    return cmd
                if cmd.tactic == "stun" and u.side != "p" and u.hp >= 3:
                    return cmd
                if cmd.tactic == "hamstring" and u.side != "p" and len(u.dice) >= 2:
                    return cmd
        return c.Auto() if c.Auto() in legal else legal[0]


def _capital_open(state, loc):
    from engine.hoplomachus.campaign import capital_open

    return capital_open(state, loc)


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
