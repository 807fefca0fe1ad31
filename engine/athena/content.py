"""Battle for Athena card data: pydantic models and the loader of `data/*.yaml`.

The rulebook (004) names the cards but prints none of their numbers: the values are
authored (CONTENT.md) and live in YAML. Extra packs come from the directory in the
environment variable AGORA_CONTENT_DIR: its files `athena*.yaml` use the same format and
may add cards and scenarios or replace ours (same code or id). Invalid content raises
`ContentError(file, path, reason)`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from engine.athena import structures
from engine.errors import ContentError
from engine.i18n import register_texts

DATA_DIR = Path(__file__).parent / "data"
DATA_FILES = ("combatants.yaml", "powers.yaml", "terrains.yaml", "scenarios.yaml")
PACK_GLOB = "athena*.yaml"
COLOURS = ("green", "orange", "red")
Code = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z0-9]{1,3}$")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Names(Strict):
    en: str = Field(min_length=1)
    fr: str = Field(min_length=1)


class Combatant(Strict):
    code: Code
    code_en: Code | None = None  # the English initials, also accepted in moves (issue 25)
    name: Names
    cost: int = Field(ge=0)
    vp: int = Field(ge=0)
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    box: int = Field(6, ge=1)  # copies in the box (004 §II)


# What each effect kind does is code (powers.py); which phase it belongs to is fixed by it.
EFFECT_PHASES = {
    "annihilate": "reveal",
    "bonus": "reveal",
    "full_value": "reveal",
    "immunity": "reveal",
    "support": "reveal",
    "anticipate": "strategy",
    "clairvoyance": "strategy",
    "draw": "strategy",
    "swap": "strategy",
    "camouflage": "engagement",
    "colour_shift": "engagement",
}


class Effect(Strict):
    kind: Literal[
        "annihilate",
        "bonus",
        "full_value",
        "immunity",
        "support",
        "anticipate",
        "clairvoyance",
        "draw",
        "swap",
        "camouflage",
        "colour_shift",
    ]
    amount: int = 0  # combat value (bonus, support), cards (draw) or colour levels (colour_shift)
    when: Literal["any", "attacker", "defender"] = "any"
    wins_ties: bool = False


class Power(Strict):
    code: Code
    code_en: Code | None = None  # the English initials (CO for Commandant/Commander), also accepted
    name: Names
    cost: int = Field(ge=1)  # playing costs 1 token in advance (004 §VI.B "Phase de Pouvoir")
    vp: int = Field(ge=0)
    phase: Literal["strategy", "engagement", "reveal"]
    lasting: bool = False
    effect: Effect
    box: int = Field(6, ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> Power:
        if EFFECT_PHASES[self.effect.kind] != self.phase:
            raise ValueError(
                f"a {self.effect.kind!r} effect activates in the {EFFECT_PHASES[self.effect.kind]} phase"
            )
        if self.lasting != (self.effect.kind == "support"):
            raise ValueError("only a 'support' effect is lasting")
        return self


class Terrain(Strict):
    code: Code
    name: Names
    vp: int = Field(ge=0)
    box: int = Field(ge=1)
    special: bool = False  # Temple de Zeus, Parthénon: left out of the §IX example


class Scenario(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    expert: bool = False  # armies built by the players (004 §IX)
    army: dict[str, int] = {}
    structure: Literal["pyramid", "inverted", "x", "columns"] = "pyramid"
    powers: dict[str, int] = {}
    tokens: int = Field(0, ge=0)
    hand: int = Field(0, ge=0)
    terrains: dict[str, int] = {}
    visible: int = Field(1, ge=1)
    rounds_to_win: int = Field(2, ge=1)


class Colours(Strict):
    green_max: int
    red_min: int


class Content(BaseModel):
    model_config = ConfigDict(frozen=True)

    colours: Colours
    combatants: dict[str, Combatant]
    powers: dict[str, Power]
    terrains: dict[str, Terrain]
    scenarios: dict[str, Scenario]

    def canonical(self, table: str, code: str) -> str | None:
        """The code of the combatant or power ("combatants" / "powers") a typed code names:
        its own code (the French initials), or its English one; None when neither."""
        items: dict[str, Any] = getattr(self, table)
        if code in items:
            return code
        return next((c for c, item in items.items() if item.code_en == code), None)

    def colour(self, code: str) -> str:
        """Threat colour from attack + defence (004 §IV.A, §VI.B); thresholds are data."""
        card = self.combatants[code]
        total = card.attack + card.defense
        if total <= self.colours.green_max:
            return "green"
        return "red" if total >= self.colours.red_min else "orange"


_SECTIONS = {"combatants": Combatant, "powers": Power, "terrains": Terrain, "scenarios": Scenario}


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def _read(file: Path, raw: dict[str, Any], origin: dict[str, str]) -> None:
    """Validate one YAML file into `raw` (items keyed by code or id, later files replace)."""
    try:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ContentError(file.name, "(root)", f"not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ContentError(file.name, "(root)", "expected a mapping of sections")
    for section, items in data.items():
        if section == "colours":
            try:
                raw["colours"] = Colours.model_validate(items)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise ContentError(file.name, _path(("colours", *err["loc"])), err["msg"]) from exc
            continue
        model = _SECTIONS.get(section)
        if model is None:
            raise ContentError(file.name, section, f"unknown section (expected one of {sorted(_SECTIONS)})")
        if not isinstance(items, list):
            raise ContentError(file.name, section, "expected a list")
        for i, item in enumerate(items):
            try:
                obj = model.model_validate(item)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise ContentError(file.name, _path((section, i, *err["loc"])), err["msg"]) from exc
            key = getattr(obj, "id", None) or obj.code
            raw[section][key] = obj
            origin[key] = file.name


def _check_scenario(sc: Scenario, c: Content, file: str) -> None:
    where = f"scenarios[{sc.id}]"
    for field, table in (("army", c.combatants), ("powers", c.powers), ("terrains", c.terrains)):
        for code, count in getattr(sc, field).items():
            if code not in table:
                raise ContentError(file, f"{where}.{field}.{code}", f"unknown code {code!r}")
            if not 1 <= count <= table[code].box:
                raise ContentError(file, f"{where}.{field}.{code}", f"count must be 1..{table[code].box}")
    if sc.expert:
        return
    n = sum(sc.army.values())
    if not structures.fits(sc.structure, n):
        raise ContentError(file, f"{where}.army", f"{n} cards do not fit a {sc.structure}")
    if sc.hand > sum(sc.powers.values()):
        raise ContentError(file, f"{where}.hand", "hand is larger than the power deck")
    if sc.visible > sum(sc.terrains.values()):
        raise ContentError(file, f"{where}.visible", "more visible terrains than terrain cards")


def _check_english_codes(section: str, table: dict[str, Any], origin: dict[str, str]) -> None:
    """An English code may name only its own item: never another item's code or English code."""
    seen: dict[str, str] = {code: code for code in table}
    for code, item in table.items():
        if item.code_en is None or item.code_en == code:
            continue
        other = seen.get(item.code_en)
        if other is not None:
            raise ContentError(
                origin[code], f"{section}.{code}.code_en", f"{item.code_en!r} already names {other!r}"
            )
        seen[item.code_en] = code


