"""The `/league` slash commands and the report buttons, for the Discord adapter.

The adapter's bot is a plain `discord.Client`, so this is a command group plus a button
class rather than a `commands.Cog`; `install(bot, leagues)` adds both (call it in
`setup_hook`, before the command tree syncs). Every command goes through the adapter's own
`run_command`, so replies are presented, deferred and mapped to errors exactly as for
`/game`. Players are chosen by autocomplete among the league's members (the value is
their user id), which also keeps reports to members.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import where_of
from bot.discord.handlers import run_command
from bot.discord.translator import label, named
from bot.leagues import buttons
from bot.leagues.games import known_games, variants
from bot.leagues.limits import DAY_LENGTH, MATCH_MAX, SEASON_MAX, TEXT_LIMIT
from bot.leagues.ratings import MODELS
from bot.leagues.reports import DECISIONS, FIRST_CHOICES, MAX_GAMES_A_DAY, RESULTS
from bot.leagues.views import EXPORTS
from bot.service.api import UserError
from engine import get_game
from engine.i18n import render

log = logging.getLogger("agora.leagues")
GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
MENTION = re.compile(r"<@!?(\d+)>")


def _service(interaction: discord.Interaction) -> Any:
    return interaction.client.leagues  # type: ignore[attr-defined]


def _user(value: str | None) -> str | None:
    """A member picked by autocomplete is their id; a typed mention works too."""
    if value is None:
        return None
    found = MENTION.fullmatch(value.strip())
    return found.group(1) if found else value.strip()


def _choices(key: str, values: Any) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=label(f"league.choice.{key}.{v}"), value=v) for v in values]


def _game_choices() -> list[app_commands.Choice[str]]:
    """Every installed game, by its name in each language."""
    return [app_commands.Choice(name=named(get_game(g).names), value=g) for g in known_games()]


async def _league_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        names = await _service(interaction).league_names(str(interaction.guild_id or ""))
    except Exception:  # autocomplete cannot show an error
        log.exception("league autocomplete failed")
        return []
    wanted = current.casefold()
    return [app_commands.Choice(name=n, value=n) for n in names if wanted in n.casefold()][:25]


async def _variants(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The chosen game's variants, named in the user's language (the value is the id)."""
    game = getattr(interaction.namespace, "game", None)
    wanted = current.casefold().strip()
    found = []
    for gid in [game] if game in known_games() else known_games():
        for value, text in variants(gid).items():
            name = render(text, str(interaction.locale))
            if wanted in value or wanted in name.casefold():
                found.append(app_commands.Choice(name=name[:100], value=value))
    return found[:25]


async def _members(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    league = getattr(interaction.namespace, "league", None)
    try:
        found = await _service(interaction).member_choices(where_of(interaction), league, current)
    except UserError:
        return []  # no league here yet
    except Exception:
        log.exception("member autocomplete failed")
        return []
    return [app_commands.Choice(name=name[:100], value=uid) for name, uid in found]


def _sub(group: app_commands.Group, name: str, *params: str) -> Callable[[Any], Any]:
    """A subcommand whose name, description and parameters come from our catalog
    (`league.cmd.<name>.*`, `league.opt.<param>.*`), in English and French."""

    def decorate(fn: Any) -> Any:
        if params:
            fn = app_commands.describe(**{p: label(f"league.opt.{p}.desc") for p in params})(fn)
            fn = app_commands.rename(**{p: label(f"league.opt.{p}.name") for p in params})(fn)
        return group.command(
            name=label(f"league.cmd.{name}.name"), description=label(f"league.cmd.{name}.desc")
        )(fn)

    return decorate


League = app_commands.Range[str, 1, TEXT_LIMIT]
Label = app_commands.Range[str, 1, TEXT_LIMIT]
Day = app_commands.Range[str, DAY_LENGTH, DAY_LENGTH]
Season = app_commands.Range[int, 1, SEASON_MAX]
Match = app_commands.Range[int, 1, MATCH_MAX]


def league_group() -> app_commands.Group:
    group = app_commands.Group(
        name=label("league.cmd.league.name"),
        description=label("league.cmd.league.desc"),
        allowed_contexts=GUILD_ONLY,
    )
    _membership(group)
    _reports(group)
    _views(group)
    season = app_commands.Group(
        name=label("league.cmd.season.name"), description=label("league.cmd.season.desc"), parent=group
    )

    @_sub(season, "new", "starts", "ends", "league")
    @app_commands.autocomplete(league=_league_names)
    async def season_new(
        interaction: discord.Interaction,
        starts: Day | None = None,
        ends: Day | None = None,
        league: League | None = None,
    ) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).season_new(w, a, league=league, starts=starts, ends=ends),
        )

    return group


