"""Report buttons: `lg:<match id>:<action>`, stable across restarts. A click on a report
that has moved on (already confirmed, voided...) is refused by the service, not applied."""

from __future__ import annotations

from bot.service.api import Button, UserError
from engine.i18n import T

PREFIX = "lg"
CONFIRM, DISPUTE, ACCEPT, VOID = "confirm", "dispute", "accept", "void"
OPPONENT_ACTIONS = (CONFIRM, DISPUTE)
ORGANIZER_ACTIONS = (ACCEPT, VOID)
_STYLE = {CONFIRM: "success", DISPUTE: "danger", ACCEPT: "success", VOID: "danger"}


def custom_id(match_id: int, action: str) -> str:
    return f"{PREFIX}:{match_id}:{action}"


def button(match_id: int, action: str) -> Button:
    return Button(
        label=T(f"league.button.{action}"), custom_id=custom_id(match_id, action), style=_STYLE[action]
    )


def parse(raw: str) -> tuple[int, str]:
    parts = raw.split(":")
    if (
        len(parts) != 3
        or parts[0] != PREFIX
        or not parts[1].isdigit()
        or parts[2] not in OPPONENT_ACTIONS + ORGANIZER_ACTIONS
    ):
        raise UserError("league.err.bad_button")
    return int(parts[1]), parts[2]


def handles(raw: str) -> bool:
    """True for the custom ids this package owns (the adapter routes them here)."""
    return raw.startswith(PREFIX + ":")
