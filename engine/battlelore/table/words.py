"""A player's private view in words (`GAME.describe`, engine/protocol.py): what `/game hand`
says without an image. The hand with each card's reach now, the extra cards, each deity's
face-up Lore card against its mana, the units still to deploy."""

from __future__ import annotations

from engine.battlelore.content import content
from engine.battlelore.table.reach import ready
from engine.battlelore.view import BattleloreView
from engine.i18n import T, Text


def describe(view: BattleloreView) -> list[Text]:
    role = view.viewer
    if role is None or role not in view.sides:
        return []
    side = view.sides[role]
    lines: list[Text] = [T("blt.hand.title", n=len(side.hand or []))]
    for extra, cards in ((False, side.hand or []), (True, side.extra or [])):
        for cid in cards:
            sector, n = ready(view, role, cid, extra)
            lines.append(
                T(
                    "blt.hand.card",
                    code=f"+{cid}" if extra else cid,
                    name=T(f"bl.card.{cid}"),
                    sector=T(f"blt.sector.{sector or 'any'}"),
                    ready=n,
                )
            )
    for g, god in (side.gods or {}).items():
        lore = content().deities[g].lore.get(god.face_up or "")
        if lore is None:
            continue
        key = "blt.hand.lore_ready" if god.mana >= lore.cost else "blt.hand.lore"
        lines.append(
            T(key, god=T(f"bl.n.{g}"), mana=god.mana, card=T(f"bl.lore.{g}.{god.face_up}"), cost=lore.cost)
        )
    camp = [u for u in view.units if u.owner == role and u.hex is None]
    if camp:
        lines.append(
            T(
                "blt.hand.camp",
                units=[
                    T("blt.hand.camp_unit", id=u.id.split(".", 1)[1], name=T(f"bl.n.{u.card}")) for u in camp
                ],
            )
        )
    return lines
