"""Hoplomachus Victorum images (PNG bytes): the arena during a fight and the world map
between fights (the public image after each move), the camp (the player's private image, with
the cards being chosen), and extra images for the game's shortcuts: `map`, `camp`, `arena`,
`event`. Everything comes from the view given; the public images from the public view."""

from __future__ import annotations

from engine.hoplomachus.view import HopView
from render.hoplomachus.arena import arena_png as _arena_png
from render.hoplomachus.camp import camp_png as _camp_png
from render.hoplomachus.cards import event_png as _event_png
from render.hoplomachus.worldmap import map_png as _map_png

__all__ = ["IMAGES", "board_png", "private_png"]


def board_png(view: HopView, names: dict[str, str], locale: str = "en") -> bytes:
    """The arena while a fight is on; the event card with its choices while it is being
    decided (face up, seed 003 l.31-40); otherwise the world map."""
    if view.fight is not None:
        return _arena_png(view, locale)
    if view.phase == "event" and view.event:
        return _event_png(view, locale)
    return _map_png(view, locale)


def private_png(view: HopView, names: dict[str, str], locale: str = "en") -> bytes:
    """The camp, with the cards the player is choosing between (their own view only)."""
    return _camp_png(view, locale)


def map_png(view: HopView, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    return _map_png(view, locale)


def camp_png(view: HopView, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    return _camp_png(view, locale)


def arena_png(view: HopView, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    return _arena_png(view, locale) if view.fight is not None else _map_png(view, locale)


def event_png(view: HopView, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    return _event_png(view, locale)


IMAGES = {"map": map_png, "camp": camp_png, "arena": arena_png, "event": event_png}
