"""An attack's dice, as a compact chat line and as little dice in the images.

001 §"Attack Roll": each die keeps its own running total; a 0 is lost; a die showing 1-4
may be discarded to add 1 to another die; a 5 may be re-rolled and the new face added;
"each result equal to or higher than the defender's Defense value is a success". Dice are
numbered from 1 as the dice commands name them (`boost 4>3`, `reroll 1 3`)."""

from __future__ import annotations

from PIL import ImageDraw

from engine.mythic.view import AttackView, DieView, RollView
from render.common import Ink, dashed_box, draw_text, rounded_box, text_width
from render.mythic.names import attack_kind, label


def outcome(die: DieView, difficulty: int) -> str:
    """ "success", "miss", "lost" (a 0) or "discarded" (spent on another die)."""
    if die.status == "lost":
        return "lost"
    if die.status == "spent":
        return "discarded"
    return "success" if die.total >= difficulty else "miss"


def running(die: DieView) -> str:
    """`9`, or how it was reached as the rulebook writes it (001 §"Attack Roll", example):
    `3+1=4` after a discard onto it, `5+3=8` after a re-roll, `5+1+1=7` after a re-roll and a
    discard. Boosts made before a re-roll are part of the value re-rolled (the 5)."""
    if len(die.faces) <= 1:
        terms = [*die.faces[:1]] + ([die.bonus] if die.bonus else [])
    else:
        before = die.total - die.faces[-1] - die.bonus
        terms = ([before] if before else []) + [die.faces[-1]] + ([die.bonus] if die.bonus else [])
    if len(terms) <= 1:
        return str(die.total)
    return "+".join(map(str, terms)) + f"={die.total}"


def die_text(die: DieView, index: int, difficulty: int, locale: str) -> str:
    result = outcome(die, difficulty)
    value = running(die)
    if result == "success":
        value += " ✓"
    elif result != "miss":
        value = label(f"dice.{result}", locale, value=value)
    return f"{index}: {value}"


def roll_line(roll: RollView, locale: str) -> str:
    dice = " · ".join(die_text(d, i, roll.difficulty, locale) for i, d in enumerate(roll.dice, start=1))
    line = label(
        "dice.roll",
        locale,
        kind=attack_kind(roll.kind, locale),
        difficulty=roll.difficulty,
        dice=dice or "—",
        successes=roll.successes,
    )
    return line if roll.done else f"{line} {label('dice.pending', locale)}"


def dice_line(attack: AttackView, locale: str) -> str:
    """`CC vs 6 — 1: 5+4=9 ✓ · 2: 3 · 3: 1 discarded · 4: 0 lost → successes: 1 — wounds: 1`."""
    parts = [roll_line(roll, locale) for roll in attack.rolls] or [label("dice.not_rolled", locale)]
    if attack.evaded:
        parts.append(label("dice.evaded", locale))
    elif attack.rolls and all(r.done for r in attack.rolls):
        parts.append(label("dice.wounds", locale, n=sum(attack.wounds.values())))
        if attack.destroyed:
            parts.append(label("dice.destroyed", locale, n=len(attack.destroyed)))
    return " — ".join(parts)


DIE = 38


def die_places(
    roll: RollView, who: str, left: int, top: int, right: int, locale: str
) -> tuple[str, list[tuple[int, int]]]:
    """The caption (`Cerb 5+`: the roller and the result each die needs) and each die's
    top-left, wrapping under the caption."""
    caption = label("dice.caption", locale, unit=who, difficulty=roll.difficulty)
    x, y = left + text_width(caption, 20, True) + 12, top
    places = []
    for _ in roll.dice:
        if x + DIE > right:
            x, y = left, y + DIE + 6
        places.append((x, y))
        x += DIE + 6
    return caption, places


def dice_height(roll: RollView, who: str, width: int, locale: str) -> int:
    _, places = die_places(roll, who, 0, 0, width, locale)
    return (places[-1][1] if places else 0) + DIE


def draw_dice(
    draw: ImageDraw.ImageDraw, roll: RollView, who: str, left: int, top: int, right: int, locale: str
) -> int:
    """The dice of one roll in a row (successes gold and framed in black, misses white, a
    discarded die dashed, a lost 0 grey and struck), after a caption; returns the bottom."""
    caption, places = die_places(roll, who, left, top, right, locale)
    draw_text(draw, (left, top + DIE / 2), caption, 20, Ink.TEXT, bold=True, anchor="lm")
    for die, (x, y) in zip(roll.dice, places, strict=True):
        box = (x, y, x + DIE, y + DIE)
        result = outcome(die, roll.difficulty)
        centre = (x + DIE / 2, y + DIE / 2)
        if result == "discarded":
            dashed_box(draw, box, Ink.MUTED, dash=5)
            draw_text(draw, centre, str(die.total), 20, Ink.MUTED, anchor="mm")
        elif result == "lost":
            rounded_box(draw, box, Ink.UNKNOWN, None, 0, 6)
            draw_text(draw, centre, str(die.total), 20, Ink.WHITE, bold=True, anchor="mm")
            draw.line((x + 5, y + DIE - 5, x + DIE - 5, y + 5), fill=Ink.WHITE, width=3)
        else:
            hit = result == "success"
            rounded_box(
                draw,
                box,
                Ink.GOLD if hit else Ink.WHITE,
                Ink.BLACK if hit else Ink.PANEL_EDGE,
                3 if hit else 2,
                6,
            )
            draw_text(draw, centre, str(die.total), 22, Ink.BLACK, bold=hit, anchor="mm")
    return top + dice_height(roll, who, right - left, locale)
