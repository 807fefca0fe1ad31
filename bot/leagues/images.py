"""The standings image: a table drawn with the shared Pillow helpers of `render/common.py`.
Rendering runs in a worker thread, a few at a time, so the event loop never waits on it."""

from __future__ import annotations

import asyncio
import weakref

from PIL import Image, ImageDraw

from bot.leagues import texts
from bot.leagues.standings import Row
from bot.service.api import Image as Attachment
from engine.i18n import T, Text, render
from render.common import Ink, draw_fitted, png_bytes

IMAGE_ROWS = 30  # a taller image shrinks below legibility on a phone screen; the CSV has everyone
# Sized for phones: Discord shows an image about 360 px wide there, so a 780 px table keeps its
# 26 px figures near 12 px on screen (the first 900 px table with 20 px figures fell to 8 px).
WIDTH, ROW, TOP, PAD = 780, 44, 104, 16
VALUE, HEADING, TITLE = 26, 18, 34  # font sizes
PODIUM = {1: Ink.GOLD, 2: (190, 190, 200), 3: (205, 127, 50)}
# (heading key, left edge, right edge, anchor) for each column
COLUMNS = [
    ("rank", 12, 60, "m"),
    ("player", 68, 318, "l"),
    ("rating", 326, 466, "r"),
    ("games", 482, 550, "r"),
    ("wins", 560, 596, "r"),
    ("draws", 606, 642, "r"),
    ("losses", 652, 688, "r"),
    ("streak", 702, 764, "r"),
]
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


async def standings_block(
    league: str, season: int, rows: list[Row], locale: str
) -> tuple[list[Text], Attachment]:
    """The standings as message lines (title, then the text table) and as an image."""
    heading = T("league.standings.heading", league=league, season=season)
    png = await standings_png(heading, rows, locale)
    body = texts.table(rows) if rows else [T("league.standings.empty")]
    return [T("league.standings.title", heading=heading), *body], Attachment("standings.png", png)


async def standings_png(title: Text, rows: list[Row], locale: str) -> bytes:
    slots = _slots.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(2))  # one per event loop
    async with slots:
        return await asyncio.to_thread(draw_standings, title, rows, locale)


def draw_standings(title: Text, rows: list[Row], locale: str) -> bytes:
    shown = rows[:IMAGE_ROWS]
    notes = _notes(rows, len(shown))
    height = TOP + ROW * (len(shown) + 1 + len(notes)) + PAD
    image = Image.new("RGB", (WIDTH, height), Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, TOP - 22), fill=Ink.HEADER)
    draw_fitted(
        draw,
        (PAD, 8, WIDTH - PAD, TOP - 30),
        render(title, locale),
        TITLE,
        Ink.WHITE,
        min_size=20,
        bold=True,
        anchor="lm",
    )
    y = TOP
    for key, x0, x1, anchor in COLUMNS:
        label = "#" if key == "rank" else render(T(f"league.col.{key}"), locale)
        draw_fitted(
            draw, (x0, y, x1, y + ROW), label, HEADING, Ink.MUTED, min_size=14, bold=True, anchor=anchor + "m"
        )
    for i, row in enumerate(shown):
        y = TOP + ROW * (i + 1)
        if i % 2 == 0:
            draw.rectangle((PAD // 2, y, WIDTH - PAD // 2, y + ROW), fill=Ink.PANEL)
        _draw_row(draw, row, y, locale)
    for i, note in enumerate(notes):
        y = TOP + ROW * (len(shown) + 1 + i)
        draw_fitted(
            draw,
            (PAD, y, WIDTH - PAD, y + ROW),
            render(note, locale),
            HEADING,
            Ink.MUTED,
            min_size=14,
            anchor="lm",
        )
    return png_bytes(image)


def _notes(rows: list[Row], shown: int) -> list[Text]:
    notes = [T("league.standings.empty")] if not rows else []
    if len(rows) > shown:
        notes.append(T("league.standings.more_image", n=len(rows) - shown))
    if any(r.left for r in rows):
        notes.append(T("league.standings.left_legend"))
    return notes


def _draw_row(draw: ImageDraw.ImageDraw, row: Row, y: int, locale: str) -> None:
    ink = Ink.MUTED if row.left else Ink.TEXT
    if row.rank in PODIUM:
        cx, cy, r = (COLUMNS[0][1] + COLUMNS[0][2]) / 2, y + ROW / 2, ROW / 2 - 5
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PODIUM[row.rank])
    values = {
        "rank": str(row.rank),
        "player": row.name + (" *" if row.left else ""),
        "rating": texts.rating(row.rating),
        "games": str(row.games),
        "wins": str(row.wins),
        "draws": str(row.draws),
        "losses": str(row.losses),
        "streak": render(texts.streak(row.streak), locale),
    }
    for key, x0, x1, anchor in COLUMNS:
        draw_fitted(
            draw,
            (x0, y, x1, y + ROW),
            values[key],
            VALUE,
            ink,
            min_size=20 if key == "player" else 16,
            bold=key in ("rank", "player"),
            anchor=anchor + "m",
        )
