"""Single cards of Battle for Athena drawn into a box: combatant faces and backs, empty
slots, terrain cards, threat markers and the face-down power badge."""

from __future__ import annotations

from PIL import ImageDraw

from engine.athena.view import CardFace, PowerFace
from render.athena.names import card_name, label, power_name, terrain_name
from render.common import (
    THREAT_SHAPE,
    Box,
    Colour,
    Ink,
    dashed_box,
    draw_fitted,
    draw_shape,
    draw_text,
    fit_lines,
    rounded_box,
)

STRIPE = 26  # height of the coloured band on top of a card face
RADIUS = 8
FRAME = 5  # how far a card's drawing reaches outside its box (the available frame, stacked badges)


def threat_ink(colour: str) -> tuple[Colour, Colour]:
    """(fill, text colour on that fill) for a threat colour; grey for an unknown one. Black on
    the two light colours, white on the dark red: at least 6:1 contrast either way."""
    fill = Ink.THREAT.get(colour, Ink.UNKNOWN)
    return fill, (Ink.BLACK if colour in ("green", "orange") else Ink.WHITE)


def threat_marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, colour: str) -> None:
    """The threat colour as a coloured shape (● green, ▲ orange, ■ red)."""
    fill, _ = threat_ink(colour)
    draw_shape(draw, THREAT_SHAPE.get(colour, "circle"), centre, size, fill, outline=Ink.WHITE)


def power_badge(draw: ImageDraw.ImageDraw, corner: tuple[int, int], count: int) -> None:
    """Face-down powers on a card: a small purple card (stacked when several) with the count.
    `corner` is the badge's top-right."""
    if count <= 0:
        return
    x1, y0 = corner
    w, h = 24, 30
    if count > 1:
        rounded_box(draw, (x1 - w + 4, y0 - 4, x1 + 4, y0 + h - 4), Ink.PURPLE, Ink.WHITE, 2, 4)
    rounded_box(draw, (x1 - w, y0, x1, y0 + h), Ink.PURPLE, Ink.WHITE, 2, 4)
    draw_text(draw, (x1 - w / 2, y0 + h / 2), str(count), 20, Ink.WHITE, bold=True, anchor="mm")


