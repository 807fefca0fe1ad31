"""Pillow helpers shared by every game renderer: fonts, text fitting, a colour-blind-safe
palette, boxes and shapes, translated labels and PNG encoding.

Everything here is pure drawing: no game rules, no I/O beyond reading font files once.
"""

from __future__ import annotations

import json
import struct
import threading
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.i18n import has_key, register_catalog, t

register_catalog(Path(__file__).parent / "locales")

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# DejaVu Sans ships with the package (render/fonts/, licence beside it): every machine, Docker
# included, draws the same glyphs, and accents and arrows never fall back to a missing-glyph box.
FONTS = Path(__file__).parent / "fonts"
_FACES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


class Ink:
    """High-contrast colours. Threat and state colours follow Okabe & Ito (2008), chosen so
    that they also differ in lightness; callers still pair every colour with a shape or text."""

    PAPER: Colour = (245, 240, 226)
    PANEL: Colour = (232, 225, 205)
    PANEL_EDGE: Colour = (176, 162, 128)
    TEXT: Colour = (22, 22, 28)
    MUTED: Colour = (92, 88, 80)
    FAINT: Colour = (160, 152, 136)
    WHITE: Colour = (255, 255, 255)
    BLACK: Colour = (0, 0, 0)
    BACK: Colour = (28, 50, 86)  # card back, available
    BACK_DIM: Colour = (128, 140, 160)  # card back, covered
    GOLD: Colour = (240, 190, 20)
    BLUE: Colour = (0, 114, 178)
    SKY: Colour = (86, 180, 233)
    PURPLE: Colour = (120, 70, 150)
    HEADER: Colour = (34, 40, 52)
    BAND: Colour = (238, 232, 214)
    TERRAIN: Colour = (214, 200, 160)
    THREAT: dict[str, Colour] = {
        "green": (0, 158, 115),  # bluish green, mid lightness
        "orange": (230, 159, 0),  # orange, light
        "red": (150, 15, 30),  # dark red
    }
    UNKNOWN: Colour = (110, 110, 110)


# FreeType faces must not be used by two threads at once (the bot renders in worker threads).
# All FreeType work goes through the three cached functions below, which hold this lock.
_FREETYPE = threading.RLock()

# A shape for each threat level, so colour is never the only cue (● ▲ ■).
THREAT_SHAPE = {"green": "circle", "orange": "triangle", "red": "square"}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, condensed: bool = False) -> Font:
    """The bundled DejaVu face; a missing file is a packaging bug, so it raises rather than
    drawing with Pillow's default font."""
    path = FONTS / _FACES[(bold, condensed)]
    with _FREETYPE:
        return ImageFont.truetype(str(path), size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False, condensed: bool = False) -> int:
    with _FREETYPE:
        return int(font(size, bold, condensed).getlength(text))


def fit_size(
    text: str, max_width: int, size: int, min_size: int, bold: bool = False, condensed: bool = False
) -> int:
    """The largest size in [min_size, size] at which `text` fits in `max_width`."""
    while size > min_size and text_width(text, size, bold, condensed) > max_width:
        size -= 1
    return size


def ellipsize(text: str, max_width: int, size: int, bold: bool = False, condensed: bool = False) -> str:
    if text_width(text, size, bold, condensed) <= max_width:
        return text
    while text and text_width(text + "…", size, bold, condensed) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(
    text: str, max_width: int, size: int, max_lines: int, bold: bool = False, condensed: bool = False
) -> list[str]:
    """Greedy word wrap; the last allowed line is ellipsized if the text is longer. Breaks at
    plain spaces and newlines only: French typography's no-break spaces (before « ; : ! ? »,
    inside "3 PV") keep their two sides on one line. Each text's lines are computed once."""
    return list(_wrap(text, max_width, size, max_lines, bold, condensed))


@lru_cache(maxsize=4096)
def _wrap(
    text: str, max_width: int, size: int, max_lines: int, bold: bool, condensed: bool
) -> tuple[str, ...]:
    lines: list[str] = []
    words = text.replace("\n", " ").replace("\t", " ").split(" ")
    words = [word for word in words if word]
    current = ""
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if text_width(trial, size, bold, condensed) <= max_width or not current:
            current = trial
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        lines.append(current)
    return tuple(ellipsize(line, max_width, size, bold, condensed) for line in lines[:max_lines])


