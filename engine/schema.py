"""Saved states from another version of Agora (ARCHITECTURE §2: a state carries its
`schema_version`, and a change of shape ships an upgrade step).

The one place every game's `load_state` goes through: an older state is upgraded step by step;
a state saved by a newer version is refused with a clear, translatable reason instead of being
read as if its unknown fields did not matter (issue 12 §5). `GameState` applies the same
refusal when a state dict is validated directly, so a game that skips `load_saved` is covered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from engine.i18n import T

S = TypeVar("S", bound=BaseModel)
Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


class UnknownSchema(ValueError):
    """A saved state from a newer version of Agora than this one."""

    def __init__(self, game: str, version: Any, current: int) -> None:
        self.game, self.version, self.current = game, version, current
        self.text = T("core.err.schema_newer", game=game, version=version, current=current)
        super().__init__(f"{game} state schema {version!r} is newer than this engine ({current})")


def refuse_future(data: Mapping[str, Any], current: int) -> int:
    """The saved version (1 when absent); raises UnknownSchema past `current` or when it is
    not a version number at all."""
    version = data.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1 or version > current:
        raise UnknownSchema(str(data.get("game", "?")), version, current)
    return version


def load_saved(state_cls: type[S], data: Mapping[str, Any], upgrades: Mapping[int, Upgrade]) -> S:
    """`data` upgraded to `state_cls.SCHEMA_VERSION` by `upgrades` (version -> one step), then
    validated; the input is never changed."""
    current: int = state_cls.SCHEMA_VERSION  # type: ignore[attr-defined]
    version = refuse_future(data, current)
    upgraded = dict(data)
    while version < current:
        upgraded = upgrades[version](upgraded)
        version = upgraded["schema_version"]
    return state_cls.model_validate(upgraded)


def unknown_schema(exc: BaseException) -> UnknownSchema | None:
    """The UnknownSchema behind `exc`, also when pydantic wrapped it in a ValidationError."""
    if isinstance(exc, UnknownSchema):
        return exc
    if isinstance(exc, ValidationError):
        for error in exc.errors():
            found = (error.get("ctx") or {}).get("error")
            if isinstance(found, UnknownSchema):
                return found
    return None
