"""The public board of Battle for Athena: what a channel sees after every move.

Top to bottom: header (round, duel, phase, who must play), the upper army with its player's
panel, the terrain row, the duel in progress and the last duel's summary, the lower army with
its panel, and a legend. Everything drawn comes from the `AthenaView`: a public view holds no
hidden card, so none can be drawn.
"""

from __future__ import annotations

import json

from PIL import Image, ImageDraw

from engine.athena.view import AthenaView
from engine.i18n import has_key, t
from render.athena.army import GAP, draw_army, layout, row_count, slot_shown
from render.athena.bands import even, sliced
from render.athena.centre import (
    CAPTION,
    DUEL_H,
    DUEL_SHARED,
    duel,
    duel_caption,
    duel_shown,
    last_duel,
    terrain_row,
)
from render.athena.names import colour_name, phase_name
from render.athena.panel import PAD, draw_panel, terrain_summary
from render.athena.scene import Scene, seats
from render.athena.tiles import FRAME, card_back, power_badge, threat_marker
from render.common import (
    THREAT_SHAPE,
    Ink,
    Strip,
    band_strips,
    dashed_box,
    draw_fitted,
    draw_text,
    rounded_box,
    text_width,
    wrap,
)
from render.sprites import visible

WIDTH = 1200
MARGIN = 20
HEADER = 112
HEADER_CUT = 50  # between the title and phase line and the round's line
ARMY_WIDTH = 660
CARD_W, CARD_H = 118, 76
PANEL_MIN = 380
PANEL_X = MARGIN + ARMY_WIDTH + 20
PANEL_TEXT_W = WIDTH - MARGIN - PANEL_X - 2 * PAD  # the panel's lines of text
TERRAINS = 176  # label and terrain row
DUEL = DUEL_H  # caption and the two engaged cards
LAST_DUEL = 34
CENTRE = TERRAINS + DUEL + LAST_DUEL + 44
LEGEND = 54


