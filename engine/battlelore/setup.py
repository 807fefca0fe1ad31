"""Setting up a battle, in the rulebook's order (002 l.200-223, l.439-448).

map (pitched battle: one player lays out the terrain) -> side (the other picks an edge)
-> people (announced) -> army (mustered in secret) -> sacred sites and special terrain
(placed alternately) -> deployment -> initial mana -> five Command cards each.
"""

from __future__ import annotations

from functools import lru_cache

from engine.battlelore import army as musters
from engine.battlelore import field, hexes
from engine.battlelore.combat import uname
from engine.battlelore.commands import Army
from engine.battlelore.content import content
from engine.battlelore.context import Ctx, role_name
from engine.battlelore.state import God, Options, SideState, State, Unit, uid
from engine.battlelore.turn import HAND, draw, start_turn
from engine.errors import IllegalCommand
from engine.i18n import T
from engine.protocol import Role
from engine.rng import Rng


def new_game(options: Options, roles: list[Role], seed: int) -> State:
    c = content()
    if options.battle != "pitched" and (
        options.battle not in c.scenarios or c.scenarios[options.battle].pitched
    ):
        raise IllegalCommand("bl.err.unknown_battle", battle=options.battle)
    state = State(
        options=options,
        rng=Rng.from_seed(seed),
        roles=list(roles),
        scenario="plain" if options.battle == "pitched" else options.battle,
        sides={r: SideState() for r in roles},
    )
    if options.battle == "pitched":
        state.step, state.who = "map", [roles[0]]  # 002 l.203: one places terrain...
    else:
        lay_out(state, options.battle)
        state.step, state.who = "side", [roles[1]]
    return state


def layouts() -> list[str]:
    return sorted(k for k, s in content().scenarios.items() if s.pitched)


def lay_out(state: State, sid: str) -> None:
    sc = content().scenarios[sid]
    glyphs = content().glyphs()
    state.scenario = sid
    state.terrain = {}
    for i, row in enumerate(sc.map):
        r = 9 - i
        for c, g in enumerate(row):
            if g != ".":
                state.terrain[f"{hexes.COLS[c]}{r}"] = glyphs[g]
    state.sites = {h: None for h in sc.sites}


def choose_map(ctx: Ctx, role: Role, layout: str) -> None:
    if layout not in layouts():
        raise IllegalCommand("bl.err.unknown_map", layout=layout, maps=" ".join(layouts()))
    lay_out(ctx.state, layout)
    ctx.say("bl.ev.map", role=role, map=T(f"bl.sc.{layout}"))
    ctx.state.step, ctx.state.who = "side", [ctx.state.other(role)]  # ...the other picks a side


def choose_side(ctx: Ctx, role: Role, edge: str) -> None:
    state = ctx.state
    mine = 1 if edge == "s" else 9
    state.sides[role].edge = mine
    state.sides[state.other(role)].edge = 10 - mine
    ctx.say("bl.ev.side", role=role, edge=T(f"bl.edge.{edge}"))
    # 002 l.206: the first player is set by the scenario, or drawn at random
    sc = content().scenarios[state.scenario]
    if not sc.pitched and sc.first != "random":
        want = 1 if sc.first == "s" else 9
        state.first = next(r for r in state.roles if state.sides[r].edge == want)
    elif state.options.first != "random":
        state.first = state.options.first
    else:
        state.first = state.roles[ctx.below(2)]
    ctx.say("bl.ev.first", role=state.first)
    state.step, state.who = "people", list(state.roles)


def choose_people(ctx: Ctx, role: Role, people: str) -> None:
    state = ctx.state
    if people not in content().peoples:
        raise IllegalCommand(
            "bl.err.unknown_people", people=people, peoples=" ".join(sorted(content().peoples))
        )
    state.sides[role].people = people
    state.who = [r for r in state.who if r != role]
    ctx.tell(role, "bl.ev.people_mine", people=T(f"bl.n.{people}"))
    if not state.who:
        for r in state.roles:
            ctx.say("bl.ev.people", role=r, people=T(f"bl.n.{state.sides[r].people}"))
        state.step, state.who = "army", list(state.roles)


