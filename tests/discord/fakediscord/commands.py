"""What Discord checks when a bot registers slash commands, and how it encodes an invocation.

`validate_commands` applies Discord's documented limits to a bulk-overwrite payload (so a bad
name or a 26th choice fails the tests as it would fail in production); `invocation_data`
builds the `data` field of an INTERACTION_CREATE from a command path and option values,
refusing options the registered command does not declare.
"""

from __future__ import annotations

from typing import Any

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10
LOCALES = {
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
    "zh-TW", "ko",
}  # fmt: skip


class CommandError(AssertionError):
    pass


def _check_name(name: str, where: str) -> None:
    ok = 1 <= len(name) <= 32 and all((c.isalnum() or c in "-_") and c == c.lower() for c in name)
    if not ok:
        raise CommandError(f"{where}: invalid command or option name {name!r}")


def _check_text(text: str, where: str, limit: int = 100) -> None:
    if not 1 <= len(text) <= limit:
        raise CommandError(f"{where}: text must have 1..{limit} characters: {text!r}")


def _check_localized(item: dict[str, Any], where: str, description: bool = True) -> None:
    _check_name(item["name"], where)
    for loc, value in (item.get("name_localizations") or {}).items():
        if loc not in LOCALES:
            raise CommandError(f"{where}: unknown locale {loc!r}")
        _check_name(value, f"{where}[{loc}]")
    if description:
        _check_text(item["description"], where)
        for loc, value in (item.get("description_localizations") or {}).items():
            _check_text(value, f"{where}[{loc}] description")


def _check_options(options: list[dict[str, Any]], where: str) -> None:
    if len(options) > 25:
        raise CommandError(f"{where}: {len(options)} options (max 25)")
    names = [o["name"] for o in options]
    if len(set(names)) != len(names):
        raise CommandError(f"{where}: duplicate option names {names}")
    seen_optional = False
    for opt in options:
        here = f"{where} {opt['name']}"
        _check_localized(opt, here)
        if opt["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _check_options(opt.get("options", []), here)
            continue
        if opt.get("required"):
            if seen_optional:
                raise CommandError(f"{here}: required option after an optional one")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            raise CommandError(f"{here}: {len(choices)} choices (max 25)")
        if choices and opt.get("autocomplete"):
            raise CommandError(f"{here}: choices and autocomplete are exclusive")
        for choice in choices:
            _check_text(choice["name"], f"{here} choice")
            for value in (choice.get("name_localizations") or {}).values():
                _check_text(value, f"{here} choice localization")


def validate_commands(commands: list[dict[str, Any]]) -> None:
    if len(commands) > 100:
        raise CommandError("more than 100 global commands")
    for cmd in commands:
        _check_localized(cmd, f"/{cmd['name']}")
        _check_options(cmd.get("options", []), f"/{cmd['name']}")
        size = _chars(cmd, "name") + _chars(cmd, "description") + _option_chars(cmd.get("options", []))
        if size > 4000:
            raise CommandError(f"/{cmd['name']}: {size} characters (max 4000)")


def _chars(item: dict[str, Any], field: str) -> int:
    """Discord counts the longest of a field's default text and its localizations."""
    texts = [str(item.get(field) or ""), *(item.get(f"{field}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def _option_chars(options: list[dict[str, Any]]) -> int:
    """Names, descriptions and choices (names and values) of the options, subcommands included."""
    total = 0
    for opt in options:
        total += _chars(opt, "name") + _chars(opt, "description") + _option_chars(opt.get("options", []))
        total += sum(_chars(c, "name") + len(str(c["value"])) for c in opt.get("choices") or [])
    return total


def _convert(opt: dict[str, Any], value: Any, where: str) -> Any:
    kind = opt["type"]
    if kind == STRING and not isinstance(value, str):
        raise CommandError(f"{where}: expects a string, got {value!r}")
    if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
        raise CommandError(f"{where}: expects an integer, got {value!r}")
    if kind == BOOLEAN and not isinstance(value, bool):
        raise CommandError(f"{where}: expects a boolean, got {value!r}")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandError(f"{where}: {value!r} is not one of the choices")
    for bound, ok in (("min_value", lambda b: value >= b), ("max_value", lambda b: value <= b)):
        if bound in opt and opt[bound] is not None and not ok(opt[bound]):
            raise CommandError(f"{where}: {value!r} is out of range")
    return value


def invocation_data(
    commands: list[dict[str, Any]], path: str, values: dict[str, Any], focused: str | None = None
) -> dict[str, Any]:
    """The interaction `data` for `/path` with `values` (the focused one for autocomplete)."""
    head, *subs = path.split()
    top = next((c for c in commands if c["name"] == head), None)
    if top is None:
        raise CommandError(f"/{head} is not registered")
    data: dict[str, Any] = {"id": top["id"], "name": head, "type": 1, "options": []}
    level, declared = data["options"], top.get("options", [])
    for sub in subs:
        spec = next(
            (o for o in declared if o["name"] == sub and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
        )
        if spec is None:
            raise CommandError(f"/{path}: no subcommand {sub!r}")
        node = {"name": sub, "type": spec["type"], "options": []}
        level.append(node)
        level, declared = node["options"], spec.get("options", [])
    by_name = {o["name"]: o for o in declared}
    for name, value in values.items():
        if name not in by_name:
            raise CommandError(f"/{path}: unknown option {name!r}")
        spec = by_name[name]
        if name == focused:
            if not spec.get("autocomplete"):
                raise CommandError(f"/{path} {name}: option has no autocomplete")
            level.append({"name": name, "type": spec["type"], "value": value, "focused": True})
        else:
            level.append(
                {"name": name, "type": spec["type"], "value": _convert(spec, value, f"/{path} {name}")}
            )
    if focused is None:
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in values]
        if missing:
            raise CommandError(f"/{path}: missing required options {missing}")
    return data
