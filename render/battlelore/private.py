"""A player's private view by DM: the hand of Command cards, each with the units it would
activate now (002 l.233-240: its sector and its kind of unit), the extra Command cards
(002 l.172-174), the deities' face-up Lore cards with their cost against the deity's mana
(002 l.413-424), and what is left to place during set-up. Above them, the battlefield as
everyone sees it, with the player's own hidden deployments."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.battlelore.content import content
from engine.battlelore.table.reach import ready
from engine.battlelore.view import BattleloreView
from render.battlelore import words
from render.battlelore.board import MARGIN, WIDTH, Board
from render.common import Ink, draw_fitted, draw_text, fit_lines, rounded_box
from render.layers import Item, even_cuts, layers_image, layers_png

CARD_W, CARD_H, GAP = 290, 92, 12


def private_image(view: BattleloreView, names: dict[str, str], locale: str) -> Image.Image:
    height, items, _ = private_items(view, names, locale)
    return layers_image(WIDTH, height, items)


def private_png(view: BattleloreView, names: dict[str, str], locale: str) -> bytes:
    """The PNG: the battlefield's bands are those of the public board wherever they show the
    same (render.layers), so only the player's own part is drawn after the board was."""
    height, items, cuts = private_items(view, names, locale)
    return layers_png("battlelore", WIDTH, height, items, cuts)


def private_items(
    view: BattleloreView, names: dict[str, str], locale: str
) -> tuple[int, list[Item], list[int]]:
    """The image's height, its items (the battlefield's, then the player's own part) and its
    cuts."""
    role = view.viewer
    board = Board(view, names, locale)
    if role is None or role not in view.sides:
        return board.height, board.items(), board.cuts()
    side = view.sides[role]
    per_row = (WIDTH - 2 * MARGIN + GAP) // (CARD_W + GAP)
    hand, extra = side.hand or [], side.extra or []
    gods = side.gods or {}
    rows = -(-len(hand) // per_row) + -(-len(extra) // per_row)
    height = 60 + rows * (CARD_H + GAP) + 40 * 2 + 34 * (len(gods) + 2) + 90
    top = board.height
    key = (
        "private",
        top,
        locale,
        tuple((cid, False, ready(view, role, cid, False)) for cid in hand),
        tuple((cid, True, ready(view, role, cid, True)) for cid in extra),
        tuple((g, god.mana, god.face_up) for g, god in gods.items()),
        tuple((u.id, u.card) for u in view.units if u.owner == role and u.hex is None),
        side.mana_pool,
        tuple(side.to_place),
    )
    own = Item(top, top + height, key, lambda d: _own_part(d, view, role, top, locale))
    return top + height, [*board.items(), own], [*board.cuts(), *even_cuts(top, top + height, CARD_H + GAP)]


def _own_part(d: ImageDraw.ImageDraw, view: BattleloreView, role: str, top: int, locale: str) -> None:
    """The hand, the extra cards, the Lore, the camp and what is left to place, below `top`."""
    side = view.sides[role]
    lab = lambda key, **p: words.label(key, locale, **p)  # noqa: E731
    per_row = (WIDTH - 2 * MARGIN + GAP) // (CARD_W + GAP)
    hand, extra = side.hand or [], side.extra or []
    gods = side.gods or {}
    y = top + 10
    for title, cards, is_extra in ((lab("hand"), hand, False), (lab("extra"), extra, True)):
        draw_text(d, (MARGIN, y + 14), title, 20, Ink.TEXT, bold=True, anchor="lm")
        y += 34
        if not cards:
            draw_text(d, (MARGIN, y + 10), lab("no_cards"), 16, Ink.MUTED, anchor="lm")
            y += 30
            continue
        for i, cid in enumerate(cards):
            r, c = divmod(i, per_row)
            x0, y0 = MARGIN + c * (CARD_W + GAP), y + r * (CARD_H + GAP)
            card_box(d, (x0, y0, x0 + CARD_W, y0 + CARD_H), view, role, cid, is_extra, locale)
        y += (-(-len(cards) // per_row)) * (CARD_H + GAP)
    draw_text(d, (MARGIN, y + 14), lab("lore"), 20, Ink.TEXT, bold=True, anchor="lm")
    y += 34
    for g, god in gods.items():
        lore = content().deities[g].lore.get(god.face_up or "")
        playable = lore is not None and god.mana >= lore.cost
        line = lab(
            "lore_line",
            god=words.name_of(g, locale),
            mana=god.mana,
            card=words.lore_name(g, god.face_up, locale) if god.face_up else "—",
            cost=lore.cost if lore else 0,
            ready=lab("lore_ready") if playable else "",
        )
        draw_fitted(
            d,
            (MARGIN, y, WIDTH - MARGIN, y + 28),
            line,
            18,
            Ink.BLUE if playable else Ink.TEXT,
            min_size=12,
            bold=playable,
            anchor="lm",
        )
        y += 34
    camp = [u for u in view.units if u.owner == role and u.hex is None]
    if camp:  # hidden deployment: what is still to deploy, by army id (`dep hop2 c2`)
        listed = ", ".join(f"{u.id.split('.', 1)[1]} {words.name_of(u.card, locale)}" for u in camp)
        size, lines = fit_lines(lab("camp", list=listed), WIDTH - 2 * MARGIN, 17, 12, 3, condensed=True)
        for line in lines:
            draw_text(d, (MARGIN, y + 14), line, size, Ink.TEXT, condensed=True, anchor="lm")
            y += size + 8
        y += 10
    if side.mana_pool:
        draw_text(d, (MARGIN, y + 14), lab("mana_pool", n=side.mana_pool), 17, Ink.TEXT, anchor="lm")
        y += 34
    if side.to_place:
        text = lab("to_place", list=", ".join(words.name_of(t, locale) for t in side.to_place))
        draw_text(d, (MARGIN, y + 14), text, 17, Ink.TEXT, anchor="lm")


def card_box(
    d: ImageDraw.ImageDraw, box, view: BattleloreView, role: str, cid: str, extra: bool, locale: str
) -> None:
    x0, y0, x1, y1 = box
    cards = content().extra if extra else content().deck
    card = cards.get(cid)
    rounded_box(d, box, fill=Ink.WHITE, outline=Ink.PURPLE if extra else Ink.BACK, width=3)
    code = f"+{cid}" if extra else cid
    draw_text(d, (x0 + 10, y0 + 16), code, 16, Ink.BLUE, bold=True, anchor="lm")
    draw_fitted(
        d,
        (x0 + 20 + len(code) * 11, y0 + 4, x1 - 8, y0 + 28),
        words.card_name(cid, locale),
        17,
        Ink.TEXT,
        min_size=11,
        bold=True,
        anchor="lm",
    )
    if card is None:
        return
    act = card.act
    sector, n = ready(view, role, cid, extra)
    where = words.label(f"sector.{sector}", locale)
    reach = words.label("allows", locale, n=act.n, sector=where, ready=n)
    extras = [
        x for x in (words.label(f"only.{act.only}", locale), words.label(f"bonus.{act.bonus}", locale)) if x
    ]
    draw_fitted(
        d, (x0 + 10, y0 + 34, x1 - 8, y0 + 58), reach, 16, Ink.TEXT, min_size=11, condensed=True, anchor="lm"
    )
    if extras:
        draw_fitted(
            d,
            (x0 + 10, y0 + 62, x1 - 8, y0 + 86),
            " · ".join(extras),
            15,
            Ink.MUTED,
            min_size=11,
            condensed=True,
            anchor="lm",
        )