class Board:
    def __init__(self, view: AthenaView, names: dict[str, str], locale: str) -> None:
        self.upper, self.lower = seats(view)
        self.army_h = {role: army_height(view, role) for role in (self.upper, self.lower)}
        self.centre_top = HEADER + GAP + self.army_h[self.upper] + GAP
        self.height = HEADER + sum(self.army_h.values()) + CENTRE + LEGEND + 4 * GAP
        self.scene = Scene(None, view, names, locale)  # its canvas: the whole board's, or a strip's

    def render(self) -> Image.Image:
        """The whole board on one canvas (what `strips` cut into bands)."""
        self.image = Image.new("RGB", (WIDTH, self.height), Ink.PAPER)
        self.scene.draw = ImageDraw.Draw(self.image)
        self.header()
        self.army_section(self.upper, HEADER + GAP, mirrored=True)
        self.centre(self.centre_top)
        self.army_section(self.lower, self.centre_top + CENTRE + GAP, mirrored=False)
        self.legend(self.height - LEGEND)
        return self.image

    def strips(self) -> list[Strip]:
        """The board as thin bands (see `render.athena.bands`): the header's two lines, each
        army cut between its card rows and between its panel's lines, the terrain row, the
        duel, the last duel and the legend, each keyed by exactly what it shows; after a move
        only the bands where something changed are drawn and encoded again. A band draws its
        whole part clipped to itself (skipping what lies wholly outside), so its pixels equal
        those of `render`. The duel's band is the same rows as in the private views, keyed
        without the viewer: they share it when they show the same duel."""
        v = self.scene.view
        data = _shown(v)
        half = GAP // 2
        upper_top, lower_top = HEADER + GAP, self.centre_top + CENTRE + GAP
        legend_top = self.height - LEGEND
        # the header: title and phase, then round, rounds to win and who plays (the round's
        # digits reach into the upper line)
        turn = {k: data[k] for k in ("round", "duel")}
        bands = [
            ("header", 0, {"scenario": v.scenario, "phase": v.phase} | turn, self.header),
            (
                "header.2",
                HEADER_CUT,
                turn | {k: data[k] for k in ("rounds_to_win", "winner", "active")},
                lambda top: self.header(-top),
            ),
        ]
        bands += self._army_bands(self.upper, upper_top, data, True, self.centre_top - half)
        bands += self._centre_bands(self.centre_top, data, lower_top - half)
        bands += self._army_bands(self.lower, lower_top, data, False, even(legend_top - half))
        bands.append(("legend", legend_top - half, {}, lambda top: self.legend(legend_top - top)))
        common = (self.scene.locale, tuple(sorted(self.scene.names.items())), tuple(v.roles))
        strips = band_strips("athena.board", common, bands, self.height, self._drawer)
        shared_at, shared = self.shared  # the rows the private views show alike
        for strip, (_, top, _, _) in zip(strips, bands, strict=True):
            if top == shared_at:
                strip.key = shared
        return strips

    def _army_bands(self, role: str, at: int, data: dict, mirrored: bool, end: int) -> list:
        """An army and its panel: cut between the rows of cards and between the panel's lines
        (name and badges, rounds, VP, counts, captures, terrains won)."""
        army, winner = data["armies"][role], data["winner"]
        badges = (winner is None and role in data["active"], winner is None and role == data["attacker"])
        height = self.army_h[role]
        boxes = self._army_boxes(role, at, mirrored)
        slots = self.scene.view.armies[role].slots
        lines = len(
            wrap(
                terrain_summary(self.scene, self.scene.view.armies[role]), PANEL_TEXT_W, 20, 2, condensed=True
            )
        )
        terrain_top = at + height - 12 - 24 * lines - 28
        items = [
            (at + 8, at + 52, "badges", badges),
            (at + 54, at + 90, "rounds", (army["rounds_won"], data["rounds_to_win"])),
            (at + 90, at + 128, "round_vp", army["round_vp"]),
            (
                at + 130,
                at + 200,
                "counts",
                [army[k] for k in ("tokens", "hand_count", "power_deck", "power_discard")],
            ),
            (at + 204, terrain_top - 4, "captured", (army["captured"], lines)),
            (terrain_top - 4, at + height - 8, "terrains", (army["terrains"], army["terrain_vp"])),
        ]
        for slot in slots:
            x0, y0, x1, y1 = boxes[slot.slot]
            items.append((y0 - FRAME, y1 + FRAME + 1, f"slot{slot.slot}", slot_shown(slot, False)))
        rows = sorted({boxes[s.slot][3] + GAP // 2 for s in slots})
        cuts = [at - GAP // 2, at + 52, at + 90, at + 130, at + 202, terrain_top - 4, *rows]
        geometry = ([(s.slot, s.row, s.x) for s in slots], height, mirrored)

        def draw(top: int) -> None:
            self.army_section(role, at - top, mirrored)

        return sliced(role, at, [c for c in cuts if c >= at - GAP // 2], end, items, geometry, draw)

    def _army_boxes(self, role: str, top: int, mirrored: bool) -> dict:
        """The card boxes of `army_section` (the same layout)."""
        slots = self.scene.view.armies[role].slots
        rows_h = row_count(slots) * (CARD_H + GAP) - GAP
        start = top + (self.army_h[role] - rows_h) // 2
        return layout(slots, MARGIN, start, ARMY_WIDTH, CARD_W, lambda _row: CARD_H, mirrored)[0]

    def _centre_bands(self, at: int, data: dict, end: int) -> list:
        """The terrain row, the duel (its caption's first rows apart: the band above shows
        them), the last duel."""
        v, s = self.scene.view, self.scene

        def draw(top: int) -> None:
            self.centre(at - top)

        y = at + TERRAINS + 22  # the duel's box
        shown = duel_shown(s)
        terrains = {
            "row": v.terrain_row,
            "deck": v.terrain_deck,
            "values": [v.terrain_values.get(code) for code in v.terrain_row],
        }
        items = [
            (at + 6, at + TERRAINS + 2, "terrains", terrains),
            (y, y + CAPTION - 4, "caption", duel_caption(s)),
            (y + CAPTION - 4, y + DUEL + 1, "duel", shown),
            (y + DUEL + 10, at + CENTRE - 6, "last", data["last_duel"]),
        ]
        cuts = [at - GAP // 2, y - 6, y + DUEL_SHARED[0], y + DUEL_SHARED[1], y + DUEL + 6]
        bands = sliced("centre", at, cuts, end, items, None, draw)
        top = even(y + DUEL_SHARED[0])  # the duel's box `top - y` rows into the band
        self.shared = (top, ("athena.duel", s.locale, top - y, json.dumps(shown, sort_keys=True)))
        return bands

    def _drawer(self, draw, top: int):
        def on(canvas: ImageDraw.ImageDraw) -> None:
            scene = self.scene
            self.scene = Scene(canvas, scene.view, scene.names, scene.locale)
            try:
                draw(top)
            finally:
                self.scene = scene

        return on

    def header(self, o: int = 0) -> None:
        """The header, `o` px down (negative: cut from a band below its top)."""
        s, v = self.scene, self.scene.view
        d = s.draw
        d.rectangle((0, o, WIDTH, o + HEADER), fill=Ink.HEADER)
        title = s.label("title")
        if has_key(f"athena.scenario.{v.scenario}"):  # shown once the engine's catalog names it
            title += " — " + t(f"athena.scenario.{v.scenario}", s.locale)
        draw_fitted(
            d, (MARGIN, o + 8, WIDTH // 2, o + 34), title, 22, Ink.GOLD, min_size=16, bold=True, anchor="lm"
        )
        draw_text(
            d,
            (MARGIN, o + 56),
            s.label("round_duel", round=v.round, duel=v.duel),
            34,
            Ink.WHITE,
            bold=True,
            anchor="lm",
        )
        draw_text(d, (MARGIN, o + 94), s.label("first_to", n=v.rounds_to_win), 20, Ink.PAPER, anchor="lm")
        right = WIDTH - MARGIN
        draw_fitted(
            d,
            (WIDTH // 2, o + 10, right, o + 50),
            s.label("phase", phase=phase_name(v.phase, s.locale)),
            30,
            Ink.WHITE,
            min_size=20,
            bold=True,
            anchor="rm",
        )
        outcome = s.outcome()
        if outcome:
            draw_fitted(
                d,
                (WIDTH // 3, o + 60, right, o + 100),
                outcome,
                30,
                Ink.GOLD,
                min_size=20,
                bold=True,
                anchor="rm",
            )
        elif v.active:
            text = s.label("to_play", names=", ".join(s.name(r) for r in v.active))
            draw_fitted(
                d,
                (WIDTH // 2, o + 60, right, o + 100),
                text,
                26,
                Ink.SKY,
                min_size=18,
                bold=True,
                anchor="rm",
            )

    def army_section(self, role: str, top: int, mirrored: bool) -> None:
        """The army on the left (pyramid pointing at the duel), its player's panel on the right."""
        army = self.scene.view.armies[role]
        height = self.army_h[role]
        rows_h = row_count(army.slots) * (CARD_H + GAP) - GAP
        boxes, _ = layout(
            army.slots,
            MARGIN,
            top + (height - rows_h) // 2,
            ARMY_WIDTH,
            CARD_W,
            lambda _row: CARD_H,
            mirrored,
        )
        draw_army(self.scene.draw, army.slots, boxes, self.scene.locale)
        draw_panel(self.scene, army, (PANEL_X, top, WIDTH - MARGIN, top + height))

    def centre(self, top: int) -> None:
        left, right = MARGIN, WIDTH - MARGIN
        d = self.scene.draw
        rounded_box(d, (left, top, right, top + CENTRE), Ink.BAND, Ink.PANEL_EDGE, 2, 12)
        if visible(d, top, top + TERRAINS + 8):
            terrain_row(self.scene, (left + 14, top + 12, right - 14, top + TERRAINS))
        y = top + TERRAINS + 22
        d.line((left + 14, y - 10, right - 14, y - 10), fill=Ink.PANEL_EDGE, width=2)
        if visible(d, y - 4, y + DUEL + 4):
            duel(self.scene, (left + 14, y, right - 14, y + DUEL))
        if visible(d, y + DUEL + 4, top + CENTRE):
            last_duel(self.scene, (left + 14, y + DUEL + 10, right - 14, top + CENTRE - 8))

    def legend(self, top: int) -> None:
        """What the frames, outlines, badges and shapes mean."""
        s = self.scene
        d = s.draw
        y, h = top + 8, 34
        mid = y + h / 2 + 1
        x = MARGIN
        icons = [
            (lambda b: card_back(d, b, None, True), s.label("legend.available")),
            (lambda b: card_back(d, b, None, False), s.label("legend.covered")),
            (lambda b: dashed_box(d, b, Ink.FAINT, dash=6), s.label("legend.removed")),
        ]
        for draw_icon, text in icons:
            draw_icon((x + 6, y + 2, x + 50, y + h))
            draw_text(d, (x + 64, mid), text, 20, Ink.TEXT, anchor="lm")
            x += 80 + text_width(text, 20)
        power_badge(d, (x + 28, y + 2), 2)
        text = s.label("legend.powers")
        draw_text(d, (x + 42, mid), text, 20, Ink.TEXT, anchor="lm")
        x += 58 + text_width(text, 20)
        for colour in THREAT_SHAPE:
            threat_marker(d, (x + 12, mid), 22, colour)
            name = colour_name(colour, s.locale)
            draw_text(d, (x + 28, mid), name, 20, Ink.TEXT, anchor="lm")
            x += 44 + text_width(name, 20)


def _shown(v: AthenaView) -> dict:
    """The parts of the view the board's bands are keyed by, as JSON values (dumping only
    these: the whole view's dump cost more than the rest of the keys)."""
    army_fields = {"tokens", "hand_count", "power_deck", "power_discard", "captured", "terrains"}
    army_fields |= {"terrain_vp", "round_vp", "rounds_won"}
    return {
        "round": v.round,
        "duel": v.duel,
        "rounds_to_win": v.rounds_to_win,
        "winner": v.winner,
        "active": v.active,
        "attacker": v.attacker,
        "last_duel": v.last_duel.model_dump(mode="json") if v.last_duel is not None else None,
        "armies": {
            role: army.model_dump(mode="json", include=army_fields) for role, army in v.armies.items()
        },
    }


def army_height(view: AthenaView, role: str) -> int:
    return max(PANEL_MIN, row_count(view.armies[role].slots) * (CARD_H + GAP) + GAP)


def board_image(view: AthenaView, names: dict[str, str], locale: str) -> Image.Image:
    return Board(view, names, locale).render()


def board_strips(view: AthenaView, names: dict[str, str], locale: str) -> list[Strip]:
    return Board(view, names, locale).strips()
