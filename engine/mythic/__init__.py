"""Mythic Battles, two players: the rules engine (000/001 in /work/shared/seeds).

`GAME` is the protocol object the table service hosts (engine/protocol.py).
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")

from engine.mythic.game import GAME  # noqa: E402, I001
from engine.mythic import glossary  # noqa: E402, F401  (GAME.glossary and GAME.explain)
from engine.mythic.table.plans import PLANS  # noqa: E402

GAME.plans = PLANS  # type: ignore[attr-defined]  # an activation in one interaction (issue 26)

__all__ = ["GAME"]
