"""Game buttons that keep working after a restart.

A button's `custom_id` is the service's `ag:<game id>:<revision>:<action>[:<arg>]`; the bot
registers one `DynamicItem` whose template matches it, so a click on any message, however
old, reaches `TableService.press`, which refuses clicks from an older revision.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.errors import log_unexpected
from bot.service.api import Button
from engine.i18n import render

CUSTOM_ID = r"ag:(?P<game>[^:]+):(?P<rev>[^:]+):(?P<action>[^:]+)(?::(?P<arg>.*))?"
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
PER_ROW, MAX_BUTTONS, LABEL_LIMIT = 5, 25, 80

PressHandler = Callable[[discord.Interaction, str], Awaitable[None]]


def game_of(custom_id: str) -> str | None:
    """The game id a button belongs to (for logs), or None for a foreign custom_id."""
    match = re.fullmatch(CUSTOM_ID, custom_id)
    return match["game"] if match else None


def button_action(custom_id: str) -> str:
    """A button id for the logs: its game, revision and action, never its argument (a move
    offered in a DM, e.g. the card a player holds, is private)."""
    match = re.fullmatch(CUSTOM_ID, custom_id)
    if match is None:
        return "(foreign id)"
    return f"ag:{match['game']}:{match['rev']}:{match['action']}" + (":…" if match["arg"] is not None else "")


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID):
    def __init__(
        self, custom_id: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ):
        super().__init__(
            discord.ui.Button(custom_id=custom_id, label=label[:LABEL_LIMIT] or "·", style=style)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(item.custom_id)  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        handler: PressHandler = interaction.client.on_game_button  # type: ignore[attr-defined]
        custom_id = self.item.custom_id or ""
        try:
            await handler(interaction, custom_id)
        except Exception as exc:  # else discord.py logs the button, whose label may be a private move
            log_unexpected(exc, f"button {button_action(custom_id)}", game_of(custom_id))


def is_registered(custom_id: str, kinds: list[Any]) -> bool:
    """Whether one of the registered button classes (their templates) handles this id."""
    templates = [getattr(kind, "__discord_ui_compiled_template__", None) for kind in kinds]
    return any(template is not None and template.fullmatch(custom_id) for template in templates)


def kind_for(custom_id: str, kinds: list[Any]) -> Any:
    """The registered button class whose template matches (e.g. leagues' `lg:` buttons)."""
    for kind in kinds:
        template = getattr(kind, "__discord_ui_compiled_template__", None)
        if template is None or template.fullmatch(custom_id):
            return kind
    return kinds[-1]


def view_for(buttons: list[Button], locale: str, kinds: list[Any] | None = None) -> discord.ui.View | None:
    """A persistent view (no timeout) with the buttons in rows of five; each button is built
    by the first of `kinds` (the classes registered with the bot) whose template matches it."""
    if not buttons:
        return None
    kinds = kinds or [GameButton]
    view = discord.ui.View(timeout=None)
    for index, button in enumerate(buttons[:MAX_BUTTONS]):
        style = STYLES.get(button.style, STYLES["secondary"])
        item = kind_for(button.custom_id, kinds)(button.custom_id, render(button.label, locale), style)
        item.row = index // PER_ROW
        view.add_item(item)
    return view
