"""Resolving attacks, step by step: 000 §II "Un combat se déroule de la façon suivante".

1-2 the attacker names the units and the kind of attack (activation.py), 3 the defender
reacts (reactions.py), 4 talents, attacker first then defender, 5 the difficulty is the
target's Defense, 6 the roll (dice.py), 7 one wound per success. A counter-attack runs
from step 4 and its wounds land at the same time (001 l.702). Each wound turns the top card
of the stack; a unit with no card left is destroyed (001 §"Destroyed Units").
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.mythic import dice, readings
from engine.mythic.board import name, neighbours
from engine.mythic.commands import AuraReroll, Boost, Done, Optimal, Pass, Plus, Reroll, Use, Zero
from engine.mythic.context import Ctx
from engine.mythic.reactions import open_react_window, own_unit
from engine.mythic.state import AttackRecord, Combat, Frame, State, Strike, Unit
from engine.mythic.talents import PLUS_TAG, affordable, chosen, cost_of, pay, pay_plus, worth_asking
from engine.mythic.units import RAGE, card, flying, name_of, raging, talent
from engine.mythic.victory import check_victory

COMBAT_FRAMES = ("react", "talents", "dice", "wounds")
# talents announced at step 4 that change the roll (000 §"Force Impie", "Débordement", "Boulets explosifs")
BONUS_TALENTS = {"cc": ("unholy_strength", "overrun"), "ra": ("explosive_shells",)}
ZERO_TALENTS = {"cc": "skilled_melee", "bite": "skilled_melee", "ra": "skilled_shot"}


def begin(ctx: Ctx, strikes: list[Strike]) -> None:
    state = ctx.state
    state.combat = Combat(strike=strikes[0], queue=strikes[1:])
    first = strikes[0]
    attacker = state.unit(first.attacker)
    ctx.say(
        f"mythic.ev.attack_{first.kind}",
        role=attacker.owner,
        unit=name_of(attacker),
        targets=[name_of(state.unit(s.target)) for s in strikes],
    )


def sides(state: State, tag: str) -> tuple[Unit, Unit, str | None]:
    """(unit acting for this side, the unit it faces, the kind of roll it makes or None)."""
    c = state.combat
    att, tgt = state.unit(c.strike.attacker), state.unit(c.strike.target)
    if tag == "att":
        return att, tgt, c.strike.kind
    return tgt, att, ("cc" if c.counter else None)


def used(state: State, unit: Unit, tag: str) -> bool:
    return tag in state.combat.used.get(unit.uid, [])


def mark(state: State, unit: Unit, tag: str) -> None:
    state.combat.used.setdefault(unit.uid, []).append(tag)


def has_bonus(state: State, unit: Unit, talent_id: str) -> bool:
    """Announced this strike, or free and so applied by itself (readings)."""
    if used(state, unit, talent_id):
        return True
    cost = cost_of(state, unit, talent_id)
    return cost is not None and readings.talent_applies_by_itself(cost)


# ------------------------------------------------------------------------------ numbers


def on_hill(state: State, unit: Unit) -> bool:
    return not flying(unit) and state.board.terrain[unit.sq] == "h"


def terrain_defence(state: State, unit: Unit, kind: str, attacker_flies: bool) -> int:
    """001 §"Terrain Effects" for a ground unit: Hill -1 and Forest +1 against flyers and
    ranged attacks (not cumulative), Ruins +1 against ranged attacks."""
    if flying(unit):
        return 0
    ranged = kind == "ra"
    ground = state.board.terrain[unit.sq]
    if ground == "h" and (ranged or attacker_flies):
        return -1
    if ground == "f" and (ranged or attacker_flies):
        return 1
    if ground == "r" and ranged:
        return 1
    return 0


def dice_count(state: State, unit: Unit, foe: Unit, kind: str, printed: int) -> int:
    if kind in ("bite", "bombard"):
        return printed  # the dice printed beside the talent
    line = card(state, unit)
    count = line.cc if kind == "cc" else line.ra
    if on_hill(state, unit) and not on_hill(state, foe):
        count += 1  # 001 §"Hill": +1 CC and ranged against units not on a hill
    if used(state, unit, PLUS_TAG + kind):
        count += 1
    if kind == "cc" and has_bonus(state, unit, "unholy_strength"):
        count += 1  # 000 §"Force Impie"
    return count


def difficulty(state: State, unit: Unit, foe: Unit, kind: str, terrain_unit: Unit) -> int:
    """Step 5: the target's Defense, its terrain (the original target's when defended,
    001 l.748), a bought "+", and the attacker's talents."""
    value = card(state, foe).defense + used(state, foe, PLUS_TAG + "def")
    value += terrain_defence(state, terrain_unit, kind, flying(unit) or kind == "bombard")
    if kind == "cc" and has_bonus(state, unit, "overrun") and unit.vit >= foe.vit:
        value -= 1  # 000 §"Débordement"
    if kind == "ra" and has_bonus(state, unit, "explosive_shells") and not flying(foe):
        value -= 1  # 000 §"Boulets explosifs"
    return max(1, value)


