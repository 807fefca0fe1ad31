"""The set-up on the public image (000 §"Préparer la Bataille" / 001 §"Preparing the
Battle"), drawn from the view's `setup` only: while the tiles are laid, the ready-made
battlefields as small maps with the notation that lays each; while the edges are chosen,
the four candidate zones (the two rows along each edge) with the command that picks them;
while units are placed, each general's zone washed in their colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image

from engine.i18n import T
from engine.mythic.view import FieldView
from render.common import Box, Ink, dashed_box, draw_fitted, draw_text, rounded_box, text_width
from render.mythic.names import text
from render.mythic.scene import Scene
from render.mythic.terrain import FILL

if TYPE_CHECKING:  # battlefield.py draws these marks: no import back at run time
    from render.mythic.battlefield import Grid

TILE_INK = (70, 62, 50)  # as between the battlefield's own tiles

WASH = 0.3  # how much of the owner's colour a deployment square takes
CHOICE_INSET = {"n": 4, "s": 4, "w": 9, "e": 9}  # overlapping corners stay readable


def _band(grid: Grid, squares: list[str]) -> Box | None:
    """The rectangle covering these squares (a zone is two whole rows or columns)."""
    cells = [grid.cell_box(*xy) for xy in (grid.xy(s) for s in squares) if xy is not None]
    if not cells:
        return None
    return (
        min(c[0] for c in cells),
        min(c[1] for c in cells),
        max(c[2] for c in cells),
        max(c[3] for c in cells),
    )


def deployment_zones(scene: Scene, grid: Grid) -> None:
    """Each chosen zone washed in its general's colour and framed by it (team-mates share an
    edge: the first seat's colour), under the tokens."""
    setup, view = scene.view.setup, scene.view
    if setup is None or view.phase != "deploy":
        return
    for edge, squares in setup.zones.items():
        owners = [r for r in view.roles if view.sides[r].zone == edge]
        box = _band(grid, squares)
        if not owners or box is None:
            continue
        colour = scene.seat(owners[0]).fill
        region = scene.image.crop(box)
        scene.image.paste(Image.blend(region, Image.new("RGB", region.size, colour), WASH), box[:2])
        scene.draw.rectangle(box, outline=colour, width=4)


def zone_choices(scene: Scene, grid: Grid) -> None:
    """While the edges are chosen: each candidate zone dashed, with `zone n` in its middle."""
    setup, view = scene.view.setup, scene.view
    if setup is None or view.phase != "zones":
        return
    for edge, squares in setup.zones.items():
        box = _band(grid, squares)
        if box is None:
            continue
        inset = CHOICE_INSET.get(edge, 4)
        x0, y0, x1, y1 = box
        dashed_box(scene.draw, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), Ink.HEADER, dash=9, width=3)
        words = f"zone {edge}"
        size = max(14, min(22, grid.cell // 3))
        width = text_width(words, size, bold=True) + 16
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        pill = (int(cx - width / 2), int(cy - size * 0.8), int(cx + width / 2), int(cy + size * 0.8))
        rounded_box(scene.draw, pill, Ink.HEADER, Ink.WHITE, 2, 8)
        draw_text(scene.draw, (cx, cy), words, size, Ink.WHITE, bold=True, anchor="mm")


def field_choices(scene: Scene, box: Box) -> bool:
    """While the tiles are laid: the ready-made battlefields in the empty board's place, each
    a small terrain map with tile borders, its name and `tiles <id>`. False when none."""
    setup = scene.view.setup
    fields = setup.battlefields if setup is not None and scene.view.phase == "battlefield" else []
    if not fields:
        return False
    x0, y0, x1, y1 = box
    rounded_box(scene.draw, box, Ink.BAND, None, 0, 12)
    title = text(T("mythic.img.fields"), scene.locale)
    draw_fitted(scene.draw, (x0 + 12, y0 + 8, x1 - 12, y0 + 48), title, 24, Ink.TEXT, min_size=15, bold=True)
    columns = 3 if len(fields) > 4 or (x1 - x0) > 1.4 * (y1 - y0) else 2
    rows = -(-len(fields) // columns)
    slot_w, slot_h = (x1 - x0 - 16) / columns, (y1 - y0 - 60) / rows
    for i, field in enumerate(fields):
        left = x0 + 8 + (i % columns) * slot_w
        top = y0 + 56 + (i // columns) * slot_h
        _thumbnail(scene, field, (int(left) + 6, int(top) + 4, int(left + slot_w) - 6, int(top + slot_h) - 4))
    return True


def _thumbnail(scene: Scene, field: FieldView, box: Box) -> None:
    x0, y0, x1, y1 = box
    caption = 46
    cell = max(2, min((x1 - x0) // field.width, (y1 - y0 - caption) // field.height))
    w, h = cell * field.width, cell * field.height
    left, top = x0 + (x1 - x0 - w) // 2, y0
    d = scene.draw
    for y in range(field.height):
        for x in range(field.width):
            kind = field.terrain[y * field.width + x]
            cx, cy = left + x * cell, top + (field.height - 1 - y) * cell
            d.rectangle((cx, cy, cx + cell - 1, cy + cell - 1), fill=FILL.get(kind, FILL["open"]))
    side = _tile_side(field)
    for x in range(side, field.width, side) if side else ():
        d.line((left + x * cell, top, left + x * cell, top + h), fill=TILE_INK, width=2)
    for y in range(side, field.height, side) if side else ():
        d.line((left, top + y * cell, left + w, top + y * cell), fill=TILE_INK, width=2)
    d.rectangle((left - 1, top - 1, left + w, top + h), outline=Ink.TEXT, width=2)
    name = text(field.name, scene.locale) if not isinstance(field.name, str) else field.name
    draw_fitted(d, (x0, top + h + 4, x1, top + h + 24), name, 18, Ink.TEXT, min_size=12, bold=True)
    draw_fitted(d, (x0, top + h + 24, x1, top + h + 44), f"tiles {field.id}", 16, Ink.MUTED, min_size=11)


def _tile_side(field: FieldView) -> int:
    """Squares per tile side (the tiles are square and all one size)."""
    n = len(field.tiles)
    side = int(round((field.width * field.height / n) ** 0.5)) if n else 0
    return side if side and field.width % side == 0 and field.height % side == 0 else 0
