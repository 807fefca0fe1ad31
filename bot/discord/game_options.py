"""`/game new`'s typed parameters, built from every available game's `Options` model.

Each option field becomes an optional parameter: `Literal`/`Enum` fields (or fields whose
`json_schema_extra` lists `choices`) become choices, integers keep their bounds, booleans stay
booleans. Games sharing a field name of the same kind share the parameter (its choices are
merged); a clash of kinds gets the game id as prefix. Names, descriptions and choice labels
come from the game's catalog (`<game>.option.<field>`, `<game>.option.<field>.desc`,
`<game>.option.<field>.<value>`) when present, else from the field itself.
"""

from __future__ import annotations

import inspect
import keyword
from dataclasses import dataclass, field
from typing import Any

from discord import app_commands
from pydantic import BaseModel

from bot.discord.translator import label
from bot.service.api import UserError
from bot.service.option_guide import describe_field
from engine.i18n import DEFAULT_LOCALE, LOCALES, has_key, normalize_locale, t
from engine.protocol import Game

RESERVED = {
    "interaction",
    "game",
    "league",
    "seed",
    "clock_days",
    "reminder_hours",
    "window_minutes",
    "options",
}
OWN = 6  # /game new's own options (game, seed, league and the three timers), before `options:`
MAX_OPTIONS = 25  # Discord's limit per command


@dataclass
class OptionParam:
    """One parameter of `/game new`, standing for a field of one or more games."""

    name: str
    kind: type  # str | int | bool
    fields: dict[str, str] = field(default_factory=dict)  # game id -> Options field name
    games: dict[str, dict[str, str]] = field(default_factory=dict)  # game id -> its names (en, fr)
    choices: list[Any] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    suggest: bool = False  # choices offered by autocomplete rather than as Discord choices

    def annotation(self) -> Any:
        if self.kind is int and (self.low is not None or self.high is not None):
            return app_commands.Range[int, self.low, self.high]
        return self.kind

    def localized_name(self) -> app_commands.locale_str:
        game_id, fname = next(iter(self.fields.items()))
        return _catalog_str(f"{game_id}.option.{fname}", self.name, name=True)

    def description(self) -> app_commands.locale_str:
        """Which games the option is for, by their short ids (`/game new` carries the options
        of every game, and the whole command must stay under Discord's 4000 characters), then
        the game's own description (else the field's name)."""
        game_id, fname = next(iter(self.fields.items()))
        key = f"{game_id}.option.{fname}.desc"
        games = ", ".join(gid.capitalize() for gid in self.games)
        texts = {}
        for loc in LOCALES:
            what = t(key, loc) if has_key(key, loc) else fname.replace("_", " ").capitalize()
            full = f"{games}: {what}"
            texts[loc] = full if len(full) <= 100 else what[:100]  # Discord's limit: the games go first
        return app_commands.locale_str(
            texts[DEFAULT_LOCALE], **{k: v for k, v in texts.items() if k != DEFAULT_LOCALE}
        )

    def app_choices(self) -> list[app_commands.Choice[Any]]:
        game_id, fname = next(iter(self.fields.items()))
        return [
            app_commands.Choice(name=_catalog_str(f"{game_id}.option.{fname}.{v}", str(v)), value=v)
            for v in self.choices
        ]

    def completer(self) -> Any:
        """Autocomplete for a suggested option: the suggestions whose value or label (in the
        asker's language) holds what is typed. A plain function: discord.py would pass a
        method's instance as a cog."""
        game_id, fname = next(iter(self.fields.items()))
        choices = self.choices

        async def complete(interaction: Any, current: str) -> list[app_commands.Choice[str]]:
            loc = normalize_locale(str(getattr(interaction, "locale", "") or DEFAULT_LOCALE))
            wanted, out = current.strip().lower(), []
            for value in choices:
                key = f"{game_id}.option.{fname}.{value}"
                shown = f"{t(key, loc)} · {value}" if has_key(key, loc) else str(value)
                if wanted in shown.lower():
                    out.append(app_commands.Choice(name=shown[:100], value=str(value)))
            return out[:25]

        return complete


def _catalog_str(key: str, fallback: str, name: bool = False) -> app_commands.locale_str:
    """A command string from a game's catalog, with `fallback` when the game has none."""
    texts = {loc: t(key, loc) for loc in LOCALES if has_key(key, loc)}
    if name:  # Discord names: lowercase, no spaces
        texts = {loc: s.lower().replace(" ", "-")[:32] for loc, s in texts.items()}
    default = texts.get(DEFAULT_LOCALE, fallback)
    return app_commands.locale_str(
        default[:100], **{k: v[:100] for k, v in texts.items() if k != DEFAULT_LOCALE}
    )


