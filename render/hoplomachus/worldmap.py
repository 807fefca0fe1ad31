"""The world map image: where the campaign stands between fights (seed 003 l.11-30).

The eight regions sit on a ring in the order their roads join them; each region's capital
faces outwards and its Bloodshed location inwards, towards the harbours of the inner sea.
Drawn: roads and sea lanes, every location with its id (what `go` and `sail` take) and a
shape per kind, capitals open or closed, the defeated Primus crossed out, this Act's route
of the hero (numbered), the current location and the destinations open now. The side panel holds
the Act, the week, the Scion's influence track with its Bane thresholds, and the hero.
The image is a list of items (render/layers.py): a move redraws and encodes only the bands of
rows whose items changed.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.hoplomachus.content import content
from engine.hoplomachus.view import HopView
from render.common import Ink, draw_fitted, draw_text, text_width
from render.hoplomachus import kit
from render.hoplomachus.words import label, name, unit, week_line
from render.layers import Item, even_cuts, layers_image, layers_png

WIDTH = 1100
HEIGHT = 900
CX, CY = 400, kit.HEADER_H + 400
RING = 300
PANEL_X = 790
ROAD = (150, 138, 110)
SEA = (0, 114, 178)
KIND_SHAPE = {
    "sport": "circle",
    "bloodshed": "diamond",
    "opportunity": "triangle",
    "capital": "square",
    "harbour": "anchor",
}
KIND_FILL = {
    "sport": (0, 158, 115), "bloodshed": (213, 94, 0), "opportunity": (240, 190, 20),
    "capital": (34, 40, 52), "harbour": (86, 180, 233),
}  # fmt: skip


def ring_order() -> list[str]:
    """Regions in the order the roads chain them (opportunity -> next region's sport)."""
    c = content()
    regions = [r for r in c.regions if any(loc.region == r for loc in c.locations.values())]
    if not regions:
        return []
    order = [regions[0]]
    while len(order) < len(regions):
        here = order[-1]
        nxt = None
        for loc, d in c.locations.items():
            if d.region != here or d.kind != "opportunity":
                continue
            for other in c.adjacent(loc):
                r = c.locations[other].region
                if r not in order and c.locations[other].kind != "harbour":
                    nxt = r
        if nxt is None:
            nxt = next(r for r in regions if r not in order)
        order.append(nxt)
    return order


@lru_cache(maxsize=1)
def positions() -> dict[str, tuple[float, float]]:
    c = content()
    order = ring_order()
    out: dict[str, tuple[float, float]] = {}
    offsets = {"capital": (80, 0), "bloodshed": (-50, 0), "sport": (20, -62), "opportunity": (20, 62)}
    for i, region in enumerate(order):
        angle = -math.pi / 2 + 2 * math.pi * i / len(order)
        ux, uy = math.cos(angle), math.sin(angle)
        vx, vy = -uy, ux
        rx, ry = CX + RING * ux * 0.86, CY + RING * uy * 0.86
        for loc, d in c.locations.items():
            if d.region == region and d.kind in offsets and loc not in out:
                a, b = offsets[d.kind]
                out[loc] = (rx + a * ux + b * vx, ry + a * uy + b * vy)
    for loc in c.locations:  # harbours and anything a pack adds: between its neighbours, pulled inwards
        if loc in out:
            continue
        near = [out[n] for n in c.adjacent(loc) if n in out]
        if near:
            x, y = sum(p[0] for p in near) / len(near), sum(p[1] for p in near) / len(near)
            out[loc] = (CX + (x - CX) * 0.62, CY + (y - CY) * 0.62)
        else:
            out[loc] = (CX, CY)
    return out


def node(draw: ImageDraw.ImageDraw, kind: str, p: tuple[float, float], r: float) -> None:
    x, y = p
    fill = KIND_FILL.get(kind, Ink.UNKNOWN)
    shape = KIND_SHAPE.get(kind, "circle")
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=Ink.WHITE, width=2)
    elif shape == "diamond":
        draw.polygon(
            [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=fill, outline=Ink.WHITE
        )
    elif shape == "triangle":
        draw.polygon([(x, y - r - 3), (x + r + 2, y + r), (x - r - 2, y + r)], fill=fill, outline=Ink.WHITE)
    elif shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=Ink.GOLD, width=3)
    else:  # a harbour: a ring with an anchor's bar
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=Ink.TEXT, width=2)
        draw.line((x, y - r + 4, x, y + r - 4), fill=Ink.TEXT, width=3)
        draw.line((x - r + 5, y + 2, x + r - 5, y + 2), fill=Ink.TEXT, width=3)


