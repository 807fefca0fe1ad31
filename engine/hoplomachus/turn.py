"""The fight turn: rival, player, arena (seed 003 l.285-403).

Each turn has the same steps: King of the Hill scoring (your turn only), deploy, tactic,
move, abilities, engage. The rival's and the arena's turns run inside `apply` as rules;
where the rulebook lets the player choose ("in the order you choose" l.337, l.368, l.374,
l.380; "you choose one" among tied targets l.384) the engine stops with an `Ask` only when
the choice can change what happens, and otherwise takes the formation order.
"""

from __future__ import annotations

from engine.hoplomachus import combat, hexes, priorities
from engine.hoplomachus.combat import (
    attack,
    attack_targets,
    best_die,
    can_act,
    can_move,
    damage,
    foes,
    has,
    heal,
    in_range,
    move_of,
    number,
    weakest_die,
)
from engine.hoplomachus.content import content
from engine.hoplomachus.ctx import Ctx, who
from engine.hoplomachus.state import Ask, Fight, Fighter
from engine.i18n import T, Text

SIDE_STEPS = ("move", "abil", "engage")
KOTH_WIN = 6  # seed 003 l.80-81, l.290-292


# ----------------------------------------------------------------------------- helpers


def side_units(f: Fight, side: str) -> list[Fighter]:
    return [u for u in f.units if u.side == side and u.hex]


def player_can_deploy_any(state) -> bool:
    f = state.fight
    return any(_slot_free(f, t) for t in f.player_camp) and bool(free_player_hexes(f))


def free_player_hexes(f: Fight) -> list[str]:
    taken = {u.hex for u in f.units}
    return [h for h in hexes.board(f.arena).player_hexes if h not in taken]


def _slot_free(f: Fight, token: str) -> bool:
    if token == "hero":
        return f.hero_slot
    present = sum(1 for u in f.units if u.side == "p" and u.fid != "hero")
    return present < f.slots


def rival_left(f: Fight) -> list[Fighter]:
    return [u for u in f.units if u.side == "r"] + list(f.rival_camp)


def check_win(ctx: Ctx) -> None:
    """Victory by fight type (seed 003 l.238-252)."""
    f = ctx.fight
    if f.result:
        return
    left = rival_left(f)
    if f.kind == "scion":
        if not any(u.fid == "scion" for u in left):
            f.result = "win"
        return
    if not left:
        f.result = "win"
    elif f.kind == "spar" and all(u.tribune for u in left):
        f.result = "win"
    elif f.kind == "ctf" and f.carrier:
        c = f.get(f.carrier)
        if c and c.hex in hexes.board(f.arena).player_hexes:
            f.result = "win"


def check_fail(ctx: Ctx) -> None:
    """All your units defeated in a fight your hero is not in: failure (l.487-488)."""
    f = ctx.fight
    if f.result:
        return
    if not side_units(f, "p") and not player_can_deploy_any(ctx.state):
        f.result = "fail"
        ctx.say("hop.ev.routed")


def enter_hex(ctx: Ctx, u: Fighter, to: str) -> None:
    """A unit ends a move on a hex: hazards, the flag."""
    f = ctx.fight
    u.hex = to
    b = hexes.board(f.arena)
    if to in b.hazards:
        hazard = content().arenas[f.arena].hazard
        if hazard == "daze":
            u.dazed, u.fresh = True, False  # seed 003 l.443-445: even Tactical units
            ctx.say("hop.ev.platform", unit=who(u))
        elif hazard == "spikes":
            ctx.say("hop.ev.spikes", unit=who(u))
            damage(ctx, u, 1, None)
    if f.kind == "ctf" and u.side == "p" and f.flag == to and f.get(u.fid):
        f.flag, f.carrier = None, u.fid  # your units take it on entering (l.96-99)
        ctx.say("hop.ev.flag_taken", unit=who(u))
    check_win(ctx)