def expand(state: State, role: Role, cmd: Army) -> Army:
    if cmd.preset is None:
        return cmd
    c = content()
    p = c.presets.get(cmd.preset)
    if p is None or p.people != state.sides[role].people:
        raise IllegalCommand("bl.err.unknown_preset", preset=cmd.preset)
    return musters.from_preset(cmd.preset, points(state), state.options.deities)


def points(state: State) -> int:
    sc = content().scenarios[state.scenario]
    return state.options.points if sc.pitched else sc.points


def muster(ctx: Ctx, role: Role, cmd: Army) -> None:
    state = ctx.state
    side = state.sides[role]
    enemy = state.sides[state.other(role)].people
    army = expand(state, role, cmd)
    musters.validate(army, side.people, enemy, points(state), state.options.deities)
    arts: dict[str, list[str]] = {}
    for a in army.arts:
        art, _, target = a.partition("@")
        arts.setdefault(target, []).append(art)
    for aid, entry in zip(musters.army_ids(army.units), army.units, strict=True):
        card, bar = musters.split(entry)
        state.units[uid(role, aid)] = Unit(
            id=uid(role, aid), owner=role, card=card, bar=bar, arts=arts.get(aid, [])
        )
    lore = content().deities
    for g in army.gods:
        deck = [lid for lid, card in lore[g].lore.items() for _ in range(card.count)]
        ctx.shuffle(deck)  # 002 l.215: each Lore deck shuffled, its first card face up
        side.gods[g] = God(deck=deck)
    side.extra = list(army.extra)
    side.to_place = list(army.terrain)
    side.mana_pool = army.mana
    side.mustered = True
    state.who = [r for r in state.who if r != role]
    ctx.tell(role, "bl.ev.mustered_mine", n=len(army.units), cost=musters.cost(army))
    ctx.say("bl.ev.mustered", role=role)
    if not state.who:
        state.extra_data["armies"] = {r: sorted({u.card for u in state.alive(r)}) for r in state.roles}
        state.extra_data["army_size"] = {r: len(state.alive(r)) for r in state.roles}
        for r in state.roles:
            s = state.sides[r]
            ctx.say("bl.ev.pantheon", role=r, gods=[T(f"bl.n.{g}") for g in sorted(s.gods)] or "-")
        begin_sites(ctx)


# ---------------------------------------------------------------- sacred sites and special terrain


def begin_sites(ctx: Ctx) -> None:
    state = ctx.state
    sc = content().scenarios[state.scenario]
    n = state.options.sites if sc.pitched else 0
    f = state.first
    state.sides[f].sites_left = (n + 1) // 2  # 002 l.217: the first player begins
    state.sides[state.other(f)].sites_left = n // 2
    _next_site(ctx, f)


def _next_site(ctx: Ctx, role: Role) -> None:
    state = ctx.state
    for r in (role, state.other(role)):
        if state.sides[r].sites_left > 0 and site_hexes(state, r):
            state.step, state.who = "site", [r]
            return
    begin_terrain(ctx, state.first)


def site_hexes(state: State, role: Role) -> list[str]:
    """002 l.217: a player's first site in the 3 central rows, later ones in the 4 central
    rows, never more than 2 per row. With 9 rows, the 4 central rows are read as the 3
    central ones and the next toward the placing player (RULES-NOTES B1 rule 5). Never on
    a terrain hex: a reading (readings.py, l.325)."""
    side = state.sides[role]
    rows = {4, 5, 6}
    if side.sites_placed:
        rows.add(3 if side.edge == 1 else 7)
    per_row: dict[int, int] = {}
    for h in state.sites:
        per_row[field.xy(h)[1]] = per_row.get(field.xy(h)[1], 0) + 1
    out = []
    for h in hexes.all_hexes():
        n = hexes.name(h)
        if h[1] in rows and per_row.get(h[1], 0) < 2 and n not in state.sites and n not in state.terrain:
            out.append(n)
    return out


