"""The whole state of a Mythic Battles game: plain data, serialisable as JSON.

Decisions are frames on `stack`; `active()` reads the top one. Longer-lived situations
(the turn, the current activation, the current combat) live in their own fields so that a
frame stays a small "who decides what now".
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.mythic.board import Board
from engine.mythic.dice import Roll
from engine.protocol import GameState, Role
from engine.rng import Rng

AOW = "aow"  # an Art of War card; a maneuver card is named by its unit id


DUEL_POINTS, TEAM_POINTS = 100, 60  # 000 §"Recruter des Unités"; 001 §"Variant: 4-Player Battle"


class Options(BaseModel):
    """Ruleset options. `reroll_fives`: RULES-NOTES A1.1, "once" (000 l.615, the default)
    or "chain" (001 l.603). `points`: recruitment points per general (000 §"Recruter des
    Unités"); when not given, 100, or 60 with `teams` (001 "Each General has 60 points").
    `teams`: four players in two teams (001 §"Variant: 4-Player Battle"); `deckbuilding`:
    any unit regardless of factions (001 §"Variant: Deck Building")."""

    reroll_fives: Literal["once", "chain"] = "once"
    points: int = Field(default=DUEL_POINTS, ge=20, le=300)
    teams: bool = False
    deckbuilding: bool = False

    @model_validator(mode="before")
    @classmethod
    def _variant_points(cls, data: object) -> object:
        """An omitted `points` is the variant's: a field default cannot depend on `teams`."""
        if isinstance(data, dict) and data.get("points") is None:
            data = {**data, "points": TEAM_POINTS if _truthy(data.get("teams")) else DUEL_POINTS}
        return data


def _truthy(value: object) -> bool:
    """`teams` as /game new or a saved state may give it, before pydantic has parsed it."""
    return value is True or str(value).strip().lower() in ("true", "1", "yes", "on", "t", "y")


class Unit(BaseModel):
    """A unit on the battlefield. Frozen: `State.set_unit` replaces it, so a copy of the
    state needs only a new list, never new units."""

    model_config = ConfigDict(frozen=True)

    uid: str  # "<role>.<unit id>": unique in a game even when both armies field the same unit
    owner: Role
    card: str  # the unit id in the content
    sq: int | None = None  # None before deployment and once destroyed
    vit: int  # the Vitality of the top card; 0 once destroyed


class Side(BaseModel):
    role: Role
    faction: str | None = None
    army: list[str] = []  # unit ids, secret until both have recruited
    recruited: bool = False
    pp: int = 0
    deck: list[str] = []  # index 0 is the top
    hand: list[str] = []  # maneuver cards (hidden)
    discard: list[str] = []  # face up
    aow: int = 0  # Art of War cards face up in front of the player
    spent: list[str] = []  # maneuver cards played this turn, face up in front (001 l.343)
    exhausted: int | None = None  # order in which the deck ran out (for the new deck)


class Group(BaseModel):
    """A turn under Assault Support, Coordinated Assault or Infantry Drill."""

    talent: str
    leader: str  # uid of the unit that used the talent: activated first
    limit: int  # activations allowed in all, the leader included
    allowed: list[str] | None = None  # Infantry Drill: the adjacent infantry, else any unit
    target: str | None = None  # Assault Support: the enemy both attacks must hit
    fetch_left: int = 0


class Turn(BaseModel):
    number: int = 0
    current: Role
    activations: int = 0
    activated: list[str] = []  # uids activated this turn (001 l.661: never twice)
    group: Group | None = None
    countered: list[str] = []  # uids that counter-attacked this turn (001 l.701: once per turn)
    no_counter: list[str] = []  # uids that retreated this turn
    aura: list[str] = []  # uids whose Aura of Strength lasts until the end of this turn
    cycled: bool = False


class Activation(BaseModel):
    uid: str
    moved: bool = False
    attacked: bool = False
    can_attack: bool = True
    harassed: bool = False  # 001 §"Harass": the unit may not move
    plus_move: bool = False
    scout: bool = False
    rage: bool = False
    bombard: bool = False


class Strike(BaseModel):
    """One attack roll against one target."""

    kind: Literal["cc", "ra", "bite", "bombard"]
    attacker: str
    target: str
    original: str  # the target as declared (its terrain applies if another unit defends)
    origin: int  # where the attack comes from (for Retreat)
    counter_allowed: bool = True
    dice: int = 0  # printed dice for bite and bombard


class Combat(BaseModel):
    strike: Strike
    queue: list[Strike] = []
    step: str = "react"
    defended: bool = False
    counter: bool = False
    retreat: bool = False
    used: dict[str, list[str]] = {}  # uid -> talents and "+" bought for this strike
    att_roll: Roll | None = None
    def_roll: Roll | None = None
    wounds: dict[str, int] = {}  # pending wounds per uid
    cancelled: dict[str, int] = {}  # wounds cancelled per uid, for the record


class Frame(BaseModel):
    """A decision: `role` must answer (or, for simultaneous frames, each role in `roles`)."""

    kind: str
    role: Role | None = None
    roles: list[Role] = []
    tag: str = ""  # which side of a combat the frame is for: "att" or "def"
    queue: list[Role] = []  # harass with teams: the other enemy, asked if this one passes


class AttackRecord(BaseModel):
    """The last attack, public, for the view: both rolls and what they did."""

    attacker: str
    target: str
    kind: str
    att_roll: Roll | None = None
    def_roll: Roll | None = None
    wounds: dict[str, int] = {}
    destroyed: list[str] = []
    evaded: bool = False


TEAM_OF = {"p1": 1, "p2": 2, "p3": 1, "p4": 2}  # the seats in turn order: T1P1, T2P1, T1P2, T2P2


class State(GameState):
    SCHEMA_VERSION: ClassVar[int] = 1
    game: str = "mythic"
    options: Options = Options()
    rng: Rng
    phase: Literal["recruit", "battlefield", "zones", "deploy", "battle", "over"] = "recruit"
    first: Role | None = None
    first_rolls: list[list[int]] = []  # the dice rolled for the first player, re-rolled on ties
    board: Board | None = None
    zones: dict[Role, str] = {}
    sides: dict[Role, Side]
    units: list[Unit] = []
    turn: Turn | None = None
    activation: Activation | None = None
    combat: Combat | None = None
    stack: list[Frame] = []
    exhaust_seq: int = 0
    winners: list[Role] | None = None
    last_move: list[int] = []  # path of the last movement
    last_move_unit: str | None = None
    last_attack: AttackRecord | None = None
    barred: list[str] = []  # deck building: units both sides recruited, refused to all (readings)

    # ---- small lookups used everywhere

    def unit(self, uid: str) -> Unit:
        for u in self.units:
            if u.uid == uid:
                return u
        raise KeyError(uid)

    def set_unit(self, uid: str, **changes: object) -> Unit:
        for i, u in enumerate(self.units):
            if u.uid == uid:
                self.units[i] = dup(u, **changes)
                return self.units[i]
        raise KeyError(uid)

    def unit_at(self, sq: int) -> Unit | None:
        for u in self.units:
            if u.sq == sq:
                return u
        return None

    def alive(self, role: Role | None = None) -> list[Unit]:
        return [u for u in self.units if u.vit > 0 and u.sq is not None and (role is None or u.owner == role)]

    # ---- seats and teams: 001 §"Variant: 4-Player Battle", roles p1..p4 = T1P1, T2P1, T1P2, T2P2

    def team(self, role: Role) -> int:
        """1 or 2: p1 and p3 against p2 and p4 (with two players, simply p1 against p2)."""
        return TEAM_OF[role]

    def hostile(self, a: Role, b: Role) -> bool:
        return TEAM_OF[a] != TEAM_OF[b]

    def allies(self, role: Role) -> list[Role]:
        """The role and its teammate, if any."""
        return [r for r in self.roles if not self.hostile(r, role)]

    def enemies(self, role: Role) -> list[Role]:
        """The enemy generals in turn order after `role`."""
        return [r for r in self.after(role) if self.hostile(r, role)]

    def after(self, role: Role) -> list[Role]:
        """The other roles in turn order from `role` on (001: teams alternate)."""
        i = self.roles.index(role)
        return self.roles[i + 1 :] + self.roles[:i]

    def opponent(self, role: Role) -> Role:
        """The next enemy in turn order: with two players, simply the other one."""
        return self.enemies(role)[0]

    def enemy_units(self, role: Role) -> list[Unit]:
        return [u for u in self.alive() if self.hostile(u.owner, role)]

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None


_set = object.__setattr__


def dup(model, **changes):
    """`model.model_copy(update=changes)` for our models (no private or extra fields),
    about three times cheaper: `apply` copies the state at every command."""
    cls = type(model)
    new = cls.__new__(cls)
    fields = model.__dict__.copy()
    fields.update(changes)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | changes.keys())
    _set(new, "__pydantic_private__", None)
    return new


