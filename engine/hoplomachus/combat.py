"""Attacks, damage and defeat (seed 003 l.376-403, skills l.569-618, wording l.206-216).

Triggers of one source resolve together, the attacker's first (l.206-209). "Attack damage"
comes only from attacks, never from Specials or other effects, and counts as dealt even when
no HP is lost (l.211-216). Heal never passes Health; "gain HP" may (l.554-556).
"""

from __future__ import annotations

from functools import cache

from engine.hoplomachus import hexes
from engine.hoplomachus.content import content, skill_name, skill_number
from engine.hoplomachus.ctx import Ctx, who
from engine.hoplomachus.state import Fight, Fighter
from engine.i18n import T, Text

UPGRADE = ("b", "g", "k", "r")


@cache
def _skill_names(skills: tuple[str, ...]) -> frozenset[str]:
    return frozenset(skill_name(s) for s in skills)


def has(u: Fighter, skill: str) -> bool:
    return skill in _skill_names(tuple(u.skills))


def number(u: Fighter, skill: str) -> int:
    return next((skill_number(s) for s in u.skills if skill_name(s) == skill), 0)


def is_local(f: Fight, u: Fighter) -> bool:
    """seed 003 l.272, l.540: a unit is local when its faction is the arena's region."""
    return u.region == f.arena


def opposed(f: Fight, a: Fighter, b: Fighter) -> bool:
    """Allies never target each other (l.521-523). Arena units oppose everyone, but Pluto's
    beasts leave Pluto's local units alone (l.362-364, l.455-460)."""
    if a.side == b.side:
        return False
    if a.side != "a" and b.side != "a":
        return True
    for x, y in ((a, b), (b, a)):
        if (
            x.side == "a"
            and content().units.get(x.unit)
            and content().units[x.unit].beast
            and is_local(f, y)
            and y.region == "pluto"
        ):
            return False
    return True


def foes(f: Fight, u: Fighter) -> list[Fighter]:
    return [o for o in f.units if o.hex and opposed(f, u, o)]


def allies(f: Fight, u: Fighter) -> list[Fighter]:
    return [o for o in f.units if o.side == u.side and o.fid != u.fid]


def move_of(u: Fighter) -> int:
    """Adrenaline +2, Hamstring -1 (never below 0): the authored tactics (data/rules.yaml)."""
    m = u.move + 2 * u.tactics.count("adrenaline") - u.tactics.count("hamstring")
    return max(0, m)


def outnumbered(f: Fight, u: Fighter) -> bool:
    """l.273: its troop has fewer units in the fight than its opponents."""
    mine = sum(1 for o in f.units if o.side == u.side)
    theirs = sum(1 for o in f.units if opposed(f, u, o))
    return mine < theirs


def isolated(f: Fight, u: Fighter) -> bool:
    return not allies(f, u)


def attack_dice(f: Fight, a: Fighter, d: Fighter, is_attack: bool = True) -> list[str]:
    """The attacker's dice against this defender, with every modifier of the skills."""
    dice = list(a.dice)
    local = content().arenas[f.arena].local
    if is_local(f, a) and local.get("die"):
        dice.append(local["die"])
    if has(a, "confidence") and outnumbered(f, a):
        dice.append("g")  # Confidence: +1 green when outnumbered
    if has(a, "digin") and not a.moved:
        dice.append("k")  # Dig In: +1 black when it did not move this turn
    for o in allies(f, a):
        if has(o, "inspire") and o.hex and a.hex and hexes.distance(o.hex, a.hex) == 1:
            dice.append("b")  # Inspire: adjacent allies add a blue die
    if is_attack and has(d, "dodge") and not a.elite:
        dice = ["b" for _ in dice]  # Dodge: a non-Elite attacker rolls blue dice instead
    return dice


def weakest_die(u: Fighter) -> str:
    return min(u.dice, key=UPGRADE.index) if u.dice else "b"


def best_die(u: Fighter) -> str:
    return max(u.dice, key=UPGRADE.index) if u.dice else "b"


def in_range(a: Fighter, b: Fighter, reach: int | None = None) -> bool:
    return bool(a.hex and b.hex) and hexes.distance(a.hex, b.hex) <= (a.range if reach is None else reach)


def targetable(f: Fight, a: Fighter, d: Fighter) -> bool:
    """Deflect: not a target of attacks once it took attack damage this turn (l.585)."""
    return not (has(d, "deflect") and d.hurt)


def taunters(f: Fight, a: Fighter) -> list[Fighter]:
    """Taunt (l.606-610): an adjacent opponent with Taunt must be attacked (strongest first).
    Beasts are not taunted by Pluto's locals (l.458-459): `opposed` already says so."""
    return [
        o for o in foes(f, a) if has(o, "taunt") and a.hex and o.hex and hexes.distance(a.hex, o.hex) == 1
    ]


def attack_targets(f: Fight, a: Fighter) -> list[Fighter]:
    """Opponents this unit may attack now: in range, not deflecting, taunters first."""
    if not a.hex:
        return []
    taunting = [o for o in taunters(f, a) if targetable(f, a, o)]
    if taunting:
        top = max(o.hp for o in taunting)
        return [o for o in taunting if o.hp == top]
    return [o for o in foes(f, a) if in_range(a, o) and targetable(f, a, o)]


def can_act(u: Fighter) -> bool:
    """Dazed units neither attack nor use Specials; First Strike may on the turn it is
    deployed (l.194-197, l.591-592)."""
    return not u.dazed or (u.fresh and has(u, "firststrike"))


