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

from engine.hoplomachus import combat, hexes, priorities, rules
from engine.hoplomachus import commands as c
from engine.hoplomachus.content import content
from engine.hoplomachus.opportunities import leadership
from engine.hoplomachus.state import State
from engine.protocol import Role

PROWESS_ORDER = (
    "pw_skin", "pw_edge", "pw_twin", "pw_mend", "pw_riposte", "pw_perfect", "pw_quick",
    "pw_dodge", "pw_first", "pw_banner", "pw_swift", "pw_reach",
)  # fmt: skip
KIND_ORDER = {"bloodshed": 0, "sport": 1, "opportunity": 2, "harbour": 3, "capital": 4}
SPORT_ORDER = ("koth", "spar", "ctf")
EXPECT = {"b": 1 / 3, "g": 2 / 3, "k": 1.0, "r": 1.5}  # mean hits of a die (data/rules.yaml)


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
    def __init__(
        self,
        seed: int = 0,
        rush_week: int = 5,
        hero_first: bool = True,
        reinforce_at: int = 2,
        sport_hero: bool = True,
        troop_before: int = 3,
        sport_gap: int = 2,
    ) -> None:
        self.random = random.Random(seed)
        self.reinforce_at = reinforce_at
        self.sport_hero = sport_hero
        self.troop_before = troop_before
        self.sport_gap = sport_gap
        self.rush_week = rush_week
        self.hero_first = hero_first

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
        if len(state.camp) < self.troop_before and state.week < 10 and state.act < 4:
            rush = False  # a thin troop: grow it before a Primus
        if rush and capitals and state.hero_hp >= state.sheet.health - 1:
            return capitals[0]
        open_caps = {
            k for k, v in content().locations.items() if v.kind == "capital" and _capital_open(state, k)
        }
        dist = _distances(state, open_caps)
        non_cap = [g for g in goes if g not in capitals] or goes
        order = dict(KIND_ORDER)
        if len(state.camp) + self.sport_gap < leadership(state):
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
            return self._answer(state, legal)
        hero = f.get("hero")
        sport = f.kind in ("ctf", "koth", "spar")
        deploys = [d for d in legal if isinstance(d, c.Deploy)]
        if c.Surrender() in legal:
            if hero is not None and hero.hp <= (3 if sport and state.blessings < 2 else 2):
                return c.Surrender()  # a lost fight costs influence, a dead hero a Blessing
            only_hero = {d.unit for d in deploys} == {"hero"}
            if only_hero and not any(u.side == "p" and u.hex for u in f.units) and f.used_units:
                if state.hero_hp < 4 or state.blessings <= 1 or (sport and not self.sport_hero):
                    return c.Surrender()  # the troop is gone: do not throw the hero in
        if c.Reinforce() in legal and f.turn <= 2:
            troop = sum(1 for t in f.player_camp if t != "hero") + sum(
                1 for u in f.units if u.side == "p" and u.fid != "hero"
            )
            missing = min(f.slots, leadership(state) - 1) - troop
            if f.kind == "primus" and missing >= self.reinforce_at and state.blessings >= 2:
                return c.Reinforce()  # a Blessing spent on a thin troop before a Primus (l.283)
        if deploys:
            cmd = self._deploy(state, deploys, legal)
            if cmd is not None:
                return cmd
        if c.Auto() in legal and c.End() not in legal:
            return c.Auto()  # a deployment is due and none was chosen: the rules' own
        tactic = self._tactic(state, legal)
        if tactic is not None:
            return tactic
        if f.pstep <= 2:
            move = self._move(state, legal)
            if move is not None:
                return move
        hit = self._engage(state, legal)
        if hit is not None:
            return hit
        return c.End() if c.End() in legal else legal[0]

    def _answer(self, state, legal):
        """Ties the rulebook leaves to you (l.384): send the rival at the sturdiest of your
        units, never the hero when another will do."""
        f = state.fight
        if state.ask.kind in ("target", "mark", "tactic"):

            def safety(p):
                u = f.at(p.hex)
                if u is None or u.side != "p":
                    return (1, 0, -hexes.ORDER[p.hex])
                return (u.fid != "hero", u.hp, -hexes.ORDER[p.hex])

            return max(legal, key=safety)
        return legal[0]

    def _deploy(self, state, deploys, legal):
        f = state.fight
        units = {d.unit for d in deploys}
        others = [u for u in units if u != "hero"]
        mine = [u for u in f.units if u.side == "p" and u.hex]
        lethal = f.kind in ("bloodshed", "primus", "scion")
        boss = f.kind in ("primus", "scion")
        hero_ok = "hero" in units and (
            (boss and (self.hero_first or not others))
            or (not mine and not others)
            or (f.kind == "bloodshed" and state.hero_hp >= state.sheet.health and state.hero_hp >= 5)
            or (self.sport_hero and not lethal and state.hero_hp >= 5 and state.blessings >= 2)
        )

        def strength(u):
            d = content().units[u]
            return d.health + 2 * sum(EXPECT[x] for x in d.dice) + len(d.skills) * 0.3

        if hero_ok and boss and self.hero_first:
            unit = "hero"
        elif others:
            unit = max(others, key=lambda u: (strength(u), u))
        elif hero_ok:
            unit = "hero"
        else:
            return None
        spots = [d.hex for d in deploys if d.unit == unit]
        foes_at = [u.hex for u in f.units if u.side != "p" and u.hex]
        near = lambda h: min((hexes.distance(h, x) for x in foes_at), default=0)  # noqa: E731
        if lethal:
            danger = _threat_map(f)
            best = min(
                spots, key=lambda h: (danger.get(h, 0) > 0 and unit == "hero", near(h), hexes.ORDER[h])
            )
        else:
            best = min(spots, key=lambda h: (near(h), hexes.ORDER[h]))
        return c.Deploy(unit=unit, hex=best)

    def _tactic(self, state, legal):
        f = state.fight
        tactics = [cmd for cmd in legal if isinstance(cmd, c.Tactic)]
        if not tactics or f.pstep > 1:
            return None
        best, score = None, 0.0
        for cmd in tactics:
            u = f.at(cmd.target)
            if u is None:
                continue
            s = 0.0
            if cmd.tactic == "bolster" and u.side == "p":
                s = 2.5 if u.hp <= 2 else (1.0 if u.hp < u.health else 0)
            elif cmd.tactic == "stun" and u.side != "p" and not u.dazed:
                s = _power(u) * (1.5 if _adjacent_to(f, u, "p") else 0.8)
            elif cmd.tactic == "hamstring" and u.side != "p" and "hamstring" not in u.tactics:
                s = 0.6 * _power(u)
            elif cmd.tactic == "adrenaline" and u.side == "p" and not u.moved:
                s = 0.5 if f.kind == "ctf" else 0
            if s > score:
                best, score = cmd, s
        return best if score >= 1.0 else None

    def _move(self, state, legal):
        """Each unit in turn: where it can strike this turn, the hex that strikes the
        most useful opponent with the fewest rivals able to answer (never onto a hazard);
        otherwise the arena's own approach for your units (`priorities.plan`)."""
        f = state.fight
        # in legal()'s order (a set's order changes with the hash seed: ties would too)
        moves = dict.fromkeys((m.frm, m.to) for m in legal if isinstance(m, c.Move))
        if not moves:
            return None
        hazards = hexes.board(f.arena).hazards
        self.state_blessings = state.blessings
        danger = _threat_map(f) if f.kind not in ("ctf", "koth") else {}
        for u in f.units:
            if u.side != "p" or not u.hex or u.moved:
                continue
            p = priorities.plan(f, u)
            dest = p.dest
            if f.kind not in ("ctf", "koth"):
                dest = self._strike_hex(f, u, moves, hazards, danger) or dest
            if dest in hazards and dest != u.hex:
                dest = u.hex
            if dest != u.hex and (u.hex, dest) in moves:
                return c.Move(frm=u.hex, to=dest)
        return None

    def _care(self, f, u) -> float:
        """How much a unit minds the rivals' reach: the hero most, and more when its fall
        would cost the last Blessing (or the campaign)."""
        if u.fid != "hero":
            return 1.0
        care = 1.5
        if u.hp <= 3:
            care *= 2
        if self.state_blessings <= 1:
            care *= 1.5
        return care

    def _strike_hex(self, f, u, moves, hazards, danger):
        spots = [u.hex] + [to for frm, to in moves if frm == u.hex and to not in hazards]
        foes = [o for o in combat.foes(f, u) if not o.tribune]
        best, score = None, None
        for h in spots:
            marks = [o for o in foes if hexes.distance(h, o.hex) <= u.range]
            if not marks:
                continue
            v = max(_value(f, u, o) for o in marks)
            s = v - 0.35 * danger.get(h, 0) * self._care(f, u) - 0.01 * (h != u.hex)
            if score is None or s > score:
                best, score = h, s
        return best

    def _engage(self, state, legal):
        f = state.fight
        best, score = None, 0.0
        for cmd in legal:
            if not isinstance(cmd, c.Attack | c.Special):
                continue
            a = f.at(cmd.actor)
            if isinstance(cmd, c.Special) and cmd.target is None and cmd.dest is None:
                s = sum(
                    _value(f, a, o, weak=True)
                    for o in f.units
                    if o.hex and o.side != "p" and hexes.distance(o.hex, a.hex) == 1 and not o.tribune
                )
            elif isinstance(cmd, c.Special) and cmd.dest is not None:
                s = 0.05
            else:
                o = f.at(cmd.target)
                if o is None or o.tribune:
                    continue
                weak = isinstance(cmd, c.Special) and combat.has(a, "longshot") and not combat.has(a, "agile")
                s = _value(f, a, o, weak=weak)
                if isinstance(cmd, c.Special) and combat.has(a, "heave") and not combat.has(a, "agile"):
                    s = _value(f, a, o, dice=[combat.best_die(a)])
            if s > score:
                best, score = cmd, s
        return best


