"""A player's turn: Command card, activation, movement, then the end of the turn
(002 l.224-245) with victory points, the draw, sacred sites and the Pantheon phase."""

from __future__ import annotations

from engine.battlelore import field, hexes, readings, victory
from engine.battlelore.combat import uname
from engine.battlelore.content import CommandCard, content
from engine.battlelore.context import Ctx
from engine.battlelore.state import State, Turn, Unit
from engine.errors import IllegalCommand
from engine.i18n import T, T_or
from engine.protocol import Role

HAND = 5  # 002 l.221


def card_def(cid: str, extra: bool) -> CommandCard:
    return (content().extra if extra else content().deck)[cid]


def draw(ctx: Ctx, role: Role, n: int = 1) -> None:
    """Battlelore's deck: when it runs out, the discards are shuffled into a new one."""
    state = ctx.state
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                return
            state.deck, state.discard = state.discard, []
            ctx.shuffle(state.deck)
            ctx.say("bl.ev.reshuffle")
        card = state.deck.pop(0)
        state.sides[role].hand.append(card)
        ctx.tell(role, "bl.ev.drew", card=T(f"bl.card.{card}"))
        ctx.reveals = True


def start_turn(ctx: Ctx, role: Role, number: int) -> None:
    state = ctx.state
    state.turn = Turn(number=number, role=role)
    state.attack = None
    state.step, state.who = "card", [role]
    ctx.say("bl.ev.turn", role=role, n=number)


# ---------------------------------------------------------------- activation


def eligible(state: State, u: Unit, card: CommandCard, mode: str, already: list[str]) -> bool:
    """May this unit be activated by the card (002 l.236-239)?"""
    if u.hex is None or u.id in already:
        return False
    if mode == "any":
        return not already
    if mode == "mana" and not field.mana_cap(u):
        return False
    if len(already) >= card.act.n:
        return False
    act = card.act
    kind = field.card(u)
    if act.only == "foot" and kind.type != "foot":
        return False
    if act.only == "mounted" and kind.type != "mounted":
        return False
    if act.only == "shoot" and field.ranged_weapon(u) is None:
        return False
    if act.only == "legend" and kind.cls == "troop":
        return False
    if mode == "mana":
        return True
    secs = field.in_sectors(state, u)
    others = [state.units[i] for i in already if i in state.units]
    if act.sector in ("l", "c", "r"):
        return act.sector in secs
    if act.sector == "flanks":
        sets = [x & {"l", "r"} for x in [*(field.in_sectors(state, o) for o in others), secs]]
        return all(sets) and _assign(sets)
    if act.sector == "each":
        used = [field.in_sectors(state, o) for o in others]
        return _assign(used + [secs])
    if act.sector == "one":
        common = set(secs)
        for o in others:
            common &= field.in_sectors(state, o)
        return bool(common)
    return True


def _assign(sets: list[frozenset[str]]) -> bool:
    """Each unit its own sector (a boundary hex may count for either)."""

    def go(i: int, taken: set[str]) -> bool:
        if i == len(sets):
            return True
        return any(go(i + 1, taken | {s}) for s in sets[i] if s not in taken)

    return go(0, set())


def play_card(ctx: Ctx, role: Role, cid: str, extra: bool, mode: str) -> None:
    state = ctx.state
    side = state.sides[role]
    pile = side.extra if extra else side.hand
    if cid not in pile:
        raise IllegalCommand("bl.err.no_card", card=T_or(f"bl.card.{cid}", cid))
    if mode == "mana" and not extra:
        raise IllegalCommand("bl.err.mana_extra_only")
    pile.remove(cid)
    if extra:
        side.extra_used.append(cid)  # 002 l.173, l.236: single use, own discard
    else:
        state.discard.append(cid)
    t = state.turn
    t.card, t.extra, t.mode = cid, extra, mode
    t.bonus = card_def(cid, extra).act.bonus if mode == "text" else "none"
    ctx.say("bl.ev.card", role=role, card=T(f"bl.card.{cid}"), mode=T(f"bl.mode.{mode}"))
    if mode == "text":  # the channel reads what the card orders (issue 25), not only its name
        from engine.battlelore.glossary import card_text  # late: the glossary reads GAME

        ctx.say("bl.gloss.played", card=T(f"bl.card.{cid}"), text=card_text(card_def(cid, extra).act))
    state.step = "activate"


def activate(ctx: Ctx, role: Role, h: str) -> None:
    state = ctx.state
    u = state.unit_at(h)
    t = state.turn
    card = card_def(t.card, t.extra)
    if u is None or u.owner != role or not eligible(state, u, card, t.mode, t.activated):
        raise IllegalCommand(
            "bl.err.cannot_activate_which", hex=h, **allowed_text(state, role), units=allowed_units(state)
        )
    t.activated.append(u.id)
    ctx.say("bl.ev.activated", unit=uname(u))


def allowed_text(state: State, role: Role) -> dict:
    """The card being played and what it activates, for a refusal (issue 25)."""
    from engine.battlelore.glossary import card_text  # late: the glossary reads GAME

    t = state.turn
    if t.mode == "any":
        return {"card": T(f"bl.card.{t.card}"), "text": T("bl.err.act_any")}
    if t.mode == "mana":
        return {
            "card": T(f"bl.card.{t.card}"),
            "text": T("bl.err.act_mana", n=card_def(t.card, t.extra).act.n),
        }
    return {"card": T(f"bl.card.{t.card}"), "text": card_text(card_def(t.card, t.extra).act)}


def allowed_units(state: State) -> str:
    """The hexes of the units the card still lets this turn activate, or a dash."""
    t = state.turn
    card = card_def(t.card, t.extra)
    hexes_ok = sorted(u.hex for u in state.alive(t.role) if eligible(state, u, card, t.mode, t.activated))
    return ", ".join(hexes_ok) or "—"


