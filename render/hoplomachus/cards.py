"""Cards as images: the event being faced (its rivals, your slots and the fight types you may
choose, seed 003 l.106-133) and, in the player's own view, the cards offered now (two
opportunities to keep one, or the deck tops to reorder after spectating, l.41-46, l.67-70). The
event card is a list of items (render/layers.py): only the bands whose items changed are drawn."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.hoplomachus.content import content, parse_slots
from engine.hoplomachus.view import HopView
from render.common import Ink, draw_fitted, draw_text
from render.hoplomachus import kit
from render.hoplomachus.words import label, name
from render.layers import Item, even_cuts, layers_image, layers_png

CARD_W = 300
CARD_H = 160
EVENT_W = 820


def event_rows(card: str, locale: str) -> list[str]:
    c = content()
    if card in c.opportunities:
        o = c.opportunities[card]
        key, value = next(iter(o.condition.items()))
        cond = label(f"cond.{key}", locale, value=name("kind", str(value), locale) if key == "win" else value)
        return [cond, label("reward", locale, reward=label(f"rewardkind.{o.reward}", locale))]
    e = c.sport.get(card) or c.bloodshed.get(card)
    if e is None:
        return []
    rivals = ", ".join(label("rival." + r.replace("(T)", "T"), locale) for r in e.rivals)
    hero, units = parse_slots(e.player)
    rows = [
        label("rivals", locale, list=rivals),
        label("you_field", locale, units=units, hero=label("yes" if hero else "no", locale)),
    ]
    if e.types:
        rows.append(" / ".join(name("kind", k, locale) for k in e.types))
    for k, v in e.mod.items():
        rows.append(label(f"mod.{k}", locale, n=v))
    return rows


def draw_card(draw: ImageDraw.ImageDraw, x: int, y: int, card: str, number: int | None, locale: str) -> None:
    c = content()
    prefix = "opp" if card in c.opportunities else "event"
    edge = Ink.GOLD if prefix == "opp" else (kit.VERMILION if card in c.bloodshed else Ink.THREAT["green"])
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=12, fill=Ink.WHITE, outline=edge, width=5)
    draw.rectangle((x + 5, y + 5, x + CARD_W - 5, y + 44), fill=edge)
    ink = Ink.TEXT if edge == Ink.GOLD else Ink.WHITE
    title = name(prefix, card, locale)
    if number is not None:
        title = f"{number}. {title}"
    draw_fitted(draw, (x + 14, y + 6, x + CARD_W - 14, y + 44), title, 19, ink, 12, True, anchor="lm")
    yy = y + 54
    for row in event_rows(card, locale):
        size = 15
        draw_fitted(draw, (x + 14, yy, x + CARD_W - 14, yy + 24), row, size, Ink.TEXT, 10, anchor="lm")
        yy += 28
    draw_text(draw, (x + CARD_W - 14, y + CARD_H - 16), card, 13, Ink.MUTED, anchor="rm")


def card_height(view: HopView) -> int:
    return CARD_H + 60


def card_block(draw: ImageDraw.ImageDraw, view: HopView, y: int, width: int, locale: str) -> int:
    """The cards offered now, numbered, in the player's own view only."""
    key = "offered.keep" if view.phase == "keep" else "offered.order"
    draw_fitted(draw, (16, y, width - 16, y + 34), label(key, locale), 18, Ink.TEXT, 12, True, anchor="lm")
    for i, card in enumerate((view.offered or [])[:3]):
        draw_card(draw, 16 + i * (CARD_W + 16), y + 40, card, i + 1, locale)
    return y + 40 + CARD_H


def event_items(view: HopView, locale: str) -> list[Item]:
    """The event of this location with its choices (fight types, or spectate), as items with
    their rows and keys (render.layers)."""
    here = name("loc", view.location, locale)
    title = label("event.title", locale, place=here)
    sub = label(f"kind.{content().locations[view.location].kind}", locale)
    items = [Item(0, kit.HEADER_H + 1, ("header", title, sub), lambda d: kit.header(d, EVENT_W, title, sub))]
    if view.event:
        event, top = view.event, kit.HEADER_H + 16
        items.append(
            Item(
                top,
                top + CARD_H + 1,
                ("card", event, locale),
                lambda d: draw_card(d, 16, top, event, None, locale),
            )
        )
        rows = [label("choices", locale)]
        e = content().sport.get(view.event)
        if view.phase == "event":
            fights = [(f"fight {k}", name("kind", k, locale)) for k in e.types] if e else [("fight", "")]
            rows += [label("choice.fight", locale, notation=n, kind=k) for n, k in fights]
            rows.append(label("choice.spectate", locale, act=view.act))
        kit.line_items(items, CARD_W + 40, kit.HEADER_H + 24, EVENT_W - CARD_W - 56, rows, 17, step=30)
    elif view.phase == "event" and content().locations[view.location].kind == "opportunity":
        # an Opportunity location has no event card: its choices, as its buttons say them
        rows = [label("opportunity.here", locale), label("choices", locale)]
        rows += [label("choice.opportunity", locale), label("choice.spectate", locale, act=view.act)]
        kit.line_items(items, 24, kit.HEADER_H + 24, EVENT_W - 48, rows, 17, step=30)
    else:
        words = label("no_event", locale)
        items.append(
            Item(
                kit.HEADER_H + 14,
                kit.HEADER_H + 62,
                ("none", words),
                lambda d: draw_fitted(
                    d,
                    (16, kit.HEADER_H + 16, EVENT_W - 16, kit.HEADER_H + 60),
                    words,
                    18,
                    Ink.MUTED,
                    12,
                    anchor="lm",
                ),
            )
        )
    return items


def event_image(view: HopView, locale: str) -> Image.Image:
    """The event card drawn afresh on one canvas (what `event_png` encodes)."""
    return layers_image(EVENT_W, 260, event_items(view, locale))


def event_png(view: HopView, locale: str) -> bytes:
    """The event card's PNG, its bands drawn and encoded only when what crosses them is new."""
    return layers_png(
        "hop-event",
        EVENT_W,
        260,
        event_items(view, locale),
        [kit.HEADER_H + 1, *even_cuts(kit.HEADER_H + 33, 260, 32)],
    )
