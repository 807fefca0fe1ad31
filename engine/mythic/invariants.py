"""What must hold in every Mythic Battles state: used by the property tests, the benchmark's
self-play and anyone who wants to audit a stored game. `problems()` lists what is wrong."""

from __future__ import annotations

from engine.mythic.cards import total_cards
from engine.mythic.content import content
from engine.mythic.setup import ART_OF_WAR_CARDS
from engine.mythic.state import State
from engine.protocol import Event


def problems(state: State) -> list[str]:
    out: list[str] = []
    units = content().units
    dealt = state.phase in ("battle", "over") and any(
        s.deck or s.hand or s.discard or s.aow or s.spent for s in state.sides.values()
    )
    for role, side in state.sides.items():
        if side.pp < 0:
            out.append(f"{role} has {side.pp} power points")
        expected = sum(units[u].maneuvers for u in side.army) + ART_OF_WAR_CARDS if dealt else 0
        if total_cards(side) != expected:
            out.append(f"{role} owns {total_cards(side)} cards, not {expected}")
    if state.turn and len(set(state.turn.activated)) != len(state.turn.activated):
        out.append(f"a unit activated twice: {state.turn.activated}")
    if state.turn and len(state.turn.activated) != state.turn.activations:
        out.append("activation count and activated units disagree")
    if state.turn and len(set(state.turn.countered)) != len(state.turn.countered):
        out.append(f"a unit counter-attacked twice: {state.turn.countered}")  # 001 l.701: once per turn
    if state.turn and not (
        state.top and state.top.kind == "reshuffle"
    ):  # the turn's cards are discarded by then
        # 001 l.343: the cards in front are those of the units activated (or counter-attacking) this turn
        for role, side in state.sides.items():
            played = sorted(
                state.unit(uid).card
                for uid in [*state.turn.activated, *state.turn.countered]
                if state.unit(uid).owner == role
            )
            if sorted(side.spent) != played:
                out.append(f"{role} has {sorted(side.spent)} in front, not the cards of {played}")
    squares = [u.sq for u in state.units if u.sq is not None]
    if len(squares) != len(set(squares)):
        out.append("two units on one square")
    for u in state.units:
        if not 0 <= u.vit <= units[u.card].vitality:
            out.append(f"{u.uid} has Vitality {u.vit}")
        if u.vit == 0 and u.sq is not None:
            out.append(f"{u.uid} is destroyed but still on the battlefield")
    if state.winners is None and state.phase not in ("recruit",) and not state.stack:
        out.append("nobody has to decide and the game is not over")
    return out + _variant_problems(state)


def _variant_problems(state: State) -> list[str]:
    """001 §"Variant: 4-Player Battle" and §"Variant: Deck Building": seats, shared units, zones."""
    out: list[str] = []
    if len(state.roles) != (4 if state.options.teams else 2):
        out.append(f"{len(state.roles)} roles with teams={state.options.teams}")
    if state.phase == "recruit":
        return out
    armies = {r: set(state.sides[r].army) for r in state.roles}
    for i, role in enumerate(state.roles):
        for other in state.roles[i + 1 :]:
            shared = armies[role] & armies[other]
            if shared and (not state.hostile(role, other) or state.options.deckbuilding):
                out.append(f"{role} and {other} both field {sorted(shared)}")
        if armies[role].intersection(state.barred):
            out.append(f"{role} fields a barred unit")
    if state.zones:
        for role in state.roles:
            if any(state.zones[role] != state.zones[a] for a in state.allies(role)):
                out.append(f"{role} and its teammate deploy in different zones")
            if any(state.zones[role] == state.zones[e] for e in state.enemies(role)):
                out.append(f"{role} shares its zone with an enemy")
    return out


def leaks(events: list[Event], state: State) -> list[str]:
    """Public events must not name cards of a hand (draws, cycles, fetches are private)."""
    out = []
    for e in events:
        if e.to is None and (
            "cards" in e.text.params or "units" in e.text.params and state.phase == "recruit"
        ):
            out.append(f"public event {e.text.key} names hidden cards")
    return out
