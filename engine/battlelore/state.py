"""The game state: options, units on the field, each side's cards and Pantheon, the step.

Everything is plain data (pydantic) so a state saves as JSON and replays exactly. The
generator's state lives here too (engine/rng.py) and never reaches a view.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, field_validator

from engine.plugins import one_of
from engine.protocol import GameState, Role
from engine.rng import Rng

BATTLES: list[str] = ["pitched"]
"""`battle`'s choices on `/game new`: pitched, then every scenario of the content (content
packs included), filled when the content loads (engine/battlelore/table/__init__.py)."""


def battles() -> list[str]:
    from engine.battlelore.content import content

    return ["pitched", *sorted(k for k, sc in content().scenarios.items() if not sc.pitched)]


class Options(BaseModel):
    """Set-up choices agreed before the game (002 l.202-207)."""

    # "pitched" or a scenario id (data/scenarios.yaml)
    battle: str = Field("pitched", json_schema_extra={"choices": BATTLES})
    points: int = Field(400, ge=100, le=1200)  # 002 l.207: 400 by default
    deities: int = Field(2, ge=0, le=6)  # 002 l.204: typically 0-6
    sites: int = Field(2, ge=0, le=4)  # 002 l.204: typically 0-4 (pitched battles)
    deploy: Literal["hidden", "alternate"] = "hidden"  # 002 l.441
    first: Literal["random", "p1", "p2"] = "random"  # 002 l.206
    max_turns: int = Field(80, ge=4, le=400)  # authored: a long stalemate ends on VP

    @field_validator("battle", mode="before")
    @classmethod
    def _known_battle(cls, value: object) -> object:
        """An unknown battle is refused with the known ones (`/game new` names them)."""
        return one_of("battle", value, battles())


class Unit(BaseModel):
    id: str  # army id: card id, with 2, 3... for repeats
    owner: Role
    card: str
    bar: str
    hex: str | None = None  # None: not deployed yet
    hits: int = 0  # figures lost (troops) or wounds taken (heroes, creatures)
    mana: int = 0
    arts: list[str] = []


class God(BaseModel):
    mana: int = 0
    deck: list[str] = []  # Lore card ids, the face-up card first (002 l.417)
    discard: list[str] = []


class SideState(BaseModel):
    people: str | None = None
    edge: int | None = None  # 1: south edge, 9: north edge
    mustered: bool = False
    hand: list[str] = []
    extra: list[str] = []  # extra Command cards, face down (002 l.173)
    extra_used: list[str] = []
    gods: dict[str, God] = {}
    kills: int = 0
    vp: int = 0
    mana_pool: int = 0  # initial mana still to place (002 l.220)
    to_place: list[str] = []  # special terrain still to place (002 l.218)
    sites_left: int = 0
    sites_placed: int = 0
    lore_turn: int = -1  # the turn in which this side last played a Lore card
    deployed_count: int = 0
    site_bonus: bool = False  # holds the sites' extra Command card (002 l.327, victory.py)
    site_loss: bool = False  # has lost a Command card to the opponent's sites (002 l.327)


class Attack(BaseModel):
    """One attack phase in progress (002 l.248-296)."""

    att: str  # attacker's unit id
    dfd: str  # defender's unit id
    ranged: bool
    adjacent: bool  # the target was adjacent when the attack was declared
    supported: bool  # 002 l.271: judged when the attack is launched
    dice: list[int] = []
    offerings: int = 0  # Offering symbols still to give to a deity
    fear: int = 0
    brave: int = 0
    unsupport: bool = False
    smite: int = 0
    cut: int = 0
    used: list[str] = []  # triggers used in this attack, "role:ability"
    riposte: bool = False
    pursuit: bool = False
    windows: list[Role] = []  # post-roll windows still to open, active player first
    vacated: bool = False
    retreated: bool = False  # forced to retreat, even if blocked (002 l.295)
    advanced: bool = False
    stage: str = "roll"
    start: str = ""  # the attacker's hex when it declared the attack
    target_hex: str = ""  # the defender's hex when the attack was declared


class Turn(BaseModel):
    number: int = 1
    role: Role
    card: str | None = None
    extra: bool = False
    mode: str = "text"
    bonus: str = "none"  # the card's bonus for the units it activated
    activated: list[str] = []
    moved: list[str] = []
    attacked: list[str] = []
    pursued: list[str] = []
    fighting: bool = False  # the combat phase has begun: no more moves (002 l.244)
    olore_done: bool = False
    give_left: list[str] = []  # deities still to give mana (Pantheon "give")


class State(GameState):
    SCHEMA_VERSION: ClassVar[int] = 1
    game: str = "battlelore"
    options: Options
    rng: Rng
    scenario: str
    terrain: dict[str, str] = {}  # hex -> terrain id
    sites: dict[str, Role | None] = {}  # sacred site hex -> controller
    units: dict[str, Unit] = {}  # "p1.hop2" -> unit
    sides: dict[Role, SideState]
    first: Role | None = None
    deck: list[str] = []
    discard: list[str] = []
    step: str = "map"
    who: list[Role] = []  # roles that must decide now
    turn: Turn | None = None
    attack: Attack | None = None
    last_turn: bool = False  # 002 l.412: the second player's extra turn is under way
    winners: list[Role] | None = None
    reason: str = ""
    log_roll: list[int] = []  # the last roll, public
    extra_data: dict[str, Any] = {}

    def other(self, role: Role) -> Role:
        return self.roles[1] if role == self.roles[0] else self.roles[0]

    def unit_at(self, hex_name: str) -> Unit | None:
        for u in self.units.values():
            if u.hex == hex_name:
                return u
        return None

    def occupied(self) -> dict[str, Unit]:
        return {u.hex: u for u in self.units.values() if u.hex is not None}

    def alive(self, role: Role) -> list[Unit]:
        return [u for u in self.units.values() if u.owner == role]


def uid(role: Role, army_id: str) -> str:
    return f"{role}.{army_id}"


def _dup(model, **update):
    return model.model_copy(update=update) if update else model.model_copy()


def clone(state: State) -> State:
    """A copy `apply` may mutate: every mutable part copied one level down (much faster
    than a deep copy; lists inside units and attacks are copied where they change)."""
    sides = {
        r: _dup(
            s,
            hand=list(s.hand),
            extra=list(s.extra),
            extra_used=list(s.extra_used),
            to_place=list(s.to_place),
            gods={g: _dup(god, deck=list(god.deck), discard=list(god.discard)) for g, god in s.gods.items()},
        )
        for r, s in state.sides.items()
    }
    turn = state.turn
    if turn is not None:
        turn = _dup(
            turn,
            activated=list(turn.activated),
            moved=list(turn.moved),
            attacked=list(turn.attacked),
            pursued=list(turn.pursued),
            give_left=list(turn.give_left),
        )
    attack = state.attack
    if attack is not None:
        attack = _dup(attack, dice=list(attack.dice), used=list(attack.used), windows=list(attack.windows))
    return _dup(
        state,
        rng=_dup(state.rng),
        terrain=dict(state.terrain),
        sites=dict(state.sites),
        units={k: _dup(u, arts=list(u.arts)) for k, u in state.units.items()},
        sides=sides,
        deck=list(state.deck),
        discard=list(state.discard),
        who=list(state.who),
        turn=turn,
        attack=attack,
        log_roll=list(state.log_roll),
        extra_data=dict(state.extra_data),
        winners=list(state.winners) if state.winners is not None else None,
    )