def move_unit(ctx: Ctx, u: Fighter, to: str, why: Text | None = None) -> None:
    frm = u.hex
    u.moved = True
    if to == frm:
        return
    f = ctx.fight
    walked = hexes.path(frm, to, priorities.closed(f, u), has(u, "flight")) if frm else []
    ctx.step("move", u, walked if len(walked) >= 2 else [frm, to], "hop.ev.move", why, unit=who(u), to=to)
    enter_hex(ctx, u, to)


def term_text(term: str | None) -> Text | str:
    return T(f"hop.term.{term}") if term else ""


def move_why(p: priorities.Plan, chosen: bool, f: Fight | None = None) -> Text:
    """Why a rival or arena unit moves where it does: the priority of the arena it follows
    (seed 003 l.337-353), within reach this turn or only approached (naming the opponent
    approached and the movement it still needs to have it in range, l.275)."""
    if p.term is None:
        return T("hop.because.stay")
    how = "chosen" if chosen else "reach" if p.reached else "approach"
    target = f.get(p.toward) if f is not None and p.toward and not p.reached else None
    if target is not None:
        return T(
            "hop.because.approach_unit", rank=p.rank, term=term_text(p.term), target=who(target), moves=p.need
        )
    return T(f"hop.because.{how}", rank=p.rank, term=term_text(p.term))


# ----------------------------------------------------------------------------- turn frame


def start_side(ctx: Ctx, side: str) -> None:
    f = ctx.fight
    f.step = {"r": "rival", "p": "player", "a": "arena"}[side]
    for u in f.units:
        if u.side == side:
            u.moved = u.engaged = False
            # Combat Lock (l.581-582): adjacent to a locking opponent at the start of its turn
            u.locked = any(
                has(o, "lock") and o.hex and u.hex and hexes.distance(o.hex, u.hex) == 1 for o in foes(f, u)
            )
    if side != "p":
        # its previous turn's arrows go; the round before stays (issue 16: the last moves)
        f.last = [s for s in f.last if s.side != side and s.turn >= f.turn - 1]
        ctx.say("hop.ev.rival_turn" if side == "r" else "hop.ev.arena_turn", turn=f.turn)
    if side == "p":
        f.pstep, f.deployed, f.tactic_used = 0, False, False
        if f.kind == "koth":
            keys = hexes.board(f.arena).keys
            gained = sum(1 for u in side_units(f, "p") if u.hex in keys)
            if gained:
                f.score += gained
                ctx.say("hop.ev.score", points=gained, score=f.score)
            if f.score >= KOTH_WIN:
                f.result = "win"
                return
        check_fail(ctx)
    else:
        f.sub = "deploy" if side == "r" else "move"
        f.pending, f.waiting = [u.fid for u in side_units(f, side)] if side == "a" else [], []


TEMPORARY = ("adrenaline", "stun")  # authored tactics that end with the unit's own turn


def end_side(ctx: Ctx, side: str) -> None:
    """Dazed ends with the current turn, whichever side's it is: "jusqu'à la fin du tour
    actuel" (l.558-559); a unit dazed out of its own turn (deployed, put on the Kunlun
    platform) is no longer dazed at the start of its next turn (l.447-449). The temporary
    tactics of the side ending go (Adrenaline; Stun, which holds until the end of the
    target's own next turn, data/rules.yaml), and so do its "this turn" effects."""
    f = ctx.fight
    if side != "p" and not any(s.side == side and s.turn == f.turn for s in f.last):
        ctx.say("hop.ev.side_idle")
    for u in f.units:
        u.hurt = False
        if u.side == side:
            u.locked = False
            u.tactics = [t for t in u.tactics if t not in TEMPORARY]
        u.fresh = False
        u.dazed = "stun" in u.tactics
    if side == "r":
        start_side(ctx, "p")
    elif side == "p":
        if side_units(f, "a"):
            start_side(ctx, "a")
        else:
            next_turn(ctx)
    else:
        next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    f = ctx.fight
    f.turn += 1
    if f.turn > content().setup["fight_turn_limit"]:
        f.result = "fail"  # authored: the crowd leaves; the fight is lost (RULES-NOTES gap)
        ctx.say("hop.ev.too_long", turns=content().setup["fight_turn_limit"])
        return
    start_side(ctx, "r")


