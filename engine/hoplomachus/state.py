"""The state of a Hoplomachus Victorum campaign: the world, the hero's camp and the fight.

Hidden information (seed 003 l.231-233): the order of the event, opportunity and prowess
decks, of the faction piles and of the Bane pile, and what the bag holds. The view shows
counts only; the player's own view adds the deck cards they have seen while spectating.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.plugins import one_of
from engine.protocol import GameState
from engine.rng import Rng

ROLE = "p1"
Side = Literal["p", "r", "a"]  # player, rival, arena


HEROES: list[str] = ["random"]
"""`hero`'s suggestions on `/game new`: random, then every hero of the content (packs
included), filled when the table package loads (engine/hoplomachus/table/__init__.py)."""


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # a hero id or random; `/game new` suggests them (HEROES, filled by the table package)
    hero: str = Field("random", json_schema_extra={"suggest": HEROES})
    difficulty: Literal["chosen", "valiant", "fearless"] = "valiant"

    @field_validator("hero", mode="before")
    @classmethod
    def _known_hero(cls, value: object) -> object:
        """An unknown hero is refused at `/game new`, naming the known ones."""
        from engine.hoplomachus.content import content

        return one_of("hero", value, ["random", *sorted(content().heroes)])


class Sheet(BaseModel):
    """The hero's sheet as the campaign has changed it (seed 003 l.496-508, rewards l.475-482)."""

    health: int
    leadership: int
    move: int
    range: int
    dice: list[str]
    skills: list[str]


class Fighter(BaseModel):
    """A token in a fight, with the statistics it fights with."""

    fid: str  # token id ("kl_blade#1"), "hero", "primus", "scion", "arena1"
    unit: str  # unit id, hero id (hero, primus) or scion id
    side: Side
    elite: bool = False
    region: str
    classes: list[str]
    move: int
    range: int
    health: int
    hp: int
    dice: list[str]
    skills: list[str]
    hex: str | None = None
    dazed: bool = False
    fresh: bool = False  # dazed only because it was deployed this turn
    moved: bool = False
    engaged: bool = False
    hurt: bool = False  # took attack damage this turn (Deflect)
    locked: bool = False  # Combat Lock at the start of its turn
    tactics: list[str] = []  # tactics on it (permanent and temporary)
    tribune: bool = False
    tactic: str | None = None  # a rival's tactic token (T), as the formation dealt it
    bane: bool = False


class Ask(BaseModel):
    """A choice the rulebook gives the player during the rival's or the arena's turn."""

    kind: Literal["next", "mark", "target", "tactic"]
    step: str  # the step it belongs to: move, abil, engage, tactic
    actor: str | None = None
    options: list[str]  # hexes of the units to choose between


class Step(BaseModel):
    """One thing a unit did in a fight, for the arrows on the arena and the numbered telling of
    the rival's turn (issue 16): `hexes` is from -> to for a move (the path walked), attacker ->
    target for an attack, a Special or a displacement, the target alone for a tactic or a
    deployment. `n` numbers the steps of one side's turn; `why` is the rule that made a rival
    or arena unit do it (a catalog key and its parameters, as `Text`), None for your own."""

    n: int
    turn: int
    side: Side
    kind: Literal["deploy", "tactic", "move", "attack", "special", "push", "fury", "regen", "strike"]
    unit: str
    hexes: list[str]
    why: dict | None = None