def fit_lines(
    text: str,
    max_width: int,
    size: int,
    min_size: int,
    max_lines: int,
    bold: bool = False,
    condensed: bool = False,
) -> tuple[int, list[str]]:
    """The largest size (down to `min_size`) at which `text` wraps into `max_lines` lines
    without cutting a word, and those lines (ellipsized only at `min_size`)."""
    min_size = min(min_size, size)
    for candidate in range(size, min_size - 1, -1):
        lines = wrap(text, max_width, candidate, max_lines, bold, condensed)
        if not any(line.endswith("…") for line in lines) or candidate == min_size:
            return candidate, lines
    raise AssertionError("unreachable: the loop always returns at min_size")


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool, condensed: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The anti-aliased coverage of `text` and its offset from the anchor point. Boards repeat
    the same labels, numbers and names on every render: rasterising each once keeps a board
    well inside its time budget."""
    with _FREETYPE:
        face = font(size, bold, condensed)
        left, top, right, bottom = face.getbbox(text, anchor=anchor)
        mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    bold: bool = False,
    condensed: bool = False,
    anchor: str = "la",
) -> None:
    if not text:
        return
    mask, dx, dy = text_mask(text, size, bold, condensed, anchor)
    at = (round(xy[0]) + dx, round(xy[1]) + dy)
    if draw.mode == "P":
        _indexed_text(draw, at, (text, size, bold, condensed, anchor), fill)
    else:
        draw.bitmap(at, mask, fill=fill)


def _indexed_text(draw: ImageDraw.ImageDraw, at: tuple[int, int], text: tuple, fill: Colour) -> None:
    """Anti-aliased text on a canvas of palette indices (see `Strip`): on a flat background,
    the very indices of drawing it in RGB and mapping the result (the text's pixels are the
    background's palette colour blended with `fill`, mapped once and cached); on anything
    else, the rows under it drawn in RGB from their palette colours and mapped again."""
    image = draw._image
    mask = text_mask(*text)[0]
    x, y = at
    left, top = max(x, 0), max(y, 0)
    right, bottom = min(x + mask.width, image.width), min(y + mask.height, image.height)
    if left >= right or top >= bottom:
        return
    # Pillow's core calls: `Image.crop` and `Image.paste` cost ten times more in Python
    low, high = image.im.crop((left, top, right, bottom)).getextrema()
    box = (x, y, x + mask.width, y + mask.height)
    if low == high:
        tile, cover = _text_tile(text, fill, low)
        image.im.paste(tile.im, box, cover.im)
        return
    region = image.crop(box)
    region.putpalette(_palette_bytes())
    rgb = region.convert("RGB")
    ImageDraw.Draw(rgb).bitmap((0, 0), mask, fill=fill)
    image.im.paste(palette_indices(rgb).im, box, _cover(mask).im)


@lru_cache(maxsize=8192)
def _text_tile(text: tuple, fill: Colour, background: int) -> tuple[Image.Image, Image.Image]:
    """`text_mask(*text)` in `fill` on the palette colour `background`, mapped to the palette,
    and the pixels it covers."""
    from render.palette import PALETTE

    mask = text_mask(*text)[0]
    rgb = Image.new("RGB", mask.size, PALETTE[background])
    ImageDraw.Draw(rgb).bitmap((0, 0), mask, fill=fill)
    return palette_indices(rgb), _cover(mask)


def _cover(mask: Image.Image) -> Image.Image:
    """The pixels a coverage mask touches at all, as a paste mask (0 or 255)."""
    return mask.point([0] + [255] * 255)


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    size: int,
    fill: Colour,
    min_size: int = 16,
    bold: bool = False,
    condensed: bool = False,
    anchor: str = "mm",
) -> None:
    """Draw `text` inside `box` (anchored at its centre, left or right edge), shrinking then
    ellipsizing so it never overflows."""
    width = box[2] - box[0]
    size = fit_size(text, width, size, min_size, bold, condensed)
    text = ellipsize(text, width, size, bold, condensed)
    y = (box[1] + box[3]) / 2
    x = {"l": box[0], "m": (box[0] + box[2]) / 2, "r": box[2]}[anchor[0]]
    draw_text(draw, (x, y), text, size, fill, bold, condensed, anchor=anchor[0] + "m")


def flow(
    widths: list[int], left: int, right: int, max_rows: int, gap: int = 8, reserve: int = 0
) -> list[tuple[int, int]]:
    """Place items of the given widths left to right, wrapping into rows: (x, row) of each item
    that fits. When some do not, the last row keeps `reserve` px free for a "+N more" label."""
    places: list[tuple[int, int]] = []
    x, row = left, 0
    for width in widths:
        if x + width > right and x > left:
            x, row = left, row + 1
        if row >= max_rows:
            break
        places.append((x, row))
        x += width + gap
    if len(places) < len(widths):
        while (
            places
            and places[-1][1] == max_rows - 1
            and places[-1][0] + widths[len(places) - 1] + gap + reserve > right
        ):
            places.pop()
    return places


def rounded_box(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: Colour | None = None,
    outline: Colour | None = None,
    width: int = 2,
    radius: int = 10,
    corners: tuple[bool, bool, bool, bool] | None = None,
) -> None:
    """Pillow's rounded rectangle, the very same pixels, with its corners stamped from cached
    masks: Pillow draws each corner as a pie slice and an arc, about half of the time of a
    box, and boards draw dozens of boxes with the same few radii. The straight parts are
    Pillow's own rectangles, in Pillow's order. Falls back to Pillow for what this does not
    reproduce (fractional coordinates, joined corners, a blending canvas or one neither RGB
    nor of palette indices)."""
    x0, y0, x1, y1 = box
    if (
        getattr(draw, "mode", None) not in ("RGB", "P")
        or getattr(getattr(draw, "_image", None), "mode", None) != draw.mode
        or not all(type(v) is int for v in (x0, y0, x1, y1, width, radius))
        or (fill is None and outline is None)
        or not 0 < 2 * radius < min(x1 - x0, y1 - y0) - 1  # a plain rectangle, or joined corners
        or 2 * width >= min(x1 - x0, y1 - y0)
    ):
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width, corners=corners)
        return
    corners = corners or (True, True, True, True)
    r, d = radius, 2 * radius
    ink, fill_ink = draw._getink(outline, fill)
    origins = ((x0, y0), (x1 - d, y0), (x1 - d, y1 - d), (x0, y1 - d))
    rect = draw.draw.draw_rectangle
    if fill_ink is not None:
        for i, origin in enumerate(origins):
            if corners[i]:
                draw.draw.draw_bitmap(origin, _corner(d, i, 0).im, fill_ink)
        if x1 - r - 1 >= x0 + r + 1:
            rect((x0 + r + 1, y0, x1 - r - 1, y1), fill_ink, 1)
        rect((x0, y0 + (r + 1 if corners[0] else 0), x0 + r, y1 - (r + 1 if corners[3] else 0)), fill_ink, 1)
        rect((x1 - r, y0 + (r + 1 if corners[1] else 0), x1, y1 - (r + 1 if corners[2] else 0)), fill_ink, 1)
    if ink is not None and ink != fill_ink and width != 0:
        for i, origin in enumerate(origins):
            if corners[i]:
                draw.draw.draw_bitmap(origin, _corner(d, i, width).im, ink)
        top = (x0 + (r + 1 if corners[0] else 0), x1 - (r + 1 if corners[1] else 0))
        rect((top[0], y0, top[1], y0 + width - 1), ink, 1)
        bottom = (x0 + (r + 1 if corners[3] else 0), x1 - (r + 1 if corners[2] else 0))
        rect((bottom[0], y1 - width + 1, bottom[1], y1), ink, 1)
        rect(
            (x0, y0 + (r + 1 if corners[0] else 0), x0 + width - 1, y1 - (r + 1 if corners[3] else 0)), ink, 1
        )
        rect(
            (x1 - width + 1, y0 + (r + 1 if corners[1] else 0), x1, y1 - (r + 1 if corners[2] else 0)), ink, 1
        )


@lru_cache(maxsize=512)
def _corner(d: int, corner: int, width: int) -> Image.Image:
    """Corner `corner` (clockwise from the top left) of a rounded rectangle whose corners span
    `d` px, as a 1-bit mask: Pillow's pie slice (`width` 0) or its arc of that width."""
    start = (180, 270, 0, 90)[corner]
    mask = Image.new("1", (d + 1, d + 1), 0)
    if width:
        ImageDraw.Draw(mask).arc((0, 0, d, d), start, start + 90, fill=1, width=width)
    else:
        ImageDraw.Draw(mask).pieslice((0, 0, d, d), start, start + 90, fill=1)
    return mask


def dashed_box(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, dash: int = 10, width: int = 2) -> None:
    """An empty outline: a place where something used to be."""
    x0, y0, x1, y1 = box
    for x in range(x0, x1, dash * 2):
        draw.line((x, y0, min(x + dash, x1), y0), fill=colour, width=width)
        draw.line((x, y1, min(x + dash, x1), y1), fill=colour, width=width)
    for y in range(y0, y1, dash * 2):
        draw.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=width)
        draw.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=width)


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    centre: tuple[float, float],
    size: float,
    fill: Colour,
    outline: Colour | None = Ink.WHITE,
) -> None:
    """A filled circle, triangle or square of `size` px, drawn as geometry so it needs no
    font glyph."""
    cx, cy = centre
    r = size / 2
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=2)
    elif shape == "triangle":
        draw.polygon(
            [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)],
            fill=fill,
            outline=outline,
            width=2,
        )
    else:
        q = r * 0.85
        draw.rectangle((cx - q, cy - q, cx + q, cy + q), fill=fill, outline=outline, width=2)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: Colour,
    ink: Colour,
    bold: bool = True,
    pad: int = 8,
) -> int:
    """A rounded label starting at `xy` (top-left); returns its right edge."""
    x, y = xy
    width = text_width(text, size, bold) + 2 * pad
    rounded_box(draw, (x, y, x + width, y + size + pad), fill=fill, radius=(size + pad) // 2, width=0)
    draw_text(draw, (x + pad, y + (size + pad) / 2), text, size, ink, bold, anchor="lm")
    return x + width


def pills_leftwards(
    draw: ImageDraw.ImageDraw,
    right: int,
    y: int,
    texts: list[str],
    size: int,
    fill: Colour,
    ink: Colour,
    gap: int = 8,
) -> int:
    """A row of pills ending at `right`, in reading order; returns the row's left edge."""
    x = right
    for text in reversed(texts):
        x -= text_width(text, size, True) + 16
        pill(draw, (x, y), text, size, fill, ink)
        x -= gap
    return x


def code_label(key: str, locale: str, code: str) -> str:
    """The translation of `key` (a card or rule name another package's catalog provides), or
    the humanised `code` while that catalog does not define it yet."""
    if has_key(key, locale) or has_key(key):
        return t(key, locale)
    return code.replace("_", " ").replace("-", " ").title()


def base_colours() -> list[Colour]:
    """Every named colour of `Ink`: kept exact in every PNG."""
    named = [v for k, v in vars(Ink).items() if not k.startswith("_") and isinstance(v, tuple)]
    return list(dict.fromkeys(named + list(Ink.THREAT.values())))


# --- PNG encoding: one fixed palette, mapped without dithering, rows deflated as they are -----
#
# Every PNG is 256-colour (a third of the RGB size, and quicker to compress), always with the
# same palette, render/palette.py: the named colours of `Ink` first, exact, then the games'
# other flat colours, exact, then anti-aliasing shades fitted once, offline
# (bench/make_palette.py), to the edges the four games really draw. Learning shades per image
# cost more CPU than the rest of the encoding and, drawn from a sample, fitted the edges worse.
# Pixels are mapped by Pillow's nearest-colour search without dithering (which maps every
# named and flat colour to itself: the generator checks it, so they never drift); each row gets PNG filter 0 (the mapped
# image cropped one column wider on the left, which Pillow fills with index 0) and the rows
# are deflated at level `LEVEL`, quick and small enough (figures in `_encode_strip`).

LEVEL, MEMORY = 2, 5  # deflate level and memLevel: see `_encode_strip`


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    from render.palette import PALETTE

    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in PALETTE for channel in colour])
    image.load()  # the palette pushed to the image now, before worker threads share it
    return image