def settle(ctx: Ctx) -> None:
    """Run the rival's and the arena's turns until the player must decide or the fight ends."""
    state, f = ctx.state, ctx.fight
    guard = 0
    while f.result is None and state.ask is None and f.step in ("rival", "arena"):
        guard += 1
        if guard > 2000:
            raise RuntimeError("fight loop does not progress")
        side = "r" if f.step == "rival" else "a"
        if f.sub == "deploy":
            rival_deploy(ctx, f.first_deploy if f.turn == 1 else 1, f.first_hp if f.turn == 1 else 0)
            f.sub = "tactic"
        elif f.sub == "tactic":
            rival_tactic(ctx)
        elif f.sub in SIDE_STEPS:
            side_step(ctx, side)
        check_win(ctx)


def side_step(ctx: Ctx, side: str, chosen: str | None = None) -> None:
    """One unit of the rival (or arena) acts in the current step; the player picks which
    when the order matters."""
    f = ctx.fight
    f.pending = [fid for fid in f.pending if f.get(fid)]
    if not f.pending:
        idx = SIDE_STEPS.index(f.sub)
        if idx + 1 < len(SIDE_STEPS):
            f.sub = SIDE_STEPS[idx + 1]
            f.pending = [u.fid for u in side_units(f, side) if u.fid != "scion"]
        else:
            end_side(ctx, side)
        return
    if chosen is None:
        actors = [f.get(fid) for fid in f.pending]
        live = [u for u in actors if will_act(ctx, u)]
        if not live:
            f.pending = []
            return
        if len(live) > 1 and order_matters(ctx, live):
            ctx.state.ask = Ask(kind="next", step=f.sub, options=[u.hex for u in live])
            return
        chosen = live[0].fid
    u = f.get(chosen)
    f.pending.remove(chosen)
    act(ctx, u)


def will_act(ctx: Ctx, u: Fighter) -> bool:
    f = ctx.fight
    if f.sub == "move":
        p = priorities.plan(f, u) if u.side != "a" or not roaming(f, u) else None
        return p is None or p.dest != u.hex
    if f.sub == "abil":
        return not u.dazed and bool(ability_options(ctx, u))
    return can_act(u) and bool(engage_choice(ctx, u))


def order_matters(ctx: Ctx, live: list[Fighter]) -> bool:
    """Whether two units' actions can interfere: moves whose paths cross, or engagements
    on a shared opponent that the first may defeat."""
    f = ctx.fight
    if f.sub == "move":
        paths = []
        for u in live:
            if u.side == "a" and roaming(f, u):
                return False
            p = priorities.plan(f, u)
            route = hexes.path(u.hex, p.dest, priorities.closed(f, u), has(u, "flight")) or [u.hex]
            paths.append(set(route))
        for i in range(len(paths)):
            for j in range(i + 1, len(paths)):
                if paths[i] & paths[j] or len(priorities.plan(f, live[i]).marks) > 1:
                    return True
        return False
    if f.sub == "abil":
        return True
    seen: dict[str, list[Fighter]] = {}
    for u in live:
        for o in engage_choice(ctx, u):
            seen.setdefault(o, []).append(u)
    for fid, attackers in seen.items():
        target = f.get(fid)
        if len(attackers) > 1 and target and any(max_damage(f, a, target) >= target.hp for a in attackers):
            return True
    return False


def max_damage(f: Fight, a: Fighter, d: Fighter) -> int:
    """The most an attack of `a` can deal to `d`: the order matters only if it may defeat."""
    faces = content().dice
    top = sum(max(faces[c].faces) for c in combat.attack_dice(f, a, d))
    return 2 * top if has(a, "perfect") else top