def aura_applies(state: State, unit: Unit) -> bool:
    """000 §"Aura de force": the unit and its adjacent allies re-roll one die per attack."""
    near = set(neighbours(state.board, unit.sq)) | {unit.sq}
    return any(
        state.unit(uid).sq in near and readings.allied(state.unit(uid).owner, unit.owner)
        for uid in state.turn.aura
    )


def make_roll(ctx: Ctx, unit: Unit, foe: Unit, kind: str, terrain_unit: Unit, tag: str) -> dice.Roll:
    state = ctx.state
    zero = ZERO_TALENTS.get(kind)
    zero_cost = cost_of(state, unit, zero) if zero else None
    roll = dice.new_roll(
        dice_count(state, unit, foe, kind, state.combat.strike.dice),
        ctx.face,
        role=unit.owner,
        unit=unit.uid,
        kind=kind,
        difficulty=difficulty(state, unit, foe, kind, terrain_unit),
        mode=state.options.reroll_fives,
        zero_talent=zero if zero_cost is not None else None,
        zero_cost=zero_cost or 0,
        aura=aura_applies(state, unit),
    )
    ctx.say(
        "mythic.ev.roll",
        role=unit.owner,
        unit=name_of(unit),
        faces=[d.last for d in roll.dice] or "-",
        difficulty=roll.difficulty,
    )
    if dice.has_choice(roll, state.sides[unit.owner].pp):
        state.stack.append(Frame(kind="dice", role=unit.owner, tag=tag))
    else:
        finish_roll(ctx, roll)
    return roll


def finish_roll(ctx: Ctx, roll: dice.Roll) -> None:
    roll.done = True
    unit = ctx.state.unit(roll.unit)
    totals = [d.total for d in roll.dice if d.live]
    ctx.say(
        "mythic.ev.roll_result",
        role=unit.owner,
        unit=name_of(unit),
        totals=totals or "-",
        successes=roll.successes,
    )


# ------------------------------------------------------------------------------ the steps


