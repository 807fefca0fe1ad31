"""Setting up a fight (seed 003 l.90-133, Primus l.136-147, Scion l.149-173, Banes l.175-184).

The rival troop is built from the event's list, top to bottom: L is a local unit from the
arena region's faction pile (or the bag when it is empty), any other unit comes from the bag;
(T) gives the unit its tactic by class. Then the Act modifiers (units before HP), then the
Reckless, Confident and Brave Find Glory opportunities, last (errata l.415-419).
"""

from __future__ import annotations

from engine.hoplomachus import hexes
from engine.hoplomachus.content import content, parse_slots
from engine.hoplomachus.ctx import Ctx, token_unit
from engine.hoplomachus.state import Fight, Fighter, State
from engine.i18n import T


def fighter(unit: str, fid: str, side: str, arena: str) -> Fighter:
    u = content().units[unit]
    bonus = content().arenas[arena].local.get("hp", 0) if u.region == arena else 0
    return Fighter(
        fid=fid, unit=unit, side=side, region=u.region, classes=list(u.classes), move=u.move,
        range=u.range, health=u.health + bonus, hp=u.health + bonus, dice=list(u.dice),
        skills=list(u.skills), bane=u.bane,
    )  # fmt: skip


def hero_fighter(state: State, arena: str) -> Fighter:
    h, s = content().heroes[state.hero], state.sheet
    return Fighter(
        fid="hero", unit=state.hero, side="p", elite=True, region=h.region, classes=list(h.classes),
        move=s.move, range=s.range, health=s.health, hp=state.hero_hp, dice=list(s.dice),
        skills=list(s.skills),
    )  # fmt: skip


def primus_fighter(hero: str, health: int) -> Fighter:
    """The Primus is the other face of a hero's token (l.141, l.437-441)."""
    h = content().heroes[hero]
    p = h.primus
    return Fighter(
        fid="primus", unit=hero, side="r", elite=True, region=h.region, classes=list(h.classes),
        move=p.move, range=p.range, health=health, hp=health, dice=list(p.dice), skills=list(p.skills),
    )  # fmt: skip


def scion_fighter(sid: str) -> Fighter:
    s = content().scion[sid]
    return Fighter(
        fid="scion", unit=sid, side="r", elite=True, region=s.region, classes=["att"], move=s.move,
        range=s.range, health=s.health, hp=s.health, dice=list(s.dice), skills=list(s.skills),
    )  # fmt: skip


def draw_bag(ctx: Ctx, f: Fight) -> str | None:
    """A token from the bag. A bag Bane acts and is set aside, and another token is drawn
    (l.181-183); a unit Bane joins the rival troop like any unit."""
    state = ctx.state
    while state.bag:
        token = state.bag.pop(ctx.below(len(state.bag)))
        if token.startswith("bane:"):
            bane = content().banes[token_unit(token)]
            if bane.type == "bag":
                f.notes.append(token)
                ctx.say("hop.ev.bag_bane", bane=T(f"hop.bane.{token_unit(token)}"))
                for key, value in bane.effect.items():
                    if key == "rival_hp":
                        f.rival_hp += value
                    elif key == "extra_rival":
                        for _ in range(value):
                            extra = draw_bag(ctx, f)
                            if extra:
                                f.rival_camp.append(rival_token(extra, f))
                continue
        return token
    return None


def draw_local(ctx: Ctx, f: Fight, region: str) -> str | None:
    pile = ctx.state.piles.get(region) or []
    if pile:
        return pile.pop(0)
    return draw_bag(ctx, f)


def rival_token(token: str, f: Fight) -> Fighter:
    if token.startswith("bane:"):
        unit = content().banes[token_unit(token)].unit
    else:
        unit = token_unit(token)
    return fighter(unit, token, "r", f.arena)


def add_rivals(ctx: Ctx, f: Fight, entries, region: str) -> None:
    for entry in entries:
        tactic = entry.endswith("(T)")
        kind = entry[0]
        token = draw_local(ctx, f, region) if kind == "L" else draw_bag(ctx, f)
        if token is None:
            token = draw_local(ctx, f, region)
        if token is None:
            continue
        u = rival_token(token, f)
        f.rival_camp.append(u)
        if tactic:
            give_tactic(f, u)


def give_tactic(f: Fight, u: Fighter) -> None:
    """Tactic assignment by the unit's first class (l.254-266)."""
    t = content().rival_tactic[u.classes[0]].tactic
    u.tactic = t
    f.rival_tactics.append(t)


def new_fight(state: State, kind: str, location: str, event: str | None, player: str) -> Fight:
    arena = content().locations[location].region
    hero_slot, slots = parse_slots(player)
    f = Fight(kind=kind, arena=arena, location=location, event=event, hero_slot=hero_slot, slots=slots)
    f.player_camp = (["hero"] if hero_slot else []) + list(state.camp)
    for i, au in enumerate(content().arenas[arena].arena_units):
        u = fighter(au.unit, f"arena{i + 1}", "a", arena)
        u.hex = au.hex
        f.units.append(u)
    if kind == "ctf":
        f.flag = hexes.board(arena).rival_hexes[0]  # on rival hex 1 (l.96-97)
    return f


def build_event_fight(ctx: Ctx, kind: str) -> Fight:
    """Sport and Bloodshed events, with the Act modifiers (l.113-119)."""
    state = ctx.state
    card = content().sport.get(state.event) or content().bloodshed[state.event]
    f = new_fight(state, kind, state.location, state.event, card.player)
    add_rivals(ctx, f, card.rivals, f.arena)
    mod = content().act_modifiers[state.act]
    for _ in range(mod["extra"]):
        add_rivals(ctx, f, ["U(T)"], f.arena)
    f.first_deploy, f.first_hp = mod["first_deploy"], mod["first_hp"]
    f.rival_hp += card.mod.get("rival_hp", 0)
    if kind == "spar" and f.rival_camp:
        f.rival_camp[0].tribune = True  # l.121-123: the first unit in the formation
    return f


def build_primus_fight(ctx: Ctx, hero: str) -> Fight:
    """l.143-146: the Primus formations per Act, with no Act modifier."""
    state = ctx.state
    sheet = content().primus[state.act]
    location = next(
        k
        for k, v in content().locations.items()
        if v.kind == "capital" and v.region == content().heroes[hero].region
    )
    f = new_fight(state, "primus", location, None, sheet["player"])
    for entry in sheet["rivals"]:
        if entry.startswith("P"):
            u = primus_fighter(hero, sheet["health"])
            f.rival_camp.append(u)
            if entry.endswith("(T)"):
                give_tactic(f, u)
        else:
            add_rivals(ctx, f, [entry], f.arena)
    return f


def build_scion_fight(ctx: Ctx, sid: str) -> Fight:
    state = ctx.state
    sheet = content().scion[sid]
    location = next(
        k for k, v in content().locations.items() if v.kind == "capital" and v.region == sheet.region
    )
    f = new_fight(state, "scion", location, None, sheet.player)
    for entry in sheet.rivals:
        if entry == "S":
            f.rival_camp.append(scion_fighter(sid))
        else:
            add_rivals(ctx, f, [entry], f.arena)
    return f