def option_params(games: list[Game]) -> list[OptionParam]:
    params: dict[str, OptionParam] = {}
    for game in games:
        model: type[BaseModel] = game.Options
        for fname, info in model.model_fields.items():
            spec = describe_field(info)
            if spec is None:
                continue
            kind, choices, low, high = spec.kind, spec.choices, spec.low, spec.high
            name = fname
            existing = params.get(name)
            if name in RESERVED or keyword.iskeyword(name) or (existing and existing.kind is not kind):
                name = f"{game.id}_{fname}"
                existing = params.get(name)
            param = existing or params.setdefault(name, OptionParam(name, kind, low=low, high=high))
            param.fields[game.id] = fname
            param.games[game.id] = dict(getattr(game, "names", None) or {})
            param.choices += [c for c in choices if c not in param.choices]
            param.suggest = param.suggest or spec.suggest
            param.low = low if param.low is None or low is None else min(param.low, low)
            param.high = high if param.high is None or high is None else max(param.high, high)
    return [p for p in params.values() if (p.suggest or len(p.choices) <= 25) and 1 <= len(p.name) <= 32]


def options_for(game: Game, params: list[OptionParam], values: dict[str, Any]) -> dict[str, Any]:
    """The chosen game's options from the typed values; refuses options of another game."""
    chosen: dict[str, Any] = {}
    for param in params:
        value = values.get(param.name)
        if value is None:
            continue
        if game.id not in param.fields:
            raise UserError(
                "discord.err.option_not_for_game", option=param.name, game=game.names.get("en", game.id)
            )
        chosen[param.fields[game.id]] = value
    return chosen


def signature(params: list[OptionParam], head: list[inspect.Parameter]) -> inspect.Signature:
    kw = inspect.Parameter.POSITIONAL_OR_KEYWORD
    tail = [inspect.Parameter(p.name, kw, default=None, annotation=p.annotation() | None) for p in params]
    return inspect.Signature([*head, *tail])


def decorate(callback: Any, params: list[OptionParam], own: list[str]) -> None:
    """Attach descriptions, localized names and choices the way discord.py's decorators do;
    `own` are the command's own parameters, named in our catalog (`discord.opt.<name>`)."""
    callback.__discord_app_commands_param_description__ = {p.name: p.description() for p in params} | {
        name: label(f"discord.opt.{name}.desc") for name in own
    }
    callback.__discord_app_commands_param_rename__ = {p.name: p.localized_name() for p in params} | {
        name: label(f"discord.opt.{name}.name") for name in own
    }
    callback.__discord_app_commands_param_choices__ = {
        p.name: p.app_choices() for p in params if p.choices and not p.suggest
    }
    callback.__discord_app_commands_param_autocomplete__ = {
        p.name: p.completer() for p in params if p.suggest
    }


# ---- `/game new options:`: any game's options written out ---------------------------------


def parse_written(text: str | None) -> dict[str, str]:
    """`scenario:expert points:300` -> {"scenario": "expert", "points": "300"}; the service
    validates names and values (and names the known options when one is unknown)."""
    found: dict[str, str] = {}
    for word in (text or "").replace(",", " ").split():
        key, sep, value = word.partition(":")
        if not sep or not key or not value:
            raise UserError("discord.err.written_option", word=word)
        if key.lower() in found:
            raise UserError("discord.err.option_twice", option=key.lower())
        found[key.lower()] = value
    return found


def merge_written(typed: dict[str, Any], written: str | None) -> dict[str, Any]:
    """The typed options with those written in `options:`; one option given both ways is refused."""
    extra = parse_written(written)
    for key in extra:
        if key in typed:
            raise UserError("discord.err.option_twice", option=key)
    return {**typed, **extra}


def written_options(games: dict[str, Game]) -> Any:
    """Autocomplete for `options:`: the chosen game's options not written yet, as `name:value`
    (each choice, `true`/`false`, or the default), appended to what is already written."""

    async def complete(interaction: Any, current: str) -> list[app_commands.Choice[str]]:
        game = games.get(getattr(interaction.namespace, "game", None) or "")
        if game is None:
            return []
        words = current.split()
        done = words if current.endswith(" ") or not words else words[:-1]
        partial = "" if current.endswith(" ") or not words else words[-1].lower()
        used = {w.partition(":")[0].lower() for w in done}
        out = []
        for fname, info in game.Options.model_fields.items():
            spec = describe_field(info)
            if spec is None or fname in used:
                continue
            values = spec.choices or ([True, False] if spec.kind is bool else [info.default])
            for value in values:
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                word = f"{fname}:{shown}"
                if word.lower().startswith(partial):
                    full = " ".join([*done, word])
                    out.append(app_commands.Choice(name=full[:100], value=full[:100]))
        return out[:25]

    return complete
