"""How many characters Discord counts for a slash command (its limit is 4000 per top-level
command): name, description, and choice names and values, for the command, its options,
subcommands and choices; where localizations exist, only the longest text of each field
counts. Measured on the command objects before they are synced, so `/game new` can keep as
many typed game options as fit when more games are installed."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from engine.i18n import LOCALES, has_key, t

LIMIT = 4000


def longest(text: Any) -> int:
    """The longest rendering of a string field across our languages."""
    if not isinstance(text, app_commands.locale_str):
        return len(str(text))
    found = [text.message, *(v for k, v in text.extras.items() if k in LOCALES)]
    key = text.extras.get("key")
    if key:
        found += [t(key, loc) for loc in LOCALES if has_key(key, loc)]
    return max(len(s) for s in found)


def _parameter(param: app_commands.Parameter) -> int:
    size = longest(param.locale_name or param.name) + longest(param.locale_description or param.description)
    for choice in param.choices:
        size += longest(getattr(choice, "_locale_name", None) or choice.name) + len(str(choice.value))
    return size


def size(item: app_commands.Command[Any, ..., Any] | app_commands.Group) -> int:
    total = longest(getattr(item, "_locale_name", None) or item.name)
    total += longest(getattr(item, "_locale_description", None) or item.description)
    if isinstance(item, app_commands.Group):
        return total + sum(size(child) for child in item.commands)
    return total + sum(_parameter(p) for p in item.parameters)