@lru_cache(maxsize=1)
def _palette_bytes() -> bytes:
    return bytes(_palette().getpalette() or [])


class _Inks:
    """Stands for an indexed canvas's palette in `ImageDraw` (which asks it the index of each
    colour drawn): a colour's index in the fixed palette, the one mapping it gives (never a
    colour added to the canvas's palette, which the PNG would not carry)."""

    def __init__(self) -> None:
        self._found: dict[Colour, int] = {}

    def getcolor(self, colour: tuple, image: object = None) -> int:
        found = self._found.get(colour)
        if found is None:
            pixel = Image.new("RGB", (1, 1), colour[:3])
            found = self._found[colour] = palette_indices(pixel).getpixel((0, 0))
        return found


_INKS = _Inks()


def palette_indices(image: Image.Image) -> Image.Image:
    """`image` mapped to the fixed palette ("P" mode), as every PNG here encodes it."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def png_bytes(image: Image.Image) -> bytes:
    """Encode as a 256-colour PNG with the fixed palette (see above): a whole image is one strip."""
    return _png(image.width, image.height, [_encode_strip(palette_indices(image))])


# --- strips: images made of horizontal bands, each drawn and encoded once ----------------------
#
# A board after a move differs from the board before it in a band or two (the header, one army),
# so a renderer may describe its image as strips, each with a key naming everything its pixels
# depend on. `strips_png` draws and encodes only the strips whose key it has not met, and reuses
# the compressed bytes of the others: a PNG's pixel data is one zlib stream, and deflate blocks
# compressed separately (each strip with its own compressor, ended by a sync flush) concatenate
# into one valid stream, with the Adler-32 checksums combined arithmetically. The palette is
# fixed, so a strip's bytes depend on its pixels only, not on where it sits or what else the
# image holds.

_ADLER = 65521
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Strip:
    """A band of an image: `height` rows drawn by `draw(canvas_draw)` on a fresh canvas of paper
    colour, whose pixels depend only on `key` (None: drawn every time, never cached)."""

    __slots__ = ("key", "height", "draw", "background", "part", "indexed")

    def __init__(
        self,
        key: object,
        height: int,
        draw,
        background: Colour = Ink.PAPER,
        part: object = None,
        indexed: bool = False,
    ) -> None:
        self.key, self.height, self.draw, self.background = key, height, draw, background
        self.part = part  # strips of one part (not None) drawn by one call: see `strips_png`
        # `strips_png` draws it straight on palette indices (see `indices`)
        self.indexed = indexed

    def image(self, width: int) -> Image.Image:
        canvas = Image.new("RGB", (width, self.height), self.background)
        self.draw(ImageDraw.Draw(canvas))
        return canvas

    def indices(self, width: int) -> Image.Image:
        """The strip mapped to the fixed palette ("P" mode). An indexed strip is drawn on
        palette indices: flat shapes in their colour's index, text and tiles (`render.sprites`)
        drawn in RGB and mapped once then pasted, so mapping each pixel of each strip costs
        nothing. The indices are those of mapping the RGB drawing wherever text lies on a flat
        colour of the palette (on anything else, on the palette colours of what is under it);
        the drawing must use nothing but shapes without anti-aliasing, `draw_text` and
        `render.sprites.stamp`."""
        if not self.indexed:
            return palette_indices(self.image(width))
        return self._rows(width).crop((0, 0, width, self.height))

    def _rows(self, width: int) -> Image.Image:
        """An indexed strip drawn on a canvas one column wider, that column (on the right)
        index 0 afterwards: its bytes are the rows of the PNG, each with its filter byte 0,
        shifted by one byte (see `_encode_rows`)."""
        canvas = Image.new("P", (width + 1, self.height), _INKS.getcolor(self.background))
        draw = ImageDraw.Draw(canvas)
        draw.palette = _INKS
        self.draw(draw)
        canvas.paste(0, (width, 0, width + 1, self.height))
        return canvas


class _Encoded:
    __slots__ = ("chunk", "adler", "length", "size")

    def __init__(self, chunk: bytes, adler: int, length: int) -> None:
        self.chunk, self.adler, self.length = chunk, adler, length
        self.size = len(chunk) + 200


class ByteLRU:
    """Values by key, least recently used dropped past `budget` bytes (`sizeof` of each
    value); thread-safe (the bot renders in worker threads)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._items: dict[object, Any] = {}
        self._size = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    @staticmethod
    def sizeof(value: Any) -> int:
        return value.size

    def get(self, key: object) -> Any:
        with self._lock:
            found = self._items.pop(key, None)
            if found is None:
                self.misses += 1
                return None
            self._items[key] = found  # most recent last
            self.hits += 1
            return found

    def get_many(self, keys: list) -> list:
        """`get` of each key (None: not looked up, None found), under one lock."""
        found: list = []
        items = self._items
        with self._lock:
            for key in keys:
                value = None if key is None else items.pop(key, None)
                if value is not None:
                    items[key] = value  # most recent last
                    self.hits += 1
                elif key is not None:
                    self.misses += 1
                found.append(value)
        return found

    def put(self, key: object, value: Any) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= self.sizeof(old)
            self._items[key] = value
            self._size += self.sizeof(value)
            while self._size > self.budget and self._items:
                self._size -= self.sizeof(self._items.pop(next(iter(self._items))))

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