def step(ctx: Ctx) -> None:
    """Advance the combat by one automatic step; a step needing a decision pushes a frame."""
    state = ctx.state
    c = state.combat
    att, tgt = state.unit(c.strike.attacker), state.unit(c.strike.target)
    if c.step == "react":
        c.step = "att_talents" if att.vit > 0 and tgt.vit > 0 else "next"
        if c.step == "att_talents":
            open_react_window(state)
    elif c.step in ("att_talents", "def_talents"):
        tag = "att" if c.step == "att_talents" else "def"
        c.step = "def_talents" if tag == "att" else "roll"
        role = att.owner if tag == "att" else tgt.owner
        if worth_asking(state, role, [cost for _, cost in talent_choices(state, tag)]):
            state.stack.append(Frame(kind="talents", role=role, tag=tag))
    elif c.step == "roll":
        c.step = "counter_roll"
        original = state.unit(c.strike.original) if readings.defence_terrain_of_original() else tgt
        c.att_roll = make_roll(ctx, att, tgt, c.strike.kind, original, "att")
    elif c.step == "counter_roll":
        c.step = "wounds"
        if c.counter:
            c.def_roll = make_roll(ctx, tgt, att, "cc", att, "def")
    elif c.step == "wounds":
        c.step = "wounds_att"
        _pending_wounds(ctx)
    elif c.step in ("wounds_att", "wounds_def"):
        tag = "att" if c.step == "wounds_att" else "def"
        c.step = "wounds_def" if tag == "att" else "resolve"
        unit = att if tag == "att" else tgt
        if worth_asking(state, unit.owner, [cost for _, cost in wound_choices(state, tag)]):
            state.stack.append(Frame(kind="wounds", role=unit.owner, tag=tag))
    elif c.step == "resolve":
        c.step = "next"
        _resolve(ctx)
    elif c.step == "evaded":
        c.step = "next"
        state.last_attack = AttackRecord(attacker=att.uid, target=tgt.uid, kind=c.strike.kind, evaded=True)
        ctx.say("mythic.ev.evaded", role=tgt.owner, unit=name_of(tgt))
    elif c.step == "next":
        _next_strike(state)


def _next_strike(state: State) -> None:
    c = state.combat
    while c.queue:
        strike, rest = c.queue[0], c.queue[1:]
        if state.unit(strike.attacker).vit > 0 and state.unit(strike.target).vit > 0:
            state.combat = Combat(strike=strike, queue=rest)
            return
        c.queue = rest
    state.combat = None


def _pending_wounds(ctx: Ctx) -> None:
    """Step 7, with the counter-attack's wounds: both land together (001 l.702)."""
    state = ctx.state
    c = state.combat
    wounds = {c.strike.target: c.att_roll.successes}
    if c.counter:
        wounds[c.strike.attacker] = c.def_roll.successes
    if c.retreat and wounds[c.strike.target] > 0:  # 000 §"Retraite": one wound cancelled
        wounds[c.strike.target] -= 1
        c.cancelled[c.strike.target] = c.cancelled.get(c.strike.target, 0) + 1
    c.wounds = wounds


def _resolve(ctx: Ctx) -> None:
    state = ctx.state
    c = state.combat
    att, tgt = state.unit(c.strike.attacker), state.unit(c.strike.target)
    judges = {u.uid: talent(state, u, "judgment_of_souls") is not None for u in (att, tgt)}
    destroyed = []
    for uid, count in c.wounds.items():
        unit = state.unit(uid)
        if count <= 0:
            continue
        vit = max(0, unit.vit - count)  # 001 §"Wounds": one card turned per wound
        # 001 §"Destroyed Units": with no card left the token leaves the battlefield
        unit = state.set_unit(uid, vit=vit, sq=unit.sq if vit else None)
        ctx.say("mythic.ev.wounds", role=unit.owner, unit=name_of(unit), wounds=count, vitality=unit.vit)
        if unit.vit == 0:
            destroyed.append(uid)
            ctx.say("mythic.ev.destroyed", role=unit.owner, unit=name_of(unit))
    for victim in destroyed:
        killer = att if victim == tgt.uid else tgt
        if judges[killer.uid]:  # 000 §"Jugement des Âmes": +2 power points
            state.sides[killer.owner].pp += 2
            ctx.say("mythic.ev.judgment", role=killer.owner, unit=name_of(killer))
    tgt = state.unit(tgt.uid)
    if c.retreat and tgt.vit > 0:
        _step_back(ctx, tgt)
    state.last_attack = AttackRecord(
        attacker=att.uid,
        target=tgt.uid,
        kind=c.strike.kind,
        att_roll=c.att_roll,
        def_roll=c.def_roll,
        wounds=dict(c.wounds),
        destroyed=destroyed,
    )
    check_victory(ctx)


