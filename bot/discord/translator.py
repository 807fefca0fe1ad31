"""Slash-command names, descriptions and choices in English and French.

Every command string is a `locale_str` built by `label(key)`: its message is the English
catalog text (what Discord shows by default) and its `key` extra names the catalog entry the
translator renders for other languages. Strings that come from a game rather than from our
catalog (a game's French name) carry their translations as extras, e.g. `fr="..."`.
"""

from __future__ import annotations

import discord
from discord import app_commands

from engine.i18n import DEFAULT_LOCALE, has_key, normalize_locale, t


def label(key: str) -> app_commands.locale_str:
    return app_commands.locale_str(t(key, DEFAULT_LOCALE), key=key)


def named(names: dict[str, str]) -> app_commands.locale_str:
    """A string given in several languages, e.g. a game's `names`."""
    return app_commands.locale_str(names.get(DEFAULT_LOCALE) or next(iter(names.values())), **names)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = normalize_locale(locale.value)
        if lang == DEFAULT_LOCALE:
            return None  # the default text already is English
        if lang in string.extras:
            return string.extras[lang]
        key = string.extras.get("key")
        if key and has_key(key, lang):
            return t(key, lang)
        return None
