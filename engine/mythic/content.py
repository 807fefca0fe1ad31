"""Authored Mythic Battles content: talents, units, tiles and presets, validated at load.

The rulebooks (000 French, 001 English) print no cards: `data/*.yaml` holds our own data,
checked here by pydantic plus the cross-checks pydantic cannot express. Anything wrong is
refused with the file, the path inside it and the reason (`ContentError`). A server may add
or replace content with YAML files of the same shape in `$AGORA_CONTENT_DIR/mythic/`.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.errors import ContentError

DATA = Path(__file__).parent / "data"
FACTIONS = ("athena", "hades", "neutral")
# 001 §"Unit Types" lists five types; 000 §"Types d'Unités" omits Horde but 000 §I names it.
UNIT_TYPES = ("infantry", "cavalry", "pack", "horde", "colossal")
PLUSABLE = ("move", "cc", "ra", "def")
TERRAINS = {".": "open", "h": "hill", "f": "forest", "r": "ruins", "x": "impassable", "c": "crevasse"}
GROUND_BLOCKED = frozenset("xc")  # 001 §"Impassable Terrain", §"Crevasse"


class Names(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    en: str = Field(min_length=1)
    fr: str = Field(min_length=1)


class TalentDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = ""
    name: Names
    timing: Literal[
        "passive",
        "turn_start",
        "declared",
        "attack",
        "attack_bonus",
        "wounds",
        "reaction",
        "activation",
        "reshuffle",
        "dice",
    ]
    dice: bool = False  # the card prints a number of dice beside the talent
    free: bool = False  # nothing to pay: the card cost must be 0
    text: Names


class TalentUse(BaseModel):
    """A talent on one card: its power-point cost and, for some, its dice (`2` or `{cost, dice}`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    cost: int = Field(ge=0, le=9)
    dice: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="before")
    @classmethod
    def _cost_alone(cls, data: Any) -> Any:
        return {"cost": data} if isinstance(data, int) else data


