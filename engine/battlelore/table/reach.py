"""How far a Command card reaches now (002 l.233-240): its sector and kind of unit, and how
many of the player's units on the field it could activate. Public facts of the view only
(where one's own units stand), so the private image and the words of `/game hand` agree."""

from __future__ import annotations

from engine.battlelore import hexes
from engine.battlelore.content import content
from engine.battlelore.view import BattleloreView, UnitView


def fits(unit: UnitView, only: str) -> bool:
    card = content().units[unit.card]
    bar = card.bars[unit.bar]
    return {
        "all": True,
        "foot": card.type == "foot",
        "mounted": card.type == "mounted",
        "shoot": bar.shoot,
        "legend": card.cls != "troop",
    }[only]


def ready(view: BattleloreView, role: str, card_id: str, extra: bool) -> tuple[str, int]:
    """The card's reach in words and how many of the role's units it could activate now."""
    cards = content().extra if extra else content().deck
    card = cards.get(card_id) or content().deck.get(card_id) or content().extra.get(card_id)
    if card is None:
        return "", 0
    act = card.act
    edge = view.sides[role].edge or 1
    mine = [u for u in view.units if u.owner == role and u.hex and fits(u, act.only)]
    by = {s: [u for u in mine if s in hexes.sectors(hexes.to_hex(u.hex), edge)] for s in "lcr"}
    if act.sector in "lcr":
        n = min(act.n, len(by[act.sector]))
    elif act.sector == "flanks":
        n = min(act.n, len({u.id for s in "lr" for u in by[s]}))
    elif act.sector == "each":
        n = sum(1 for s in "lcr" if by[s])
    elif act.sector == "one":
        n = max((len(v) for v in by.values()), default=0)
    else:
        n = min(act.n, len(mine))
    return act.sector, n
