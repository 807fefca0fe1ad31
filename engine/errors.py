"""Errors the engine raises; each carries a translatable reason."""

from __future__ import annotations

from typing import Any

from engine.i18n import Text


class IllegalCommand(Exception):
    """A command the rules refuse. `apply` raises it and leaves its input untouched."""

    def __init__(self, key: str, **params: Any) -> None:
        self.text = Text(key=key, params=params)
        super().__init__(key)

    def __repr__(self) -> str:
        return f"IllegalCommand({self.text.key!r}, {self.text.params!r})"


class ContentError(ValueError):
    """Authored content that does not validate: names the file, the path inside it and why."""

    def __init__(self, file: str, path: str, reason: str) -> None:
        self.file, self.path, self.reason = file, path, reason
        super().__init__(f"{file}: {path}: {reason}")
