"""One player's private view of Battle for Athena (sent by DM or as an ephemeral reply):
the duel in progress (or the last one of the round), their own army face up with the powers
attached to each slot, their hand of power cards (004 §IV.B: name, code, cost, VP, phase,
duration, effect), and what they legitimately learned of the opponent's army. Power codes
stand beside the names: moves are typed with them (`CM@15`) and they come from the French
names, so an English name alone would not tell them."""

from __future__ import annotations

import json

from PIL import Image, ImageDraw

from engine.athena.view import AthenaView, PowerFace, SlotView
from render.athena.army import GAP, draw_army, layout, row_count, slot_shown
from render.athena.bands import even, sliced
from render.athena.centre import CAPTION, DUEL_H, DUEL_SHARED, duel, duel_caption, duel_shown, last_duel
from render.athena.names import card_name, colour_name, label, phase_name, player_name, power_name, power_text
from render.athena.scene import Scene, seats
from render.athena.tiles import FRAME, threat_marker
from render.common import (
    Ink,
    Strip,
    band_strips,
    draw_fitted,
    draw_text,
    pills_leftwards,
    rounded_box,
    text_width,
    wrap,
)
from render.sprites import visible

WIDTH = 1200
MARGIN = 20
HEADER = 96
HEADER_CUT = 54  # between the title and counts line and the round's line
CARD_W = 212
FACE_H = 86  # a face without powers: band, name, stats
POWER_LINE = 27
POWER_HEAD = 44  # name and badges of a power in hand
TEXT_SIZE, TEXT_LINE, TEXT_LINES = 20, 26, 3
LAST_DUEL_H = 34
DUEL_AREA = DUEL_H + LAST_DUEL_H + 36  # inside its band, with padding