def place_site(ctx: Ctx, role: Role, h: str) -> None:
    state = ctx.state
    if h not in site_hexes(state, role):
        raise IllegalCommand("bl.err.bad_site", hex=h)
    state.sites[h] = None
    side = state.sides[role]
    side.sites_left -= 1
    side.sites_placed += 1
    ctx.say("bl.ev.site_placed", role=role, hex=h)
    _next_site(ctx, state.other(role))


def begin_terrain(ctx: Ctx, role: Role) -> None:
    state = ctx.state
    for r in (role, state.other(role)):
        if state.sides[r].to_place:
            state.step, state.who = "place", [r]
            return
    begin_deploy(ctx)


def terrain_hexes(state: State) -> list[str]:
    """002 l.218: special terrain is placed freely; here on clear ground, not on a site."""
    return [
        hexes.name(h)
        for h in hexes.all_hexes()
        if hexes.name(h) not in state.terrain and hexes.name(h) not in state.sites
    ]


def place_terrain(ctx: Ctx, role: Role, terrain: str, h: str) -> None:
    state = ctx.state
    side = state.sides[role]
    if terrain not in side.to_place:
        raise IllegalCommand("bl.err.no_terrain", terrain=terrain)
    if h not in terrain_hexes(state):
        raise IllegalCommand("bl.err.bad_place", hex=h)
    side.to_place.remove(terrain)
    state.terrain[h] = terrain
    ctx.say("bl.ev.placed", role=role, terrain=T(f"bl.n.{terrain}"), hex=h)
    begin_terrain(ctx, state.other(role))


# ---------------------------------------------------------------- deployment


def deploy_mode(state: State) -> str:
    """ "hidden" or "alternate": the table's choice, unless `begin_deploy` found the hidden
    deployment impossible (readings: the middle row)."""
    return state.extra_data.get("deploy_mode", state.options.deploy)


def reach(state: State, role: Role) -> int:
    """The deepest row (from its own edge) any unit this side may field could deploy in,
    from public facts only (its people, the enemy's, the points): Mobility + 2, one more
    when the army could fill every row before it (002 l.442-448), within the scenario's."""
    people, enemy = state.sides[role].people, state.sides[state.other(role)].people
    most = musters.limits(points(state))["max"]
    deepest = content().scenarios[state.scenario].deploy or hexes.ROWS
    best = 0
    for card in musters.allowed_units(people, enemy):
        for bar in content().units[card].bars.values():
            rows = bar.mob + 2
            if most > len(_rows(1, rows)):
                rows += 1
            best = max(best, min(deepest, rows))
    return best


def begin_deploy(ctx: Ctx) -> None:
    """002 l.441: a simultaneous hidden deployment is advised; "si cela n'est pas possible",
    the first player places one unit, then two each. Reading: it is not possible when both
    armies could deploy in one same row (both peoples field Mobility-3 units, whose Mobility
    + 2 reaches the middle row): two hidden placements could claim one hex, and the
    rulebook has no way to settle that, so the deployment alternates, said to both."""
    state = ctx.state
    mode = state.options.deploy
    if mode == "hidden" and sum(reach(state, r) for r in state.roles) > hexes.ROWS:
        mode = state.extra_data["deploy_mode"] = "alternate"
        ctx.say("bl.ev.deploy_alternates")
    if mode == "hidden":
        state.step, state.who = "deploy", list(state.roles)
    else:
        state.step, state.who = "deploy", [state.first]
        state.extra_data["deploy_left"] = 1  # 002 l.441: one, then two each, second player first


def undeployed(state: State, role: Role) -> list[Unit]:
    return [u for u in state.alive(role) if u.hex is None]


def deploy_hexes(state: State, u: Unit) -> list[str]:
    """002 l.442-448: rows up to Mobility + 2 from one's edge, never onto ground impassable
    for the unit; when all those rows are full, Mobility counts 1 more. An authored
    scenario may set a deepest row of its own (002 l.440); a pitched battle has none."""
    edge = state.sides[u.owner].edge
    deepest = content().scenarios[state.scenario].deploy or hexes.ROWS
    occ = state.occupied()
    for extra in (0, 1):
        limit = min(deepest, field.mobility(u) + 2 + extra)
        out = [h for h in _rows(edge, limit) if h not in occ and not field.impassable(state, h)]
        if out:
            return out
    return []


