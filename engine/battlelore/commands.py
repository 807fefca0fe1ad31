"""Every Battlelore Mythologie command: a pydantic union on `kind` (ARCHITECTURE §2).

Units on the battlefield are named by the hex they stand on (`d4`); before deployment by
their army id (`hop`, `hop2`). Frozen and built from tuples: commands compare by value.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Cmd(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Map(_Cmd):
    kind: Literal["map"] = "map"
    layout: str


class Side(_Cmd):
    kind: Literal["side"] = "side"
    edge: Literal["s", "n"]


class People(_Cmd):
    kind: Literal["people"] = "people"
    people: str


class Army(_Cmd):
    """A muster: a preset's id, or units ("card" or "card/bar") and what else points buy."""

    kind: Literal["army"] = "army"
    preset: str | None = None
    units: tuple[str, ...] = ()
    gods: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    terrain: tuple[str, ...] = ()
    arts: tuple[str, ...] = ()  # "helm@hop2"
    mana: int = 0


class Site(_Cmd):
    kind: Literal["site"] = "site"
    hex: str


class Place(_Cmd):
    kind: Literal["place"] = "place"
    terrain: str
    hex: str


class Deploy(_Cmd):
    kind: Literal["deploy"] = "deploy"
    unit: str
    hex: str


class Mana(_Cmd):
    kind: Literal["mana"] = "mana"
    hex: str
    n: Literal[1, 2] = 1


class Play(_Cmd):
    """A Command card: `mode` text (its own text), any (one unit anywhere), mana (extra
    cards only: the units it activates receive mana), 002 l.236."""

    kind: Literal["play"] = "play"
    card: str
    extra: bool = False
    mode: Literal["text", "any", "mana"] = "text"


class Act(_Cmd):
    kind: Literal["act"] = "act"
    hex: str


class Go(_Cmd):
    kind: Literal["go"] = "go"


class Move(_Cmd):
    kind: Literal["move"] = "move"
    frm: str
    to: str


class Attack(_Cmd):
    kind: Literal["attack"] = "attack"
    frm: str
    to: str
    ranged: bool = False


class End(_Cmd):
    kind: Literal["end"] = "end"


class Offer(_Cmd):
    kind: Literal["offer"] = "offer"
    god: str


class Use(_Cmd):
    kind: Literal["use"] = "use"
    ability: str
    hex: str | None = None  # only for abilities used outside an attack (mend)


class Lore(_Cmd):
    kind: Literal["lore"] = "lore"
    god: str
    hex: str | None = None


class Done(_Cmd):
    kind: Literal["done"] = "done"


class Retreat(_Cmd):
    kind: Literal["retreat"] = "retreat"
    to: str  # the hex the unit ends on; its own hex: it holds (flags cancelled or blocked)


class Advance(_Cmd):
    kind: Literal["advance"] = "advance"


class Stay(_Cmd):
    kind: Literal["stay"] = "stay"


class Mobility(_Cmd):
    kind: Literal["mobility"] = "mobility"
    to: str


class Pursue(_Cmd):
    kind: Literal["pursue"] = "pursue"
    to: str  # where the pursuit move ends (the unit's own hex: no move)


class Riposte(_Cmd):
    kind: Literal["riposte"] = "riposte"
    ranged: bool = False


class Pass(_Cmd):
    kind: Literal["pass"] = "pass"


class Pantheon(_Cmd):
    """End-of-turn Pantheon choice (002 l.420-423): `mana` +1 to `gods[0]`; `cycle` the
    face-up cards of `gods`; `give`: each deity then gives 1 mana to a unit."""

    kind: Literal["pantheon"] = "pantheon"
    choice: Literal["mana", "cycle", "give"]
    gods: tuple[str, ...] = ()


class Give(_Cmd):
    kind: Literal["give"] = "give"
    hex: str | None = None  # None: this deity gives nothing


Command = Annotated[
    Map
    | Side
    | People
    | Army
    | Site
    | Place
    | Deploy
    | Mana
    | Play
    | Act
    | Go
    | Move
    | Attack
    | End
    | Offer
    | Use
    | Lore
    | Done
    | Retreat
    | Advance
    | Stay
    | Mobility
    | Pursue
    | Riposte
    | Pass
    | Pantheon
    | Give,
    Field(discriminator="kind"),
]
COMMAND: TypeAdapter = TypeAdapter(Command)
