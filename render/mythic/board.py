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
from render.layers import Item, even_cuts, layers_image, layers_png, within
from render.mythic.battlefield import GUTTER, Grid, battlefield_items, empty_battlefield, on
from render.mythic.legend import draw_legend, legend_height
from render.mythic.names import phase_name, text
from render.mythic.panel import (
    PAD,
    Slot,
    allegiance,
    attack_lines,
    attacks_shown,
    info_height,
    info_panel,
    move_lines,
    panel_slots,
    player_panel,
    role_badges,
    roller,
    team_header,
    unit_label,
)
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
    split: int  # a column nothing crosses but the full-width parts: the board | the panels (or between two columns of panels)


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
    # beside: just left of the panels (the ranks' digits reach a few pixels past the gutter)
    split = x0 - 3 if beside else x0 + (WIDTH - MARGIN - x0 - GAP) // 2 + GAP // 2
    return Layout(grid, beside, tuple(slots), info, legend_top, total, split)


class Board:
    def __init__(self, view: MythicView, names: dict[str, str], locale: str) -> None:
        self.scene = Scene(view, names, locale)
        self.layout = layout(self.scene)

    def render(self) -> Image.Image:
        return layers_image(WIDTH, self.layout.height, self.items())

    def png(self) -> bytes:
        """The PNG, its bands of rows drawn only when what crosses them is new (render.layers)."""
        height, split = self.layout.height, self.layout.split
        return layers_png("mythic", WIDTH, height, self.items(), even_cuts(32, height, 32), columns=[split])

    def items(self) -> list[Item]:
        """Everything the image draws, in order, each with its rows and a key naming everything
        its pixels depend on (render.layers)."""
        s, lay = self.scene, self.layout
        words = self.prompt_words()
        items = [
            Item(0, HEADER + 1, ("header", self.header_texts()), on(s, lambda _s: self.header())),
            Item(HEADER, HEADER + PROMPT + 2, ("prompt", words), on(s, lambda _s: self.prompt())),
        ]
        g = lay.grid
        if s.view.board is None:
            key = ("empty", g, s.view.phase, repr(s.view.setup), s.locale)
            field = [Item(g.top, g.bottom, key, on(s, empty_battlefield, g))]
        else:
            field = battlefield_items(s, g)
        # the board and its gutters, with the ranks' digits that stick out of them (a few pixels)
        items += within(field, g.left - GUTTER - GAP + 6, g.right + GUTTER + GAP - 6)
        items += self.panel_items()
        box = (MARGIN, lay.legend_top, WIDTH - MARGIN, lay.height - MARGIN)
        looks = tuple(
            (team, tuple((r, repr(s.seat(r)), s.name(r)) for r in roles)) for team, roles in s.teams.items()
        )
        items.append(Item(box[1], lay.height, ("legend", box, s.locale, looks), on(s, draw_legend, box)))
        return items

    def header_texts(self) -> tuple:
        """The status line, and the outcome or who is to play (None: neither)."""
        s, v = self.scene, self.scene.view
        if v.turn and v.current:
            status = s.label("turn_of", n=v.turn, name=s.name(v.current))
        else:
            status = s.label("turn", n=v.turn) if v.turn else phase_name(v.phase, s.locale)
        outcome = s.outcome()
        waiting = None
        if not outcome and v.decision is not None:
            waiting = s.label("to_play", names=s.names_of(v.decision.roles))
        return s.label("title"), status, outcome, waiting

    def header(self) -> None:
        s = self.scene
        d = s.draw
        title, status, outcome, waiting = self.header_texts()
        d.rectangle((0, 0, WIDTH, HEADER), fill=Ink.HEADER)
        draw_text(d, (MARGIN, 10), title, 22, Ink.GOLD, bold=True)
        draw_fitted(
            d, (MARGIN, 40, WIDTH * 0.62, 88), status, 32, Ink.WHITE, min_size=20, bold=True, anchor="lm"
        )
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
        elif waiting is not None:
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

    def prompt_words(self) -> str | None:
        s, v = self.scene, self.scene.view
        if v.winners is not None:
            return s.outcome() or ""
        if v.decision is not None:
            return f"{s.names_of(v.decision.roles)} — {text(v.decision.prompt, s.locale)}"
        return None

    def prompt(self) -> None:
        """The pending decision in the engine's public words, or how the battle ended."""
        s = self.scene
        d = s.draw
        d.rectangle((0, HEADER, WIDTH, HEADER + PROMPT), fill=Ink.BAND)
        d.line((0, HEADER + PROMPT, WIDTH, HEADER + PROMPT), fill=Ink.PANEL_EDGE, width=2)
        words = self.prompt_words()
        if words is None:
            return
        size, lines = fit_lines(words, WIDTH - 2 * MARGIN, 22, 17, 2, condensed=True)
        y = HEADER + PROMPT / 2 - (len(lines) - 1) * (size + 4) / 2
        for line in lines:
            draw_text(d, (MARGIN, y), line, size, Ink.TEXT, condensed=True, anchor="lm")
            y += size + 4

    def panel_items(self) -> list[Item]:
        """The team headers, the generals' panels and the last move's and attacks' panel, each
        keyed by the words and numbers it shows and where."""
        s, lay = self.scene, self.layout
        items = []
        for kind, key, box in lay.slots:
            if kind == "team":
                roles = s.teams[int(key)]
                shown = (
                    "team",
                    box,
                    tuple(repr(s.seat(r)) for r in roles),
                    s.units_left(roles),
                    s.names_of(roles),
                )
                item = Item(box[1], box[3], (*shown, s.locale), on(s, team_header, int(key), box))
            else:
                item = Item(
                    box[1], box[3], self.player_key(str(key), box), on(s, player_panel, str(key), box)
                )
            items += within([item], box[0], box[2])
        box = lay.info
        inner = box[2] - box[0] - 2 * PAD  # as info_panel wraps
        attacks = tuple(
            (
                key,
                tuple(attack_lines(s, attack, inner)),
                repr(attack.rolls),
                tuple(roller(s, r) for r in attack.rolls),
            )
            for key, attack in attacks_shown(s)
        )
        info = ("info", box, s.locale, tuple(move_lines(s, inner)), attacks)
        return items + within([Item(box[1], box[3], info, on(s, info_panel, box))], box[0], box[2])

    def player_key(self, role: str, box) -> tuple:
        """Everything `player_panel` draws for `role` at `box`."""
        s = self.scene
        side = s.view.sides[role]
        units = [u for u in s.view.units if u.owner == role]
        return (
            "player",
            box,
            s.locale,
            repr(s.seat(role)),
            s.name(role),
            tuple(role_badges(s, role)),
            allegiance(s, side),
            (side.pp, side.aow, sum(1 for u in units if not u.destroyed), len(units)),
            (side.hand_count, side.deck, len(side.discard)),
            tuple(unit_label(s, role, card) for card in side.spent),
        )


def board_image(view: MythicView, names: dict[str, str], locale: str) -> Image.Image:
    return Board(view, names, locale).render()


def board_png(view: MythicView, names: dict[str, str], locale: str) -> bytes:
    return Board(view, names, locale).png()