@lru_cache(maxsize=64)
def _rows(edge: int, limit: int) -> tuple[str, ...]:
    return tuple(hexes.name(h) for h in hexes.all_hexes() if hexes.row_from(h, edge) <= limit)


def deploy(ctx: Ctx, role: Role, army_id: str, h: str) -> None:
    state = ctx.state
    u = state.units.get(uid(role, army_id))
    if u is None or u.hex is not None:
        raise IllegalCommand("bl.err.not_to_deploy", unit=army_id)
    if h not in deploy_hexes(state, u):
        raise IllegalCommand("bl.err.bad_deploy", unit=army_id, hex=h)
    u.hex = h
    state.sides[role].deployed_count += 1
    if deploy_mode(state) == "hidden":
        ctx.tell(role, "bl.ev.deployed", unit=uname(u))
        # 002 l.441: hidden placements; the table learns only how far each side has come
        done = state.sides[role].deployed_count
        ctx.say(
            "bl.ev.deployed_hidden", side=role_name(role), n=done, total=done + len(undeployed(state, role))
        )
        if not undeployed(state, role):
            state.who = [r for r in state.who if r != role]
        if not state.who:
            end_deploy(ctx)
        return
    ctx.say("bl.ev.deployed", unit=uname(u))
    left = state.extra_data.get("deploy_left", 1) - 1
    other = state.other(role)
    if left > 0 and undeployed(state, role):
        state.extra_data["deploy_left"] = left
    elif undeployed(state, other):
        state.who, state.extra_data["deploy_left"] = [other], 2
    elif undeployed(state, role):
        state.extra_data["deploy_left"] = 2
    else:
        end_deploy(ctx)


def end_deploy(ctx: Ctx) -> None:
    state = ctx.state
    state.extra_data.pop("deploy_left", None)
    state.extra_data["revealed"] = True  # 002 l.219: deployed and shown to the opponent
    ctx.say("bl.ev.revealed")
    begin_mana(ctx, state.first)


# ---------------------------------------------------------------- initial mana and the first hand


def mana_targets(state: State, role: Role) -> list[tuple[str, int]]:
    """002 l.220: 1 mana for 1, 2 mana on one unit for 3; at most 2 each, within capacity."""
    pool = state.sides[role].mana_pool
    out = []
    for u in state.alive(role):
        if u.mana == 0 and field.mana_cap(u) >= 1 and pool >= 1:
            out.append((u.hex, 1))
            if field.mana_cap(u) >= 2 and pool >= 3:
                out.append((u.hex, 2))
    return sorted(out)


def begin_mana(ctx: Ctx, role: Role) -> None:
    state = ctx.state
    for r in (role, state.other(role)):
        if mana_targets(state, r):
            state.step, state.who = "mana", [r]
            return
    for r in state.roles:
        state.sides[r].mana_pool = 0
    start_battle(ctx)


def place_mana(ctx: Ctx, role: Role, h: str | None, n: int) -> None:
    state = ctx.state
    side = state.sides[role]
    if h is None:
        side.mana_pool = 0  # what is left is given up
    else:
        if (h, n) not in mana_targets(state, role):
            raise IllegalCommand("bl.err.bad_mana", hex=h)
        u = state.unit_at(h)
        u.mana = n
        side.mana_pool -= 3 if n == 2 else 1
        ctx.say("bl.ev.mana_start", unit=uname(u), n=n)
    begin_mana(ctx, state.other(role))


def start_battle(ctx: Ctx) -> None:
    state = ctx.state
    c = content()
    state.deck = [cid for cid, card in c.deck.items() for _ in range(card.count)]
    ctx.shuffle(state.deck)  # 002 l.221
    for r in state.roles:
        draw(ctx, r, HAND)
    ctx.say("bl.ev.battle")
    start_turn(ctx, state.first, 1)
