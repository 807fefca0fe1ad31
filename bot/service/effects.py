"""A command's few words of effect (optional `GAME.explain`, engine/glossary.py), joined to
its label wherever a choice is offered: `/play` autocomplete, `moves`, button messages."""

from __future__ import annotations

from typing import Any

from engine.i18n import T, Text


def command_effect(game: Any, state: Any, role: str, command: Any) -> Text | None:
    hook = getattr(game, "explain", None)
    return hook(state, role, command) if callable(hook) and state is not None else None


def with_effect(words: Text | None, effect: Text | None) -> Text | None:
    """`Keen Edge — +1 damage on each hit`: the label, then the effect (either may be absent)."""
    if effect is None or words is None:
        return words if effect is None else effect
    return T("bot.choice.words", label=words, effect=effect)