def act(ctx: Ctx, u: Fighter, mark: str | None = None, target: str | None = None) -> None:
    f = ctx.fight
    if f.sub == "move":
        if u.side == "a" and roaming(f, u):
            roam(ctx, u)
            return
        p = priorities.plan(f, u, mark)
        if mark is None and len(p.marks) > 1 and u.side == "r":
            options = [f.get(m).hex for m in p.marks if f.get(m)]
            dests = {priorities.plan(f, u, m).dest for m in p.marks}
            if len(dests) > 1:
                f.pending.insert(0, u.fid)
                ctx.state.ask = Ask(kind="mark", step="move", actor=u.fid, options=options)
                return
        move_unit(ctx, u, p.dest, move_why(p, mark is not None, f))
    elif f.sub == "abil":
        run_abilities(ctx, u)
    else:
        engage(ctx, u, target)


# ----------------------------------------------------------------------------- rival steps


def rival_deploy(ctx: Ctx, count: int, bonus: int) -> None:
    """l.298-300: the top unit to the free rival hex with the lowest number; none if full.
    Act III-IV: two units on turn 1, in Act IV with +2 HP each (errata l.411-413)."""
    f = ctx.fight
    for _ in range(count):
        if not f.rival_camp:
            return
        taken = {u.hex for u in f.units}
        free = [h for h in hexes.board(f.arena).rival_hexes if h not in taken]
        if not free:
            return
        u = f.rival_camp.pop(0)
        u.hex, u.dazed, u.fresh = free[0], True, True
        u.hp += bonus + f.rival_hp
        f.units.append(u)
        why = T("hop.because.deploy", hex=u.hex)
        ctx.step("deploy", u, [u.hex], "hop.ev.rival_deploys", why, unit=who(u), hp=u.hp)
        enter_hex(ctx, u, u.hex)


TACTIC_RULE = {
    "bolster": "weakest_ally",
    "adrenaline": "slowest_ally",
    "stun": "strongest_foe",
    "hamstring": "deadliest_foe_unhamstrung",
}


def tactic_targets(f: Fight, side: str, tactic: str) -> list[Fighter]:
    """Valid targets: never an Elite (l.311); an enemy must be adjacent to one of the acting
    side's units unless that side has a Tactical unit in the arena (l.324-331)."""
    tdef = content().tactics[tactic]
    mine = side_units(f, side)
    if tdef.target == "ally":
        return [u for u in mine if not u.elite]
    tactical = any(has(u, "tactical") for u in mine)
    out = []
    for u in f.units:
        if u.side in (side, "a") or u.elite or not u.hex:
            continue
        if side == "r" and u.side != "p":
            continue
        if tactical or any(hexes.distance(u.hex, m.hex) == 1 for m in mine):
            out.append(u)
    return out


def rival_choice(f: Fight, tactic: str) -> list[Fighter]:
    """The rival's target by the assignment table (l.258-266); all tied ones."""
    cands = tactic_targets(f, "r", tactic)
    rule = TACTIC_RULE[tactic]
    if rule == "deadliest_foe_unhamstrung":
        cands = [u for u in cands if "hamstring" not in u.tactics]
    if not cands:
        return []
    key = {
        "weakest_ally": lambda u: u.hp,
        "slowest_ally": lambda u: move_of(u),
        "strongest_foe": lambda u: -u.hp,
        "deadliest_foe_unhamstrung": lambda u: -len(u.dice),
    }[rule]
    top = min(key(u) for u in cands)
    return sorted((u for u in cands if key(u) == top), key=lambda u: hexes.ORDER[u.hex])


def rival_tactic(ctx: Ctx, chosen: str | None = None) -> None:
    """l.321-327: the first tactic from the top with a valid target; one per turn."""
    f = ctx.fight
    for i, t in enumerate(f.rival_tactics):
        tied = rival_choice(f, t)
        if not tied:
            continue
        if chosen is None and len(tied) > 1:
            ctx.state.ask = Ask(kind="tactic", step="tactic", actor=t, options=[u.hex for u in tied])
            return
        target = next((u for u in tied if u.fid == chosen), tied[0])
        f.rival_tactics.pop(i)
        rule = T(f"hop.because.rule.{TACTIC_RULE[t]}")
        why = T("hop.because.tactic_chosen" if chosen else "hop.because.tactic", rule=rule)
        play_tactic(ctx, t, target, "r", why)
        break
    f.sub = "move"
    if f.get("scion"):
        scion_activity(ctx)
    f.pending = [u.fid for u in side_units(f, "r") if u.fid != "scion"]


