"""What a role may see of a Mythic Battles game: the contract between engine and renderer.

`view(state, None)` is the public view (channel messages, board images): no hand, no deck
order, no army before all are recruited. `view(state, role)` adds that role's hand and its
own army while recruitment is still secret; never a teammate's (001 §"Variant: 4-Player
Battle": generals may not "reveal the contents of their hand"). Fields a viewer may not see are None.
Everything a renderer needs is here: it never reads the state or the content itself.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from engine.i18n import T, Text
from engine.models import unvalidated
from engine.mythic import dice
from engine.mythic.board import EDGES, LETTERS, assemble, name, zone
from engine.mythic.content import TERRAINS, Names, content
from engine.mythic.labels import battlefield_name
from engine.mythic.setup import tiles_needed
from engine.mythic.state import AttackRecord, State, Unit
from engine.mythic.units import card as current_card
from engine.mythic.units import udef
from engine.protocol import Role


class TalentView(BaseModel):
    id: str
    name: Names
    cost: int
    dice: int = 0


class StatsView(BaseModel):
    move_attack: int  # the central Movement value, used when the unit attacks
    move: int  # the right value, used when it does not
    cc: int
    ra: int
    range: int
    defense: int
    plus: list[str]
    talents: list[TalentView]


class UnitView(BaseModel):
    uid: str
    owner: Role
    unit: str
    name: Names
    affiliation: Names | None
    faction: str
    type: str
    flying: bool
    legendary: bool
    leadership: int
    square: str | None  # None: not deployed yet, or destroyed
    vitality: int  # the top card's Vitality; 0 once destroyed
    max_vitality: int
    wounds: int
    destroyed: bool
    stats: StatsView | None  # the top card (None once destroyed)
    activated: bool  # this turn
    countered: bool  # counter-attacked this turn
    aura: bool  # Aura of Strength active this turn


class SideView(BaseModel):
    role: Role
    faction: str | None
    recruited: bool
    first: bool
    zone: str | None
    pp: int
    deck: int
    hand_count: int
    hand: list[str] | None = None  # maneuver cards: only for their owner
    discard: list[str]  # face up
    aow: int  # Art of War cards in front (public)
    spent: list[str]  # maneuver cards played this turn, face up in front
    army: list[str] | None = None  # unit ids; hidden from others until both have recruited
    team: int | None = None  # 1 or 2 in the four-player variant (001 §"Variant: 4-Player Battle")


class BoardView(BaseModel):
    width: int
    height: int
    files: str  # column letters, west to east
    terrain: list[str]  # one name per square ("open", "hill", ...), index y * width + x
    tiles: list[str]  # placements row by row from the north-west (NW, NE, SW, SE; 6 with teams)


class DieView(BaseModel):
    faces: list[int]
    total: int
    status: str  # "live" | "lost" | "spent"
    bonus: int


class RollView(BaseModel):
    role: Role
    unit: str
    kind: str
    difficulty: int
    dice: list[DieView]
    successes: int
    done: bool
    rounds: int


class AttackView(BaseModel):
    attacker: str
    target: str
    kind: str
    rolls: list[RollView]
    wounds: dict[str, int]
    destroyed: list[str]
    evaded: bool


class ActivationView(BaseModel):
    unit: str
    moved: bool
    attacked: bool
    can_attack: bool
    harassed: bool


class DecisionView(BaseModel):
    kind: str
    roles: list[Role]
    tag: str
    prompt: Text


class FieldView(BaseModel):
    """A ready-made battlefield offered while the first player lays the tiles (presets)."""

    id: str
    name: Text | str  # the catalog's name; a content pack's battlefield by its id
    tiles: list[str]
    width: int
    height: int
    terrain: list[str]  # as BoardView.terrain


class SetupView(BaseModel):
    """What the set-up offers, for the image (000 §"Préparer la Bataille"): the ready-made
    battlefields while the tiles are laid; then each edge's deployment zone (the two rows
    nearest it) while the edges are chosen, and the chosen ones while units are placed."""

    battlefields: list[FieldView] = []
    zones: dict[str, list[str]] = {}  # edge -> its squares


class MythicView(BaseModel):
    game: str = "mythic"
    viewer: Role | None
    phase: str
    reroll_fives: str
    points: int
    roles: list[Role]
    turn: int
    current: Role | None
    first: Role | None
    first_rolls: list[list[int]]
    board: BoardView | None
    units: list[UnitView]
    sides: dict[Role, SideView]
    activations: list[str]  # uids activated this turn, in order
    activation: ActivationView | None
    combat: AttackView | None  # the attack being resolved now
    last_move: list[str]  # squares of the last movement
    last_move_unit: str | None
    last_attack: AttackView | None
    decision: DecisionView | None
    winners: list[Role] | None
    setup: SetupView | None = None  # only during the set-up (battlefield, zones, deploy)


M = TypeVar("M", bound=BaseModel)


_LAYOUTS: dict[type, tuple[tuple[str, ...], set[str]]] = {}


def _make(cls: type[M], **values: Any) -> M:
    """`cls(**values)` without validating again: views are built for every state and role (the
    bot compares them after each move), from values the engine already guarantees, each of its
    field's declared type (lists, plain str and int, the content's own `Names`/`Text` models),
    which validation would only copy. A field not given takes its default, as in `cls(...)`;
    the model equals, dumps and pickles as the validated one (tests/mythic/test_view_construct.py
    proves it over many states). As engine/athena's `state.unvalidated`: models given every
    field share one fields set (pydantic only ever adds a field name to it, on assignment)."""
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = _LAYOUTS[cls] = (tuple(cls.model_fields), set(cls.model_fields))
    names, every = layout
    if tuple(values) == names:
        fields_set = every
    else:  # given out of order, or a field left to its default
        fields_set = set(values)
        fields = cls.model_fields
        values = {
            n: values[n] if n in values else fields[n].get_default(call_default_factory=True) for n in names
        }
    return unvalidated(cls, values, fields_set)


def _stats(state: State, unit: Unit) -> StatsView | None:
    if unit.vit <= 0:
        return None
    line = current_card(state, unit)
    talents = content().talents
    return _make(
        StatsView,
        move_attack=line.move[0],
        move=line.move[1],
        cc=line.cc,
        ra=line.ra,
        range=line.range,
        defense=line.defense,
        plus=sorted(line.plus),
        talents=[
            _make(TalentView, id=t, name=talents[t].name, cost=u.cost, dice=u.dice)
            for t, u in line.talents.items()
        ],
    )


def _unit(state: State, unit: Unit) -> UnitView:
    d = udef(unit)
    turn = state.turn
    return _make(
        UnitView,
        uid=unit.uid,
        owner=unit.owner,
        unit=unit.card,
        name=d.name,
        affiliation=d.affiliation,
        faction=d.faction,
        type=d.type,
        flying=d.flying,
        legendary=d.legendary,
        leadership=d.leadership,
        square=name(state.board, unit.sq) if unit.sq is not None and state.board else None,
        vitality=unit.vit,
        max_vitality=d.vitality,
        wounds=d.vitality - unit.vit,
        destroyed=unit.vit <= 0,
        stats=_stats(state, unit),
        activated=bool(turn and unit.uid in turn.activated),
        countered=bool(turn and unit.uid in turn.countered),
        aura=bool(turn and unit.uid in turn.aura),
    )


def _roll(roll: dice.Roll | None) -> list[RollView]:
    if roll is None:
        return []
    return [
        _make(
            RollView,
            role=roll.role,
            unit=roll.unit,
            kind=roll.kind,
            difficulty=roll.difficulty,
            dice=[
                _make(DieView, faces=list(d.faces), total=d.total, status=d.status, bonus=d.bonus)
                for d in roll.dice
            ],
            successes=roll.successes,
            done=roll.done,
            rounds=roll.rounds,
        )
    ]


def _attack(record: AttackRecord | None) -> AttackView | None:
    if record is None:
        return None
    return _make(
        AttackView,
        attacker=record.attacker,
        target=record.target,
        kind=record.kind,
        rolls=_roll(record.att_roll) + _roll(record.def_roll),
        wounds=dict(record.wounds),
        destroyed=list(record.destroyed),
        evaded=record.evaded,
    )


def _side(state: State, role: Role, viewer: Role | None) -> SideView:
    side = state.sides[role]
    revealed = all(s.recruited for s in state.sides.values())
    return _make(
        SideView,
        role=role,
        faction=side.faction if revealed or viewer == role else None,
        recruited=side.recruited,
        first=state.first == role,
        zone=state.zones.get(role),
        pp=side.pp,
        deck=len(side.deck),
        hand_count=len(side.hand),
        hand=sorted(side.hand) if viewer == role else None,
        discard=list(side.discard),
        aow=side.aow,
        spent=list(side.spent),
        army=list(side.army) if revealed or viewer == role else None,
        team=state.team(role) if state.options.teams else None,
    )


def build_view(state: State, viewer: Role | None) -> MythicView:
    board = state.board
    c = state.combat
    top = state.top
    current = None
    if c is not None:
        current = _make(
            AttackView,
            attacker=c.strike.attacker,
            target=c.strike.target,
            kind=c.strike.kind,
            rolls=_roll(c.att_roll) + _roll(c.def_roll),
            wounds=dict(c.wounds),
            destroyed=[],
            evaded=False,
        )
    act = state.activation
    return _make(
        MythicView,
        viewer=viewer,
        phase=state.phase,
        reroll_fives=state.options.reroll_fives,
        points=state.options.points,
        roles=list(state.roles),
        turn=state.turn.number if state.turn else 0,
        current=state.turn.current if state.turn else None,
        first=state.first,
        first_rolls=[list(r) for r in state.first_rolls],
        board=None
        if board is None
        else _make(
            BoardView,
            width=board.width,
            height=board.height,
            files=LETTERS[: board.width],
            terrain=[TERRAINS[ch] for ch in board.terrain],
            tiles=list(board.tiles),
        ),
        units=[_unit(state, u) for u in state.units],
        sides={r: _side(state, r, viewer) for r in state.roles},
        activations=list(state.turn.activated) if state.turn else [],
        activation=None
        if act is None
        else _make(
            ActivationView,
            unit=act.uid,
            moved=act.moved,
            attacked=act.attacked,
            can_attack=act.can_attack,
            harassed=act.harassed,
        ),
        combat=current,
        last_move=[name(board, sq) for sq in state.last_move] if board else [],
        last_move_unit=state.last_move_unit,
        last_attack=_attack(state.last_attack),
        decision=None
        if top is None or state.winners is not None
        else _make(
            DecisionView,
            kind=top.kind,
            roles=list(top.roles) if top.roles else [top.role],
            tag=top.tag,
            prompt=T(f"mythic.prompt.{top.kind}"),
        ),
        winners=None if state.winners is None else list(state.winners),
        setup=_setup(state),
    )


def _setup(state: State) -> SetupView | None:
    if state.phase == "battlefield":
        size = tiles_needed(state)
        fields = []
        for field_id, field in content().battlefields.items():
            if len(field) != size:
                continue
            board = assemble(content(), list(field), columns=size // 2)
            fields.append(
                _make(
                    FieldView,
                    id=field_id,
                    name=battlefield_name(field_id),
                    tiles=list(board.tiles),
                    width=board.width,
                    height=board.height,
                    terrain=[TERRAINS[ch] for ch in board.terrain],
                )
            )
        return _make(SetupView, battlefields=fields)
    board = state.board
    if board is None or state.phase not in ("zones", "deploy"):
        return None
    edges = EDGES if state.phase == "zones" else sorted(set(state.zones.values()))
    return _make(SetupView, zones={e: [name(board, sq) for sq in zone(board, e)] for e in edges})
