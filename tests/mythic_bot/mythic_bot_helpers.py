"""Who, where and the armies the saved-army tests use; reading a reply as its reader does."""

from __future__ import annotations

from bot.service.api import Actor, Reply, Where
from engine.i18n import render

WHERE = Where("g1", "c1")
ALICE = Actor("alice", "Alice")
BOB = Actor("bob", "Bob", locale="fr")
NICK = "cerberus rhadamanthus auditors marauders legion-acheron legion-phlegethon artillerymen"


def text(reply: Reply, locale: str = "en") -> str:
    """Everything the reply says, rendered as its reader sees it."""
    return "\n".join(render(line, m.locale or locale) for m in reply.messages for line in m.lines)