def can_move(u: Fighter) -> bool:
    """Dazed units do not move; Tactical may on the turn it is deployed (l.603-604), never
    when the Kunlun platform or a Stun dazed it (l.443-445). Combat Lock holds it (l.581)."""
    if u.locked or not u.hex:
        return False
    return not u.dazed or (u.fresh and has(u, "tactical"))


def roll(ctx: Ctx, dice: list[str]) -> list[int]:
    return [ctx.die(c) for c in dice]


def attack(
    ctx: Ctx,
    a: Fighter,
    d: Fighter,
    special: str | None = None,
    dice: list[str] | None = None,
    why: Text | None = None,
) -> None:
    """One attack (special=None) or a damaging Special (Agile, Heave, Long Shot)."""
    f = ctx.fight
    a.engaged = True
    if special is None and has(d, "quickstrike") and in_range(d, a):
        # Quickstrike: 1 damage before the attack (l.581-582), told with what it leaves
        ctx.say("hop.ev.quickstrike", unit=who(d), target=who(a), hp=max(0, a.hp - 1))
        damage(ctx, a, 1, d)
        if f.get(a.fid) is None or f.result:
            return
    dice = dice if dice is not None else attack_dice(f, a, d, special is None)
    faces = roll(ctx, dice)
    hits = sum(faces)
    if has(a, "perfect") and faces and all(x > 0 for x in faces):
        hits *= 2  # Perfect Strike: every die hit, total doubled (l.579-580)
    if special is None and has(d, "nimble") and d.hp >= d.health and any(x == 0 for x in faces):
        hits = 0  # Nimble (l.577-578)
    if hits and has(d, "blasphemous") and a.elite:
        hits += 1  # Blasphemous (l.578-579)
    if hits and special is None and has(d, "absorb"):
        hits = 1  # Absorb: only 1 damage when attacked (l.570-571); a Special is no attack
    ctx.step(
        "attack" if special is None else "special", a, [a.hex, d.hex],
        "hop.ev.attack" if special is None else "hop.ev.special", why,
        unit=who(a), target=who(d), dice=[T(f"hop.die.{x}") for x in dice], count=len(dice),
        faces=" ".join(map(str, faces)), hits=hits,
        skill=T(f"hop.skill.{special}") if special else "",
    )  # fmt: skip
    victim = d
    if hits >= d.hp and special is None:
        # Intercept takes the blow if that saves the ally (l.570-572), an ally that "est
        # attaqué": a Special (Agile, Heave, Long Shot) is no attack (l.462-466, l.550-552)
        for o in allies(f, d):
            if has(o, "intercept") and o.hex and d.hex and hexes.distance(o.hex, d.hex) == 1:
                victim = o
                ctx.say("hop.ev.intercept", unit=who(o), ally=who(d))
                break
    if special is None and faces and any(x > 0 for x in faces):
        victim.hurt = True
    damage(ctx, victim, hits, a)
    if (
        special is None
        and f.get(d.fid) is not None
        and f.get(a.fid) is not None
        and victim is d
        and hits > 0
        and has(d, "retaliate")
        and in_range(d, a)
        and not f.result
    ):
        ctx.say("hop.ev.retaliate", unit=who(d), target=who(a), hp=max(0, a.hp - 1))
        damage(ctx, a, 1, d)  # Retaliate (l.588-589)


def damage(ctx: Ctx, u: Fighter, n: int, source: Fighter | None) -> None:
    f = ctx.fight
    if n <= 0 or f.get(u.fid) is None:
        return
    if has(u, "kalliope") and allies(f, u):
        # Errata (seed 003 l.406-409): Kalliope loses at most as many HP as she has allies.
        # Reading: once she stands alone the cap no longer holds (read literally, 0 allies
        # would make her unbeatable; her sheet is not in the seed).
        n = min(n, len(allies(f, u)))
    u.hp -= n
    if u.hp <= 0:
        defeat(ctx, u, source)


def heal(u: Fighter, n: int) -> None:
    u.hp = min(u.health, u.hp + n) if u.hp < u.health else u.hp


def defeat(ctx: Ctx, u: Fighter, source: Fighter | None) -> None:
    """l.399-403: the hero needs a Blessing; other units go face down to their camp; arena
    units to the reserve. A defeated Tribune drops your hero to 1 HP (l.125-126)."""
    state, f = ctx.state, ctx.fight
    if u.fid == "hero":
        if state.blessings > 0 and f.kind != "scion":
            state.blessings -= 1
            u.hp = u.health
            state.hero_hp = u.health
            ctx.say("hop.ev.survive", left=state.blessings)
            return
        u.hp = 0
        f.units = [o for o in f.units if o.fid != u.fid]
        f.fallen.append(u)
        ctx.say("hop.ev.hero_falls")
        f.result = "dead"
        return
    f.units = [o for o in f.units if o.fid != u.fid]
    ctx.say("hop.ev.defeated", unit=who(u))
    if f.carrier == u.fid:
        f.carrier, f.flag = None, u.hex  # the flag stays on the carrier's hex (l.99-100)
    u.tactics = []
    if u.side == "a":
        return
    f.fallen.append(u)
    if u.side == "p":
        f.losses += 1
    else:
        if source is not None and source.side == "p":
            f.kills += 1
        if u.tribune:
            state.hero_hp = 1
            hero = f.get("hero")
            if hero is not None:
                hero.hp = 1
            # l.125-126, l.242-243, l.564-565: a defeated Tribune drops your hero to 1 HP
            ctx.say("hop.ev.tribune_falls", unit=who(u))
    from engine.hoplomachus import opportunities

    opportunities.check(ctx)
