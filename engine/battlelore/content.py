"""Authored Battlelore Mythologie content, validated at load (CONTENT.md).

The rulebook (seed 002) prints no army book, Command deck, deity, Lore card, weapon,
terrain card or scenario (RULES-NOTES B1 "Missing"): `data/*.yaml` holds our own data,
checked here by pydantic and by the cross-checks pydantic cannot express. Anything wrong
is refused with the file, the path inside it and the reason (`ContentError`). A server may
add or replace entries with YAML files of the same shape in `$AGORA_CONTENT_DIR/battlelore/`.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import ContentError

DATA = Path(__file__).parent / "data"
ID = r"^[a-z][a-z0-9]{0,7}$"  # short enough for chat commands (CONTENT.md "Playable from chat")

# Ability vocabulary. Intrinsic (normal face, always on, 002 l.95-98) and triggered
# (celestial face, paid with the unit's mana, 002 l.99-103). Timing of a trigger:
# "att" after its own attack roll, "def" after an enemy roll against it, "turn" in its
# player's turn outside an attack.
INTRINSIC = {
    "charge": "+1 die in melee if the unit moved this turn",
    "shieldwall": "-1 damage from ranged attacks",
    "terror": "its melee target is Fearful for that attack",
    "regen": "recovers 1 at the end of its player's turn",
    "skirmish": "no -1 die for shooting after moving",
    "brittle": "takes +1 damage from melee (a drawback)",
    "unruly": "can never be supported (a drawback)",
}
TRIGGERS = {
    "fury": "att",  # roll 1 more die and add it to the roll
    "dread": "att",  # the target is Fearful for this attack
    "sunder": "att",  # the target loses its support for this attack
    "smite": "att",  # +1 damage if the roll scored at least one hit
    "rebuke": "def",  # the attacker re-rolls all its dice
    "ward": "def",  # cancel 1 damage
    "hold": "def",  # Intrepid for this attack
    "mend": "turn",  # recover 1 figure or wound
}
LORE_EFFECTS = {
    "bolt": "turn",  # N damage to an enemy unit
    "heal": "turn",  # a friendly unit recovers N
    "gift": "turn",  # N mana to a friendly unit with triggers
    "draw": "turn",  # draw N Command cards
    "wrath": "att",  # the attacker rolls N more dice
    "fear": "att",  # the defender is Fearful
    "guide": "att",  # the attacker re-rolls its dice
    "brave": "def",  # the defender is Intrepid
    "shield": "def",  # cancel N damage
    "curse": "def",  # the attacker re-rolls its dice
}


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Names(Model):
    en: str = Field(min_length=1)
    fr: str = Field(min_length=1)


class Weapon(Model):
    name: Names
    range: int = 0  # 0: melee; otherwise a ranged weapon and its range in hexes
    melee: bool = True  # javelins: thrown or held
    cost: int = 0
    basic: bool = False  # 002 l.261: foot with a basic weapon are weakened against mounted
    vs_mounted: int = 0  # extra damage against mounted when the roll hits at least once
    pierce: bool = False  # ignores the target's armour
    charge: bool = False  # +1 die in melee after moving


class Armour(Model):
    name: Names
    cost: int = 0
    ranged: int = 0  # damage cancelled per ranged attack
    melee: int = 0  # damage cancelled per melee attack
    heavy_from: int = 0  # cancels 1 only when the attack deals at least this much


class Bar(Model):
    """A stat bar (002 l.120-161)."""

    name: Names | None = None
    mv: int = Field(ge=0, le=6)
    fly: bool = False
    mob: int = Field(0, ge=0, le=3)
    dice: int = Field(ge=1, le=6)
    shoot: bool = False
    pur: int = Field(0, ge=0, le=2)
    res: int = Field(ge=1, le=12)
    cour: int = Field(0, ge=-3, le=3)
    wpn: tuple[str, ...] = ()
    arm: str | None = None


class UnitCard(Model):
    name: Names
    people: str
    chaos: bool = False  # part of the people's chaos mythology (002 l.30-41)
    cls: Literal["troop", "hero", "creature"]
    type: Literal["foot", "mounted", "other"] = "foot"
    variant_of: str | None = None  # 002 l.88-93
    bars: dict[str, Bar]
    abil: tuple[str, ...] = ()
    trig: dict[str, int] = {}  # trigger -> mana cost


class LoreCard(Model):
    name: Names
    effect: str
    n: int = Field(1, ge=1, le=3)
    cost: int = Field(ge=0, le=4)
    count: int = Field(1, ge=1, le=3)


class Deity(Model):
    name: Names
    people: str
    chaos: bool = False
    lore: dict[str, LoreCard]


class Artefact(Model):
    name: Names
    people: str | None = None  # None: every people
    cls: tuple[str, ...] = ("troop", "hero", "creature")
    cost: int
    effect: Literal["dice", "res", "cour", "mana", "move"]


class Activation(Model):
    """What a Command card's text activates (RULES-NOTES B1 "Missing: Command deck")."""

    n: int = Field(ge=1, le=6)
    sector: Literal["l", "c", "r", "any", "flanks", "each", "one"] = "any"
    only: Literal["all", "foot", "mounted", "shoot", "legend"] = "all"
    bonus: Literal["none", "dice", "move", "brave"] = "none"


