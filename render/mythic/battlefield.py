"""The battlefield grid: terrain squares, coordinates on all four edges exactly as the
notation names squares (files a, b, … west to east; ranks 1, 2, … south to north, so a1 is
the bottom-left corner: engine/mythic/board.py), each player's deployment edge, the last
move and the last attack as arrows, and the unit tokens.

The geometry depends only on the board's width and height, so the 2-player square
(000 §"Préparer la Bataille": 4 tiles) and the 4-player rectangle (6 tiles) draw alike."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from engine.mythic.view import BoardView
from render.common import Box, Colour, Ink, dashed_box, draw_fitted, draw_text, rounded_box
from render.layers import Item, Paint
from render.mythic import setup_marks
from render.mythic.arrows import Point, arrow, shorten
from render.mythic.scene import Scene
from render.mythic.terrain import square
from render.mythic.token import draw_token

GUTTER = 30  # room for the coordinates around the grid
ZONE_BAR = 7
MOVE_INK: Colour = Ink.HEADER
ATTACK_INK: Colour = (150, 15, 30)
COORD_SIZE = 18
TILE_INK: Colour = (70, 62, 50)


@dataclass(frozen=True)
class Grid:
    left: int  # the grid itself, inside the gutters
    top: int
    cell: int
    width: int
    height: int
    files: str

    @property
    def right(self) -> int:
        return self.left + self.cell * self.width

    @property
    def bottom(self) -> int:
        return self.top + self.cell * self.height

    def key(self) -> tuple:
        """The grid as a plain tuple, for image keys (hashed many times a move: a frozen
        dataclass hashes in Python)."""
        return (self.left, self.top, self.cell, self.width, self.height, self.files)

    def cell_box(self, x: int, y: int) -> Box:
        """Square (x, y), y counted from the south edge."""
        left, top = self.left + x * self.cell, self.top + (self.height - 1 - y) * self.cell
        return left, top, left + self.cell, top + self.cell

    def xy(self, name: str | None) -> tuple[int, int] | None:
        if not name or name[0] not in self.files or not name[1:].isdigit():
            return None
        x, y = self.files.index(name[0]), int(name[1:]) - 1
        return (x, y) if 0 <= y < self.height else None

    def centre(self, name: str | None) -> Point | None:
        xy = self.xy(name)
        if xy is None:
            return None
        x0, y0, x1, y1 = self.cell_box(*xy)
        return (x0 + x1) / 2, (y0 + y1) / 2


def token_size(cell: int) -> int:
    return cell - 6


def draw_battlefield(scene: Scene, grid: Grid) -> None:
    for item in battlefield_items(scene, grid):
        item.paint(scene.draw)


def on(scene: Scene, paint, *args) -> Paint:
    """`paint(scene, *args)` drawing on the canvas it is given (render.layers)."""

    def painted(draw: ImageDraw.ImageDraw) -> None:
        scene.draw, scene.image = draw, draw._image
        paint(scene, *args)

    return painted


def battlefield_items(scene: Scene, grid: Grid) -> list[Item]:
    """The battlefield in the order it is drawn, each part with its rows and a key naming
    everything it draws (render.layers): the terrain row by row, the marks that change only
    with the set-up (tiles, zones, coordinates), the last move, the activated unit's frame,
    the attacked units' frames, each token, the attacks' arrows."""
    view = scene.view
    board = view.board
    if board is None:
        return []
    items = []
    place = grid.key()
    for y in range(grid.height):
        terrain = tuple(board.terrain[y * board.width + x] for x in range(grid.width))
        _, y0, _, y1 = grid.cell_box(0, y)
        items.append(Item(y0, y1, ("terrain", place, y, terrain), on(scene, _terrain_row, grid, y, terrain)))
    looks = tuple((r, scene.seat(r)) for r in view.roles)
    setup = view.setup if view.phase in ("deploy", "zones") else None
    marks = (
        "marks",
        place,
        tile_size(board),
        view.phase if setup is not None else None,
        repr(setup.zones) if setup is not None else None,
        tuple((r, s.zone) for r, s in view.sides.items()),
        repr(looks),
    )
    items.append(Item(grid.top - GUTTER, grid.bottom + GUTTER, marks, on(scene, _marks, grid)))
    points = [p for p in (grid.centre(s) for s in view.last_move) if p is not None]
    if len(points) >= 2:
        ys = [p[1] for p in points]
        key = ("move", place, tuple(view.last_move))
        items.append(Item(min(ys) - grid.cell, max(ys) + grid.cell, key, on(scene, last_move, grid)))
    act = view.activation
    unit = scene.units.get(act.unit) if act else None
    xy = grid.xy(unit.square) if unit else None
    if xy is not None:
        _, y0, _, y1 = grid.cell_box(*xy)
        items.append(Item(y0 - 8, y1 + 8, ("current", place, xy), on(scene, current_ring, grid)))
    frames = []
    for attack in shown_attacks(scene):
        target = scene.units.get(attack.target)
        xy = grid.xy(target.square if target and not target.destroyed else None)
        if xy is not None:
            frames.append(xy)
    if frames:
        ys = [grid.cell_box(*xy)[1] for xy in frames]
        key = ("frames", place, tuple(frames))
        items.append(Item(min(ys) - 8, max(ys) + grid.cell + 8, key, on(scene, target_frames, grid)))
    size = token_size(grid.cell)
    for unit in view.units:
        centre = grid.centre(unit.square)
        if centre is not None and not unit.destroyed:
            look, label, mark = scene.seat(unit.owner), scene.labels[unit.uid], scene.faction_mark(unit)
            key = (
                "token",
                centre,
                size,
                unit.flying,
                unit.vitality,
                unit.max_vitality,
                unit.activated,
                repr(look),
                label,
                mark,
            )
            reach = size / 2 + max(16, round(size * 0.36)) + 6  # the corner badges stick out
            items.append(
                Item(
                    centre[1] - reach,
                    centre[1] + reach,
                    key,
                    lambda d, unit=unit, centre=centre, look=look, label=label, mark=mark: draw_token(
                        d, unit, centre, size, look, label, mark
                    ),
                )
            )
    arrows = []
    for attack in shown_attacks(scene):
        a, b = scene.units.get(attack.attacker), scene.units.get(attack.target)
        pa, pb = grid.centre(a.square if a else None), grid.centre(b.square if b else None)
        if pa is not None and pb is not None and pa != pb:
            arrows.append((pa, pb))
    if arrows:
        ys = [p[1] for pair in arrows for p in pair]
        key = ("attacks", place, tuple(arrows))
        items.append(Item(min(ys) - grid.cell, max(ys) + grid.cell, key, on(scene, attacks, grid)))
    return items


def _terrain_row(scene: Scene, grid: Grid, y: int, terrain: tuple[str, ...]) -> None:
    for x, kind in enumerate(terrain):
        x0, y0, _, _ = grid.cell_box(x, y)
        scene.image.paste(square(kind, grid.cell), (x0, y0))


def _marks(scene: Scene, grid: Grid) -> None:
    """What changes only with the set-up: tile borders, deployment zones, the frame, the
    coordinates, the chosen edges, the candidate zones."""
    board = scene.view.board
    tile_borders(scene, grid, tile_size(board))
    setup_marks.deployment_zones(scene, grid)  # only while the units are placed
    scene.draw.rectangle((grid.left - 1, grid.top - 1, grid.right, grid.bottom), outline=Ink.TEXT, width=2)
    coordinates(scene, grid)
    zones(scene, grid)
    setup_marks.zone_choices(scene, grid)  # only while the edges are chosen


def tile_size(board: BoardView) -> int:
    """The side of one tile in squares: the board is whole tiles (4 in a square for 2
    players, 6 in a 3 x 2 rectangle for 4: 000 §"Préparer la Bataille", 001 §"Variant:
    4-Player Battle"); 0 when the tiles do not divide it evenly."""
    if not board.tiles:
        return 0
    side = math.isqrt(board.width * board.height // len(board.tiles))
    whole = side and board.width % side == 0 and board.height % side == 0
    return side if whole and (board.width // side) * (board.height // side) == len(board.tiles) else 0


def tile_borders(scene: Scene, grid: Grid, side: int) -> None:
    """A dark line between tiles, so each tile's layout (and its rotation) reads at a glance."""
    if side <= 0:
        return
    for x in range(side, grid.width, side):
        left = grid.left + x * grid.cell
        scene.draw.line((left, grid.top, left, grid.bottom), fill=TILE_INK, width=3)
    for y in range(side, grid.height, side):
        top = grid.top + y * grid.cell
        scene.draw.line((grid.left, top, grid.right, top), fill=TILE_INK, width=3)


def empty_battlefield(scene: Scene, grid: Grid) -> None:
    """Before the tiles are laid (000 §"Préparer la Bataille"): the place, and why it is empty."""
    box = (grid.left, grid.top, grid.right, grid.bottom)
    if setup_marks.field_choices(scene, box):  # the ready-made battlefields to pick from
        return
    rounded_box(scene.draw, box, Ink.BAND, None, 0, 12)
    dashed_box(scene.draw, box, Ink.FAINT, dash=14, width=3)
    draw_fitted(scene.draw, box, scene.label("no_battlefield"), 28, Ink.MUTED, min_size=18, bold=True)


def coordinates(scene: Scene, grid: Grid) -> None:
    d, g = scene.draw, grid
    mid = GUTTER / 2 + 4
    for x, letter in enumerate(g.files[: g.width]):
        cx = g.left + (x + 0.5) * g.cell
        for y in (g.top - mid, g.bottom + mid):
            draw_text(d, (cx, y), letter, COORD_SIZE, Ink.TEXT, bold=True, anchor="mm")
    clear = 3 + ZONE_BAR + 3  # ranks sit outside a west or east deployment bar (two digits are wide)
    for y in range(g.height):
        cy = g.top + (g.height - 0.5 - y) * g.cell
        draw_text(d, (g.left - clear, cy), str(y + 1), COORD_SIZE, Ink.TEXT, bold=True, anchor="rm")
        draw_text(d, (g.right + clear, cy), str(y + 1), COORD_SIZE, Ink.TEXT, bold=True, anchor="lm")


def zones(scene: Scene, grid: Grid) -> None:
    """A bar in the owner's colour along each chosen deployment edge (000 §"Préparer la
    Bataille": the two rows nearest a player), shared in turn by the players on that edge."""
    g = grid
    bars = {
        "n": (g.left, g.top - 3 - ZONE_BAR, g.right, g.top - 3),
        "s": (g.left, g.bottom + 3, g.right, g.bottom + 3 + ZONE_BAR),
        "w": (g.left - 3 - ZONE_BAR, g.top, g.left - 3, g.bottom),
        "e": (g.right + 3, g.top, g.right + 3 + ZONE_BAR, g.bottom),
    }
    edges: dict[str, list[str]] = {}
    for role, side in scene.view.sides.items():
        if side.zone in bars:
            edges.setdefault(side.zone, []).append(role)
    for edge, roles in edges.items():  # team-mates of the 4-player variant share an edge
        x0, y0, x1, y1 = bars[edge]
        along = x1 - x0 > y1 - y0
        step = ((x1 - x0) if along else (y1 - y0)) / len(roles)
        for i, role in enumerate(roles):
            part = (
                (x0 + i * step, y0, x0 + (i + 1) * step, y1)
                if along
                else (x0, y0 + i * step, x1, y0 + (i + 1) * step)
            )
            scene.draw.rectangle(part, fill=scene.seat(role).fill)


def last_move(scene: Scene, grid: Grid) -> None:
    """The path of the last movement, drawn under the tokens: it starts with a ring on the
    square left and its head touches the token that arrived."""
    points = [p for p in (grid.centre(s) for s in scene.view.last_move) if p is not None]
    if len(points) < 2:
        return
    r = grid.cell * 0.16
    sx, sy = points[0]
    scene.draw.ellipse((sx - r - 2, sy - r - 2, sx + r + 2, sy + r + 2), outline=Ink.WHITE, width=8)
    scene.draw.ellipse((sx - r, sy - r, sx + r, sy + r), outline=MOVE_INK, width=4)
    points[0] = shorten(points[0], points[1], r, 0)[0]
    points[-1] = shorten(points[-2], points[-1], 0, token_size(grid.cell) / 2 + 1)[1]
    arrow(scene.draw, points, MOVE_INK, 6)


def current_ring(scene: Scene, grid: Grid) -> None:
    """A gold frame around the square of the unit being activated now."""
    act = scene.view.activation
    unit = scene.units.get(act.unit) if act else None
    xy = grid.xy(unit.square) if unit else None
    if xy is None:
        return
    x0, y0, x1, y1 = grid.cell_box(*xy)
    scene.draw.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), outline=Ink.BLACK, width=7)
    scene.draw.rectangle((x0, y0, x1, y1), outline=Ink.GOLD, width=4)


def shown_attacks(scene: Scene) -> list:
    """The last attack, and the attack being resolved now, once each."""
    seen, out = set(), []
    for attack in (scene.view.last_attack, scene.view.combat):
        if attack is not None and (attack.attacker, attack.target) not in seen:
            seen.add((attack.attacker, attack.target))
            out.append(attack)
    return out


def target_box(cell: Box) -> Box:
    x0, y0, x1, y1 = cell
    return x0 + 3, y0 + 3, x1 - 3, y1 - 3


def draw_target_frame(scene: Scene, box: Box) -> None:
    """A dashed attack-red frame on a white casing: the unit attacked. Next to its attacker
    the arrow between them is short, so the frame says which of the two was hit."""
    x0, y0, x1, y1 = box
    scene.draw.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), outline=Ink.WHITE, width=5)
    dashed_box(scene.draw, box, ATTACK_INK, dash=7, width=4)


def target_frames(scene: Scene, grid: Grid) -> None:
    """Under the tokens (they keep every mark), on the square of each attacked unit still
    on the battlefield."""
    for attack in shown_attacks(scene):
        target = scene.units.get(attack.target)
        xy = grid.xy(target.square if target and not target.destroyed else None)
        if xy is not None:
            draw_target_frame(scene, target_box(grid.cell_box(*xy)))


def attacks(scene: Scene, grid: Grid) -> None:
    """The last attack, and the attack being resolved now, from attacker to target; dashed,
    over the tokens but clear of their middles. A unit destroyed by it has left the board:
    the panel tells the rest."""
    for attack in shown_attacks(scene):
        a = scene.units.get(attack.attacker)
        b = scene.units.get(attack.target)
        pa, pb = grid.centre(a.square if a else None), grid.centre(b.square if b else None)
        if pa is None or pb is None or pa == pb:
            continue
        # from inside the attacker's edge to just inside the target's: clear of both labels
        r = token_size(grid.cell) / 2
        start, end = shorten(pa, pb, r - 10, r - 4)
        arrow(scene.draw, [start, end], ATTACK_INK, 5, dashed=True)
