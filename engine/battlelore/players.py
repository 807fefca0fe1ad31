"""AI seats: a random-legal player and a heuristic player (ARCHITECTURE §2, §6)."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from engine.battlelore import combat, field, hexes, rules, turn
from engine.battlelore import commands as c
from engine.battlelore.content import content
from engine.battlelore.state import State, Unit
from engine.protocol import Role

PEOPLES = ("greek", "egypt", "persia")


class RandomPlayer:
    """A random legal command: first a kind of command at random, then one of that kind,
    so that the many moves do not drown attacking and ending the turn. Its randomness is
    its own: the game's generator is never touched."""

    def __init__(self, seed: int = 0, people: str | None = None) -> None:
        self.random = random.Random(seed)
        self.people = people

    def choose(self, state: State, role: Role) -> Any:
        legal = rules.legal(state, role)
        if state.step == "people" and self.people:
            return c.People(people=self.people)
        by_kind: dict[str, list] = defaultdict(list)
        for cmd in legal:
            by_kind[cmd.kind].append(cmd)
        kind = self.random.choice(sorted(by_kind))
        return self.random.choice(by_kind[kind])


def expected(state: State, a: Unit, d: Unit, ranged: bool) -> float:
    """Expected damage of an attack, roughly: hits per die times dice, less armour."""
    moved = state.turn is not None and a.id in state.turn.moved
    n = combat.dice_count(state, a, d, ranged, moved)
    per = 1 / 6 if ranged else (1 / 6 if field.weakened(a, d) else 2 / 6)
    dmg = n * per
    arm = field.bar(d).arm
    if arm:
        spec = content().armours[arm]
        dmg -= 0.5 * (spec.ranged if ranged else spec.melee) + (0.3 if spec.heavy_from else 0)
    t = field.terrain_at(state, d.hex)
    if t is not None:
        dmg -= 0.5 * (t.cut + (t.ranged_cut if ranged else 0))
    flags = n / 6
    value = max(0.0, dmg) + 0.4 * flags
    if field.left(d) <= max(1.0, dmg + 0.5):
        value += 1.5  # an elimination scores
    if field.card(d).cls != "troop":
        value += 0.3
    return value