def play_tactic(ctx: Ctx, tactic: str, target: Fighter, side: str, why: Text | None = None) -> None:
    eff = content().tactics[tactic].effect
    if eff.get("gain_hp"):
        target.hp += eff["gain_hp"]
    if eff.get("daze"):
        target.dazed, target.fresh = True, False
    if eff.get("move") or eff.get("daze"):
        target.tactics.append(tactic)  # kept on the unit while it lasts (l.313-317)
    ctx.step(
        "tactic", target, [target.hex], "hop.ev.tactic", why, by=side, what=tactic,
        side=side, tactic=T(f"hop.tactic.{tactic}"), unit=who(target),
    )  # fmt: skip


# ----------------------------------------------------------------------------- abilities


def ability_options(ctx: Ctx, u: Fighter) -> list[tuple]:
    """Abilities that trigger now for a rules-driven unit (Regen, Fury Aura, and the
    displacements when they let an unengaged ally attack, l.598-615)."""
    f = ctx.fight
    out: list[tuple] = []
    if number(u, "regen") and u.hp < u.health:
        out.append(("regen",))
    if number(u, "fury") and [o for o in foes(f, u) if in_range(u, o, number(u, "fury"))]:
        out.append(("fury",))
    for skill in ("hook", "shove", "swap", "hurl"):
        if has(u, skill):
            for target, dest in displacements(f, u, skill):
                if helps(f, u, target, dest, skill):
                    out.append((skill, target.fid, dest))
                    break
    return out


def displacements(f: Fight, u: Fighter, skill: str) -> list[tuple[Fighter, str]]:
    """Every legal use of a displacement skill: (unit moved, its new hex). Hook, Shove, Hurl
    and Swap move "une unité" (seed 003 l.595-613), an Elite too: only Tactics spare Elites
    (l.311, l.533)."""
    if not u.hex:
        return []
    b = hexes.board(f.arena)
    taken = {o.hex for o in f.units}
    shut = set(b.blocked) | taken
    out = []
    for o in f.units:
        if o.fid == u.fid or not o.hex:
            continue
        d = hexes.distance(u.hex, o.hex)
        if skill == "hook" and d == 2:
            for n in hexes.neighbours(o.hex):
                if n not in shut and hexes.distance(n, u.hex) == 1:
                    out.append((o, n))
        elif skill == "shove" and d == 1:
            direction = next(x for x in hexes.DIRS if hexes.step(u.hex, x) == o.hex)
            n = hexes.step(o.hex, direction)
            if n and n not in shut:
                out.append((o, n))
        elif skill == "swap" and d == 1:
            out.append((o, u.hex))
        elif skill == "hurl" and d == 1:
            for h in sorted(hexes.reach(o.hex, number(u, "hurl"), shut - {o.hex}), key=hexes.ORDER.get):
                if h != o.hex:
                    out.append((o, h))
    return out


def _attackers(f: Fight, side: str) -> set[str]:
    return {
        a.fid for a in f.units if a.side == side and not a.engaged and can_act(a) and attack_targets(f, a)
    }


def helps(f: Fight, u: Fighter, target: Fighter, dest: str, skill: str) -> bool:
    before = _attackers(f, u.side)
    old_t, old_u = target.hex, u.hex
    displace(f, u, target, dest, skill)
    after = _attackers(f, u.side)
    target.hex, u.hex = old_t, old_u
    return bool(after - before)


def displace(f: Fight, u: Fighter, target: Fighter, dest: str, skill: str) -> None:
    if skill == "shove":
        u.hex, target.hex = target.hex, dest
    elif skill == "swap":
        u.hex, target.hex = target.hex, u.hex
    else:
        target.hex = dest