def clone(state: State) -> State:
    """A copy `apply` may mutate: every mutable part is copied; parts only ever replaced,
    never changed in place (board, units, records, winners), are shared."""
    return dup(
        state,
        rng=dup(state.rng),
        sides={
            r: dup(
                s,
                deck=list(s.deck),
                hand=list(s.hand),
                discard=list(s.discard),
                spent=list(s.spent),
                army=list(s.army),
            )
            for r, s in state.sides.items()
        },
        units=list(state.units),
        turn=_copy_turn(state.turn) if state.turn else None,
        activation=dup(state.activation) if state.activation else None,
        combat=_copy_combat(state.combat) if state.combat else None,
        stack=[dup(f, roles=list(f.roles), queue=list(f.queue)) for f in state.stack],
        zones=dict(state.zones),
        first_rolls=[list(r) for r in state.first_rolls],
        last_move=list(state.last_move),
        barred=list(state.barred),
    )


def _copy_turn(turn: Turn) -> Turn:
    group = turn.group
    return dup(
        turn,
        activated=list(turn.activated),
        countered=list(turn.countered),
        no_counter=list(turn.no_counter),
        aura=list(turn.aura),
        group=dup(group, allowed=None if group.allowed is None else list(group.allowed)) if group else None,
    )


def _copy_roll(roll: Roll | None) -> Roll | None:
    if roll is None:
        return None
    return dup(roll, dice=[dup(d, faces=list(d.faces)) for d in roll.dice])


def _copy_combat(c: Combat) -> Combat:
    return dup(
        c,
        strike=dup(c.strike),
        queue=list(c.queue),
        used={k: list(v) for k, v in c.used.items()},
        att_roll=_copy_roll(c.att_roll),
        def_roll=_copy_roll(c.def_roll),
        wounds=dict(c.wounds),
        cancelled=dict(c.cancelled),
    )
