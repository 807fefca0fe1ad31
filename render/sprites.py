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

import threading
from collections.abc import Callable

from PIL import Image, ImageDraw

from render.common import Box, Colour

# Set to False to draw everything in place (tests compare both ways).
ENABLED = True


class TileCache:
    """RGB tiles by key, least recently used dropped past `budget` bytes."""

    def __init__(self, budget: int = 24 << 20) -> None:
        self.budget = budget
        self._items: dict[object, Image.Image] = {}
        self._size = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: object) -> Image.Image | None:
        with self._lock:
            found = self._items.pop(key, None)
            if found is None:
                self.misses += 1
                return None
            self._items[key] = found  # most recent last
            self.hits += 1
            return found

    def put(self, key: object, tile: Image.Image) -> None:
        size = tile.width * tile.height * 3 + 200
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= old.width * old.height * 3 + 200
            self._items[key] = tile
            self._size += size
            while self._size > self.budget and self._items:
                dropped = self._items.pop(next(iter(self._items)))
                self._size -= dropped.width * dropped.height * 3 + 200

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._size = 0
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size(self) -> int:
        return self._size


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
        # drawn with the box at (margin + parity): an even shift from the canvas position
        lx, ly = margin + ((x0 - margin) % 2), margin + ((y0 - margin) % 2)
        canvas = Image.new("RGB", (lx + x1 - x0 + margin + 1, ly + y1 - y0 + margin + 1), background)
        paint(ImageDraw.Draw(canvas), (lx, ly, lx + x1 - x0, ly + y1 - y0))
        tile = canvas.crop((lx - margin, ly - margin, canvas.width, canvas.height))
        cache.put(full, tile)
    return tile, (x0 - margin, y0 - margin)


def stamp(
    draw: ImageDraw.ImageDraw,
    key: object,
    box: Box,
    margin: int,
    background: Colour,
    paint: Callable[[ImageDraw.ImageDraw, Box], None],
) -> None:
    """Draw `paint(draw, box)` on `draw`'s canvas through a cached tile (see `tile_for`);
    in place when tiles are off or the canvas is not a plain RGB image."""
    image = getattr(draw, "_image", None)
    if not ENABLED or image is None or image.mode != "RGB" or key is None:
        paint(draw, box)
        return
    x0, y0, x1, y1 = box
    if y1 + margin < 0 or y0 - margin >= image.height or x1 + margin < 0 or x0 - margin >= image.width:
        return  # wholly outside this canvas (a band of a taller image)
    tile, at = tile_for(key, box, margin, background, paint)
    image.paste(tile, at)


def visible(draw: ImageDraw.ImageDraw, top: float, bottom: float) -> bool:
    """Whether rows top..bottom reach into `draw`'s canvas (a band draws its whole part
    clipped: what lies wholly outside it need not be drawn at all)."""
    image = getattr(draw, "_image", None)
    return image is None or (bottom >= 0 and top < image.height)
