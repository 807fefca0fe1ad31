"""Shared pieces of the league tests: a settable clock, players, and reading replies."""

from __future__ import annotations

from bot.service.api import Actor, Reply, Where
from engine.i18n import render

T0 = 1_750_000_000.0  # 2025-06-15 15:06:40 UTC
HOUR = 3600.0
WHERE = Where("guild", "league-channel")
ELSEWHERE = Where("guild", "other-channel")

NAMES = {"alice": "Alice", "bob": "Bob", "cara": "Cara", "dan": "Dan", "eve": "Eve", "olga": "Olga"}


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def actor(uid: str, *, manager: bool = False, locale: str = "en") -> Actor:
    return Actor(uid, NAMES.get(uid, uid.title()), locale=locale, manager=manager)


ORGANIZER = actor("olga", manager=True)


def text(reply: Reply, locale: str = "en") -> str:
    """Every line of every message, rendered; fails on a key missing from the catalog."""
    lines = []
    for message in reply.messages:
        for line in message.lines:
            rendered = render(line, locale)
            assert not rendered.startswith("league."), f"untranslated: {rendered}"
            lines.append(rendered)
    return "\n".join(lines)


def custom_ids(reply: Reply) -> list[str]:
    return [b.custom_id for m in reply.messages for b in m.buttons]


def report_id(reply: Reply) -> int:
    """The match id from the Confirm button of a new report."""
    return int(custom_ids(reply)[0].split(":")[1])