class StripCache(ByteLRU):
    """Encoded strips (`_Encoded`, sized by their bytes) by key; with them, in `cells`, the
    palette indices of the panes they were made of (render/layers.py `columns`): a new or
    cleared cache has met nothing."""

    def __init__(self, budget: int = 64 << 20, cells: int = 48 << 20) -> None:
        super().__init__(budget)
        self.cells = ByteLRU(cells)

    def clear(self) -> None:
        super().clear()
        self.cells.clear()


STRIPS = StripCache()


def _adler_combine(adler1: int, adler2: int, length2: int) -> int:
    """zlib's adler32_combine: the checksum of A+B from those of A and B and B's length."""
    rem = length2 % _ADLER
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER
    sum1 = (sum1 + (adler2 & 0xFFFF) + _ADLER - 1) % _ADLER
    sum2 = (sum2 + ((adler1 >> 16) & 0xFFFF) + ((adler2 >> 16) & 0xFFFF) + _ADLER - rem) % _ADLER
    return sum1 | (sum2 << 16)


def _encode_strip(indices: Image.Image, top: int = 0, height: int | None = None) -> _Encoded:
    """Rows top..top+height of an image mapped to the fixed palette, each prefixed with filter
    byte 0 (cropping one column to the left of the image adds a column of index 0), deflated
    with their own compressor. Level 2 with a small hash table (memLevel 5, which fits the
    CPU cache better): measured on the four games' images, deflate took 2.8 ns a byte and made
    4.66 MB, against 2.7 ns and 4.94 MB at level 1, 3.2 ns and 4.43 MB at level 3, and 3.6 ns
    and 4.45 MB at level 3 with zlib's default memLevel 8 (the former setting)."""
    height = indices.height - top if height is None else height
    return _encode_raw(indices.crop((-1, top, indices.width, top + height)).tobytes())