def capital_state(view: HopView, loc: str) -> str:
    """open (a Primus or the Scion waits), beaten (its Primus defeated) or closed."""
    c = content()
    region = c.locations[loc].region
    if view.act >= 4:
        return "open" if any(s.region == region for s in c.scion.values()) else "closed"
    if any(c.heroes[p].region == region for p in view.primus_defeated):
        return "beaten"
    if any(c.heroes[p].region == region for p in view.primus):
        return "open"
    return "closed"


def draw_map(draw: ImageDraw.ImageDraw, view: HopView, locale: str) -> None:
    for item in map_items(view, locale):
        item.paint(draw)


def map_items(view: HopView, locale: str) -> list[Item]:
    """The map's roads and sea lanes, this Act's route leg by leg, every location and the
    route's numbers, in the order they are drawn, each with its rows and a key naming what it
    draws (render.layers)."""
    c = content()
    pos = positions()
    items = [Item(*_roads())]
    route = [x for x in (getattr(view, "route", None) or [view.previous, view.location]) if x in pos]
    legs = list(zip(route, route[1:], strict=False))
    for i, (a, b) in enumerate(legs):  # this Act's route, the last leg boldest
        last = i == len(legs) - 1
        ys = (pos[a][1], pos[b][1])
        items.append(
            Item(
                min(ys) - 5,
                max(ys) + 5,
                ("leg", a, b, last),
                lambda d, a=a, b=b, last=last: _leg(d, a, b, last),
            )
        )
    open_now = set(view.destinations)
    for loc, d in c.locations.items():
        y = pos[loc][1]
        here, shown = loc == view.location, loc in open_now
        state = capital_state(view, loc) if d.kind == "capital" else None
        key = ("loc", loc, shown, here, state, locale if shown or here or state else None)
        items.append(
            Item(
                y - 28,
                y + 60,
                key,
                lambda draw, loc=loc, d=d, here=here, shown=shown, state=state: _location(
                    draw, loc, d, here, shown, state, locale
                ),
            )
        )
    for n, loc in enumerate(route[:-1], start=1):  # where the hero has been this Act, in order
        x, y = pos[loc]
        items.append(
            Item(
                y - 30,
                y - 6,
                ("route", n, loc),
                lambda d, x=x, y=y, n=n: kit.badge(d, (x + 18, y - 18), str(n), Ink.GOLD, Ink.TEXT),
            )
        )
    return items


@lru_cache(maxsize=1)
def _roads() -> tuple:
    """(top, bottom, key, paint) of every sea lane (every harbour sails to every other,
    l.24-26) and road: the same on every map."""
    c = content()
    pos = positions()
    harbours = [k for k, d in c.locations.items() if d.kind == "harbour"]
    lanes = [(pos[a], pos[b]) for i, a in enumerate(harbours) for b in harbours[i + 1 :]]
    roads = [(pos[a], pos[b]) for a, b in c.roads]

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for a, b in lanes:
            draw.line((*a, *b), fill=(150, 190, 214), width=2)
        for a, b in roads:
            draw.line((*a, *b), fill=ROAD, width=3)

    ys = [p[1] for line in lanes + roads for p in line] or [CY]
    return min(ys) - 4, max(ys) + 4, ("roads",), paint


