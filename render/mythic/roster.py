"""One army's unit stacks (001 §I "Unit cards", §"Evolution of Vitality and Wound Levels"):
for each unit, its token, name and affiliation, type, ground or flying, faction and
Leadership, and the characteristics of the card now on top of its stack: Movement (with a
combat maneuver | without), Close Combat dice, Ranged dice and range, Defense, the "+" marks
(+1 for 1 power point) and the talents with their cost in power points and their dice.
Legendary units have a grey card, as in the box (001 §I)."""

from __future__ import annotations

from PIL import Image

from engine.mythic.view import MythicView, StatsView, UnitView
from render.common import (
    Box,
    Colour,
    Ink,
    dashed_box,
    draw_fitted,
    draw_text,
    flow,
    pill,
    rounded_box,
    text_width,
)
from render.mythic.names import faction_name, local, type_name, unit_name
from render.mythic.scene import Scene
from render.mythic.seats import Seat
from render.mythic.token import badge, draw_token, outline

WIDTH = 1200
MARGIN = 16
GAP = 14
HEADER = 92
NOTE = 40  # the line explaining the notation of the cards
CARD_W = (WIDTH - 2 * MARGIN - GAP) // 2
TOP_PART = 146  # token, name, type line and characteristics
TALENT_ROW = 36
STACK_STEP = 5  # offset of each card under the top one
LEGENDARY: Colour = (222, 222, 222)


def army(view: MythicView, role: str) -> list[UnitView]:
    return [u for u in view.units if u.owner == role]


def talent_texts(scene: Scene, stats: StatsView | None) -> list[str]:
    """`Cerberus' Bite · 1 PP · 3 dice`: the cost and dice printed beside a talent."""
    out = []
    for talent in stats.talents if stats else []:
        words = [local(talent.name, scene.locale)]
        if talent.cost:
            words.append(scene.label("pp_cost", n=talent.cost))
        if talent.dice:
            words.append(scene.label("dice_count", n=talent.dice))
        out.append(" · ".join(words))
    return out


def talent_places(scene: Scene, unit: UnitView, width: int) -> list[tuple[int, int]]:
    texts = talent_texts(scene, unit.stats)
    return flow([min(text_width(t, 18, True) + 16, width) for t in texts], 0, width, 4, gap=8)


def card_height(scene: Scene, unit: UnitView) -> int:
    places = talent_places(scene, unit, CARD_W - 24)
    rows = max((row for _, row in places), default=-1) + 1
    return TOP_PART + rows * TALENT_ROW + 12 + STACK_STEP * 2


def cards_height(scene: Scene, units: list[UnitView]) -> int:
    rows = [units[i : i + 2] for i in range(0, len(units), 2)]
    return sum(max(card_height(scene, u) for u in row) + GAP for row in rows)


def draw_cards(scene: Scene, units: list[UnitView], top: int) -> int:
    """The army's cards, two per row; returns the bottom."""
    y = top
    for i in range(0, len(units), 2):
        row = units[i : i + 2]
        height = max(card_height(scene, u) for u in row)
        for col, unit in enumerate(row):
            x = MARGIN + col * (CARD_W + GAP)
            unit_card(scene, unit, (x, y, x + CARD_W, y + height))
        y += height + GAP
    return y


def unit_card(scene: Scene, unit: UnitView, box: Box) -> None:
    d = scene.draw
    x0, y0, x1, y1 = box
    look = scene.seat(unit.owner)
    if unit.destroyed:
        dashed_box(d, box, Ink.FAINT, dash=12, width=2)
    else:
        # the cards left under the top one: one per Vitality level below it
        for k in range(min(unit.vitality - 1, 2), 0, -1):
            rounded_box(
                d, (x0 + k * STACK_STEP, y0 + k * STACK_STEP, x1, y1), Ink.PANEL, Ink.PANEL_EDGE, 2, 10
            )
        face = LEGENDARY if unit.legendary else Ink.WHITE
        rounded_box(d, (x0, y0, x1 - STACK_STEP * 2, y1 - STACK_STEP * 2), face, look.fill, 3, 10)
        x1, y1 = x1 - STACK_STEP * 2, y1 - STACK_STEP * 2
    if unit.destroyed:
        look = Seat(Ink.FAINT, Ink.WHITE, look.shape)
    draw_token(d, unit, (x0 + 46, y0 + 46), 64, look, scene.labels[unit.uid], scene.faction_mark(unit))
    status = status_text(scene, unit)
    status_w = text_width(status, 18, True) + 16
    pill(
        d,
        (x1 - 10 - status_w, y0 + 10),
        status,
        18,
        Ink.HEADER if not unit.destroyed else Ink.FAINT,
        Ink.WHITE,
    )
    name = ("★ " if unit.legendary else "") + unit_name(unit, scene.locale)
    draw_fitted(
        d,
        (x0 + 92, y0 + 8, x1 - 20 - status_w, y0 + 40),
        name,
        24,
        Ink.TEXT,
        min_size=16,
        bold=True,
        anchor="lm",
    )
    draw_fitted(
        d,
        (x0 + 92, y0 + 44, x1 - 10, y0 + 72),
        identity(scene, unit),
        19,
        Ink.TEXT,
        min_size=14,
        condensed=True,
        anchor="lm",
    )
    if unit.stats is None:
        draw_fitted(
            d,
            (x0 + 20, y0 + 84, x1 - 20, y0 + 140),
            scene.label("destroyed_unit"),
            24,
            Ink.MUTED,
            min_size=16,
            bold=True,
        )
        return
    characteristics(scene, unit.stats, (x0 + 12, y0 + 84, x1 - 12, y0 + 140))
    talents(scene, unit, x0 + 12, y0 + TOP_PART, x1 - 12)


