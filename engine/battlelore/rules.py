"""`legal` and `apply` for every step, and the automatic steps between decisions."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from pydantic import ValidationError

from engine.battlelore import combat, field, hexes, lore, setup, turn
from engine.battlelore import commands as c
from engine.battlelore.content import content
from engine.battlelore.context import Ctx
from engine.battlelore.state import State, clone, uid
from engine.errors import IllegalCommand
from engine.protocol import Outcome, Role

OWN_TURN = ("card", "activate", "move", "fight")  # steps where Lore (turn) and mend are open


def active(state: State) -> frozenset[Role]:
    if state.winners is not None:
        return frozenset()
    return frozenset(state.who)


# ---------------------------------------------------------------- legal


def legal(state: State, role: Role) -> list:
    if role not in active(state):
        return []
    step = state.step
    out: list = []
    if step == "map":
        out = [c.Map(layout=m) for m in setup.layouts()]
    elif step == "side":
        out = [c.Side(edge="s"), c.Side(edge="n")]
    elif step == "people":
        out = [c.People(people=p) for p in sorted(content().peoples)]
    elif step == "army":
        out = presets(state, role)
    elif step == "site":
        out = [c.Site(hex=h) for h in setup.site_hexes(state, role)]
    elif step == "place":
        hx = setup.terrain_hexes(state)
        out = [c.Place(terrain=t, hex=h) for t in sorted(set(state.sides[role].to_place)) for h in hx]
    elif step == "deploy":
        for u in setup.undeployed(state, role):
            aid = u.id.split(".", 1)[1]
            out += [c.Deploy(unit=aid, hex=h) for h in setup.deploy_hexes(state, u)]
    elif step == "mana":
        out = [c.Mana(hex=h, n=n) for h, n in setup.mana_targets(state, role)] + [c.Done()]
    elif step == "card":
        out = card_plays(state, role)
    elif step == "activate":
        t = state.turn
        card = turn.card_def(t.card, t.extra)
        out = [
            c.Act(hex=u.hex)
            for u in sorted(state.alive(role), key=lambda u: u.hex or "")
            if turn.eligible(state, u, card, t.mode, t.activated)
        ] + [c.Go()]
    elif step == "olore":
        out = [c.Lore(god=g, hex=h) for g, h in lore.options(state, role)] + [c.Pass()]
    elif step in ("move", "fight"):
        if step == "move":
            out = [c.Move(frm=f, to=t) for f, t in turn.moves(state, role)]
        out += attacks(state, role) + [c.End()]
    elif step == "offer":
        out = [c.Offer(god=g) for g in sorted(state.sides[role].gods)]
    elif step == "window":
        abilities, gods = combat.window_options(state, role)
        out = [c.Use(ability=a) for a in abilities] + [c.Lore(god=g) for g in gods] + [c.Done()]
    elif step == "retreat":
        out = [c.Retreat(to=h) for h in sorted(state.extra_data["retreat"])]
    elif step == "advance":
        out = [c.Advance(), c.Stay()]
    elif step == "mobility":
        a = state.units[state.attack.att]
        out = [c.Mobility(to=h) for h in sorted(combat.mobility_options(state, a))] + [c.Stay()]
    elif step == "riposte":
        at = state.attack
        d, a = state.units[at.dfd], state.units[at.att]
        out = [c.Riposte(ranged=r) for r in combat.attack_modes(state, d, a)] + [c.Pass()]
    elif step == "pursue":
        a = state.units[state.attack.att]
        spots = combat.pursuit_options(state, a)
        out = [c.Pursue(to=h) for h in spots if h != a.hex] + pursuit_attacks(state, a) + [c.Stay()]
    elif step == "pattack":
        out = pursuit_attacks(state, state.units[state.attack.att])
    elif step == "pantheon":
        out = pantheon_choices(state, role)
    elif step == "give":
        out = [c.Give(hex=h) for h in turn.give_targets(state, role)] + [c.Give(hex=None)]
    if step in OWN_TURN:
        out += [c.Lore(god=g, hex=h) for g, h in lore.options(state, role)]
        out += [c.Use(ability="mend", hex=h) for h in lore.mend_options(state, role)]
    return out


def presets(state: State, role: Role) -> list:
    from engine.battlelore import army as musters

    side = state.sides[role]
    enemy = state.sides[state.other(role)].people
    out = []
    for pid, p in sorted(content().presets.items()):
        if p.people != side.people:
            continue
        try:
            musters.validate(
                setup.expand(state, role, c.Army(preset=pid)),
                side.people,
                enemy,
                setup.points(state),
                state.options.deities,
            )
        except IllegalCommand:
            continue
        out.append(c.Army(preset=pid))
    return out


def card_plays(state: State, role: Role) -> list:
    side = state.sides[role]
    out = []
    for cid in sorted(set(side.hand)):
        out += [c.Play(card=cid), c.Play(card=cid, mode="any")]
    for cid in sorted(set(side.extra)):
        out += [c.Play(card=cid, extra=True), c.Play(card=cid, extra=True, mode="any")]
        out.append(c.Play(card=cid, extra=True, mode="mana"))
    return out


def attacks(state: State, role: Role) -> list:
    t = state.turn
    enemies = [u for u in state.alive(state.other(role)) if u.hex]
    out = []
    for i in t.activated:
        a = state.units.get(i)
        if a is None or i in t.attacked:
            continue
        for d in enemies:
            for r in combat.attack_modes(state, a, d):
                out.append(c.Attack(frm=a.hex, to=d.hex, ranged=r))
    return out


def pursuit_attacks(state: State, a) -> list:
    out = []
    for d in field.adjacent_units(state, a.hex):
        if d.owner != a.owner:
            out += [c.Attack(frm=a.hex, to=d.hex, ranged=r) for r in combat.attack_modes(state, a, d)]
    return out


def pantheon_choices(state: State, role: Role) -> list:
    gods = state.sides[role].gods
    names = sorted(gods)
    out = [c.Pantheon(choice="mana", gods=(g,)) for g in names]
    cyclable = [g for g in names if len(gods[g].deck) >= 2]
    for k in range(1, len(cyclable) + 1):
        out += [c.Pantheon(choice="cycle", gods=combo) for combo in combinations(cyclable, k)]
    if any(gods[g].mana for g in names) and turn.give_targets(state, role):
        out.append(c.Pantheon(choice="give"))
    return out


# ---------------------------------------------------------------- apply


def apply(state: State, role: Role, command: Any) -> Outcome:
    if state.winners is not None:
        raise IllegalCommand("core.err.game_over")
    if role not in active(state):
        raise IllegalCommand("core.err.not_your_turn")
    try:
        cmd = c.COMMAND.validate_python(command) if isinstance(command, dict) else command
    except ValidationError:
        raise IllegalCommand("bl.err.bad_command") from None
    ctx = Ctx(clone(state))
    _dispatch(ctx, role, cmd)
    settle(ctx)
    trail(state, ctx.state, cmd)
    return Outcome(state=ctx.state, events=ctx.events, reveals=ctx.reveals)


def trail(old: State, new: State, cmd) -> None:
    """The turn's public movements and attacks so far, for the board's arrows: [kind, from,
    to]; a new Command card starts a new trail. Deployment (hidden) is never recorded."""
    t = [] if isinstance(cmd, c.Play) else list(old.extra_data.get("trail", []))
    if isinstance(cmd, c.Attack):
        t.append(["fire" if cmd.ranged else "atk", cmd.frm, cmd.to])
    elif isinstance(cmd, c.Riposte) and old.attack is not None:
        t.append(
            ["fire" if cmd.ranged else "atk", old.units[old.attack.dfd].hex, old.units[old.attack.att].hex]
        )
    kind = {c.Retreat: "ret", c.Pursue: "pur", c.Advance: "pur", c.Mobility: "pur"}.get(type(cmd), "mv")
    for k, u in new.units.items():
        was = old.units.get(k)
        if was is not None and was.hex and u.hex and was.hex != u.hex:
            t.append([kind, was.hex, u.hex])
    if t or "trail" in old.extra_data:
        new.extra_data["trail"] = t[-12:]


def _wrong(step: str) -> IllegalCommand:
    return IllegalCommand(f"bl.err.step.{step}")


def _hex(h: str | None) -> str | None:
    if h is None:
        return None
    if hexes.to_hex(h) is None:
        raise IllegalCommand("bl.err.bad_hex", hex=h)
    return h.lower()


def _dispatch(ctx: Ctx, role: Role, cmd) -> None:
    state = ctx.state
    step = state.step
    if step in OWN_TURN and isinstance(cmd, c.Lore):
        lore.play(ctx, role, cmd.god, _hex(cmd.hex))
        return
    if step in OWN_TURN and isinstance(cmd, c.Use) and cmd.ability == "mend":
        lore.mend(ctx, role, _hex(cmd.hex) or "")
        return
    match step, cmd:
        case "map", c.Map():
            setup.choose_map(ctx, role, cmd.layout)
        case "side", c.Side():
            setup.choose_side(ctx, role, cmd.edge)
        case "people", c.People():
            setup.choose_people(ctx, role, cmd.people)
        case "army", c.Army():
            setup.muster(ctx, role, cmd)
        case "site", c.Site():
            setup.place_site(ctx, role, _hex(cmd.hex))
        case "place", c.Place():
            setup.place_terrain(ctx, role, cmd.terrain, _hex(cmd.hex))
        case "deploy", c.Deploy():
            setup.deploy(ctx, role, cmd.unit, _hex(cmd.hex))
        case "mana", c.Mana():
            setup.place_mana(ctx, role, _hex(cmd.hex), cmd.n)
        case "mana", c.Done():
            setup.place_mana(ctx, role, None, 0)
        case "card", c.Play():
            turn.play_card(ctx, role, cmd.card, cmd.extra, cmd.mode)
        case "activate", c.Act():
            turn.activate(ctx, role, _hex(cmd.hex))
        case "activate", c.Go():
            turn.finish_activation(ctx)
        case "olore", c.Lore():
            lore.play(ctx, role, cmd.god, _hex(cmd.hex))
            state.step, state.who = "move", [state.turn.role]
        case "olore", c.Pass():
            state.step, state.who = "move", [state.turn.role]
        case "move", c.Move():
            turn.move(ctx, role, _hex(cmd.frm), _hex(cmd.to))
        case (("move" | "fight"), c.Attack()):
            start_attack(ctx, role, cmd)
        case (("move" | "fight" | "olore"), c.Act()) if state.turn is not None and state.turn.card:
            raise turn.activation_refusal(state, role)
        case (("move" | "fight"), c.End()):
            state.attack = None
            turn.end_turn(ctx)
        case "offer", c.Offer():
            if cmd.god not in state.sides[role].gods:
                raise IllegalCommand("bl.err.bad_gods")
            state.sides[role].gods[cmd.god].mana += 1
            state.attack.offerings -= 1
            combat_flow(ctx)
        case "window", c.Use():
            combat.use_ability(ctx, role, cmd.ability)
            combat_flow(ctx)
        case "window", c.Lore():
            combat.play_lore_in_attack(ctx, role, cmd.god)
            combat_flow(ctx)
        case "window", c.Done():
            state.attack.windows.pop(0)
            combat_flow(ctx)
        case "retreat", c.Retreat():
            combat.do_retreat(ctx, _hex(cmd.to))
            combat_flow(ctx)
        case "advance", c.Advance():
            at = state.attack
            a = state.units[at.att]
            a.hex = at.target_hex
            at.advanced = True
            ctx.say("bl.ev.advance", unit=combat.uname(a))
            combat_flow(ctx)
        case (("advance" | "mobility"), c.Stay()):
            combat_flow(ctx)
        case "mobility", c.Mobility():
            a = state.units[state.attack.att]
            if cmd.to not in combat.mobility_options(state, a):
                raise IllegalCommand("bl.err.cannot_move", frm=a.hex, to=cmd.to)
            frm, a.hex = a.hex, _hex(cmd.to)
            ctx.say("bl.ev.mobility", unit=combat.uname(a), frm=frm)
            combat_flow(ctx)
        case "riposte", c.Riposte():
            at = state.attack
            d, a = state.units[at.dfd], state.units[at.att]
            combat.declare(ctx, d, a, cmd.ranged, riposte=True)
            combat_flow(ctx)
        case "riposte", c.Pass():
            combat_flow(ctx)
        case "pursue", c.Pursue():
            a = state.units[state.attack.att]
            to = _hex(cmd.to)
            if to not in combat.pursuit_options(state, a) or to == a.hex:
                raise IllegalCommand("bl.err.cannot_move", frm=a.hex, to=to)
            frm, a.hex = a.hex, to
            ctx.say("bl.ev.pursuit", unit=combat.uname(a), frm=frm)
            state.turn.pursued.append(a.id)
            state.step = "pattack"
        case (("pursue" | "pattack"), c.Attack()):
            a = state.units[state.attack.att]
            if c.Attack(frm=cmd.frm, to=cmd.to, ranged=cmd.ranged) not in pursuit_attacks(state, a):
                raise IllegalCommand("bl.err.cannot_attack", unit=combat.uname(a), target=cmd.to)
            if a.id not in state.turn.pursued:
                state.turn.pursued.append(a.id)
            combat.declare(ctx, a, state.unit_at(cmd.to), cmd.ranged, pursuit=True)
            combat_flow(ctx)
        case "pursue", c.Stay():
            finish_attack(ctx)
        case "pantheon", c.Pantheon():
            turn.pantheon(ctx, role, cmd.choice, cmd.gods)
        case "give", c.Give():
            turn.give(ctx, role, _hex(cmd.hex))
        case _:
            raise _wrong(step)


def start_attack(ctx: Ctx, role: Role, cmd: c.Attack) -> None:
    state = ctx.state
    if cmd not in attacks(state, role):
        a = state.unit_at(cmd.frm)
        raise IllegalCommand("bl.err.cannot_attack", unit=combat.uname(a) if a else cmd.frm, target=cmd.to)
    a, d = state.unit_at(cmd.frm), state.unit_at(cmd.to)
    state.turn.fighting = True  # 002 l.244: every move is made before the first attack
    state.turn.attacked.append(a.id)
    combat.declare(ctx, a, d, cmd.ranged)
    combat_flow(ctx)


def combat_flow(ctx: Ctx) -> None:
    """Run the attack until someone must decide, or it is over."""
    state = ctx.state
    at = state.attack
    while True:
        if at.stage == "roll":
            r = combat.offer_needed(state)
            if r is not None:
                state.step, state.who = "offer", [r]
                return
            waiting = False
            while at.windows:
                role = at.windows[0]
                abilities, gods = combat.window_options(state, role)
                if abilities or gods:
                    state.step, state.who = "window", [role]
                    waiting = True
                    break
                at.windows.pop(0)
            if waiting:
                return
            combat.resolve(ctx)
            continue
        if at.stage == "retreat":
            options = state.extra_data["retreat"]
            if len(options) == 1:
                combat.do_retreat(ctx, next(iter(options)))
                continue
            state.step, state.who = "retreat", [state.units[at.dfd].owner]
            return
        nxt = combat.post_options(state)
        if nxt is None:
            finish_attack(ctx)
            return
        owner = state.units[at.dfd if nxt == "riposte" else at.att].owner
        state.step, state.who = nxt, [owner]
        return


def finish_attack(ctx: Ctx) -> None:
    state = ctx.state
    state.attack = None
    state.extra_data.pop("dfd_mob", None)
    state.step, state.who = "fight", [state.turn.role]


def settle(ctx: Ctx) -> None:
    """Automatic steps: activation closes when nobody else can join; the opponent's Lore
    window opens after it when they can play a card; a turn with nothing left to do ends."""
    state = ctx.state
    for _ in range(50):
        if state.winners is not None:
            state.who = []
            return
        if state.step == "card" and not card_plays(state, state.turn.role):
            ctx.say("bl.ev.no_card", role=state.turn.role)
            turn.end_turn(ctx)
            continue
        if state.step == "activate" and not turn.activation_open(state):
            turn.finish_activation(ctx)
            continue
        if state.step == "move" and not state.turn.olore_done:
            state.turn.olore_done = True
            other = state.other(state.turn.role)
            if lore.options(state, other):
                state.step, state.who = "olore", [other]
                return
            continue
        if state.step in ("move", "fight") and state.attack is None:
            role = state.turn.role
            if (
                not turn.moves(state, role)
                and not attacks(state, role)
                and not lore.options(state, role)
                and not lore.mend_options(state, role)
            ):
                turn.end_turn(ctx)
                continue
        return


def unit_for(state: State, role: Role, aid: str):
    return state.units.get(uid(role, aid))