def available_frame(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A gold ring with a black edge around a card that may be engaged now: visible on the
    dark backs and, thanks to the black edge, on the orange faces too."""
    x0, y0, x1, y1 = box
    rounded_box(draw, (x0 - FRAME, y0 - FRAME, x1 + FRAME, y1 + FRAME), Ink.GOLD, Ink.BLACK, 2, RADIUS + 4)


def empty_slot(draw: ImageDraw.ImageDraw, box: Box, slot: int) -> None:
    """A slot whose card has left the army."""
    dashed_box(draw, box, Ink.FAINT)
    draw_text(
        draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(slot), 22, Ink.FAINT, bold=True, anchor="mm"
    )


def waiting_slot(draw: ImageDraw.ImageDraw, box: Box, slot: int) -> None:
    """A slot of an army still being deployed in secret: a plain outline with its number,
    unlike the dashed slot of a card that has left the army."""
    rounded_box(draw, box, Ink.PAPER, Ink.FAINT, 2, RADIUS)
    draw_text(
        draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(slot), 22, Ink.FAINT, bold=True, anchor="mm"
    )


def card_back(
    draw: ImageDraw.ImageDraw,
    box: Box,
    slot: int | None,
    available: bool,
    power_count: int = 0,
    known_colour: str | None = None,
) -> None:
    """A face-down combatant. Available cards are dark with a gold frame; covered ones are
    pale, so the difference survives any colour vision."""
    x0, y0, x1, y1 = box
    if available:
        available_frame(draw, box)
    rounded_box(draw, box, Ink.BACK if available else Ink.BACK_DIM, Ink.WHITE, 2, RADIUS)
    rounded_box(draw, (x0 + 6, y0 + 6, x1 - 6, y1 - 6), None, Ink.WHITE if available else Ink.PAPER, 1, 4)
    if slot is not None:
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(slot), 28, Ink.WHITE, bold=True, anchor="mm")
    power_badge(draw, (x1 - 4, y0 + 4), power_count)
    if known_colour:
        threat_marker(draw, (x0 + 20, y1 - 18), 22, known_colour)


def card_face(
    draw: ImageDraw.ImageDraw,
    box: Box,
    card: CardFace,
    locale: str,
    slot: int | None = None,
    available: bool = False,
    powers: list[PowerFace] | None = None,
) -> None:
    """A combatant seen face up: threat band (shape, slot, VP), name, attack and defence, then
    one line per attached power."""
    x0, y0, x1, y1 = box
    fill, on_fill = threat_ink(card.colour)
    if available:
        available_frame(draw, box)
    rounded_box(draw, box, Ink.WHITE, fill, 3, RADIUS)
    rounded_box(
        draw, (x0, y0, x1, y0 + STRIPE), fill, None, radius=RADIUS, corners=(True, True, False, False)
    )
    draw_shape(draw, THREAT_SHAPE.get(card.colour, "circle"), (x0 + 15, y0 + STRIPE / 2), 16, on_fill, None)
    if slot is not None:
        draw_text(draw, (x0 + 28, y0 + STRIPE / 2), str(slot), 20, on_fill, bold=True, anchor="lm")
    draw_text(
        draw, (x1 - 8, y0 + STRIPE / 2), label("vp", locale, n=card.vp), 20, on_fill, bold=True, anchor="rm"
    )
    pad = 6
    y = y0 + STRIPE + 2
    draw_fitted(
        draw,
        (x0 + pad, y, x1 - pad, y + 26),
        card_name(card.code, locale),
        21,
        Ink.TEXT,
        min_size=15,
        bold=True,
        condensed=True,
    )
    y += 26
    stats = f"{label('atk', locale, n=card.attack)}  {label('def', locale, n=card.defense)}"
    draw_fitted(draw, (x0 + pad, y, x1 - pad, y + 24), stats, 20, Ink.TEXT, min_size=14, condensed=True)
    y += 26
    for power in powers or []:
        if y + 24 > y1:
            break
        rounded_box(draw, (x0 + pad, y, x1 - pad, y + 24), Ink.PURPLE, None, 0, 5)
        draw_fitted(
            draw,
            (x0 + pad + 6, y, x1 - pad - 6, y + 24),
            f"{power.code} · {power_name(power.code, locale)}",  # the code moves are typed with
            19,
            Ink.WHITE,
            min_size=14,
            condensed=True,
            anchor="lm",
        )
        y += 27


def announced_back(
    draw: ImageDraw.ImageDraw, box: Box, slot: int, colour: str | None, power_count: int
) -> None:
    """An engaged card still face down: the slot it came from, the shape of its announced
    colour, or a question mark when the colour was hidden (the caller writes the colour's name
    beside it)."""
    x0, y0, x1, y1 = box
    rounded_box(draw, box, Ink.BACK, Ink.WHITE, 2, RADIUS)
    rounded_box(draw, (x0 + 6, y0 + 6, x1 - 6, y1 - 6), None, Ink.WHITE, 1, 4)
    draw_text(draw, (x0 + 14, y0 + 12), str(slot), 22, Ink.WHITE, bold=True)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2 + 4)
    if colour:
        threat_marker(draw, centre, min(x1 - x0, y1 - y0) * 0.45, colour)
    else:
        draw_text(draw, centre, "?", 56, Ink.WHITE, bold=True, anchor="mm")
    power_badge(draw, (x1 - 4, y0 + 4), power_count)


def terrain_card(
    draw: ImageDraw.ImageDraw, box: Box, code: str, vp: int | None, active: bool, locale: str
) -> None:
    """A terrain of the row: name and VP; the active one gets a thick blue frame and a tab."""
    x0, y0, x1, y1 = box
    if active:
        rounded_box(draw, (x0 - 5, y0 - 5, x1 + 5, y1 + 5), Ink.BLUE, None, 0, RADIUS + 4)
    rounded_box(draw, box, Ink.TERRAIN, Ink.PANEL_EDGE, 2, RADIUS)
    top = y0 + 28 if active else y0 + 6
    size, lines = fit_lines(terrain_name(code, locale), x1 - x0 - 12, 22, 16, 2, bold=True, condensed=True)
    y = top + 4
    for line in lines:
        draw_text(draw, ((x0 + x1) / 2, y), line, size, Ink.TEXT, bold=True, condensed=True, anchor="mt")
        y += size + 4
    if vp is not None:
        draw_text(
            draw, ((x0 + x1) / 2, y1 - 8), label("vp", locale, n=vp), 26, Ink.TEXT, bold=True, anchor="mb"
        )
    if active:
        draw.rounded_rectangle(
            (x0, y0, x1, y0 + 26), radius=RADIUS, fill=Ink.BLUE, corners=(True, True, False, False)
        )
        draw_fitted(
            draw,
            (x0 + 4, y0, x1 - 4, y0 + 26),
            label("active_terrain", locale),
            20,
            Ink.WHITE,
            min_size=13,
            bold=True,
        )


def deck_stack(draw: ImageDraw.ImageDraw, box: Box, count: int, caption: str) -> None:
    """A face-down pile with its size."""
    x0, y0, x1, y1 = box
    if count:
        for off in (8, 4):
            rounded_box(draw, (x0 + off, y0 - off, x1 + off, y1 - off), Ink.BACK_DIM, Ink.WHITE, 2, RADIUS)
        rounded_box(draw, box, Ink.BACK, Ink.WHITE, 2, RADIUS)
        ink = Ink.WHITE
    else:
        dashed_box(draw, box, Ink.FAINT)
        ink = Ink.MUTED
    draw_text(draw, ((x0 + x1) / 2, y0 + (y1 - y0) * 0.42), str(count), 32, ink, bold=True, anchor="mm")
    draw_fitted(draw, (x0 + 4, y1 - 30, x1 - 4, y1 - 8), caption, 20, ink, min_size=13, condensed=True)
