"""Hoplomachus Victorum, the solo campaign: the rules engine (seed 003 in /work/shared/seeds).

One role (`p1`) leads a hero through four Acts; the rivals' and the arena's moves are
rules, resolved inside `apply` and told as events. `GAME` is the protocol object.
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")

from engine.hoplomachus.names import register_names  # noqa: E402

register_names()

from engine.hoplomachus import table  # noqa: E402, F401, I001  (adds GAME.shortcuts and GAME.league)
from engine.hoplomachus import glossary  # noqa: E402, F401  (adds GAME.glossary and GAME.explain)
from engine.hoplomachus.game import GAME  # noqa: E402

__all__ = ["GAME"]
