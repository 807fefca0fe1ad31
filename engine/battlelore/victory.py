"""Victory points, sacred sites and the end of the game (002 l.403-412, l.222)."""

from __future__ import annotations

from engine.battlelore import field, hexes, readings
from engine.battlelore.content import Scenario, content
from engine.battlelore.context import Ctx
from engine.battlelore.state import State
from engine.i18n import T
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


def end_of_turn_cards(ctx: Ctx, role: Role) -> None:
    """002 l.233: the player draws a card; l.327-328: "si à la fin de son tour le joueur
    contrôle un lieu sacré de plus que son adversaire, il bénéficie d'une Carte de
    Commandement supplémentaire en main"; two more, the opponent loses one at random.

    Reading: the bonus is a hand one card larger while the lead lasts, the loss a hand one
    card smaller while the lead of two lasts: the card is drawn (or discarded) when the lead
    begins and given back when it ends, judged at the end of the leader's turn like the
    bonus itself. Reason: read as a card drawn at every turn of the lead, it empties the deck
    into one hand (an 80-turn battle ended with hands of 37 and 1 cards and an empty deck),
    and the loss, taken every turn, leaves the other player without a card."""
    from engine.battlelore.turn import draw

    state = ctx.state
    other = state.other(role)
    me, them = state.sides[role], state.sides[other]
    lead = controlled(state, role) - controlled(state, other)
    if me.site_bonus and lead < 1:
        me.site_bonus = False  # the lead is over: this turn's card is not drawn
        ctx.say("bl.ev.site_card_back", role=role)
    else:
        draw(ctx, role, readings.DRAW_PER_TURN)
        if lead >= 1 and not me.site_bonus:
            me.site_bonus = True
            draw(ctx, role)
            ctx.say("bl.ev.site_card", role=role)
    if lead >= 2 and not them.site_loss and them.hand:
        them.site_loss = True
        card = them.hand.pop(ctx.below(len(them.hand)))
        state.discard.append(card)
        ctx.say("bl.ev.site_discard", role=other, card=T(f"bl.card.{card}"))
    elif lead < 2 and them.site_loss:
        them.site_loss = False
        draw(ctx, other)
        ctx.say("bl.ev.site_loss_back", role=other)


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
