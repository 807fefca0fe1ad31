"""Hoplomachus Victorum at the table: typed commands (`/hop ...`), league facts (the hall of
fame groups solo runs by difficulty), declared for the bot (engine/plugins.py) rather than
written into it. Importing this package adds them to `GAME`."""

from __future__ import annotations

from pathlib import Path

from engine.i18n import T, register_catalog, register_texts, t

register_catalog(Path(__file__).parent / "locales")

from engine.hoplomachus.game import GAME  # noqa: E402
from engine.hoplomachus.table.hall import HALL  # noqa: E402
from engine.hoplomachus.table.league import LEAGUE  # noqa: E402
from engine.hoplomachus.table.plans import PLANS  # noqa: E402
from engine.hoplomachus.table.shortcuts import HOWTO, SHORTCUTS  # noqa: E402

GAME.shortcuts = SHORTCUTS  # type: ignore[attr-defined]
GAME.league = LEAGUE  # type: ignore[attr-defined]
GAME.hall = HALL  # type: ignore[attr-defined]  # /game hall: the server's hall of fame
GAME.plans = PLANS  # type: ignore[attr-defined]  # a fight turn, a week in a couple of interactions
GAME.rules = [*HOWTO, T("hop.rules.4")]  # /game rules: the how-to (also /hop howto), then the notation


def _register_heroes() -> None:
    """`/game new hero:`'s suggestions, each labelled by the hero's name (content packs may
    add heroes); an unknown hero is refused by the campaign's set-up, naming the known ones."""
    from engine.hoplomachus.content import content
    from engine.hoplomachus.state import HEROES

    heroes = content().heroes
    HEROES[:] = ["random", *sorted(heroes)]
    for loc in ("en", "fr"):
        names = {f"hoplomachus.option.hero.{hid}": getattr(h, loc) for hid, h in heroes.items()}
        register_texts(loc, names | {"hoplomachus.option.hero.random": t("hopbot.option.hero.random", loc)})


_register_heroes()
