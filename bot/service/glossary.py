"""`/game explain name:`: a game's things read by name, and their few words beside the choices.

The texts are the game's (optional `GAME.glossary()` and `GAME.explain(...)`,
engine/glossary.py); this module finds them for the asker, only ever in an ephemeral reply:
the glossary holds public information only, but the question is the asker's own.
"""

from __future__ import annotations

from typing import Any

from bot.service.api import Actor, Reply, UserError, Where
from bot.service.core import ServiceCore
from bot.service.present import Draft
from engine.glossary import Entry, choice_label, find, kind_text, search
from engine.i18n import T, Text, normalize_locale, render
from engine.protocol import Game

AUTOCOMPLETE_LIMIT = 25  # Discord lists at most 25 choices
GAME_MARK = ":"  # a choice found without a game in the channel is sent as `<game id>:<key>`


def glossary_of(game: Game) -> list[Entry]:
    """The game's entries (optional `GAME.glossary`), read once per game object."""
    found = _cache.get(id(game))
    if found is None or found[0] is not game:
        hook = getattr(game, "glossary", None)
        found = _cache[id(game)] = (game, list(hook()) if callable(hook) else [])
    return found[1]


_cache: dict[int, tuple[Game, list[Entry]]] = {}


class GlossaryMixin(ServiceCore):
    async def _explained_games(self, where: Where, game_id: str | None) -> tuple[list[Game], bool]:
        """The games whose glossary to read, and whether it is the channel's (or chosen) one:
        `game:` when given, else the channel's game (its last one, finished or not), else
        every installed game with a glossary."""
        if game_id:
            return [self.catalog.get(game_id)], True
        record = await self.store.channel_game(where.guild_id, where.channel_id, active_only=False)
        if record is not None:
            return [self.catalog.get(record.game)], True
        games = [self.catalog.get(g) for g in self.catalog.ids()]
        return [g for g in games if glossary_of(g)], False

    async def glossary_choices(
        self, where: Where, actor: Actor, typed: str, game_id: str | None = None
    ) -> list[tuple[str, str]]:
        """(label, value) for autocomplete: the entries `typed` names, best first, labelled
        `Name — few words` in the asker's language (within Discord's 100 characters)."""
        locale = normalize_locale(actor.locale)
        games, one = await self._explained_games(where, game_id)
        whose = {id(e): g for g in games for e in glossary_of(g)}  # one list, best first whatever the game
        found: list[tuple[str, str]] = []
        for entry in search([e for g in games for e in glossary_of(g)], typed, AUTOCOMPLETE_LIMIT):
            if one:
                found.append((choice_label(entry, locale), entry.key))
            else:  # several games: say whose, and send which
                game = whose[id(entry)]
                suffix = f" ({game.names.get(locale) or game.id})"
                label = choice_label(entry, locale, 100 - len(suffix)) + suffix
                found.append((label, f"{game.id}{GAME_MARK}{entry.key}"[:100]))
        return found

    async def explain(self, where: Where, actor: Actor, name: str, game_id: str | None = None) -> Reply:
        """The whole text of the entry `name` names (by a name in either language, its key
        or an alias; case, accents and small typos forgiven), only for the asker."""
        locale = normalize_locale(actor.locale)
        typed = (name or "").strip()
        games, one = await self._explained_games(where, game_id)
        if not one and GAME_MARK in typed:  # a choice picked from the list of every game
            head, _, rest = typed.partition(GAME_MARK)
            if head in self.catalog.ids():
                games, typed = [self.catalog.get(head)], rest
        if not games:
            raise UserError("bot.err.explain_no_game", games=self.catalog.ids() or "-")
        if not typed:
            raise UserError("bot.err.explain_empty", examples=_examples(games, locale))
        if len(games) == 1 and not glossary_of(games[0]):
            raise UserError("bot.err.explain_no_glossary", game=_game_name(games[0], locale))
        whose = {
            id(e): g for g in games for e in glossary_of(g)
        }  # several games: one list, each entry's game
        entry, others = find([e for g in games for e in glossary_of(g)], typed, lambda e: whose[id(e)].id)
        close = [(whose[id(e)], e) for e in others]
        if entry is None:
            if not close:
                raise UserError("bot.err.explain_unknown", name=typed, examples=_examples(games, locale))
            raise UserError(
                "bot.err.explain_which", name=typed, names=[_named(g, e, locale, one) for g, e in close[:10]]
            )
        game = whose[id(entry)]
        draft = Draft()
        draft.add_ephemeral(self._entry_lines(game, entry, close, locale, one), locale)
        return draft.reply

    @staticmethod
    def _entry_lines(
        game: Game, entry: Entry, close: list[tuple[Game, Entry]], locale: str, one: bool
    ) -> list[Text]:
        lines: list[Text] = [
            T(
                "bot.explain.header",
                name=entry.name,
                kind=kind_text(entry.kind),
                game=_game_name(game, locale),
            )
        ]
        lines += list(entry.text) or [T("core.text_missing")]
        if entry.aliases:
            lines.append(T("bot.explain.aliases", aliases=", ".join(f"`{a}`" for a in entry.aliases)))
        others = [_named(g, e, locale, one) for g, e in close if e.key != entry.key][:5]
        if others:
            lines.append(T("bot.explain.also", names=others))
        return lines


def _game_name(game: Game, locale: str) -> str:
    return game.names.get(locale) or game.id


def _named(game: Game, entry: Entry, locale: str, one: bool) -> str:
    name = render(entry.name, locale)
    return name if one else f"{name} ({_game_name(game, locale)})"


def _examples(games: list[Game], locale: str) -> Any:
    names = [render(e.name, locale) for g in games for e in glossary_of(g)[:2]]
    return names[:4] or "-"
