"""The middle of the board, between the two armies: the terrain row with its deck, the duel
in progress, and the last duel's summary."""

from __future__ import annotations

from engine.athena.view import EngagedView
from engine.i18n import T, t
from render.athena.names import card_name, colour_name, power_name
from render.athena.scene import Badge, Scene
from render.athena.tiles import FRAME, announced_back, card_face, deck_stack, terrain_card, threat_marker
from render.common import Box, Ink, dashed_box, draw_fitted, draw_text, pill, rounded_box, wrap
from render.sprites import stamp

DECK_W = 104
TERRAIN_MAX_W = 170
CAPTION = 34
DUEL_H = CAPTION + 160  # the duel's box: caption and the two engaged cards
# Rows of the duel's box (from 2 px below its top: the corners of the private view's frame end
# there) to 4 px below it, with nothing else on them on the board and in the private views
# alike: their bands are keyed by `duel_shown` alone, and shared.
DUEL_SHARED = (2, DUEL_H + 4)


def number(value: float) -> str:
    """A combat value: halves are common (004 §VI.B: attack + half the defence)."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def summary_text(scene: Scene) -> str:
    """The previous duel in words, with the players' names (the engine's own event keys)."""
    last, loc = scene.view.last_duel, scene.locale
    if last.winner is None:
        return t("athena.ev.duel_tied", loc)
    if last.terrain is None:
        return t("athena.ev.duel_won_bare", loc, who=scene.name(last.winner))
    return t(
        "athena.ev.duel_won", loc, who=scene.name(last.winner), terrain=T(f"athena.terrain.{last.terrain}")
    )


def terrain_row(scene: Scene, box: Box) -> None:
    """Face-up terrains, the active one first: it is the farthest from the deck and is the
    one the next duel is fought on (004 §V.B "Constitution de la pioche")."""
    d, v = scene.draw, scene.view
    x0, y0, x1, y1 = box
    draw_text(d, (x0, y0), scene.label("terrain_row"), 22, Ink.TEXT, bold=True)
    top = y0 + 36
    count = max(len(v.terrain_row), 1)
    unit = min(TERRAIN_MAX_W, (x1 - x0 - DECK_W - 24) / count)
    for i, code in enumerate(v.terrain_row):
        left = round(x0 + 6 + i * unit)
        terrain_card(
            d,
            (left, top, round(left + unit) - 14, y1),
            code,
            v.terrain_values.get(code),
            i == 0,
            scene.locale,
        )
    deck_x = round(x0 + 6 + count * unit) + 10
    deck_stack(d, (deck_x, top + 10, deck_x + DECK_W - 10, y1), v.terrain_deck, scene.label("terrain_deck"))


def duel(scene: Scene, box: Box) -> None:
    """The two engaged cards side by side, attacker on the left (004 §VI.B "Phase
    d'Engagement"): the announced colour until the reveal, then the card and its value. Cards
    that all have a value belong to a duel already resolved (the engine keeps showing it until
    the next engagement), and the caption says so."""
    d, v = scene.draw, scene.view
    x0, y0, x1, y1 = box
    outcome = scene.outcome()
    if outcome and not v.engaged:
        draw_fitted(d, (x0 + 10, y0, x1 - 10, y1), outcome, 40, Ink.TEXT, min_size=20, bold=True)
        return
    if not v.engaged:
        draw_fitted(d, (x0 + 10, y0, x1 - 10, y1), scene.label("no_duel"), 24, Ink.MUTED, min_size=16)
        return
    resolved = all(e.value is not None for e in v.engaged.values()) and v.phase != "resolution"
    draw_text(d, (x0, y0), duel_caption(scene), 22, Ink.TEXT, bold=True)
    y0 += CAPTION
    roles = (v.attacker, scene.opponent(v.attacker))
    badges = (
        result_badges(scene, roles)
        if resolved
        else [
            (scene.label("attacker"), Ink.GOLD, Ink.BLACK),
            (scene.label("defender"), Ink.HEADER, Ink.WHITE),
        ]
    )
    half = (x1 - x0) // 2
    for i, (role, badge) in enumerate(zip(roles, badges, strict=True)):
        box = (x0 + i * half + 8, y0, x0 + (i + 1) * half - 24, y1)
        engaged_card(scene, role, v.engaged.get(role), badge, box)
    cx, cy = x0 + half - 8, (y0 + y1) // 2
    d.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=Ink.HEADER)
    draw_text(d, (cx, cy), "VS", 20, Ink.WHITE, bold=True, anchor="mm")


def duel_caption(scene: Scene) -> str | None:
    """The line above the engaged cards (none before a duel): all the first `CAPTION` rows of
    the duel's box show."""
    v = scene.view
    if not v.engaged:
        return None
    resolved = all(e.value is not None for e in v.engaged.values()) and v.phase != "resolution"
    return scene.label("duel_done") if resolved else scene.label("duel_now", n=v.duel)


def duel_shown(scene: Scene) -> dict:
    """Everything `duel` shows (beside the locale): the key of its band."""
    v = scene.view
    if not v.engaged:
        return {"outcome": scene.outcome()}
    roles = (v.attacker, scene.opponent(v.attacker))
    return {
        "roles": roles,
        "names": [scene.name(r) for r in roles],
        "engaged": [v.engaged[r].model_dump(mode="json") if r in v.engaged else None for r in roles],
        "duel": v.duel,
        "resolved": all(e.value is not None for e in v.engaged.values()) and v.phase != "resolution",
    }


def result_badges(scene: Scene, roles: tuple[str, str]) -> list[Badge | None]:
    """After the resolution the higher value won; a tie is a tie (004 §VI.B "Phase de
    Résolution"). The attacker/defender of a finished duel is not shown: the winner has
    already become the attacker."""
    values = [scene.view.engaged[r].value if r in scene.view.engaged else None for r in roles]
    if None in values:
        return [None, None]
    if values[0] == values[1]:
        tie = (scene.label("tie"), Ink.BACK_DIM, Ink.WHITE)
        return [tie, tie]
    won = (scene.label("won"), Ink.GOLD, Ink.BLACK)
    return [won, None] if values[0] > values[1] else [None, won]


def engaged_card(scene: Scene, role: str, engaged: EngagedView | None, badge: Badge | None, box: Box) -> None:
    d, loc = scene.draw, scene.locale
    x0, y0, x1, y1 = box
    tile = (x0, y0, x0 + 140, y1)
    text_x = tile[2] + 16
    px = pill(d, (text_x, y0), badge[0], 20, badge[1], badge[2]) if badge else text_x - 10
    draw_fitted(
        d, (px + 10, y0, x1, y0 + 28), scene.name(role), 24, Ink.TEXT, min_size=16, bold=True, anchor="lm"
    )
    if engaged is None:
        dashed_box(d, tile, Ink.FAINT)
        return
    # the card is a tile, the same on the board and in both private views (on the duel's band)
    stamp(
        d,
        ("athena.engaged", loc, engaged_shown(engaged)),
        tile,
        FRAME,
        Ink.BAND,
        lambda c, b: paint_engaged(c, b, engaged, loc),
    )
    if engaged.card is not None:
        title = card_name(engaged.card.code, loc)
    else:
        colour = engaged.announced_colour
        title = colour_name(colour, loc) if colour else scene.label("hidden_colour")
    y = y0 + 40
    draw_fitted(d, (text_x, y, x1, y + 30), title, 26, Ink.TEXT, min_size=18, bold=True, anchor="lm")
    y += 38
    if engaged.card is None and engaged.known_colour:  # Anticipation showed the true colour
        threat_marker(d, (text_x + 12, y + 14), 22, engaged.known_colour)
        text = scene.label("known_colour", colour=colour_name(engaged.known_colour, loc))
        draw_fitted(d, (text_x + 30, y, x1, y + 28), text, 21, Ink.TEXT, min_size=15, anchor="lm")
        y += 36
    if engaged.value is not None:
        rounded_box(d, (text_x, y, text_x + 170, y + 38), Ink.WHITE, Ink.TEXT, 2, 8)
        draw_fitted(
            d,
            (text_x + 6, y, text_x + 164, y + 38),
            scene.label("value", v=number(engaged.value)),
            24,
            Ink.TEXT,
            min_size=16,
            bold=True,
        )
        y += 48
    if engaged.active_powers:
        text = ", ".join(power_name(code, loc) for code in engaged.active_powers)
        for line in wrap(text, x1 - text_x, 20, max(1, (y1 - y) // 24)):
            draw_text(d, (text_x, y), line, 20, Ink.PURPLE, bold=True)
            y += 24


def engaged_shown(engaged: EngagedView) -> tuple:
    """What the tile of an engaged card shows (its key)."""
    if engaged.card is not None:
        c = engaged.card
        powers = tuple(p.code for p in engaged.powers or [])
        return ("face", engaged.slot, c.code, c.vp, c.attack, c.defense, c.colour, powers)
    return ("back", engaged.slot, engaged.announced_colour, engaged.power_count)


def paint_engaged(draw, box: Box, engaged: EngagedView, locale: str) -> None:
    if engaged.card is not None:
        card_face(draw, box, engaged.card, locale, engaged.slot, powers=engaged.powers)
    else:
        announced_back(draw, box, engaged.slot, engaged.announced_colour, engaged.power_count)


def last_duel(scene: Scene, box: Box) -> None:
    if not scene.view.last_duel:
        return
    x0, y0, x1, _ = box
    text = scene.label("last_duel", text=summary_text(scene))
    draw_fitted(scene.draw, (x0, y0, x1, y0 + 30), text, 21, Ink.TEXT, min_size=16, anchor="lm")
