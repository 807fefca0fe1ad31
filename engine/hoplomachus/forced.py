"""Steps with a single sensible choice play themselves (issue 26; `GAME.forced`, engine/protocol.py).

Three kinds, and only these: the rules leave one legal command (a dead-end road, l.21-30; the
last Opportunity card drawn, l.67-70; the only rival who can be the Tribune, l.121-123; every
event watched once the Act's 12 weeks are spent, l.65-66; the last Prowess or Bane); a
question of the rivals' or the arena's turn whose every answer leaves the same campaign; or a
fight turn with nothing left to do but end it (`end` or `auto`, which then do the same), as
against a Primus or the Scion, where surrender is not allowed (l.139-140, l.154). Where you
may surrender (l.186-188) the turn is never ended for you: that is a choice.

003 gives the player the order the rivals move, use abilities and engage in (l.337, l.369,
l.374, l.381: "dans l'ordre de votre choix"), a rival's target among tied ones (l.384) and a
rival tactic's target (l.321-323). Reading: a choice is real only when its answers differ; when
every answer leads to the same arena (positions, health, the fallen, the dice drawn, the next
question), only the telling differs and the first answer is played. A question whose answers
differ in anything (a die rolled in another order, a unit a step further) is always asked.
"""

from __future__ import annotations

from typing import Any

from engine.hoplomachus import rules
from engine.hoplomachus.state import ROLE, State
from engine.i18n import T, Text

PASSING = {"end", "auto"}  # a turn with nothing left to do, surrender not allowed


def forced(state: State, role: str) -> Any:
    """The command that plays itself now for the player, or None (a real choice)."""
    if role != ROLE or state.outcome:
        return None
    legal = rules.legal(state, role)
    if len(legal) == 1:
        return legal[0]
    if state.ask is not None and len(legal) > 1 and _all_alike(state, role, legal):
        return legal[0]
    if state.ask is None and {c.kind for c in legal} == PASSING and _all_alike(state, role, legal):
        return legal[0]  # `end`: nothing left to do, so `auto` would do the same
    return None


def _all_alike(state: State, role: str, legal: list) -> bool:
    first = _position(rules.apply(state, role, legal[0]).state)
    return all(_position(rules.apply(state, role, other).state) == first for other in legal[1:])


def _position(state: State) -> dict:
    """The campaign as the rules see it: the telling of the turn (`last`, the arrows) left out,
    units compared by identity whatever their order in the list."""
    data = state.model_dump(mode="json")
    fight = data.get("fight")
    if fight:
        fight.pop("last", None)
        for key in ("units", "fallen"):
            fight[key] = sorted(fight.get(key) or [], key=lambda u: u["fid"])
    return data


def forced_note(state: State, role: str, command: Any) -> Text | None:
    """Why the step played itself, in words for the channel (public information only: a card
    drawn is not named here; the game's own events say what happened)."""
    if state.ask is not None:
        ask, f = state.ask, state.fight
        actor = f.get(ask.actor) if ask.actor and f else None
        unit = T(f"hop.unit.{actor.unit}") if actor else ""
        tactic = T(f"hop.tactic.{ask.actor}") if ask.kind == "tactic" else ""
        return T(f"hop.forced.ask.{ask.kind}", unit=unit, tactic=tactic, step=T(f"hop.step.{ask.step}"))
    if state.phase in ("travel", "sailed", "harbour"):
        return T("hop.forced.road", place=T(f"hop.loc.{command.to}"))
    if state.phase == "event":
        return T("hop.forced.spectate")
    if state.phase == "fight":
        return T("hop.forced.pass")
    if state.phase in ("keep", "tribune", "prowess", "banes", "reward"):
        return T(f"hop.forced.{state.phase}")
    return T("hop.forced.only")
