"""The public board of Battle for Athena: what a channel sees after every move.

Top to bottom: header (round, duel, phase, who must play), the upper army with its player's
panel, the terrain row, the duel in progress and the last duel's summary, the lower army with
its panel, and a legend. Everything drawn comes from the `AthenaView`: a public view holds no
hidden card, so none can be drawn.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.athena.view import AthenaView
from engine.i18n import has_key, t
from render.athena.army import GAP, draw_army, layout, row_count
from render.athena.centre import duel, last_duel, terrain_row
from render.athena.names import colour_name, phase_name
from render.athena.panel import draw_panel
from render.athena.scene import Scene, seats
from render.athena.tiles import card_back, power_badge, threat_marker
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
)

WIDTH = 1200
MARGIN = 20
HEADER = 112
ARMY_WIDTH = 660
CARD_W, CARD_H = 118, 76
PANEL_MIN = 380
PANEL_X = MARGIN + ARMY_WIDTH + 20
TERRAINS = 176  # label and terrain row
DUEL = 194  # caption and the two engaged cards
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
        """The board as bands, each keyed by the parts of the view it shows: after a move, only
        the bands whose part changed are drawn and encoded again. Each part (header, upper army,
        centre, lower army, legend) is cut in the middle of the gaps around it, and cut again
        between the lines of its panel or of the centre; a band draws its whole part clipped to
        itself, so its pixels equal those of `render`."""
        v = self.scene.view
        data = v.model_dump(mode="json")
        half = GAP // 2
        upper_top, lower_top = HEADER + GAP, self.centre_top + CENTRE + GAP
        header = {
            k: data[k] for k in ("scenario", "round", "duel", "rounds_to_win", "phase", "active", "winner")
        }
        bands = [("header", 0, header, lambda top: self.header())]
        bands += self._army_bands(self.upper, upper_top, upper_top - half, data, True)
        bands += self._centre_bands(self.centre_top, data)
        bands += self._army_bands(self.lower, lower_top, lower_top - half, data, False)
        legend_top = self.height - LEGEND
        bands.append(("legend", legend_top - half, {}, lambda top: self.legend(legend_top - top)))
        common = (self.scene.locale, tuple(sorted(self.scene.names.items())), tuple(v.roles))
        return band_strips("athena.board", common, bands, self.height, self._drawer)

    def _army_bands(self, role: str, at: int, start: int, data: dict, mirrored: bool) -> list:
        """An army and its panel, cut between the panel's lines (name and badges, rounds and
        VP, counts, captures and terrains); a band shows the cards whose box (and its 5 px
        frame) reaches into it."""
        army, winner = data["armies"][role], data["winner"]
        badges = (winner is None and role in data["active"], winner is None and role == data["attacker"])
        boxes = self._army_boxes(role, at, mirrored)
        shape = [(s["slot"], s["row"], s["x"]) for s in army["slots"]]

        def draw(top: int) -> None:
            self.army_section(role, at - top, mirrored)

        fields = [
            (start, {"badges": badges}),
            (at + 52, {k: army[k] for k in ("rounds_won", "round_vp")} | {"need": data["rounds_to_win"]}),
            (at + 130, {k: army[k] for k in ("tokens", "hand_count", "power_deck", "power_discard")}),
            (at + 202, {k: army[k] for k in ("captured", "terrains", "terrain_vp")}),
        ]
        ends = [top for top, _ in fields[1:]] + [at + self.army_h[role] + GAP]
        bands = []
        for i, ((top, keyed), end) in enumerate(zip(fields, ends, strict=True)):
            shown = [
                s for s in army["slots"] if boxes[s["slot"]][1] - 8 < end and boxes[s["slot"]][3] + 8 > top
            ]
            bands.append((f"{role}.{i}", top, {"shape": shape, "slots": shown, **keyed}, draw))
        return bands

    def _army_boxes(self, role: str, top: int, mirrored: bool) -> dict:
        """The card boxes of `army_section` (the same layout)."""
        slots = self.scene.view.armies[role].slots
        rows_h = row_count(slots) * (CARD_H + GAP) - GAP
        start = top + (self.army_h[role] - rows_h) // 2
        return layout(slots, MARGIN, start, ARMY_WIDTH, CARD_W, lambda _row: CARD_H, mirrored)[0]

    def _centre_bands(self, at: int, data: dict) -> list:
        """The terrain row, the duel, the last duel."""
        v = self.scene.view

        def draw(top: int) -> None:
            self.centre(at - top)

        resolved = all(e.value is not None for e in v.engaged.values()) and v.phase != "resolution"
        duel = {k: data[k] for k in ("engaged", "duel", "attacker", "winner")} | {"resolved": resolved}
        duel_top = at + TERRAINS + 6
        return [
            (
                "terrains",
                at - GAP // 2,
                {k: data[k] for k in ("terrain_row", "terrain_deck", "terrain_values")},
                draw,
            ),
            ("duel", duel_top, duel, draw),
            ("last", duel_top + 16 + DUEL + 6, {"last": data["last_duel"]}, draw),
        ]

    def _drawer(self, draw, top: int):
        def on(canvas: ImageDraw.ImageDraw) -> None:
            scene = self.scene
            self.scene = Scene(canvas, scene.view, scene.names, scene.locale)
            try:
                draw(top)
            finally:
                self.scene = scene

        return on

    def header(self) -> None:
        s, v = self.scene, self.scene.view
        d = s.draw
        d.rectangle((0, 0, WIDTH, HEADER), fill=Ink.HEADER)
        title = s.label("title")
        if has_key(f"athena.scenario.{v.scenario}"):  # shown once the engine's catalog names it
            title += " — " + t(f"athena.scenario.{v.scenario}", s.locale)
        draw_fitted(d, (MARGIN, 8, WIDTH // 2, 34), title, 22, Ink.GOLD, min_size=16, bold=True, anchor="lm")
        draw_text(
            d,
            (MARGIN, 56),
            s.label("round_duel", round=v.round, duel=v.duel),
            34,
            Ink.WHITE,
            bold=True,
            anchor="lm",
        )
        draw_text(d, (MARGIN, 94), s.label("first_to", n=v.rounds_to_win), 20, Ink.PAPER, anchor="lm")
        right = WIDTH - MARGIN
        draw_fitted(
            d,
            (WIDTH // 2, 10, right, 50),
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
                d, (WIDTH // 3, 60, right, 100), outcome, 30, Ink.GOLD, min_size=20, bold=True, anchor="rm"
            )
        elif v.active:
            text = s.label("to_play", names=", ".join(s.name(r) for r in v.active))
            draw_fitted(
                d, (WIDTH // 2, 60, right, 100), text, 26, Ink.SKY, min_size=18, bold=True, anchor="rm"
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
        rounded_box(self.scene.draw, (left, top, right, top + CENTRE), Ink.BAND, Ink.PANEL_EDGE, 2, 12)
        terrain_row(self.scene, (left + 14, top + 12, right - 14, top + TERRAINS))
        y = top + TERRAINS + 22
        self.scene.draw.line((left + 14, y - 10, right - 14, y - 10), fill=Ink.PANEL_EDGE, width=2)
        duel(self.scene, (left + 14, y, right - 14, y + DUEL))
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


def army_height(view: AthenaView, role: str) -> int:
    return max(PANEL_MIN, row_count(view.armies[role].slots) * (CARD_H + GAP) + GAP)


def board_image(view: AthenaView, names: dict[str, str], locale: str) -> Image.Image:
    return Board(view, names, locale).render()


def board_strips(view: AthenaView, names: dict[str, str], locale: str) -> list[Strip]:
    return Board(view, names, locale).strips()
