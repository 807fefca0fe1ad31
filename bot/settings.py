"""Settings from the environment and an optional `.env` file, through pydantic-settings
(ARCHITECTURE §5, issue 12 §4).

The real environment wins over `.env`, so a deployment can override a checked-in file; an
empty value counts as unset. `apply()` makes every part of the process honour the same
values: logging, and the variables that the engines' content loaders and the migrations read
(the engines do no I/O but reading their data files, so the bot hands them the folder by
exporting it before any content is loaded).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, Field, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

DEFAULT_DB = "data/agora.db"
DEFAULT_OUT = "out"
# Read by code below the bot (engines' content packs, the store's migrations) from the process
# environment: `apply()` exports them when they come from `.env` only.
EXPORTED = {"content_dir": "AGORA_CONTENT_DIR", "migrations": "AGORA_MIGRATIONS"}


def _env(name: str) -> Any:
    return Field(default=None, validation_alias=AliasChoices(name, name.lower()))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore", frozen=True
    )

    discord_token: str | None = _env("DISCORD_TOKEN")
    # SQLite path (or sqlite:///path), or a postgresql:// URL (bot/store/postgres.py)
    db: str = Field(default=DEFAULT_DB, validation_alias=AliasChoices("AGORA_DB", "agora_db"))
    content_dir: Path | None = _env("AGORA_CONTENT_DIR")  # extra content packs (ARCHITECTURE §3)
    discord_api_base: str | None = _env("DISCORD_API_BASE")  # a Discord-compatible REST base
    discord_gateway_url: str | None = _env("DISCORD_GATEWAY_URL")
    # where the local table writes images and exports
    out: Path = Field(default=Path(DEFAULT_OUT), validation_alias=AliasChoices("AGORA_OUT", "agora_out"))
    migrations: Path | None = _env("AGORA_MIGRATIONS")  # another migrations folder (tests)
    # the file the connected bot touches; `python -m bot health` reads its age
    heartbeat: Path | None = _env("AGORA_HEARTBEAT")
    # several processes: how many Discord shards in all, and this process's (bot/discord/shards.py)
    shard_count: str | None = _env("AGORA_SHARD_COUNT")
    shard_ids: str | None = _env("AGORA_SHARD_IDS")  # e.g. "0,1"
    process: str | None = _env("AGORA_PROCESS")  # this process's name for timer leases
    # processes drawing the images of the Discord bot (bot/service/images.py); 0: threads
    render_processes: int | None = _env("AGORA_RENDER_PROCESSES")
    # unset: INFO for the Discord bot, WARNING for the local table and self-play
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] | None = _env("LOG_LEVEL")
    log_format: Literal["text", "json"] = Field(
        default="text", validation_alias=AliasChoices("LOG_FORMAT", "log_format")
    )

    @field_validator("log_level", "log_format", mode="before")
    @classmethod
    def _any_case(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, str):
            return value
        return value.strip().upper() if info.field_name == "log_level" else value.strip().lower()

    @property
    def heartbeat_path(self) -> Path:
        """`AGORA_HEARTBEAT`, else beside the SQLite file, else in the temporary folder."""
        if self.heartbeat is not None:
            return self.heartbeat
        sqlite = sqlite_path(self.db)
        if sqlite is not None:
            return sqlite.with_name(sqlite.name + ".heartbeat")
        return Path(tempfile.gettempdir()) / "agora.heartbeat"

    def apply(self, default_level: str = "WARNING") -> None:
        """Configure this process: logging, and the variables read below the bot."""
        for field, name in EXPORTED.items():
            value = getattr(self, field)
            if value is not None and not os.environ.get(name):
                os.environ[name] = str(value)
        configure_logging(self.log_level or default_level, self.log_format)


class _Given(Settings):
    """Settings from a given mapping and `.env` only (tests), never the process environment."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, dotenv_settings


def load_settings(env: Mapping[str, str] | None = None, dotenv: Path | str | None = ".env") -> Settings:
    """The settings of the process environment and `.env`; with `env`, that mapping replaces
    the process environment."""
    if env is None:
        return Settings(_env_file=dotenv)  # type: ignore[call-arg]
    names = {
        alias
        for info in Settings.model_fields.values()
        for alias in getattr(info.validation_alias, "choices", ())
    }
    given = {key: value for key, value in env.items() if key in names and value}
    return _Given(_env_file=dotenv, **given)  # type: ignore[call-arg]


def sqlite_path(db: str) -> Path | None:
    """The file of a SQLite setting (a path or sqlite:///path); None for another URL."""
    if db.startswith("sqlite:///"):
        return Path(db.removeprefix("sqlite:///"))
    if "://" in db:
        return None
    return Path(db)


class JsonFormatter(logging.Formatter):
    """One JSON object a line, for log collectors: time, level, logger, message, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure_logging(level: str, fmt: str = "text") -> bool:
    """Our handler on stderr at `level` (replacing the one a previous call installed). The
    handler carries the level too, so a later `root.setLevel(INFO)` cannot let lines below
    LOG_LEVEL through. Like `logging.basicConfig`, it leaves alone a process whose logging
    someone else set up (a test runner, an embedding application) and then returns False."""
    root = logging.getLogger()
    if any(handler.get_name() != "agora" for handler in root.handlers):
        return False
    for old in list(root.handlers):
        root.removeHandler(old)
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name("agora")
    handler.setLevel(level)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
    return True