def activation_refusal(state: State, role: Role) -> IllegalCommand:
    """`act` once the activations are over: the card's limit reached, or activation closed."""
    t = state.turn
    limit = 1 if t.mode == "any" else card_def(t.card, t.extra).act.n
    if len(t.activated) >= limit:
        return IllegalCommand("bl.err.card_limit", n=limit, **allowed_text(state, role))
    return IllegalCommand("bl.err.activation_over", **allowed_text(state, role))


def activation_open(state: State) -> bool:
    t = state.turn
    card = card_def(t.card, t.extra)
    limit = 1 if t.mode == "any" else card.act.n
    if len(t.activated) >= limit:
        return False
    return any(eligible(state, u, card, t.mode, t.activated) for u in state.alive(t.role))


def finish_activation(ctx: Ctx) -> None:
    state = ctx.state
    t = state.turn
    if t.mode == "mana":
        from engine.battlelore.combat import gain

        for i in t.activated:  # RULES-NOTES B1 13: 1 mana each
            gain(state.units[i], readings.MANA_PER_UNIT)
            ctx.say("bl.ev.mana", unit=uname(state.units[i]))
        t.activated = []
    state.step = "move"


# ---------------------------------------------------------------- movement


def move_range(state: State, u: Unit) -> int:
    t = state.turn
    bonus = 1 if (t.bonus == "move" and u.id in t.activated) else 0
    return field.movement(u) + bonus


def moves(state: State, role: Role) -> list[tuple[str, str]]:
    t = state.turn
    if t.fighting:
        return []
    out = []
    for i in t.activated:
        u = state.units.get(i)
        if u is None or i in t.moved:
            continue
        for h in sorted(field.reachable(state, u, u.hex, move_range(state, u))):
            out.append((u.hex, h))
    return out


def move(ctx: Ctx, role: Role, frm: str, to: str) -> None:
    state = ctx.state
    if (frm, to) not in moves(state, role):
        raise IllegalCommand("bl.err.cannot_move", frm=frm, to=to)
    u = state.unit_at(frm)
    u.hex = to
    state.turn.moved.append(u.id)
    ctx.say("bl.ev.moved", unit=uname(u), frm=frm)


# ---------------------------------------------------------------- end of the turn


def end_turn(ctx: Ctx) -> None:
    """002 l.231-234: victory points, draw one card (RULES-NOTES B1 13) and the sites' card
    (victory.end_of_turn_cards), Pantheon phase."""
    state = ctx.state
    role = state.turn.role
    for u in state.alive(role):
        if field.has(u, "regen") and u.hits:
            u.hits -= 1
            ctx.say("bl.ev.regen", unit=uname(u))
    victory.update_sites(ctx)
    victory.score(ctx, role)
    victory.end_of_turn_cards(ctx, role)
    if victory.check(ctx, role):
        return
    if state.sides[role].gods:
        state.step, state.who = "pantheon", [role]
    else:
        next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    state = ctx.state
    t = state.turn
    if (state.last_turn and t.role != state.first) or t.number >= state.options.max_turns:
        victory.finish(ctx)
        return
    start_turn(ctx, state.other(t.role), t.number + 1)


def pantheon(ctx: Ctx, role: Role, choice: str, gods: tuple[str, ...]) -> None:
    """002 l.420-423: +1 mana to one deity, or cycle face-up cards, or each deity gives 1 mana."""
    state = ctx.state
    mine = state.sides[role].gods
    if any(g not in mine for g in gods) or len(set(gods)) != len(gods):
        raise IllegalCommand("bl.err.bad_gods")
    if choice == "mana":
        if len(gods) != 1:
            raise IllegalCommand("bl.err.bad_gods")
        mine[gods[0]].mana += 1
        ctx.say("bl.ev.pan_mana", role=role, god=T(f"bl.n.{gods[0]}"))
    elif choice == "cycle":
        if not gods or any(len(mine[g].deck) < 2 for g in gods):
            raise IllegalCommand("bl.err.bad_gods")
        for g in gods:
            d = mine[g].deck
            d.append(d.pop(0))
        ctx.say("bl.ev.pan_cycle", role=role, gods=[T(f"bl.n.{g}") for g in gods])
    else:
        givers = [g for g in sorted(mine) if mine[g].mana > 0]
        if not givers or gods:
            raise IllegalCommand("bl.err.bad_gods")
        state.turn.give_left = givers
        state.step = "give"
        return
    next_turn(ctx)


def give_targets(state: State, role: Role) -> list[str]:
    return sorted(u.hex for u in state.alive(role) if u.hex and u.mana < field.mana_cap(u))


def give(ctx: Ctx, role: Role, h: str | None) -> None:
    from engine.battlelore.combat import gain

    state = ctx.state
    t = state.turn
    g = t.give_left[0]
    if h is not None:
        if h not in give_targets(state, role):
            raise IllegalCommand("bl.err.cannot_give", hex=h)
        u = state.unit_at(h)
        state.sides[role].gods[g].mana -= 1
        gain(u, 1)
        ctx.say("bl.ev.give", god=T(f"bl.n.{g}"), unit=uname(u))
    t.give_left.pop(0)
    if not t.give_left or not give_targets(state, role):
        t.give_left = []
        next_turn(ctx)


def heal(u: Unit, n: int) -> int:
    """002 l.451-452: never above the starting Resistance."""
    healed = min(n, u.hits)
    u.hits -= healed
    return healed


def near(state: State, a: str, b: str) -> int:
    return hexes.distance(field.xy(a), field.xy(b))