def random_army(state: State, role: Role, rng: random.Random) -> c.Army:
    """A seeded random legal army (002 l.207-216, RULES-NOTES B1 rule 3): deities, extra
    Command cards and starting mana first, then units drawn one at a time from the people's
    catalogue and the enemy's chaos mythology (002 l.30-33) while points and the class
    limits allow (l.210), always keeping enough points for the minimum count; what is left
    buys an artefact or mana. Balance games use it so that every unit is judged in many
    different armies, not only in the presets."""
    from engine.battlelore import army as musters
    from engine.battlelore import setup as setups

    data = content()
    side = state.sides[role]
    people, enemy = side.people, state.sides[state.other(role)].people
    points = setups.points(state)
    lim = musters.limits(points)
    gods_pool = musters.allowed_gods(people, enemy)
    gods = tuple(rng.sample(gods_pool, min(state.options.deities, len(gods_pool))))
    extra_pool = sorted(x for x, card in data.extra.items() if card.people == people)
    extra = tuple(rng.sample(extra_pool, rng.randint(0, min(2, len(extra_pool)))))
    mana = rng.randint(0, 2)
    budget = points - data.pricing.extra_card * len(extra) - data.pricing.mana * mana
    # one draw picks a card, then one of its stat bars: a card with three bars is not drawn thrice as often
    by_cls: dict[str, list] = defaultdict(list)
    for u in musters.allowed_units(people, enemy):
        bars = sorted(data.units[u].bars)
        by_cls[data.units[u].cls].append(
            [
                (u if bar == bars[0] else f"{u}/{bar}", data.units[u].cls, musters.price(u, bar))
                for bar in bars
            ]
        )

    def draw(k: str, below: int = 10**6, least: int = 0) -> tuple[str, str, int] | None:
        cards = [[b for b in bars if least <= b[2] < below] for bars in by_cls[k]]
        cards = [bars for bars in cards if bars]
        return rng.choice(rng.choice(cards)) if cards else None

    # the minimum count, heroes and creatures in random numbers within the limits, troops for the rest
    heroes = rng.randint(0, min(lim["hero"], len(by_cls["hero"]) and lim["hero"]))
    creatures = rng.randint(0, min(lim["creature"], len(by_cls["creature"]) and lim["creature"]))
    classes = ["hero"] * heroes + ["creature"] * creatures
    classes += ["troop"] * max(0, lim["min"] - len(classes))
    chosen = [draw(k) for k in classes]
    # over the points: a random unit gives way to a cheaper one of its class, cheaper by the excess
    # if one is (so that the cheapest cards are not favoured); a legend, if none is, to a troop
    while (excess := sum(e[2] for e in chosen) - budget) > 0:
        slots = [i for i, e in enumerate(chosen) if draw(e[1], below=e[2])]
        if slots:
            i = rng.choice(slots)
            k, cost = chosen[i][1], chosen[i][2]
            chosen[i] = draw(k, below=cost, least=cost - excess - 6) or draw(k, below=cost)
        else:
            legends = [i for i, e in enumerate(chosen) if e[1] != "troop"]
            if not legends:
                break  # the cheapest army does not fit: too few points to draft
            i = rng.choice(legends)
            chosen[i] = draw("troop", below=chosen[i][2]) or draw("troop")
    # points to spare: more troops while they fit, or (half the time) artefacts and mana
    while len(chosen) < lim["max"] and rng.random() < 0.5:
        more = draw("troop", below=budget - sum(e[2] for e in chosen) + 1)
        if more is None:
            break
        chosen.append(more)
    rng.shuffle(chosen)
    units = [e[0] for e in chosen]
    spent = sum(e[2] for e in chosen)
    ids = musters.army_ids(tuple(units))
    arts: list[str] = []
    left = budget - spent
    usable = [
        (a, spec)
        for a, spec in sorted(data.artefacts.items())
        if (spec.people in (None, people)) and spec.cost <= left
    ]
    rng.shuffle(usable)
    for a, spec in usable[:1]:
        targets = [i for i, e in zip(ids, units, strict=True) if data.units[e.split("/")[0]].cls in spec.cls]
        if targets:
            arts.append(f"{a}@{rng.choice(targets)}")
            left -= spec.cost
    mana += min(3, left // data.pricing.mana)
    return c.Army(units=tuple(units), gods=gods, extra=extra, arts=tuple(arts), mana=mana)


class HeuristicPlayer:
    """Greedy but sound: plays the card that activates the most useful units, moves them
    where they can strike hardest with friends beside them, attacks the best expected
    target, retreats where it is hurt least, and spends mana and Lore when they help."""

    def __init__(
        self, seed: int = 0, people: str | None = None, preset: int | None = None, muster: str = "preset"
    ) -> None:
        self.random = random.Random(seed)
        self.people = people or PEOPLES[seed % 3]
        self.preset = preset if preset is not None else seed
        self.muster = muster  # "preset" (a ready-made army, varied a little) or "random" (drafted)
        self._values: dict = {}

    def choose(self, state: State, role: Role) -> Any:
        self._values: dict = {}
        legal = rules.legal(state, role)
        step = state.step
        pick = getattr(self, f"_{step}", None)
        if pick is not None:
            cmd = pick(state, role, legal)
            # a drafted muster is not among the listed commands (only the presets are): it was
            # checked by army.validate in _army. (The varied presets of _preset_army are not
            # let through, so the bot's seats keep the plain presets they have always played.)
            drafted = step == "army" and self.muster == "random" and isinstance(cmd, c.Army)
            if cmd is not None and (cmd in legal or drafted):
                return cmd
        return legal[0] if step not in ("move", "fight") else self._fight(state, role, legal)

    # ---- set-up
    def _side(self, state, role, legal):
        return c.Side(edge="s")

    def _people(self, state, role, legal):
        return c.People(people=self.people)

    def _army(self, state, role, legal):
        if self.muster == "random":
            from engine.battlelore import army as musters
            from engine.battlelore import setup as setups

            cmd = random_army(state, role, self.random)
            side, enemy = state.sides[role].people, state.sides[state.other(role)].people
            try:
                musters.validate(cmd, side, enemy, setups.points(state), state.options.deities)
            except Exception:
                return self._preset_army(state, role, legal)
            return cmd
        return self._preset_army(state, role, legal)

    def _preset_army(self, state, role, legal):
        """A preset, with two troops swapped half the time for others of the people or of
        the enemy's chaos mythology (002 l.30-33), so that every unit sees battle."""
        if not legal:
            return None
        base = legal[self.preset % len(legal)]
        if self.random.random() < 0.5:
            return base
        from engine.battlelore import army as musters
        from engine.battlelore import setup as setups

        side = state.sides[role]
        enemy = state.sides[state.other(role)].people
        full = setups.expand(state, role, base)
        pool = [u for u in musters.allowed_units(side.people, enemy) if content().units[u].cls == "troop"]
        units = list(full.units)
        for _ in range(2):
            troops = [i for i, e in enumerate(units) if content().units[e.split("/")[0]].cls == "troop"]
            i = self.random.choice(troops)
            card = self.random.choice(pool)
            bar = self.random.choice(sorted(content().units[card].bars))
            units[i] = card if bar == sorted(content().units[card].bars)[0] else f"{card}/{bar}"
        ids = musters.army_ids(tuple(units))
        arts = tuple(a for a in full.arts if a.partition("@")[2] in ids)
        cmd = c.Army(units=tuple(units), gods=full.gods, extra=full.extra, arts=arts, mana=full.mana)
        try:
            musters.validate(cmd, side.people, enemy, setups.points(state), state.options.deities)
        except Exception:
            return base
        return cmd

    def _site(self, state, role, legal):
        edge = state.sides[role].edge
        return min(
            legal, key=lambda m: (abs(field.xy(m.hex)[0] - 13), -hexes.row_from(field.xy(m.hex), edge))
        )

    def _deploy(self, state, role, legal):
        edge = state.sides[role].edge
        enemy = [u for u in state.alive(state.other(role)) if u.hex]

        def score(m):
            h = field.xy(m.hex)
            u = state.units[f"{role}.{m.unit}"]
            row = hexes.row_from(h, edge)
            want = 2 if field.ranged_weapon(u) and not field.melee_weapon(u) else 4
            center = abs(h[0] - 13) * 0.15
            return -abs(row - want) - center + 0.01 * self.random.random() + 0 * len(enemy)

        return max(legal, key=score)

    def _mana(self, state, role, legal):
        return legal[0]

    # ---- the turn
    def _card(self, state, role, legal):
        lore_cmd = self._own_lore(state, role, legal)
        if lore_cmd is not None:
            return lore_cmd
        best, best_score = None, -1.0
        for cmd in legal:
            if not isinstance(cmd, c.Play):
                continue
            if cmd.mode == "mana":
                continue
            card = turn.card_def(cmd.card, cmd.extra)
            chosen: list[str] = []
            value = 0.0
            pool = sorted(state.alive(role), key=lambda u: -self._unit_value(state, u))
            for u in pool:
                if turn.eligible(state, u, card, cmd.mode, chosen):
                    chosen.append(u.id)
                    value += self._unit_value(state, u)
            if card.act.bonus in ("dice", "move", "brave"):
                value *= 1.15
            if cmd.extra:
                value -= 0.5  # keep the single-use cards for when they matter most
            if value > best_score:
                best, best_score = cmd, value
        return best

    @staticmethod
    def _range(u: Unit) -> int:
        w = field.ranged_weapon(u)
        return content().weapons[w].range if w else 1

    def _unit_value(self, state: State, u: Unit) -> float:
        key = (id(state), u.id)
        if key in self._values:
            return self._values[key]
        value = self._unit_value_now(state, u)
        self._values[key] = value
        return value

    def _unit_value_now(self, state: State, u: Unit) -> float:
        if u.hex is None:
            return 0.0
        enemies = [e for e in state.alive(state.other(u.owner)) if e.hex]
        if not enemies:
            return 0.1
        d = min(hexes.distance(field.xy(u.hex), field.xy(e.hex)) for e in enemies)
        reach = field.movement(u) + 1
        rng = content().weapons[field.ranged_weapon(u)].range if field.ranged_weapon(u) else 1
        if d <= rng:
            return 3.0 + field.dice(u) * 0.2
        if d <= reach + rng - 1:
            return 2.0 + field.dice(u) * 0.2
        return 1.0 / d

    def _activate(self, state, role, legal):
        acts = [m for m in legal if isinstance(m, c.Act)]
        if not acts:
            return c.Go()
        return max(acts, key=lambda m: self._unit_value(state, state.unit_at(m.hex)))

    def _olore(self, state, role, legal):
        return self._own_lore(state, role, legal) or c.Pass()

    def _own_lore(self, state, role, legal):
        for m in legal:
            if isinstance(m, c.Use) and m.ability == "mend":
                return m
        lores = [m for m in legal if isinstance(m, c.Lore)]
        if not lores:
            return None

        def worth(m):
            g = state.sides[role].gods[m.god]
            card = content().deities[m.god].lore[g.deck[0]]
            if card.effect == "bolt":
                u = state.unit_at(m.hex)
                return 3 + (2 if field.left(u) <= card.n else 0) + (1 if field.card(u).cls != "troop" else 0)
            if card.effect == "heal":
                return 1 + min(card.n, state.unit_at(m.hex).hits)
            if card.effect == "gift":
                u = state.unit_at(m.hex)
                return 1 + field.mana_cap(u) - u.mana
            return 1.5

        return max(lores, key=worth)

    def _fight(self, state, role, legal):
        lore_cmd = self._own_lore(state, role, legal)
        if lore_cmd is not None:
            return lore_cmd
        attacks = [m for m in legal if isinstance(m, c.Attack)]
        moves = [m for m in legal if isinstance(m, c.Move)]
        if moves:
            best = self._best_move(state, role, moves)
            if best is not None:
                return best
        if attacks:
            return max(
                attacks, key=lambda m: expected(state, state.unit_at(m.frm), state.unit_at(m.to), m.ranged)
            )
        return c.End()

    def _spot_score(self, state: State, u: Unit, h: str) -> float:
        saved = u.hex
        u.hex = h
        try:
            enemies = [e for e in state.alive(state.other(u.owner)) if e.hex]
            best = 0.0
            xy = field.xy(h)
            reach = self._range(u)
            for e in enemies:
                if hexes.distance(xy, field.xy(e.hex)) > reach:
                    continue
                for r in combat.attack_modes(state, u, e):
                    best = max(best, expected(state, u, e, r))
            friends = sum(1 for o in field.adjacent_units(state, h) if o.owner == u.owner)
            near = min((hexes.distance(field.xy(h), field.xy(e.hex)) for e in enemies), default=0)
            shooter = field.ranged_weapon(u) is not None and field.melee_weapon(u) is None
            adj_enemies = sum(1 for o in field.adjacent_units(state, h) if o.owner != u.owner)
            t = field.terrain_at(state, h)
            cover = 0.3 if t is not None and (t.cut or t.hill) else 0.0
            return (
                best * 1.5
                + 0.25 * min(friends, 2)
                - 0.12 * near
                - (0.6 * adj_enemies if shooter else 0)
                + cover
            )
        finally:
            u.hex = saved

    def _best_move(self, state, role, moves):
        by_unit: dict[str, list] = defaultdict(list)
        for m in moves:
            by_unit[m.frm].append(m)
        best, gain = None, 0.15
        for frm, ms in by_unit.items():
            u = state.unit_at(frm)
            here = self._spot_score(state, u, frm)
            for m in ms:
                g = self._spot_score(state, u, m.to) - here
                if g > gain:
                    best, gain = m, g
        return best

    def _offer(self, state, role, legal):
        gods = state.sides[role].gods
        lore = content().deities

        def need(m):
            g = gods[m.god]
            if not g.deck:
                return 99
            return lore[m.god].lore[g.deck[0]].cost - g.mana

        return min(legal, key=lambda m: (need(m) <= 0, need(m)))

    def _window(self, state, role, legal):
        at = state.attack
        side = combat.side_of(state, role)
        dmg = combat.damage(state, at) if at.dfd in state.units else 0
        flags = at.dice.count(combat.FLAG)
        for m in legal:
            if isinstance(m, c.Use):
                eff = m.ability
            elif isinstance(m, c.Lore):
                g = state.sides[role].gods[m.god]
                eff = content().deities[m.god].lore[g.deck[0]].effect
            else:
                continue
            if side == "att":
                if eff in ("fury", "wrath"):
                    return m
                if eff in ("dread", "fear") and flags:
                    return m
                if eff == "smite" and dmg > 0:
                    return m
                if eff == "sunder" and flags and at.supported and not at.unsupport:
                    return m
                if eff == "guide" and dmg == 0 and not flags:
                    return m
            else:
                if eff in ("ward", "shield") and dmg > 0:
                    return m
                if eff in ("hold", "brave") and flags:
                    return m
                if eff in ("rebuke", "curse") and (dmg >= 2 or (dmg and flags)):
                    return m
        return c.Done()

    def _retreat(self, state, role, legal):
        opts = state.extra_data["retreat"]
        here = state.units[state.attack.dfd].hex
        return min(legal, key=lambda m: (opts[m.to], m.to != here))

    def _advance(self, state, role, legal):
        a = state.units[state.attack.att]
        return c.Advance() if field.melee_weapon(a) else c.Stay()

    def _mobility(self, state, role, legal):
        a = state.units[state.attack.att]
        here = self._spot_score(state, a, a.hex)
        best = max(
            legal, key=lambda m: self._spot_score(state, a, m.to) if isinstance(m, c.Mobility) else here
        )
        return best

    def _riposte(self, state, role, legal):
        return legal[0]

    def _pursue(self, state, role, legal):
        atts = [m for m in legal if isinstance(m, c.Attack)]
        if atts:
            return max(
                atts, key=lambda m: expected(state, state.unit_at(m.frm), state.unit_at(m.to), m.ranged)
            )
        purs = [m for m in legal if isinstance(m, c.Pursue)]
        return purs[0] if purs else c.Stay()

    def _pattack(self, state, role, legal):
        return max(legal, key=lambda m: expected(state, state.unit_at(m.frm), state.unit_at(m.to), m.ranged))

    def _pantheon(self, state, role, legal):
        if c.Pantheon(choice="give") in legal:
            return c.Pantheon(choice="give")
        gods = state.sides[role].gods
        lore = content().deities
        manas = [m for m in legal if m.choice == "mana"]

        def need(m):
            g = gods[m.gods[0]]
            return lore[m.gods[0]].lore[g.deck[0]].cost - g.mana if g.deck else 99

        return min(manas, key=need)

    def _give(self, state, role, legal):
        return legal[0]


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
