"""Your turn in a fight (seed 003 l.285-398): deploy one unit, play at most one tactic, move
each unit once (one after the other), abilities, then each unit attacks or uses its Special
once. A later step closes the earlier ones. With no unit in the arena you must deploy, or
surrender (l.306-307). `auto` plays the rest of your turn as the arena's rules would.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.hoplomachus import campaign, hexes, priorities, turn
from engine.hoplomachus import commands as c
from engine.hoplomachus.combat import (
    attack,
    attack_targets,
    can_act,
    can_move,
    foes,
    has,
    in_range,
    move_of,
    number,
)
from engine.hoplomachus.content import content
from engine.hoplomachus.ctx import Ctx, token_unit, who
from engine.hoplomachus.formation import fighter, hero_fighter
from engine.hoplomachus.state import Fighter, State
from engine.i18n import T

SPECIALS = ("agile", "heave", "longshot", "whirlwind", "reposition")


def mine(state: State) -> list[Fighter]:
    return turn.side_units(state.fight, "p")


def must_deploy(state: State) -> bool:
    return not mine(state) and turn.player_can_deploy_any(state)


def deploy_legal(state: State) -> list:
    f = state.fight
    if f.pstep > 0 or f.deployed:
        return []
    out, seen = [], set()
    free = turn.free_player_hexes(f)
    for token in f.player_camp:
        unit = "hero" if token == "hero" else token_unit(token)
        if unit in seen or not turn._slot_free(f, token):
            continue
        seen.add(unit)
        out += [c.Deploy(unit=unit, hex=h) for h in free]
    return out


def tactic_legal(state: State) -> list:
    f = state.fight
    if f.pstep > 1 or f.tactic_used:
        return []
    return [
        c.Tactic(tactic=t, target=u.hex)
        for t in sorted(set(state.tactics))
        for u in sorted(turn.tactic_targets(f, "p", t), key=lambda u: hexes.ORDER[u.hex])
    ]


def move_legal(state: State) -> list:
    f = state.fight
    if f.pstep > 2:
        return []
    out = []
    for u in mine(state):
        if u.moved or not can_move(u):
            continue
        reach = hexes.reach(u.hex, move_of(u), priorities.closed(f, u), has(u, "flight"))
        out += [c.Move(frm=u.hex, to=h) for h in sorted(reach, key=hexes.ORDER.get) if h != u.hex]
    return out


def ability_legal(state: State) -> list:
    f = state.fight
    if f.pstep > 3:
        return []
    out = []
    for u in mine(state):
        if u.dazed or u.fid in f.abil_done:
            continue
        for skill in ("hook", "hurl", "shove", "swap"):
            if has(u, skill):
                for target, dest in turn.displacements(f, u, skill):
                    cmd = c.Ability(
                        skill=skill,
                        actor=u.hex,
                        target=target.hex,
                        dest=dest if skill in ("hook", "hurl") else None,
                    )
                    if cmd not in out:
                        out.append(cmd)
    return out


def engage_legal(state: State) -> list:
    f = state.fight
    out = []
    for u in mine(state):
        if u.engaged or not can_act(u):
            continue
        targets = attack_targets(f, u)
        if has(u, "agile"):  # always Agile instead of an attack (l.572-575)
            out += [c.Special(actor=u.hex, target=o.hex) for o in targets]
        else:
            out += [c.Attack(actor=u.hex, target=o.hex) for o in targets]
        if has(u, "whirlwind") and any(hexes.distance(o.hex, u.hex) == 1 for o in foes(f, u)):
            out.append(c.Special(actor=u.hex))
        if has(u, "heave"):
            out += [c.Special(actor=u.hex, target=o.hex) for o in foes(f, u) if in_range(u, o, 3)]
        if not targets and has(u, "longshot"):
            out += [
                c.Special(actor=u.hex, target=o.hex)
                for o in foes(f, u)
                if in_range(u, o, number(u, "longshot"))
            ]
        if not targets and has(u, "reposition") and turn.can_move_now(u):
            reach = hexes.reach(u.hex, move_of(u), priorities.closed(f, u))
            out += [c.Special(actor=u.hex, dest=h) for h in sorted(reach, key=hexes.ORDER.get) if h != u.hex]
    return out


def fight_legal(state: State) -> list:
    f = state.fight
    if state.ask is not None:
        return [c.Pick(hex=h) for h in state.ask.options]
    if f.step != "player" or f.result:
        return []
    out: list = []
    if (
        f.pstep == 0 and state.blessings > 0 and f.kind != "scion" and not f.deployed
        and campaign.room(state) and any(not t.startswith("bane:") for t in state.bag)
    ):  # fmt: skip
        out.append(c.Reinforce())
    out += deploy_legal(state)
    if must_deploy(state):
        return out + [c.Auto()] + ([c.Surrender()] if f.kind not in ("primus", "scion") else [])
    out += tactic_legal(state) + move_legal(state) + ability_legal(state) + engage_legal(state)
    out += [c.End(), c.Auto()]
    if f.kind not in ("primus", "scion"):
        out.append(c.Surrender())  # never against a Primus or the Scion (l.139-140, l.154)
    return out


def advance(ctx: Ctx, to: int) -> None:
    f = ctx.fight
    if f.pstep < 3 <= to:
        turn.passive_abilities(ctx, "p")
    f.pstep = max(f.pstep, to)


def deploy_refusal(state: State, cmd: c.Deploy) -> IllegalCommand:
    """Why a deployment is refused, by the rule that forbids it (seed 003 l.302-307)."""
    f = state.fight
    if f.deployed:  # "une de vos unités": one deployment per turn (l.302)
        return IllegalCommand("hop.err.one_deploy")
    if f.pstep > 0:  # deployment is the turn's first step (l.294-307); a later step closed it
        return IllegalCommand("hop.err.deploy_over")
    tokens = {"hero" if t == "hero" else token_unit(t): t for t in f.player_camp}
    if not tokens:  # everything is in the arena already
        return IllegalCommand("hop.err.camp_empty")
    if cmd.unit not in tokens:  # the ids as typed after `dep` (`hero`, `kl_blade`)
        return IllegalCommand(
            "hop.err.deploy_unit", unit=cmd.unit, units=", ".join(f"`{u}`" for u in sorted(tokens))
        )
    if not turn._slot_free(f, tokens[cmd.unit]):  # the event's limit (l.303-305)
        return IllegalCommand("hop.err.deploy_limit", slots=f.slots)
    return IllegalCommand(
        "hop.err.deploy_hex", hex=cmd.hex, hexes=", ".join(turn.free_player_hexes(f)) or "-"
    )


STEP_OF = {
    "tac": (1, "tactic"),
    "mv": (2, "move"),
    "ab": (3, "abil"),
    "atk": (4, "engage"),
    "sp": (4, "engage"),
}


def step_refusal(state: State, cmd) -> IllegalCommand | None:
    """Why a tactic, move, ability, attack or Special is refused, by its rule (seed 003
    l.285-398): the steps come once each, in order; one tactic; each unit moves once and
    attacks or uses its Special once; a dazed unit does neither (l.558-559)."""
    f = state.fight
    if cmd.kind not in STEP_OF:
        return None
    order, step = STEP_OF[cmd.kind]
    if isinstance(cmd, c.Tactic) and f.tactic_used:
        return IllegalCommand("hop.err.one_tactic")
    if f.pstep > order:
        return IllegalCommand("hop.err.step_passed", step=T(f"hop.step.{step}"))
    actor = getattr(cmd, "frm", None) or getattr(cmd, "actor", None)
    u = f.at(actor) if actor else None
    if actor and (u is None or u.side != "p"):
        return IllegalCommand("hop.err.not_yours", hex=actor)
    if (
        u is not None
        and u.dazed
        and not (u.fresh and (has(u, "tactical") if order == 2 else has(u, "firststrike")))
    ):
        return IllegalCommand("hop.err.dazed", unit=who(u))
    if isinstance(cmd, c.Move) and u is not None and u.moved:
        return IllegalCommand("hop.err.moved", unit=who(u))
    if order == 4 and u is not None and u.engaged:
        return IllegalCommand("hop.err.engaged", unit=who(u))
    return None


def deploy(ctx: Ctx, unit: str, hexname: str) -> None:
    state, f = ctx.state, ctx.fight
    token = next(t for t in f.player_camp if t == unit or (t != "hero" and token_unit(t) == unit))
    f.player_camp.remove(token)
    u = hero_fighter(state, f.arena) if token == "hero" else fighter(token_unit(token), token, "p", f.arena)
    u.hex, u.dazed, u.fresh = hexname, True, True
    f.units.append(u)
    f.used_units.append(token)
    f.deployed = True
    ctx.step("deploy", u, [hexname], "hop.ev.deploy", unit=who(u))
    turn.enter_hex(ctx, u, hexname)


def apply_fight(ctx: Ctx, cmd) -> None:
    state = ctx.state
    f = state.fight
    if cmd not in fight_legal(state):
        if must_deploy(state) and not isinstance(cmd, c.Deploy | c.Pick):
            raise IllegalCommand("hop.err.must_deploy")  # l.306-307
        if isinstance(cmd, c.Surrender) and f.kind in ("primus", "scion"):
            raise IllegalCommand("hop.err.no_surrender", kind=T(f"hop.kind.{f.kind}"))  # l.139-140, l.154
        if isinstance(cmd, c.Deploy) and f.step == "player" and state.ask is None:
            raise deploy_refusal(state, cmd)
        if f.step == "player" and state.ask is None and not f.result:
            why = step_refusal(state, cmd)
            if why is not None:
                raise why
        raise IllegalCommand("hop.err.illegal_fight", command=cmd.kind)
    if isinstance(cmd, c.Pick):
        answer(ctx, cmd.hex)
    elif isinstance(cmd, c.Reinforce):
        campaign.reinforce(ctx)
    elif isinstance(cmd, c.Deploy):
        deploy(ctx, cmd.unit, cmd.hex)
    elif isinstance(cmd, c.Tactic):
        state.tactics.remove(cmd.tactic)
        f.tactic_used = True
        advance(ctx, 1)
        turn.play_tactic(ctx, cmd.tactic, f.at(cmd.target), "p")
    elif isinstance(cmd, c.Move):
        advance(ctx, 2)
        if not f.result:
            turn.move_unit(ctx, f.at(cmd.frm), cmd.to)
    elif isinstance(cmd, c.Ability):
        advance(ctx, 3)
        u, target = f.at(cmd.actor), f.at(cmd.target)
        if u and target and not f.result:
            f.abil_done.append(u.fid)
            dest = cmd.dest or next(d for t, d in turn.displacements(f, u, cmd.skill) if t.fid == target.fid)
            turn.use_displacement(ctx, u, target, dest, cmd.skill)
    elif isinstance(cmd, c.Attack):
        advance(ctx, 4)
        u = f.at(cmd.actor)
        if u and f.at(cmd.target) and not f.result:
            attack(ctx, u, f.at(cmd.target))
    elif isinstance(cmd, c.Special):
        advance(ctx, 4)
        u = f.at(cmd.actor)
        # the abilities step may have defeated the target (Fury Aura) on the way to engage
        if u and not f.result and (cmd.target is None or f.at(cmd.target) is not None):
            special(ctx, u, cmd)
    elif isinstance(cmd, c.Surrender):
        f.result = "fail"
        ctx.say("hop.ev.surrender")
    elif isinstance(cmd, c.End):
        end_turn(ctx)
    elif isinstance(cmd, c.Auto):
        auto(ctx)
    turn.check_win(ctx)
    if not f.result and f.step == "player" and not state.ask and isinstance(cmd, c.Pick):
        pass
    turn.settle(ctx)
    campaign.after_step(ctx)


def special(ctx: Ctx, u: Fighter, cmd: c.Special) -> None:
    f = ctx.fight
    skill = next(s for s in SPECIALS if has(u, s) and _fits(s, cmd, u, f))
    arg = f.at(cmd.target).fid if cmd.target else cmd.dest
    turn.use_special(ctx, u, skill, arg)


def _fits(skill: str, cmd: c.Special, u: Fighter, f) -> bool:
    if skill == "whirlwind":
        return cmd.target is None and cmd.dest is None
    if skill == "reposition":
        return cmd.dest is not None
    if skill == "agile":
        return cmd.target is not None and in_range(u, f.at(cmd.target))
    if skill == "heave":
        return cmd.target is not None and in_range(u, f.at(cmd.target), 3)
    return cmd.target is not None


def end_turn(ctx: Ctx) -> None:
    f = ctx.fight
    advance(ctx, 5)
    f.abil_done = []
    if not f.result:
        turn.end_side(ctx, "p")


def answer(ctx: Ctx, hexname: str) -> None:
    """The player's answer to a rival-turn question."""
    state, f = ctx.state, ctx.fight
    ask = state.ask
    state.ask = None
    picked = f.at(hexname)
    side = "r" if f.step == "rival" else "a"
    if ask.kind == "next":
        turn.side_step(ctx, side, chosen=picked.fid)
    elif ask.kind == "tactic":
        turn.rival_tactic(ctx, chosen=picked.fid)
    else:
        actor = f.get(ask.actor)
        if ask.actor in f.pending:
            f.pending.remove(ask.actor)
        if actor is None:
            return
        if ask.kind == "mark":
            turn.act(ctx, actor, mark=picked.fid)
        else:
            turn.engage(ctx, actor, target=picked.fid)


