"""The arena image: what the channel sees after each move of a fight.

Left, the 7 x 7 hex arena (seed 003 l.96-105: deployment hexes, key hexes, obstacles,
hazards) with every unit: its side (shape and colour), health, dice, dazed state, the
Tribune, the flag or its carrier, and the hexes a pending question is about. Right, the
fight in words: the kind, turn and step, the rivals' priorities in order (l.339-353), the
rival camp still to come (top first), your camp, the fallen and every unit with its hex.
Only public fields of the view are drawn. The image is a list of items (render/layers.py):
a move redraws and encodes only the bands of rows whose items changed.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.hoplomachus.content import content
from engine.hoplomachus.view import FightView, HopView, UnitView
from render.common import Ink, dashed_box, draw_fitted, draw_text, text_width, wrap
from render.hoplomachus import kit
from render.hoplomachus.arrows import arrow_parts
from render.hoplomachus.words import label, name, skill, step_name, unit
from render.layers import Item, bands, even_cuts, layers_image, layers_png

WIDTH = 1100
R = 44  # hex radius (centre to corner)
HW = R * math.sqrt(3)  # hex width
BOARD_X = 24
BOARD_Y = kit.HEADER_H + 64
PANEL_X = 660
SIZE = 7
HEX_FILL = {
    ".": (226, 214, 178),
    "P": (196, 220, 238),
    "K": (246, 222, 140),
    "^": (238, 190, 150),
    "#": (70, 66, 60),
}
RIVAL_HEX = (228, 222, 236)  # pale lavender: never mistaken for a hazard


def centre(hexname: str) -> tuple[float, float]:
    col, row = "abcdefg".index(hexname[0]), int(hexname[1:]) - 1
    return BOARD_X + HW / 2 + HW * (col + 0.5 * (row & 1)), BOARD_Y + R + 1.5 * R * row


def corners(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def hexes_of(rows: tuple[str, ...]) -> dict[str, str]:
    return {f"{'abcdefg'[c]}{r + 1}": ch for r, row in enumerate(rows) for c, ch in enumerate(row)}


def draw_ground(draw: ImageDraw.ImageDraw, rows: tuple[str, ...]) -> None:
    for h, ch in hexes_of(rows).items():
        cx, cy = centre(h)
        fill = RIVAL_HEX if ch.isdigit() else HEX_FILL.get(ch, HEX_FILL["."])
        draw.polygon(corners(cx, cy, R - 1), fill=fill, outline=Ink.PANEL_EDGE)
        if ch == "#":  # an obstacle: hatched, so it reads without colour
            draw.line((cx - 18, cy - 18, cx + 18, cy + 18), fill=(150, 144, 134), width=4)
            draw.line((cx - 18, cy + 18, cx + 18, cy - 18), fill=(150, 144, 134), width=4)
        elif ch == "K":
            draw.polygon(corners(cx, cy, R - 6), outline=Ink.TEXT, width=3)
        elif ch == "^":
            draw.polygon(
                [(cx, cy - 16), (cx + 16, cy + 12), (cx - 16, cy + 12)], outline=kit.VERMILION, width=3
            )
            draw_text(draw, (cx, cy + 3), "!", 16, kit.VERMILION, bold=True, anchor="mm")
        draw_text(draw, (cx, cy - R + 12), h, 12, Ink.MUTED, anchor="mm")
        if ch.isdigit():
            draw_text(draw, (cx, cy + R - 12), ch, 12, kit.VERMILION, bold=True, anchor="mm")
        elif ch == "P":
            draw_text(draw, (cx, cy + R - 12), "P", 12, Ink.BLUE, bold=True, anchor="mm")


NAME_W = 50  # the name's room inside a token (54 px wide), clear of the badges beside it


def name_lines(u: UnitView, locale: str) -> tuple[int, tuple[str, ...]]:
    """(size, lines) of the unit's name on its token: whole on one line inside the token's
    shape (12 pt down to 10), else on a light plate over it: one line, or two (10 pt down to
    8; a hyphenated word cut after a hyphen); a trailing "" marks one line on the plate. Cut
    only when even that cannot hold it."""
    words = unit(u.unit, locale)
    inside = {"square": NAME_W, "circle": NAME_W - 8}.get(kit.SIDE_SHAPE.get(u.side, "circle"), 0)
    for size in (12, 11, 10):  # white on the token while it fits inside (a triangle: never)
        if text_width(words, size, True, True) <= inside:
            return size, (words,)
    if text_width(words, 10, True, True) <= NAME_W + 6:
        return 10, (words, "")  # on one line, on the plate
    for size in (10, 9, 8):
        lines = tuple(wrap(words, NAME_W + 6, size, 2, bold=True, condensed=True))
        if not lines[-1].endswith("…"):
            return size, lines
        if "-" in words:  # one long hyphenated word ("Dos-de-coquille"): cut after a hyphen
            cuts = [i + 1 for i, ch in enumerate(words) if ch == "-"]
            i = min(cuts, key=lambda i: abs(2 * i - len(words)))
            halves = (words[:i], words[i:])
            if all(text_width(h, size, True, True) <= NAME_W + 6 for h in halves):
                return size, halves
        if " " not in words and text_width(words, size - 1, True, True) <= NAME_W + 14:
            return size - 1, (words, "")  # one long word: smaller, on the plate
    return size, lines


def hp_text(u: UnitView) -> str:
    """HP left / Health; HP gained above Health (Bolster, seed 003 l.554-556: a gain may pass
    Health, a heal may not) as Health + the extra, never "5/2"."""
    return f"{u.hp}/{u.health}" if u.hp <= u.health else f"{u.health}+{u.hp - u.health}"


def draw_unit(draw: ImageDraw.ImageDraw, u: UnitView, locale: str, carrier: bool) -> None:
    cx, cy = centre(u.hex)
    fill = kit.SIDE_COLOUR.get(u.side, Ink.UNKNOWN)
    if u.dazed:  # dazed: paler, dashed ring and a "z" badge
        fill = tuple(int(c * 0.45 + 255 * 0.55) for c in fill)
    shape = kit.SIDE_SHAPE.get(u.side, "circle")
    r = 27
    box = (cx - r, cy - r - 2, cx + r, cy + r - 2)
    if shape == "circle":
        draw.ellipse(box, fill=fill, outline=Ink.WHITE, width=2)
    elif shape == "square":
        draw.rounded_rectangle(box, radius=4, fill=fill, outline=Ink.WHITE, width=2)
    else:
        draw.polygon(
            [(cx, cy - r - 6), (cx + r + 3, cy + r - 2), (cx - r - 3, cy + r - 2)],
            fill=fill,
            outline=Ink.WHITE,
        )
    if u.fid == "hero":
        draw.ellipse((cx - r - 4, cy - r - 6, cx + r + 4, cy + r + 2), outline=Ink.GOLD, width=4)
    ink = Ink.TEXT if u.dazed else Ink.WHITE
    size, lines = name_lines(u, locale)
    top = cy - 12 - 5.5 * (len(lines) - 1)
    plate = lines[-1] == "" or len(lines) > 1
    if lines[-1] == "":  # one line on the plate, where a first line would be
        lines, top = lines[:1], top + 5.5
    if plate:  # a name past the token's edge: dark on a light plate
        half = max(text_width(line, size, True, True) for line in lines) / 2 + 3
        bottom = top + 15 if len(lines) > 1 else top + 7
        draw.rounded_rectangle((cx - half, top - 7, cx + half, bottom), radius=3, fill=Ink.WHITE)
        ink_name = Ink.TEXT
    else:
        ink_name = ink
    for i, line in enumerate(lines):
        draw_text(draw, (cx, top + 11 * i), line, size, ink_name, bold=True, condensed=True, anchor="mm")
    draw_text(draw, (cx, cy + 5), hp_text(u), 16, ink, bold=True, anchor="mm")
    n = len(u.dice)
    kit.dice(draw, int(cx - (n * 13 - 3) / 2), int(cy + 16), u.dice, 10, locale)
    # badges beside the token at the height of its HP, never over its name
    if u.dazed:
        kit.badge(draw, (cx + r + 9, cy + 2), "z", Ink.FAINT, Ink.TEXT)
    if u.tribune:
        kit.badge(draw, (cx - r - 9, cy + 2), "T", Ink.GOLD, Ink.TEXT)
    if carrier:
        draw.line((cx + 18, cy - 40, cx + 18, cy - 14), fill=Ink.TEXT, width=3)
        draw.polygon(
            [(cx + 18, cy - 40), (cx + 38, cy - 34), (cx + 18, cy - 28)], fill=Ink.GOLD, outline=Ink.TEXT
        )


def draw_flag(draw: ImageDraw.ImageDraw, hexname: str) -> None:
    cx, cy = centre(hexname)
    draw.line((cx - 6, cy - 24, cx - 6, cy + 22), fill=Ink.TEXT, width=4)
    draw.polygon([(cx - 6, cy - 24), (cx + 22, cy - 14), (cx - 6, cy - 4)], fill=Ink.GOLD, outline=Ink.TEXT)


def draw_question(draw: ImageDraw.ImageDraw, fight: FightView) -> None:
    """The hexes a pending question is about, numbered as the buttons list them."""
    for i, h in enumerate((fight.ask or {}).get("options", [])):
        cx, cy = centre(h)
        draw.polygon(corners(cx, cy, R - 2), outline=Ink.GOLD, width=5)
        kit.badge(draw, (cx, cy + R - 7), str(i + 1), Ink.GOLD, Ink.TEXT)  # below the token


def header_lines(view: HopView, locale: str) -> tuple[str, str]:
    f = view.fight
    title = label(
        "arena.title",
        locale,
        kind=name("kind", f.kind, locale),
        arena=name("arena", f.arena, locale),
        turn=f.turn,
    )
    sub = label(
        "campaign.line", locale, hero=unit(view.hero, locale), act=view.act, week=view.week,
        influence=view.influence, lose_at=view.influence_lose_at,
    )  # fmt: skip
    return title, sub


def priority_rows(fight: FightView, locale: str) -> list[str]:
    """The rivals' priority list of this arena, top first (seed 003 l.339-353); a bold entry
    must be attackable after moving."""
    arena = content().arenas.get(fight.arena)
    if fight.kind == "scion" or arena is None:
        return [label("priority.scion", locale)]
    following: dict[int, list[str]] = {}
    for plan in getattr(fight, "plans", None) or []:
        if plan.get("rank"):
            following.setdefault(plan["rank"], []).append(plan["hex"])
    rows = []
    for i, entry in enumerate(arena.priority):
        bold = entry.startswith("*")
        term = label(f"term.{entry.lstrip('*')}", locale)
        row = f"{i + 1}. {term}" + (f" ({label('priority.attack', locale)})" if bold else "")
        if following.get(i + 1):
            row += " " + label("priority.next", locale, hexes=" ".join(following[i + 1]))
        rows.append(row)
    return rows


def unit_row(u: UnitView, locale: str) -> str:
    mark = {"p": "●", "r": "■", "a": "▲"}.get(u.side, "●")
    state = f" · {label('dazed', locale)}" if u.dazed else ""
    skills = ", ".join(skill(s, locale) for s in u.skills)
    return f"{mark} {u.hex or '–'} {unit(u.unit, locale)} {hp_text(u)}{state}" + (
        f" · {skills}" if skills else ""
    )


def panel_items(view: HopView, locale: str, height: int) -> list[Item]:
    """The fight in words, right of the arena, as items (render.layers): each line and each
    titled panel keyed by what it shows and where, so a changed line redraws its rows only."""
    f = view.fight
    x, w = PANEL_X, WIDTH - PANEL_X - 16
    y = BOARD_Y - 50
    who = {"rival": "turn.rival", "player": "turn.player", "arena": "turn.arena", "over": "turn.over"}[f.step]
    text = label(who, locale)
    items = [
        Item(
            y - 2,
            y + 28,
            ("turn", text, y),
            lambda d, y=y: draw_fitted(d, (x, y, x + w, y + 26), text, 20, Ink.TEXT, 12, True, anchor="lm"),
        )
    ]
    y += 30
    if f.kind in ("ctf", "koth"):
        y = kit.line_items(items, x, y, w, [label(f"score.{f.kind}", locale, score=f.score)], 16)
    if f.result:
        y = kit.line_items(items, x, y, w, [label(f"fight.{f.result}", locale)], 18, kit.VERMILION)
    y += 6
    rows = priority_rows(f, locale)
    top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(rows)), label("priority.title", locale))
    kit.line_items(items, x + 12, top, w - 24, rows, 15, step=22)
    y += 48 + 22 * len(rows)
    if f.rival_camp:
        rows = [
            f"{i + 1}. {unit(u.unit, locale)}" + (" · T" if u.tribune else "")
            for i, u in enumerate(f.rival_camp)
        ]
        rows = rows[:6]
        top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(rows)), label("rival_camp", locale))
        kit.line_items(items, x + 12, top, w - 24, rows, 15, step=22)
        y += 48 + 22 * len(rows)
    mine = [unit(u, locale) if u != "hero" else unit(view.hero, locale) for u in f.player_camp]
    slots = label("slots", locale, slots=f.slots, hero=label("yes" if f.hero_slot else "no", locale))
    rows = [", ".join(mine) if mine else "–", slots]
    top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(rows)), label("your_camp", locale))
    kit.line_items(items, x + 12, top, w - 24, rows, 15, step=22)
    y += 48 + 22 * len(rows)
    if f.fallen:
        rows = [", ".join(unit(u, locale) for u in f.fallen)]
        top = kit.panel_item(items, (x, y, x + w, y + 62), label("fallen", locale))
        kit.line_items(items, x + 12, top, w - 24, rows, 15, step=22)
        y += 70
    rows = [unit_row(u, locale) for u in f.units]
    room = max(0, (height - 16 - y - 40) // 22)
    if rows and room:
        shown = rows[:room]
        top = kit.panel_item(items, (x, y, x + w, y + 40 + 22 * len(shown)), label("in_arena", locale))
        kit.line_items(items, x + 12, top, w - 24, shown, 14, step=22)
    return items


def question_line(view: HopView, locale: str) -> str | None:
    ask = view.fight.ask
    if not ask:
        return None
    return label(f"ask.{ask['kind']}", locale, step=step_name(ask["step"], locale))


def legend(draw: ImageDraw.ImageDraw, y: int, locale: str) -> None:
    x = 24
    for side in ("p", "r", "a"):
        kit.side_mark(draw, (x + 9, y + 10), side, 18)
        x += 24
        words = label(f"side.{side}", locale)
        draw_text(draw, (x, y + 10), words, 14, Ink.TEXT, anchor="lm")
        x += text_width(words, 14) + 22
    for ch, key in (
        ("K", "hex.key"),
        ("^", "hex.hazard"),
        ("#", "hex.blocked"),
        ("P", "hex.deploy"),
        ("1", "hex.rival"),
    ):
        draw.rectangle((x, y + 2, x + 18, y + 18), fill=HEX_FILL.get(ch, RIVAL_HEX), outline=Ink.PANEL_EDGE)
        x += 24
        words = label(key, locale)
        draw_text(draw, (x, y + 10), words, 14, Ink.TEXT, anchor="lm")
        x += text_width(words, 14) + 22
    x2 = 24
    y += 26
    for letter, key, fill in (("z", "dazed", Ink.FAINT), ("T", "tribune", Ink.GOLD)):
        kit.badge(draw, (x2 + 9, y + 10), letter, fill, Ink.TEXT)
        x2 += 24
        words = label(key, locale)
        draw_text(draw, (x2, y + 10), words, 14, Ink.TEXT, anchor="lm")
        x2 += text_width(words, 14) + 22
    words = label("legend.hp_dice", locale)
    draw_text(draw, (x2, y + 10), words, 14, Ink.TEXT, anchor="lm")


@lru_cache(maxsize=32)
def ground(rows: tuple[str, ...], locale: str, height: int) -> Image.Image:
    """The arena's hexes and the legend: the same for every position of a fight, drawn once."""
    image, draw = kit.canvas(WIDTH, height)
    draw_ground(draw, rows)
    legend(draw, BOARD_Y + int(1.5 * R * (SIZE - 1) + 2 * R) + 12, locale)
    return image


