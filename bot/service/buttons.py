"""Button ids: `ag:<game id>:<rev>:<action>[:<arg>]`, at most 100 characters (Discord's limit).

The id names the game (buttons also sit in DMs, so the channel cannot be used) and the
revision it was made for: a click from an older position is refused, not applied.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.api import Button, UserError
from engine.i18n import Text

PREFIX = "ag"
MAX_LENGTH = 100
MAX_ID = (1 << 63) - 1  # game ids and revisions are the store's signed 64-bit integers


@dataclass(frozen=True)
class ButtonId:
    game_id: int
    rev: int
    action: str
    arg: str | None = None

    def encode(self) -> str:
        parts = [PREFIX, str(self.game_id), str(self.rev), self.action]
        if self.arg is not None:
            parts.append(self.arg)
        return ":".join(parts)


def button(
    game_id: int, rev: int, action: str, label: Text, style: str = "secondary", arg: str | None = None
) -> Button | None:
    """A Button, or None when its id would not fit in Discord's 100 characters."""
    custom_id = ButtonId(game_id, rev, action, arg).encode()
    return Button(label=label, custom_id=custom_id, style=style) if len(custom_id) <= MAX_LENGTH else None


def decode(custom_id: str) -> ButtonId:
    parts = custom_id.split(":", 4)
    if (
        len(parts) < 4
        or parts[0] != PREFIX
        or not parts[1].isdigit()
        or not parts[2].isdigit()
        or not parts[3]
        or int(parts[1]) > MAX_ID
        or int(parts[2]) > MAX_ID
    ):
        raise UserError("bot.err.bad_button")
    return ButtonId(int(parts[1]), int(parts[2]), parts[3], parts[4] if len(parts) == 5 else None)
