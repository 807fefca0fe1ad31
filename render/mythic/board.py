"""The public battlefield image of Mythic Battles: what a channel sees after every move.

Top to bottom: a header (turn or phase, who must decide, or the winner), the pending
decision's public prompt, the battlefield with the generals' panels beside it (or under it
when the board is too wide for both, as the 4-player rectangle of 6 tiles: 000 §"Variante :
Bataille à 4 joueurs"), and a legend. The layout depends only on the board's width and height
and on the number of seats. Everything drawn comes from public fields of the `MythicView`
(never a hand or a secret army), so a player's own view draws the same picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.mythic.view import MythicView
from render.common import Box, Ink, draw_fitted, draw_text, fit_lines
from render.mythic.battlefield import GUTTER, Grid, draw_battlefield, empty_battlefield
from render.mythic.legend import draw_legend, legend_height
from render.mythic.names import phase_name, text
from render.mythic.panel import Slot, info_height, info_panel, panel_slots, player_panel, team_header
from render.mythic.scene import Scene

WIDTH = 1200
MARGIN = 16
GAP = 14
HEADER = 96
PROMPT = 58
PANEL_W = 340
MAX_CELL = 64
MIN_SIDE_CELL = 50  # below this the panels go under the board instead of beside it
UNLAID = (12, 12, "abcdefghijkl")  # the size drawn before the tiles are laid (2 players)
UNLAID_TEAMS = (18, 12, "abcdefghijklmnopqr")  # 6 tiles for 4 players (001 §"Variant: 4-Player Battle")


@dataclass(frozen=True)
class Layout:
    grid: Grid
    beside: bool  # panels beside the board (True) or under it
    slots: tuple[Slot, ...]  # the team headers and the generals' panels
    info: Box  # the last move and attacks, under the panels
    legend_top: int
    height: int


def layout(scene: Scene) -> Layout:
    board = scene.view.board
    width, height, files = (
        (board.width, board.height, board.files) if board else UNLAID_TEAMS if scene.teams else UNLAID
    )
    top = HEADER + PROMPT + GAP
    beside_cell = min(MAX_CELL, (WIDTH - 2 * MARGIN - 2 * GUTTER - GAP - PANEL_W) // width)
    beside = beside_cell >= MIN_SIDE_CELL
    cell = beside_cell if beside else min(MAX_CELL, (WIDTH - 2 * MARGIN - 2 * GUTTER) // width)
    block = cell * width + 2 * GUTTER
    left = MARGIN if beside else (WIDTH - block) // 2
    grid = Grid(left + GUTTER, top + GUTTER, cell, width, height, files)
    board_bottom = grid.bottom + GUTTER
    if beside:
        x0, y0, columns = left + block + GAP, top, 1
    else:
        x0, y0, columns = MARGIN, board_bottom + GAP, 2
    slots, info_top = panel_slots(scene, (x0, y0, WIDTH - MARGIN), columns, GAP)
    info = (x0, info_top, WIDTH - MARGIN, info_top + info_height(scene, WIDTH - MARGIN - x0))
    legend_top = max(board_bottom, info[3]) + GAP
    total = legend_top + legend_height(scene, WIDTH - 2 * MARGIN) + MARGIN
    return Layout(grid, beside, tuple(slots), info, legend_top, total)


class Board:
    def __init__(self, view: MythicView, names: dict[str, str], locale: str) -> None:
        self.scene = Scene(view, names, locale)
        self.layout = layout(self.scene)
        self.scene.canvas(WIDTH, self.layout.height)

    def render(self) -> Image.Image:
        s, lay = self.scene, self.layout
        self.header()
        self.prompt()
        if s.view.board is None:
            empty_battlefield(s, lay.grid)
        else:
            draw_battlefield(s, lay.grid)
        self.panels()
        draw_legend(s, (MARGIN, lay.legend_top, WIDTH - MARGIN, lay.height - MARGIN))
        return s.image

    def header(self) -> None:
        s, v = self.scene, self.scene.view
        d = s.draw
        d.rectangle((0, 0, WIDTH, HEADER), fill=Ink.HEADER)
        draw_text(d, (MARGIN, 10), s.label("title"), 22, Ink.GOLD, bold=True)
        if v.turn and v.current:
            status = s.label("turn_of", n=v.turn, name=s.name(v.current))
        else:
            status = s.label("turn", n=v.turn) if v.turn else phase_name(v.phase, s.locale)
        draw_fitted(
            d, (MARGIN, 40, WIDTH * 0.62, 88), status, 32, Ink.WHITE, min_size=20, bold=True, anchor="lm"
        )
        outcome = s.outcome()
        if outcome:
            draw_fitted(
                d,
                (WIDTH * 0.4, 36, WIDTH - MARGIN, 90),
                outcome,
                32,
                Ink.GOLD,
                min_size=20,
                bold=True,
                anchor="rm",
            )
        elif v.decision is not None:
            waiting = s.label("to_play", names=s.names_of(v.decision.roles))
            draw_fitted(
                d,
                (WIDTH * 0.62, 40, WIDTH - MARGIN, 88),
                waiting,
                26,
                Ink.SKY,
                min_size=18,
                bold=True,
                anchor="rm",
            )

    def prompt(self) -> None:
        """The pending decision in the engine's public words, or how the battle ended."""
        s, v = self.scene, self.scene.view
        d = s.draw
        d.rectangle((0, HEADER, WIDTH, HEADER + PROMPT), fill=Ink.BAND)
        d.line((0, HEADER + PROMPT, WIDTH, HEADER + PROMPT), fill=Ink.PANEL_EDGE, width=2)
        if v.winners is not None:
            words = s.outcome() or ""
        elif v.decision is not None:
            words = f"{s.names_of(v.decision.roles)} — {text(v.decision.prompt, s.locale)}"
        else:
            return
        size, lines = fit_lines(words, WIDTH - 2 * MARGIN, 22, 17, 2, condensed=True)
        y = HEADER + PROMPT / 2 - (len(lines) - 1) * (size + 4) / 2
        for line in lines:
            draw_text(d, (MARGIN, y), line, size, Ink.TEXT, condensed=True, anchor="lm")
            y += size + 4

    def panels(self) -> None:
        s, lay = self.scene, self.layout
        for kind, key, box in lay.slots:
            if kind == "team":
                team_header(s, int(key), box)
            else:
                player_panel(s, str(key), box)
        info_panel(s, lay.info)


def board_image(view: MythicView, names: dict[str, str], locale: str) -> Image.Image:
    return Board(view, names, locale).render()
