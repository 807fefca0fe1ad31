"""The table service's vocabulary: what adapters (Discord, console) send and receive.

Adapters turn user input into `TableService` calls and present the `Reply` they get back.
No Discord type crosses this line; every string is a translatable `Text`, rendered by the
adapter in the reader's locale. Errors the user caused are raised as `UserError` (or the
engine's `IllegalCommand`) and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.i18n import Text


@dataclass(frozen=True)
class Where:
    """Where a command was typed: one game lives in one channel or thread."""

    guild_id: str
    channel_id: str


@dataclass(frozen=True)
class Actor:
    """Who typed it. `manager` is True for Manage Server (admin) rights."""

    user_id: str
    name: str
    locale: str = "en"
    manager: bool = False


@dataclass
class Button:
    """A quick choice. `custom_id` encodes game id, revision and choice, so it survives
    restarts and a click from an older position is refused."""

    label: Text
    custom_id: str
    style: str = "secondary"  # "primary" | "secondary" | "success" | "danger"


@dataclass
class Image:
    filename: str
    data: bytes


@dataclass
class Message:
    """One outgoing message.

    to_user=None and ephemeral=False: public, in the game's channel.
    to_user set: private to that user (DM on Discord; ephemeral fallback when DMs fail).
    ephemeral=True: only for the invoking user, in reply to their command.
    """

    lines: list[Text] = field(default_factory=list)
    image: Image | None = None
    to_user: str | None = None
    ephemeral: bool = False
    buttons: list[Button] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)  # user ids to ping in a public message
    attachment: Image | None = None  # a non-image file (exports)
    locale: str | None = None  # language to render in: the recipient's, or the guild's for public ones


@dataclass
class Reply:
    messages: list[Message] = field(default_factory=list)
    where: Where | None = None  # the game's channel, where public messages go (a click may come from a DM)
    game_id: int | None = None  # the game the reply is about (for note_dm_refused)

    def public(self) -> list[Message]:
        return [m for m in self.messages if m.to_user is None and not m.ephemeral]

    def private(self, user_id: str) -> list[Message]:
        return [m for m in self.messages if m.to_user == user_id]


class UserError(Exception):
    """A refusal to show the user (in their language); nothing was changed."""

    def __init__(self, key: str, **params: object) -> None:
        self.text = Text(key=key, params=params)
        super().__init__(key)


def explained(exc: BaseException) -> Text:
    """A refusal's text, followed by its hint when the service added one (`exc.hint`: what
    was expected, with a valid example)."""
    text: Text = exc.text  # type: ignore[attr-defined]
    hint = getattr(exc, "hint", None)
    return text if hint is None else Text(key="bot.err.hinted", params={"reason": text, "hint": hint})
