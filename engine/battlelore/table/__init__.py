"""Battlelore Mythologie at the table: typed commands, saved armies, league facts, standing
orders and how-to-play, declared for the bot (engine/plugins.py) rather than written into it.
Importing this package adds them to the engine's `GAME` as optional members."""

from __future__ import annotations

from pathlib import Path

from engine.i18n import T, has_key, register_catalog, register_texts

register_catalog(Path(__file__).parent / "locales")

from engine.battlelore.content import content  # noqa: E402
from engine.battlelore.game import GAME  # noqa: E402
from engine.battlelore.state import BATTLES, battles  # noqa: E402
from engine.battlelore.table.armies import ARMIES  # noqa: E402
from engine.battlelore.table.league import LEAGUE  # noqa: E402
from engine.battlelore.table.orders import ORDERS, standing  # noqa: E402
from engine.battlelore.table.plans import PLANS, quiet_board  # noqa: E402
from engine.battlelore.table.shortcuts import SHORTCUTS  # noqa: E402
from engine.battlelore.table.words import describe  # noqa: E402

HOWTO = 5  # blt.howto.1..5: the typed commands, after the engine's own notation lines


def _register_presets() -> None:
    """Starter armies' names, and `/game new battle:`'s choices: pitched and the scenarios
    (content packs may add some). The built-in ones have short labels in the catalog
    (`/game new` is near Discord's 4000 characters); a pack's scenario is labelled by its name."""
    BATTLES[:] = battles()
    scenarios = content().scenarios
    for loc in ("en", "fr"):
        register_texts(loc, {f"blt.preset.{k}": getattr(p.name, loc) for k, p in content().presets.items()})
        labels = {f"battlelore.option.battle.{sid}": getattr(scenarios[sid].name, loc) for sid in BATTLES[1:]}
        register_texts(loc, {k: v for k, v in labels.items() if not has_key(k, loc)})


_register_presets()

GAME.shortcuts = SHORTCUTS  # type: ignore[attr-defined]
GAME.setups = ARMIES  # type: ignore[attr-defined]
GAME.league = LEAGUE  # type: ignore[attr-defined]
GAME.orders = ORDERS  # type: ignore[attr-defined]
GAME.standing = standing  # type: ignore[attr-defined]
GAME.describe = describe  # type: ignore[attr-defined]
GAME.plans = PLANS  # type: ignore[attr-defined]  # a turn in two interactions (issue 26)
GAME.quiet_board = quiet_board  # type: ignore[attr-defined]  # no public image per hidden placement
GAME.rules = [*type(GAME).rules, *(T(f"blt.howto.{i}") for i in range(1, HOWTO + 1))]  # type: ignore[attr-defined]
