"""Mustering an army (002 l.207-216, RULES-NOTES B1 rule 3).

Points buy units, artefacts, extra Command cards (1 to 3), special terrain and initial
mana. A pitched battle's army has 12-18 units, at most 2 heroes and 4 creatures at 400
points, every limit scaled to the points and rounded down (002 l.210). A player drafts
from their own people and from the opponent people's chaos mythology (002 l.30-33).
"""

from __future__ import annotations

from functools import lru_cache

from engine.battlelore.commands import Army
from engine.battlelore.content import content, unit_cost
from engine.errors import IllegalCommand
from engine.i18n import T

BASE = 400
LIMITS = {"min": 12, "max": 18, "hero": 2, "creature": 4}


def limits(points: int) -> dict[str, int]:
    """Every limit pro rata, "toujours arrondi vers le bas" (002 l.207, l.210): a 150-point
    army may field no hero (2 x 150 / 400 = 0.75 -> 0)."""
    return {k: v * points // BASE for k, v in LIMITS.items()}


def allowed_units(people: str, enemy: str) -> list[str]:
    c = content()
    return sorted(
        uid
        for uid, u in c.units.items()
        if (u.people == people and not u.chaos) or (u.people == enemy and u.chaos)
    )


def allowed_gods(people: str, enemy: str) -> list[str]:
    c = content()
    return sorted(
        g
        for g, d in c.deities.items()
        if (d.people == people and not d.chaos) or (d.people == enemy and d.chaos)
    )


def split(entry: str) -> tuple[str, str]:
    c = content()
    card, _, bar = entry.partition("/")
    if card not in c.units:
        raise IllegalCommand("bl.err.unknown_unit", unit=entry)
    bars = c.units[card].bars
    bar = bar or sorted(bars)[0]
    if bar not in bars:
        raise IllegalCommand("bl.err.unknown_bar", unit=card, bar=bar, bars=" ".join(sorted(bars)))
    return card, bar


def army_ids(units: tuple[str, ...]) -> list[str]:
    """hop, hop2, hop3...: the ids units go by until they stand on the field."""
    seen: dict[str, int] = {}
    out = []
    for e in units:
        card = e.split("/")[0]
        seen[card] = seen.get(card, 0) + 1
        out.append(card if seen[card] == 1 else f"{card}{seen[card]}")
    return out


def cost(army: Army) -> int:
    c = content()
    total = sum(price(*split(e)) for e in army.units)
    total += sum(c.artefacts[a.split("@")[0]].cost for a in army.arts)
    total += c.pricing.extra_card * len(army.extra)
    total += sum(c.terrain[t].cost for t in army.terrain)
    total += c.pricing.mana * army.mana
    return total


def validate(army: Army, people: str, enemy: str, points: int, deities: int) -> None:
    c = content()
    lim = limits(points)
    pool = set(allowed_units(people, enemy))
    classes = {"hero": 0, "creature": 0, "troop": 0}
    for e in army.units:
        card, _ = split(e)
        if card not in pool:
            raise IllegalCommand("bl.err.not_your_unit", unit=card)
        classes[c.units[card].cls] += 1
    n = len(army.units)
    if not lim["min"] <= n <= lim["max"]:
        raise IllegalCommand("bl.err.army_size", low=lim["min"], high=lim["max"], count=n)
    if classes["hero"] > lim["hero"]:
        raise IllegalCommand("bl.err.too_many", what=T("bl.cls.hero"), most=lim["hero"])
    if classes["creature"] > lim["creature"]:
        raise IllegalCommand("bl.err.too_many", what=T("bl.cls.creature"), most=lim["creature"])
    gods = set(allowed_gods(people, enemy))
    if len(army.gods) > deities or len(set(army.gods)) != len(army.gods):
        raise IllegalCommand("bl.err.gods_count", most=deities)
    for g in army.gods:
        if g not in gods:
            raise IllegalCommand("bl.err.not_your_god", god=g)
    if len(army.extra) > 3 or len(set(army.extra)) != len(army.extra):
        raise IllegalCommand("bl.err.extra_count")
    for x in army.extra:
        if x not in c.extra or c.extra[x].people != people:
            raise IllegalCommand("bl.err.not_your_card", card=x)
    for t in army.terrain:
        if t not in c.terrain or not c.terrain[t].special:
            raise IllegalCommand("bl.err.not_special", terrain=t)
    ids = army_ids(army.units)
    for a in army.arts:
        art, _, target = a.partition("@")
        if art not in c.artefacts:
            raise IllegalCommand("bl.err.unknown_art", art=art)
        if target not in ids:
            raise IllegalCommand("bl.err.art_target", art=art, unit=target)
        card = c.units[army.units[ids.index(target)].split("/")[0]]
        spec = c.artefacts[art]
        if (spec.people and spec.people != people) or card.cls not in spec.cls:
            raise IllegalCommand("bl.err.art_class", art=art, unit=target)
    if army.mana < 0:
        raise IllegalCommand("bl.err.army_cost", cost=cost(army), points=points)
    total = cost(army)
    if total > points:
        raise IllegalCommand("bl.err.army_cost", cost=total, points=points)


@lru_cache(maxsize=4096)
def price(card: str, bar: str) -> int:
    return unit_cost(content(), card, bar)


@lru_cache(maxsize=1024)
def from_preset(pid: str, points: int, deities: int) -> Army:
    """A preset, fitted to the points: mana scaled down, units kept in order while they fit
    the limits, skipping any unit that would leave too little for the minimum count."""
    c = content()
    p = c.presets[pid]
    lim = limits(points)
    mana = p.mana * points // BASE
    extra = p.extra if points >= BASE else ()
    budget = points - c.pricing.extra_card * len(extra) - c.pricing.mana * mana
    troops = [e for e in p.units if c.units[split(e)[0]].cls == "troop"]
    entries = [(e, *split(e)) for e in (*p.units, *troops * 4)]  # bigger battles: more troops
    units: list[str] = []
    spent = 0
    cls = {"hero": 0, "creature": 0, "troop": 0}
    for i, (e, card, bar) in enumerate(entries):
        k = c.units[card].cls
        cost_now = price(card, bar)
        if len(units) >= lim["max"] or (k != "troop" and cls[k] >= lim[k]):
            continue
        need = max(0, lim["min"] - len(units) - 1)
        rest = sorted(price(cd, b) for _, cd, b in entries[i + 1 :])
        if len(rest) < need or spent + cost_now + sum(rest[:need]) > budget:
            continue
        units.append(e)
        cls[k] += 1
        spent += cost_now
    ids = army_ids(tuple(units))
    arts = []
    for a in p.arts:
        art, _, target = a.partition("@")
        if target in ids and spent + c.artefacts[art].cost <= budget:
            arts.append(a)
            spent += c.artefacts[art].cost
    return Army(units=tuple(units), gods=p.gods[:deities], extra=extra, arts=tuple(arts), mana=mana)
