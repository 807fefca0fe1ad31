"""Games as plug-ins (ARCHITECTURE §8): every game, built in or installed from another
package, is found the same way, through Python entry points.

- `agora.games`: each entry point names a game's `GAME` object (`engine.mythic:GAME`).
- `agora.renderers`: each names that game's renderer (`render.mythic:RENDERER`), under the
  same name as the game.

A plug-in that fails to import is logged once with its reason and left out; the others keep
working. `reset()` forgets what was found (tests that install a distribution on the fly).
"""

from __future__ import annotations

import logging
from importlib import metadata
from typing import Any

log = logging.getLogger("agora.plugins")

GAMES = "agora.games"
RENDERERS = "agora.renderers"

_found: dict[str, dict[str, Any]] = {}
_failed: dict[str, dict[str, str]] = {}


def _discover(group: str) -> dict[str, Any]:
    loaded: dict[str, Any] = {}
    failed: dict[str, str] = {}
    for entry in sorted(metadata.entry_points(group=group), key=lambda e: e.name):
        if entry.name in loaded:  # the first distribution wins; a second is a packaging mistake
            log.warning("%s: %r is declared twice; keeping %s", group, entry.name, loaded[entry.name])
            continue
        try:
            loaded[entry.name] = entry.load()
        except Exception as exc:  # any failure of a plug-in leaves the others working
            failed[entry.name] = f"{type(exc).__name__}: {exc}"
            log.error(
                "%s: %r (%s) cannot be loaded and is left out: %s",
                group,
                entry.name,
                entry.value,
                failed[entry.name],
            )
    _failed[group] = failed
    return loaded


def plugins(group: str) -> dict[str, Any]:
    """Name -> loaded object for an entry-point group (discovered once, then cached)."""
    if group not in _found:
        _found[group] = _discover(group)
    return _found[group]


def failures(group: str) -> dict[str, str]:
    """Name -> reason for the plug-ins of a group that could not be loaded."""
    plugins(group)
    return dict(_failed.get(group, {}))


def reset() -> None:
    _found.clear()
    _failed.clear()
