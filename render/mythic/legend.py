"""What the terrain patterns, token badges, pips, frames and arrows mean: one icon and a few
words each, flowed into as many rows as the width needs."""

from __future__ import annotations

from collections.abc import Callable

from render.common import Box, Ink, draw_text, flow, text_width
from render.mythic.arrows import arrow
from render.mythic.battlefield import ATTACK_INK, MOVE_INK, draw_target_frame
from render.mythic.names import faction_name, terrain_name
from render.mythic.scene import Scene
from render.mythic.terrain import TERRAINS, square
from render.mythic.token import badge, outline, vitality_bar

ICON = 34
ROW = 42
SIZE = 19
FACTIONS = ("athena", "hades", "neutral")

Item = tuple[Callable[[Box], None], int, str]  # icon, its width, words


def items(scene: Scene) -> list[Item]:
    loc = scene.locale

    def terrain_icon(terrain: str) -> Callable[[Box], None]:
        def draw(box: Box) -> None:
            scene.image.paste(square(terrain, ICON, grid=False), box[:2])
            scene.draw.rectangle(
                (box[0] - 1, box[1] - 1, box[0] + ICON, box[1] + ICON), outline=Ink.TEXT, width=1
            )

        return draw

    def centre(box: Box) -> tuple[float, float]:
        return box[0] + ICON / 2, box[1] + ICON / 2

    def vitality(box: Box) -> None:
        vitality_bar(scene.draw, (box[0] + (ICON + 14) / 2, box[1] + ICON / 2), ICON + 10, 3, 5)

    def frame(box: Box) -> None:
        scene.draw.rectangle(
            (box[0] + 1, box[1] + 1, box[0] + ICON - 1, box[1] + ICON - 1), outline=Ink.BLACK, width=6
        )
        scene.draw.rectangle(
            (box[0] + 3, box[1] + 3, box[0] + ICON - 3, box[1] + ICON - 3), outline=Ink.GOLD, width=3
        )

    def line(colour, dashed: bool) -> Callable[[Box], None]:
        def draw(box: Box) -> None:
            y = box[1] + ICON / 2
            arrow(scene.draw, [(box[0], y), (box[0] + ICON + 22, y)], colour, 5, dashed=dashed)

        return draw

    marks = " · ".join(f"{faction_name(f, loc)[:1].upper()} {faction_name(f, loc)}" for f in FACTIONS)
    out: list[Item] = [(terrain_icon(t), ICON, terrain_name(t, loc)) for t in TERRAINS]
    out += [
        (lambda b: badge(scene.draw, centre(b), 24, "A", Ink.WHITE, Ink.TEXT), ICON, marks),
        (
            lambda b: badge(scene.draw, centre(b), 24, "✈", Ink.WHITE, Ink.TEXT),
            ICON,
            scene.label("legend.flying"),
        ),
        (vitality, ICON + 14, scene.label("legend.vitality")),
        (
            lambda b: badge(scene.draw, centre(b), 24, "✓", Ink.GOLD, Ink.BLACK),
            ICON,
            scene.label("legend.activated"),
        ),
        (frame, ICON, scene.label("legend.current")),
        (line(MOVE_INK, False), ICON + 22, scene.label("legend.move")),
        (line(ATTACK_INK, True), ICON + 22, scene.label("legend.attack")),
        (
            lambda b: draw_target_frame(scene, (b[0] + 2, b[1] + 2, b[0] + ICON - 2, b[1] + ICON - 2)),
            ICON,
            scene.label("legend.target"),
        ),
    ]
    return out + team_items(scene)


def team_items(scene: Scene) -> list[Item]:
    """4-player variant: who plays with whom (each member's token shape and colour), and
    when a team is beaten (001 §"Variant: 4-Player Battle", "Victory")."""
    out: list[Item] = []
    for team, roles in scene.teams.items():

        def shapes(box: Box, roles: list[str] = roles) -> None:
            for i, role in enumerate(roles):
                look = scene.seat(role)
                outline(
                    scene.draw,
                    look.shape,
                    (box[0] + 13 + 28 * i, box[1] + ICON / 2),
                    12,
                    look.fill,
                    Ink.WHITE,
                    2,
                )

        out.append((shapes, 28 * len(roles), scene.label("team_of", n=team, names=scene.names_of(roles))))
    if out:
        out.append((lambda _box: None, 0, scene.label("legend.team_loss")))
    return out


def widths(entries: list[Item]) -> list[int]:
    return [icon + 10 + text_width(text, SIZE) for _, icon, text in entries]


def legend_height(scene: Scene, width: int) -> int:
    entries = items(scene)
    places = flow(widths(entries), 0, width, 10, gap=24)
    return (max(row for _, row in places) + 1) * ROW


def draw_legend(scene: Scene, box: Box) -> None:
    x0, y0, x1, _ = box
    entries = items(scene)
    for (draw_icon, icon, text), (x, row) in zip(
        entries, flow(widths(entries), x0, x1, 10, gap=24), strict=False
    ):
        top = y0 + row * ROW + (ROW - ICON) // 2
        draw_icon((x, top, x + ICON, top + ICON))
        draw_text(scene.draw, (x + icon + 10, top + ICON / 2), text, SIZE, Ink.TEXT, anchor="lm")