class Private:
    def __init__(self, view: AthenaView, names: dict[str, str], locale: str) -> None:
        self.view, self.names, self.locale = view, names, locale
        self.me = view.viewer if view.viewer in view.armies else seats(view)[1]
        self.army = view.armies[self.me]
        self.opponent = next(r for r in view.roles if r != self.me)
        self.intel = [s for s in view.armies[self.opponent].slots if s.present and (s.card or s.known_colour)]
        self.hand = self.army.hand or []
        self.effects = [
            wrap(power_text(p.code, locale), WIDTH - 2 * MARGIN - 40, TEXT_SIZE, TEXT_LINES)
            for p in self.hand
        ]
        self.rows = {r: self.row_height(r) for r in range(row_count(self.army.slots))}
        army_h = sum(self.rows.values()) + GAP * max(len(self.rows) - 1, 0)
        hand_h = sum(self.power_height(lines) for lines in self.effects) or 50
        # the duel area once duels have begun: both cards, as the board shows them
        self.duel_area = DUEL_AREA + 16 if view.engaged or view.phase not in ("build", "deploy") else 0
        self.height = (
            HEADER + self.duel_area + 56 + army_h + 24 + (50 if self.intel else 0) + 44 + hand_h + MARGIN - 10
        )
        self.draw: ImageDraw.ImageDraw | None = None  # the whole image's canvas, or a strip's

    def row_height(self, row: int) -> int:
        """Tall enough for the slot of that row with the most powers shown."""
        most = max((len(s.powers or []) for s in self.army.slots if s.row == row and s.card), default=0)
        return FACE_H + POWER_LINE * most

    @staticmethod
    def power_height(effect: list[str]) -> int:
        return POWER_HEAD + TEXT_LINE * len(effect) + 20

    def render(self) -> Image.Image:
        """The whole image on one canvas (what `strips` cut into bands)."""
        self.image = Image.new("RGB", (WIDTH, self.height), Ink.PAPER)
        self.draw = ImageDraw.Draw(self.image)
        self.header()
        y = HEADER + 16
        if self.duel_area:
            self.duel_band(y)
            y += self.duel_area
        y = self.army_part(y)
        self.rest(y)
        return self.image

    def army_part(self, y: int) -> int:
        """ "Your army" and the army; returns where what follows starts."""
        draw_text(self.draw, (MARGIN, y), label("your_army", self.locale), 26, Ink.TEXT, bold=True)
        self.engaged_note(y)
        y += 40
        boxes, used = layout(
            self.army.slots, MARGIN, y, WIDTH - 2 * MARGIN, CARD_W, self.rows.__getitem__, mirrored=False
        )
        draw_army(self.draw, self.army.slots, boxes, self.locale, with_powers=True)
        return y + used + 24

    def rest(self, y: int) -> None:
        """What this player learned of the opponent's army, and their hand."""
        if self.intel:
            self.intel_line(y)
            y += 50
        self.hand_list(y)

    def strips(self) -> list[Strip]:
        """The image as thin bands (see `render.athena.bands`), each keyed by exactly what it
        shows: the header's two lines (counts, then round and phase), the duel (the same rows
        as on the board, keyed without the viewer: shared with the board and the other
        player's view whenever they show the same duel) and the last duel, the army's title
        and each row of cards, what was learned of the opponent, and each power in hand."""
        view, me = self.view, self.me
        v = {
            "round": view.round,
            "duel": view.duel,
            "phase": view.phase,
            "attacker": view.attacker,
            "last_duel": view.last_duel.model_dump(mode="json") if view.last_duel is not None else None,
        }
        army = view.armies[me].model_dump(mode="json", include={"tokens", "hand_count", "power_deck", "hand"})
        common = (self.locale, tuple(sorted(self.names.items())), tuple(self.view.roles), me)
        army_top = HEADER + 16 + self.duel_area
        rest_top = army_top + 40 + self.army_height() + 24

        def army_draw(top: int) -> None:
            self.army_part(army_top - top)

        def rest_draw(top: int) -> None:
            self.rest(rest_top - top)

        parts = [
            ("header", 0, {k: army[k] for k in ("tokens", "hand_count", "power_deck")}, self.header),
            (
                "header.2",
                HEADER_CUT,
                {k: v[k] for k in ("round", "duel", "phase")} | {"attacker": me == v["attacker"]},
                lambda top: self.header(-top),
            ),
        ]
        shared_at = None
        if self.duel_area:  # the duel in progress, then the last duel
            frame = HEADER + 16  # the duel area's top

            def duel_draw(top: int) -> None:
                self.duel_band(frame - top)

            scene = Scene(None, self.view, self.names, self.locale)
            shown = duel_shown(scene)
            items = [
                (frame + 12, frame + 8 + CAPTION, "caption", duel_caption(scene)),
                (frame + 8 + CAPTION, frame + 13 + DUEL_H, "duel", shown),
                (frame + 18 + DUEL_H, frame + DUEL_AREA, "last", v["last_duel"]),
            ]
            cuts = [HEADER + 8, frame + 12 + DUEL_SHARED[0], frame + 12 + DUEL_SHARED[1]]
            parts += sliced("duel", frame, cuts, even(army_top - 8), items, None, duel_draw)
            shared_at = even(frame + 12 + DUEL_SHARED[0])
            offset = shared_at - (frame + 12)  # the duel's box top in the band, as on the board
            shared = ("athena.duel", self.locale, offset, json.dumps(shown, sort_keys=True))
        # the army: its title (and the note of the engaged card), then each row of cards
        boxes, _ = layout(
            self.army.slots, MARGIN, army_top + 40, WIDTH - 2 * MARGIN, CARD_W, self.rows.__getitem__, False
        )
        items = [(army_top - 2, army_top + 34, "title", self.note())]
        for slot in self.army.slots:
            _, y0, _, y1 = boxes[slot.slot]
            items.append((y0 - FRAME, y1 + FRAME + 1, f"slot{slot.slot}", slot_shown(slot, True)))
        cuts = [army_top - 8] + [boxes[s.slot][1] - GAP // 2 for s in self.army.slots]
        geometry = [(s.slot, s.row, s.x) for s in self.army.slots]  # across: rows are items
        parts += sliced("army", army_top, cuts, even(rest_top - 8), items, geometry, army_draw, local=True)
        # what was learned of the opponent and the hand's title, then each power of the hand
        intel = [s.model_dump(mode="json") for s in self.intel]
        hand = army["hand"] or []
        rest = {"intel": intel, "hand": len(hand)}
        parts.append(("rest", rest_top - 8, rest, rest_draw))
        y = rest_top + (50 if self.intel else 0) + 44
        for power, effect in zip(hand, self.effects, strict=True):
            parts.append(("power", y - 5, {"power": power}, rest_draw))
            y += self.power_height(effect)
        strips = band_strips("athena.private", common, parts, self.height, self._drawer)
        if shared_at is not None:
            for strip, part in zip(strips, parts, strict=True):
                if part[1] == shared_at:
                    strip.key = shared
        return strips

    def army_height(self) -> int:
        return layout(
            self.army.slots, MARGIN, 0, WIDTH - 2 * MARGIN, CARD_W, self.rows.__getitem__, mirrored=False
        )[1]

    def _drawer(self, draw, top: int):
        def on(canvas: ImageDraw.ImageDraw) -> None:
            self.draw = canvas
            try:
                draw(top)
            finally:
                self.draw = None

        return on

    def header(self, o: int = 0) -> None:
        """The header, `o` px down (negative: cut from a band below its top)."""
        d, v, loc = self.draw, self.view, self.locale
        d.rectangle((0, o, WIDTH, o + HEADER), fill=Ink.HEADER)
        name = player_name(self.me, self.names)
        draw_fitted(
            d,
            (MARGIN, o + 8, WIDTH * 0.6, o + 50),
            label("private_title", loc, name=name),
            30,
            Ink.WHITE,
            min_size=20,
            bold=True,
            anchor="lm",
        )
        status = (
            f"{label('round_duel', loc, round=v.round, duel=v.duel)} · "
            f"{label('phase', loc, phase=phase_name(v.phase, loc))}"
        )
        draw_fitted(d, (MARGIN, o + 54, WIDTH * 0.6, o + 88), status, 22, Ink.PAPER, min_size=16, anchor="lm")
        counts = [
            ("tokens", self.army.tokens),
            ("hand", self.army.hand_count),
            ("deck", self.army.power_deck),
        ]
        pills_leftwards(
            d,
            WIDTH - MARGIN,
            o + 22,
            [f"{label(key, loc)} {value}" for key, value in counts],
            22,
            Ink.PAPER,
            Ink.TEXT,
        )
        if self.me == v.attacker:
            text = label("attacker", loc)
            pills_leftwards(d, WIDTH - MARGIN, o + 60, [text], 20, Ink.GOLD, Ink.BLACK)

    def duel_band(self, y: int) -> None:
        """The engaged cards side by side, attacker on the left (004 §VI.B "Phase
        d'Engagement"), with what this player knows of the opponent's card, then the last
        duel of the round."""
        x0, x1 = MARGIN, WIDTH - MARGIN
        rounded_box(self.draw, (x0, y, x1, y + DUEL_AREA), Ink.BAND, Ink.PANEL_EDGE, 2, 12)
        scene = Scene(self.draw, self.view, self.names, self.locale)
        if visible(self.draw, y + 8, y + 16 + DUEL_H):
            duel(scene, (x0 + 14, y + 12, x1 - 14, y + 12 + DUEL_H))
        if visible(self.draw, y + 14 + DUEL_H, y + DUEL_AREA):
            last_duel(scene, (x0 + 14, y + 18 + DUEL_H, x1 - 14, y + DUEL_AREA - 8))

    def note(self) -> str | None:
        """ "In the duel: slot 4 — Hoplite" beside the army's title, while the duel goes on."""
        engaged = self.view.engaged.get(self.me)
        if engaged is None or engaged.value is not None:  # a resolved duel is shown above, not "in the duel"
            return None
        text = label("in_duel", self.locale, slot=engaged.slot)
        if engaged.card is not None:
            text += f" — {card_name(engaged.card.code, self.locale)}"
        return text

    def engaged_note(self, y: int) -> None:
        text = self.note()
        if text is None:
            return
        draw_fitted(
            self.draw,
            (WIDTH // 3, y, WIDTH - MARGIN, y + 32),
            text,
            22,
            Ink.BLUE,
            min_size=16,
            bold=True,
            anchor="rm",
        )

    def intel_line(self, y: int) -> None:
        """Opponent slots this player saw (Clairvoyance) or whose colour they learned."""
        d, loc = self.draw, self.locale
        title = label("intel", loc, name=player_name(self.opponent, self.names))
        draw_text(d, (MARGIN, y + 4), title, 22, Ink.TEXT, bold=True)
        x = MARGIN + text_width(title, 22, True) + 16
        for slot in self.intel:
            x = self.intel_chip(slot, x, y)
            if x > WIDTH - MARGIN:
                break

    def intel_chip(self, slot: SlotView, x: int, y: int) -> int:
        colour = slot.card.colour if slot.card else slot.known_colour or ""
        text = f"{slot.slot}: " + (
            card_name(slot.card.code, self.locale) if slot.card else colour_name(colour, self.locale)
        )
        width = min(text_width(text, 20, False, True) + 44, WIDTH - MARGIN - x)
        if width < 60:
            return WIDTH
        rounded_box(self.draw, (x, y, x + width, y + 34), Ink.WHITE, Ink.PANEL_EDGE, 1, 6)
        threat_marker(self.draw, (x + 16, y + 17), 18, colour)
        draw_fitted(
            self.draw,
            (x + 30, y, x + width - 6, y + 34),
            text,
            20,
            Ink.TEXT,
            min_size=14,
            condensed=True,
            anchor="lm",
        )
        return x + width + 8

    def hand_list(self, y: int) -> None:
        d, loc = self.draw, self.locale
        draw_text(d, (MARGIN, y), label("your_hand", loc, n=len(self.hand)), 26, Ink.TEXT, bold=True)
        y += 44
        if not self.hand:
            draw_text(d, (MARGIN, y + 10), label("empty_hand", loc), 22, Ink.MUTED)
            return
        for power, effect in zip(self.hand, self.effects, strict=True):
            height = self.power_height(effect)
            if visible(self.draw, y - 4, y + height):
                self.power_row(power, effect, (MARGIN, y, WIDTH - MARGIN, y + height - 10))
            y += height

    def power_row(self, power: PowerFace, effect: list[str], box: tuple[int, int, int, int]) -> None:
        """A power card on one line: name and badges, then its effect."""
        d, loc = self.draw, self.locale
        x0, y0, x1, y1 = box
        rounded_box(d, box, Ink.WHITE, Ink.PURPLE, 3, 10)
        rounded_box(d, (x0, y0, x0 + 12, y1), Ink.PURPLE, None, radius=6)
        badges = [
            label("cost", loc, n=power.cost),
            label("vp", loc, n=power.vp),
            phase_name(power.phase, loc),
            label("lasting" if power.lasting else "instant", loc),
        ]
        bx = pills_leftwards(d, x1 - 10, y0 + 8, badges, 20, Ink.PANEL, Ink.TEXT)
        draw_fitted(
            d,
            (x0 + 24, y0 + 6, bx - 10, y0 + 38),
            f"{power_name(power.code, loc)} ({power.code})",
            26,
            Ink.TEXT,
            min_size=18,
            bold=True,
            anchor="lm",
        )
        for i, line in enumerate(effect):
            draw_text(d, (x0 + 24, y0 + POWER_HEAD + TEXT_LINE * i), line, TEXT_SIZE, Ink.TEXT)


def private_image(view: AthenaView, names: dict[str, str], locale: str) -> Image.Image:
    return Private(view, names, locale).render()


def private_strips(view: AthenaView, names: dict[str, str], locale: str) -> list[Strip]:
    return Private(view, names, locale).strips()
