"""Every command a Mythic Battles player may send: a pydantic union on `kind`.

Commands name the player's own units by unit id (`marauders`), cards by unit id or `aow`,
squares by name (`c3`), dice by their number in the roll (1 = first die rolled).
Frozen and built from tuples, so commands compare and hash by value.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Cmd(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Recruit(_Cmd):
    kind: Literal["recruit"] = "recruit"
    faction: str
    units: tuple[str, ...]


class Tiles(_Cmd):
    kind: Literal["tiles"] = "tiles"
    placements: tuple[str, ...]  # "1a", "3b@90": north-west, north-east, south-west, south-east


class Zone(_Cmd):
    kind: Literal["zone"] = "zone"
    edge: Literal["n", "s", "e", "w"]  # the chooser's own edge; the first player gets the opposite


class Deploy(_Cmd):
    kind: Literal["deploy"] = "deploy"
    unit: str
    square: str


class Activate(_Cmd):
    kind: Literal["activate"] = "activate"
    unit: str
    pp: int = 0  # how much of the Art of War cost is paid in power points (Leader)


class Use(_Cmd):
    kind: Literal["use"] = "use"
    talent: str
    unit: str


class Plus(_Cmd):
    kind: Literal["plus"] = "plus"
    stat: Literal["move", "cc", "ra", "def"]


class Move(_Cmd):
    kind: Literal["move"] = "move"
    path: tuple[str, ...]  # two squares: the engine finds the route; more: every step given


class Attack(_Cmd):
    kind: Literal["attack"] = "attack"
    source: str
    target: str
    extra: tuple[str, ...] = ()  # further targets of Cerberus' Bite or Spread Shot
    talent: Literal["bite", "spread"] | None = None


class Harass(_Cmd):
    kind: Literal["harass"] = "harass"
    unit: str


class Defend(_Cmd):
    kind: Literal["defend"] = "defend"
    unit: str


class Counter(_Cmd):
    kind: Literal["counter"] = "counter"


class Boost(_Cmd):
    kind: Literal["boost"] = "boost"
    spend: int
    onto: int


class Reroll(_Cmd):
    kind: Literal["reroll"] = "reroll"
    dice: tuple[int, ...]


class Zero(_Cmd):
    kind: Literal["zero"] = "zero"
    die: int


class AuraReroll(_Cmd):
    kind: Literal["aura"] = "aura"
    die: int


class Optimal(_Cmd):
    kind: Literal["optimal"] = "optimal"


class Done(_Cmd):
    kind: Literal["done"] = "done"


class Pass(_Cmd):
    kind: Literal["pass"] = "pass"


class End(_Cmd):
    kind: Literal["end"] = "end"


class Convert(_Cmd):
    kind: Literal["convert"] = "convert"
    card: str


class Fetch(_Cmd):
    kind: Literal["fetch"] = "fetch"
    card: str


class Cycle(_Cmd):
    kind: Literal["cycle"] = "cycle"
    cards: tuple[str, ...]


class Discard(_Cmd):
    kind: Literal["discard"] = "discard"
    card: str


Command = Annotated[
    Recruit
    | Tiles
    | Zone
    | Deploy
    | Activate
    | Use
    | Plus
    | Move
    | Attack
    | Harass
    | Defend
    | Counter
    | Boost
    | Reroll
    | Zero
    | AuraReroll
    | Optimal
    | Done
    | Pass
    | End
    | Convert
    | Fetch
    | Cycle
    | Discard,
    Field(discriminator="kind"),
]
COMMAND = TypeAdapter(Command)