def status_text(scene: Scene, unit: UnitView) -> str:
    if unit.destroyed:
        return scene.label("destroyed_short")
    where = unit.square or scene.label("not_deployed")
    return f"{where} ✓" if unit.activated else where


def identity(scene: Scene, unit: UnitView) -> str:
    """`Colossal · ground · Hades · Leadership 3 · Vitality 4/6`."""
    loc = scene.locale
    return " · ".join(
        [
            type_name(unit.type, loc),
            scene.label("flying" if unit.flying else "ground"),
            faction_name(unit.faction, loc),
            scene.label("leadership", n=unit.leadership),
            scene.label("vitality", n=unit.vitality, most=unit.max_vitality),
        ]
    )


def characteristics(scene: Scene, stats: StatsView, box: Box) -> None:
    """Four boxes; a gold "+" badge on those a power point can raise (001 §I.3)."""
    d = scene.draw
    x0, y0, x1, y1 = box
    cells = [
        ("move", f"{stats.move_attack} | {stats.move}", ""),
        ("cc", str(stats.cc), ""),
        ("ra", str(stats.ra), scene.label("range", n=stats.range) if stats.ra else ""),
        ("def", str(stats.defense), ""),
    ]
    width = (x1 - x0 + 8) // len(cells)
    for i, (key, value, extra) in enumerate(cells):
        cx = x0 + i * width
        rounded_box(d, (cx, y0, cx + width - 8, y1), Ink.PAPER, Ink.PANEL_EDGE, 1, 8)
        plus = key in stats.plus
        draw_fitted(
            d,
            (cx + 6, y0 + 2, cx + width - (36 if plus else 14), y0 + 22),
            scene.label(f"stat.{key}"),
            17,
            Ink.MUTED,
            min_size=13,
            condensed=True,
        )
        value_w = text_width(value, 26, True)
        left = cx + (width - 8 - value_w - (text_width(extra, 18, False, True) + 8 if extra else 0)) / 2
        draw_text(d, (left, y0 + 38), value, 26, Ink.TEXT, bold=True, anchor="lm")
        if extra:
            draw_text(d, (left + value_w + 8, y0 + 39), extra, 18, Ink.TEXT, condensed=True, anchor="lm")
        if plus:
            badge(d, (cx + width - 22, y0 + 13), 22, "+", Ink.GOLD, Ink.BLACK)


def talents(scene: Scene, unit: UnitView, left: int, top: int, right: int) -> None:
    texts = talent_texts(scene, unit.stats)
    for text, (x, row) in zip(texts, talent_places(scene, unit, right - left), strict=False):
        y = top + row * TALENT_ROW
        width = min(text_width(text, 18, True) + 16, right - left)
        rounded_box(scene.draw, (left + x, y, left + x + width, y + TALENT_ROW - 8), Ink.PURPLE, None, 0, 8)
        draw_fitted(
            scene.draw,
            (left + x + 8, y, left + x + width - 8, y + TALENT_ROW - 8),
            text,
            18,
            Ink.WHITE,
            min_size=13,
            bold=True,
            condensed=False,
        )


def notation_note(scene: Scene, top: int) -> None:
    draw_fitted(
        scene.draw,
        (MARGIN, top, WIDTH - MARGIN, top + NOTE - 8),
        scene.label("roster_note"),
        19,
        Ink.MUTED,
        min_size=14,
        condensed=True,
        anchor="lm",
    )


def roster_header(scene: Scene, role: str, title: str) -> None:
    d, side = scene.draw, scene.view.sides.get(role)
    d.rectangle((0, 0, WIDTH, HEADER), fill=Ink.HEADER)
    look = scene.seat(role)
    outline(d, look.shape, (MARGIN + 18, HEADER / 2), 16, look.fill, Ink.WHITE, 2)
    draw_fitted(
        d, (MARGIN + 46, 8, WIDTH * 0.62, 54), title, 30, Ink.WHITE, min_size=20, bold=True, anchor="lm"
    )
    units = army(scene.view, role)
    alive = sum(1 for u in units if not u.destroyed)
    facts = []
    if side is not None and side.team is not None:  # 4-player variant: who fights beside this army
        mates = [r for r in scene.teams.get(side.team, []) if r != role]
        facts.append(scene.label("team_with", n=side.team, names=scene.names_of(mates)))
    if side is not None and side.faction:
        facts.append(faction_name(side.faction, scene.locale))
    facts.append(scene.label("units_left", alive=alive, total=len(units)))
    if side is not None:
        facts.append(scene.label("pp_have", n=side.pp))
    draw_fitted(
        d, (MARGIN + 46, 58, WIDTH - MARGIN, 86), " · ".join(facts), 22, Ink.PAPER, min_size=16, anchor="lm"
    )


def roster_image(view: MythicView, role: str, names: dict[str, str], locale: str) -> Image.Image:
    scene = Scene(view, names, locale)
    units = army(view, role)
    body = cards_height(scene, units) if units else 80
    scene.canvas(WIDTH, HEADER + GAP + NOTE + body + MARGIN)
    roster_header(scene, role, scene.label("roster_title", name=scene.name(role)))
    notation_note(scene, HEADER + GAP)
    top = HEADER + GAP + NOTE
    if units:
        draw_cards(scene, units, top)
    else:
        draw_fitted(
            scene.draw,
            (MARGIN, top, WIDTH - MARGIN, top + 60),
            scene.label("army_secret"),
            24,
            Ink.MUTED,
            min_size=16,
            bold=True,
        )
    return scene.image
