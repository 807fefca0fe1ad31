"""Translated words of the Hoplomachus Victorum images: names of the authored content come
from the engine's catalog (`hop.unit.*`, `hop.loc.*`...); the images' own labels are this
package's keys `render.hop.*` (render/hoplomachus/locales)."""

from __future__ import annotations

from pathlib import Path

from engine.hoplomachus.content import content, skill_name, skill_number
from engine.hoplomachus.view import HopView
from engine.i18n import Text, normalize_locale, register_catalog, render, t
from render.common import code_label

register_catalog(Path(__file__).parent / "locales")


def label(key: str, locale: str, **params: object) -> str:
    """The image's own words; code spans (`keep <id>`) lose their backticks on a picture."""
    return t(f"render.hop.{key}", locale, **params).replace("`", "")


def text(value: Text | str, locale: str) -> str:
    return render(value, locale)


def name(prefix: str, code: str, locale: str) -> str:
    """`hop.<prefix>.<code>` (unit, loc, opp, tactic, bane...), humanised if a pack forgot it."""
    return code_label(f"hop.{prefix}.{code}", locale, code)


def unit(code: str, locale: str) -> str:
    return name("unit", code, locale)


def skill(code: str, locale: str) -> str:
    """`longshot:4` -> "Long Shot 4"."""
    base, n = skill_name(code), skill_number(code)
    word = code_label(f"hop.skill.{base}", locale, base)
    return f"{word} {n}" if ":" in code else word


def die_letter(colour: str, locale: str) -> str:
    """The die's letter in the reader's language (B/G/K/R, B/V/N/R): dice are told by letter
    as well as by colour."""
    d = content().dice.get(colour)
    if d is None or normalize_locale(locale) != "fr":
        return colour[:1].upper()  # B G K R: black is K, never a second B (the legends say so)
    return d.fr[:1].upper()  # B V N R, as seed 003 l.508 letters them


def week_line(view: HopView, locale: str) -> str:
    """The Act and week line under the map's and the camp's titles."""
    return label(
        "map.sub",
        locale,
        act=view.act,
        week=view.week,
        left=view.weeks_left,
        weeks=view.week + view.weeks_left,
    )


def step_name(step: str, locale: str) -> str:
    return label(f"step.{step}", locale)
