"""Translated names of Battle for Athena things. The engine's catalogs own the keys
`athena.card.*`, `athena.power.*`, `athena.terrain.*`, `athena.colour.*` and `athena.phase.*`;
this module only looks them up (with a readable fallback while a key is missing)."""

from __future__ import annotations

from engine.i18n import has_key, t
from render.common import code_label

_NAMES: dict[tuple[str, str], str] = {}  # names found in the catalogs, by key and locale


def _name(key: str, locale: str, code: str) -> str:
    """`code_label`, each name the catalogs define rendered once (the engine registers the
    Athena catalogs at import; a name not defined yet is looked up again each time)."""
    found = _NAMES.get((key, locale))
    if found is None:
        if not (has_key(key, locale) or has_key(key)):
            return code_label(key, locale, code)
        if len(_NAMES) > 8192:
            _NAMES.clear()
        found = _NAMES[(key, locale)] = t(key, locale)
    return found


def card_name(code: str, locale: str) -> str:
    return _name(f"athena.card.{code}", locale, code)


def power_name(code: str, locale: str) -> str:
    return _name(f"athena.power.{code}", locale, code)


def power_text(code: str, locale: str) -> str:
    return _name(f"athena.power.{code}.text", locale, "")


def terrain_name(code: str, locale: str) -> str:
    return _name(f"athena.terrain.{code}", locale, code)


def colour_name(colour: str, locale: str) -> str:
    return _name(f"athena.colour.{colour}", locale, colour)


def phase_name(phase: str, locale: str) -> str:
    return _name(f"athena.phase.{phase}", locale, phase)


def player_name(role: str, names: dict[str, str]) -> str:
    """The seat's display name; the role itself for a seat the caller did not name."""
    return names.get(role) or role


_LABELS: dict[tuple, str] = {}  # this package's labels by key, locale and parameters


def label(key: str, locale: str, **params: object) -> str:
    """This package's own labels (render/locales), each rendered once: images ask for the same
    few dozen again and again, and only this package registers their keys (at import)."""
    try:
        found = _LABELS.get((key, locale, *params.items()))
    except TypeError:  # a parameter that is not hashable
        return t(f"render.athena.{key}", locale, **params)
    if found is None:
        if len(_LABELS) > 8192:
            _LABELS.clear()
        found = _LABELS[(key, locale, *params.items())] = t(f"render.athena.{key}", locale, **params)
    return found
