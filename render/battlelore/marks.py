"""Small drawings shared by the images: terrain hexes, unit tokens, arrows, dice. Colour is
never the only cue: the two sides differ in shape (north: circle, south: square), arrows in
dash pattern, terrain in its pattern and its written name."""

from __future__ import annotations

import math

from PIL import ImageDraw

from engine.battlelore.view import UnitView
from render.battlelore import words
from render.battlelore.geometry import Point, corners
from render.common import Colour, Ink, draw_text

SIDE_INK: dict[int, Colour] = {0: Ink.BLUE, 1: Ink.THREAT["orange"]}  # Okabe & Ito blue / orange
SIDE_TEXT: dict[int, Colour] = {0: Ink.WHITE, 1: Ink.BLACK}
SIDE_SHAPE = {0: "circle", 1: "square"}
RED: Colour = Ink.THREAT["red"]
CLEAR: Colour = (226, 218, 190)
TERRAIN: dict[str, Colour] = {
    "hill": (196, 160, 110),
    "forest": (92, 140, 84),
    "brush": (176, 186, 118),
    "water": (96, 156, 206),
    "ford": (160, 202, 226),
    "bridge": (150, 196, 222),
    "village": (214, 178, 156),
    "tower": (168, 164, 160),
    "marsh": (132, 164, 140),
    "ruins": (190, 178, 164),
    "site": (250, 236, 176),
}
DARK: Colour = (60, 48, 36)
ARROW: dict[str, tuple[Colour, bool]] = {  # kind -> colour, dashed
    "mv": (Ink.HEADER, False),
    "atk": (RED, False),
    "fire": (RED, True),
    "ret": (Ink.PURPLE, True),
    "pur": (Ink.SKY, False),
}


def terrain_hex(d: ImageDraw.ImageDraw, c: Point, radius: float, terrain: str | None) -> None:
    fill = TERRAIN.get(terrain or "", CLEAR)
    d.polygon(corners(c, radius), fill=fill, outline=(150, 138, 110))
    x, y = c
    r = radius
    if terrain == "hill":
        for dx in (-0.35, 0.2):
            d.line(
                [
                    (x + dx * r - 0.25 * r, y + 0.45 * r),
                    (x + dx * r, y + 0.15 * r),
                    (x + dx * r + 0.25 * r, y + 0.45 * r),
                ],
                fill=DARK,
                width=2,
            )
    elif terrain == "forest":
        for dx, dy in ((-0.45, 0.35), (0.45, 0.35), (0, 0.55), (-0.55, -0.1), (0.55, -0.1)):
            cx, cy = x + dx * r, y + dy * r
            d.polygon(
                [(cx, cy - 0.2 * r), (cx + 0.14 * r, cy + 0.1 * r), (cx - 0.14 * r, cy + 0.1 * r)],
                fill=(30, 80, 40),
            )
    elif terrain == "brush":
        for dx in (-0.5, -0.2, 0.2, 0.5):
            d.line(
                [(x + dx * r, y + 0.6 * r), (x + dx * r + 0.08 * r, y + 0.35 * r)], fill=(70, 90, 30), width=2
            )
    elif terrain in ("water", "ford", "bridge", "marsh"):
        ink = Ink.WHITE if terrain != "marsh" else (60, 90, 70)
        for dy in (0.3, 0.55):
            step = 0.18 * r
            pts = [(x - 0.6 * r + i * step, y + dy * r + (3 if i % 2 else -3)) for i in range(8)]
            if terrain == "ford" or terrain == "marsh":
                for a, b in zip(pts[::2], pts[1::2], strict=False):
                    d.line([a, b], fill=ink, width=2)
            else:
                d.line(pts, fill=ink, width=2)
        if terrain == "bridge":
            d.rectangle(
                (x - 0.62 * r, y - 0.12 * r, x + 0.62 * r, y + 0.18 * r), fill=(130, 90, 50), outline=DARK
            )
    elif terrain == "village":
        for dx in (-0.35, 0.3):
            bx, by = x + dx * r, y + 0.4 * r
            d.rectangle(
                (bx - 0.14 * r, by - 0.05 * r, bx + 0.14 * r, by + 0.2 * r),
                fill=(240, 232, 214),
                outline=DARK,
            )
            d.polygon(
                [(bx - 0.2 * r, by - 0.05 * r), (bx, by - 0.25 * r), (bx + 0.2 * r, by - 0.05 * r)],
                fill=(150, 50, 40),
            )
    elif terrain == "tower":
        d.rectangle(
            (x - 0.12 * r, y + 0.1 * r, x + 0.12 * r, y + 0.62 * r), fill=(90, 86, 80), outline=Ink.WHITE
        )
    elif terrain == "ruins":
        for dx in (-0.4, -0.1, 0.3):
            d.rectangle(
                (x + dx * r, y + 0.3 * r, x + dx * r + 0.12 * r, y + (0.6 - abs(dx) * 0.4) * r),
                fill=(110, 100, 90),
            )


