"""Preparing the battle: 000 §"Préparer la Bataille" / 001 §"Preparing the Battle".

After recruitment (recruitment.py): each general rolls a die, the highest begins (ties
re-rolled); the first player lays 4 tiles of their choice, sides and turns included; the
opponent designates the deployment zones (the two rows nearest each player, facing each
other); the generals place their tokens in turn, the first player first; each deck is the
maneuver cards plus 10 Art of War cards, shuffled; each general draws 7.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.i18n import T
from engine.mythic import cards, readings
from engine.mythic.board import EDGES, OPPOSITE, assemble, name, parse_square, zone
from engine.mythic.commands import Deploy, Tiles, Zone
from engine.mythic.content import GROUND_BLOCKED, content, parse_placement
from engine.mythic.context import Ctx
from engine.mythic.state import AOW, Frame, Options, Side, State
from engine.mythic.turn import start_turn
from engine.mythic.units import flying, name_of, udef
from engine.rng import Rng

ART_OF_WAR_CARDS = 10  # 001 §"Art of War Cards"
OPENING_HAND = 7


def new_game(options: Options, roles: list[str], seed: int) -> State:
    return State(
        roles=list(roles),
        options=options,
        rng=Rng.from_seed(seed),
        sides={r: Side(role=r) for r in roles},
        stack=[Frame(kind="recruit", roles=list(roles))],
    )


def tiles_needed(state: State) -> int:
    """001 §"Variant: 4-Player Battle": "6 boards in a rectangle"; otherwise 4 in a square."""
    return 6 if state.options.teams else 4


def roll_first_player(ctx: Ctx) -> None:
    """One die per general, or per team with four players (readings.first_of_team);
    ties are re-rolled."""
    state = ctx.state
    while True:
        rolls = [ctx.face(), ctx.face()]
        state.first_rolls.append(rolls)
        if rolls[0] != rolls[1]:
            break
    state.first = readings.first_of_team(state.roles, rolls.index(max(rolls)) + 1)
    ctx.say("mythic.ev.first_player", role=state.first, rolls=[str(r) for r in state.first_rolls])
    state.phase = "battlefield"
    state.stack.append(Frame(kind="battlefield", role=state.first))


# ------------------------------------------------------------------------------ battlefield


def battlefield_legal(state: State, role: str) -> list[Tiles]:
    """The ready-made battlefields (data/presets.yaml) of the right size; any 4 (or 6)
    different tile sides, turned at will, are accepted through the notation
    (`tiles 2b@90 5a 6b@270 1a`)."""
    n = tiles_needed(state)
    return [
        Tiles(placements=tuple(p.code() for p in field))
        for field in content().battlefields.values()
        if len(field) == n
    ]


def battlefield_apply(ctx: Ctx, role: str, cmd) -> None:
    if not isinstance(cmd, Tiles):
        raise IllegalCommand("mythic.err.lay_tiles_first")
    data = content()
    try:
        placements = [parse_placement(code) for code in cmd.placements]
    except ValueError as exc:
        raise IllegalCommand("mythic.err.bad_tile", tile=str(exc)) from None
    state = ctx.state
    n = tiles_needed(state)
    if len(placements) != n or len({p.tile for p in placements}) != n:
        raise IllegalCommand("mythic.err.four_tiles" if n == 4 else "mythic.err.six_tiles")
    for p in placements:
        if p.tile not in data.tiles:
            raise IllegalCommand("mythic.err.bad_tile", tile=p.code())
    state.board = assemble(data, placements, columns=n // 2)
    ctx.say("mythic.ev.battlefield", role=role, tiles=" ".join(p.code() for p in placements))
    state.phase = "zones"
    state.stack.pop()
    state.stack.append(Frame(kind="zones", role=state.opponent(role)))


# ------------------------------------------------------------------------------ zones


def zones_legal(state: State, role: str) -> list[Zone]:
    return [Zone(edge=e) for e in EDGES]


def zones_apply(ctx: Ctx, role: str, cmd) -> None:
    """The chooser's team deploys along `edge`, the other team along the opposite edge."""
    if not isinstance(cmd, Zone):
        raise IllegalCommand("mythic.err.choose_zone_first")
    state = ctx.state
    state.zones = {r: cmd.edge if not state.hostile(r, role) else OPPOSITE[cmd.edge] for r in state.roles}
    ctx.say(
        "mythic.ev.zones_teams" if state.options.teams else "mythic.ev.zones",
        role=role,
        edge=T(f"mythic.edge.{cmd.edge}"),
        other=state.opponent(role),
        other_edge=T(f"mythic.edge.{OPPOSITE[cmd.edge]}"),
    )
    state.phase = "deploy"
    state.stack.pop()
    state.stack.append(Frame(kind="deploy", role=state.first))


# ------------------------------------------------------------------------------ deployment


def deploy_squares(state: State, role: str, unit_flies: bool) -> list[int]:
    taken = {u.sq for u in state.units if u.sq is not None}
    return [
        sq
        for sq in zone(state.board, state.zones[role])
        if sq not in taken and (unit_flies or state.board.terrain[sq] not in GROUND_BLOCKED)
    ]


def deploy_legal(state: State, role: str) -> list[Deploy]:
    out = []
    for unit in state.units:
        if unit.owner == role and unit.sq is None:
            out.extend(
                Deploy(unit=unit.card, square=name(state.board, sq))
                for sq in deploy_squares(state, role, flying(unit))
            )
    return out


def deploy_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    if not isinstance(cmd, Deploy):
        raise IllegalCommand("mythic.err.deploy_first")
    unit = next((u for u in state.units if u.owner == role and u.card == cmd.unit), None)
    if unit is None:
        raise IllegalCommand("mythic.err.no_such_unit", unit=cmd.unit)
    if unit.sq is not None:
        raise IllegalCommand("mythic.err.already_deployed", unit=name_of(unit))
    sq = parse_square(state.board, cmd.square)
    if sq is None:
        raise IllegalCommand("mythic.err.bad_square", square=cmd.square)
    if sq not in deploy_squares(state, role, flying(unit)):
        raise IllegalCommand("mythic.err.not_in_zone", square=cmd.square)
    unit = state.set_unit(unit.uid, sq=sq)
    ctx.say("mythic.ev.deploy", role=role, unit=name_of(unit), square=name(state.board, sq))
    state.stack.pop()
    # in turn: the next general in turn order who still has a unit to place
    nxt = next(
        (r for r in [*state.after(role), role] if any(u.owner == r and u.sq is None for u in state.units)),
        None,
    )
    if nxt is not None:
        state.stack.append(Frame(kind="deploy", role=nxt))
    else:
        deal(ctx)


def deal(ctx: Ctx) -> None:
    """The decks: each unit's maneuver cards and 10 Art of War cards, shuffled; draw 7."""
    state = ctx.state
    for role in state.roles:
        side = state.sides[role]
        side.deck = [u.card for u in state.units if u.owner == role for _ in range(udef(u).maneuvers)]
        side.deck += [AOW] * ART_OF_WAR_CARDS
        ctx.shuffle(side.deck)
        cards.draw(ctx, role, OPENING_HAND)
    state.phase = "battle"
    start_turn(ctx, state.first)
