"""Battle for Athena state, options and commands (pydantic; commands are a union on `kind`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from engine.athena import structures
from engine.athena.content import content
from engine.errors import IllegalCommand
from engine.i18n import T
from engine.models import unvalidated
from engine.protocol import GameState, Role
from engine.rng import Rng

ROLES = ["p1", "p2"]
MAX_COPIES_COMBATANT = 6  # the box holds 6 of each combatant (004 §II)
MAX_COPIES_POWER = 3  # 004 §IX: "pas plus de 3 exemplaires d'une même carte"


EXPERT_FIELDS = ("army_points", "structure", "cards", "terrain_count", "terrain_visible", "terrain_specials")
ScenarioId = Literal["athenes", "initiation", "expert"]  # 004 §V.B, §V.A "Initiation" (first game), §IX


class Options(BaseModel):
    """Set-up options. The expert fields (004 §IX) only matter for the `expert` scenario.

    The choices are Literals so that `/game new` offers them as choices, named in the
    catalog (`athena.option.<field>`, `.desc`, `.<value>`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: ScenarioId = "athenes"
    first_attacker: Literal["p1", "p2", "random"] = "p1"  # 004 §V.B: the oldest player attacks
    army_points: int = Field(40, ge=1, le=400)
    structure: Literal["pyramid", "inverted", "x", "columns"] = "pyramid"
    cards: int = Field(15, ge=1, le=structures.MAX_CARDS)
    terrain_count: int = Field(20, ge=1)
    terrain_visible: int = Field(5, ge=1)
    terrain_specials: bool = False  # Temple de Zeus and Parthénon (excluded by the §IX example)
    rounds_to_win: int | None = Field(None, ge=1, le=5)  # None: the scenario's

    @model_validator(mode="before")
    @classmethod
    def _known_scenario(cls, data: Any) -> Any:
        # our translated reason (with the known scenarios) rather than pydantic's literal error
        known = list(get_args(ScenarioId))
        if isinstance(data, dict) and data.get("scenario", known[0]) not in known:
            raise IllegalCommand("athena.err.unknown_scenario", scenario=data["scenario"], known=known)
        return data

    @model_validator(mode="after")
    def _check(self) -> Options:
        # IllegalCommand is not a ValueError: it passes through pydantic with its translated reason.
        c = content()
        if not c.scenarios[self.scenario].expert:
            # a printed or authored scenario fixes armies and terrains (004 §V.A): an expert
            # setting there would be silently ignored, so it is refused with the reason
            changed = [f for f in EXPERT_FIELDS if getattr(self, f) != type(self).model_fields[f].default]
            if changed:
                raise IllegalCommand(
                    "athena.err.expert_only",
                    option=T(f"athena.option.{changed[0]}"),
                    scenario=T(f"athena.scenario.{self.scenario}"),
                )
            return self
        if not structures.fits(self.structure, self.cards):
            raise IllegalCommand(
                "athena.err.structure_size",
                structure=T(f"athena.structure.{self.structure}"),
                cards=self.cards,
                sizes=structures.sizes(self.structure)[:8],
            )
        cheapest = sorted(card.cost for card in c.combatants.values() for _ in range(MAX_COPIES_COMBATANT))
        if self.cards > len(cheapest) or sum(cheapest[: self.cards]) > self.army_points:
            raise IllegalCommand("athena.err.points_too_low", points=self.army_points, cards=self.cards)
        if self.cards > MAX_COPIES_POWER * len(c.powers):
            raise IllegalCommand(
                "athena.err.too_many_cards", cards=self.cards, most=MAX_COPIES_POWER * len(c.powers)
            )
        pool = sum(t.box for t in c.terrains.values() if self.terrain_specials or not t.special)
        if self.terrain_count > pool:
            raise IllegalCommand("athena.err.terrain_count", count=self.terrain_count, most=pool)
        if self.terrain_visible > self.terrain_count:
            raise IllegalCommand(
                "athena.err.terrain_visible", visible=self.terrain_visible, count=self.terrain_count
            )
        return self

    def target_rounds(self) -> int:
        return self.rounds_to_win or content().scenarios[self.scenario].rounds_to_win


class Attached(BaseModel):
    """A power card lying face down on a combatant (004 §VI.B "Jouer une carte Pouvoir")."""

    code: str
    active: bool = False  # flipped and activated
    cancelled: bool = False  # by Power Annihilation


class Captured(BaseModel):
    card: str
    powers: list[str] = []


class Army(BaseModel):
    roster: list[str] = []  # the combatants it fields every round
    pool: list[str] = []  # its power cards
    round_tokens: int = 0  # tokens at the start of each round
    recruited: bool = False  # expert build steps
    built: bool = False
    deployed: bool = False
    slots: list[str | None] = []  # slot n -> combatant code at index n-1; None once engaged
    powers: list[list[Attached]] = []  # face-down powers per slot
    hand: list[str] = []
    deck: list[str] = []  # the next draw is the last element
    power_discard: list[str] = []
    card_discard: list[str] = []
    tokens: int = 0
    captured: list[Captured] = []
    terrains: list[str] = []
    support: int = 0  # Soutien bonus to the later duels of the round
    known_colours: dict[int, str] = {}  # opponent slot -> colour learned by Anticipation
    known_cards: dict[int, str] = {}  # opponent slot -> card seen by Clairvoyance

    def present(self) -> list[bool]:
        return [code is not None for code in self.slots]


class Engaged(BaseModel):
    slot: int
    card: str
    powers: list[Attached] = []
    announced: str | None = None  # colour announced; None when Camouflage hid it
    revealed: bool = False
    value: int | None = None  # combat value x2 (halves are kept: 004 §VI.B, RULES-NOTES B3.5)


class Frame(BaseModel):
    """A decision point; `active()` reads the top of the stack (ARCHITECTURE §2)."""

    kind: Literal["build", "deploy", "power", "strategy", "engage", "reveal"]
    roles: list[Role]


class DuelRecord(BaseModel):
    round: int
    duel: int
    attacker: Role
    engaged: dict[Role, Engaged]  # both cards as resolved, with their values
    winner: Role | None
    terrain: str | None = None


class RoundRecord(BaseModel):
    vp: dict[Role, int]
    captured: dict[Role, int]
    powers: dict[Role, int]
    terrains: dict[Role, int]
    winner: Role | None


class State(GameState):
    SCHEMA_VERSION = 2
    schema_version: int = SCHEMA_VERSION  # new states are saved at the current version
    game: str = "athena"
    options: Options
    rng: Rng
    stage: Literal["build", "deploy", "duel", "over"]
    round: int = 1
    duel: int = 0
    attacker: Role
    round_starter: Role  # who attacked first this round
    first_attacker: Role | None = (
        None  # of the whole game, for league statistics (None: unknown in an upgraded v1 state)
    )
    stack: list[Frame] = []
    armies: dict[Role, Army]
    terrain_deck: list[str] = []  # the next draw is the last element
    terrain_row: list[str] = []  # index 0: the active terrain, farthest from the deck
    engaged: dict[Role, Engaged] = {}
    last_duel: DuelRecord | None = None
    rounds: list[RoundRecord] = []
    winners: list[Role] | None = None

    def other(self, role: Role) -> Role:
        return self.roles[1] if role == self.roles[0] else self.roles[0]


# ---- clone: the copy `apply` works on ------------------------------------------------------

_ATOMS = frozenset({str, int, bool, float, type(None)})
Copier = Callable[[Any], Any]
M = TypeVar("M", bound=BaseModel)


def _copy(value: Any) -> Any:
    """A deep copy of any state value, by its runtime type: for what `_copier` does not know."""
    kind = type(value)
    if kind is list:  # lists in the state hold one kind of item
        if not value or type(value[0]) in _ATOMS:
            return value[:]
        return [_copy(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}
    if isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        return _model_copier(kind)(value)
    return value  # str, int, None, tuples of those, frozen models: immutable, shared


def _slice(value: Any) -> Any:
    return value[:]


def _dict(value: Any) -> Any:
    return dict(value)


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of a field's declared type; None: immutable, shared."""
    origin, args = get_origin(annotation), get_args(annotation)
    if annotation in _ATOMS or origin is Literal:
        return None
    if origin in (Union, UnionType):
        inner = [_copier(a) for a in args if a is not type(None)]
        if all(c is None for c in inner):
            return None
        if len(inner) == 1:
            one = inner[0]
            return lambda v: None if v is None else one(v)
        return _copy
    if origin is list and len(args) == 1:
        item = _copier(args[0])
        if item is None:
            return _slice
        return lambda v: [item(x) for x in v]
    if origin is dict and len(args) == 2 and args[0] in _ATOMS:
        item = _copier(args[1])
        if item is None:
            return _dict
        return lambda v: {k: item(x) for k, x in v.items()}
    if origin is tuple and all(a in _ATOMS or a is Ellipsis for a in args):
        return None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation.model_config.get("frozen"):
            return None
        return lambda v: _model_copier(type(v))(v)
    return _copy


@cache
def _model_copier(cls: type[BaseModel]) -> Copier:
    """The copy of a model of this class: its atoms shared (one `dict.copy`), every other field
    copied as its declared type says, without looking at each value's type."""
    fields = [(name, _copier(f.annotation)) for name, f in cls.model_fields.items()]
    deep = [(name, c) for name, c in fields if c is not None]

    def copy(model: Any) -> Any:
        old = model.__dict__
        values = old.copy()
        for name, copier in deep:
            values[name] = copier(old[name])
        return unvalidated(cls, values, set(model.__pydantic_fields_set__))

    return copy


def clone(state: State) -> State:
    """A deep copy for `apply` to work on, several times faster than `model_copy(deep=True)`:
    each model class copies by its declared field types (`_model_copier`)."""
    return _model_copier(type(state))(state)


# ---- commands ---------------------------------------------------------------------------


class Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Deploy(Command):
    kind: Literal["deploy"] = "deploy"
    preset: Literal["random", "strong", "weak"] | None = None
    codes: tuple[str, ...] | None = None  # slot order 1..N


class Recruit(Command):
    kind: Literal["recruit"] = "recruit"
    preset: Literal["strong", "balanced", "light"] | None = None
    codes: tuple[str, ...] | None = None


class ChoosePowers(Command):
    kind: Literal["powers"] = "powers"
    preset: Literal["combat", "mixed", "cunning"] | None = None
    codes: tuple[str, ...] | None = None


class Play(Command):
    kind: Literal["play"] = "play"
    power: str
    slot: int


class Discard(Command):
    kind: Literal["discard"] = "discard"
    power: str


class Activate(Command):
    kind: Literal["activate"] = "activate"
    power: str
    slot: int
    target: int | None = None  # Clairvoyance: an opponent slot
    swap: tuple[int, int] | None = None  # Reorganisation: two own slots, smaller first

    @model_validator(mode="after")
    def _canonical(self) -> Activate:
        if self.swap is not None and self.swap[0] > self.swap[1]:
            object.__setattr__(self, "swap", (self.swap[1], self.swap[0]))
        return self


class Pass(Command):
    kind: Literal["pass"] = "pass"


class Engage(Command):
    kind: Literal["engage"] = "engage"
    slot: int


class Reveal(Command):
    kind: Literal["reveal"] = "reveal"
    power: str
    slot: int


AnyCommand = Annotated[
    Deploy | Recruit | ChoosePowers | Play | Discard | Activate | Pass | Engage | Reveal,
    Field(discriminator="kind"),
]
COMMAND_ADAPTER: TypeAdapter[AnyCommand] = TypeAdapter(AnyCommand)
