"""One general's private view (sent by DM or as an ephemeral reply): their hand of maneuver
cards grouped by unit, what each group allows now, then their army's roster.

001 §"Game Turn" and §III: a maneuver card of a unit activates that unit, once a turn; the
n-th activation of a turn costs n-1 Art of War cards (power points may replace them with a
Leader: 000 §"Leader"); 001 §"The Maneuver Cards": a card may be converted into power points
equal to its unit's Leadership, or 1 if the unit is destroyed (001 l.393)."""

from __future__ import annotations

from collections import Counter

from PIL import Image

from engine.mythic.view import MythicView, UnitView
from render.common import Ink, code_label, draw_fitted, draw_text, fit_lines, pill, rounded_box, text_width
from render.mythic.roster import GAP, HEADER, MARGIN, WIDTH, army, cards_height, draw_cards, roster_header
from render.mythic.scene import Scene
from render.mythic.token import draw_token

ROW = 66
SECTION = 46
NEXT = 62  # the lines about the next activation's cost
STATUS_INK = {  # (fill, text) of each status pill; the words carry the meaning, the fill helps
    "now": (Ink.THREAT["green"], Ink.BLACK),
    "cannot_pay": (Ink.THREAT["orange"], Ink.BLACK),
    "activated": (Ink.GOLD, Ink.BLACK),
    "destroyed": (Ink.FAINT, Ink.WHITE),
}


def viewer(view: MythicView) -> str:
    return view.viewer if view.viewer in view.sides else view.roles[0]


def has_leader(units: list[UnitView]) -> bool:
    return any(t.id == "leader" for u in units if u.stats for t in u.stats.talents)


def my_decision(view: MythicView, me: str, kind: str) -> bool:
    return view.decision is not None and view.decision.kind == kind and me in view.decision.roles


def next_cost(view: MythicView) -> int:
    """Art of War cards the next activation costs this turn (001 §III)."""
    return len(view.activations)


def can_pay(view: MythicView, me: str) -> bool:
    side = view.sides[me]
    extra = side.pp if has_leader(army(view, me)) else 0
    return next_cost(view) <= side.aow + extra


def card_status(view: MythicView, me: str, unit: UnitView | None) -> str:
    """What a maneuver card of `unit` allows now: one of the `render.mythic.hand.*` keys."""
    if unit is None or unit.destroyed:
        return "destroyed"
    if unit.square is None:
        return "not_deployed"
    if unit.activated:
        return "activated"
    if my_decision(view, me, "main"):
        return "now" if can_pay(view, me) else "cannot_pay"
    return "this_turn" if view.current == me else "your_turn"


def convert_value(unit: UnitView | None) -> int:
    return unit.leadership if unit is not None and not unit.destroyed else 1


class Private:
    def __init__(self, view: MythicView, names: dict[str, str], locale: str) -> None:
        self.scene = Scene(view, names, locale)
        self.me = viewer(view)
        side = view.sides[self.me]
        self.groups = Counter(side.hand or [])
        self.units = {u.unit: u for u in army(view, self.me)}
        self.army = army(view, self.me)
        hand_h = SECTION + max(len(self.groups), 1) * ROW + NEXT
        body = cards_height(self.scene, self.army) if self.army else 60
        self.roster_top = HEADER + GAP + hand_h + GAP + SECTION
        self.scene.canvas(WIDTH, self.roster_top + body + MARGIN)

    def render(self) -> Image.Image:
        s = self.scene
        roster_header(s, self.me, s.label("private_title", name=s.name(self.me)))
        y = self.hand(HEADER + GAP)
        self.next_line(y)
        y = self.roster_top - SECTION
        draw_text(s.draw, (MARGIN, y + 8), s.label("your_army"), 26, Ink.TEXT, bold=True)
        if self.army:
            draw_cards(s, self.army, self.roster_top)
        else:
            draw_fitted(
                s.draw,
                (MARGIN, self.roster_top, WIDTH - MARGIN, self.roster_top + 50),
                s.label("army_unrevealed", units=", ".join(s.view.sides[self.me].army or [])),
                22,
                Ink.MUTED,
                min_size=16,
            )
        return s.image

    def hand(self, top: int) -> int:
        s = self.scene
        count = sum(self.groups.values())
        draw_text(s.draw, (MARGIN, top + 8), s.label("your_hand", n=count), 26, Ink.TEXT, bold=True)
        y = top + SECTION
        if not self.groups:
            draw_text(s.draw, (MARGIN, y + 16), s.label("empty_hand"), 22, Ink.MUTED)
            return y + ROW
        # the cards that activate a unit now first, then in the army's order
        order = {u.unit: i for i, u in enumerate(self.army)}
        cards = sorted(
            self.groups,
            key=lambda c: (
                card_status(s.view, self.me, self.units.get(c)) != "now",
                order.get(c, len(order)),
                c,
            ),
        )
        for card in cards:
            self.group_row(card, self.groups[card], y)
            y += ROW
        return y

    def group_row(self, card: str, count: int, top: int) -> None:
        s, d = self.scene, self.scene.draw
        unit = self.units.get(card)
        box = (MARGIN, top, WIDTH - MARGIN, top + ROW - 8)
        status = card_status(s.view, self.me, unit)
        rounded_box(
            d,
            box,
            Ink.WHITE,
            Ink.PANEL_EDGE if status != "now" else Ink.BLACK,
            2 if status != "now" else 3,
            10,
        )
        x = MARGIN + 12
        if unit is not None:
            draw_token(
                d,
                unit,
                (x + 26, top + (ROW - 8) / 2),
                50,
                s.seat(self.me),
                s.labels[unit.uid],
                s.faction_mark(unit),
            )
            name = s.unit_text(unit.uid) + (f" · {unit.square}" if unit.square else "")
        else:
            name = code_label(f"render.mythic.card.{card}", s.locale, card)
        x += 64
        draw_text(d, (x, top + (ROW - 8) / 2), f"×{count}", 26, Ink.TEXT, bold=True, anchor="lm")
        x += 54
        words = s.label(f"hand.{status}")
        fill, ink = STATUS_INK.get(status, (Ink.PANEL, Ink.TEXT))
        convert = s.label("convert", n=convert_value(unit))
        right = WIDTH - MARGIN - 12
        convert_x = right - text_width(convert, 19, False, True)
        draw_text(d, (right, top + (ROW - 8) / 2), convert, 19, Ink.MUTED, condensed=True, anchor="rm")
        pill_w = text_width(words, 19, True) + 16
        pill_x = convert_x - 16 - pill_w
        pill(d, (pill_x, top + (ROW - 8) / 2 - 14), words, 19, fill, ink)
        draw_fitted(
            d, (x, top, pill_x - 12, top + ROW - 8), name, 22, Ink.TEXT, min_size=15, bold=True, anchor="lm"
        )

    def next_line(self, top: int) -> None:
        """The price of the next activation, while this general chooses whom to activate."""
        s, v = self.scene, self.scene.view
        if not my_decision(v, self.me, "main"):
            return
        side = v.sides[self.me]
        words = s.label("next_cost", n=next_cost(v), aow=side.aow, pp=side.pp)
        if has_leader(self.army):
            words += " " + s.label("leader_pays")
        size, lines = fit_lines(words, WIDTH - 2 * MARGIN, 20, 16, 2)
        for i, line in enumerate(lines):
            draw_text(s.draw, (MARGIN, top + 6 + i * (size + 6)), line, size, Ink.TEXT)


def private_image(view: MythicView, names: dict[str, str], locale: str) -> Image.Image:
    return Private(view, names, locale).render()
