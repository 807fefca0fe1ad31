"""Build fight positions by hand for the rule tests."""

from __future__ import annotations

from engine.hoplomachus import GAME, turn
from engine.hoplomachus.ctx import Ctx
from engine.hoplomachus.formation import fighter, hero_fighter, primus_fighter, scion_fighter
from engine.hoplomachus.state import Fight, Options, State


def campaign(hero: str = "nox", difficulty: str = "valiant", seed: int = 1) -> State:
    return GAME.setup(Options(hero=hero, difficulty=difficulty), ["p1"], seed)


def unit(state: State, arena: str, spec: str):
    """'r:kl_blade@c3', 'p:hero@d7', 'r:primus.decimus@d1', 'r:scion.kalliope@d1', 'a:beast@a4'."""
    side, rest = spec.split(":")
    name, hexname = rest.split("@")
    if name == "hero":
        u = hero_fighter(state, arena)
    elif name.startswith("primus."):
        u = primus_fighter(name.split(".")[1], 6)
    elif name.startswith("scion."):
        u = scion_fighter(name.split(".")[1])
    else:
        u = fighter(name, f"{name}#{hexname}", side, arena)
    u.side = side
    u.hex = hexname
    return u


def fight(
    units: list[str],
    arena: str = "lamosians",
    kind: str = "bloodshed",
    hero: str = "nox",
    camp: list[str] | None = None,
    rival_camp: list[str] | None = None,
    step: str = "player",
    seed: int = 1,
    difficulty: str = "valiant",
) -> State:
    state = campaign(hero, difficulty, seed)
    f = Fight(kind=kind, arena=arena, location=f"{arena[:2]}b", hero_slot=True, slots=4)
    f.units = [unit(state, arena, s) for s in units]
    f.rival_camp = [fighter(u, f"{u}#camp{i}", "r", arena) for i, u in enumerate(rival_camp or [])]
    f.player_camp = list(camp or [])
    f.step = step
    f.sub = "deploy"
    state.fight = f
    state.phase = "fight"
    return state


def ctx_of(state: State) -> Ctx:
    return Ctx(state)


def rival_turn(state: State) -> Ctx:
    """Run the rival's turn from its start, answering no question (the first option)."""
    ctx = Ctx(state)
    turn.start_side(ctx, "r")
    turn.settle(ctx)
    return ctx


def scripted(monkeypatch, *faces: int):
    """Dice show these hit counts, in order."""
    queue = list(faces)

    def die(self, colour: str) -> int:
        self.reveals = True
        assert queue, "the test rolled more dice than it scripted"
        return queue.pop(0)

    monkeypatch.setattr(Ctx, "die", die)
    return queue
