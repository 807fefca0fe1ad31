"""Battlelore Mythologie, two players: the rules engine (seed 002 in /work/shared/seeds).

`GAME` is the protocol object the table service hosts (engine/protocol.py). Card names
come from the authored content and are registered as translations at import.
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog, register_texts

register_catalog(Path(__file__).parent / "locales")

from engine.battlelore.content import content  # noqa: E402


def _register_names() -> None:
    c = content()
    for loc in ("en", "fr"):
        texts: dict[str, str] = {}
        for section in (c.units, c.peoples, c.deities, c.terrain, c.artefacts):
            for k, v in section.items():
                texts[f"bl.n.{k}"] = getattr(v.name, loc)
        for k, v in {**c.deck, **c.extra}.items():
            texts[f"bl.card.{k}"] = getattr(v.name, loc)
        for k, v in c.scenarios.items():
            texts[f"bl.sc.{k}"] = getattr(v.name, loc)
        for g, d in c.deities.items():
            for lid, card in d.lore.items():
                texts[f"bl.lore.{g}.{lid}"] = getattr(card.name, loc)
        register_texts(loc, texts)


_register_names()

from engine.battlelore import table  # noqa: E402, F401, I001  (the table's members of GAME: engine/battlelore/table)
from engine.battlelore import glossary  # noqa: E402, F401  (GAME.glossary and GAME.explain; after the table)
from engine.battlelore.game import GAME  # noqa: E402

__all__ = ["GAME"]
