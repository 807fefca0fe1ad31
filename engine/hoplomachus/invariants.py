"""Checks that hold after every command: used by the property tests and the soak bench."""

from __future__ import annotations

from collections import Counter

from engine.hoplomachus import hexes
from engine.hoplomachus.state import State
from engine.protocol import Event


def problems(state: State) -> list[str]:
    out: list[str] = []
    if state.influence < 0:
        out.append("influence below zero")
    if state.blessings < 0:
        out.append("blessings below zero")
    if state.hero_hp < 0 or (state.outcome is None and state.phase != "fight" and state.hero_hp <= 0):
        out.append(f"hero HP {state.hero_hp} out of the fight")
    if state.week > 12 + 40:
        out.append(f"week {state.week} runs away")
    tokens = Counter(state.bag + state.camp + state.bane_pile + state.camp_banes)
    for pile in state.piles.values():
        tokens.update(pile)
    f = state.fight
    if f is not None:
        tokens.update(
            u.fid
            for u in [*f.units, *f.fallen, *f.rival_camp]
            if "#" in u.fid and u.side in ("r", "recruited")
        )
        tokens.update(f.notes)
        board = hexes.board(f.arena)
        seen: set[str] = set()
        for u in f.units:
            if u.hex is None:
                out.append(f"{u.fid} in the arena without a hex")
                continue
            if u.hex in seen:
                out.append(f"two units on {u.hex}")
            seen.add(u.hex)
            if u.hex in board.blocked:
                out.append(f"{u.fid} stands on blocked {u.hex}")
            if u.hp <= 0 and not f.result:
                out.append(f"{u.fid} in the arena with no HP")
        deployed_p = {u.fid for u in f.units if u.side == "p"}
        if deployed_p & set(f.player_camp):
            out.append("a unit both deployed and in camp")
        if f.carrier and f.flag:
            out.append("the flag both carried and on the ground")
    dupes = [t for t, n in tokens.items() if n > 1]
    if dupes:
        out.append(f"token in two places: {dupes[:3]}")
    return out


def leaks(events: list[Event], state: State, public_view) -> list[str]:
    """Hidden order of decks and piles, or the bag's contents, in public events or the
    public view."""
    out: list[str] = []
    dumped = public_view.model_dump_json()
    if '"known":{' in dumped.replace(" ", "") or '"offered":[' in dumped.replace(" ", ""):
        out.append("public view shows cards only the player saw")
    for e in events:
        if e.to is None and e.data.get("key") in ("hop.ev.reordered",) and e.text.params:
            out.append("reorder told publicly")
    return out
