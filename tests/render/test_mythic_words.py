"""Every word the Mythic Battles images ask the catalogs for exists in English and French."""

from __future__ import annotations

import pytest

import render.common
import render.mythic.names
from engine.i18n import has_key
from render.mythic import board_png, dice_line, private_png, roster_png
from tests.render.mythic_four_views import widen
from tests.render.mythic_views import NAMES, battle, cc_attack, finished, four_players, my_turn, recruiting


@pytest.fixture
def asked(monkeypatch) -> set[str]:
    """The catalog keys looked up while drawing (labels, and names with a fallback)."""
    keys: set[str] = set()
    real_t, real_has = render.mythic.names.t, render.common.has_key

    def t(key, locale=None, **params):
        keys.add(key)
        return real_t(key, locale, **params)

    def has(key, locale="en"):
        keys.add(key)
        return real_has(key, locale)

    monkeypatch.setattr(render.mythic.names, "t", t)
    monkeypatch.setattr(render.common, "has_key", has)
    return keys


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_word_drawn_is_translated(asked, locale):
    for view in (battle(), finished(), recruiting(), four_players(), widen(finished())):
        board_png(view, NAMES, locale)
        roster_png(view, view.roles[0], NAMES, locale)
    private_png(my_turn(["spartans", "owls"], activations=["p1.owls"]), NAMES, locale)
    private_png(battle(viewer="p1", hand=["toxotes"]), NAMES, locale)
    private_png(recruiting("p1"), NAMES, locale)
    dice_line(cc_attack(), locale)
    ours = {k for k in asked if k.startswith(("render.mythic.", "mythic."))}
    assert len(ours) > 60
    missing = sorted(k for k in ours if not (has_key(k, "en") and has_key(k, "fr")))
    assert not missing, missing