def load_content(extra_dir: str | Path | None = None) -> Content:
    raw: dict[str, Any] = {name: {} for name in _SECTIONS}
    origin: dict[str, str] = {}
    files = [DATA_DIR / name for name in DATA_FILES]
    if extra_dir:
        files += sorted(Path(extra_dir).glob(PACK_GLOB))
    for file in files:
        _read(file, raw, origin)
    if "colours" not in raw:
        raise ContentError("combatants.yaml", "colours", "missing colour thresholds")
    content = Content(**raw)
    for sc in content.scenarios.values():
        _check_scenario(sc, content, origin[sc.id])
    for section in ("combatants", "powers"):
        _check_english_codes(section, getattr(content, section), origin)
    _register_names(content)
    return content


def _register_names(content: Content) -> None:
    """The data's names are the source of the display names, so packs' new cards read well."""
    tables = {
        "card": content.combatants,
        "power": content.powers,
        "terrain": content.terrains,
        "scenario": content.scenarios,
    }
    for locale in ("en", "fr"):
        register_texts(
            locale,
            {
                f"athena.{kind}.{code}": getattr(item.name, locale)
                for kind, table in tables.items()
                for code, item in table.items()
            },
        )


_current: list[Content] = []


def content() -> Content:
    """The content in force: ours plus the packs of AGORA_CONTENT_DIR, loaded at first use."""
    if not _current:
        _current.append(load_content(os.environ.get("AGORA_CONTENT_DIR") or None))
    return _current[0]


def reload_content() -> Content:
    """Load again, e.g. after AGORA_CONTENT_DIR changed."""
    _current.clear()
    return content()
