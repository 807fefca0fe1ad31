"""A player's private view in words, for `/game hand` when images are off or unreadable:
tokens and hand, the cards they may engage, the card they engaged, what they learned."""

from __future__ import annotations

from engine.athena.events import card_name, colour_name, power_name
from engine.athena.view import AthenaView, SlotView
from engine.i18n import T, Text


def _slot(slot: SlotView) -> Text:
    card = slot.card
    return T("athena.desc.slot", slot=slot.slot, card=card_name(card.code), attack=card.attack,
             defense=card.defense, colour=colour_name(card.colour), powers=slot.power_count)


def describe(view: AthenaView) -> list[Text]:
    if view.viewer is None:
        return []
    mine = view.armies[view.viewer]
    lines = [T("athena.desc.phase", round=view.round, duel=view.duel, phase=T(f"athena.phase.{view.phase}"))]
    hand = [T("athena.desc.power", power=power_name(p.code), cost=p.cost, phase=T(f"athena.phase.{p.phase}"))
            for p in mine.hand or []]
    lines.append(T("athena.desc.hand", tokens=mine.tokens, hand=hand or T("athena.desc.empty")))
    ready = [_slot(s) for s in mine.slots if s.available and s.card is not None]
    if ready:
        lines.append(T("athena.desc.available", slots=ready))
    engaged = view.engaged.get(view.viewer)
    if engaged is not None and engaged.card is not None and engaged.value is None:
        lines.append(T("athena.desc.engaged", slot=engaged.slot, card=card_name(engaged.card.code)))
    other = next(r for r in view.roles if r != view.viewer)
    learned = [T("athena.desc.learned", slot=s.slot, what=card_name(s.card.code) if s.card else colour_name(s.known_colour))
               for s in view.armies[other].slots if s.present and (s.card is not None or s.known_colour)]
    if learned:
        lines.append(T("athena.desc.learned_all", items=learned))
    return lines