class CommandCard(Model):
    name: Names
    act: Activation
    count: int = Field(1, ge=1, le=8)
    people: str | None = None  # extra Command cards belong to a people (002 l.172)


class Terrain(Model):
    name: Names
    los: bool = False  # blocks line of sight
    stop: Literal["none", "all", "mounted"] = "none"
    cap: int = 0  # combat dice capped at this when attacking into or out of it (0: no cap)
    hill: bool = False  # the cap applies only to non-flyers attacking up into it from off it
    ranged_cut: int = 0
    cut: int = 0  # damage cancelled per attack
    impassable: bool = False
    retreat_stop: bool = False
    retreat_hurt: int = 0
    no_pursuit: Literal["none", "all", "mounted"] = "none"
    special: bool = False
    cost: int = 0
    glyph: str = Field(min_length=1, max_length=1)


class Victory(Model):
    target: int = 5
    per_kill: int = 1
    hold: dict[str, list[str]] = {}  # role edge ('s'/'n') -> hexes worth 1 VP while held
    sites: int = 0  # VP per sacred site controlled at the end of a turn


class Scenario(Model):
    name: Names
    map: list[str]  # 9 rows of glyphs, north first
    sites: list[str] = []
    points: int = 400
    first: Literal["random", "s", "n"] = "random"
    victory: Victory = Victory()
    deploy: int | None = None  # a deepest row of the scenario's own; None: Mobility + 2 (002 l.442-445)
    pitched: bool = False


class Preset(Model):
    name: Names
    people: str
    units: tuple[str, ...]
    gods: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    arts: tuple[str, ...] = ()
    mana: int = 0


class People(Model):
    name: Names


class Pricing(Model):
    """The cost formula (RULES-NOTES B1 "Missing: mana price and cost formula")."""

    mv: int
    mob: int
    dice: int
    shoot: int
    pur: int
    res_troop: int
    res_wounds: int
    fly: int
    cour: int
    hero: int
    creature: int
    intrinsic: dict[str, int]
    trigger: int
    mana: int
    extra_card: int
    round_to: int = 1


class Content(Model):
    peoples: dict[str, People]
    units: dict[str, UnitCard]
    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    artefacts: dict[str, Artefact]
    deities: dict[str, Deity]
    deck: dict[str, CommandCard]
    extra: dict[str, CommandCard]
    terrain: dict[str, Terrain]
    scenarios: dict[str, Scenario]
    presets: dict[str, Preset]
    pricing: Pricing

    def bar(self, card: str, bar: str) -> Bar:
        return self.units[card].bars[bar]

    def cost(self, card: str, bar: str) -> int:
        return unit_cost(self, card, bar)

    def glyphs(self) -> dict[str, str]:
        return {t.glyph: tid for tid, t in self.terrain.items()}


def unit_cost(c: Content, card_id: str, bar_id: str) -> int:
    """The cost formula: every characteristic has a price (data/pricing.yaml)."""
    p, card = c.pricing, c.units[card_id]
    b = card.bars[bar_id]
    wounds = card.cls != "troop"
    total = (
        p.mv * b.mv
        + p.mob * b.mob
        + p.dice * b.dice
        + (p.shoot if b.shoot else 0)
        + p.pur * b.pur
        + (p.res_wounds if wounds else p.res_troop) * b.res
        + (p.fly if b.fly else 0)
        - p.cour * b.cour
        + (p.hero if card.cls == "hero" else p.creature if card.cls == "creature" else 0)
        + sum(c.weapons[w].cost for w in b.wpn)
        + (c.armours[b.arm].cost if b.arm else 0)
        + sum(p.intrinsic[a] for a in card.abil)
        + p.trigger * len(card.trig)
    )
    return max(1, total)


FILES = (
    "peoples",
    "units",
    "gear",
    "deities",
    "cards",
    "terrain",
    "scenarios",
    "presets",
    "pricing",
)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise ContentError(path.name, "/", f"not YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ContentError(path.name, "/", "the file must hold a mapping")
    return data


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> None:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict) and key != "pricing":
            base[key].update(value)
        else:
            base[key] = value