def _power(u) -> float:
    """What a unit deals in a turn, roughly: the mean of its dice."""
    return sum(EXPECT.get(d, 0.5) for d in u.dice) + 0.3


def _adjacent_to(f, u, side: str) -> bool:
    return any(o.side == side and o.hex and hexes.distance(o.hex, u.hex) == 1 for o in f.units)


def _threat_map(f) -> dict[str, int]:
    """How many rivals could attack each hex next turn (move + range, obstacles ignored)."""
    out: dict[str, int] = {}
    for o in f.units:
        if o.side != "r" or not o.hex:
            continue
        reach = combat.move_of(o) + o.range
        for h in hexes.ALL:
            if hexes.distance(h, o.hex) <= reach:
                out[h] = out.get(h, 0) + 1
    return out


def _value(f, a, o, weak: bool = False, dice: list[str] | None = None) -> float:
    """Worth of hitting `o` with `a`: a likely kill of a dangerous unit first, then damage
    on the most dangerous per HP left; the Scion is the fight."""
    if dice is None:
        dice = [combat.weakest_die(a)] if weak else combat.attack_dice(f, a, o, True)
    e = sum(EXPECT.get(d, 0.5) for d in dice)
    if combat.has(a, "perfect"):
        e *= 1.25
    if combat.has(o, "absorb") and not weak:
        e = min(e, 1.0)
    if combat.has(o, "kalliope"):
        n = len(combat.allies(f, o))
        if n:
            e = min(e, n)
    hp = max(1, o.hp)
    threat = _power(o) * (3 if o.fid == "scion" else 1) * (0.6 if o.side == "a" else 1)
    v = threat * (1.0 + 0.5 * e) if e >= hp else threat * 0.7 * e / hp
    if (combat.has(o, "retaliate") or combat.has(o, "quickstrike")) and combat.in_range(o, a):
        v -= 0.2
    return max(v, 0.01)


def _capital_open(state, loc):
    from engine.hoplomachus.campaign import capital_open

    return capital_open(state, loc)


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