def _step_back(ctx: Ctx, unit: Unit) -> None:
    state = ctx.state
    x, y = readings.retreat_step(state.board.xy(unit.sq), state.board.xy(state.combat.strike.origin))
    sq = state.board.at(x, y)
    if sq is not None and state.unit_at(sq) is None:
        unit = state.set_unit(unit.uid, sq=sq)
        ctx.say("mythic.ev.retreat", role=unit.owner, unit=name_of(unit), square=name(state.board, sq))


# ------------------------------------------------------------------------------ talents (step 4)


def talent_choices(state: State, tag: str) -> list[tuple[object, int]]:
    """What a side may announce at step 4, with each cost (000 §6: attacker first)."""
    unit, foe, kind = sides(state, tag)
    line = card(state, unit)
    out: list[tuple[object, int]] = []
    if kind in ("cc", "ra"):
        if kind in line.plus and not used(state, unit, PLUS_TAG + kind):
            out.append((Plus(stat=kind), 1))
        for tid in BONUS_TALENTS[kind]:
            cost = cost_of(state, unit, tid)
            if cost is None or readings.talent_applies_by_itself(cost) or used(state, unit, tid):
                continue
            if (tid == "overrun" and unit.vit < foe.vit) or (tid == "explosive_shells" and flying(foe)):
                continue
            out.append((Use(talent=tid, unit=unit.card), cost))
    if _attacked(state, tag) and "def" in line.plus and not used(state, unit, PLUS_TAG + "def"):
        out.append((Plus(stat="def"), 1))
    if tag == "def" and kind == "cc" and not raging(state, unit):
        # a counter-attack is an activation (001 Lexicon "Activate"; l.750): Rage of the
        # Lion may be announced with its talents, for this combat (readings)
        cost = cost_of(state, unit, RAGE)
        if cost is not None:
            out.append((Use(talent=RAGE, unit=unit.card), cost))
    if kind is not None:
        near = set(neighbours(state.board, unit.sq)) | {unit.sq}
        for ally in state.alive(unit.owner):
            cost = cost_of(state, ally, "aura_of_strength")
            if cost is not None and ally.sq in near and ally.uid not in state.turn.aura:
                out.append((Use(talent="aura_of_strength", unit=ally.card), cost))
    return out


def _attacked(state: State, tag: str) -> bool:
    """Whether this side's unit is rolled against in this combat: the target always, the
    attacker when counter-attacked, since a counter-attack is "similar to an Attack, starting
    from step 4" (001 l.695; 000 l.707) and buying a "+" is a talent announced at step 4
    (001 l.78, l.507, l.796-798; 000 l.88, l.524, l.803-805)."""
    return tag == "def" or state.combat.counter


def talents_legal(state: State, role: str) -> list:
    """The attacker's step ends with `done`; the defender's, a window in the opponent's
    turn, with `pass`."""
    close = Done() if state.top.tag == "att" else Pass()
    return affordable(state, role, talent_choices(state, state.top.tag)) + [close]


def talents_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    tag = state.top.tag
    unit, _, _ = sides(state, tag)
    if isinstance(cmd, Done if tag == "att" else Pass):
        state.stack.pop()
        return
    cost = chosen(cmd, talent_choices(state, tag))
    if isinstance(cmd, Plus):
        pay_plus(ctx, unit, cmd.stat)
        mark(state, unit, PLUS_TAG + cmd.stat)
    elif cmd.talent == "aura_of_strength":
        ally = own_unit(state, role, cmd.unit)
        pay(ctx, ally, cmd.talent, cost)
        state.turn.aura.append(ally.uid)
    else:
        pay(ctx, unit, cmd.talent, cost)
        mark(state, unit, cmd.talent)
    if not worth_asking(state, role, [cost for _, cost in talent_choices(state, tag)]):
        state.stack.pop()


# ------------------------------------------------------------------------------ dice (step 6)


def current_roll(state: State) -> dice.Roll:
    c = state.combat
    return c.att_roll if state.top.tag == "att" else c.def_roll


