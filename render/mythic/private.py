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
from render.layers import Item, even_cuts, layers_image, layers_png, within
from render.mythic.battlefield import on
from render.mythic.roster import (
    CARD_W,
    GAP,
    HEADER,
    MARGIN,
    WIDTH,
    army,
    card_height,
    cards_height,
    roster_header,
    unit_card,
)
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
        self.height = self.roster_top + body + MARGIN

    def render(self) -> Image.Image:
        return layers_image(WIDTH, self.height, self.items())

    def png(self) -> bytes:
        """The PNG, its bands of rows drawn only when what crosses them is new (render.layers)."""
        items = self.items()
        split = MARGIN + CARD_W + GAP // 2  # between the army's two columns of cards
        return layers_png("mythic-private", WIDTH, self.height, items, self.cuts(items), columns=[split])

    def cuts(self, items: list[Item]) -> list[int]:
        """Bands of 32 rows down to the hand's rows; then cut where each row of the hand, the
        next activation's line and the army's title start (and mid-row), and every 32 rows from
        the army's first card: the bands move with the rows, whose items are placed relative to
        them (`Item.at`), so a card played or a group gone above reuses what lies below."""
        first = HEADER + GAP + SECTION
        cuts = even_cuts(32, first, 32)
        for item in items:
            if item.at is not None and first <= item.at < self.roster_top:
                cuts += [item.at, item.at + 32]
        return sorted({c for c in [*cuts, *even_cuts(self.roster_top, self.height, 32)] if c < self.height})

    def items(self) -> list[Item]:
        """The header, the hand's title and rows, the next activation's cost, the army's title
        and each unit's card, each keyed by what it shows and where (render.layers)."""
        s, me = self.scene, self.me
        side = s.view.sides[me]
        title = s.label("private_title", name=s.name(me))
        units = army(s.view, me)
        mates = (
            tuple(s.name(r) for r in s.teams.get(side.team, []) if r != me) if side.team is not None else ()
        )
        head = (
            "header",
            title,
            repr(s.seat(me)),
            side.team,
            mates,
            side.faction,
            sum(1 for u in units if not u.destroyed),
            len(units),
            side.pp,
            s.locale,
        )
        items = [Item(0, HEADER + 1, head, on(s, roster_header, me, title))]
        top = HEADER + GAP
        count = sum(self.groups.values())
        hand_title = ("hand", s.label("your_hand", n=count), top)
        items.append(Item(top, top + SECTION, hand_title, lambda d, top=top: self.hand_title(d, top, count)))
        y = top + SECTION
        if not self.groups:
            items.append(
                Item(y, y + ROW, ("empty", s.label("empty_hand")), lambda d, y=y: self.empty_hand(d, y), at=y)
            )
            y += ROW
        for card in self.ordered():
            unit = self.units.get(card)
            key = (
                "group",
                card,
                self.groups[card],
                card_status(s.view, me, unit),
                repr(unit),
                s.labels.get(unit.uid) if unit else None,
                s.unit_text(unit.uid) if unit else None,
                repr(s.seat(me)),
                s.locale,
            )
            items.append(
                Item(  # the token's badges stick out of its row (render/mythic/token.py)
                    y - 16,
                    y + ROW + 16,
                    key,
                    lambda d, card=card, y=y: self.painted(d, self.group_row, card, self.groups[card], y),
                    at=y,
                )
            )
            y += ROW
        words = self.next_words()
        items.append(
            Item(y, y + NEXT, ("next", words), lambda d, y=y: self.painted(d, self.next_line, y), at=y)
        )
        y = self.roster_top - SECTION
        items.append(
            Item(y, y + SECTION, ("army", s.label("your_army")), lambda d, y=y: self.army_title(d, y), at=y)
        )
        if self.army:
            y = self.roster_top
            for i in range(0, len(self.army), 2):
                row = self.army[i : i + 2]
                height = max(card_height(s, u) for u in row)
                for col, unit in enumerate(row):
                    x = MARGIN + col * (CARD_W + GAP)
                    box = (x, y, x + CARD_W, y + height)
                    shape = (x, x + CARD_W, height)  # the box, relative to its row
                    key = ("card", shape, repr(unit), s.labels[unit.uid], repr(s.seat(unit.owner)), s.locale)
                    card = Item(y - 8, y + height + 8, key, on(s, unit_card, unit, box), at=y)
                    items += within([card], x - 4, x + CARD_W + 4)
                y += height + GAP
        else:
            text = s.label("army_unrevealed", units=", ".join(side.army or []))
            top = self.roster_top
            items.append(
                Item(
                    top, top + 50, ("unrevealed", text), lambda d, text=text: self.unrevealed(d, text), at=top
                )
            )
        return items

    def painted(self, draw, paint, *args) -> None:
        self.scene.draw, self.scene.image = draw, draw._image
        paint(*args)

    def hand_title(self, draw, top: int, count: int) -> None:
        draw_text(draw, (MARGIN, top + 8), self.scene.label("your_hand", n=count), 26, Ink.TEXT, bold=True)

    def empty_hand(self, draw, y: int) -> None:
        draw_text(draw, (MARGIN, y + 16), self.scene.label("empty_hand"), 22, Ink.MUTED)

    def army_title(self, draw, y: int) -> None:
        draw_text(draw, (MARGIN, y + 8), self.scene.label("your_army"), 26, Ink.TEXT, bold=True)

    def unrevealed(self, draw, text: str) -> None:
        top = self.roster_top
        draw_fitted(draw, (MARGIN, top, WIDTH - MARGIN, top + 50), text, 22, Ink.MUTED, min_size=16)

    def ordered(self) -> list[str]:
        """The hand's cards: those that activate a unit now first, then in the army's order."""
        s = self.scene
        order = {u.unit: i for i, u in enumerate(self.army)}
        return sorted(
            self.groups,
            key=lambda c: (
                card_status(s.view, self.me, self.units.get(c)) != "now",
                order.get(c, len(order)),
                c,
            ),
        )

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

    def next_words(self) -> str | None:
        """The price of the next activation, while this general chooses whom to activate."""
        s, v = self.scene, self.scene.view
        if not my_decision(v, self.me, "main"):
            return None
        side = v.sides[self.me]
        words = s.label("next_cost", n=next_cost(v), aow=side.aow, pp=side.pp)
        if has_leader(self.army):
            words += " " + s.label("leader_pays")
        return words

    def next_line(self, top: int) -> None:
        s = self.scene
        words = self.next_words()
        if words is None:
            return
        size, lines = fit_lines(words, WIDTH - 2 * MARGIN, 20, 16, 2)
        for i, line in enumerate(lines):
            draw_text(s.draw, (MARGIN, top + 6 + i * (size + 6)), line, size, Ink.TEXT)


def private_image(view: MythicView, names: dict[str, str], locale: str) -> Image.Image:
    return Private(view, names, locale).render()


def private_png(view: MythicView, names: dict[str, str], locale: str) -> bytes:
    return Private(view, names, locale).png()
