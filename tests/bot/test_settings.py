"""Settings (pydantic-settings): the environment wins over `.env`; defaults for the database and
the output; LOG_LEVEL and a JSON log format; `.env` reaches every part of the process."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import JsonFormatter, Settings, configure_logging, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_without_anything():
    settings = load_settings(env={}, dotenv=None)
    assert settings.discord_token is None and settings.db == "data/agora.db"
    assert settings.content_dir is None and settings.out == Path("out")
    assert settings.log_level is None and settings.log_format == "text"
    assert settings.heartbeat_path == Path("data/agora.db.heartbeat")


def test_dotenv_is_read_and_the_environment_wins(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# comment\nexport DISCORD_TOKEN='from-file'\nAGORA_DB=/srv/agora.db  # inline comment\n"
        'AGORA_CONTENT_DIR="/srv/packs"\nnot a line\nAGORA_OUT=\nLOG_LEVEL=debug\nLOG_FORMAT=JSON\n',
        encoding="utf-8",
    )
    settings = load_settings(
        env={"DISCORD_TOKEN": "from-env", "DISCORD_API_BASE": "http://127.0.0.1:9/api"}, dotenv=dotenv
    )
    assert settings.discord_token == "from-env" and settings.db == "/srv/agora.db"
    assert settings.content_dir == Path("/srv/packs") and settings.out == Path("out")
    assert settings.discord_api_base == "http://127.0.0.1:9/api" and settings.discord_gateway_url is None
    assert settings.log_level == "DEBUG" and settings.log_format == "json"
    assert load_settings(env={}, dotenv=tmp_path / "missing.env").discord_token is None


def test_the_process_environment_is_read_when_no_mapping_is_given(tmp_path, monkeypatch):
    dotenv = tmp_path / ".env"
    dotenv.write_text("AGORA_DB=from-file.db\nAGORA_OUT=file-out\n", encoding="utf-8")
    monkeypatch.setenv("AGORA_DB", "from-env.db")
    monkeypatch.delenv("AGORA_OUT", raising=False)
    settings = load_settings(dotenv=dotenv)
    assert settings.db == "from-env.db" and settings.out == Path("file-out")


def test_a_wrong_log_level_is_refused_by_name():
    with pytest.raises(ValidationError, match="LOG_LEVEL"):
        load_settings(env={"LOG_LEVEL": "loud"}, dotenv=None)
    assert isinstance(load_settings(env={"LOG_LEVEL": "warning"}, dotenv=None), Settings)


def test_the_heartbeat_sits_beside_the_sqlite_file_unless_set():
    assert load_settings(env={"AGORA_DB": "sqlite:///srv/a.db"}, dotenv=None).heartbeat_path == Path(
        "srv/a.db.heartbeat"
    )
    assert load_settings(env={"AGORA_HEARTBEAT": "/run/beat"}, dotenv=None).heartbeat_path == Path(
        "/run/beat"
    )
    other = load_settings(env={"AGORA_DB": "postgresql://u:p@h/agora"}, dotenv=None).heartbeat_path
    assert other.name == "agora.heartbeat"


def test_json_log_lines_are_one_object_each():
    record = logging.LogRecord("agora.test", logging.ERROR, __file__, 1, "game %s failed", (7,), None)
    entry = json.loads(JsonFormatter().format(record))
    assert entry["level"] == "ERROR" and entry["logger"] == "agora.test"
    assert entry["message"] == "game 7 failed" and "time" in entry


def test_logging_set_up_by_someone_else_is_left_alone():
    root = logging.getLogger()
    foreign = logging.NullHandler()
    root.addHandler(foreign)
    try:
        before = list(root.handlers)
        assert configure_logging("ERROR", "json") is False
        assert root.handlers == before
    finally:
        root.removeHandler(foreign)


def test_the_bot_run_keeps_log_level_debug_and_lets_info_through():
    """`bot.discord.run` lowers the root logger to INFO for its own lines; it used to set INFO
    outright, so LOG_LEVEL=DEBUG printed no DEBUG line."""
    from bot.discord.run import let_info_through

    root = logging.getLogger()
    saved_level, saved_handlers = root.level, list(root.handlers)
    try:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        assert configure_logging("DEBUG") is True
        let_info_through()
        assert root.level == logging.DEBUG
        assert configure_logging("WARNING") is True
        let_info_through()
        assert root.level == logging.INFO and root.handlers[0].level == logging.WARNING
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved_handlers:
            root.addHandler(handler)
        root.setLevel(saved_level)


def run_bot(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_", "LOG_"))}
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_dotenv_content_dir_reaches_both_engines_and_log_settings_apply(tmp_path):
    """Issue 12 §4: AGORA_CONTENT_DIR in `.env` used to be ignored by the engines."""
    packs = tmp_path / "packs"
    (packs / "mythic").mkdir(parents=True)
    (tmp_path / ".env").write_text(
        f"AGORA_CONTENT_DIR={packs}\nLOG_LEVEL=error\nLOG_FORMAT=json\n", encoding="utf-8"
    )
    script = (
        "import logging, os\n"
        "from bot.settings import load_settings\n"
        "load_settings().apply()\n"
        "from engine.athena import content as athena\n"
        "from engine.mythic import content as mythic\n"
        "print(os.environ['AGORA_CONTENT_DIR'])\n"
        "logging.getLogger('agora.x').warning('hidden')\n"
        "logging.getLogger('agora.x').error('shown %d', 1)\n"
    )
    result = run_bot(["-c", script], tmp_path, {})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(packs)
    lines = [json.loads(line) for line in result.stderr.splitlines()]
    assert [(line["level"], line["message"]) for line in lines] == [("ERROR", "shown 1")]


def test_a_broken_pack_named_in_dotenv_stops_the_engines_loading_it(tmp_path):
    """The pack folder from `.env` is really read: a broken file in it is refused by name."""
    packs = tmp_path / "packs"
    (packs / "mythic").mkdir(parents=True)
    (packs / "mythic" / "broken.yaml").write_text("units: [1, 2\n", encoding="utf-8")
    (packs / "athena-broken.yaml").write_text("combatants: [1, 2\n", encoding="utf-8")
    (tmp_path / ".env").write_text(f"AGORA_CONTENT_DIR={packs}\n", encoding="utf-8")
    for module in ("engine.mythic.content", "engine.athena.content"):
        script = (
            "from bot.settings import load_settings\n"
            "load_settings().apply()\n"
            f"import {module} as c\n"
            "c.content()\n"
        )
        result = run_bot(["-c", script], tmp_path, {})
        assert result.returncode != 0 and "broken.yaml" in result.stderr, (module, result.stderr)
        result = run_bot(["-c", script.replace("load_settings().apply()\n", "")], tmp_path, {})
        assert result.returncode == 0, (module, result.stderr)
