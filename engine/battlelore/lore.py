"""Lore cards and triggered abilities played outside an attack (002 l.413-433, l.197-199).

A Lore card's phase is its effect's timing (content.LORE_EFFECTS): "turn" cards are
played in one's own turn outside an attack, or once in the opponent's turn in the same
phase, offered just after the opponent's activation (002 l.424); combat cards are played in
the windows after a roll (combat.py). One Lore card per player per turn (002 l.419, l.424).
"""

from __future__ import annotations

from engine.battlelore import field
from engine.battlelore.combat import gain, lore_gods, spend_lore, uname
from engine.battlelore.content import content
from engine.battlelore.context import Ctx
from engine.battlelore.state import State
from engine.errors import IllegalCommand
from engine.i18n import T, T_or
from engine.protocol import Role


def targets(state: State, role: Role, god: str) -> list[str | None]:
    g = state.sides[role].gods[god]
    card = content().deities[god].lore[g.deck[0]]
    mine = [u for u in state.alive(role) if u.hex]
    if card.effect == "bolt":
        return sorted(u.hex for u in state.alive(state.other(role)) if u.hex)
    if card.effect == "heal":
        return sorted(u.hex for u in mine if u.hits)
    if card.effect == "gift":
        return sorted(u.hex for u in mine if u.mana < field.mana_cap(u))
    return [None]  # draw


def options(state: State, role: Role) -> list[tuple[str, str | None]]:
    return [(g, h) for g in lore_gods(state, role, "turn") for h in targets(state, role, g)]


def play(ctx: Ctx, role: Role, god: str, h: str | None) -> None:
    state = ctx.state
    if (god, h) not in options(state, role):
        raise IllegalCommand("bl.err.cannot_lore", god=T_or(f"bl.n.{god}", god))
    card = spend_lore(ctx, role, god)
    u = state.unit_at(h) if h else None
    if card.effect == "bolt":
        from engine.battlelore.combat import hurt

        hurt(ctx, u, card.n, role)
    elif card.effect == "heal":
        from engine.battlelore.turn import heal

        ctx.say("bl.ev.healed", unit=uname(u), n=heal(u, card.n))
    elif card.effect == "gift":
        gain(u, card.n)
        ctx.say("bl.ev.mana", unit=uname(u))
    else:
        from engine.battlelore.turn import draw

        draw(ctx, role, card.n)


def mend_options(state: State, role: Role) -> list[str]:
    out = []
    for u in state.alive(role):
        cost = field.card(u).trig.get("mend")
        if u.hex and cost is not None and u.mana >= cost and u.hits:
            out.append(u.hex)
    return sorted(out)


def mend(ctx: Ctx, role: Role, h: str) -> None:
    from engine.battlelore.turn import heal

    if h not in mend_options(ctx.state, role):
        raise IllegalCommand("bl.err.cannot_use", ability=T("bl.ab.mend"))
    u = ctx.state.unit_at(h)
    u.mana -= field.card(u).trig["mend"]
    ctx.say("bl.ev.use", unit=uname(u), ability=T("bl.ab.mend"))
    ctx.say("bl.ev.healed", unit=uname(u), n=heal(u, 1))