def _membership(group: app_commands.Group) -> None:
    @_sub(group, "create", "name", "game", "variant", "rating", "starts", "ends")
    @app_commands.choices(game=_game_choices(), rating=_choices("rating", MODELS))
    @app_commands.autocomplete(variant=_variants)
    async def create(
        interaction: discord.Interaction,
        name: Label,
        game: str,
        variant: Label | None = None,
        rating: str = "plackett_luce",
        starts: Day | None = None,
        ends: Day | None = None,
    ) -> None:
        """Manage Server only; the service checks it (Actor.manager)."""
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).create(
                w, a, name, game, variant=variant or "", rating_model=rating, starts=starts, ends=ends
            ),
        )

    @_sub(group, "join", "league")
    @app_commands.autocomplete(league=_league_names)
    async def join(interaction: discord.Interaction, league: League | None = None) -> None:
        await run_command(interaction, lambda _s, w, a: _service(interaction).join(w, a, league=league))

    @_sub(group, "leave", "league")
    @app_commands.autocomplete(league=_league_names)
    async def leave(interaction: discord.Interaction, league: League | None = None) -> None:
        await run_command(interaction, lambda _s, w, a: _service(interaction).leave(w, a, league=league))

    @_sub(group, "list")
    async def listing(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda _s, w, a: _service(interaction).leagues(w, a), public=False)


def _reports(group: app_commands.Group) -> None:
    @_sub(
        group,
        "report",
        "opponent",
        "result",
        "partner",
        "opponent_partner",
        "my_score",
        "their_score",
        "my_faction",
        "their_faction",
        "first",
        "scenario",
        "played",
        "number",
        "league",
    )
    @app_commands.choices(result=_choices("result", RESULTS), first=_choices("first", FIRST_CHOICES))
    @app_commands.autocomplete(
        opponent=_members, partner=_members, opponent_partner=_members, league=_league_names
    )
    async def report(
        interaction: discord.Interaction,
        opponent: str,
        result: str,
        partner: str | None = None,
        opponent_partner: str | None = None,
        my_score: float | None = None,
        their_score: float | None = None,
        my_faction: Label | None = None,
        their_faction: Label | None = None,
        first: str | None = None,
        scenario: Label | None = None,
        played: Day | None = None,
        number: app_commands.Range[int, 1, MAX_GAMES_A_DAY] = 1,
        league: League | None = None,
    ) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).report(
                w,
                a,
                _user(opponent),
                result,
                league=league,
                partner=_user(partner),
                opponent_partner=_user(opponent_partner),
                my_score=my_score,
                their_score=their_score,
                my_faction=my_faction,
                their_faction=their_faction,
                first=first,
                scenario=scenario,
                played=played,
                number=number,
            ),
        )

    @_sub(group, "reports", "league")
    @app_commands.autocomplete(league=_league_names)
    async def reports(interaction: discord.Interaction, league: League | None = None) -> None:
        await run_command(
            interaction, lambda _s, w, a: _service(interaction).waiting(w, a, league=league), public=False
        )

    @_sub(group, "resolve", "match", "action", "winner", "draw")
    @app_commands.choices(action=_choices("action", DECISIONS))
    @app_commands.autocomplete(winner=_members)
    async def resolve(
        interaction: discord.Interaction,
        match: Match,
        action: str,
        winner: str | None = None,
        draw: bool = False,
    ) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).resolve(
                w, a, match, action, winner=_user(winner), draw=draw
            ),
        )

    @_sub(group, "void", "match")
    async def void(interaction: discord.Interaction, match: Match) -> None:
        await run_command(interaction, lambda _s, w, a: _service(interaction).void(w, a, match))