def _leg(draw: ImageDraw.ImageDraw, a: str, b: str, last: bool) -> None:
    pos = positions()
    draw.line((*pos[a], *pos[b]), fill=Ink.TEXT, width=7 if last else 5)
    draw.line((*pos[a], *pos[b]), fill=Ink.GOLD, width=4 if last else 2)


def _location(
    draw: ImageDraw.ImageDraw, loc: str, d, here: bool, shown: bool, state: str | None, locale: str
) -> None:
    """A location: open now (a green ring), the hero's (gold), its shape, a capital's state,
    its id and its name (open or here) or its region's (a capital)."""
    p = positions()[loc]
    if shown:
        draw.ellipse((p[0] - 22, p[1] - 22, p[0] + 22, p[1] + 22), outline=Ink.THREAT["green"], width=4)
    if here:
        draw.ellipse((p[0] - 26, p[1] - 26, p[0] + 26, p[1] + 26), fill=Ink.GOLD, outline=Ink.TEXT, width=3)
    node(draw, d.kind, p, 13 if d.kind != "capital" else 15)
    if state == "beaten":
        draw.line((p[0] - 16, p[1] - 16, p[0] + 16, p[1] + 16), fill=kit.VERMILION, width=5)
        draw.line((p[0] - 16, p[1] + 16, p[0] + 16, p[1] - 16), fill=kit.VERMILION, width=5)
    elif state == "open":
        draw_text(draw, (p[0], p[1] + 1), "♛", 16, Ink.GOLD, anchor="mm")
    below = 32 if here else 24
    draw_text(draw, (p[0], p[1] + below), loc, 14, Ink.TEXT, bold=True, anchor="mm")
    if shown or here:
        words = name("loc", loc, locale)
        draw_text(draw, (p[0], p[1] + below + 16), words, 12, Ink.TEXT, condensed=True, anchor="mm")
    elif d.kind == "capital":  # a capital carries its region's name
        words = name("region", d.region, locale)
        draw_text(
            draw, (p[0], p[1] + below + 16), words, 13, Ink.MUTED, bold=True, condensed=True, anchor="mm"
        )


def influence_track(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, view: HopView, locale: str) -> int:
    return _track(draw, x, y, w, view.influence, view.influence_lose_at, locale)


def _track(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, influence: int, top: int, locale: str) -> int:
    """The Scion's influence with its Bane thresholds (`influence_track`)."""
    c = content()
    draw_fitted(
        draw,
        (x, y, x + w, y + 22),
        label("influence", locale, n=influence, top=top),
        16,
        Ink.TEXT,
        11,
        True,
        anchor="lm",
    )
    y += 26
    draw.rectangle((x, y, x + w, y + 16), fill=Ink.WHITE, outline=Ink.TEXT)
    filled = x + round(w * min(influence, top) / max(top, 1))
    if filled > x:
        draw.rectangle((x + 1, y + 1, filled, y + 15), fill=Ink.PURPLE)
    for at in c.influence.get("banes_at", []):
        bx = x + round(w * at / max(top, 1))
        draw.line((bx, y - 4, bx, y + 20), fill=kit.VERMILION, width=3)
    return y + 28


def panel(draw: ImageDraw.ImageDraw, view: HopView, locale: str) -> None:
    for item in panel_items(view, locale):
        item.paint(draw)