def _encode_rows(rows: memoryview, width: int, top: int, height: int) -> _Encoded:
    """Rows top..top+height of `Strip._rows`'s canvas (bytes: each row and then a 0, the next
    row's filter byte), as `_encode_strip` encodes them."""
    return _encode_raw(b"\0" + rows[top * (width + 1) : (top + height) * (width + 1) - 1])


def _encode_raw(raw: bytes) -> _Encoded:
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, MEMORY)
    chunk = compressor.compress(raw) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return _Encoded(chunk, zlib.adler32(raw), len(raw))


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=1)
def _plte() -> bytes:
    return _png_chunk(b"PLTE", _palette_bytes())


def _png(width: int, height: int, encoded: list[_Encoded]) -> bytes:
    """The PNG of encoded strips stacked: one zlib stream of their deflate blocks, ended by an
    empty final block and their combined Adler-32."""
    adler = 1
    for part in encoded:
        adler = _adler_combine(adler, part.adler, part.length)
    # the IDAT chunk's pieces joined once, with the PNG (no copy of the stream on the way)
    stream = [b"\x78\x01", *(part.chunk for part in encoded), b"\x03\x00", struct.pack(">I", adler)]
    crc = zlib.crc32(b"IDAT")
    for piece in stream:
        crc = zlib.crc32(piece, crc)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            _plte(),
            struct.pack(">I", sum(len(piece) for piece in stream)),
            b"IDAT",
            *stream,
            struct.pack(">I", crc),
            _iend(),
        )
    )