def _views(group: app_commands.Group) -> None:
    @_sub(group, "standings", "season", "league")
    @app_commands.autocomplete(league=_league_names)
    async def standings(
        interaction: discord.Interaction, season: Season | None = None, league: League | None = None
    ) -> None:
        await run_command(
            interaction, lambda _s, w, a: _service(interaction).standings(w, a, league=league, season=season)
        )

    @_sub(group, "history", "player", "season", "league")
    @app_commands.autocomplete(player=_members, league=_league_names)
    async def history(
        interaction: discord.Interaction,
        player: str | None = None,
        season: Season | None = None,
        league: League | None = None,
    ) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).history(
                w, a, player=_user(player), league=league, season=season
            ),
        )

    @_sub(group, "stats", "season", "league")
    @app_commands.autocomplete(league=_league_names)
    async def stats(
        interaction: discord.Interaction, season: Season | None = None, league: League | None = None
    ) -> None:
        await run_command(
            interaction, lambda _s, w, a: _service(interaction).stats(w, a, league=league, season=season)
        )

    @_sub(group, "export", "what", "season", "league")
    @app_commands.choices(what=_choices("what", EXPORTS))
    @app_commands.autocomplete(league=_league_names)
    async def export(
        interaction: discord.Interaction,
        what: str = "matches",
        season: Season | None = None,
        league: League | None = None,
    ) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).export(w, a, league=league, season=season, what=what),
            public=False,
        )


class LeagueButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{buttons.PREFIX}:(?P<match>[0-9]+):(?P<action>[a-z]+)",
):
    """Confirm / Dispute / Accept / Void on a report, however old the message. Built like
    the adapter's `GameButton` (custom id, label, style), so its `view_for` can use it for
    `lg:` ids."""

    def __init__(
        self, custom_id: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80] or "·", style=style))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeagueButton:
        return cls(item.custom_id)  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        custom_id = self.item.custom_id or ""
        await run_command(interaction, lambda _s, w, a: _service(interaction).press(w, a, custom_id))


async def tick_once(bot: Any) -> int:
    """Accept the reports left unanswered for 48 hours and announce them; returns how many."""
    due = await bot.leagues.tick()
    for where, reply in due:
        try:
            await bot.delivery.reply_to_channel(where, reply)
        except discord.HTTPException as exc:
            log.warning("could not announce an accepted report in channel %s: %s", where.channel_id, exc)
    return len(due)


async def _tick_loop(bot: Any, seconds: float) -> None:
    await bot.wait_until_ready()
    while not bot.is_closed():
        try:
            await tick_once(bot)
        except Exception:
            log.exception("league tick failed")
        await asyncio.sleep(seconds)


def install(bot: Any, leagues: Any, tick_seconds: float | None = 60.0) -> None:
    """Add `/league` and the report buttons to `bot` (from its `setup_hook`), and check
    every `tick_seconds` for reports to accept (None: the caller ticks)."""
    bot.leagues = leagues
    bot.add_dynamic_items(LeagueButton)
    bot.tree.add_command(league_group())
    if tick_seconds is not None:
        task = asyncio.get_running_loop().create_task(
            _tick_loop(bot, tick_seconds), name="agora-league-ticks"
        )
        bot.league_ticks = task  # the caller may cancel it; it also ends when the bot closes


__all__ = ["LeagueButton", "install", "league_group", "tick_once"]
