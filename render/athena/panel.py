"""A player's public panel beside their army: name, attacker and to-play badges, rounds won,
the round's VP, token / hand / deck / discard counts, captured cards and terrains won
(scored at the end of the round: 004 §VII "Fin de la manche")."""

from __future__ import annotations

from engine.athena.view import ArmyView
from render.athena.names import card_name, terrain_name
from render.athena.scene import Badge, Scene
from render.athena.tiles import power_badge, threat_marker
from render.common import Box, Ink, draw_fitted, draw_text, flow, pill, rounded_box, text_width, wrap
from render.sprites import visible

PAD = 14
CHIP = 36  # row pitch of the captured-card chips


def role_badges(scene: Scene, role: str) -> list[Badge]:
    """(text, fill, ink) of the badges after a player's name."""
    v = scene.view
    badges = []
    if v.winner is None and role in v.active:
        badges.append((scene.label("acting"), Ink.BLUE, Ink.WHITE))
    if role == v.attacker and v.winner is None:
        badges.append((scene.label("attacker"), Ink.GOLD, Ink.BLACK))
    return badges


def draw_panel(scene: Scene, army: ArmyView, box: Box) -> None:
    """The panel; on a band's canvas, only its lines that reach into the band (the others
    would be clipped away)."""
    d = scene.draw
    x0, y0, x1, y1 = box
    rounded_box(d, box, Ink.PANEL, Ink.PANEL_EDGE, 2, 12)
    x, y, right = x0 + PAD, y0 + 12, x1 - PAD
    if visible(d, y - 4, y + 40):
        badges = role_badges(scene, army.role)
        badge_w = sum(text_width(text, 20, True) + 26 for text, _, _ in badges)
        draw_fitted(
            d,
            (x, y, right - badge_w, y + 36),
            scene.name(army.role),
            30,
            Ink.TEXT,
            min_size=18,
            bold=True,
            anchor="lm",
        )
        bx = right - badge_w + 10
        for text, fill, ink in badges:
            bx = pill(d, (bx, y + 4), text, 20, fill, ink) + 10
    y += 46
    if visible(d, y - 4, y + 32):
        rounds(scene, army, (x, y, right, y + 28))
    y += 36
    if visible(d, y - 4, y + 34):
        draw_fitted(
            d,
            (x, y, right, y + 30),
            scene.label("round_vp", vp=army.round_vp),
            24,
            Ink.TEXT,
            min_size=18,
            bold=True,
            anchor="lm",
        )
    y += 40
    if visible(d, y - 4, y + 66):
        counts(scene, army, (x, y, right, y + 62))
    y += 74
    if not visible(d, y - 4, y1):
        return
    terrains = terrain_summary(scene, army)
    lines = wrap(terrains, right - x, 20, 2, condensed=True)
    terrain_top = y1 - 12 - 24 * len(lines) - 28
    if visible(d, y - 4, terrain_top - 4):
        captured(scene, army, (x, y, right, terrain_top - 8))
    draw_text(d, (x, terrain_top), scene.label("terrains_won", vp=army.terrain_vp), 20, Ink.TEXT, bold=True)
    for i, line in enumerate(lines):
        draw_text(d, (x, terrain_top + 28 + 24 * i), line, 20, Ink.TEXT, condensed=True)


def rounds(scene: Scene, army: ArmyView, box: Box) -> None:
    """Rounds won as filled discs out of the rounds needed, then the same in words."""
    x0, y0, x1, y1 = box
    need = scene.view.rounds_to_win
    for i in range(need):
        scene.draw.ellipse(
            (x0 + i * 30, y0 + 2, x0 + i * 30 + 24, y0 + 26),
            fill=Ink.GOLD if i < army.rounds_won else Ink.PAPER,
            outline=Ink.TEXT,
            width=2,
        )
    draw_fitted(
        scene.draw,
        (x0 + need * 30 + 6, y0, x1, y1),
        scene.label("rounds_won", won=army.rounds_won, need=need),
        22,
        Ink.TEXT,
        min_size=16,
        anchor="lm",
    )