def dice_legal(state: State, role: str) -> list:
    roll = current_roll(state)
    pp = state.sides[role].pp
    out: list = [Optimal(), Done()]
    out += [Boost(spend=i + 1, onto=j + 1) for i, j in dice.boosts(roll)]
    out += [Reroll(dice=tuple(i + 1 for i in s)) for s in dice.reroll_sets(roll)]
    out += [Zero(die=i + 1) for i in dice.zero_rerolls(roll, pp)]
    out += [AuraReroll(die=i + 1) for i in dice.aura_rerolls(roll)]
    return out


def dice_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    roll = current_roll(state)
    side = state.sides[role]
    if isinstance(cmd, Optimal):
        dice.play_optimal(roll, ctx.face)
    elif isinstance(cmd, Done):
        roll.done = True
    elif isinstance(cmd, Boost):
        if (cmd.spend - 1, cmd.onto - 1) not in dice.boosts(roll):
            raise IllegalCommand("mythic.err.cannot_boost", spend=cmd.spend, onto=cmd.onto)
        dice.boost(roll, cmd.spend - 1, cmd.onto - 1)
    elif isinstance(cmd, Reroll):
        chosen = [i - 1 for i in cmd.dice]
        if not chosen or len(set(chosen)) != len(chosen) or any(i not in dice.fives(roll) for i in chosen):
            raise IllegalCommand("mythic.err.cannot_reroll")
        dice.reroll(roll, chosen, ctx.face)
    elif isinstance(cmd, Zero):
        if cmd.die - 1 not in dice.zero_rerolls(roll, side.pp):
            raise IllegalCommand("mythic.err.cannot_zero", die=cmd.die)
        pay(ctx, state.unit(roll.unit), roll.zero_talent, roll.zero_cost)
        dice.replace_last(roll, cmd.die - 1, ctx.face)
        roll.zero_used = True
    elif isinstance(cmd, AuraReroll):
        if cmd.die - 1 not in dice.aura_rerolls(roll):
            raise IllegalCommand("mythic.err.cannot_aura", die=cmd.die)
        dice.replace_last(roll, cmd.die - 1, ctx.face)
        roll.aura_used = True
    else:
        raise IllegalCommand("mythic.err.not_now")
    if roll.done or not dice.has_choice(roll, side.pp):
        finish_roll(ctx, roll)
        state.stack.pop()


# ------------------------------------------------------------------------------ wounds (step 7)


def wound_choices(state: State, tag: str) -> list[tuple[object, int]]:
    """000 §"Endurance" (cancel one wound, again and again) and §"Parade" (attacker or
    counter-attacker: one wound cancelled on each side)."""
    c = state.combat
    unit, _, _ = sides(state, tag)
    if c.wounds.get(unit.uid, 0) <= 0:
        return []
    out: list[tuple[object, int]] = []
    endurance = cost_of(state, unit, "endurance")
    if endurance is not None:
        out.append((Use(talent="endurance", unit=unit.card), endurance))
    parry = cost_of(state, unit, "parry")
    if parry is not None and not used(state, unit, "parry") and (tag == "att" or c.counter):
        out.append((Use(talent="parry", unit=unit.card), parry))
    return out


def wounds_legal(state: State, role: str) -> list:
    return affordable(state, role, wound_choices(state, state.top.tag)) + [Pass()]


def wounds_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    c = state.combat
    tag = state.top.tag
    unit, foe, _ = sides(state, tag)
    if isinstance(cmd, Pass):
        state.stack.pop()
        return
    pay(ctx, unit, cmd.talent, chosen(cmd, wound_choices(state, tag)))
    cancel = [unit.uid] if cmd.talent == "endurance" else [unit.uid, foe.uid]
    if cmd.talent == "parry":
        mark(state, unit, "parry")
    for uid in cancel:
        if c.wounds.get(uid, 0) > 0:
            c.wounds[uid] -= 1
            c.cancelled[uid] = c.cancelled.get(uid, 0) + 1
    if not worth_asking(state, role, [cost for _, cost in wound_choices(state, tag)]):
        state.stack.pop()