@lru_cache(maxsize=1)
def _iend() -> bytes:
    return _png_chunk(b"IEND", b"")


def strips_png(width: int, strips: list[Strip], cache: StripCache | None = STRIPS) -> bytes:
    """A 256-colour PNG of `strips` stacked top to bottom (see the comment above `Strip`)."""
    keys = [None if s.key is None or cache is None else (width, s.height, s.key) for s in strips]
    found = cache.get_many(keys) if cache is not None else [None] * len(strips)
    n = 0
    while n < len(strips):  # draw what is missing, a run of one part's strips on one canvas
        if found[n] is not None:
            n += 1
            continue
        end = n + 1
        part = strips[n].part
        while end < len(strips) and found[end] is None and part is not None and strips[end].part is part:
            end += 1
        first = strips[n]
        canvas = Strip(
            None, sum(s.height for s in strips[n:end]), first.draw, first.background, None, first.indexed
        )
        rows = memoryview(canvas._rows(width).tobytes()) if canvas.indexed else None
        indices, top = None if canvas.indexed else canvas.indices(width), 0
        for m in range(n, end):
            if rows is not None:
                found[m] = _encode_rows(rows, width, top, strips[m].height)
            else:
                found[m] = _encode_strip(indices, top, strips[m].height)
            if keys[m] is not None:
                cache.put(keys[m], found[m])
            top += strips[m].height
        n = end
    return _png(width, sum(s.height for s in strips), found)


