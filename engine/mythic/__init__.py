"""Mythic Battles, two players: the rules engine (000/001 in /work/shared/seeds).

`GAME` is the protocol object the table service hosts (engine/protocol.py).
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")

from engine.mythic.game import GAME  # noqa: E402

__all__ = ["GAME"]
