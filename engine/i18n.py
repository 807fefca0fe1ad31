"""The one translation helper for every user-facing string (engine, bot and render).

The engine never formats sentences: it returns `Text(key, params)` values, and the adapter
renders them in the reader's language with `render(text, locale)`. Catalogs are JSON files
named `<locale>.json` in a `locales/` folder beside each package that registers one.

Plurals. A value may hold ICU-style plural blocks, `{count, plural, one {# wound} other {#
wounds}}`, where `#` is the number and a branch may hold other `{param}`s; `=0 {...}` matches one
exact number. The category of a number ("one", "few", "many", "other"...) comes from CLDR through
Babel (`babel.Locale(...).plural_form`): in French 0 and 1 are singular ("0 blessure"), in
English only 1 is. Babel rather than Fluent because our catalogs are flat JSON `key -> text`
with `str.format` placeholders that several packages, the tests and discord.py's Translator
(bot/discord/translator.py) already read: the ICU plural syntax slots into those values and
leaves every other entry as it was, where Fluent would mean `.ftl` files, `{ $param }`
placeholders and a second set of tooling for the same strings. Babel is the maintained
source of the plural rules; the small parser here only picks the branch.

French typography. French values are rendered with the rules a French reader expects, so
translators type plain spaces and apostrophes: a no-break space (U+00A0 throughout, as the
first catalogs had it, rather than a mix with the narrow U+202F) before
`: ; ! ?`, `%` and `»`, after `«` and between a number and its unit (`10 h`); the typographic
apostrophe ’ and the ellipsis …. The rule reads the template only, never the parameters
(player names, notation), and skips `code spans`, `{placeholders}`, URLs, mentions `<@id>` and
command mentions `</game hand:1>`.
"""

from __future__ import annotations

import json
import logging
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from pydantic import BaseModel, ConfigDict

LOCALES = ("en", "fr")
DEFAULT_LOCALE = "en"

_catalogs: dict[str, dict[str, str]] = {loc: {} for loc in LOCALES}
_registered: set[Path] = set()
_log = logging.getLogger("agora.i18n")
# Keys rendered without a catalog entry and templates left with a parameter unfilled, since
# start-up: each is logged once as an error (a bug to fix), and tests assert none occurred.
_missing: set[str] = set()


def missing_texts() -> set[str]:
    """What was rendered without its text since start-up (or the last `forget_missing`):
    `key` for a key no catalog has, `key{param}` for a parameter a template lacked."""
    return set(_missing)


def forget_missing() -> None:
    _missing.clear()


def _report_missing(what: str, detail: str) -> None:
    if what not in _missing:
        _missing.add(what)
        _log.error("untranslated text %s (%s)", what, detail)


def words_for_key(key: str) -> str:
    """What a reader sees for a key no catalog has: its last words, never the dotted key
    (`bl.card.zz` -> `zz`, `hop.pw.keen_edge` -> `keen edge`)."""
    parts = [p for p in key.split(".") if p and not p.isdigit()]
    return (parts[-1] if parts else key).replace("_", " ")


class Text(BaseModel):
    """A translatable message: a catalog key and its parameters (which may be Texts)."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}

    def __init__(self, key: str | None = None, /, **data: Any) -> None:
        if key is not None:
            data["key"] = key
        super().__init__(**data)


def T(key: str, **params: Any) -> Text:
    """Shorthand: `T("athena.err.no_token", need=1)`."""
    return Text(key=key, params=params)


def T_or(key: str, typed: str) -> Text | str:
    """The catalog's name when `key` exists, else what the user typed: a refusal naming a
    mistyped card says "zz", never "bl.card.zz" (issue 25)."""
    return Text(key=key) if has_key(key) else typed


ROLE_KEY = "core.role"


def role_text(role: str, label: Text | None = None) -> Text:
    """How engines name a seat in a message. `label` ("Player 1") is the fallback; the table
    service puts the seated player's display name in its place with `with_names`."""
    return Text(key=ROLE_KEY, params={"role": role, "label": label if label is not None else role})


def with_names(text: Text, names: dict[str, str]) -> Text:
    """`text` with every nested role replaced by that role's player name, where known."""

    def swap(value: Any) -> Any:
        if isinstance(value, dict) and "key" in value and set(value) <= {"key", "params"}:
            value = Text(**value)
        if isinstance(value, Text):
            return with_names(value, names)
        if isinstance(value, list | tuple):
            return [swap(v) for v in value]
        return value

    if text.key == ROLE_KEY and text.params.get("role") in names:
        return Text(key=ROLE_KEY, params={**text.params, "label": names[text.params["role"]]})
    return Text(key=text.key, params={k: swap(v) for k, v in text.params.items()})


