"""Opportunities (seed 003 l.67-74): kept in your camp, paid as soon as their condition is
met, even in the middle of a fight. Rewards: a Prowess card, a Bane discarded, tactics or
an opportunity unit (the yellow tokens). Which Bane goes, and which prowess comes, the
engine takes without asking (a camp Bane first; the prowess deck's top card): a reading.
"""

from __future__ import annotations

from engine.hoplomachus.content import content
from engine.hoplomachus.ctx import Ctx, token_unit
from engine.i18n import T

GLORY = {"extra_rival", "rival_hp", "fewer_slots"}


def check(ctx: Ctx, won: bool = False, over: bool = False) -> None:
    state, f = ctx.state, ctx.state.fight
    for card in list(state.opportunities):
        cond = content().opportunities[card].condition
        met = False
        if "defeat_in_fight" in cond and f is not None:
            met = f.kills >= cond["defeat_in_fight"]
        elif over and won and f is not None:
            if "win" in cond:
                met = f.kind == cond["win"]
            elif cond.get("win_alone"):
                met = f.used_units == ["hero"]
            elif cond.get("win_lethal_no_loss"):
                met = f.lethal and f.losses == 0 and bool(f.used_units)
            elif "glory" in cond:
                met = card in f.glory
        if met:
            pay(ctx, card)
    if over and f is not None:
        for card in f.glory:  # a glory card used and not won is spent all the same
            if card in state.opportunities:
                state.opportunities.remove(card)


def pay(ctx: Ctx, card: str) -> None:
    state = ctx.state
    state.opportunities.remove(card)
    reward = content().opportunities[card].reward
    ctx.say("hop.ev.opportunity", card=T(f"hop.opp.{card}"))
    if reward == "prowess":
        if state.prowess_deck:
            gain_prowess(ctx, state.prowess_deck.pop(0))
    elif reward == "tactics":
        if content().difficulties[state.difficulty].tactics:
            while len(state.tactics) < content().tactic_limit:
                state.tactics.append("bolster")
    elif reward == "discard_bane":
        discard_bane(ctx)
    elif reward == "unit":
        owned = tokens_in_play(state)
        for uid, u in content().units.items():
            token = f"{uid}#1"
            if u.opportunity and token not in owned and room(state):
                state.camp.append(token)
                ctx.say("hop.ev.recruit", unit=T(f"hop.unit.{uid}"))
                break


def tokens_in_play(state) -> set[str]:
    """Every unit token somewhere in the campaign: camp, bag, piles, and a fight's arena,
    fallen and rival camp (an opportunity unit drawn by a rival is not free to recruit)."""
    found = set(state.camp) | set(state.bag)
    for pile in state.piles.values():
        found.update(pile)
    if state.fight is not None:
        f = state.fight
        found.update(u.fid for u in [*f.units, *f.fallen, *f.rival_camp])
    return found


def discard_bane(ctx: Ctx, bane: str | None = None) -> bool:
    """A Bane from your camp (first) or the bag back to the bottom of the pile."""
    state = ctx.state
    if bane is None:
        bane = (
            state.camp_banes[0]
            if state.camp_banes
            else next((t for t in state.bag if t.startswith("bane:")), None)
        )
    if bane is None:
        return False
    if bane in state.camp_banes:
        state.camp_banes.remove(bane)
        eff = content().banes[token_unit(bane)].effect
        if eff.get("hero_health"):
            state.sheet.health -= eff["hero_health"]
    elif bane in state.bag:
        state.bag.remove(bane)
    else:
        return False
    state.bane_pile.append(bane)
    ctx.say("hop.ev.bane_gone", bane=T(f"hop.bane.{token_unit(bane)}"))
    return True


def leadership(state) -> int:
    extra = sum(content().banes[token_unit(b)].effect.get("leadership", 0) for b in state.camp_banes)
    return state.sheet.leadership + extra


def counted_units(state) -> int:
    """Your units Leadership counts (seed 003 l.421-427): in a lethal fight the ones defeated
    do not count, neither when you recruit with a Blessing nor for a reward; in a non-lethal
    fight they do (they come back at cleanup). An Undying unit always comes back (l.612-614)."""
    f = state.fight
    if f is None or not f.lethal:
        return len(state.camp)
    gone = {u.fid for u in f.fallen if u.side == "p" and "undying" not in u.skills}
    return sum(1 for t in state.camp if t not in gone)


def room(state) -> bool:
    """Leadership counts your hero and your units (seed 003 l.421-427, l.483-484)."""
    return counted_units(state) + 1 < leadership(state)


def gain_prowess(ctx: Ctx, card: str) -> None:
    state = ctx.state
    state.prowess.append(card)
    if card in state.prowess_deck:
        state.prowess_deck.remove(card)
    eff = content().prowess[card].effect
    s = state.sheet
    if eff.get("health"):
        s.health += eff["health"]
        state.hero_hp += eff["health"]
    if eff.get("move"):
        s.move += eff["move"]
    if eff.get("range"):
        s.range += eff["range"]
    if eff.get("leadership"):
        s.leadership += eff["leadership"]
    if eff.get("die"):
        s.dice.append(eff["die"])
    if eff.get("upgrade"):
        upgrade_weakest(s)
    if eff.get("skill") and eff["skill"] not in s.skills:
        s.skills.append(eff["skill"])
    ctx.say("hop.ev.prowess", card=T(f"hop.prowess.{card}"))


def upgrade_weakest(sheet) -> None:
    order = content().upgrade
    open_dice = [i for i, d in enumerate(sheet.dice) if d != order[-1]]
    if open_dice:
        i = min(open_dice, key=lambda i: order.index(sheet.dice[i]))
        sheet.dice[i] = order[order.index(sheet.dice[i]) + 1]