BOARD_BOTTOM = BOARD_Y + int(1.5 * R * (SIZE - 1) + 2 * R)
HEIGHT = max(BOARD_BOTTOM + 76, 700)


@lru_cache(maxsize=32)
def ground_slices(rows: tuple[str, ...], locale: str) -> tuple[tuple[int, int, Image.Image], ...]:
    """The ground cut into the image's bands: (top, bottom, its rows), pasted band by band."""
    image = ground(rows, locale, HEIGHT)
    return tuple((top, bottom, image.crop((0, top, WIDTH, bottom))) for top, bottom in bands(HEIGHT, CUTS))


CUTS = [kit.HEADER_H + 1, *even_cuts(kit.HEADER_H + 33, HEIGHT, 32)]


@lru_cache(maxsize=32)
def ground_items(rows: tuple[str, ...], locale: str) -> tuple[Item, ...]:
    """The ground as one item per band, each pasting exactly that band's rows: so a band
    missed pastes its own slice only (no margin rows reaching the bands beside it)."""
    items = []
    for top, bottom, part in ground_slices(rows, locale):
        item = Item(
            top,
            bottom,
            ("ground", rows, locale, top),
            lambda d, top=top, part=part: d._image.paste(part, (0, top)),
        )
        item.top, item.bottom = top, bottom  # the paste's very rows
        items.append(item)
    return tuple(items)


