"""What the player and the channel may see (seed 003 l.231-233: face-up tokens and cards
may be read; the rest of a deck, a faction pile, the Bane pile and the bag may not).

`view(state, None)` is the public view: counts of decks, piles and bag. `view(state, "p1")`
adds the deck cards the player has seen while spectating and the cards offered now.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.hoplomachus import campaign, hexes, priorities
from engine.hoplomachus.content import content
from engine.hoplomachus.ctx import token_unit
from engine.hoplomachus.state import Fighter, State
from engine.protocol import Role


class UnitView(BaseModel):
    fid: str
    unit: str
    side: str
    hex: str | None
    hp: int
    health: int
    move: int
    range: int
    dice: list[str]
    skills: list[str]
    dazed: bool
    tribune: bool
    elite: bool
    tactics: list[str]
    tactic: str | None


class FightView(BaseModel):
    kind: str
    arena: str
    map: list[str]
    turn: int
    step: str
    units: list[UnitView]
    rival_camp: list[UnitView]
    player_camp: list[str]
    fallen: list[str]
    rival_tactics: list[str]
    flag: str | None
    carrier: str | None
    score: int
    slots: int
    hero_slot: bool
    ask: dict | None
    result: str | None
    last: list[dict] = []  # the latest turn of each side, oldest first (state.Step as dicts)
    plans: list[dict] = []  # each rival unit's next priority now: hex, rank, term, dest, reached


class HopView(BaseModel):
    viewer: Role | None
    hero: str
    difficulty: str
    act: int
    week: int
    weeks_left: int
    influence: int
    influence_lose_at: int
    blessings: int
    location: str
    previous: str | None
    route: list[str] = []  # this Act's journey, place by place
    phase: str
    hero_hp: int
    sheet: dict
    camp: list[str]
    tactics: list[str]
    prowess: list[str]
    opportunities: list[str]
    camp_banes: list[str]
    primus: list[str]
    primus_defeated: list[str]
    bag: int
    bane_pile: int
    decks: dict[str, int]
    piles: dict[str, int]
    event: str | None
    offered: list[str] | None  # the cards being chosen or reordered (player only)
    known: dict[str, list[str]] | None  # deck tops seen while spectating (player only)
    destinations: list[str]
    fight: FightView | None
    outcome: str | None


def hero_hp(state: State) -> int:
    """Your hero's HP now: in the arena, its token's (what the arena image shows; the camp's
    figure is brought up to date when the fight ends, seed 003 l.60)."""
    hero = state.fight.get("hero") if state.fight is not None else None
    return max(0, hero.hp) if hero is not None else state.hero_hp


def unit_view(u: Fighter) -> UnitView:
    return UnitView(
        fid=u.fid, unit=u.unit, side=u.side, hex=u.hex, hp=u.hp, health=u.health, move=u.move,
        range=u.range, dice=list(u.dice), skills=list(u.skills), dazed=u.dazed, tribune=u.tribune,
        elite=u.elite, tactics=list(u.tactics), tactic=u.tactic,
    )  # fmt: skip


def rival_plans(f) -> list[dict]:
    """The priority each rival unit in the arena would follow if it moved now (seed 003
    l.337-353): public, since the priority list and every unit are face up."""
    if f.result or f.kind == "scion":
        return []
    out = []
    for u in sorted(f.units, key=lambda u: hexes.ORDER[u.hex] if u.hex else 99):
        if u.side != "r" or not u.hex:
            continue
        p = priorities.plan(f, u)
        out.append({"hex": u.hex, "rank": p.rank, "term": p.term, "dest": p.dest, "reached": p.reached})
    return out


def build_view(state: State, role: Role | None) -> HopView:
    f = state.fight
    fv = None
    if f is not None:
        ordered = sorted(f.units, key=lambda u: hexes.ORDER[u.hex] if u.hex else 99)
        fv = FightView(
            kind=f.kind, arena=f.arena, map=list(content().arenas[f.arena].map), turn=f.turn, step=f.step,
            units=[unit_view(u) for u in ordered], rival_camp=[unit_view(u) for u in f.rival_camp],
            player_camp=[t if t == "hero" else token_unit(t) for t in f.player_camp],
            fallen=[u.unit for u in f.fallen], rival_tactics=list(f.rival_tactics), flag=f.flag,
            carrier=f.get(f.carrier).hex if f.carrier and f.get(f.carrier) else None, score=f.score,
            slots=f.slots, hero_slot=f.hero_slot,
            ask=state.ask.model_dump() if state.ask else None, result=f.result,
            last=[s.model_dump(mode="json") for s in f.last], plans=rival_plans(f),
        )  # fmt: skip
    mine = role == "p1"
    travel = state.phase in ("travel", "harbour")
    return HopView(
        viewer=role, hero=state.hero, difficulty=state.difficulty, act=state.act, week=state.week,
        weeks_left=campaign.weeks_left(state), influence=state.influence,
        influence_lose_at=content().influence["lose_at"], blessings=state.blessings,
        location=state.location, previous=state.previous, phase=state.phase,
        route=list(state.route) or [x for x in (state.previous, state.location) if x], hero_hp=hero_hp(state),
        sheet=state.sheet.model_dump(), camp=[token_unit(t) for t in state.camp], tactics=list(state.tactics),
        prowess=list(state.prowess), opportunities=list(state.opportunities),
        camp_banes=[token_unit(b) for b in state.camp_banes], primus=list(state.primus),
        primus_defeated=list(state.primus_defeated), bag=len(state.bag), bane_pile=len(state.bane_pile),
        decks={k: len(v) for k, v in state.decks.items()}, piles={k: len(v) for k, v in state.piles.items()},
        event=state.event, offered=list(state.offered) if mine else None,
        known={k: v[: state.seen.get(k, 0)] for k, v in state.decks.items()} if mine else None,
        destinations=campaign.destinations(state) if travel else [], fight=fv, outcome=state.outcome,
    )  # fmt: skip
