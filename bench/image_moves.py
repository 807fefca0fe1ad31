"""Images as the bot's image workers meet them: several games interleaved move by move, each
image drawn and encoded with the caches warm, against the PNG encode of the same canvas.

Used by bench/render_battlelore.py, render_hoplomachus.py and render_mythic.py: for each move of
each game, the image is made as the bot makes it (`make(view, locale)`, PNG bytes), and the
same picture drawn afresh (`canvas(view, locale)`, an RGB image) is encoded by
`render.common.png_bytes` (the fixed palette's mapping and the deflate: what any image costs to
encode). Target (issue 28): drawing + encoding <= 1.5x that encode. CPU times of this thread.
"""

from __future__ import annotations

import statistics
import time

from render.common import png_bytes

TARGET = 1.5


def interleaved(games: list[list]) -> list[tuple[int, object]]:
    """(game number, item) of every game, one move of each in turn."""
    out = []
    for i in range(max(len(g) for g in games)):
        out.extend((n, g[i]) for n, g in enumerate(games) if i < len(g))
    return out


def per_move(label: str, work: list[tuple[object, str]], make, canvas) -> tuple[float, float]:
    """Mean CPU ms per image of `make` (caches warm) and of encoding `canvas`'s image; prints
    them with their ratio. `work`: (view, locale) in the order a worker meets them."""
    made, encoded = [], []
    for view, locale in work:
        started = time.thread_time()
        make(view, locale)
        made.append((time.thread_time() - started) * 1000)
    for view, locale in work:
        image = canvas(view, locale)
        started = time.thread_time()
        png_bytes(image)
        encoded.append((time.thread_time() - started) * 1000)
    mean_made, mean_encoded = statistics.fmean(made), statistics.fmean(encoded)
    ratio = mean_made / mean_encoded
    verdict = "met" if ratio <= TARGET else "MISSED"
    print(
        f"{label:<12} per move n={len(made):<4} drawing + encoding {mean_made:6.2f} ms"
        f" (median {statistics.median(made):5.2f})   PNG encode of the same canvas {mean_encoded:6.2f} ms"
        f"   ratio {ratio:4.2f} (target <= {TARGET}: {verdict})"
    )
    return mean_made, mean_encoded
