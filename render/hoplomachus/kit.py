"""Drawing pieces shared by the Hoplomachus Victorum images: the sides' colours and shapes,
dice, health, the header band and titled panels.

Sides differ by shape as well as by colour (Okabe & Ito): your units are circles in blue,
rivals squares in vermilion, arena units triangles in purple."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import Colour, Ink, draw_fitted, draw_shape, draw_text, rounded_box, text_width
from render.hoplomachus.words import die_letter
from render.layers import Item

VERMILION: Colour = (213, 94, 0)
SIDE_COLOUR: dict[str, Colour] = {"p": Ink.BLUE, "r": VERMILION, "a": Ink.PURPLE, "recruited": Ink.BLUE}
SIDE_SHAPE = {"p": "circle", "r": "square", "a": "triangle", "recruited": "circle"}
DIE_FILL: dict[str, Colour] = {"b": Ink.SKY, "g": Ink.THREAT["green"], "k": Ink.BLACK, "r": Ink.THREAT["red"]}
DIE_INK: dict[str, Colour] = {"b": Ink.TEXT, "g": Ink.WHITE, "k": Ink.WHITE, "r": Ink.WHITE}
HEADER_H = 64


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), Ink.PAPER)
    return image, ImageDraw.Draw(image)


def header(draw: ImageDraw.ImageDraw, width: int, title: str, subtitle: str) -> None:
    draw.rectangle((0, 0, width, HEADER_H), fill=Ink.HEADER)
    draw_fitted(draw, (16, 4, width - 16, 38), title, 26, Ink.WHITE, min_size=16, bold=True, anchor="lm")
    draw_fitted(draw, (16, 38, width - 16, 60), subtitle, 17, Ink.GOLD, min_size=12, anchor="lm")


def dice(draw: ImageDraw.ImageDraw, x: int, y: int, colours: list[str], size: int, locale: str) -> int:
    """A row of dice as coloured squares with their letter; returns the right edge."""
    for colour in colours:
        draw.rounded_rectangle(
            (x, y, x + size, y + size), radius=3, fill=DIE_FILL.get(colour, Ink.UNKNOWN), outline=Ink.TEXT
        )
        draw_text(
            draw, (x + size / 2, y + size / 2 + 1), die_letter(colour, locale), max(8, size - 5),
            DIE_INK.get(colour, Ink.WHITE), bold=True, anchor="mm",
        )  # fmt: skip
        x += size + 3
    return x


def health_bar(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], hp: int, health: int) -> None:
    """Health as a bar with its numbers: colour is never the only cue."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=Ink.WHITE, outline=Ink.TEXT)
    top = max(health, hp, 1)
    filled = x0 + round((x1 - x0) * max(hp, 0) / top)
    colour = (
        Ink.THREAT["green"]
        if hp * 2 > health
        else Ink.THREAT["orange"]
        if hp * 4 > health
        else Ink.THREAT["red"]
    )
    if filled > x0:
        draw.rectangle((x0 + 1, y0 + 1, filled - 1, y1 - 1), fill=colour)


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str) -> int:
    """A titled panel; returns the y where its content starts."""
    rounded_box(draw, box, fill=Ink.PANEL, outline=Ink.PANEL_EDGE, radius=8)
    draw_fitted(
        draw, (box[0] + 10, box[1] + 4, box[2] - 10, box[1] + 30), title, 18, Ink.TEXT, 12, True, anchor="lm"
    )
    return box[1] + 32


def side_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], side: str, size: float) -> None:
    draw_shape(draw, SIDE_SHAPE.get(side, "circle"), centre, size, SIDE_COLOUR.get(side, Ink.UNKNOWN))


def lines(
    draw, x: int, y: int, width: int, rows: list[str], size: int = 16, colour=Ink.TEXT, step: int = 0
) -> int:
    """Rows of text, each cut to fit; returns the y after the last."""
    step = step or size + 6
    for row in rows:
        draw_fitted(draw, (x, y, x + width, y + step), row, size, colour, min_size=11, anchor="lm")
        y += step
    return y


def badge(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], letter: str, fill: Colour, ink: Colour
) -> None:
    cx, cy = centre
    r = 9
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=Ink.WHITE, width=2)
    draw_text(draw, (cx, cy + 1), letter, 12, ink, bold=True, anchor="mm")


def width_of(words: str, size: int, bold: bool = False) -> int:
    return text_width(words, size, bold)


def panel_item(items: list[Item], box: tuple[int, int, int, int], title: str) -> int:
    """`panel` as an item of `items` (render.layers); returns the y where its content starts."""
    items.append(Item(box[1], box[3] + 1, ("panel", box, title), lambda d: panel(d, box, title)))
    return box[1] + 32


def line_items(
    items: list[Item],
    x: int,
    y: int,
    width: int,
    rows: list[str],
    size: int = 16,
    colour=Ink.TEXT,
    step: int = 0,
) -> int:
    """`lines` as one item of `items` per row (render.layers); returns the y after the last."""
    step = step or size + 6
    for row in rows:
        items.append(
            Item(
                y - 2,
                y + step + 2,
                ("row", x, y, width, row, size, colour, step),
                lambda d, y=y, row=row: lines(d, x, y, width, [row], size, colour, step),
            )
        )
        y += step
    return y