def use_displacement(
    ctx: Ctx, u: Fighter, target: Fighter, dest: str, skill: str, why: Text | None = None
) -> None:
    old, was = u.hex, target.hex
    unit, victim = who(u), who(target)
    displace(ctx.fight, u, target, dest, skill)
    ctx.step(
        "push",
        u,
        [was, target.hex],
        "hop.ev.displace",
        why,
        unit=unit,
        skill=T(f"hop.skill.{skill}"),
        target=victim,
    )
    if skill in ("shove", "swap") and u.hex != old:
        enter_hex(ctx, u, u.hex)
    if ctx.fight.get(target.fid):
        enter_hex(ctx, target, target.hex)


def run_abilities(ctx: Ctx, u: Fighter) -> None:
    f = ctx.fight
    for opt in ability_options(ctx, u):
        if not f.get(u.fid) or f.result:
            return
        if opt[0] == "regen":
            heal(u, number(u, "regen"))
            why = T("hop.because.regen", skill=T("hop.skill.regen"))
            ctx.step("regen", u, [u.hex], "hop.ev.regen", why, unit=who(u), hp=u.hp)
        elif opt[0] == "fury":
            auto_fury(ctx, u)
        else:
            target = f.get(opt[1])
            if target and opt[2] in {d for t, d in displacements(f, u, opt[0]) if t.fid == target.fid}:
                why = T("hop.because.displace", skill=T(f"hop.skill.{opt[0]}"))
                use_displacement(ctx, u, target, opt[2], opt[0], why)


def auto_fury(ctx: Ctx, u: Fighter) -> None:
    """Fury Aura (#): 1 damage to the weakest opponent within # hexes (l.598-600)."""
    f = ctx.fight
    near = [o for o in foes(f, u) if in_range(u, o, number(u, "fury"))]
    if near:
        o = min(near, key=lambda o: (o.hp, hexes.ORDER[o.hex]))
        why = T("hop.because.fury", n=number(u, "fury"))
        ctx.step("fury", u, [u.hex, o.hex], "hop.ev.fury", why, unit=who(u), target=who(o))
        damage(ctx, o, 1, u)


def passive_abilities(ctx: Ctx, side: str) -> None:
    """Your units' Regen and Fury Aura resolve by themselves at your abilities step."""
    f = ctx.fight
    for u in list(side_units(f, side)):
        if f.result or not f.get(u.fid) or u.dazed:
            continue
        if number(u, "regen") and u.hp < u.health:
            heal(u, number(u, "regen"))
            ctx.step("regen", u, [u.hex], "hop.ev.regen", unit=who(u), hp=u.hp)
        if number(u, "fury"):
            auto_fury(ctx, u)


# ----------------------------------------------------------------------------- engage


def special_use(ctx: Ctx, u: Fighter) -> tuple | None:
    """A rules-driven unit uses its Special whenever it triggers (l.380-382, l.550-552)."""
    f = ctx.fight
    normal = attack_targets(f, u)
    if has(u, "whirlwind"):
        adj = [o for o in foes(f, u) if hexes.distance(o.hex, u.hex) == 1]
        if len(adj) >= 2:
            return ("whirlwind", None)
    if has(u, "agile") and normal:
        return ("agile", None)
    if has(u, "heave"):
        # l.601-604: Heave fires when an opponent weaker than the one the normal attack marks
        # (by the arena's priorities) is within 3 hexes. Readings: with several marks tied
        # the weakest of them counts (Heave then beats whichever one the player would pick);
        # with no normal attack possible there is no mark, so any opponent within 3 will do.
        tied = attack_pick(f, u)[0]
        marked = min((f.get(fid).hp for fid in tied), default=10**6)
        weaker = [o for o in foes(f, u) if in_range(u, o, 3) and o.hp < marked]
        if weaker:
            return ("heave", min(weaker, key=lambda o: (o.hp, hexes.ORDER[o.hex])).fid)
    if has(u, "longshot") and not normal:
        far = [o for o in foes(f, u) if in_range(u, o, number(u, "longshot"))]
        if far:
            return ("longshot", min(far, key=lambda o: (o.hp, hexes.ORDER[o.hex])).fid)
    if has(u, "reposition") and not normal and can_move_now(u):
        p = priorities.plan(f, u)
        if p.dest != u.hex:
            return ("reposition", p.dest)
    return None