def arena_items(view: HopView, locale: str) -> list[Item]:
    """Everything the arena draws, in order, each with the rows it may touch and a key naming
    everything its pixels depend on (render.layers): the ground band by band, the header,
    the step's line, the flag, each unit, each arrow and badge, the question's hexes, the
    side panel's lines and panels, the fight's end frame."""
    f = view.fight
    rows = tuple(f.map)
    items = list(ground_items(rows, locale))
    title, sub = header_lines(view, locale)
    items.append(
        Item(0, kit.HEADER_H + 1, ("header", title, sub), lambda d: kit.header(d, WIDTH, title, sub))
    )
    ask = question_line(view, locale)
    line = ask or label(f"step.{f.step}.line", locale)
    ink = Ink.TEXT if not ask else kit.VERMILION
    items.append(
        Item(
            kit.HEADER_H + 2,
            BOARD_Y - 6,
            ("step", line, bool(ask)),
            lambda d: draw_fitted(
                d,
                (24, kit.HEADER_H + 8, PANEL_X - 20, BOARD_Y - 12),
                line,
                18,
                ink,
                12,
                bool(ask),
                anchor="lm",
            ),
        )
    )
    if f.flag:
        cy = centre(f.flag)[1]
        items.append(Item(cy - 26, cy + 25, ("flag", f.flag), lambda d: draw_flag(d, f.flag)))
    for u in f.units:
        if u.hex:
            carrier = f.carrier == u.hex
            key = (
                "unit", u.hex, u.unit, u.side, u.fid, u.dazed, u.hp, u.health, tuple(u.dice), u.tribune,
                carrier, locale,
            )  # fmt: skip
            cy = centre(u.hex)[1]
            items.append(
                Item(cy - 44, cy + 30, key, lambda d, u=u, carrier=carrier: draw_unit(d, u, locale, carrier))
            )
    items += [Item(*part) for part in arrow_parts(f, centre)]
    for i, h in enumerate((f.ask or {}).get("options", [])):
        cy = centre(h)[1]
        items.append(Item(cy - R, cy + R + 4, ("option", h, i), lambda d, h=h, i=i: _option(d, h, i)))
    items += panel_items(view, locale, HEIGHT)
    if f.result:
        box = (BOARD_X, BOARD_Y, int(BOARD_X + HW * 7.5), BOARD_BOTTOM)
        items.append(
            Item(BOARD_Y - 2, BOARD_BOTTOM + 2, ("end",), lambda d: dashed_box(d, box, kit.VERMILION))
        )
    return items


def _option(draw: ImageDraw.ImageDraw, hexname: str, i: int) -> None:
    """One hex a pending question is about, numbered as the buttons list it (`draw_question`)."""
    cx, cy = centre(hexname)
    draw.polygon(corners(cx, cy, R - 2), outline=Ink.GOLD, width=5)
    kit.badge(draw, (cx, cy + R - 7), str(i + 1), Ink.GOLD, Ink.TEXT)  # below the token


def arena_image(view: HopView, locale: str) -> Image.Image:
    """The arena drawn afresh on one canvas (what `arena_png` encodes)."""
    return layers_image(WIDTH, HEIGHT, arena_items(view, locale))


def arena_png(view: HopView, locale: str) -> bytes:
    """The arena's PNG, its bands drawn and encoded only when what crosses them is new."""
    return layers_png("hop-arena", WIDTH, HEIGHT, arena_items(view, locale), CUTS)
