"""What each option of a game accepts, read from its `Options` model: `/game new`'s typed
parameters on Discord, `/game rules` and the local table's help all come from here.

A game names and explains its options in its catalog when it can: `<game>.option.<field>.desc`
and one label per choice, `<game>.option.<field>.<value>`.
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import dataclass, field
from typing import Any

import annotated_types
from pydantic.fields import FieldInfo

from engine.i18n import T, Text, has_key
from engine.protocol import Game


@dataclass(frozen=True)
class FieldSpec:
    kind: type  # str | int | bool
    choices: list[Any] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    suggest: bool = False  # the choices are suggestions (autocomplete), not a fixed list


def _unwrap_optional(annotation: Any) -> Any:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        return args[0]
    return annotation


def describe_field(info: FieldInfo) -> FieldSpec | None:
    """Kind, choices and bounds of a field a command can carry (None for other types):
    `Literal`/`Enum` fields, or those whose `json_schema_extra` lists `choices`, have choices;
    a list under `suggest` instead is offered by autocomplete on Discord (no room is taken in
    `/game new`'s 4000 characters), the game validating what is typed."""
    annotation = _unwrap_optional(info.annotation)
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    if typing.get_origin(annotation) is typing.Literal:
        values = list(typing.get_args(annotation))
        kind = type(values[0])
        return FieldSpec(kind, values) if kind in (str, int) else None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return FieldSpec(str, [m.value for m in annotation])
    if annotation is bool:
        return FieldSpec(bool)
    if annotation in (int, str):
        low = next((m.ge for m in info.metadata if isinstance(m, annotated_types.Ge)), None)
        high = next((m.le for m in info.metadata if isinstance(m, annotated_types.Le)), None)
        if extra.get("suggest"):
            return FieldSpec(annotation, list(extra["suggest"]), low, high, suggest=True)
        return FieldSpec(annotation, list(extra.get("choices", [])), low, high)
    return None


def _values(game: Game, name: str, spec: FieldSpec | None) -> Any:
    if spec is None:
        return T("bot.option.any")
    if spec.choices:
        labelled = []
        for value in spec.choices:
            key = f"{game.id}.option.{name}.{value}"
            labelled.append(T("bot.option.value", value=value, label=T(key)) if has_key(key) else str(value))
        return labelled
    if spec.kind is bool:
        return T("bot.option.bool")
    if spec.kind is str:
        return T("bot.option.text")
    if spec.low is not None and spec.high is not None:
        return T("bot.option.range", low=spec.low, high=spec.high)
    if spec.low is not None:
        return T("bot.option.from", low=spec.low)
    return T("bot.option.up_to", high=spec.high) if spec.high is not None else T("bot.option.number")


def option_lines(game: Game) -> list[Text]:
    """One line per option: the name to type, what it is for, its values and its default."""
    lines = []
    for name, info in game.Options.model_fields.items():
        default = info.get_default(call_default_factory=True)
        if isinstance(default, enum.Enum):
            default = default.value
        about = f"{game.id}.option.{name}.desc"
        lines.append(
            T(
                "bot.option.line",
                option=name,
                about=T("bot.option.about", text=T(about)) if has_key(about) else "",
                values=_values(game, name, describe_field(info)),
                default=T(
                    "bot.option.default", value=str(default).lower() if isinstance(default, bool) else default
                )
                if default is not None
                else "",
            )
        )
    return lines


def games_guide(games: list[Game], locale: str) -> list[Text]:
    """Every game with its options, for the local table's help (game names in `locale`)."""
    lines = [T("bot.help.games")]
    for game in games:
        name = game.names.get(locale) or game.names.get("en") or game.id
        if game.min_players == game.max_players:
            lines.append(T("bot.help.game_fixed", game=name, id=game.id, count=game.min_players))
        else:
            lines.append(
                T("bot.help.game", game=name, id=game.id, min=game.min_players, max=game.max_players)
            )
        lines += option_lines(game) or [T("bot.help.no_options")]
    return lines