def can_move_now(u: Fighter) -> bool:
    was = u.locked
    u.locked = False
    ok = can_move(u)
    u.locked = was
    return ok


def engage_choice(ctx: Ctx, u: Fighter) -> list[str]:
    """The opponents this unit would attack (tied on its priority), or its Special's."""
    return engage_pick(ctx, u)[0]


def engage_pick(ctx: Ctx, u: Fighter) -> tuple[list[str], str | None, int]:
    """`engage_choice` with the bold priority that chose (its term and rank in the arena's
    list, seed 003 l.380-384); no term when the weakest in range is taken."""
    f = ctx.fight
    if not can_act(u) or u.engaged:
        return [], None, 0
    sp = special_use(ctx, u)
    if sp and sp[0] in ("heave", "longshot"):
        return [sp[1]], None, 0
    if sp and sp[0] in ("whirlwind", "reposition"):
        return ["*"], None, 0
    return attack_pick(f, u)


def attack_pick(f: Fight, u: Fighter) -> tuple[list[str], str | None, int]:
    """The opponents the unit's normal attack marks (tied on its bold priority), with the
    priority's term and rank (seed 003 l.380-384); no term when the weakest in range is taken."""
    targets = attack_targets(f, u)
    if not targets:
        return [], None, 0
    for rank, entry in enumerate(priorities.priority_list(f, u), start=1):
        if not entry.startswith("*"):
            continue
        term = entry.lstrip("*")
        cands = [o for o in targets if priorities._matches(f, u, o, term)]
        if not cands:
            continue
        key = {
            "weakest": lambda o: o.hp,
            "strongest": lambda o: -o.hp,
            "slowest": lambda o: move_of(o),
            "fastest": lambda o: -move_of(o),
            "deadliest": lambda o: -len(o.dice),
            "least_deadly": lambda o: len(o.dice),
        }.get(term, lambda o: 0)  # Closest / Farthest: no movement is needed to an opponent
        # already in range (l.275), so every target in range ties and the player picks (l.384)
        top = min(key(o) for o in cands)
        return [o.fid for o in sorted(cands, key=lambda o: hexes.ORDER[o.hex]) if key(o) == top], term, rank
    return [min(targets, key=lambda o: (o.hp, hexes.ORDER[o.hex])).fid], None, 0


def engage(ctx: Ctx, u: Fighter, target: str | None = None) -> None:
    f = ctx.fight
    sp = special_use(ctx, u)
    if sp:
        use_special(ctx, u, sp[0], sp[1], T("hop.because.special", skill=T(f"hop.skill.{sp[0]}")))
        return
    tied, term, rank = engage_pick(ctx, u)
    if not tied:
        return
    if target is None and len(tied) > 1 and u.side != "p":
        f.pending.insert(0, u.fid)
        ctx.state.ask = Ask(kind="target", step="engage", actor=u.fid, options=[f.get(t).hex for t in tied])
        return
    victim = f.get(target) if target in tied else f.get(tied[0])
    if term is None:
        why = T("hop.because.engage_weakest")
    else:
        how = "engage_chosen" if target in tied and len(tied) > 1 else "engage"
        why = T(f"hop.because.{how}", rank=rank, term=term_text(term))
    attack(ctx, u, victim, why=why)


def use_special(ctx: Ctx, u: Fighter, skill: str, arg: str | None, why: Text | None = None) -> None:
    f = ctx.fight
    if skill == "agile" and arg is None:
        arg = (engage_choice(ctx, u) or [None])[0]
    u.engaged = True
    if skill == "whirlwind":
        # l.616-622: weakest die rolled once per adjacent opponent; the total hits each one
        adj = [o for o in foes(f, u) if hexes.distance(o.hex, u.hex) == 1]
        faces = [ctx.die(weakest_die(u)) for _ in adj]
        total = sum(faces)
        where = [u.hex, adj[0].hex] if adj else [u.hex]
        ctx.step("special", u, where, "hop.ev.whirlwind", why, unit=who(u), hits=total, count=len(adj))
        for o in adj:
            damage(ctx, o, total, u)
    elif skill == "reposition":
        move_unit(ctx, u, arg, why)
    elif skill == "agile":
        if arg and f.get(arg):
            attack(ctx, u, f.get(arg), special="agile", why=why)
    elif skill in ("heave", "longshot"):
        o = f.get(arg)
        if o:
            die = best_die(u) if skill == "heave" else weakest_die(u)
            attack(ctx, u, o, special=skill, dice=[die], why=why)