def load(folder: Path = DATA, packs: Path | None = None) -> Content:
    raw: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for stem in FILES:
        path = folder / f"{stem}.yaml"
        data = _read(path)
        for key in data:
            origin[key] = path.name
        _merge(raw, data)
    if packs is not None and packs.is_dir():
        for path in sorted(packs.glob("*.yaml")):
            data = _read(path)
            for key in data:
                origin[key] = path.name
            _merge(raw, data)
    try:
        content = Content.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = "/".join(str(p) for p in err["loc"])
        top = str(err["loc"][0]) if err["loc"] else ""
        raise ContentError(origin.get(top, "battlelore"), where, err["msg"]) from None
    check(content, origin)
    return content


def check(c: Content, origin: dict[str, str]) -> None:
    """Cross-references pydantic cannot see: every id known, short and consistent."""
    import re

    def fail(key: str, path: str, reason: str) -> None:
        raise ContentError(origin.get(key, "battlelore"), f"{key}/{path}", reason)

    for section in (
        "units",
        "weapons",
        "armours",
        "artefacts",
        "deities",
        "deck",
        "extra",
        "terrain",
        "scenarios",
        "presets",
    ):
        for ident in getattr(c, section):
            if not re.match(ID, ident):
                fail(section, ident, "ids are 1-8 lowercase letters or digits, starting with a letter")
    for uid, u in c.units.items():
        if u.people not in c.peoples:
            fail("units", f"{uid}/people", f"unknown people {u.people!r}")
        if u.variant_of and u.variant_of == uid:
            fail("units", f"{uid}/variant_of", "a unit is not its own variant")
        for a in u.abil:
            if a not in INTRINSIC:
                fail("units", f"{uid}/abil", f"unknown intrinsic ability {a!r}")
        for t in u.trig:
            if t not in TRIGGERS:
                fail("units", f"{uid}/trig", f"unknown triggered ability {t!r}")
        if u.cls == "hero" and u.trig:
            fail("units", f"{uid}/trig", "heroes never have triggered abilities (002 l.106-108)")
        if u.cls == "creature" and not u.trig:
            fail("units", f"{uid}/trig", "a creature has at least one triggered ability (002 l.109-113)")
        if u.cls == "troop" and not u.trig:
            fail("units", f"{uid}/trig", "a troop's celestial face has a triggered ability (002 l.99-101)")
        for bid, b in u.bars.items():
            if not re.match(r"^[a-z]$", bid):
                fail("units", f"{uid}/bars/{bid}", "a stat bar is named by one letter")
            for w in b.wpn:
                if w not in c.weapons:
                    fail("units", f"{uid}/bars/{bid}/wpn", f"unknown weapon {w!r}")
            if b.arm and b.arm not in c.armours:
                fail("units", f"{uid}/bars/{bid}/arm", f"unknown armour {b.arm!r}")
            if b.shoot != any(c.weapons[w].range for w in weapons_of(c, b)):
                fail("units", f"{uid}/bars/{bid}", "the shoot icon and a ranged weapon go together")
    for did, d in c.deities.items():
        if d.people not in c.peoples:
            fail("deities", f"{did}/people", f"unknown people {d.people!r}")
        for lid, card in d.lore.items():
            if card.effect not in LORE_EFFECTS:
                fail("deities", f"{did}/lore/{lid}", f"unknown Lore effect {card.effect!r}")
    for aid, a in c.artefacts.items():
        if a.people and a.people not in c.peoples:
            fail("artefacts", f"{aid}/people", f"unknown people {a.people!r}")
    for xid, x in c.extra.items():
        if x.people not in c.peoples:
            fail("extra", f"{xid}/people", "an extra Command card belongs to a people")
    glyphs = c.glyphs()
    for sid, s in c.scenarios.items():
        if len(s.map) != 9:
            fail("scenarios", f"{sid}/map", "a map has 9 rows")
        for i, row in enumerate(s.map):
            width = 13 if (9 - i) % 2 else 12
            if len(row) != width:
                fail("scenarios", f"{sid}/map/{i}", f"row {9 - i} has {width} hexes")
            for g in row:
                if g != "." and g not in glyphs:
                    fail("scenarios", f"{sid}/map/{i}", f"unknown terrain glyph {g!r}")
    for pid, p in c.presets.items():
        for u in p.units:
            card = u.split("/")[0]
            if card not in c.units:
                fail("presets", f"{pid}/units", f"unknown unit {u!r}")
        for g in p.gods:
            if g not in c.deities:
                fail("presets", f"{pid}/gods", f"unknown deity {g!r}")


def weapons_of(c: Content, b: Bar) -> tuple[str, ...]:
    """002 l.155-158: no weapon shown means a basic weapon, or a standard bow for shooters."""
    if b.wpn:
        return b.wpn
    return ("bow",) if b.shoot else ("basic",)


@lru_cache(maxsize=1)
def content() -> Content:
    packs = os.environ.get("AGORA_CONTENT_DIR")
    return load(DATA, Path(packs) / "battlelore" if packs else None)
