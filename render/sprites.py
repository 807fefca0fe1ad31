"""Pre-drawn RGB tiles: a card, a badge or any small picture that boards draw again and again
with the same content is drawn once into a tile and pasted afterwards.

A tile is keyed by everything its pixels depend on (the caller's `key`: text, locale, colours,
what the card shows) plus its size, its background and the parity of where it goes: text
positions are rounded half to even (`render.common.draw_text`), so a drawing moved by an odd
number of pixels may land a half-pixel glyph one pixel apart. A tile is drawn with its box at
the same parity as on the canvas, so pasting it gives the very pixels of drawing in place,
provided that what the tile covers holds only its background before (the caller's promise:
tiles of neighbouring cards must not overlap) and that the drawing stays inside the tile.

`TILES` is bounded by bytes (least recently used dropped first) and thread-safe: the bot
renders in worker threads. Two threads missing the same tile both draw it, the same pixels.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render.common import Box, ByteLRU, Colour, palette_indices

# Set to False to draw everything in place (tests compare both ways).
ENABLED = True


class TileCache(ByteLRU):
    """RGB tiles by key, sized by their pixels."""

    def __init__(self, budget: int = 24 << 20) -> None:
        super().__init__(budget)

    @staticmethod
    def sizeof(tile: Image.Image) -> int:
        return tile.width * tile.height * (1 if tile.mode == "P" else 3) + 200


TILES = TileCache()


def tile_for(
    key: object,
    box: Box,
    margin: int,
    background: Colour,
    paint: Callable[[ImageDraw.ImageDraw, Box], None],
    cache: TileCache | None = None,
) -> tuple[Image.Image, tuple[int, int]]:
    """The tile of `paint(draw, box)` (which draws nothing farther than `margin` px outside
    `box`) on `background`, and where its top-left goes on the canvas."""
    cache = TILES if cache is None else cache
    x0, y0, x1, y1 = box
    px, py = x0 % 2, y0 % 2
    full = (key, x1 - x0, y1 - y0, margin, background, px, py)
    tile = cache.get(full)
    if tile is None:
        tile = _draw_tile(box, margin, background, paint)
        cache.put(full, tile)
    return tile, (x0 - margin, y0 - margin)


def _draw_tile(
    box: Box, margin: int, background: Colour, paint: Callable[[ImageDraw.ImageDraw, Box], None]
) -> Image.Image:
    x0, y0, x1, y1 = box
    # drawn with the box at (margin + parity): an even shift from the canvas position
    lx, ly = margin + ((x0 - margin) % 2), margin + ((y0 - margin) % 2)
    canvas = Image.new("RGB", (lx + x1 - x0 + margin + 1, ly + y1 - y0 + margin + 1), background)
    paint(ImageDraw.Draw(canvas), (lx, ly, lx + x1 - x0, ly + y1 - y0))
    return canvas.crop((lx - margin, ly - margin, canvas.width, canvas.height))


def stamp(
    draw: ImageDraw.ImageDraw,
    key: object,
    box: Box,
    margin: int,
    background: Colour,
    paint: Callable[[ImageDraw.ImageDraw, Box], None],
) -> None:
    """Draw `paint(draw, box)` on `draw`'s canvas through a cached tile (see `tile_for`), the
    tile mapped to the palette on a canvas of palette indices (`indexed_tile`); in place when
    tiles are off or the canvas is neither a plain RGB image nor indexed."""
    image = getattr(draw, "_image", None)
    indexed = image is not None and image.mode == "P" and draw.mode == "P"
    if image is None or key is None or (not indexed and (not ENABLED or image.mode != "RGB")):
        paint(draw, box)
        return
    x0, y0, x1, y1 = box
    if y1 + margin < 0 or y0 - margin >= image.height or x1 + margin < 0 or x0 - margin >= image.width:
        return  # wholly outside this canvas (a band of a taller image)
    if indexed:  # a canvas of palette indices (`render.common.Strip.indices`): the tile mapped
        tile, (x, y) = indexed_tile(key, box, margin, background, paint)
        image.im.paste(tile.im, (x, y, x + tile.width, y + tile.height))  # Pillow's core: quicker
        return
    tile, at = tile_for(key, box, margin, background, paint)
    image.paste(tile, at)


def indexed_tile(
    key: object,
    box: Box,
    margin: int,
    background: Colour,
    paint: Callable[[ImageDraw.ImageDraw, Box], None],
) -> tuple[Image.Image, tuple[int, int]]:
    """`tile_for`'s tile mapped to the fixed palette, cached in its place (a third of its
    bytes: three times as many tiles fit), also when tiles are off (an indexed canvas has no
    other way to draw anti-aliased pixels)."""
    x0, y0, x1, y1 = box
    full = ("indexed", key, x1 - x0, y1 - y0, margin, background, x0 % 2, y0 % 2)
    tile = TILES.get(full) if ENABLED else None
    if tile is None:
        tile = palette_indices(_draw_tile(box, margin, background, paint))
        if ENABLED:
            TILES.put(full, tile)
    return tile, (x0 - margin, y0 - margin)


def visible(draw: ImageDraw.ImageDraw, top: float, bottom: float) -> bool:
    """Whether rows top..bottom reach into `draw`'s canvas (a band draws its whole part
    clipped: what lies wholly outside it need not be drawn at all)."""
    image = getattr(draw, "_image", None)
    return image is None or (bottom >= 0 and top < image.height)
