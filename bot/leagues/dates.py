"""Calendar days as organizers type them (YYYY-MM-DD, UTC) and timestamps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service.api import UserError

DAY = 86400.0


def parse_day(text: str) -> float:
    """Midnight UTC at the start of that day; a clear error for anything else."""
    try:
        moment = datetime.strptime(text.strip(), "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        raise UserError("league.err.bad_date", text=text) from None
    return moment.timestamp()


def day(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d")


def start_of_day(ts: float) -> float:
    return parse_day(day(ts))


def end_of_day(ts: float) -> float:
    """The first instant of the next day: season end dates are inclusive."""
    return (datetime.fromtimestamp(start_of_day(ts), UTC) + timedelta(days=1)).timestamp()
