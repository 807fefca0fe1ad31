"""Authored Hoplomachus Victorum content, validated at load (ARCHITECTURE §3).

Seed 003 prints no token, card, arena or map (RULES-NOTES B2 "Missing"): `data/*.yaml` is
our own, checked here by pydantic and by cross-checks (unknown skill, die, unit, region,
tactic, a map of the wrong size, a road to nowhere...). Anything wrong is refused with the
file, the path inside it and the reason. A server may add or replace entries with YAML files
of the same shape in `$AGORA_CONTENT_DIR/hoplomachus/`.
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
FILES = ("units.yaml", "rules.yaml", "cards.yaml", "arenas.yaml", "world.yaml")
DICE = ("b", "g", "k", "r")
CLASSES = ("att", "arc", "def", "tac")
# seed 003 l.569-618 (skills glossary) plus the Scion's own rule (errata l.406-409)
SKILLS = {
    "absorb": "innate", "deflect": "innate", "dodge": "innate", "intercept": "innate",
    "nimble": "innate", "undying": "innate", "regen": "ability", "quickstrike": "innate",
    "retaliate": "innate", "confidence": "innate", "digin": "innate", "inspire": "innate",
    "perfect": "innate", "blasphemous": "innate", "agile": "special", "heave": "special",
    "longshot": "special", "whirlwind": "special", "reposition": "special", "hook": "ability",
    "hurl": "ability", "shove": "ability", "swap": "ability", "lock": "innate", "taunt": "innate",
    "flight": "innate", "firststrike": "innate", "tactical": "innate", "fury": "ability",
    "roaming": "innate", "beastmaster": "innate", "kalliope": "innate",
}  # fmt: skip
WITH_NUMBER = ("regen", "longshot", "hurl", "fury")
UNIT_TERMS = (
    "weakest", "strongest", "slowest", "fastest", "deadliest", "least_deadly", "closest",
    "farthest", "hero", "isolated", "local", "carrier",
)  # fmt: skip
HEX_TERMS = ("key", "flag")
MAP_CHARS = set("123456P#K^.")
SIZE = 7


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Names(_M):
    en: str = Field(min_length=1)
    fr: str = Field(min_length=1)


class Die(_M):
    en: str
    fr: str
    faces: tuple[int, ...]


class UnitDef(_M):
    id: str = ""
    en: str
    fr: str
    region: str
    classes: tuple[Literal["att", "arc", "def", "tac"], ...]
    move: int = Field(ge=0, le=6)
    range: int = Field(ge=1, le=6)
    health: int = Field(ge=1, le=20)
    dice: tuple[str, ...]
    skills: tuple[str, ...] = ()
    copies: int = 2
    opportunity: bool = False
    arena: bool = False
    beast: bool = False
    bane: bool = False


class PrimusSide(_M):
    move: int
    range: int
    dice: tuple[str, ...]
    skills: tuple[str, ...] = ()


class HeroDef(_M):
    id: str = ""
    en: str
    fr: str
    region: str
    classes: tuple[Literal["att", "arc", "def", "tac"], ...]
    move: int
    range: int
    dice: tuple[str, ...]
    skills: tuple[str, ...] = ()
    units: tuple[Literal["att", "arc", "def", "tac"], ...]
    tactics: tuple[str, ...]
    primus: PrimusSide


class TacticDef(_M):
    en: str
    fr: str
    type: Literal["permanent", "instant", "temporary"]
    target: Literal["ally", "enemy"]
    effect: dict[str, Any]


class RivalTactic(_M):
    tactic: str
    target: Literal["weakest_ally", "slowest_ally", "strongest_foe", "deadliest_foe_unhamstrung"]


class BaneDef(_M):
    en: str
    fr: str
    type: Literal["bag", "unit", "camp"]
    effect: dict[str, int] = {}
    unit: str = ""
    copies: int = 1


class Difficulty(_M):
    en: str
    fr: str
    prowess: int
    blessings: int
    bonuses: tuple[Literal["health", "leadership", "die", "upgrade"], ...]
    pick: tuple[Literal["health", "leadership", "die", "upgrade"], ...]
    influence: int
    tactics: bool


class ScionEffect(_M):
    dice: tuple[str, ...]
    per: Literal["total", "hit", "pair"]
    do: Literal["move_to_strongest", "strike_closest", "summon", "heal"]


class ScionDef(_M):
    en: str
    fr: str
    region: str
    move: int
    range: int
    health: int
    dice: tuple[str, ...]
    skills: tuple[str, ...] = ()
    rivals: tuple[str, ...]
    player: str
    effects: tuple[ScionEffect, ...]


class EventDef(_M):
    id: str = ""
    deck: str = ""
    en: str
    fr: str
    rivals: tuple[str, ...]
    player: str
    types: tuple[Literal["ctf", "koth", "spar"], ...] = ()
    mod: dict[str, int] = {}


class OpportunityDef(_M):
    en: str
    fr: str
    condition: dict[str, Any]
    reward: Literal["prowess", "tactics", "discard_bane", "unit"]


class ProwessDef(_M):
    en: str
    fr: str
    effect: dict[str, Any]


class ArenaUnit(_M):
    unit: str
    hex: str


class ArenaDef(_M):
    id: str = ""
    en: str
    fr: str
    map: tuple[str, ...]
    hazard: Literal["none", "daze", "spikes"] = "none"
    priority: tuple[str, ...]
    arena_units: tuple[ArenaUnit, ...] = ()
    arena_priority: tuple[str, ...] = ("*closest",)
    local: dict[str, Any] = {}


class LocationDef(_M):
    id: str = ""
    en: str
    fr: str
    region: str
    kind: Literal["sport", "bloodshed", "opportunity", "capital", "harbour"]


class Content(_M):
    regions: dict[str, Names]
    units: dict[str, UnitDef]
    heroes: dict[str, HeroDef]
    hero_health: int
    hero_leadership: int
    dice: dict[str, Die]
    upgrade: tuple[str, ...]
    arena_die: tuple[str, ...]
    tactics: dict[str, TacticDef]
    rival_tactic: dict[str, RivalTactic]
    tactic_limit: int
    reserve_tactics: int
    banes: dict[str, BaneDef]
    influence: dict[str, Any]
    difficulties: dict[str, Difficulty]
    setup: dict[str, Any]
    act_modifiers: dict[int, dict[str, int]]
    primus: dict[int, dict[str, Any]]
    scion: dict[str, ScionDef]
    sport: dict[str, EventDef]
    bloodshed: dict[str, EventDef]
    opportunities: dict[str, OpportunityDef]
    prowess: dict[str, ProwessDef]
    arenas: dict[str, ArenaDef]
    locations: dict[str, LocationDef]
    roads: tuple[tuple[str, str], ...]

    def adjacent(self, loc: str) -> list[str]:
        return _adjacency(self)[loc]


_ADJ: dict[int, dict[str, list[str]]] = {}


def _adjacency(c: Content) -> dict[str, list[str]]:
    if id(c) in _ADJ:
        return _ADJ[id(c)]
    adj: dict[str, list[str]] = {loc: [] for loc in c.locations}
    for a, b in c.roads:
        adj[a].append(b)
        adj[b].append(a)
    _ADJ[id(c)] = {k: sorted(v) for k, v in adj.items()}
    return _ADJ[id(c)]


def skill_name(skill: str) -> str:
    return skill.split(":")[0]


def skill_number(skill: str) -> int:
    return int(skill.split(":")[1]) if ":" in skill else 0


def parse_slots(text: str) -> tuple[bool, int]:
    """'H+U+U' -> (hero allowed, number of unit slots besides the hero)."""
    parts = text.split("+")
    return ("H" in parts, sum(p == "U" for p in parts))


def _check_skills(file: str, where: str, skills: tuple[str, ...]) -> None:
    for j, s in enumerate(skills):
        name = skill_name(s)
        if name not in SKILLS:
            raise ContentError(file, f"{where}.skills[{j}]", f"unknown skill {name!r}")
        if (name in WITH_NUMBER) != (":" in s):
            raise ContentError(
                file,
                f"{where}.skills[{j}]",
                f"{name} {'needs' if name in WITH_NUMBER else 'takes no'} a number (name:N)",
            )


def _check_dice(file: str, where: str, dice: tuple[str, ...]) -> None:
    for d in dice:
        if d not in DICE:
            raise ContentError(file, f"{where}.dice", f"unknown die {d!r}: use b, g, k or r")


class _Loader:
    def __init__(self) -> None:
        self.raw: dict[str, Any] = {}
        self.origin: dict[str, str] = {}

    def add_file(self, path: Path) -> None:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ContentError(path.name, "", f"not valid YAML: {exc}") from None
        if not isinstance(data, dict):
            raise ContentError(path.name, "", "the file must be a mapping")
        for key, value in data.items():
            self.origin[key] = path.name
            if isinstance(value, dict) and isinstance(self.raw.get(key), dict):
                self.raw[key] = {**self.raw[key], **value}
            else:
                self.raw[key] = value

    def build(self) -> Content:
        raw = dict(self.raw)
        for section in ("units", "heroes", "sport", "bloodshed", "arenas", "locations"):
            for key, value in (raw.get(section) or {}).items():
                if isinstance(value, dict):
                    value.setdefault("id", key)
                    if section in ("sport", "bloodshed"):
                        value.setdefault("deck", section)
        try:
            c = Content.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise ContentError(self.origin.get(str(err["loc"][0]), "content"), loc, err["msg"]) from None
        self.check(c)
        return c

    def check(self, c: Content) -> None:
        o = self.origin.get
        for uid, u in c.units.items():
            if u.region not in c.regions and u.region != "none":
                raise ContentError(o("units", ""), f"units.{uid}.region", f"unknown region {u.region!r}")
            _check_skills(o("units", ""), f"units.{uid}", u.skills)
            _check_dice(o("units", ""), f"units.{uid}", u.dice)
        for hid, h in c.heroes.items():
            if h.region not in c.regions:
                raise ContentError(o("heroes", ""), f"heroes.{hid}.region", f"unknown region {h.region!r}")
            _check_skills(o("heroes", ""), f"heroes.{hid}", h.skills + h.primus.skills)
            _check_dice(o("heroes", ""), f"heroes.{hid}", h.dice + h.primus.dice)
            for t in h.tactics:
                if t not in c.tactics:
                    raise ContentError(o("heroes", ""), f"heroes.{hid}.tactics", f"unknown tactic {t!r}")
            for cls in h.units:
                if not any(
                    u.region == h.region and u.classes[0] == cls and not u.arena for u in c.units.values()
                ):
                    raise ContentError(o("heroes", ""), f"heroes.{hid}.units", f"no {cls} unit in {h.region}")
        for rid in c.regions:
            if rid not in c.arenas:
                raise ContentError(o("arenas", ""), f"arenas.{rid}", "every region needs its arena")
        for aid, a in c.arenas.items():
            self.check_arena(o("arenas", ""), aid, a, c)
        if c.upgrade != DICE:
            raise ContentError(o("upgrade", ""), "upgrade", "the upgrade path lists b, g, k, r")
        for cls, rt in c.rival_tactic.items():
            if cls not in CLASSES or rt.tactic not in c.tactics:
                raise ContentError(o("rival_tactic", ""), f"rival_tactic.{cls}", "unknown class or tactic")
        for bid, b in c.banes.items():
            if b.type == "unit" and (b.unit not in c.units or not c.units[b.unit].bane):
                raise ContentError(o("banes", ""), f"banes.{bid}.unit", f"{b.unit!r} is not a bane unit")
        for deck in ("sport", "bloodshed"):
            for eid, e in getattr(c, deck).items():
                for j, r in enumerate(e.rivals):
                    if r not in ("L", "U", "L(T)", "U(T)"):
                        raise ContentError(
                            o(deck, ""), f"{deck}.{eid}.rivals[{j}]", f"{r!r}: use L, U, L(T) or U(T)"
                        )
                if deck == "sport" and not e.types:
                    raise ContentError(
                        o(deck, ""), f"{deck}.{eid}.types", "a sport event offers at least one type"
                    )
                self.check_slots(o(deck, ""), f"{deck}.{eid}.player", e.player)
        for sid, s in c.scion.items():
            self.check_slots(o("scion", ""), f"scion.{sid}.player", s.player)
            if s.rivals.count("S") != 1:
                raise ContentError(
                    o("scion", ""), f"scion.{sid}.rivals", "the formation holds the Scion once (S)"
                )
        for lid, loc in c.locations.items():
            if loc.region not in c.regions:
                raise ContentError(
                    o("locations", ""), f"locations.{lid}.region", f"unknown region {loc.region!r}"
                )
        for j, (a, b) in enumerate(c.roads):
            for end in (a, b):
                if end not in c.locations:
                    raise ContentError(o("roads", ""), f"roads[{j}]", f"unknown location {end!r}")
        for lid, adj in _adjacency(c).items():
            if c.locations[lid].kind != "capital" and len(adj) < 2:
                raise ContentError(
                    o("roads", ""), f"locations.{lid}", "a location needs two roads (no return)"
                )
        capitals = {loc.region for loc in c.locations.values() if loc.kind == "capital"}
        if capitals != set(c.regions):
            raise ContentError(o("locations", ""), "locations", "every region needs exactly one capital")

    @staticmethod
    def check_slots(file: str, where: str, text: str) -> None:
        parts = text.split("+")
        if not parts or any(p not in ("H", "U") for p in parts) or parts.count("H") > 1:
            raise ContentError(file, where, f"{text!r}: slots are H (your hero, once) and U joined by +")

    @staticmethod
    def check_arena(file: str, aid: str, a: ArenaDef, c: Content) -> None:
        where = f"arenas.{aid}"
        if len(a.map) != SIZE or any(len(row) != SIZE for row in a.map):
            raise ContentError(file, f"{where}.map", f"a map is {SIZE} rows of {SIZE} hexes")
        chars = "".join(a.map)
        if set(chars) - MAP_CHARS:
            raise ContentError(
                file, f"{where}.map", f"unknown map characters {sorted(set(chars) - MAP_CHARS)}"
            )
        numbers = sorted(ch for ch in chars if ch.isdigit())
        if numbers != [str(i) for i in range(1, len(numbers) + 1)] or len(numbers) < 4:
            raise ContentError(file, f"{where}.map", "rival hexes are numbered 1, 2, 3, ... (at least 4)")
        if chars.count("P") < 3 or chars.count("K") < 1:
            raise ContentError(file, f"{where}.map", "an arena needs 3 player hexes and a key hex")
        if "^" in chars and a.hazard == "none":
            raise ContentError(file, f"{where}.hazard", "the map has hazards (^): name their kind")
        for j, term in enumerate(a.priority + a.arena_priority):
            bare = term.lstrip("*")
            if bare not in UNIT_TERMS + HEX_TERMS:
                raise ContentError(file, f"{where}.priority[{j}]", f"unknown priority {term!r}")
            if (bare in UNIT_TERMS) != term.startswith("*"):
                raise ContentError(
                    file, f"{where}.priority[{j}]", "unit priorities are bold (*), hex priorities are not"
                )
        for j, au in enumerate(a.arena_units):
            if au.unit not in c.units or not c.units[au.unit].arena:
                raise ContentError(file, f"{where}.arena_units[{j}]", f"{au.unit!r} is not an arena unit")


def load_content(extra_dir: str | Path | None = None) -> Content:
    """Read the shipped data, then any pack in `extra_dir` (default: $AGORA_CONTENT_DIR/hoplomachus)."""
    loader = _Loader()
    for name in FILES:
        loader.add_file(DATA / name)
    if extra_dir is None and os.environ.get("AGORA_CONTENT_DIR"):
        extra_dir = Path(os.environ["AGORA_CONTENT_DIR"]) / "hoplomachus"
    if extra_dir is not None and Path(extra_dir).is_dir():
        for path in sorted(Path(extra_dir).glob("*.yaml")):
            loader.add_file(path)
    return loader.build()


@lru_cache(maxsize=1)
def content() -> Content:
    return load_content()