def site(d: ImageDraw.ImageDraw, c: Point, radius: float, owner: int | None) -> None:
    """A sacred site: a temple, and its controller's token shape and colour beneath it."""
    x, y = c
    r = radius
    d.polygon(corners(c, r), fill=TERRAIN["site"], outline=Ink.GOLD, width=3)
    d.polygon([(x - 0.45 * r, y - 0.2 * r), (x, y - 0.5 * r), (x + 0.45 * r, y - 0.2 * r)], fill=DARK)
    for dx in (-0.32, -0.1, 0.12, 0.34):
        d.rectangle((x + dx * r - 0.04 * r, y - 0.18 * r, x + dx * r + 0.04 * r, y + 0.12 * r), fill=DARK)
    if owner is None:
        d.ellipse((x - 0.18 * r, y + 0.22 * r, x + 0.18 * r, y + 0.58 * r), outline=Ink.MUTED, width=2)
    else:
        shape_at(d, SIDE_SHAPE[owner], (x, y + 0.4 * r), 0.2 * r, SIDE_INK[owner], Ink.BLACK)


def shape_at(
    d: ImageDraw.ImageDraw, shape: str, c: Point, r: float, fill: Colour, outline: Colour, width: int = 2
) -> None:
    x, y = c
    if shape == "circle":
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)
    else:
        d.rounded_rectangle(
            (x - r * 0.9, y - r * 0.9, x + r * 0.9, y + r * 0.9),
            radius=max(2, r * 0.2),
            fill=fill,
            outline=outline,
            width=width,
        )


def unit_facts(unit: UnitView) -> tuple[str, str, bool]:
    """The card's class, type and whether it flies (public card data)."""
    from engine.battlelore.content import content

    card = content().units[unit.card]
    return card.cls, card.type, card.bars[unit.bar].fly


def token(d: ImageDraw.ImageDraw, c: Point, r: float, unit: UnitView, side: int, locale: str) -> None:
    """A unit: its side's shape and colour; a gold ring for heroes, a purple ring for
    creatures; its letters; figures (troops) or wounds left, on red when weakened (one figure
    left, 002 l.82); a mana pip per point of mana; a sky wing for flyers, a horse for mounted."""
    cls, kind, fly = unit_facts(unit)
    ring = {"hero": Ink.GOLD, "creature": Ink.PURPLE}.get(cls, Ink.WHITE)
    shape_at(d, SIDE_SHAPE[side], c, r, SIDE_INK[side], ring, width=4 if cls != "troop" else 2)
    x, y = c
    ink = SIDE_TEXT[side]
    draw_text(
        d, (x, y - r * 0.3), words.short(unit.card, locale), 14, ink, bold=True, condensed=True, anchor="mm"
    )
    weak = cls == "troop" and unit.left == 1
    bw = r * 0.55
    box = (x - bw, y + r * 0.05, x + bw, y + r * 0.75)
    d.rounded_rectangle(
        box, radius=4, fill=RED if weak else Ink.WHITE, outline=Ink.BLACK if not weak else Ink.WHITE
    )
    text = f"{unit.left}" if cls == "troop" else f"{unit.left}♥"
    draw_text(
        d,
        (x, (box[1] + box[3]) / 2),
        text,
        15,
        Ink.WHITE if weak else Ink.BLACK,
        bold=True,
        condensed=True,
        anchor="mm",
    )
    for i in range(unit.cap):  # down the token's right side, clear of the terrain's name
        px = x + r + 3
        py = y - r * 0.4 + i * 10
        d.ellipse(
            (px - 4, py - 4, px + 4, py + 4), fill=Ink.GOLD if i < unit.mana else Ink.WHITE, outline=Ink.BLACK
        )
    if fly:
        wx, wy = x - r * 0.95, y - r * 0.75
        d.polygon(
            [(wx - 9, wy + 5), (wx, wy - 7), (wx + 9, wy + 5), (wx, wy + 1)], fill=Ink.SKY, outline=Ink.BLACK
        )
    if kind == "mounted":
        draw_text(d, (x - r * 0.95, y + r * 0.7), "♞", 16, Ink.BLACK, bold=True, anchor="mm")


