"""The world map image: where the campaign stands between fights (seed 003 l.11-30).

The eight regions sit on a ring in the order their roads join them; each region's capital
faces outwards and its Bloodshed location inwards, towards the harbours of the inner sea.
Drawn: roads and sea lanes, every location with its id (what `go` and `sail` take) and a
shape per kind, capitals open or closed, the defeated Primus crossed out, this Act's route
of the hero (numbered), the current location and the destinations open now. The side panel holds
the Act, the week, the Scion's influence track with its Bane thresholds, and the hero.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.hoplomachus.content import content
from engine.hoplomachus.view import HopView
from render.common import Ink, draw_fitted, draw_text, text_width
from render.hoplomachus import kit
from render.hoplomachus.words import label, name, unit

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
    c = content()
    pos = positions()
    harbours = [k for k, d in c.locations.items() if d.kind == "harbour"]
    for i, a in enumerate(harbours):  # every harbour sails to every other (l.24-26)
        for b in harbours[i + 1 :]:
            draw.line((*pos[a], *pos[b]), fill=(150, 190, 214), width=2)
    for a, b in c.roads:
        draw.line((*pos[a], *pos[b]), fill=ROAD, width=3)
    route = [x for x in (getattr(view, "route", None) or [view.previous, view.location]) if x in pos]
    legs = list(zip(route, route[1:], strict=False))
    for i, (a, b) in enumerate(legs):  # this Act's route, the last leg boldest
        last = i == len(legs) - 1
        draw.line((*pos[a], *pos[b]), fill=Ink.TEXT, width=7 if last else 5)
        draw.line((*pos[a], *pos[b]), fill=Ink.GOLD, width=4 if last else 2)
    open_now = set(view.destinations)
    for loc, d in c.locations.items():
        p = pos[loc]
        if loc in open_now:
            draw.ellipse((p[0] - 22, p[1] - 22, p[0] + 22, p[1] + 22), outline=Ink.THREAT["green"], width=4)
        if loc == view.location:
            draw.ellipse(
                (p[0] - 26, p[1] - 26, p[0] + 26, p[1] + 26), fill=Ink.GOLD, outline=Ink.TEXT, width=3
            )
        node(draw, d.kind, p, 13 if d.kind != "capital" else 15)
        if d.kind == "capital":
            state = capital_state(view, loc)
            if state == "beaten":
                draw.line((p[0] - 16, p[1] - 16, p[0] + 16, p[1] + 16), fill=kit.VERMILION, width=5)
                draw.line((p[0] - 16, p[1] + 16, p[0] + 16, p[1] - 16), fill=kit.VERMILION, width=5)
            elif state == "open":
                draw_text(draw, (p[0], p[1] + 1), "♛", 16, Ink.GOLD, anchor="mm")
        below = 32 if loc == view.location else 24
        draw_text(draw, (p[0], p[1] + below), loc, 14, Ink.TEXT, bold=True, anchor="mm")
        if loc in open_now or loc == view.location:
            words = name("loc", loc, locale)
            draw_text(draw, (p[0], p[1] + below + 16), words, 12, Ink.TEXT, condensed=True, anchor="mm")
        elif d.kind == "capital":  # a capital carries its region's name
            words = name("region", d.region, locale)
            draw_text(
                draw, (p[0], p[1] + below + 16), words, 13, Ink.MUTED, bold=True, condensed=True, anchor="mm"
            )
    for n, loc in enumerate(route[:-1], start=1):  # where the hero has been this Act, in order
        x, y = pos[loc]
        kit.badge(draw, (x + 18, y - 18), str(n), Ink.GOLD, Ink.TEXT)


def influence_track(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, view: HopView, locale: str) -> int:
    c = content()
    top = view.influence_lose_at
    draw_fitted(
        draw,
        (x, y, x + w, y + 22),
        label("influence", locale, n=view.influence, top=top),
        16,
        Ink.TEXT,
        11,
        True,
        anchor="lm",
    )
    y += 26
    draw.rectangle((x, y, x + w, y + 16), fill=Ink.WHITE, outline=Ink.TEXT)
    filled = x + round(w * min(view.influence, top) / max(top, 1))
    if filled > x:
        draw.rectangle((x + 1, y + 1, filled, y + 15), fill=Ink.PURPLE)
    for at in c.influence.get("banes_at", []):
        bx = x + round(w * at / max(top, 1))
        draw.line((bx, y - 4, bx, y + 20), fill=kit.VERMILION, width=3)
    return y + 28


def panel(draw: ImageDraw.ImageDraw, view: HopView, locale: str) -> None:
    x, w = PANEL_X, WIDTH - PANEL_X - 16
    y = kit.HEADER_H + 14
    y = influence_track(draw, x, y, w, view, locale)
    rows = [
        label("hero_hp", locale, hp=view.hero_hp, health=view.sheet["health"]),
        label("blessings", locale, n=view.blessings),
        label("troop", locale, n=len(view.camp), tactics=len(view.tactics)),
        label("bag", locale, bag=view.bag, banes=view.bane_pile),
    ]
    y = kit.lines(draw, x, y, w, rows, 15, step=22) + 8
    rows = []
    for p in sorted(set(view.primus) | set(view.primus_defeated)):
        mark = "✗" if p in view.primus_defeated else "♛"
        region = name("region", content().heroes[p].region, locale)
        rows.append(f"{mark} {unit(p, locale)} ({region})")
    top = kit.panel(draw, (x, y, x + w, y + 40 + 22 * len(rows)), label("primus", locale))
    kit.lines(draw, x + 10, top, w - 20, rows, 15, step=22)
    y += 48 + 22 * len(rows)
    here = content().locations[view.location]
    rows = [f"{view.location} · {name('loc', view.location, locale)}", label(f"kind.{here.kind}", locale)]
    if view.event:
        rows.append(label("event", locale, card=name("event", view.event, locale)))
    top = kit.panel(draw, (x, y, x + w, y + 40 + 22 * len(rows)), label("here", locale))
    kit.lines(draw, x + 10, top, w - 20, rows, 15, step=22)
    y += 48 + 22 * len(rows)
    rows = [f"{d} · {name('loc', d, locale)}" for d in view.destinations][:8]
    if rows:
        top = kit.panel(draw, (x, y, x + w, y + 40 + 22 * len(rows)), label("go", locale))
        kit.lines(draw, x + 10, top, w - 20, rows, 15, step=22)


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


def map_image(view: HopView, locale: str) -> Image.Image:
    image, draw = kit.canvas(WIDTH, HEIGHT)
    title = label(
        "map.title",
        locale,
        hero=unit(view.hero, locale),
        difficulty=name("difficulty", view.difficulty, locale),
    )
    sub = label(
        "map.sub",
        locale,
        act=view.act,
        week=view.week,
        left=view.weeks_left,
        weeks=view.week + view.weeks_left,
    )
    if view.outcome:
        sub = label(f"outcome.{view.outcome}", locale) + " · " + sub
    kit.header(draw, WIDTH, title, sub)
    draw_map(draw, view, locale)
    panel(draw, view, locale)
    legend(draw, HEIGHT - 34, locale)
    return image
