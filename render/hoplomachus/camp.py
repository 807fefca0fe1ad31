"""The camp image: the hero's sheet, the troop, tactics, opportunities, Prowess, Banes and
Blessings (seed 003 l.475-508: the sheet the rewards change; l.280-284 Blessings). Drawn
from the public view: everything in the camp is face up. The player's own view adds the
cards being chosen now and the deck tops seen while spectating (`choices`). The image is a
list of items (render/layers.py): a change redraws and encodes only the bands of rows it
touches."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.hoplomachus.content import content
from engine.hoplomachus.view import HopView
from render.common import Ink, draw_fitted, draw_text, flow, pill, text_width
from render.hoplomachus import kit
from render.hoplomachus.cards import CARD_H as OFFER_H
from render.hoplomachus.cards import card_block, card_height
from render.hoplomachus.words import label, name, skill, unit, week_line
from render.layers import Item, even_cuts, layers_image, layers_png

WIDTH = 1000
CARD_W = 228
CARD_H = 118


def troop_card(draw: ImageDraw.ImageDraw, x: int, y: int, code: str, locale: str) -> None:
    d = content().units.get(code)
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=8, fill=Ink.WHITE, outline=Ink.BLUE, width=2
    )
    kit.side_mark(draw, (x + 16, y + 18), "p", 16)
    draw_fitted(
        draw, (x + 30, y + 6, x + CARD_W - 8, y + 30), unit(code, locale), 17, Ink.TEXT, 11, True, anchor="lm"
    )
    if d is None:
        return
    stats = label("stats", locale, move=d.move, range=d.range, health=d.health)
    draw_fitted(draw, (x + 10, y + 32, x + CARD_W - 8, y + 54), stats, 14, Ink.TEXT, 10, anchor="lm")
    kit.dice(draw, x + 10, y + 58, list(d.dice), 16, locale)
    skills = ", ".join(skill(s, locale) for s in d.skills) or "–"
    draw_fitted(draw, (x + 10, y + 80, x + CARD_W - 8, y + 100), skills, 14, Ink.MUTED, 10, anchor="lm")
    draw_fitted(
        draw,
        (x + 10, y + 98, x + CARD_W - 8, y + 116),
        name("region", d.region, locale),
        12,
        Ink.FAINT,
        9,
        anchor="lm",
    )


def hero_block(draw: ImageDraw.ImageDraw, view: HopView, y: int, locale: str) -> int:
    s = view.sheet
    box = (16, y, WIDTH - 16, y + 150)
    top = kit.panel(draw, box, label("hero_sheet", locale, hero=unit(view.hero, locale)))
    kit.side_mark(draw, (WIDTH - 40, y + 18), "p", 18)
    kit.health_bar(draw, (32, top + 4, 332, top + 24), view.hero_hp, s["health"])
    draw_text(
        draw,
        (342, top + 14),
        label("hero_hp", locale, hp=view.hero_hp, health=s["health"]),
        16,
        Ink.TEXT,
        True,
        anchor="lm",
    )
    stats = label("sheet", locale, move=s["move"], range=s["range"], leadership=s["leadership"])
    draw_fitted(draw, (32, top + 30, WIDTH - 40, top + 54), stats, 16, Ink.TEXT, 11, anchor="lm")
    right = kit.dice(draw, 32, top + 60, list(s["dice"]), 22, locale)
    skills = ", ".join(skill(k, locale) for k in s["skills"]) or "–"
    draw_fitted(draw, (right + 14, top + 58, WIDTH - 40, top + 84), skills, 16, Ink.TEXT, 11, anchor="lm")
    prowess = ", ".join(name("prowess", p, locale) for p in view.prowess) or "–"
    draw_fitted(
        draw,
        (32, top + 88, WIDTH - 40, top + 112),
        label("prowess", locale, list=prowess),
        15,
        Ink.MUTED,
        11,
        anchor="lm",
    )
    return box[3] + 12


def pills_block(draw: ImageDraw.ImageDraw, y: int, title: str, items: list[str], fill, ink) -> int:
    widths = [text_width(i, 15, True) + 16 for i in items] or [0]
    places = flow(widths, 30, WIDTH - 30, 3) if items else []
    rows = max((r for _, r in places), default=0) + 1
    box = (16, y, WIDTH - 16, y + 40 + 30 * rows)
    top = kit.panel(draw, box, title)
    if not items:
        draw_text(draw, (30, top + 10), "–", 15, Ink.MUTED, anchor="lm")
    for (x, row), words in zip(places, items, strict=False):
        pill(draw, (x, top + row * 30), words, 15, fill, ink)
    return box[3] + 10


def pills_bottom(y: int, items: list[str]) -> int:
    """Where `pills_block` at `y` ends (what it returns), without drawing."""
    widths = [text_width(i, 15, True) + 16 for i in items] or [0]
    places = flow(widths, 30, WIDTH - 30, 3) if items else []
    return y + 40 + 30 * (max((r for _, r in places), default=0) + 1) + 10


def camp_height(view: HopView) -> int:
    rows = (len(view.camp) + 3) // 4 or 1
    extra = card_height(view) if view.offered else 0
    return kit.HEADER_H + 12 + 162 + 48 + rows * (CARD_H + 10) + 3 * 110 + extra + 40


def camp_items(view: HopView, locale: str) -> tuple[list[Item], int]:
    """Everything the camp draws, in order, each with its rows and a key naming what it
    draws (render.layers), and the image's height: the header, the hero's sheet, the troop
    card by card, the tactics, opportunities and Banes, the cards offered."""
    title = label("camp.title", locale, hero=unit(view.hero, locale))
    sub = week_line(view, locale)
    items = [Item(0, kit.HEADER_H + 1, ("header", title, sub), lambda d: kit.header(d, WIDTH, title, sub))]
    y = kit.HEADER_H + 12
    hero = (
        "hero", y, view.hero, view.hero_hp, repr(view.sheet), tuple(view.prowess), locale,
    )  # fmt: skip
    items.append(Item(y, y + 151, hero, lambda d: hero_block(d, view, kit.HEADER_H + 12, locale)))
    y += 162
    rows = (len(view.camp) + 3) // 4 or 1
    box = (16, y, WIDTH - 16, y + 40 + rows * (CARD_H + 10))
    top = kit.panel_item(
        items, box, label("troop_title", locale, n=len(view.camp), leadership=view.sheet["leadership"])
    )
    for i, code in enumerate(view.camp):
        x, ty = 28 + (i % 4) * (CARD_W + 10), top + (i // 4) * (CARD_H + 10)
        items.append(
            Item(
                ty,
                ty + CARD_H + 1,
                ("troop", code, x, ty, locale),
                lambda d, x=x, ty=ty, code=code: troop_card(d, x, ty, code, locale),
            )
        )
    if not view.camp:
        items.append(
            Item(
                top,
                top + 20,
                ("none", top),
                lambda d: draw_text(d, (30, top + 10), "–", 15, Ink.MUTED, anchor="lm"),
            )
        )
    y = box[3] + 10
    tactics = [name("tactic", t, locale) for t in view.tactics]
    banes = [name("bane", b, locale) for b in view.camp_banes]
    for head, words, fill, ink in (
        (
            label("tactics", locale, n=len(view.tactics), top=content().tactic_limit),
            tactics,
            Ink.SKY,
            Ink.TEXT,
        ),
        (
            label("opportunities", locale),
            [name("opp", o, locale) for o in view.opportunities],
            Ink.GOLD,
            Ink.TEXT,
        ),
        (
            label("banes_blessings", locale),
            [label("blessings", locale, n=view.blessings), *banes],
            kit.VERMILION,
            Ink.WHITE,
        ),
    ):
        bottom = pills_bottom(y, words)
        items.append(
            Item(
                y,
                bottom - 9,
                ("pills", y, head, tuple(words), fill, ink),
                lambda d, y=y, head=head, words=words, fill=fill, ink=ink: pills_block(
                    d, y, head, words, fill, ink
                ),
            )
        )
        y = bottom
    if view.offered:
        key = ("offered", y, view.phase, tuple((view.offered or [])[:3]), locale)
        items.append(Item(y, y + 41 + OFFER_H, key, lambda d, y=y: card_block(d, view, y, WIDTH, locale)))
        y += 40 + OFFER_H  # where card_block ends
    height, canvas = y + 16, camp_height(view)
    if height > canvas:  # what passed the canvas the camp was drawn on was cut away (black)
        items.append(
            Item(
                canvas,
                height,
                ("cut", canvas),
                lambda d: d.rectangle((0, canvas, WIDTH, height), fill=(0, 0, 0)),
            )
        )
    return items, height


def camp_image(view: HopView, locale: str) -> Image.Image:
    """The camp drawn afresh on one canvas (what `camp_png` encodes)."""
    items, height = camp_items(view, locale)
    return layers_image(WIDTH, height, items)


def camp_png(view: HopView, locale: str) -> bytes:
    """The camp's PNG, its bands drawn and encoded only when what crosses them is new."""
    items, height = camp_items(view, locale)
    return layers_png(
        "hop-camp", WIDTH, height, items, [kit.HEADER_H + 1, *even_cuts(kit.HEADER_H + 33, height, 32)]
    )
