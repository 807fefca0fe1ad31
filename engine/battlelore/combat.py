"""An attack phase from declaration to riposte and pursuit (002 l.246-296).

Sequence: declare (range, sight) -> roll (Combat value capped by terrain, then dice added or removed) -> mana from
Supplication and Offering -> post-roll windows, the active player first (002 l.424, l.450)
-> damage -> flags, Courage and retreat -> advance -> mobility move -> riposte -> pursuit.
"""

from __future__ import annotations

from engine.battlelore import field, hexes, readings
from engine.battlelore.content import LORE_EFFECTS, TRIGGERS, content
from engine.battlelore.context import Ctx
from engine.battlelore.state import Attack, State, Unit
from engine.errors import IllegalCommand
from engine.i18n import T, T_or, Text
from engine.protocol import Role

STRIKE, BONUS, SHOT, FLAG, PRAYER, OFFERING = 1, 2, 3, 4, 5, 6  # 002 l.177-182


def uname(u: Unit) -> Text:
    return T("bl.unit", name=T(f"bl.n.{u.card}"), hex=u.hex or "-")


# ---------------------------------------------------------------- declaring


def can_attack(state: State, a: Unit, d: Unit, ranged: bool) -> bool:
    """002 l.250-251: melee needs an adjacent target and a melee weapon; a ranged attack
    needs range and line of sight; a unit whose weapons only shoot always shoots."""
    if a.owner == d.owner or a.hex is None or d.hex is None:
        return False
    dist = hexes.distance(field.xy(a.hex), field.xy(d.hex))
    if ranged:
        w = field.ranged_weapon(a)
        if w is None or dist > content().weapons[w].range:
            return False
        return dist == 1 or field.line_of_sight(state, a, d)
    return dist == 1 and field.melee_weapon(a) is not None


def attack_modes(state: State, a: Unit, d: Unit) -> list[bool]:
    return [r for r in (False, True) if can_attack(state, a, d, r)]


def dice_count(state: State, a: Unit, d: Unit, ranged: bool, moved: bool) -> int:
    """The Combat value (002 l.256), capped by the terrain (l.300, l.305, l.310: "sa
    caractéristique de combat est plafonnée ... à 2"), then the dice added or removed on
    top of it (l.258-260, and the authored charge and card bonuses): a flanked 4-dice
    attack into a forest rolls 2 + 1 = 3. An attack always rolls at least MIN_DICE."""
    n = field.dice(a)
    ta, td = field.terrain_at(state, a.hex), field.terrain_at(state, d.hex)
    if td is not None and td.hill and not (ta is not None and ta.hill) and not field.flies(a):
        n = min(n, td.cap)  # 002 l.300
    for t in (ta, td):
        if t is not None and t.cap and not t.hill:
            n = min(n, t.cap)  # 002 l.305, l.310
    occ = state.occupied()
    friends = [
        o
        for o in (occ.get(hexes.name(h)) for h in hexes.neighbours(field.xy(d.hex)))
        if o is not None and o.owner == a.owner and o.id != a.id
    ]
    if any(field.mobility(f) > field.mobility(d) for f in friends) or len(friends) >= 2:
        n += 1  # flank bonus (002 l.258)
    if field.flies(d) and not field.flies(a):
        n -= 1  # 002 l.259
    if ranged and moved and not field.has(a, "skirmish"):
        n -= 1  # 002 l.260
    turn = state.turn
    activated_by_card = turn is not None and turn.role == a.owner and a.id in turn.activated
    if not ranged and moved and (field.has(a, "charge") or _charges(a)):
        n += 1
    if activated_by_card and turn.bonus == "dice":
        n += 1
    return max(readings.MIN_DICE, n)


def _charges(a: Unit) -> bool:
    w = field.melee_weapon(a)
    return w is not None and content().weapons[w].charge


