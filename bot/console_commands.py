"""`/league` and the commands games declare (saved set-ups, shortcut groups) at the local table
(ARCHITECTURE §1, §6, §8).

Each entry is what the Discord side declares (bot/leagues/cog.py, and bot/plugins/commands.py
for the games' own groups): the subcommand, its typed options, and the very service call
Discord makes with them. Discord
types and bounds option values before the bot sees them; here `name:value` words arrive
as text, so each option names its kind, and a missing, unknown or ill-typed option is
refused (translated) before any service is called: nothing changes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.leagues.limits import DAY_LENGTH, MATCH_MAX, SEASON_MAX, TEXT_LIMIT
from bot.leagues.reports import MAX_GAMES_A_DAY
from bot.plugins import plugin_commands
from bot.service.api import Actor, Reply, UserError, Where
from engine.i18n import LOCALES, T, Text, has_key, t
from engine.plugins import Param

TRUE, FALSE = ("true", "yes", "1", "oui", "vrai"), ("false", "no", "0", "non", "faux")


@dataclass(frozen=True)
class Kind:
    """Turns a typed value into what the service takes; `expected` says what fits."""

    convert: Callable[[str], Any]
    expected: Text


def text(limit: int) -> Kind:
    def convert(value: str) -> str:
        if not 1 <= len(value) <= limit:
            raise ValueError(value)
        return value

    return Kind(convert, T("bot.console.kind.text", limit=limit))


def _day(value: str) -> str:
    """Only the length, as Discord checks it; the service reads the date itself."""
    if len(value) != DAY_LENGTH:
        raise ValueError(value)
    return value


def whole(low: int, high: int) -> Kind:
    def convert(value: str) -> int:
        if not value.strip().isdigit() or not low <= int(value) <= high:
            raise ValueError(value)
        return int(value)

    return Kind(convert, T("bot.console.kind.whole", low=low, high=high))


def _number(value: str) -> float:
    found = float(value.replace(",", "."))
    if found != found or found in (float("inf"), float("-inf")):  # nan, inf
        raise ValueError(value)
    return found


def _flag(value: str) -> bool:
    word = value.strip().casefold()
    if word not in TRUE + FALSE:
        raise ValueError(value)
    return word in TRUE


NUMBER = Kind(_number, T("bot.console.kind.number"))
FLAG = Kind(_flag, T("bot.console.kind.flag"))
LABEL = text(TEXT_LIMIT)
DAY = Kind(_day, T("bot.console.kind.day"))
SEASON = whole(1, SEASON_MAX)
WORD = text(100)


@dataclass
class Services:
    tables: Any  # TableService
    leagues: Any  # LeagueService
    plugins: Any  # PluginService


Run = Callable[[Services, Where, Actor, dict[str, Any]], Awaitable[Reply]]


@dataclass(frozen=True)
class Command:
    params: dict[str, Kind]
    required: tuple[str, ...]
    run: Run


def _league_commands() -> dict[str, Command]:
    league = {"league": LABEL}
    return {
        "league create": Command(
            {"name": LABEL, "game": WORD, "variant": LABEL, "rating": WORD, "starts": DAY, "ends": DAY},
            ("name", "game"),
            lambda s, w, a, o: s.leagues.create(
                w,
                a,
                o["name"],
                o["game"],
                variant=o.get("variant") or "",
                rating_model=o.get("rating", "plackett_luce"),
                starts=o.get("starts"),
                ends=o.get("ends"),
            ),
        ),
        "league join": Command(league, (), lambda s, w, a, o: s.leagues.join(w, a, league=o.get("league"))),
        "league leave": Command(league, (), lambda s, w, a, o: s.leagues.leave(w, a, league=o.get("league"))),
        "league list": Command({}, (), lambda s, w, a, o: s.leagues.leagues(w, a)),
        "league report": Command(
            {
                "opponent": WORD,
                "result": WORD,
                "partner": WORD,
                "opponent_partner": WORD,
                "my_score": NUMBER,
                "their_score": NUMBER,
                "my_faction": LABEL,
                "their_faction": LABEL,
                "first": WORD,
                "scenario": LABEL,
                "played": DAY,
                "number": whole(1, MAX_GAMES_A_DAY),
                **league,
            },
            ("opponent", "result"),
            lambda s, w, a, o: s.leagues.report(
                w,
                a,
                o["opponent"],
                o["result"],
                league=o.get("league"),
                partner=o.get("partner"),
                opponent_partner=o.get("opponent_partner"),
                my_score=o.get("my_score"),
                their_score=o.get("their_score"),
                my_faction=o.get("my_faction"),
                their_faction=o.get("their_faction"),
                first=o.get("first"),
                scenario=o.get("scenario"),
                played=o.get("played"),
                number=o.get("number", 1),
            ),
        ),
        "league reports": Command(
            league, (), lambda s, w, a, o: s.leagues.waiting(w, a, league=o.get("league"))
        ),
        "league resolve": Command(
            {"match": whole(1, MATCH_MAX), "action": WORD, "winner": WORD, "draw": FLAG},
            ("match", "action"),
            lambda s, w, a, o: s.leagues.resolve(
                w, a, o["match"], o["action"], winner=o.get("winner"), draw=o.get("draw", False)
            ),
        ),
        "league void": Command(
            {"match": whole(1, MATCH_MAX)}, ("match",), lambda s, w, a, o: s.leagues.void(w, a, o["match"])
        ),
        "league standings": Command(
            {"season": SEASON, **league},
            (),
            lambda s, w, a, o: s.leagues.standings(w, a, league=o.get("league"), season=o.get("season")),
        ),
        "league history": Command(
            {"player": WORD, "season": SEASON, **league},
            (),
            lambda s, w, a, o: s.leagues.history(
                w, a, player=o.get("player"), league=o.get("league"), season=o.get("season")
            ),
        ),
        "league stats": Command(
            {"season": SEASON, **league},
            (),
            lambda s, w, a, o: s.leagues.stats(w, a, league=o.get("league"), season=o.get("season")),
        ),
        "league export": Command(
            {"what": WORD, "season": SEASON, **league},
            (),
            lambda s, w, a, o: s.leagues.export(
                w, a, league=o.get("league"), season=o.get("season"), what=o.get("what", "matches")
            ),
        ),
        "league season new": Command(
            {"starts": DAY, "ends": DAY, **league},
            (),
            lambda s, w, a, o: s.leagues.season_new(
                w, a, league=o.get("league"), starts=o.get("starts"), ends=o.get("ends")
            ),
        ),
    }


def _choice(param: Param) -> Kind:
    values = [value for value, _ in param.choices]

    def convert(value: str) -> str:
        if value.strip().lower() not in values:
            raise ValueError(value)
        return value.strip().lower()

    return Kind(convert, T("bot.console.kind.choice", choices=", ".join(values)))


def _kind(param: Param) -> Kind:
    if param.choices:
        return _choice(param)
    if param.kind == "flag":
        return FLAG
    if param.kind == "int":
        return whole(
            param.low if param.low is not None else 0, param.high if param.high is not None else 2**31
        )
    return text(param.max_length)


def _plugin_commands(games: list[Any]) -> dict[str, Command]:
    """The games' declared groups: each runs what Discord's callback runs."""
    found = {}
    for declared in plugin_commands(games):
        found[declared.path] = Command(
            {p.name: _kind(p) for p in declared.params},
            tuple(p.name for p in declared.params if p.required),
            lambda s, w, a, o, declared=declared: s.plugins.run(declared, w, a, o),
        )
    return found


def _localized(prefix: str, kind: str, word: str) -> set[str]:
    """The names Discord shows for a declared group, subcommand or option, in every locale."""
    key = f"{prefix}.{kind}.{word}.name"
    return {t(key, loc).lower() for loc in LOCALES if has_key(key, loc)} - {word}


def _unique(pairs: list[tuple[str, str]], taken: set[str]) -> dict[str, str]:
    """alias -> canonical name; an alias that is also a real name, or names two things, is dropped."""
    meanings: dict[str, set[str]] = {}
    for alias, canonical in pairs:
        meanings.setdefault(alias, set()).add(canonical)
    return {a: next(iter(c)) for a, c in meanings.items() if len(c) == 1 and a not in taken}


class CommandTable:
    """`/league` and the groups of these games, by full name (`league season new`).

    A game's group, subcommand and option names are also accepted as Discord's clients show
    them in each language (`/hop voyager`, `/blarmee`): how-tos written in French name those."""

    def __init__(self, games: list[Any]) -> None:
        self.declared = plugin_commands(games)
        self.commands: dict[str, Command] = {**_league_commands(), **_plugin_commands(games)}
        self.groups = sorted({name.split()[0] for name in self.commands})
        d = self.declared
        self.group_aliases = _unique(
            [(a, c.group) for c in d for a in _localized(c.prefix, "cmd", c.group)], set(self.groups)
        )
        self.sub_aliases = _unique(
            [(f"{c.group} {a}", c.path) for c in d for a in _localized(c.prefix, "cmd", c.name)],
            set(self.commands),
        )
        self.option_aliases = {
            c.path: _unique(
                [(a, p.name) for p in c.params for a in _localized(c.prefix, "opt", p.name)],
                {p.name for p in c.params},
            )
            for c in d
        }

    def group(self, word: str) -> str | None:
        """`hop`, `/blarmee` -> the group's own name; None when no group has that name."""
        word = word.lower().removeprefix("/")
        return word if word in self.groups else self.group_aliases.get(word)

    def usage(self) -> list[str]:
        """One help line per game-declared group: `/army save name:… units:… [faction:a|b] | list`."""
        lines: dict[str, list[str]] = {}
        for declared in self.declared:
            words = [declared.name]
            for p in declared.params:
                shown = f"{p.name}:" + ("|".join(v for v, _ in p.choices) if p.choices else "…")
                words.append(shown if p.required else f"[{shown}]")
            lines.setdefault(declared.group, []).append(" ".join(words))
        return [f"/{group} " + " | ".join(subs) for group, subs in lines.items()]

    def split_command(self, group: str, words: list[str]) -> tuple[str, list[str]]:
        """`league`, [`season`, `new`, `starts:…`] -> (`league season new`, [`starts:…`]): the
        longest known subcommand; else the first word, which `run` refuses by name."""
        group = self.group(group) or group
        for size in (2, 1):
            name = " ".join([group, *(w.lower() for w in words[:size])])
            name = self.sub_aliases.get(name, name)
            if len(words) >= size and name in self.commands:
                return name, words[size:]
        return " ".join([group, *(w.lower() for w in words[:1])]), words[1:]

    def known(self, group: str) -> list[Text | str]:
        """The group's subcommands, each named as the reader's Discord client shows it."""
        labels = {c.path: T(f"{c.prefix}.cmd.{c.name}.name") for c in self.declared}
        return [
            labels.get(name, name.removeprefix(group + " "))
            for name in self.commands
            if name.startswith(group + " ")
        ]

    def values(self, name: str, args: list[str], options: dict[str, str]) -> dict[str, Any]:
        """The options typed, checked against the subcommand: every problem is a UserError."""
        group = name.split()[0]
        command = self.commands.get(name)
        if command is None:
            raise UserError(
                "bot.console.unknown_command", command=f"/{name}", group=f"/{group}", known=self.known(group)
            )
        if args:
            raise UserError("bot.console.extra_words", command=f"/{name}", words=" ".join(args))
        aliases = self.option_aliases.get(name, {})
        options = {aliases.get(key, key): value for key, value in options.items()}
        unknown = sorted(set(options) - set(command.params))
        if unknown:
            raise UserError(
                "bot.console.unknown_option",
                command=f"/{name}",
                option=unknown[0],
                known=", ".join(command.params) or "–",
            )
        missing = [p for p in command.required if p not in options]
        if missing:
            raise UserError("bot.console.missing_option", command=f"/{name}", option=missing[0])
        found: dict[str, Any] = {}
        for key, raw in options.items():
            kind = command.params[key]
            try:
                found[key] = kind.convert(raw)
            except ValueError:
                raise UserError(
                    "bot.console.bad_value", option=key, value=raw, expected=kind.expected
                ) from None
        return found

    async def run(
        self,
        services: Services,
        where: Where,
        actor: Actor,
        name: str,
        args: list[str],
        options: dict[str, str],
    ) -> Reply:
        """One `/league` line, or one of a game's declared commands, as Discord would run it."""
        typed = self.values(name, args, options)
        return await self.commands[name].run(services, where, actor, typed)
