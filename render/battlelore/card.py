"""A unit's card (public information, for everyone): its name, people, class and type, each
stat bar it may use (002 l.120-161), its normal face (intrinsic abilities) and celestial
face (triggered abilities and their mana, 002 l.95-103), weapons, armour, artefacts, and
its state on the field. And one side's army: every unit, deployed or not, eliminated ones
struck through."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.battlelore import hexes
from engine.battlelore.content import content
from engine.battlelore.view import BattleloreView, UnitView
from engine.i18n import has_key, t
from render.battlelore import marks, words
from render.battlelore.board import side_index
from render.common import Ink, draw_fitted, draw_text, fit_lines, rounded_box

WIDTH = 720


def _ability(code: str, locale: str) -> str:
    key = f"bl.ab.{code}"
    return t(key, locale) if has_key(key) else code.capitalize()


def unit_at(view: BattleloreView | None, hex_name: str) -> UnitView | None:
    if view is None:
        return None
    return next((u for u in view.units if u.hex == hex_name.strip().lower()), None)


def unit_image(view: BattleloreView | None, hex_name: str, names: dict[str, str], locale: str) -> Image.Image:
    unit = unit_at(view, hex_name)
    lab = lambda key, **p: words.label(key, locale, **p)  # noqa: E731
    if unit is None:
        image = Image.new("RGB", (WIDTH, 90), Ink.PAPER)
        draw_fitted(
            ImageDraw.Draw(image),
            (20, 10, WIDTH - 20, 80),
            lab("card.none", hex=hex_name),
            26,
            Ink.TEXT,
            bold=True,
        )
        return image
    card = content().units[unit.card]
    bars = list(card.bars.items())
    named = [*card.abil, *card.trig]  # the faces show names; the glossary has their texts
    height = 150 + 150 * len(bars) + 120 + (36 if named else 0)
    image = Image.new("RGB", (WIDTH, height), Ink.PAPER)
    d = ImageDraw.Draw(image)
    side = side_index(view, unit.owner)
    d.rectangle((0, 0, WIDTH, 84), fill=Ink.HEADER)
    marks.token(d, (50, 42), 30, unit, side, locale)
    title = lab(
        "card.title", name=words.name_of(unit.card, locale), people=words.name_of(card.people, locale)
    )
    draw_fitted(d, (96, 6, WIDTH - 16, 46), title, 28, Ink.GOLD, min_size=16, bold=True, anchor="lm")
    kind = (
        f"{lab('cls.' + card.cls)} · {lab('type.' + card.type)} · {words.player(unit.owner, names, locale)}"
    )
    draw_fitted(d, (96, 48, WIDTH - 16, 78), kind, 20, Ink.WHITE, min_size=14, anchor="lm")
    y = 96
    state = lab("card.state", hex=unit.hex or "—", left=unit.left, res=unit.res, mana=unit.mana, cap=unit.cap)
    draw_fitted(d, (20, y, WIDTH - 20, y + 30), state, 20, Ink.TEXT, min_size=14, bold=True, anchor="lm")
    y += 40
    for bid, bar in bars:
        chosen = bid == unit.bar
        rounded_box(
            d,
            (14, y, WIDTH - 14, y + 140),
            fill=Ink.PANEL if chosen else Ink.PAPER,
            outline=marks.SIDE_INK[side] if chosen else Ink.FAINT,
            width=3 if chosen else 1,
        )
        head = lab("card.bar", bar=bid.upper()) + (f" · {words.local(bar.name, locale)}" if bar.name else "")
        if chosen and len(bars) > 1:
            head += f" · {lab('card.bar_used')}"
        draw_text(d, (28, y + 18), head, 18, Ink.TEXT, bold=True, anchor="lm")
        tags = [lab("card.fly")] if bar.fly else []
        tags += [lab("card.shoot")] if bar.shoot else []
        if tags:
            draw_text(d, (WIDTH - 28, y + 18), " · ".join(tags), 16, Ink.BLUE, bold=True, anchor="rm")
        stats = lab(
            "card.stats",
            mv=bar.mv,
            mob=bar.mob,
            dice=bar.dice,
            pur=bar.pur,
            res=bar.res,
            what=lab("card.figures" if card.cls == "troop" else "card.wounds"),
            cour=f"{bar.cour:+d}",
        )
        draw_fitted(
            d, (28, y + 36, WIDTH - 28, y + 64), stats, 18, Ink.TEXT, min_size=12, condensed=True, anchor="lm"
        )
        wpns = [words.weapon_name(w, locale) for w in (bar.wpn or ("basic",))]
        arm = (
            lab("card.armour", name=words.armour_name(bar.arm, locale)) if bar.arm else lab("card.no_armour")
        )
        line = f"{lab('card.weapons', list=', '.join(wpns))} · {arm}"
        draw_fitted(
            d, (28, y + 70, WIDTH - 28, y + 96), line, 17, Ink.TEXT, min_size=12, condensed=True, anchor="lm"
        )
        if chosen and unit.arts:
            arts = ", ".join(words.name_of(a, locale) for a in unit.arts)
            draw_fitted(
                d,
                (28, y + 104, WIDTH - 28, y + 130),
                lab("card.arts", list=arts),
                17,
                Ink.PURPLE,
                min_size=12,
                bold=True,
                anchor="lm",
            )
        y += 150
    # both faces: intrinsic abilities on the normal face, triggers on the celestial face
    half = (WIDTH - 42) // 2
    for i, (key, items) in enumerate(
        (
            ("card.face.normal", [_ability(a, locale) for a in card.abil]),
            ("card.face.celestial", [f"{_ability(a, locale)} ({n} mana)" for a, n in card.trig.items()]),
        )
    ):
        x0 = 14 + i * (half + 14)
        rounded_box(
            d,
            (x0, y, x0 + half, y + 110),
            fill=Ink.BAND if i == 0 else (232, 236, 246),
            outline=Ink.PANEL_EDGE,
        )
        draw_text(d, (x0 + 12, y + 16), lab(key), 17, Ink.TEXT, bold=True, anchor="lm")
        size, lines = fit_lines(", ".join(items) or "—", half - 24, 17, 12, 3, condensed=True)
        for j, line in enumerate(lines):
            draw_text(
                d, (x0 + 12, y + 44 + j * (size + 6)), line, size, Ink.TEXT, condensed=True, anchor="lm"
            )
    if named:  # an image has no room for the rules' texts: say where they are (issue 25)
        where = lab("card.explain", name=_ability(named[0], locale))
        draw_fitted(d, (20, y + 118, WIDTH - 20, y + 146), where, 17, Ink.BLUE, min_size=12, anchor="lm")
    return image


def army_image(view: BattleloreView | None, role: str, names: dict[str, str], locale: str) -> Image.Image:
    """One side's units as the public view shows them (a hidden army shows nothing)."""
    units = [u for u in (view.units if view else []) if u.owner == role]
    rows = max(1, len(units))
    image = Image.new("RGB", (WIDTH, 70 + 46 * rows), Ink.PAPER)
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, WIDTH, 56), fill=Ink.HEADER)
    title = words.label("army.title", locale, name=words.player(role, names, locale))
    draw_fitted(d, (16, 4, WIDTH - 16, 52), title, 26, Ink.GOLD, min_size=16, bold=True, anchor="lm")
    side = side_index(view, role) if view else 0
    for i, u in enumerate(
        sorted(units, key=lambda u: (u.hex is None, hexes.to_hex(u.hex or "a1") or (0, 0)))
    ):
        y = 66 + i * 46
        marks.token(d, (34, y + 20), 18, u, side, locale)
        where = u.hex or words.label("army.camp", locale)
        text = f"{words.name_of(u.card, locale)} — {where} · {u.left}/{u.res}"
        if u.mana:
            text += f" · mana {u.mana}/{u.cap}"
        draw_fitted(d, (64, y + 4, WIDTH - 16, y + 36), text, 19, Ink.TEXT, min_size=12, anchor="lm")
    return image