def declare(ctx: Ctx, a: Unit, d: Unit, ranged: bool, riposte: bool = False, pursuit: bool = False) -> None:
    state = ctx.state
    if not can_attack(state, a, d, ranged):
        raise IllegalCommand("bl.err.cannot_attack", unit=uname(a), target=uname(d))
    turn = state.turn
    moved = turn is not None and a.id in turn.moved and turn.role == a.owner
    adjacent = hexes.distance(field.xy(a.hex), field.xy(d.hex)) == 1
    state.attack = Attack(
        att=a.id,
        dfd=d.id,
        ranged=ranged,
        adjacent=adjacent,
        supported=field.supported(state, d),
        riposte=riposte,
        pursuit=pursuit,
        start=a.hex,
        target_hex=d.hex,
    )
    state.extra_data["dfd_mob"] = field.mobility(d)
    n = dice_count(state, a, d, ranged, moved)
    key = "bl.ev.riposte" if riposte else "bl.ev.shoot" if ranged else "bl.ev.melee"
    ctx.say(key, role=a.owner, unit=uname(a), target=uname(d), dice=n)
    roll(ctx, n)


def roll(ctx: Ctx, n: int, add: bool = False, mana: bool = True) -> None:
    state, at = ctx.state, ctx.state.attack
    faces = [ctx.die() for _ in range(n)]
    at.dice = (at.dice + faces) if add else faces
    state.log_roll = list(at.dice)
    a = state.units[at.att]
    d = state.units.get(at.dfd)
    weak = d is not None and field.weakened(a, d)
    # how the roll counts, kept with it: the image labels the last roll as the roll line did
    state.extra_data["roll_kind"] = {"ranged": at.ranged, "weak": weak}
    ctx.say("bl.ev.roll", unit=uname(a), dice=[die_text(f, at.ranged, weak, mana) for f in faces])
    # 002 l.181, l.264: Supplication feeds the attacker, capped (002 l.199)
    prayers = faces.count(PRAYER) if mana else 0
    if prayers:
        gain(a, prayers)
    at.offerings += faces.count(OFFERING) if mana else 0
    active = state.turn.role if state.turn else a.owner
    at.windows = [active, state.other(active)]
    at.stage = "roll"


FACE_CODES = {STRIKE: "S", BONUS: "B", SHOT: "T", FLAG: "F", PRAYER: "P", OFFERING: "O"}


def die_effect(face: int, ranged: bool, weak: bool, mana: bool = True) -> str:
    """What one die did (002 l.177-182): a hit, a flag, mana, an offering, or nothing (a
    Bonus hit of a weakened attacker, l.178; a Strike in a ranged attack, l.177)."""
    if face == STRIKE:
        return "none" if ranged else "hit"
    if face == BONUS:
        return "none" if ranged or weak else "hit"
    if face == SHOT:
        return "hit" if ranged else "none"
    if face == FLAG:
        return "flag"
    return ("mana" if face == PRAYER else "offer") if mana else "none"


def die_text(face: int, ranged: bool, weak: bool, mana: bool = True) -> Text:
    """ "S (strike): hit": a die's letter, its face's name (002 l.177-182) and what it did,
    so the chat line of a roll reads without the image's legend (issue 25)."""
    return T(
        "bl.die",
        face=T(f"bl.face.{FACE_CODES[face]}"),
        name=T(f"bl.face_name.{FACE_CODES[face]}"),
        effect=T(f"bl.effect.{die_effect(face, ranged, weak, mana)}"),
    )


def gain(u: Unit, n: int) -> None:
    u.mana = min(field.mana_cap(u), u.mana + n)


# ---------------------------------------------------------------- windows after the roll


def offer_needed(state: State) -> Role | None:
    at = state.attack
    if at is None or at.offerings <= 0:
        return None
    owner = state.units[at.att].owner
    gods = state.sides[owner].gods
    if len(gods) == 0:
        at.offerings = 0  # no deity to receive it: lost
        return None
    if len(gods) == 1:
        next(iter(gods.values())).mana += at.offerings  # 002 l.182: the only choice
        at.offerings = 0
        return None
    return owner


def side_of(state: State, role: Role) -> str:
    return "att" if state.units[state.attack.att].owner == role else "def"


def my_unit(state: State, role: Role) -> Unit:
    at = state.attack
    return state.units[at.att if side_of(state, role) == "att" else at.dfd]


