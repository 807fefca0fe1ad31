"""Victory points, sacred sites and the end of the game (002 l.403-412, l.222)."""

from __future__ import annotations

from engine.battlelore import field, hexes
from engine.battlelore.content import Scenario, content
from engine.battlelore.context import Ctx
from engine.battlelore.state import State
from engine.protocol import Role


def scenario(state: State) -> Scenario:
    return content().scenarios[state.scenario]


def target(state: State) -> int:
    """002 l.222: 5 eliminations at 400 points, scaled and rounded down otherwise."""
    sc = scenario(state)
    if sc.pitched:
        return max(1, 5 * state.options.points // 400)
    return sc.victory.target


def update_sites(ctx: Ctx) -> None:
    """002 l.406: most adjacent units controls; a tie keeps the current controller."""
    state = ctx.state
    for h, owner in list(state.sites.items()):
        count = {r: 0 for r in state.roles}
        for u in field.adjacent_units(state, h):
            count[u.owner] += 1
        a, b = state.roles
        if count[a] != count[b]:
            new = a if count[a] > count[b] else b
            if new != owner:
                state.sites[h] = new
                ctx.say("bl.ev.site", role=new, hex=h)


def controlled(state: State, role: Role) -> int:
    return sum(1 for o in state.sites.values() if o == role)


def vp(state: State, role: Role) -> int:
    """Scenario VP: kills count for good, held hexes and sites while held."""
    sc = scenario(state)
    v = state.sides[role].kills * sc.victory.per_kill
    edge = "s" if state.sides[role].edge == 1 else "n"
    for h in sc.victory.hold.get(edge, []):
        u = state.unit_at(h)
        if u is not None and u.owner == role:
            v += 1
    v += sc.victory.sites * controlled(state, role)
    return v


def score(ctx: Ctx, role: Role) -> None:
    state = ctx.state
    for r in state.roles:
        state.sides[r].vp = vp(state, r)


def site_bonus(ctx: Ctx, role: Role) -> None:
    """002 l.407-408: one more site than the opponent: +1 card; two more: the opponent also
    loses a card drawn at random from their hand, discarded face up."""
    from engine.battlelore.turn import draw

    state = ctx.state
    other = state.other(role)
    lead = controlled(state, role) - controlled(state, other)
    if lead >= 1:
        draw(ctx, role)
        ctx.say("bl.ev.site_card", role=role)
    if lead >= 2 and state.sides[other].hand:
        hand = state.sides[other].hand
        card = hand.pop(ctx.below(len(hand)))
        state.discard.append(card)
        from engine.i18n import T

        ctx.say("bl.ev.site_discard", role=other, card=T(f"bl.card.{card}"))


def reached(state: State, role: Role) -> bool:
    return state.sides[role].vp >= target(state) or not any(u.hex for u in state.alive(state.other(role)))


def check(ctx: Ctx, role: Role) -> bool:
    """002 l.412: when the first player wins in their turn, the second plays one more turn;
    the game may then end in a draw. True when the game is over or the last turn starts."""
    state = ctx.state
    if state.last_turn:
        return False  # the extra turn ends in next_turn -> finish
    if not reached(state, role):
        return False
    if role == state.first:
        state.last_turn = True
        ctx.say("bl.ev.last_turn", role=state.other(role))
        return False
    state.winners = [role]
    state.reason = "vp"
    state.step, state.who = "over", []
    ctx.say("bl.ev.won", winner=role)
    return True


def finish(ctx: Ctx) -> None:
    """End after the extra turn or the turn limit (authored: the most VP wins)."""
    state = ctx.state
    a, b = state.roles
    ra, rb = reached(state, a), reached(state, b)
    if state.last_turn:
        first = state.first
        second = state.other(first)
        if reached(state, second) and reached(state, first):
            state.winners, state.reason = [], "draw"
        elif reached(state, second):
            state.winners, state.reason = [second], "vp"
        else:
            state.winners, state.reason = [first], "vp"  # reached in its own turn
    elif ra != rb:
        state.winners, state.reason = [a if ra else b], "vp"
    else:
        va, vb = state.sides[a].vp, state.sides[b].vp
        state.winners = [] if va == vb else [a if va > vb else b]
        state.reason = "turns"
    state.step, state.who = "over", []
    if state.winners:
        ctx.say("bl.ev.won", winner=state.winners[0])
    else:
        ctx.say("bl.ev.draw")


def hex_ok(h: str) -> bool:
    return hexes.to_hex(h) is not None
