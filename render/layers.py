"""An image as a list of painted items, each with the rows it may touch and a key naming what
it draws; the PNG is cut into bands of rows, and a band is drawn and encoded only when the keys
of the items crossing it are new (its encoded bytes are reused from `render.common.STRIPS`
otherwise).

This is the strip cache of `render.common` for renderers that draw at the image's own
coordinates (no band offsets): a missing band is drawn by painting, in their order, only the
items that cross a missing band, on a canvas kept per thread, then those rows are mapped to the
palette and encoded. Pixels are those of painting every item on one canvas, provided that
each item's `top`..`bottom` holds every row it paints and its `key` everything its pixels
depend on (its position included): an item that does not reach a band cannot change it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render import common
from render.common import (
    ByteLRU,
    Colour,
    Ink,
    StripCache,
    _encode_raw,
    _encode_strip,
    _Encoded,
    _png,
    palette_indices,
)

Paint = Callable[[ImageDraw.ImageDraw], None]


class Item:
    """Something painted at the image's coordinates, within rows top..bottom (bottom excluded,
    a conservative bound), whose pixels depend only on `key`.

    With `at` (a whole row), the key names what the item draws relative to that row, never
    where: the same item painted `n` rows lower is the same pixels `n` rows lower (Pillow
    draws alike at whole-pixel offsets). A band crossed only by such items is then met again
    wherever they move together (a list whose rows shift when one above it is added), as long
    as the cuts move with them.

    `left`..`right` (a conservative bound too; the whole width by default) are the columns it
    may touch, for images cut into panes (`layers_png`'s `columns`)."""

    __slots__ = ("top", "bottom", "key", "paint", "at", "left", "right")

    def __init__(
        self,
        top: float,
        bottom: float,
        key: object,
        paint: Paint,
        at: int | None = None,
        left: float | None = None,
        right: float | None = None,
    ) -> None:
        self.top, self.bottom, self.key, self.paint = int(top) - 1, int(bottom) + 2, key, paint
        self.at = at
        self.left = -_FAR if left is None else int(left) - 1
        self.right = _FAR if right is None else int(right) + 2


_FAR = 1 << 30


def within(items: list[Item], left: float, right: float) -> list[Item]:
    """`items`, each bounded to the columns `left`..`right` (as `Item`'s own `left`, `right`)."""
    for item in items:
        item.left, item.right = int(left) - 1, int(right) + 2
    return items


_CANVASES = threading.local()


def _canvas(width: int, height: int) -> Image.Image:
    """This thread's RGB canvas at least `width` x `height`: rows are cleared before they are
    drawn, so it is never allocated again for images of the same size."""
    found = getattr(_CANVASES, "image", None)
    if found is None or found.width != width or found.height < height:
        found = _CANVASES.image = Image.new("RGB", (width, height))
    return found


def bands(height: int, cuts: Sequence[int]) -> list[tuple[int, int]]:
    """Rows 0..height cut at `cuts` (ascending, inside the image)."""
    edges = [0, *(c for c in cuts if 0 < c < height), height]
    return list(zip(edges, edges[1:], strict=False))


def even_cuts(top: int, bottom: int, step: int) -> list[int]:
    """Cuts every `step` rows from `top` to `bottom` (both cuts too)."""
    return [*range(top, bottom, step), bottom]


def layers_png(
    kind: str,
    width: int,
    height: int,
    items: list[Item],
    cuts: Sequence[int],
    background: Colour = Ink.PAPER,
    cache: StripCache | None | bool = True,
    columns: Sequence[int] = (),
) -> bytes:
    """The 256-colour PNG of `items` painted in order on `background`, its bands (cut at
    `cuts`) drawn and encoded only when not met before under the same keys (in `cache`;
    True: `render.common.STRIPS`, None: none). With `columns`, a band to encode is cut there
    into panes, and a pane whose items (`Item.left`..`right`) were met before is not drawn
    again: its palette indices come from `cache.cells` (a board beside its players' panels: a unit
    that moves leaves the panels' pixels as they were)."""
    if cache is True:
        cache = common.STRIPS
    spans = bands(height, cuts)
    keys = [_band_key(kind, width, top, bottom, background, items) for top, bottom in spans]
    found = cache.get_many(keys) if cache is not None else [None] * len(spans)
    missing = [n for n, f in enumerate(found) if f is None]
    if missing and columns and cache is not None:
        encoded = _by_panes(kind, width, height, items, spans, missing, background, columns, cache.cells)
        for n in missing:
            found[n] = encoded[n]
            cache.put(keys[n], found[n])
    elif missing:
        canvas = _canvas(width, height)
        draw = ImageDraw.Draw(canvas)
        for n in missing:
            draw.rectangle((0, spans[n][0], width - 1, spans[n][1] - 1), fill=background)
        wanted = [spans[n] for n in missing]
        for item in items:
            if any(item.top < bottom and item.bottom > top for top, bottom in wanted):
                item.paint(draw)
        for run in _runs(missing):
            top, bottom = spans[run[0]][0], spans[run[-1]][1]
            indices = palette_indices(canvas.crop((0, top, width, bottom)))
            for n in run:
                found[n] = _encode_strip(indices, spans[n][0] - top, spans[n][1] - spans[n][0])
                if cache is not None:
                    cache.put(keys[n], found[n])
    return _png(width, height, found)


def _panes(width: int, columns: Sequence[int]) -> list[tuple[int, int]]:
    edges = [0, *(c for c in columns if 0 < c < width), width]
    return list(zip(edges, edges[1:], strict=False))


def _by_panes(
    kind: str,
    width: int,
    height: int,
    items: list[Item],
    spans: list[tuple[int, int]],
    missing: list[int],
    background: Colour,
    columns: Sequence[int],
    cells_met: ByteLRU,
) -> dict[int, _Encoded]:
    """Each missing band encoded from its panes' palette indices: a pane whose items were met
    before comes from `cells_met`, the others are drawn (only the items crossing them) and kept
    there."""
    panes = _panes(width, columns)
    inside = [[i for i in items if i.left < right and i.right > left] for left, right in panes]
    cells = [(n, p) for n in missing for p in range(len(panes))]
    keys = [(panes[p], _band_key(kind, width, *spans[n], background, inside[p])) for n, p in cells]
    got = dict(zip(cells, cells_met.get_many(keys), strict=True))
    todo = [(cell, key) for cell, key in zip(cells, keys, strict=True) if got[cell] is None]
    if todo:
        canvas = _canvas(width, height)
        draw = ImageDraw.Draw(canvas)
        wanted: set[int] = set()  # the items crossing a pane drawn anew
        for (n, p), _ in todo:
            (left, right), (top, bottom) = panes[p], spans[n]
            draw.rectangle((left, top, right - 1, bottom - 1), fill=background)
            wanted.update(id(i) for i in inside[p] if i.top < bottom and i.bottom > top)
        for item in items:
            if id(item) in wanted:
                item.paint(draw)
        for p, (left, right) in enumerate(panes):
            drawn = {n: key for (n, q), key in todo if q == p}
            for run in _runs(sorted(drawn)):
                top, bottom = spans[run[0]][0], spans[run[-1]][1]
                indices = palette_indices(canvas.crop((left, top, right, bottom))).im
                for n in run:
                    cell = _Cell(indices.crop((0, spans[n][0] - top, right - left, spans[n][1] - top)))
                    got[(n, p)] = cell
                    cells_met.put(drawn[n], cell)
    encoded = {}
    for n in missing:
        top, bottom = spans[n]
        band = Image.new("P", (width + 1, bottom - top))  # column 0: each row's filter byte, 0
        for p, (left, right) in enumerate(panes):  # Pillow's core paste: no checks, quicker
            band.im.paste(got[(n, p)].pixels, (left + 1, 0, right + 1, bottom - top))
        encoded[n] = _encode_raw(band.tobytes())
    return encoded


class _Cell:
    """A pane of a band: its palette indices (Pillow's core image, "P" mode)."""

    __slots__ = ("pixels", "size")

    def __init__(self, pixels) -> None:
        self.pixels = pixels
        width, height = pixels.size
        self.size = width * height + 200


def _band_key(kind: str, width: int, top: int, bottom: int, background: Colour, items: list[Item]) -> tuple:
    """What a band's pixels depend on: the keys of the items crossing it, in order; its rows,
    unless every such item (one at least) is placed relative to the band (`Item.at`): then only
    its height."""
    crossing = [i for i in items if i.top < bottom and i.bottom > top]
    if crossing and all(i.at is not None for i in crossing):
        return (kind, width, None, bottom - top, background, tuple((i.key, i.at - top) for i in crossing))
    return (
        kind,
        width,
        top,
        bottom,
        background,
        tuple(i.key if i.at is None else (i.key, i.at) for i in crossing),
    )


def layers_image(width: int, height: int, items: list[Item], background: Colour = Ink.PAPER) -> Image.Image:
    """The RGB image of `items` painted in order, drawn afresh (what `layers_png` encodes)."""
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    for item in items:
        item.paint(draw)
    return image


def _runs(numbers: list[int]) -> list[list[int]]:
    """Consecutive numbers grouped: [1, 2, 5] -> [[1, 2], [5]]."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs
