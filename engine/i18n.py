"""The one translation helper for every user-facing string (engine, bot and render).

The engine never formats sentences: it returns `Text(key, params)` values, and the adapter
renders them in the reader's language with `render(text, locale)`. Catalogs are JSON files
named `<locale>.json` in a `locales/` folder beside each package that registers one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

LOCALES = ("en", "fr")
DEFAULT_LOCALE = "en"

_catalogs: dict[str, dict[str, str]] = {loc: {} for loc in LOCALES}
_registered: set[Path] = set()


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
    template = _catalogs[loc].get(text.key) or _catalogs[DEFAULT_LOCALE].get(text.key)
    if template is None:
        return text.key
    params = {k: _render_param(v, loc) for k, v in text.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def t(key: str, locale: str | None = None, **params: Any) -> str:
    """Render a catalog key directly (adapters' own strings)."""
    return render(Text(key=key, params=params), locale)


register_catalog(Path(__file__).parent / "locales")
