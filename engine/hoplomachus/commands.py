"""Every command the player sends: a pydantic union on `kind` (frozen, compares by value).

Units in the arena are named by the hex they stand on (`c4`); units in your camp by unit id
(`kl_blade`, or `hero`); rival units still in the rival camp by their place in it (1 = top).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _C(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bonus(_C):
    kind: Literal["bonus"] = "bonus"
    choice: Literal["health", "leadership", "die", "upgrade"]


class Prowess(_C):
    kind: Literal["prowess"] = "prowess"
    card: str


class Go(_C):
    kind: Literal["go"] = "go"
    to: str


class Sail(_C):
    kind: Literal["sail"] = "sail"
    to: str


class Resolve(_C):
    kind: Literal["resolve"] = "resolve"
    sport: Literal["ctf", "koth", "spar"] | None = None


class Spectate(_C):
    kind: Literal["spectate"] = "spectate"


class Order(_C):
    kind: Literal["order"] = "order"
    cards: tuple[str, ...]


class Keep(_C):
    kind: Literal["keep"] = "keep"
    card: str


class Tribune(_C):
    kind: Literal["tribune"] = "tribune"
    place: int


class Glory(_C):
    kind: Literal["glory"] = "glory"
    card: str


class Pass(_C):
    kind: Literal["pass"] = "pass"


class Recruit(_C):
    kind: Literal["recruit"] = "recruit"
    unit: str  # a rival token id


class Take(_C):
    kind: Literal["take"] = "take"
    tactics: tuple[str, ...]


class AddDie(_C):
    kind: Literal["die"] = "die"


class Upgrade(_C):
    kind: Literal["up"] = "up"
    die: int  # 1 = the first die of the hero's sheet


class Lead(_C):
    kind: Literal["lead"] = "lead"


class Health(_C):
    kind: Literal["health"] = "health"


class Skip(_C):
    kind: Literal["skip"] = "skip"


class Purge(_C):
    kind: Literal["purge"] = "purge"
    bane: str


class Deploy(_C):
    kind: Literal["dep"] = "dep"
    unit: str
    hex: str


class Tactic(_C):
    kind: Literal["tac"] = "tac"
    tactic: str
    target: str


class Move(_C):
    kind: Literal["mv"] = "mv"
    frm: str
    to: str


class Ability(_C):
    kind: Literal["ab"] = "ab"
    skill: Literal["hook", "hurl", "shove", "swap"]
    actor: str
    target: str
    dest: str | None = None


class Attack(_C):
    kind: Literal["atk"] = "atk"
    actor: str
    target: str


class Special(_C):
    kind: Literal["sp"] = "sp"
    actor: str
    target: str | None = None  # Agile, Heave, Long Shot
    dest: str | None = None  # Reposition


class End(_C):
    kind: Literal["end"] = "end"


class Auto(_C):
    kind: Literal["auto"] = "auto"


class Surrender(_C):
    kind: Literal["surrender"] = "surrender"


class Reinforce(_C):
    kind: Literal["reinforce"] = "reinforce"


class Pick(_C):
    kind: Literal["pick"] = "pick"
    hex: str


Command = Annotated[
    Bonus | Prowess | Go | Sail | Resolve | Spectate | Order | Keep | Tribune | Glory | Pass
    | Recruit | Take | AddDie | Upgrade | Lead | Health | Skip | Purge | Deploy | Tactic | Move
    | Ability | Attack | Special | End | Auto | Surrender | Reinforce | Pick,
    Field(discriminator="kind"),
]  # fmt: skip
COMMAND: TypeAdapter = TypeAdapter(Command)
