"""An army's formation (pyramid, inverted pyramid, columns...) placed in a rectangle.

Slots carry their row (0 = bottom row, rulebook numbering) and horizontal centre in card
widths, so any expert-mode structure (004 §IX "Mode Expert") lays out without special cases.
The army facing the reader from the top of the board is mirrored vertically, so both
pyramids point at the duel zone as on a real table (004 §V.B "Déploiement des armées").
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from engine.athena.view import SlotView
from render.athena.tiles import FRAME, card_back, card_face, empty_slot, waiting_slot
from render.common import Box, Colour, Ink
from render.sprites import stamp

GAP = 12


def row_count(slots: list[SlotView]) -> int:
    return max((s.row for s in slots), default=-1) + 1


def layout(
    slots: list[SlotView],
    left: int,
    top: int,
    width: int,
    max_card: int,
    row_height: Callable[[int], int],
    mirrored: bool,
) -> tuple[dict[int, Box], int]:
    """Boxes of every slot, keyed by slot number, and the total height used.

    `row_height(row)` gives each row's card height; `mirrored` puts row 0 at the top."""
    if not slots:
        return {}, 0
    xs = [s.x for s in slots]
    span = max(xs) - min(xs) + 1
    unit = min(max_card + GAP, width / span)
    offset = left + (width - span * unit) / 2 - (min(xs) - 0.5) * unit
    rows = row_count(slots)
    order = range(rows) if mirrored else range(rows - 1, -1, -1)
    row_top: dict[int, int] = {}
    y = top
    for row in order:
        row_top[row] = y
        y += row_height(row) + GAP
    boxes = {}
    for s in slots:
        cx = offset + s.x * unit
        y0 = row_top[s.row]
        boxes[s.slot] = (
            round(cx - unit / 2 + GAP / 2),
            y0,
            round(cx + unit / 2 - GAP / 2),
            y0 + row_height(s.row),
        )
    return boxes, y - top - GAP


def slot_shown(slot: SlotView, with_powers: bool) -> tuple:
    """Everything `draw_slot` shows of a slot (beside the locale and the box): its tile's key,
    and what a band showing it is keyed by."""
    if slot.waiting:
        return ("waiting", slot.slot)
    if not slot.present:
        return ("empty", slot.slot)
    if slot.card is not None:
        card = slot.card
        powers = tuple(p.code for p in slot.powers or []) if with_powers else None
        return (
            "face",
            slot.slot,
            slot.available,
            card.code,
            card.vp,
            card.attack,
            card.defense,
            card.colour,
            powers,
        )
    return ("back", slot.slot, slot.available, slot.power_count, slot.known_colour)


def draw_slot(
    draw: ImageDraw.ImageDraw,
    box: Box,
    slot: SlotView,
    locale: str,
    with_powers: bool,
    background: Colour = Ink.PAPER,
) -> None:
    """The slot's card, pasted from a tile drawn once per content (`render.sprites`)."""
    stamp(
        draw,
        ("athena.slot", locale, slot_shown(slot, with_powers)),
        box,
        FRAME,
        background,
        lambda d, b: paint_slot(d, b, slot, locale, with_powers),
    )


def paint_slot(draw: ImageDraw.ImageDraw, box: Box, slot: SlotView, locale: str, with_powers: bool) -> None:
    if slot.waiting:
        waiting_slot(draw, box, slot.slot)
    elif not slot.present:
        empty_slot(draw, box, slot.slot)
    elif slot.card is not None:
        card_face(
            draw, box, slot.card, locale, slot.slot, slot.available, slot.powers if with_powers else None
        )
    else:
        card_back(draw, box, slot.slot, slot.available, slot.power_count, slot.known_colour)


def draw_army(
    draw: ImageDraw.ImageDraw,
    slots: list[SlotView],
    boxes: dict[int, Box],
    locale: str,
    with_powers: bool = False,
) -> None:
    # Lower rows first, so a frame drawn around an upper card is never painted over. Each card
    # with its frame is a tile (`FRAME` px around its box): boxes stand GAP px apart, so two
    # cards' tiles never overlap.
    for slot in sorted(slots, key=lambda s: (s.row, s.slot)):
        draw_slot(draw, boxes[slot.slot], slot, locale, with_powers)