class Fight(BaseModel):
    kind: Literal["ctf", "koth", "spar", "bloodshed", "primus", "scion"]
    arena: str
    location: str
    event: str | None = None
    turn: int = 1
    step: Literal["rival", "player", "arena", "over"] = "rival"
    sub: str = "deploy"  # within the rival's and the arena's turn
    pending: list[str] = []
    waiting: list[str] = []
    units: list[Fighter] = []  # in the arena
    rival_camp: list[Fighter] = []  # the rival formation not yet deployed, top first
    rival_tactics: list[str] = []
    fallen: list[Fighter] = []
    player_camp: list[str] = []  # your tokens not yet deployed ("hero" for the hero)
    hero_slot: bool = True
    slots: int = 2
    flag: str | None = None  # the flag's hex when on the ground (Capture the Flag)
    carrier: str | None = None  # the unit carrying it
    score: int = 0
    pstep: int = 0  # your turn: 0 deploy, 1 tactic, 2 move, 3 abilities, 4 engage
    deployed: bool = False
    tactic_used: bool = False
    abil_done: list[str] = []  # your units that used an ability this turn
    first_deploy: int = 1
    first_hp: int = 0
    rival_hp: int = 0  # HP every rival gains when deployed (event, Banes, Confident)
    kills: int = 0
    losses: int = 0
    used_units: list[str] = []  # everything you deployed in this fight
    glory: list[str] = []
    result: Literal["win", "fail", "dead"] | None = None
    notes: list[str] = []  # Bane effects drawn for this fight
    last: list[Step] = []  # the latest turn of each side, oldest first (arrows, the rival's turn told)

    @property
    def lethal(self) -> bool:
        return self.kind in ("bloodshed", "primus", "scion")

    def get(self, fid: str) -> Fighter | None:
        for u in self.units:
            if u.fid == fid:
                return u
        return None

    def at(self, hexname: str) -> Fighter | None:
        for u in self.units:
            if u.hex == hexname:
                return u
        return None


class State(GameState):
    SCHEMA_VERSION: ClassVar[int] = 1
    game: str = "hoplomachus"
    options: Options
    rng: Rng
    hero: str
    difficulty: str
    sheet: Sheet
    hero_hp: int
    act: int = 1
    week: int = 0  # weeks marked in this act
    weeks: int = 0  # weeks marked in the campaign
    rounds: int = 0
    location: str
    previous: str | None = None
    route: list[str] = []  # this Act's journey, place by place (the world map draws it)
    influence: int = 0
    blessings: int = 0
    bane_pile: list[str] = []
    camp_banes: list[str] = []
    bag: list[str] = []
    piles: dict[str, list[str]] = {}
    camp: list[str] = []  # your unit tokens
    tactics: list[str] = []  # your tactic tokens
    prowess: list[str] = []
    prowess_deck: list[str] = []
    opportunities: list[str] = []
    decks: dict[str, list[str]] = {}
    seen: dict[str, int] = {}  # how many top cards of each deck you have seen (spectate)
    primus: list[str] = []
    primus_defeated: list[str] = []
    phase: str = "setup"
    to_pick: int = 0  # prowess still to choose
    event: str | None = None
    offered: list[str] = []
    sport_kind: str | None = None
    fight: Fight | None = None
    ask: Ask | None = None
    reward: str | None = None  # the reward to choose: sport, bloodshed, primus
    outcome: Literal["won", "lost"] | None = None
    ended: dict = {}
    fights: int = 0
    fights_won: int = 0


def _fighter(u: Fighter) -> Fighter:
    out = u.model_copy()
    out.tactics = list(u.tactics)  # the only list changed in place; the others are replaced
    return out


def clone(state: State) -> State:
    """A copy `apply` may change: every container changed in place is copied, the rest is
    shared (a deep copy costs five times more and this runs on every command)."""
    new = state.model_copy()
    new.rng = state.rng.model_copy()
    new.sheet = state.sheet.model_copy(
        update={"dice": list(state.sheet.dice), "skills": list(state.sheet.skills)}
    )
    for name in (
        "bane_pile", "camp_banes", "bag", "camp", "tactics", "prowess", "prowess_deck", "opportunities",
        "primus", "primus_defeated", "offered", "route",
    ):  # fmt: skip
        setattr(new, name, list(getattr(state, name)))
    new.piles = {k: list(v) for k, v in state.piles.items()}
    new.decks = {k: list(v) for k, v in state.decks.items()}
    new.seen = dict(state.seen)
    new.ended = dict(state.ended)
    if state.ask is not None:
        new.ask = state.ask.model_copy(update={"options": list(state.ask.options)})
    f = state.fight
    if f is not None:
        nf = f.model_copy()
        nf.units = [_fighter(u) for u in f.units]
        nf.rival_camp = [_fighter(u) for u in f.rival_camp]
        nf.fallen = [_fighter(u) for u in f.fallen]
        for name in (
            "pending",
            "waiting",
            "rival_tactics",
            "player_camp",
            "used_units",
            "glory",
            "notes",
            "abil_done",
            "last",
        ):
            setattr(nf, name, list(getattr(f, name)))
        new.fight = nf
    return new
