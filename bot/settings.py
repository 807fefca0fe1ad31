"""Settings from the environment and an optional `.env` file (ARCHITECTURE §5).

The real environment wins over `.env`, so a deployment can override a checked-in file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "data/agora.db"
DEFAULT_OUT = "out"


@dataclass(frozen=True)
class Settings:
    discord_token: str | None = None
    db: str = DEFAULT_DB  # SQLite path (or sqlite:///path); a PostgreSQL URL is the planned alternative
    content_dir: Path | None = None  # extra content packs (ARCHITECTURE §3)
    discord_api_base: str | None = None  # a Discord-compatible REST base (tests, self-hosted)
    discord_gateway_url: str | None = None
    out: Path = Path(DEFAULT_OUT)  # where the local table writes images and exports


def read_dotenv(path: Path) -> dict[str, str]:
    """`KEY=value` lines; `#` comments, blank lines, `export ` prefixes and quotes allowed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


def load_settings(env: Mapping[str, str] | None = None, dotenv: Path | str | None = ".env") -> Settings:
    values = read_dotenv(Path(dotenv)) if dotenv else {}
    values.update(os.environ if env is None else env)

    def get(key: str) -> str | None:
        return values.get(key) or None

    content = get("AGORA_CONTENT_DIR")
    return Settings(
        discord_token=get("DISCORD_TOKEN"),
        db=get("AGORA_DB") or DEFAULT_DB,
        content_dir=Path(content) if content else None,
        discord_api_base=get("DISCORD_API_BASE"),
        discord_gateway_url=get("DISCORD_GATEWAY_URL"),
        out=Path(get("AGORA_OUT") or DEFAULT_OUT),
    )