def panel_items(view: HopView, locale: str) -> list[Item]:
    """The side panel as items (render.layers): the influence track, each line and each titled
    panel keyed by what it shows and where."""
    x, w = PANEL_X, WIDTH - PANEL_X - 16
    y = kit.HEADER_H + 14
    influence, lose_at = view.influence, view.influence_lose_at
    items = [
        Item(
            y - 2,
            y + 56,
            ("influence", influence, lose_at, locale),
            lambda d: _track(d, x, kit.HEADER_H + 14, w, influence, lose_at, locale),
        )
    ]
    y += 54
    rows = [
        label("hero_hp", locale, hp=view.hero_hp, health=view.sheet["health"]),
        label("blessings", locale, n=view.blessings),
        label("troop", locale, n=len(view.camp), tactics=len(view.tactics)),
        label("bag", locale, bag=view.bag, banes=view.bane_pile),
    ]
    y = kit.line_items(items, x, y, w, rows, 15, step=22) + 8
    rows = []
    for p in sorted(set(view.primus) | set(view.primus_defeated)):
        mark = "✗" if p in view.primus_defeated else "♛"
        region = name("region", content().heroes[p].region, locale)
        rows.append(f"{mark} {unit(p, locale)} ({region})")
    top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(rows)), label("primus", locale))
    kit.line_items(items, x + 10, top, w - 20, rows, 15, step=22)
    y += 48 + 22 * len(rows)
    here = content().locations[view.location]
    rows = [f"{view.location} · {name('loc', view.location, locale)}", label(f"kind.{here.kind}", locale)]
    if view.event:
        rows.append(label("event", locale, card=name("event", view.event, locale)))
    top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(rows)), label("here", locale))
    kit.line_items(items, x + 10, top, w - 20, rows, 15, step=22)
    y += 48 + 22 * len(rows)
    rows = [f"{d} · {name('loc', d, locale)}" for d in view.destinations][:8]
    if rows:
        top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(rows)), label("go", locale))
        kit.line_items(items, x + 10, top, w - 20, rows, 15, step=22)
    return items


def legend(draw: ImageDraw.ImageDraw, y: int, locale: str) -> None:
    x = 24
    for kind in ("sport", "bloodshed", "opportunity", "capital", "harbour"):
        node(draw, kind, (x + 10, y + 10), 9)
        x += 26
        words = label(f"kind.{kind}", locale)
        draw_text(draw, (x, y + 10), words, 14, Ink.TEXT, anchor="lm")
        x += text_width(words, 14) + 20
    draw.ellipse((x, y, x + 20, y + 20), outline=Ink.THREAT["green"], width=4)
    x += 26
    words = label("open", locale)
    draw_text(draw, (x, y + 10), words, 14, Ink.TEXT, anchor="lm")
    x += text_width(words, 14) + 20
    draw.ellipse((x, y, x + 20, y + 20), fill=Ink.GOLD, outline=Ink.TEXT, width=2)
    x += 26
    draw_text(draw, (x, y + 10), label("you", locale), 14, Ink.TEXT, anchor="lm")


def map_parts(view: HopView, locale: str) -> list[Item]:
    """Everything the world map draws, in order (render.layers): the header, the map, the
    side panel and the legend."""
    title = label(
        "map.title",
        locale,
        hero=unit(view.hero, locale),
        difficulty=name("difficulty", view.difficulty, locale),
    )
    sub = week_line(view, locale)
    if view.outcome:
        sub = label(f"outcome.{view.outcome}", locale) + " · " + sub
    return [
        Item(0, kit.HEADER_H + 1, ("header", title, sub), lambda d: kit.header(d, WIDTH, title, sub)),
        *map_items(view, locale),
        *panel_items(view, locale),
        Item(HEIGHT - 36, HEIGHT, ("legend", locale), lambda d: legend(d, HEIGHT - 34, locale)),
    ]


CUTS = [kit.HEADER_H + 1, *even_cuts(kit.HEADER_H + 33, HEIGHT, 32)]


def map_image(view: HopView, locale: str) -> Image.Image:
    """The world map drawn afresh on one canvas (what `map_png` encodes)."""
    return layers_image(WIDTH, HEIGHT, map_parts(view, locale))


def map_png(view: HopView, locale: str) -> bytes:
    """The world map's PNG, its bands drawn and encoded only when what crosses them is new."""
    return layers_png("hop-map", WIDTH, HEIGHT, map_parts(view, locale), CUTS)