def window_options(state: State, role: Role) -> tuple[list[str], list[str]]:
    """The triggered abilities and the Lore deities this role may use now."""
    at = state.attack
    if at.dfd not in state.units or at.att not in state.units:
        return [], []
    side = side_of(state, role)
    u = my_unit(state, role)
    trig = field.card(u).trig
    abilities = [
        t
        for t, cost in sorted(trig.items())
        if TRIGGERS[t] == side and u.mana >= cost and f"{role}:{t}" not in at.used
    ]
    gods = lore_gods(state, role, side)
    return abilities, gods


def lore_gods(state: State, role: Role, timing: str) -> list[str]:
    """Deities whose face-up Lore card fits this phase and can be paid (002 l.419-424)."""
    s = state.sides[role]
    if state.turn is None or s.lore_turn == state.turn.number:
        return []
    lore = content().deities
    out = []
    for g, god in sorted(s.gods.items()):
        if not god.deck:
            continue
        card = lore[g].lore[god.deck[0]]
        if LORE_EFFECTS[card.effect] == timing and god.mana >= card.cost:
            out.append(g)
    return out


def use_ability(ctx: Ctx, role: Role, ability: str) -> None:
    state, at = ctx.state, ctx.state.attack
    abilities, _ = window_options(state, role)
    if ability not in abilities:
        raise IllegalCommand("bl.err.cannot_use", ability=T_or(f"bl.ab.{ability}", ability))
    u = my_unit(state, role)
    u.mana -= field.card(u).trig[ability]
    at.used.append(f"{role}:{ability}")
    ctx.say("bl.ev.use", unit=uname(u), ability=T(f"bl.ab.{ability}"))
    _effect(ctx, ability, 1)


def play_lore_in_attack(ctx: Ctx, role: Role, god: str) -> None:
    state = ctx.state
    side = side_of(state, role)
    if god not in lore_gods(state, role, side):
        raise IllegalCommand("bl.err.cannot_lore", god=T_or(f"bl.n.{god}", god))
    card = spend_lore(ctx, role, god)
    _effect(ctx, card.effect, card.n)


def spend_lore(ctx: Ctx, role: Role, god: str):
    s = ctx.state.sides[role]
    g = s.gods[god]
    lid = g.deck.pop(0)
    card = content().deities[god].lore[lid]
    g.mana -= card.cost
    g.discard.append(lid)  # 002 l.419: discarded, the next card turned face up
    s.lore_turn = ctx.state.turn.number
    ctx.say("bl.ev.lore", role=role, god=T(f"bl.n.{god}"), card=T(f"bl.lore.{god}.{lid}"))
    return card


def _effect(ctx: Ctx, effect: str, n: int) -> None:
    at = ctx.state.attack
    if effect in ("fury", "wrath"):
        roll(ctx, n, add=True)
    elif effect in ("dread", "fear"):
        at.fear += n
    elif effect == "sunder":
        at.unsupport = True
    elif effect == "smite":
        at.smite += n
    elif effect in ("rebuke", "curse", "guide"):
        roll(ctx, len(at.dice), mana=readings.REROLL_GIVES_MANA)  # the whole roll again
    elif effect in ("ward", "shield"):
        at.cut += n
    elif effect in ("hold", "brave"):
        at.brave += n


# ---------------------------------------------------------------- damage and flags


def damage(state: State, at: Attack) -> int:
    """002 l.177-179 hits, then l.266-268 weapons, armour, abilities, Lore and terrain."""
    a, d = state.units[at.att], state.units[at.dfd]
    ws = content().weapons
    weapon = field.ranged_weapon(a) if at.ranged else field.melee_weapon(a)
    if at.ranged:
        hits = at.dice.count(SHOT)
    else:
        hits = at.dice.count(STRIKE) + (0 if field.weakened(a, d) else at.dice.count(BONUS))
    dmg = hits
    if hits:
        if weapon and field.mounted(d):
            dmg += ws[weapon].vs_mounted
        dmg += at.smite
        if not at.ranged and field.has(d, "brittle"):
            dmg += 1
    cut = at.cut
    arm = field.bar(d).arm
    if arm and not (weapon and ws[weapon].pierce):
        armour = content().armours[arm]
        cut += armour.ranged if at.ranged else armour.melee
        if armour.heavy_from and dmg >= armour.heavy_from:
            cut += 1
    if at.ranged and field.has(d, "shieldwall"):
        cut += 1
    t = field.terrain_at(state, d.hex)
    if t is not None:
        cut += t.cut + (t.ranged_cut if at.ranged else 0)  # 002 l.306, l.322
    return max(0, dmg - cut)