def arrow(
    d: ImageDraw.ImageDraw, a: Point, b: Point, colour: Colour, dashed: bool, width: int = 5, cut: float = 16
) -> None:
    """An arrow a -> b on a white casing, its ends kept clear of the tokens."""
    length = math.dist(a, b)
    if length <= 2 * cut:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    a = (a[0] + ux * cut, a[1] + uy * cut)
    tip = (b[0] - ux * cut, b[1] - uy * cut)
    size = width * 3
    end = (tip[0] - ux * size * 0.8, tip[1] - uy * size * 0.8)
    n = max(1, int(math.dist(a, end) // (width * 4))) if dashed else 1
    segs = []
    for i in range(n):
        t0, t1 = i / n, (i + (0.6 if dashed else 1)) / n
        segs.append(
            (
                (a[0] + (end[0] - a[0]) * t0, a[1] + (end[1] - a[1]) * t0),
                (a[0] + (end[0] - a[0]) * t1, a[1] + (end[1] - a[1]) * t1),
            )
        )
    nx, ny = -uy, ux

    def head(grow: float) -> list[Point]:
        s = size + grow
        back = (tip[0] - ux * s, tip[1] - uy * s)
        return [
            (tip[0] + ux * grow / 2, tip[1] + uy * grow / 2),
            (back[0] + nx * s * 0.6, back[1] + ny * s * 0.6),
            (back[0] - nx * s * 0.6, back[1] - ny * s * 0.6),
        ]

    for s in segs:
        d.line(s, fill=Ink.WHITE, width=width + 4)
    d.polygon(head(4), fill=Ink.WHITE)
    for s in segs:
        d.line(s, fill=colour, width=width)
    d.polygon(head(0), fill=colour)


FACE = {1: "strike", 2: "bonus", 3: "shot", 4: "flag", 5: "prayer", 6: "offering"}  # 002 l.177-182
FACE_INK: dict[int, Colour] = {1: RED, 2: RED, 3: RED, 4: Ink.HEADER, 5: Ink.GOLD, 6: Ink.PURPLE}


def attacker_weak(view) -> bool:
    """The attacker is down to one figure (002 l.82): its Bonus hits do nothing (l.178)."""
    at = view.attack or {}
    unit = next((u for u in view.units if u.id == at.get("att")), None)
    return unit is not None and unit_facts(unit)[0] == "troop" and unit.left == 1


def roll_kind(view) -> tuple[bool, bool]:
    """(ranged, weak) of the last roll, as the engine counted it when rolling (the roll line
    in chat): the attack may be over, so its own record wins over the current attack."""
    kind = getattr(view, "roll_kind", None) or {}
    if kind:
        return bool(kind.get("ranged")), bool(kind.get("weak"))
    return bool(view.attack and view.attack.get("ranged")), attacker_weak(view)


def die_effect(face: int, ranged: bool, weak: bool) -> str:
    """What one die did (002 l.177-182): hit, flag, mana for the unit, an offering, or nothing."""
    if face == 1:
        return "none" if ranged else "hit"
    if face == 2:
        return "none" if ranged or weak else "hit"
    if face == 3:
        return "hit" if ranged else "none"
    return {4: "flag", 5: "mana", 6: "offer"}[face]


def die(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], face: int, effect: str, locale: str
) -> None:
    """A die: its face's letter on the face's colour, and under it what it did."""
    x0, y0, x1, y1 = box
    used = effect != "none"
    d.rounded_rectangle(box, radius=6, fill=FACE_INK[face] if used else Ink.PANEL, outline=Ink.BLACK, width=2)
    ink = Ink.BLACK if face == 5 and used else (Ink.WHITE if used else Ink.MUTED)
    draw_text(
        d,
        ((x0 + x1) / 2, (y0 + y1) / 2),
        words.label(f"face.{FACE[face]}", locale),
        18,
        ink,
        bold=True,
        anchor="mm",
    )