# ----------------------------------------------------------------------------- arena units


def roaming(f: Fight, u: Fighter) -> bool:
    """Beasts roam unless a Beastmaster is in the arena (l.577, reading: any Beastmaster)."""
    return has(u, "roaming") and not any(has(o, "beastmaster") for o in f.units)


def roam(ctx: Ctx, u: Fighter) -> None:
    """Roaming (l.590-593): one arena die per point of Move, a hex in the rolled direction;
    it does not move when adjacent to an opponent and stops as soon as it is."""
    f = ctx.fight
    u.moved = True
    faces = content().arena_die
    start = u.hex
    for _ in range(move_of(u)):
        if any(hexes.distance(o.hex, u.hex) == 1 for o in foes(f, u)):
            break
        nxt = hexes.step(u.hex, faces[ctx.below(len(faces))])
        if nxt and nxt not in priorities.closed(f, u):
            u.hex = nxt
    if u.hex != start:
        dest, u.hex = u.hex, start
        move_unit(ctx, u, dest, T("hop.because.roam"))


# ----------------------------------------------------------------------------- the Scion


def scion_activity(ctx: Ctx) -> None:
    """seed 003 l.162-173: once deployed (dazed the first turn), the Scion rolls the dice of
    its sheet and resolves the effects top to bottom, in place of move, abilities, engage."""
    f = ctx.fight
    s = f.get("scion")
    if s is None or s.dazed:
        return
    sheet = content().scion[s.unit]
    faces = {c: [] for c in "bgkr"}
    for c in sheet.dice:
        faces[c].append(ctx.die(c))
    ctx.say("hop.ev.scion_rolls", unit=who(s), faces=" ".join(f"{c}{x}" for c in "bgkr" for x in faces[c]))
    for eff in sheet.effects:
        hits = [x for c in eff.dice for x in faces[c]]
        total = sum(hits)
        times = total if eff.per in ("total", "hit") else total // 2
        if eff.do == "move_to_strongest" and times:
            opp = foes(f, s)
            if opp:
                target = max(opp, key=lambda o: (o.hp, -hexes.ORDER[o.hex]))
                shut = priorities.closed(f, s)
                reach = hexes.reach(s.hex, times, shut)
                goals = {h for h in hexes.ALL if hexes.distance(h, target.hex) <= s.range}
                dist = hexes.flood(goals, shut, s.hex)
                best = min(reach, key=lambda h: (dist.get(h, 10**6), reach[h], hexes.ORDER[h]))
                move_unit(ctx, s, best, T("hop.because.scion_move"))
        elif eff.do == "strike_closest":
            for _ in range(times):
                opp = foes(f, s)
                if not opp or f.result or not f.get("scion"):
                    break
                o = min(opp, key=lambda o: (hexes.distance(o.hex, s.hex), o.hp, hexes.ORDER[o.hex]))
                why = T("hop.because.scion_strike")
                ctx.step("strike", s, [s.hex, o.hex], "hop.ev.scion_strikes", why, unit=who(s), target=who(o))
                damage(ctx, o, 1, s)
        elif eff.do == "summon":
            for _ in range(times):
                rival_deploy(ctx, 1, 0)
        elif eff.do == "heal" and times:
            heal(s, times)
            ctx.step("regen", s, [s.hex], "hop.ev.regen", T("hop.because.scion_heal"), unit=who(s), hp=s.hp)
        if f.result or not f.get("scion"):
            return