def strips_image(width: int, strips: list[Strip]) -> Image.Image:
    """The RGB image of `strips` stacked (what `strips_png` encodes), drawn afresh."""
    image = Image.new("RGB", (width, sum(s.height for s in strips)), Ink.PAPER)
    top = 0
    for strip in strips:
        image.paste(strip.image(width), (0, top))
        top += strip.height
    return image


def band_strips(
    kind: str, common: object, bands: list, height: int, drawer, indexed: bool = True
) -> list[Strip]:
    """Strips from `bands`, each (name, top, keyed, draw) in order down the image: the strip runs
    from its top to the next one's; its key is (kind, name, common, `keyed` as sorted JSON, or as it is if a string), so
    `keyed` must hold everything its rows show beyond `common`; `drawer(draw, top)` makes the
    drawing function of a strip starting at `top`, `indexed` (see `Strip.indices`) unless
    told otherwise. Tops are rounded up to even: text positions
    are rounded half to even, so only an even shift draws a half-pixel position the same (the
    key keeps what was rounded: the rows' content then sits a pixel higher in the strip)."""
    tops = [top + top % 2 for _, top, _, _ in bands]
    return [
        Strip(
            (
                kind,
                name,
                common,
                wanted % 2,
                keyed if type(keyed) is str else json.dumps(keyed, sort_keys=True),
            ),
            bottom - top,
            drawer(draw, top),
            part=draw,
            indexed=indexed,
        )
        for (name, wanted, keyed, draw), top, bottom in zip(bands, tops, [*tops[1:], height], strict=True)
    ]
