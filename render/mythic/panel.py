"""Beside the battlefield: one panel per general (name and token shape, faction and edge,
power points, Art of War cards in front, units left, hand, deck and discard counts, the
maneuver cards played this turn), then the last move and the last attack with its dice.

001 §"The Art of War cards": they are placed face up in front of the player, so their number
is public; so are the discard and the cards played this turn (face up). A hand shows only its
size."""

from __future__ import annotations

from engine.mythic.view import AttackView, RollView, SideView
from render.common import Box, Ink, code_label, draw_fitted, draw_text, pill, rounded_box, text_width, wrap
from render.mythic.dice import dice_height, draw_dice
from render.mythic.names import attack_kind, faction_name
from render.mythic.scene import Scene
from render.mythic.token import outline

PAD = 12
PLAYER_H = 246
TEAM_H = 44
CELL_H = 58
LINE = 23

Slot = tuple[str, str | int, Box]  # ("team", 1, box) or ("player", "p1", box)


def panel_slots(scene: Scene, area: tuple[int, int, int], columns: int, gap: int) -> tuple[list[Slot], int]:
    """Where the generals' panels go in `area` (left, top, right), and the bottom they reach.
    Without teams, one panel per seat, row by row. With teams (4-player variant), each team
    is a block, its header over its members' panels; the blocks side by side when there are
    two columns, so a team reads down its own column."""
    x0, y0, x1 = area
    width = (x1 - x0 - gap * (columns - 1)) // columns
    teams = scene.teams
    if teams:
        blocks = [[("team", team)] + [("player", r) for r in roles] for team, roles in teams.items()]
    else:
        blocks = [[("player", r)] for r in scene.view.roles]
    tops = [y0] * columns
    slots: list[Slot] = []
    for i, block in enumerate(blocks):
        col = i % columns
        left = x0 + col * (width + gap)
        for kind, key in block:
            height = TEAM_H if kind == "team" else PLAYER_H
            slots.append((kind, key, (left, tops[col], left + width, tops[col] + height)))
            tops[col] += height + (gap // 2 if kind == "team" else gap)
    return slots, max(tops)


def team_header(scene: Scene, team: int, box: Box) -> None:
    """A band over a team's panels: its members' token shapes, `Team 1: Alice & Chloé`, and
    how many units the team has left (001 §"Variant: 4-Player Battle": a team loses when its
    two armies total 3 units)."""
    d = scene.draw
    x0, y0, x1, y1 = box
    roles = scene.teams[team]
    rounded_box(d, box, Ink.HEADER, None, 0, 10)
    cy, x = (y0 + y1) / 2, x0 + PAD + 13
    for role in roles:
        look = scene.seat(role)
        outline(d, look.shape, (x, cy), 12, look.fill, Ink.WHITE, 2)
        x += 30
    alive, total = scene.units_left(roles)
    left = scene.label("units_left", alive=alive, total=total) if total else ""  # none before recruitment
    right = x1 - PAD
    draw_text(d, (right, cy), left, 19, Ink.WHITE, condensed=True, anchor="rm")
    room = right - (text_width(left, 19, False, True) + 12 if left else 0) - x
    title = scene.label("team_of", n=team, names=scene.names_of(roles))
    if text_width(title, 17, True) > room:  # a narrow column: the names are on the panels below anyway
        title = scene.label("team", n=team)
    draw_fitted(d, (x, y0, x + room, y1), title, 21, Ink.GOLD, min_size=15, bold=True, anchor="lm")


def player_panel(scene: Scene, role: str, box: Box) -> None:
    d, side = scene.draw, scene.view.sides[role]
    x0, y0, x1, y1 = box
    look = scene.seat(role)
    rounded_box(d, box, Ink.PANEL, look.fill, 3, 12)
    x, y, right = x0 + PAD, y0 + 10, x1 - PAD
    outline(d, look.shape, (x + 15, y + 18), 14, look.fill, Ink.WHITE, 2)
    badges = role_badges(scene, role)
    badge_w = sum(text_width(t, 18, True) + 24 for t, _, _ in badges)
    draw_fitted(
        d,
        (x + 38, y, right - badge_w, y + 36),
        scene.name(role),
        26,
        Ink.TEXT,
        min_size=18,
        bold=True,
        anchor="lm",
    )
    bx = right - badge_w + 8
    for text, fill, ink in badges:
        bx = pill(d, (bx, y + 5), text, 18, fill, ink) + 8
    y += 42
    draw_fitted(d, (x, y, right, y + 26), allegiance(scene, side), 20, Ink.TEXT, min_size=15, anchor="lm")
    y += 32
    counts(scene, side, (x, y, right, y + 2 * CELL_H + 6))
    y += 2 * CELL_H + 14
    played = [unit_label(scene, role, card) for card in side.spent]
    if played:
        lines = wrap(scene.label("played", cards=", ".join(played)), right - x, 18, 2, condensed=True)
        for i, line in enumerate(lines):
            draw_text(d, (x, y + 22 * i), line, 18, Ink.TEXT, condensed=True)


def role_badges(scene: Scene, role: str) -> list[tuple[str, tuple, tuple]]:
    v = scene.view
    badges = []
    if v.winners is not None and role in v.winners:
        badges.append((scene.label("won"), Ink.GOLD, Ink.BLACK))
    elif v.decision is not None and role in v.decision.roles:
        badges.append((scene.label("acting"), Ink.BLUE, Ink.WHITE))
    if v.sides[role].first:
        badges.append((scene.label("first"), Ink.HEADER, Ink.WHITE))
    return badges


def allegiance(scene: Scene, side: SideView) -> str:
    """`Hades · east edge`; while recruiting only whether the army is ready (000 §"Recruter
    des Unités": armies are recruited in secret and revealed together, so a general's own
    view, which already names their faction, must not draw it on the public board)."""
    if side.faction is None or not all(s.recruited for s in scene.view.sides.values()):
        return scene.label("recruited" if side.recruited else "recruiting")
    parts = [faction_name(side.faction, scene.locale)]
    if side.team is not None:
        parts.insert(0, scene.label("team", n=side.team))
    if side.zone:
        parts.append(
            scene.label("edge", edge=code_label(f"mythic.edge.{side.zone}", scene.locale, side.zone))
        )
    return " · ".join(parts)


def counts(scene: Scene, side: SideView, box: Box) -> None:
    """Six labelled numbers in two rows: resources first, then the cards."""
    d = scene.draw
    x0, y0, x1, _ = box
    units = [u for u in scene.view.units if u.owner == side.role]
    alive = sum(1 for u in units if not u.destroyed)
    cells = [
        ("pp", str(side.pp)),
        ("aow", str(side.aow)),
        ("units", f"{alive}/{len(units)}" if units else "—"),
        ("hand", str(side.hand_count)),
        ("deck", str(side.deck)),
        ("discard", str(len(side.discard))),
    ]
    cell_w = (x1 - x0 + 6) // 3
    for i, (key, value) in enumerate(cells):
        cx, cy = x0 + (i % 3) * cell_w, y0 + (i // 3) * (CELL_H + 6)
        rounded_box(d, (cx, cy, cx + cell_w - 6, cy + CELL_H), Ink.PAPER, Ink.PANEL_EDGE, 1, 8)
        draw_fitted(
            d,
            (cx + 4, cy + 2, cx + cell_w - 10, cy + 22),
            scene.label(key),
            17,
            Ink.MUTED,
            min_size=13,
            condensed=True,
        )
        draw_text(d, (cx + (cell_w - 6) / 2, cy + 40), value, 26, Ink.TEXT, bold=True, anchor="mm")


def unit_label(scene: Scene, role: str, card: str) -> str:
    """A maneuver card (named by its unit id) as its unit's token label."""
    uid = f"{role}.{card}"
    return scene.labels.get(uid) or card


def attacks_shown(scene: Scene) -> list[tuple[str, AttackView]]:
    """The attack being resolved, then the last one finished (unless it is the same)."""
    v = scene.view
    shown = []
    if v.combat is not None:
        shown.append(("attack_now", v.combat))
    if v.last_attack is not None and (v.combat is None or v.combat.rolls != v.last_attack.rolls):
        shown.append(("last_attack", v.last_attack))
    return shown


def move_lines(scene: Scene, width: int) -> list[str]:
    v = scene.view
    if v.last_move and v.last_move_unit:
        words = scene.label("last_move", unit=scene.unit_text(v.last_move_unit), path=" → ".join(v.last_move))
    elif v.phase in ("battle", "over"):
        words = scene.label("no_move")  # the armies stand where they were deployed
    else:
        words = scene.label("deploying" if v.phase == "deploy" else "setting_up")
    return wrap(words, width, 18, 3, condensed=True)


def attack_lines(scene: Scene, attack: AttackView, width: int) -> list[str]:
    who = scene.label(
        "attack_who",
        attacker=scene.unit_text(attack.attacker),
        target=scene.unit_text(attack.target),
        kind=attack_kind(attack.kind, scene.locale),
    )
    return wrap(who + result_text(scene, attack), width, 18, 4, condensed=True)


def info_height(scene: Scene, width: int) -> int:
    """The info panel's height for a panel `width` px wide (the same steps as `info_panel`)."""
    inner = width - 2 * PAD
    height = 10 + LINE * len(move_lines(scene, inner)) + 8
    for _, attack in attacks_shown(scene):
        height += 26 + LINE * len(attack_lines(scene, attack, inner))
        height += (
            sum(6 + dice_height(roll, roller(scene, roll), inner, scene.locale) + 4 for roll in attack.rolls)
            + 10
        )
    return height + 4


def info_panel(scene: Scene, box: Box) -> None:
    """The last move and the attacks: who, what kind, dice, wounds."""
    d = scene.draw
    x0, y0, x1, y1 = box
    rounded_box(d, box, Ink.BAND, Ink.PANEL_EDGE, 2, 12)
    x, y, right = x0 + PAD, y0 + 10, x1 - PAD
    for line in move_lines(scene, right - x):
        draw_text(d, (x, y), line, 18, Ink.TEXT, condensed=True)
        y += LINE
    y += 8
    for key, attack in attacks_shown(scene):
        draw_text(d, (x, y), scene.label(key), 20, Ink.TEXT, bold=True)
        y += 26
        for line in attack_lines(scene, attack, right - x):
            draw_text(d, (x, y), line, 18, Ink.TEXT, condensed=True)
            y += LINE
        for roll in attack.rolls:
            y = draw_dice(d, roll, roller(scene, roll), x, y + 6, right, scene.locale) + 4
        y += 10


def roller(scene: Scene, roll: RollView) -> str:
    return scene.labels.get(roll.unit, roll.unit)


def result_text(scene: Scene, attack: AttackView) -> str:
    """What the attack did, once every roll is done."""
    if attack.evaded:
        return " — " + scene.label("evaded")
    if not attack.rolls or not all(r.done for r in attack.rolls):
        return ""
    parts = [
        scene.label("wounds_to", n=n, unit=scene.labels.get(uid, uid))
        for uid, n in attack.wounds.items()
        if n
    ]
    parts += [scene.label("destroyed", unit=scene.labels.get(uid, uid)) for uid in attack.destroyed]
    return " — " + (", ".join(parts) if parts else scene.label("no_wound"))