class Level(BaseModel):
    """One unit card: the characteristics at one Vitality level (001 §"Unit cards")."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
    move: tuple[int, int]  # (with a combat maneuver, without): 001 §"Movement Value"
    cc: int = Field(ge=0, le=9)
    ra: int = Field(default=0, ge=0, le=9)
    range: int = Field(default=0, ge=0, le=12)
    defense: int = Field(alias="def", ge=1, le=12)
    plus: frozenset[str] = frozenset()
    talents: dict[str, TalentUse] = {}

    def talent(self, talent: str) -> TalentUse | None:
        return self.talents.get(talent)


class UnitDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: Names
    affiliation: Names | None = None
    faction: Literal["athena", "hades", "neutral"]
    type: Literal["infantry", "cavalry", "pack", "horde", "colossal"]
    flying: bool = False
    cost: int = Field(ge=1, le=100)
    maneuvers: int = Field(ge=1, le=9)
    leadership: int = Field(ge=1, le=9)
    legendary: bool = False
    levels: dict[int, Level]

    @property
    def vitality(self) -> int:
        return max(self.levels)

    def display(self) -> Names:
        if self.affiliation is None:
            return self.name
        return Names(
            en=f"{self.name.en} ({self.affiliation.en})", fr=f"{self.name.fr} ({self.affiliation.fr})"
        )


class TilePlacement(BaseModel):
    """A tile side laid on the battlefield: `3b@90` is tile 3, side b, turned 90° clockwise."""

    model_config = ConfigDict(frozen=True)
    tile: int
    side: Literal["a", "b"]
    rotation: int = 0  # 0, 90, 180 or 270

    def code(self) -> str:
        return f"{self.tile}{self.side}" + (f"@{self.rotation}" if self.rotation else "")


class ArmyPreset(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = ""
    name: Names
    faction: Literal["athena", "hades"]
    units: tuple[str, ...]


class Content(BaseModel):
    model_config = ConfigDict(frozen=True)
    talents: dict[str, TalentDef]
    units: dict[str, UnitDef]
    tile_size: int
    tiles: dict[int, dict[str, tuple[str, ...]]]
    armies: dict[str, ArmyPreset]
    battlefields: dict[str, tuple[TilePlacement, ...]]


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ContentError(path.name, "(file)", f"not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ContentError(path.name, "(file)", "the top level must be a mapping")
    return data


def _model(cls: type[BaseModel], data: Any, file: str, path: str) -> Any:
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join([path, *map(str, err["loc"])])
        raise ContentError(file, where, err["msg"]) from exc


def parse_placement(code: str) -> TilePlacement:
    """`3b`, `3b@90`: raises ValueError on anything else."""
    text = code.strip().lower()
    base, _, rot = text.partition("@")
    if len(base) != 2 or not base[0].isdigit() or base[1] not in "ab":
        raise ValueError(code)
    rotation = int(rot) if rot else 0
    if rotation not in (0, 90, 180, 270):
        raise ValueError(code)
    return TilePlacement(tile=int(base[0]), side=base[1], rotation=rotation)


class _Loader:
    """Collects raw entries from the shipped files and the optional pack, then validates."""

    def __init__(self) -> None:
        self.talents: dict[str, tuple[str, Any]] = {}
        self.units: dict[str, tuple[str, int, Any]] = {}
        self.tiles: dict[int, tuple[str, Any]] = {}
        self.tile_size: int | None = None
        self.armies: dict[str, tuple[str, Any]] = {}
        self.battlefields: dict[str, tuple[str, Any]] = {}

    def add_file(self, path: Path) -> None:
        data, file = _read(path), path.name
        unknown = set(data) - {"talents", "units", "tiles", "size", "armies", "battlefields"}
        if unknown:
            raise ContentError(file, sorted(unknown)[0], "unknown section")
        for tid, raw in (data.get("talents") or {}).items():
            self.talents[str(tid)] = (file, raw)
        for i, raw in enumerate(data.get("units") or []):
            if not isinstance(raw, dict) or "id" not in raw:
                raise ContentError(file, f"units[{i}]", "a unit needs an id")
            self.units[str(raw["id"])] = (file, i, raw)
        if "size" in data:
            self.tile_size = data["size"]
        for num, raw in (data.get("tiles") or {}).items():
            self.tiles[num] = (file, raw)
        for aid, raw in (data.get("armies") or {}).items():
            self.armies[str(aid)] = (file, raw)
        for bid, raw in (data.get("battlefields") or {}).items():
            self.battlefields[str(bid)] = (file, raw)

    def build(self) -> Content:
        talents = {
            tid: _model(TalentDef, {**raw, "id": tid}, file, f"talents.{tid}")
            for tid, (file, raw) in self.talents.items()
        }
        units = {uid: self._unit(talents, file, i, raw) for uid, (file, i, raw) in self.units.items()}
        size = self.tile_size
        if not isinstance(size, int) or not 3 <= size <= 12:
            raise ContentError("tiles.yaml", "size", "the tile size must be a whole number from 3 to 12")
        tiles = {}
        for num, (file, raw) in self.tiles.items():
            tiles[num] = _tile(file, num, raw, size)
        armies = {}
        for aid, (file, raw) in self.armies.items():
            army = _model(ArmyPreset, {**raw, "id": aid}, file, f"armies.{aid}")
            for j, unit in enumerate(army.units):
                if unit not in units:
                    raise ContentError(file, f"armies.{aid}.units[{j}]", f"unknown unit {unit!r}")
            armies[aid] = army
        fields = {bid: _battlefield(file, bid, raw, tiles) for bid, (file, raw) in self.battlefields.items()}
        return Content(
            talents=talents, units=units, tile_size=size, tiles=tiles, armies=armies, battlefields=fields
        )

    @staticmethod
    def _unit(talents: dict[str, TalentDef], file: str, i: int, raw: Any) -> UnitDef:
        where = f"units[{i}]"
        unit = _model(UnitDef, raw, file, where)
        if sorted(unit.levels) != list(range(1, len(unit.levels) + 1)):
            raise ContentError(
                file, f"{where}.levels", "one stat line is needed for every Vitality from 1 up"
            )
        for vit, line in unit.levels.items():
            here = f"{where}.levels.{vit}"
            if line.move[0] < 0 or line.move[1] < line.move[0]:
                raise ContentError(
                    file,
                    f"{here}.move",
                    "movement values must be [with attack, without] with 0 <= first <= second",
                )
            if (line.ra > 0) != (line.range > 0):
                raise ContentError(
                    file, f"{here}.range", "a ranged attack needs a range, and a range needs a ranged attack"
                )
            if not line.plus <= set(PLUSABLE):
                raise ContentError(file, f"{here}.plus", f"only {', '.join(PLUSABLE)} may carry a +")
            for tid, use in line.talents.items():
                talent = talents.get(tid)
                if talent is None:
                    raise ContentError(file, f"{here}.talents.{tid}", "unknown talent")
                if talent.dice != (use.dice > 0):
                    need = "needs a number of dice" if talent.dice else "takes no dice"
                    raise ContentError(file, f"{here}.talents.{tid}", f"this talent {need}")
                if talent.free and use.cost:
                    raise ContentError(file, f"{here}.talents.{tid}", "this talent costs nothing to use")
        return unit


def _tile(file: str, num: Any, raw: Any, size: int) -> dict[str, tuple[str, ...]]:
    where = f"tiles.{num}"
    if not isinstance(num, int) or not 1 <= num <= 9:
        raise ContentError(file, where, "tiles are numbered 1 to 9")
    if not isinstance(raw, dict) or set(raw) != {"a", "b"}:
        raise ContentError(file, where, "a tile has exactly two sides, a and b")
    sides = {}
    for side, rows in raw.items():
        here = f"{where}.{side}"
        if (
            not isinstance(rows, list)
            or len(rows) != size
            or any(not isinstance(r, str) or len(r) != size for r in rows)
        ):
            raise ContentError(file, here, f"a side is {size} rows of {size} squares")
        bad = {ch for row in rows for ch in row} - set(TERRAINS)
        if bad:
            raise ContentError(file, here, f"unknown terrain {sorted(bad)[0]!r}")
        problem = _tile_problem(rows)
        if problem:
            raise ContentError(file, here, problem)
        sides[side] = tuple(rows)
    return sides


def _tile_problem(rows: list[str]) -> str | None:
    """A side must leave room to deploy along any edge and no ground pocket cut off."""
    n = len(rows)
    open_sq = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch not in GROUND_BLOCKED}
    edges = {
        "north": [(x, y) for y in (0, 1) for x in range(n)],
        "south": [(x, y) for y in (n - 2, n - 1) for x in range(n)],
        "west": [(x, y) for x in (0, 1) for y in range(n)],
        "east": [(x, y) for x in (n - 2, n - 1) for y in range(n)],
    }
    for name, squares in edges.items():
        if sum(sq in open_sq for sq in squares) < n:
            return f"the two rows along the {name} edge need at least {n} squares a ground unit may stand on"
    start = next(iter(open_sq))
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (x + dx, y + dy)
                if nxt in open_sq and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    if len(seen) != len(open_sq):
        return "some squares a ground unit may stand on cannot be reached from the others"
    return None


def _battlefield(file: str, bid: str, raw: Any, tiles: dict[int, Any]) -> tuple[TilePlacement, ...]:
    where = f"battlefields.{bid}"
    if not isinstance(raw, list) or len(raw) not in (4, 6):
        raise ContentError(file, where, "a battlefield is 4 tile sides (two players) or 6 (teams)")
    placements = []
    for j, code in enumerate(raw):
        try:
            placement = parse_placement(str(code))
        except ValueError:
            raise ContentError(
                file, f"{where}[{j}]", f"{code!r} is not a tile side such as 3b or 3b@90"
            ) from None
        if placement.tile not in tiles:
            raise ContentError(file, f"{where}[{j}]", f"there is no tile {placement.tile}")
        placements.append(placement)
    if len({p.tile for p in placements}) != len(placements):
        raise ContentError(file, where, "the tiles must be different")
    return tuple(placements)


def load_content(extra_dir: str | Path | None = None) -> Content:
    """Read the shipped data, then any pack in `extra_dir` (default: $AGORA_CONTENT_DIR/mythic)."""
    loader = _Loader()
    for name in ("talents.yaml", "units.yaml", "tiles.yaml", "presets.yaml"):
        loader.add_file(DATA / name)
    if extra_dir is None and os.environ.get("AGORA_CONTENT_DIR"):
        extra_dir = Path(os.environ["AGORA_CONTENT_DIR"]) / "mythic"
    if extra_dir is not None and Path(extra_dir).is_dir():
        for path in sorted(Path(extra_dir).glob("*.yaml")):
            loader.add_file(path)
    return loader.build()


@lru_cache(maxsize=1)
def content() -> Content:
    return load_content()