def register_catalog(folder: str | Path) -> None:
    """Load `<folder>/en.json`, `<folder>/fr.json`; keys must be unique across packages."""
    folder = Path(folder)
    if folder in _registered:
        return
    _registered.add(folder)
    for loc in LOCALES:
        path = folder / f"{loc}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in _catalogs[loc] and _catalogs[loc][key] != value:
                raise ValueError(f"{path}: translation key {key!r} is defined twice")
            _catalogs[loc][key] = value


def register_texts(locale: str, texts: dict[str, str]) -> None:
    """Add or replace entries at run time: names of cards that content packs bring."""
    _catalogs[normalize_locale(locale)].update(texts)


def normalize_locale(locale: str | None) -> str:
    """Discord locales look like 'fr', 'en-US', 'en-GB': keep the language part."""
    if not locale:
        return DEFAULT_LOCALE
    lang = str(locale).split("-")[0].split("_")[0].lower()
    return lang if lang in LOCALES else DEFAULT_LOCALE


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in _catalogs[normalize_locale(locale)]


def catalog(locale: str) -> dict[str, str]:
    return dict(_catalogs[normalize_locale(locale)])


def _render_param(value: Any, locale: str) -> Any:
    if isinstance(value, Text):
        return render(value, locale)
    if isinstance(value, dict) and "key" in value and set(value) <= {"key", "params"}:
        return render(Text(**value), locale)
    if isinstance(value, list | tuple):
        return ", ".join(str(_render_param(v, locale)) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value


def render(text: Text | str, locale: str | None = None) -> str:
    """Render a Text in `locale`, falling back to English, then to the key itself."""
    if isinstance(text, str):
        return text
    loc = normalize_locale(locale)
    template = _catalogs[loc].get(text.key)
    if template is None:
        template, loc_of_template = _catalogs[DEFAULT_LOCALE].get(text.key), DEFAULT_LOCALE
    else:
        loc_of_template = loc
    if template is None:
        _report_missing(text.key, "no catalog has this key")
        return words_for_key(text.key)
    params = {k: _render_param(v, loc) for k, v in text.params.items()}
    return format_template(template, params, loc_of_template, text.key)


class _Params(dict):
    """A template's parameters; one it names but was not given reads as `…` and is reported."""

    def __init__(self, params: dict[str, Any], key: str) -> None:
        super().__init__(params)
        self.key = key

    def __missing__(self, name: str) -> str:
        _report_missing(f"{self.key}{{{name}}}", "a parameter was not given")
        return "…"


def format_template(template: str, params: dict[str, Any], locale: str, key: str = "") -> str:
    """Fill one catalog value: plural blocks first, then `{param}`s, in `locale`'s typography.
    A parameter the template names but `params` lacks is reported and shown as `…`."""
    template = _typography(template, locale)
    given = _Params(params, key or template[:40])
    try:
        return _expand_plurals(template, given, locale).format_map(given)
    except (IndexError, ValueError, AttributeError):
        _report_missing(key or template[:40], "the template does not format")
        return template


# --- plurals ---------------------------------------------------------------------------------

_PLURAL_HEAD = re.compile(r"\{\s*(\w+)\s*,\s*plural\s*,")
_BRANCH = re.compile(r"\s*(=\d+|zero|one|two|few|many|other)\s*\{")


def _matching_brace(text: str, start: int) -> int:
    """Index of the `}` closing the `{` at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced braces in {text!r}")


def _branches(body: str) -> dict[str, str]:
    out: dict[str, str] = {}
    pos = 0
    while body[pos:].strip():
        m = _BRANCH.match(body, pos)
        if m is None:
            raise ValueError(f"bad plural branch in {body!r}")
        end = _matching_brace(body, m.end() - 1)
        out[m.group(1)] = body[m.end() : end]
        pos = end + 1
    if "other" not in out:
        raise ValueError(f"a plural block needs an 'other' branch: {body!r}")
    return out


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    try:
        return float(str(value)) if "." in str(value) else int(str(value))
    except ValueError:
        return None


@lru_cache(maxsize=4096)
def plural_category(number: float, locale: str) -> str:
    """CLDR plural category of `number` in `locale` (Babel): 'one', 'other', 'many'..."""
    return _plural_form(normalize_locale(locale))(abs(number))


@cache
def _plural_form(locale: str):
    return Locale.parse(locale).plural_form


# A value parsed once: plain text between plural blocks, each block a parameter name and its
# branches (parsed the same way, so blocks may nest).
_Compiled = tuple["str | tuple[str, dict[str, _Compiled]]", ...]


@lru_cache(maxsize=4096)
def _compile(template: str) -> _Compiled:
    out: list = []
    pos = 0
    while (m := _PLURAL_HEAD.search(template, pos)) is not None:
        end = _matching_brace(template, m.start())
        branches = _branches(template[m.end() : end])
        out += [template[pos : m.start()], (m.group(1), {k: _compile(v) for k, v in branches.items()})]
        pos = end + 1
    out.append(template[pos:])
    return tuple(out)


def _expand_plurals(template: str, params: dict[str, Any], locale: str) -> str:
    """Replace each `{n, plural, ...}` by the branch for `params[n]`, `#` by the number."""
    if "plural" not in template:
        return template
    return _expand(_compile(template), params, locale)


def _expand(compiled: _Compiled, params: dict[str, Any], locale: str) -> str:
    parts: list[str] = []
    for segment in compiled:
        if isinstance(segment, str):
            parts.append(segment)
            continue
        name, branches = segment
        value = params[name]  # a missing count fails like a missing {param}
        number = _number(value)
        if number is None:
            key = "other"
        else:
            exact = f"={number:g}"
            key = exact if exact in branches else plural_category(number, locale)
        branch = branches.get(key) or branches["other"]
        parts.append(_expand(branch, params, locale).replace("#", str(value)))
    return "".join(parts)


def placeholders(template: str) -> set[str]:
    """The parameter names a catalog value uses (plural blocks included)."""
    names = set(_PLURAL_HEAD.findall(template))
    stripped = template
    while (m := _PLURAL_HEAD.search(stripped)) is not None:
        end = _matching_brace(stripped, m.start())
        inner = " ".join(_branches(stripped[m.end() : end]).values())
        stripped = stripped[: m.start()] + inner + stripped[end + 1 :]
    names |= set(re.findall(r"(?<!\{)\{(\w+)[}!:.\[]", stripped.replace("{{", "")))
    return names


# --- French typography -----------------------------------------------------------------------

NBSP = "\u00a0"
# Spans the rule leaves alone: `code`, {param} placeholders (not plural branches, which are
# prose), URLs, mentions <@id> <#id> <@&id>, command mentions </game hand:1>, <:emoji:id>, <t:1:R>.
_PROTECTED = re.compile(r"`[^`]*`|\{\w+(?:[!:.\[][^{}]*)?\}|https?://\S+|<(?:[@#/:&!]|a:|t:)[^<>]*>")
_SPACE_BEFORE = re.compile(r"[ \u202f\u00a0]+([:;!?%»])")
_SPACE_AFTER = re.compile(r"«[ \u202f\u00a0]*")
# A number and its unit stay on one line: 10 h, {seconds} s, 3 PV.
_UNIT = re.compile(r"(?<=\d) (?=(?:h|min|s|ms|j|PV|PP|€)(?![\w’']))")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def french_typography(text: str) -> str:
    """`text` with French spacing and apostrophes, outside protected spans."""
    out: list[str] = []
    pos, after_number = 0, False
    for m in _PROTECTED.finditer(text):
        plain = _french_plain(text[pos : m.start()], after_number)
        if m.group(0).startswith("{"):  # d'{unit} -> d’{unit}
            plain = re.sub(r"(?<=\w)'$", "’", plain)
        out += [plain, m.group(0)]
        pos, after_number = m.end(), m.group(0).startswith("{")
    out.append(_french_plain(text[pos:], after_number))
    return "".join(out)


def _french_plain(text: str, after_number: bool = False) -> str:
    """One unprotected stretch; `after_number` when it follows a placeholder (`{n} h`)."""
    text = _SPACE_BEFORE.sub(lambda m: NBSP + m.group(1), text)
    text = _SPACE_AFTER.sub("«" + NBSP, text)
    text = _UNIT.sub(NBSP, ("0" if after_number else "") + text)[1 if after_number else 0 :]
    return _APOSTROPHE.sub("’", text).replace("...", "…")


@lru_cache(maxsize=4096)
def _typography(template: str, locale: str) -> str:
    return french_typography(template) if locale == "fr" else template


def t(key: str, locale: str | None = None, **params: Any) -> str:
    """Render a catalog key directly (adapters' own strings)."""
    return render(Text(key=key, params=params), locale)


register_catalog(Path(__file__).parent / "locales")
