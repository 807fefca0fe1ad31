"""Views in words. `describe`: a player's private view, for `/game hand` when images are off
or unreadable (tokens and hand, the cards they may engage, the card they engaged, what they
learned). `summary`: the public position, for `/game status` (scenario, round, score)."""

from __future__ import annotations

from engine.athena.events import card_name, colour_name, power_code, role_name, terrain_name
from engine.athena.view import AthenaView, SlotView
from engine.i18n import T, Text


def _slot(slot: SlotView) -> Text:
    card = slot.card
    return T(
        "athena.desc.slot",
        slot=slot.slot,
        card=card_name(card.code),
        attack=card.attack,
        defense=card.defense,
        colour=colour_name(card.colour),
        powers=slot.power_count,
    )


def describe(view: AthenaView) -> list[Text]:
    if view.viewer is None:
        return []
    mine = view.armies[view.viewer]
    lines = [T("athena.desc.phase", round=view.round, duel=view.duel, phase=T(f"athena.phase.{view.phase}"))]
    lines += _scores(view)
    hand = [
        T("athena.desc.power", power=power_code(p.code), cost=p.cost, phase=T(f"athena.phase.{p.phase}"))
        for p in mine.hand or []
    ]
    lines.append(T("athena.desc.hand", tokens=mine.tokens, hand=hand or T("athena.desc.empty")))
    attached = [
        T("athena.desc.attached_item", power=power_code(p.code), slot=s.slot)
        for s in mine.slots
        if s.present
        for p in s.powers or []
    ]
    if attached:  # the codes `activate` and `reveal` take (004 §VI.B "Phase de Pouvoir")
        lines.append(T("athena.desc.attached", powers=attached))
    ready = [_slot(s) for s in mine.slots if s.available and s.card is not None]
    if ready:
        lines.append(T("athena.desc.available", slots=ready))
    engaged = view.engaged.get(view.viewer)
    if engaged is not None and engaged.card is not None and engaged.value is None:
        lines.append(T("athena.desc.engaged", slot=engaged.slot, card=card_name(engaged.card.code)))
    other = next(r for r in view.roles if r != view.viewer)
    learned = [
        T(
            "athena.desc.learned",
            slot=s.slot,
            what=card_name(s.card.code) if s.card else colour_name(s.known_colour),
        )
        for s in view.armies[other].slots
        if s.present and (s.card is not None or s.known_colour)
    ]
    foe = view.engaged.get(other)
    if foe is not None and foe.known_colour and foe.value is None:  # Anticipation's colour, in the duel
        learned.append(T("athena.desc.learned_duel", slot=foe.slot, what=colour_name(foe.known_colour)))
    if learned:
        lines.append(T("athena.desc.learned_all", items=learned))
    return lines


def _scores(view: AthenaView) -> list[Text]:
    """Each side's standing: rounds won (004 §VIII), this round's VP with what makes them and
    the tiebreak counts (004 §VII), tokens and cards left."""
    out = []
    for role in view.roles:
        army = view.armies[role]
        # before the deployment every slot is still empty: the whole army is to come
        cards = len(army.slots) if view.phase == "deploy" else sum(s.present for s in army.slots)
        out.append(
            T(
                "athena.desc.score",
                who=role_name(role),
                rounds=army.rounds_won,
                need=view.rounds_to_win,
                vp=army.round_vp,
                captured=len(army.captured),
                powers=sum(len(c.powers) for c in army.captured),
                terrains=len(army.terrains),
                tokens=army.tokens,
                cards=cards,
            )
        )
    return out


def summary(view: AthenaView) -> list[Text]:
    """The public position in a few lines (any viewer's view gives the same lines)."""
    lines = [
        T("athena.desc.scenario", scenario=T(f"athena.scenario.{view.scenario}"), rounds=view.rounds_to_win)
    ]
    if view.phase == "over":
        return lines + _scores(view)
    lines.append(
        T("athena.desc.phase", round=view.round, duel=view.duel, phase=T(f"athena.phase.{view.phase}"))
    )
    if view.phase not in ("build", "deploy"):
        active = view.terrain_row[0] if view.terrain_row else None
        lines.append(
            T(
                "athena.desc.duel",
                who=role_name(view.attacker),
                terrain=terrain_name(active) if active else T("athena.terrain.none"),
                vp=view.terrain_values.get(active, 0) if active else 0,
            )
        )
    return lines + _scores(view)
