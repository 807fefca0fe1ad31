"""The fake Discord's world: users, guilds, channels and the messages posted in them.

Payload builders return the JSON shapes discord.py 2.7 parses (only the fields it reads).
Message records keep the uploaded files' bytes so tests can look at the images.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

# Manage Server is bit 5; every other user gets "send messages + use application commands".
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 31) | (1 << 14) | (1 << 15)
EPHEMERAL = 1 << 6
LOADING = 1 << 7

_ids = itertools.count(1_200_000_000_000_000_000)


def snowflake() -> str:
    return str(next(_ids))


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class User:
    id: str
    name: str
    locale: str = "en-US"
    manager: bool = False
    bot: bool = False
    refuses_dms: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self, guild: Guild) -> dict[str, Any]:
        permissions = MEMBER_PERMISSIONS | (MANAGE_GUILD if self.manager else 0)
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(permissions),
        }


@dataclass
class Message:
    """A message as Discord stores it, plus what the tests need to inspect it."""

    id: str
    channel_id: str
    author: User
    content: str = ""
    files: dict[str, bytes] = field(default_factory=dict)
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    ephemeral: bool = False
    loading: bool = False
    interaction_id: str | None = None
    deleted: bool = False
    nonce: str | None = None  # the nonce it was posted with, if the bot asked Discord to enforce it

    @property
    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"] for row in self.components for c in row.get("components", []) if "custom_id" in c
        ]

    @property
    def button_labels(self) -> dict[str, str]:
        return {
            c["custom_id"]: c.get("label", "") for row in self.components for c in row.get("components", [])
        }

    @property
    def pinged(self) -> list[str]:
        """User ids this message really notifies (Discord honours allowed_mentions)."""
        allowed = self.allowed_mentions
        mentioned = [part.split(">")[0] for part in self.content.split("<@")[1:]]
        if allowed is None:
            return mentioned
        users = allowed.get("users")
        if users is not None:
            return [u for u in mentioned if u in {str(x) for x in users}]
        return mentioned if "users" in allowed.get("parse", []) else []

    def payload(self, guild_id: str | None) -> dict[str, Any]:
        flags = (EPHEMERAL if self.ephemeral else 0) | (LOADING if self.loading else 0)
        data = {
            "id": self.id,
            "channel_id": self.channel_id,
            "type": 0 if self.interaction_id is None else 20,
            "content": self.content,
            "author": self.author.payload(),
            "attachments": [
                {
                    "id": str(i),
                    "filename": name,
                    "size": len(blob),
                    "url": f"https://cdn.invalid/{self.id}/{name}",
                    "proxy_url": f"https://cdn.invalid/{self.id}/{name}",
                }
                for i, (name, blob) in enumerate(self.files.items())
            ],
            "embeds": self.embeds,
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "flags": flags,
            "components": self.components,
        }
        if guild_id is not None:
            data["guild_id"] = guild_id
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data


@dataclass
class Channel:
    id: str
    name: str
    guild_id: str | None  # None for a DM
    recipient: User | None = None
    messages: list[Message] = field(default_factory=list)
    bot_can_post: bool = True  # False: the bot lacks Send Messages here (interactions still work)

    def payload(self) -> dict[str, Any]:
        if self.guild_id is None:
            assert self.recipient is not None
            return {
                "id": self.id,
                "type": 1,
                "recipients": [self.recipient.payload()],
                "last_message_id": None,
            }
        return {
            "id": self.id,
            "type": 0,
            "guild_id": self.guild_id,
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def visible(self) -> list[Message]:
        """What anyone reading the channel sees: no ephemeral, no deleted message."""
        return [m for m in self.messages if not m.ephemeral and not m.deleted]


@dataclass
class Guild:
    id: str
    name: str
    channels: dict[str, Channel] = field(default_factory=dict)

    def payload(self, members: list[User]) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "unavailable": False,
            "icon": None,
            "owner_id": members[0].id if members else self.id,
            "member_count": len(members),
            "large": False,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": self.id,
                    "name": "@everyone",
                    "permissions": str(MEMBER_PERMISSIONS),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [c.payload() for c in self.channels.values()],
            "threads": [],
            "members": [u.member_payload(self) for u in members],
            "voice_states": [],
            "presences": [],
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
            "joined_at": now_iso(),
        }


@dataclass
class World:
    """Everything the fake Discord knows; tests add users and channels to it."""

    bot: User = field(default_factory=lambda: User(snowflake(), "Agora", bot=True))
    application_id: str = field(default_factory=snowflake)
    users: dict[str, User] = field(default_factory=dict)
    guilds: dict[str, Guild] = field(default_factory=dict)
    channels: dict[str, Channel] = field(default_factory=dict)
    messages: dict[str, Message] = field(default_factory=dict)

    def add_user(
        self, name: str, locale: str = "en-US", manager: bool = False, refuses_dms: bool = False
    ) -> User:
        user = User(snowflake(), name, locale, manager, refuses_dms=refuses_dms)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> Guild:
        """A guild; with `shard` (id, count), one whose id Discord sends on that shard."""
        guild_id = snowflake()
        if shard is not None:  # (id >> 22) % count == number, distinct for every guild
            number, count = shard
            guild_id = str(((1 << 40) + (int(guild_id) % (1 << 30)) * count + number) << 22)
        guild = Guild(guild_id, name)
        self.guilds[guild.id] = guild
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(snowflake(), name, guild.id)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.recipient is user:
                return channel
        channel = Channel(snowflake(), f"dm-{user.name}", None, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def post(self, channel: Channel, message: Message) -> Message:
        channel.messages.append(message)
        self.messages[message.id] = message
        return message

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None
