"""Cutting an Athena image into thin bands keyed exactly by what each shows.

A part of the image (an army with its panel, the centre, the header) is described as items,
each with the rows its pixels may reach and a JSON-able value naming everything it shows, and
cut at given rows. A band's key is the part's layout (`geometry`), the band's offset in the
part and the values of the items reaching into it: after a move only the bands where an item
changed miss the cache, and a band holding two card rows or two panel lines is cut in two, so
one changed card or count redraws and re-encodes a few dozen rows, not the whole part.

Cuts are even: `render.common.band_strips` moves an odd top down a row, and the overlap must be
computed on the rows the band really covers."""

from __future__ import annotations

from collections.abc import Callable

MIN_BAND = 8  # a cut closer than this to the one above is dropped: a band of a few rows saves
# little and costs a strip of its own
Item = tuple[int, int, str, object]  # rows [top, bottom) the item may draw on, name, value


def even(y: int) -> int:
    return y + y % 2


def sliced(
    prefix: str,
    origin: int,
    cuts: list[int],
    end: int,
    items: list[Item],
    geometry: object,
    draw: Callable[[int], None],
    local: bool = False,
) -> list[tuple[str, int, dict, Callable[[int], None]]]:
    """Bands (name, top, keyed, draw) for `band_strips`, from the first cut to `end` (the next
    part's first top, even), cut at `cuts` (rounded up to even), each keyed by `geometry`, its
    offset from `origin` (in its name) and the items overlapping it.

    `local`: the part draws nothing but its items, each placed by its rows alone (and by
    `geometry`, which then holds no vertical layout): a band is keyed by the items reaching
    into it with their rows relative to its top, not by its offset in the part, so a band whose
    rows only moved (a row above grew) is found again."""
    tops: list[int] = []
    for cut in sorted({even(c) for c in cuts if even(c) < end}):
        if not tops or cut - tops[-1] >= MIN_BAND:
            tops.append(cut)
    # each value written once, not once per band it reaches (a band's key is one string); repr:
    # values are tuples, lists and dicts (in the view's field order) of plain values
    texts = [(y0, y1, f"{name}={value!r}") for y0, y1, name, value in items]
    shape = repr(geometry)
    bands = []
    for top, bottom in zip(tops, [*tops[1:], end], strict=True):
        if local:
            shown = [f"{y0 - top},{y1 - top}:{text}" for y0, y1, text in texts if y0 < bottom and y1 > top]
            bands.append((prefix, top, "|".join([shape, *shown]), draw))
            continue
        shown = [text for y0, y1, text in texts if y0 < bottom and y1 > top]
        keyed = "|".join([shape, *shown])
        bands.append((f"{prefix}@{top - origin}", top, keyed, draw))
    return bands