def flags(state: State, at: Attack) -> tuple[int, int]:
    """(flags that must be taken, flags the defender may cancel) - 002 l.272-277.
    Courage: the bar's, Fearful +1 each, Intrepid -1 each, support counts as Intrepid."""
    d = state.units[at.dfd]
    n = at.dice.count(FLAG)
    if n == 0:
        return 0, 0
    c = courage_now(state, at, d)
    if c > 0:
        return n + c, 0  # 002 l.275: flags added once at least one was rolled
    return n, min(n, -c)


def courage_now(state: State, at: Attack, d: Unit) -> int:
    a = state.units.get(at.att)
    c = field.courage(d) + at.fear - at.brave
    if a is not None and not at.ranged and field.has(a, "terror"):
        c += 1
    if at.supported and not at.unsupport:
        c -= 1
    turn = state.turn
    if turn is not None and turn.role == d.owner and d.id in turn.activated and turn.bonus == "brave":
        c -= 1
    return c


def hurt(ctx: Ctx, u: Unit, n: int, by: Role) -> bool:
    """Apply n damage; True when the unit is eliminated (002 l.268-269)."""
    if n <= 0:
        return False
    u.hits += n
    ctx.say("bl.ev.damage", unit=uname(u), n=n)
    if field.left(u) <= 0:
        ctx.say("bl.ev.eliminated", unit=uname(u))
        del ctx.state.units[u.id]
        ctx.state.sides[by].kills += 1
        return True
    return False


def retreat_options(state: State, u: Unit, lo: int, hi: int) -> dict[str, int]:
    """Where the unit may end its retreat of lo..hi hexes, with the damage it takes
    (002 l.277, l.316, l.320; flyers, l.245). The owner picks the path (RULES-NOTES B1 21)."""
    edge = state.sides[u.owner].edge
    fly = field.flies(u)
    out: dict[str, int] = {}

    def stand(h: str) -> bool:
        return field.can_stand(state, u, h)

    def walk(h: str, k: int, dmg: int, last: str, since: int):
        if k == 0:
            yield (h, dmg) if stand(h) else (last, dmg + since)
            return
        steps = []
        for n in hexes.toward_edge(field.xy(h), edge):
            nn = hexes.name(n)
            if stand(nn) or field.flies_over(state, u, nn):
                steps.append(nn)
        if not steps:
            yield (h, dmg + k) if stand(h) else (last, dmg + since + k)
            return
        for nn in steps:
            free = stand(nn)
            t = field.terrain_at(state, nn)
            hurtn = t.retreat_hurt if (t is not None and free and not fly) else 0
            if free and t is not None and t.retreat_stop and not fly:
                yield nn, dmg + hurtn
                continue
            yield from walk(nn, k - 1, dmg + hurtn, nn if free else last, 0 if free else since + 1)

    if lo == 0:
        out[u.hex] = 0
    for k in range(max(1, lo), hi + 1):
        for dest, dmg in walk(u.hex, k, 0, u.hex, 0):
            if dest not in out or dmg < out[dest]:
                out[dest] = dmg
    return out


# ---------------------------------------------------------------- after the roll