# ----------------------------------------------------------------------------- auto


def auto_deploy(ctx: Ctx) -> None:
    state, f = ctx.state, ctx.fight
    options = deploy_legal(state)
    if not options:
        return
    units = {d.unit for d in options}
    others = [u for u in units if u != "hero"]
    # the hero comes in only when it must, or against a Primus or the Scion: losing it
    # costs a Blessing or the campaign
    hero_ok = "hero" in units and (
        not mine(state) or state.hero_hp >= 5 or (f.kind in ("primus", "scion") and state.hero_hp >= 3)
    )

    def strength(u: str) -> int:
        d = content().units[u]
        return d.health + 2 * len(d.dice)

    if hero_ok and f.kind in ("primus", "scion"):
        unit = "hero"  # against a Primus or the Scion the whole troop fights together
    elif others:
        unit = max(others, key=lambda u: (strength(u), u))
    elif hero_ok:
        unit = "hero"
    else:
        return
    foes_hexes = [u.hex for u in f.units if u.side != "p" and u.hex]
    hexes_ok = [d.hex for d in options if d.unit == unit]
    best = min(
        hexes_ok, key=lambda h: (min((hexes.distance(h, x) for x in foes_hexes), default=0), hexes.ORDER[h])
    )
    deploy(ctx, unit, best)


def auto(ctx: Ctx) -> None:
    """Deploy if you may, then move and engage each unit by the list in
    `priorities.player_priorities`, never attacking the Tribune; then end the turn."""
    state, f = ctx.state, ctx.fight
    if f.pstep == 0 and not f.deployed:
        auto_deploy(ctx)
    if f.result:
        return
    advance(ctx, 2)
    for u in list(mine(state)):
        if f.result or not f.get(u.fid) or u.moved or not can_move(u):
            continue
        p = priorities.plan(f, u)
        turn.move_unit(ctx, u, p.dest)
    advance(ctx, 4)
    for u in list(mine(state)):
        if f.result or not f.get(u.fid) or u.engaged or not can_act(u):
            continue
        sp = turn.special_use(ctx, u)
        if sp and not (sp[1] and f.get(sp[1]) and f.get(sp[1]).tribune):
            turn.use_special(ctx, u, sp[0], sp[1])
            continue
        targets = [o for o in attack_targets(f, u) if not o.tribune]
        if targets:
            attack(ctx, u, min(targets, key=lambda o: (o.side == "a", o.hp, hexes.ORDER[o.hex])))
    if not f.result:
        end_turn(ctx)
