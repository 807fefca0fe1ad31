"""What each role may see (ARCHITECTURE §2): hands, extra Command cards, the order of every
deck and the generator stay private; the enemy army is hidden until it is deployed and shown
(002 l.219), and in a hidden deployment each side's placements until both are done."""

from __future__ import annotations

from pydantic import BaseModel

from engine.battlelore import field, victory
from engine.battlelore.state import State
from engine.protocol import Role


class UnitView(BaseModel):
    id: str
    owner: Role
    card: str
    bar: str
    hex: str | None
    left: int
    res: int
    mana: int
    cap: int
    arts: list[str]


class GodView(BaseModel):
    mana: int
    face_up: str | None
    deck: int
    discard: list[str]


class SideView(BaseModel):
    people: str | None
    edge: int | None
    hand: list[str] | None  # None: not yours to see
    hand_count: int
    extra: list[str] | None
    extra_count: int
    extra_used: list[str]
    gods: dict[str, GodView] | None
    kills: int
    vp: int
    mana_pool: int | None
    to_place: list[str]


class BattleloreView(BaseModel):
    viewer: Role | None
    scenario: str
    step: str
    who: list[Role]
    turn: int
    active: Role | None
    first: Role | None
    terrain: dict[str, str]
    sites: dict[str, Role | None]
    units: list[UnitView]
    sides: dict[Role, SideView]
    deck: int
    discard: list[str]
    roll: list[int]
    attack: dict | None
    retreat: list[str] | None
    target: int
    last_turn: bool
    winners: list[Role] | None
    trail: list[list[str]] = []  # this turn's moves and attacks: [kind, from, to] (rules.trail)
    roll_kind: dict[str, bool] = {}  # the last roll was ranged / by a weakened attacker
    deploy_rows: dict[Role, int] = {}  # while deploying: each side's deepest row (setup.reach)


def visible(state: State, u, viewer: Role | None) -> bool:
    if u.owner == viewer:
        return True
    if state.extra_data.get("revealed"):
        return True
    return state.extra_data.get("deploy_mode", state.options.deploy) == "alternate" and u.hex is not None


def build_view(state: State, viewer: Role | None) -> BattleloreView:
    units = [
        UnitView(
            id=u.id,
            owner=u.owner,
            card=u.card,
            bar=u.bar,
            hex=u.hex,
            left=field.left(u),
            res=field.resistance(u),
            mana=u.mana,
            cap=field.mana_cap(u),
            arts=list(u.arts),
        )
        for u in sorted(state.units.values(), key=lambda u: u.id)
        if visible(state, u, viewer)
    ]
    sides = {}
    mustered = all(s.mustered for s in state.sides.values())
    peoples_known = all(s.people for s in state.sides.values())
    for r, s in state.sides.items():
        mine = r == viewer
        sides[r] = SideView(
            people=s.people if (mine or peoples_known) else None,
            edge=s.edge,
            hand=sorted(s.hand) if mine else None,
            hand_count=len(s.hand),
            extra=sorted(s.extra) if mine else None,
            extra_count=len(s.extra),
            extra_used=list(s.extra_used),
            gods=(
                {
                    g: GodView(
                        mana=god.mana,
                        face_up=god.deck[0] if god.deck else None,
                        deck=len(god.deck),
                        discard=list(god.discard),
                    )
                    for g, god in sorted(s.gods.items())
                }
                if (mine or mustered)
                else None
            ),
            kills=s.kills,
            vp=s.vp,
            mana_pool=s.mana_pool if (mine or state.extra_data.get("revealed")) else None,
            to_place=list(s.to_place) if (mine or mustered) else [],
        )
    at = state.attack
    attack = None
    if at is not None:
        attack = {
            "att": at.att,
            "dfd": at.dfd,
            "ranged": at.ranged,
            "dice": list(at.dice),
            "riposte": at.riposte,
            "fear": at.fear,
            "brave": at.brave,
            "cut": at.cut,
            "stage": at.stage,
        }
    retreat = sorted(state.extra_data["retreat"]) if state.step == "retreat" else None
    return BattleloreView(
        viewer=viewer,
        scenario=state.scenario,
        step=state.step,
        who=list(state.who),
        turn=state.turn.number if state.turn else 0,
        active=state.turn.role if state.turn else None,
        first=state.first,
        terrain=dict(state.terrain),
        sites=dict(state.sites),
        units=units,
        sides=sides,
        deck=len(state.deck),
        discard=list(state.discard),
        roll=list(state.log_roll),
        attack=attack,
        retreat=retreat,
        target=victory.target(state),
        last_turn=state.last_turn,
        winners=state.winners,
        trail=[list(x) for x in state.extra_data.get("trail", [])],
        roll_kind=dict(state.extra_data.get("roll_kind", {})),
        deploy_rows=_deploy_rows(state),
    )


def _deploy_rows(state: State) -> dict[Role, int]:
    """Public: computed from the peoples, the points and the scenario only."""
    if state.step != "deploy" or any(state.sides[r].people is None for r in state.roles):
        return {}
    from engine.battlelore.setup import reach

    return {r: reach(state, r) for r in state.roles}