def counts(scene: Scene, army: ArmyView, box: Box) -> None:
    """Tokens, hand, power deck and discard as four labelled cells."""
    d = scene.draw
    x0, y0, x1, y1 = box
    cells = [
        ("tokens", army.tokens),
        ("hand", army.hand_count),
        ("deck", army.power_deck),
        ("discard", army.power_discard),
    ]
    cell_w = (x1 - x0 + 8) // len(cells)
    for i, (key, value) in enumerate(cells):
        cx = x0 + i * cell_w
        rounded_box(d, (cx, y0, cx + cell_w - 8, y1), Ink.PAPER, Ink.PANEL_EDGE, 1, 8)
        draw_fitted(
            d,
            (cx + 4, y0 + 4, cx + cell_w - 12, y0 + 26),
            scene.label(key),
            20,
            Ink.MUTED,
            min_size=14,
            condensed=True,
        )
        draw_text(d, (cx + (cell_w - 8) / 2, y0 + 44), str(value), 28, Ink.TEXT, bold=True, anchor="mm")


def captured(scene: Scene, army: ArmyView, box: Box) -> None:
    """Captured cards as chips (threat shape, name, VP with their powers, power count)."""
    d = scene.draw
    x0, y0, x1, y1 = box
    draw_text(d, (x0, y0), scene.label("captured", n=len(army.captured)), 20, Ink.TEXT, bold=True)
    y = y0 + 28
    if not army.captured:
        draw_text(d, (x0, y), scene.label("none"), 20, Ink.MUTED, condensed=True)
        return
    texts, widths = [], []
    for prisoner in army.captured:
        vp = prisoner.card.vp + sum(p.vp for p in prisoner.powers)
        texts.append(f"{card_name(prisoner.card.code, scene.locale)} {scene.label('vp', n=vp)}")
        widths.append(min(text_width(texts[-1], 20, False, True) + 38 + 30 * bool(prisoner.powers), x1 - x0))
    more_w = 130
    places = flow(widths, x0, x1, max(1, (y1 - y) // CHIP), reserve=more_w)
    for prisoner, text, width, (x, row) in zip(army.captured, texts, widths, places, strict=False):
        top = y + row * CHIP
        rounded_box(d, (x, top, x + width, top + CHIP - 4), Ink.WHITE, Ink.PANEL_EDGE, 1, 6)
        threat_marker(d, (x + 15, top + 16), 16, prisoner.card.colour)
        badge = 30 if prisoner.powers else 0
        draw_fitted(
            d,
            (x + 28, top, x + width - 6 - badge, top + CHIP - 4),
            text,
            20,
            Ink.TEXT,
            min_size=14,
            condensed=True,
            anchor="lm",
        )
        if prisoner.powers:
            power_badge(d, (x + width - 4, top + 1), len(prisoner.powers))
    if len(places) < len(army.captured):
        x, row = places[-1] if places else (x0 - 8, 0)
        left = x + (widths[len(places) - 1] if places else 0) + 8
        top = y + row * CHIP
        draw_fitted(
            d,
            (left, top, min(left + more_w, x1), top + CHIP - 4),
            scene.label("more", n=len(army.captured) - len(places)),
            20,
            Ink.MUTED,
            min_size=14,
            bold=True,
            anchor="lm",
        )


def terrain_summary(scene: Scene, army: ArmyView) -> str:
    """Terrains won, grouped: "Plain ×2, Forest"."""
    if not army.terrains:
        return scene.label("none")
    counts: dict[str, int] = {}
    for code in army.terrains:
        counts[code] = counts.get(code, 0) + 1
    return ", ".join(
        terrain_name(code, scene.locale) + (f" ×{n}" if n > 1 else "") for code, n in counts.items()
    )
