"""Invariants every position keeps, checked by the soak and the property tests: hidden
information never in another role's view or a public event, figures and wounds within the
Resistance, mana within its caps, one unit per hex and none on impassable ground, cards
conserved."""

from __future__ import annotations

from engine.battlelore import field
from engine.battlelore.content import content
from engine.battlelore.state import State
from engine.battlelore.view import build_view


def problems(state: State) -> list[str]:
    out = []
    seen: dict[str, str] = {}
    for u in state.units.values():
        if not 0 <= u.hits < field.resistance(u):
            out.append(f"{u.id}: {u.hits} hits of {field.resistance(u)}")
        if not 0 <= u.mana <= field.mana_cap(u):
            out.append(f"{u.id}: mana {u.mana} above cap {field.mana_cap(u)}")
        if u.hex is not None:
            if u.hex in seen:
                out.append(f"{u.hex}: {seen[u.hex]} and {u.id}")
            seen[u.hex] = u.id
            if field.impassable(state, u.hex):
                out.append(f"{u.id} stands on impassable {u.hex}")
    for g in (g for s in state.sides.values() for g in s.gods.values()):
        if g.mana < 0:
            out.append("a deity's mana below 0")
    if state.turn is not None and state.deck is not None and state.step != "over":
        total = len(state.deck) + len(state.discard) + sum(len(s.hand) for s in state.sides.values())
        expected = sum(c.count for c in content().deck.values())
        if total != expected:
            out.append(f"{total} Command cards, not {expected}")
    sizes = state.extra_data.get("army_size")
    if sizes:
        for r in state.roles:
            lost = sizes[r] - len(state.alive(r))
            if state.sides[state.other(r)].kills != lost:
                out.append(
                    f"{r} lost {lost} units but the opponent counts {state.sides[state.other(r)].kills}"
                )
    return out


def leaks(state: State, events, views: bool = True) -> list[str]:
    """Private facts (hands, extra cards, deck order, the generator, a hidden deployment)
    absent from the other role's view and from public events."""
    out = []
    mode = state.extra_data.get("deploy_mode", state.options.deploy)
    hidden_deploy = mode == "hidden" and not state.extra_data.get("revealed")
    for viewer in (None, *state.roles) if views else ():
        view = build_view(state, viewer)
        for r in state.roles:
            if r == viewer:
                continue
            v = view.sides[r]
            if v.hand is not None or v.extra is not None:
                out.append(f"{r}'s hand visible to {viewer}")
            if hidden_deploy and any(u.owner == r for u in view.units):
                out.append(f"{r}'s hidden deployment visible to {viewer}")
        if viewer is None and state.rng.state > 10**9 and str(state.rng.state) in view.model_dump_json():
            out.append("generator visible")
    for e in events:
        if e.to is None and e.text.key in ("bl.ev.drew", "bl.ev.people_mine", "bl.ev.mustered_mine"):
            out.append(f"private event {e.text.key} made public")
        if e.to is None and hidden_deploy and e.text.key == "bl.ev.deployed":
            out.append("hidden deployment made public")
    return out
