"""The public battlefield of Battlelore Mythologie: what the channel sees after every move.

Top to bottom: a header (scenario, turn, whose turn and which step, who must decide, or
the winner), the hex battlefield with its coordinates on every edge as the notation names
hexes (columns a-m west to east, rows 1-9 south to north: engine/battlelore/hexes.py) and
its three sectors marked (002 l.237-238), each side's panel beside it (victory points,
Command cards, deities with mana and face-up Lore card), the last roll's dice and a legend.
Only public fields of the view are drawn, so a player's own view draws the same picture.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.battlelore import hexes
from engine.battlelore.view import BattleloreView
from render.battlelore import marks, words
from render.battlelore.geometry import Grid, board_hexes
from render.common import Ink, draw_fitted, draw_text, ellipsize, rounded_box
from render.layers import Item, Paint, even_cuts, layers_image, layers_png

WIDTH = 1240
MARGIN = 14
HEADER = 84
GUTTER = 26
SECTOR = 22  # the strip naming the sectors above and below the board
HEX_W = 64
PANEL_X = MARGIN + 2 * GUTTER + 13 * HEX_W + 14
COORD = 16


def side_index(view: BattleloreView, role: str) -> int:
    return list(view.sides).index(role) if role in view.sides else 0


class Board:
    def __init__(self, view: BattleloreView, names: dict[str, str], locale: str) -> None:
        self.view, self.names, self.locale = view, names, locale
        top = HEADER + 10 + SECTOR + GUTTER
        self.grid = Grid(MARGIN + GUTTER, top, HEX_W)
        self.board_bottom = self.grid.bottom + GUTTER + SECTOR
        self.legend_top = max(self.board_bottom, 620) + 8
        self.height = self.legend_top + 96
        # the canvas of the item being painted (`on`), or of `ground`
        self.image: Image.Image | None = None
        self.draw: ImageDraw.ImageDraw | None = None

    def label(self, key: str, **params: object) -> str:
        return words.label(key, self.locale, **params)

    def name(self, role: str) -> str:
        return words.player(role, self.names, self.locale)

    def render(self) -> Image.Image:
        return layers_image(WIDTH, self.height, self.items())

    def png(self) -> bytes:
        """The PNG, its bands of rows drawn only when what crosses them is new (render.layers)."""
        return layers_png("battlelore", WIDTH, self.height, self.items(), self.cuts())

    def cuts(self) -> list[int]:
        """Bands about half a hex row high: a move redraws the rows of the hexes it touches."""
        return [HEADER, *even_cuts(HEADER + 32, self.legend_top - 8, 32)]

    def items(self) -> list[Item]:
        """Everything the battlefield draws, in order, each with its rows and a key naming
        everything its pixels depend on (render.layers)."""
        texts = self.header_texts()
        return [
            Item(0, HEADER + 1, ("header", texts), self.on(self.header, texts)),
            *self.field_items(),
            *self.panel_items(),
            Item(self.legend_top - 2, self.height, self.legend_key(), self.on(self.legend)),
        ]

    def on(self, paint, *args) -> Paint:
        """`paint(*args)` drawing on the canvas it is given."""

        def painted(draw: ImageDraw.ImageDraw) -> None:
            self.draw, self.image = draw, draw._image
            paint(*args)

        return painted

    # ---- header --------------------------------------------------------------------

    def header_texts(self) -> tuple:
        """The header's title, status and right-hand line with its colour (None: no line)."""
        v = self.view
        scenario = "unchosen" if v.step == "map" else v.scenario  # no "Open plain" before the map
        title = f"{self.label('title')} — {words.code_name('sc', scenario, self.locale)}"
        if v.active:
            status = self.label("turn_of", n=v.turn, name=self.name(v.active))
            status += f" · {words.step_name(v.step, self.locale)}"
        else:
            status = words.step_name(v.step, self.locale)
        if v.winners is not None:
            right = (
                self.label("winner", name=", ".join(self.name(r) for r in v.winners))
                if v.winners
                else self.label("draw")
            )
            ink = Ink.GOLD
        elif v.who:
            right = self.label("to_play", names=", ".join(self.name(r) for r in v.who))
            ink = Ink.SKY
        else:
            return title, status, None, None
        if v.last_turn and v.winners is None:
            right = f"{self.label('last_turn')} · {right}"
        return title, status, right, ink

    def header(self, texts: tuple | None = None) -> None:
        d = self.draw
        title, status, right, ink = texts or self.header_texts()
        d.rectangle((0, 0, WIDTH, HEADER), fill=Ink.HEADER)
        draw_fitted(d, (MARGIN, 6, WIDTH * 0.6, 32), title, 20, Ink.GOLD, min_size=14, bold=True, anchor="lm")
        draw_fitted(
            d, (MARGIN, 36, WIDTH * 0.62, 78), status, 28, Ink.WHITE, min_size=16, bold=True, anchor="lm"
        )
        if right is None:
            return
        draw_fitted(
            d, (WIDTH * 0.55, 20, WIDTH - MARGIN, 70), right, 24, ink, min_size=14, bold=True, anchor="rm"
        )

    # ---- battlefield ---------------------------------------------------------------

    def edge_of(self, role: str) -> int | None:
        side = self.view.sides.get(role)
        return side.edge if side else None

    def field_items(self) -> list[Item]:
        """The ground, deployment zones, this turn's arrows, the units and the attack's and
        retreat's marks, in the order they are drawn."""
        v, g = self.view, self.grid
        owners = {r: side_index(v, r) for r in v.sides}
        key = (
            tuple(sorted(v.terrain.items())),
            tuple(sorted((h, owners.get(r) if r else None) for h, r in v.sites.items())),
            tuple((self.edge_of(r), self.name(r)) for r in v.sides),
            self.locale,
        )
        items = [
            Item(HEADER, self.board_bottom, ("ground", key), lambda d, key=key: self._paste_ground(d, key))
        ]
        if v.step in ("deploy", "mana"):
            items += self.deployment_zones()
        for kind, frm, to in v.trail:
            a, b = g.centre(frm), g.centre(to)
            if a and b:
                colour, dashed = marks.ARROW.get(kind, marks.ARROW["mv"])
                items.append(
                    Item(
                        min(a[1], b[1]) - 16,
                        max(a[1], b[1]) + 16,
                        ("arrow", kind, frm, to),
                        lambda d, a=a, b=b, colour=colour, dashed=dashed: marks.arrow(
                            d, a, b, colour, dashed
                        ),
                    )
                )
        r = g.w * 0.36
        for u in v.units:
            c = g.centre(u.hex)
            if c is not None:
                side = owners.get(u.owner, 0)
                # the mana pips run down the token's right side, 10 px apart (marks.token)
                items.append(
                    Item(
                        c[1] - r - 12,
                        c[1] + max(r, 10 * u.cap) + 12,
                        ("unit", u.hex, u.card, u.bar, u.left, u.mana, u.cap, side, self.locale),
                        lambda d, c=c, u=u, side=side: marks.token(d, c, r, u, side, self.locale),
                    )
                )
        if v.attack:
            for who, colour in (("att", marks.RED), ("dfd", Ink.BLACK)):
                unit = next((u for u in v.units if u.id == v.attack.get(who)), None)
                c = g.centre(unit.hex) if unit else None
                if c:
                    ring = (c[0] - g.w * 0.46, c[1] - g.w * 0.46, c[0] + g.w * 0.46, c[1] + g.w * 0.46)
                    items.append(
                        Item(
                            ring[1],
                            ring[3],
                            ("ring", unit.hex, colour),
                            lambda d, ring=ring, colour=colour: d.ellipse(ring, outline=colour, width=3),
                        )
                    )
        for h in v.retreat or []:
            c = g.centre(h)
            if c:
                dot = (c[0] - 8, c[1] - 8, c[0] + 8, c[1] + 8)
                items.append(
                    Item(
                        dot[1],
                        dot[3],
                        ("retreat", h),
                        lambda d, dot=dot: d.ellipse(dot, fill=Ink.PURPLE, outline=Ink.WHITE, width=2),
                    )
                )
        return items

    def _paste_ground(self, draw: ImageDraw.ImageDraw, key: tuple) -> None:
        draw._image.paste(_ground(key, self), (0, HEADER))

    def deployment_zones(self) -> list[Item]:
        """While armies deploy: a bar in each side's colour beside the rows it may deploy in
        (002 l.442-448, the scenario's deepest row: engine/battlelore/setup.py)."""
        from engine.battlelore.content import content

        sc = content().scenarios.get(self.view.scenario)
        g = self.grid
        items = []
        for role in self.view.sides:
            edge = self.edge_of(role)
            if edge not in (1, hexes.ROWS):
                continue
            deep = self.view.deploy_rows.get(role) or (sc.deploy if sc and sc.deploy else 4)
            rows = range(1, deep + 1) if edge == 1 else range(hexes.ROWS - deep + 1, hexes.ROWS + 1)
            ys = [g.centre_xy(1, r)[1] for r in rows]
            top, bottom = min(ys) - g.h * 0.4, max(ys) + g.h * 0.4
            colour = marks.SIDE_INK[side_index(self.view, role)]
            for x in (g.left - GUTTER + 2, g.right + GUTTER - 8):
                box = (x, top, x + 6, bottom)
                items.append(
                    Item(
                        top,
                        bottom,
                        ("zone", box, colour),
                        lambda d, box=box, colour=colour: d.rectangle(box, fill=colour),
                    )
                )
        return items

    def ground(self) -> Image.Image:
        """The battlefield without units: terrain, sacred sites, sectors and coordinates, on
        a canvas of its own (under the header's last row, as it always was drawn)."""
        self.image = Image.new("RGB", (WIDTH, self.height), Ink.PAPER)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.rectangle((0, 0, WIDTH, HEADER), fill=Ink.HEADER)
        v, d, g = self.view, self.draw, self.grid
        radius = g.h / 2
        owners = {r: side_index(v, r) for r in v.sides}
        names = []
        for name, x, r in board_hexes():
            c = g.centre_xy(x, r)
            if name in v.sites:
                owner = v.sites[name]
                marks.site(d, c, radius, owners.get(owner) if owner else None)
            else:
                terrain = v.terrain.get(name)
                marks.terrain_hex(d, c, radius, terrain)
                if terrain:
                    names.append((c, words.name_of(terrain, self.locale)))
        # the names once every hex is drawn: a long one ("Broussailles") near the hex's top
        # corners is no longer cut off by the next hex painted over it
        for c, tname in names:
            draw_fitted(
                d,
                (c[0] - g.w * 0.42, c[1] - radius * 0.78, c[0] + g.w * 0.42, c[1] - radius * 0.5),
                tname,
                11,
                Ink.BLACK,
                min_size=8,
                condensed=True,
            )
        self.sectors()
        self.coordinates()
        self.sectors()
        self.coordinates()
        return self.image.crop((0, HEADER, PANEL_X - 2, self.board_bottom))

    def sectors(self) -> None:
        """The two sector lines through hexes e and i of the odd rows (002 l.237-238), and
        each sector's name as the player on that edge sees it (the north player's left is
        the east)."""
        g, d = self.grid, self.draw
        top, bottom = g.top - GUTTER - SECTOR, g.bottom + GUTTER + SECTOR
        for x in (hexes.LEFT_LINE, hexes.RIGHT_LINE):
            px = g.sector_line(x)
            for y in range(int(top) + 4, int(bottom) - 4, 14):
                d.line((px, y, px, min(y + 8, bottom)), fill=Ink.HEADER, width=3)
        spans = [
            (g.left, g.sector_line(hexes.LEFT_LINE)),
            (g.sector_line(hexes.LEFT_LINE), g.sector_line(hexes.RIGHT_LINE)),
            (g.sector_line(hexes.RIGHT_LINE), g.right),
        ]
        south = next((r for r in self.view.sides if self.edge_of(r) == 1), None)
        north = next((r for r in self.view.sides if self.edge_of(r) == hexes.ROWS), None)
        for i, (a, b) in enumerate(spans):
            for y, role, key in ((bottom - SECTOR / 2, south, "lcr"[i]), (top + SECTOR / 2, north, "rcl"[i])):
                text = self.label(f"sector.{key}")
                if role:
                    text = f"{text} ({self.name(role)})" if key != "c" else text
                draw_fitted(
                    self.draw,
                    (a + 6, y - 10, b - 6, y + 10),
                    text,
                    14,
                    Ink.MUTED,
                    min_size=9,
                    bold=True,
                    condensed=True,
                )

    def coordinates(self) -> None:
        g, d = self.grid, self.draw
        for i, col in enumerate(hexes.COLS):
            x = g.left + (2 * i + 1) * g.w / 2
            draw_text(d, (x, g.top - GUTTER / 2), col, COORD, Ink.TEXT, bold=True, anchor="mm")
            draw_text(d, (x, g.bottom + GUTTER / 2), col, COORD, Ink.TEXT, bold=True, anchor="mm")
        for r in range(1, hexes.ROWS + 1):
            _, y = g.centre_xy(1, r)
            draw_text(d, (g.left - GUTTER / 2, y), str(r), COORD, Ink.TEXT, bold=True, anchor="mm")
            draw_text(d, (g.right + GUTTER / 2, y), str(r), COORD, Ink.TEXT, bold=True, anchor="mm")

    # ---- panels --------------------------------------------------------------------

    def panel_items(self) -> list[Item]:
        """Each side's panel (the north player's on top, as the board shows them), the last
        roll and the deck, each keyed by what it shows and where."""
        v = self.view
        y = HEADER + 10
        right = WIDTH - MARGIN
        roles = list(v.sides)
        roles.sort(key=lambda r: -(self.edge_of(r) or 0))
        items = []
        for role in roles:
            box = (PANEL_X, y, right)
            bottom = y + 88 + 22 * len(v.sides[role].gods or {})  # side_panel's height
            items.append(Item(y, bottom, self.side_key(role, box), self.on(self.side_panel, role, box)))
            y = bottom + 10
        box = (PANEL_X, y, right)
        bottom = self.roll_bottom(box)
        key = ("roll", tuple(v.roll), marks.roll_kind(v), self.locale, box)
        items.append(Item(y, bottom, key, self.on(self.roll_panel, box)))
        y = bottom + 10
        text = self.label("deck", n=v.deck, discard=len(v.discard))
        items.append(Item(y, y + 18, ("deck", text, y), self.on(self.deck_line, text, y)))
        return items

    def deck_line(self, text: str, y: int) -> None:
        draw_fitted(
            self.draw,
            (PANEL_X + 4, y, WIDTH - MARGIN, y + 18),
            text,
            15,
            Ink.MUTED,
            min_size=10,
            condensed=True,
            anchor="lm",
        )

    def side_key(self, role: str, box: tuple[int, int, int]) -> tuple:
        """Everything `side_panel` draws for `role` at `box`."""
        v = self.view
        side = v.sides[role]
        gods = tuple((g, god.mana, god.face_up) for g, god in (side.gods or {}).items())
        units = sum(1 for u in v.units if u.owner == role and u.hex)
        return (
            "side",
            side_index(v, role),
            self.name(role),
            side.people,
            side.vp,
            v.target,
            side.hand_count,
            side.extra_count,
            units,
            side.kills,
            gods,
            self.locale,
            box,
        )

    def side_panel(self, role: str, box: tuple[int, int, int]) -> int:
        v, d = self.view, self.draw
        x0, y0, x1 = box
        side = v.sides[role]
        idx = side_index(v, role)
        gods = side.gods or {}
        height = 88 + 22 * len(gods)
        rounded_box(d, (x0, y0, x1, y0 + height), fill=Ink.PANEL, outline=marks.SIDE_INK[idx], width=3)
        marks.shape_at(d, marks.SIDE_SHAPE[idx], (x0 + 18, y0 + 18), 10, marks.SIDE_INK[idx], Ink.BLACK)
        title = self.name(role)
        if side.people:
            title += f" · {words.name_of(side.people, self.locale)}"
        draw_fitted(
            d, (x0 + 34, y0 + 6, x1 - 104, y0 + 30), title, 18, Ink.TEXT, min_size=12, bold=True, anchor="lm"
        )
        draw_text(
            d,
            (x1 - 10, y0 + 18),
            self.label("vp", vp=side.vp, target=v.target),
            20,
            Ink.TEXT,
            bold=True,
            anchor="rm",
        )
        counts = self.label("cards", hand=side.hand_count, extra=side.extra_count)
        draw_fitted(
            d,
            (x0 + 10, y0 + 34, x1 - 8, y0 + 54),
            counts,
            15,
            Ink.TEXT,
            min_size=10,
            condensed=True,
            anchor="lm",
        )
        units = sum(1 for u in v.units if u.owner == role and u.hex)
        line = self.label("units", n=units, kills=side.kills)
        draw_fitted(
            d,
            (x0 + 10, y0 + 56, x1 - 8, y0 + 76),
            line,
            15,
            Ink.TEXT,
            min_size=10,
            condensed=True,
            anchor="lm",
        )
        y = y0 + 88
        for g, god in gods.items():
            name = words.name_of(g, self.locale)
            face = words.lore_name(g, god.face_up, self.locale) if god.face_up else "—"
            text = ellipsize(f"{name} {'●' * god.mana or '○'}  {face}", x1 - x0 - 20, 14)
            draw_text(d, (x0 + 10, y), text, 14, Ink.TEXT, condensed=True, anchor="lm")
            y += 22
        return y0 + height

    def roll_bottom(self, box: tuple[int, int, int]) -> int:
        """Where `roll_panel` at `box` ends."""
        x0, y0, x1 = box
        if not self.view.roll:
            return y0 - 10
        per_row = max(1, (x1 - x0) // 54)
        return y0 + 24 + ((len(self.view.roll) - 1) // per_row + 1) * (34 + 8 + 16)

    def roll_panel(self, box: tuple[int, int, int]) -> int:
        """The last roll: each die's face and what it did."""
        v, d = self.view, self.draw
        x0, y0, x1 = box
        if not v.roll:
            return y0 - 10
        ranged, weak = marks.roll_kind(v)
        draw_text(d, (x0 + 4, y0 + 10), self.label("roll"), 15, Ink.TEXT, bold=True, anchor="lm")
        size, gap, step = 34, 8, 54
        per_row = max(1, (x1 - x0) // step)
        for i, face in enumerate(v.roll):
            r, c = divmod(i, per_row)
            bx, by = x0 + c * step, y0 + 24 + r * (size + gap + 16)
            effect = marks.die_effect(face, ranged, weak)
            marks.die(d, (bx, by, bx + size, by + size), face, effect, self.locale)
            text = self.label(f"effect.{effect}")
            draw_fitted(
                d,
                (bx - 8, by + size + 1, bx + size + 8, by + size + 15),
                text,
                12,
                Ink.TEXT,
                min_size=8,
                condensed=True,
            )
        rows = (len(v.roll) - 1) // per_row + 1
        return y0 + 24 + rows * (size + gap + 16)

    # ---- legend --------------------------------------------------------------------

    def legend_key(self) -> tuple:
        """Everything `legend` draws: the cards of the units on the battlefield, the locale."""
        cards = tuple(dict.fromkeys(u.card for u in self.view.units if u.hex))  # in their order
        return ("legend", cards, self.locale, self.legend_top)

    def legend(self) -> None:
        d = self.draw
        y = self.legend_top
        d.line((MARGIN, y, WIDTH - MARGIN, y), fill=Ink.PANEL_EDGE, width=2)
        x = MARGIN
        for kind in ("mv", "atk", "fire", "ret", "pur"):
            colour, dashed = marks.ARROW[kind]
            marks.arrow(d, (x, y + 20), (x + 54, y + 20), colour, dashed, width=4, cut=0)
            text = self.label(f"arrow.{kind}")
            draw_text(d, (x + 60, y + 20), text, 14, Ink.TEXT, anchor="lm")
            x += 70 + _w(text) + 24
        x = MARGIN
        seen: dict[str, str] = {}
        for u in self.view.units:
            if u.hex and u.card not in seen:
                seen[u.card] = words.short(u.card, self.locale)
        pairs = [f"{s} {words.name_of(c, self.locale)}" for c, s in sorted(seen.items(), key=lambda i: i[1])]
        key = self.label("legend_marks")
        lines = [key, " · ".join(pairs)]
        for i, line in enumerate(lines):
            draw_fitted(
                d,
                (MARGIN, y + 40 + i * 24, WIDTH - MARGIN, y + 60 + i * 24),
                line,
                14,
                Ink.MUTED,
                min_size=9,
                condensed=True,
                anchor="lm",
            )


_GROUNDS: dict[tuple, Image.Image] = {}


def _ground(key: tuple, board: Board) -> Image.Image:
    """The battlefield's static part, drawn once per battlefield, sites' owners and names:
    most renders of a battle differ only in units, arrows and panels."""
    found = _GROUNDS.get(key)
    if found is None:
        if len(_GROUNDS) >= 32:
            _GROUNDS.pop(next(iter(_GROUNDS)))
        found = _GROUNDS[key] = board.ground()
    return found


def _w(text: str) -> int:
    from render.common import text_width

    return text_width(text, 14)


def board_image(view: BattleloreView, names: dict[str, str], locale: str) -> Image.Image:
    return Board(view, names, locale).render()


def board_png(view: BattleloreView, names: dict[str, str], locale: str) -> bytes:
    return Board(view, names, locale).png()
