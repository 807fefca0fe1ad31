"""What games declare beyond `/play` (engine/plugins.py), served generically: saved set-ups
per user and game, shortcut commands, extra images. No module here names a game."""

from bot.plugins.commands import PluginCommand, plugin_commands
from bot.plugins.service import PluginService

__all__ = ["PluginCommand", "PluginService", "plugin_commands"]