def resolve(ctx: Ctx) -> None:
    state, at = ctx.state, ctx.state.attack
    a, d = state.units.get(at.att), state.units.get(at.dfd)
    at.stage = "resolved"
    if d is None or a is None:
        return
    if hurt(ctx, d, damage(state, at), a.owner):
        at.vacated = True
        return
    must, may_cancel = flags(state, at)
    if must == 0:
        return
    # the Flag result is said, with what Courage makes of it (002 l.273-276; issue 25)
    rolled = at.dice.count(FLAG)
    if may_cancel:
        ctx.say("bl.ev.flags_cancel", unit=uname(d), rolled=rolled, must=must, cancel=may_cancel)
    else:
        ctx.say("bl.ev.flags", unit=uname(d), rolled=rolled, must=must)
    options = retreat_options(state, d, must - may_cancel, must)
    state.extra_data["retreat"] = options
    state.extra_data["flags"] = [must, may_cancel]
    at.stage = "retreat"


def do_retreat(ctx: Ctx, dest: str) -> None:
    state, at = ctx.state, ctx.state.attack
    options = state.extra_data.get("retreat", {})
    if dest not in options:
        raise IllegalCommand("bl.err.bad_retreat", hex=dest)
    d = state.units[at.dfd]
    must, _ = state.extra_data.get("flags", [0, 0])
    dmg = options[dest]
    state.extra_data.pop("retreat", None)
    state.extra_data.pop("flags", None)
    at.stage = "resolved"
    moved = dest != d.hex
    if moved or dmg > 0:
        at.retreated = True  # forced back, even if blocked (002 l.295)
    if moved:
        ctx.say("bl.ev.retreat", unit=uname(d), to=dest)
        d.hex = dest
        at.vacated = True
    elif not at.retreated:
        ctx.say("bl.ev.holds", unit=uname(d))
    if dmg:
        a = state.units.get(at.att)
        hurt(ctx, d, dmg, a.owner if a else state.other(d.owner))
        at.vacated = True


def post_options(state: State) -> str | None:
    """The next decision after the damage and the retreat, or None when the phase is over."""
    at = state.attack
    a = state.units.get(at.att)
    d = state.units.get(at.dfd)
    if at.stage == "resolved":
        at.stage = "advance"
        if (
            a is not None
            and at.vacated
            and at.adjacent
            and not at.riposte
            and a.hex == at.start
            and field.can_stand(state, a, at.target_hex)
        ):
            return "advance"
    if at.stage == "advance":
        at.stage = "mobility"
        if a is not None and mobility_options(state, a):
            return "mobility"
    if at.stage == "mobility":
        at.stage = "riposte"
        if (
            a is not None
            and d is not None
            and not at.riposte
            and not at.retreated
            and hexes.distance(field.xy(a.hex), field.xy(d.hex)) == 1
            and attack_modes(state, d, a)
        ):
            return "riposte"  # 002 l.294-296
    if at.stage == "riposte":
        at.stage = "pursuit"
        if a is not None and pursuit_options(state, a):
            return "pursue"
    return None


def mobility_options(state: State, a: Unit) -> dict[str, int]:
    """002 l.291-293: Mobility above the defender's (even eliminated), never after shooting
    at a target that was not adjacent; a move of up to Mobility hexes."""
    at = state.attack
    if at.riposte or (at.ranged and not at.adjacent):
        return {}
    d_mob = state.extra_data.get("dfd_mob", 0)
    if field.mobility(a) <= d_mob:
        return {}
    return field.reachable(state, a, a.hex, field.mobility(a))


def pursuit_options(state: State, a: Unit) -> list[str]:
    """002 l.287-290: after an advance, once a turn, move up to Pursuit then attack."""
    at = state.attack
    turn = state.turn
    if not at.advanced or at.riposte or field.bar(a).pur == 0 or a.id in turn.pursued:
        return []
    t = field.terrain_at(state, a.hex)
    if t is not None and (t.no_pursuit == "all" or (t.no_pursuit == "mounted" and field.mounted(a))):
        return []  # 002 l.304, l.309, l.321
    spots = [a.hex, *field.reachable(state, a, a.hex, field.bar(a).pur)]
    return [h for h in spots if _enemy_near(state, a, h)]


def _enemy_near(state: State, a: Unit, h: str) -> bool:
    for o in field.adjacent_units(state, h):
        if o.owner != a.owner:
            saved, a.hex = a.hex, h
            ok = bool(attack_modes(state, a, o))
            a.hex = saved
            if ok:
                return True
    return False
