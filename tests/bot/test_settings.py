"""Settings: the environment wins over `.env`; defaults for the database and the output."""

from __future__ import annotations

from pathlib import Path

from bot.settings import Settings, load_settings, read_dotenv


def test_defaults_without_anything():
    assert load_settings(env={}, dotenv=None) == Settings(
        None, "data/agora.db", None, None, None, Path("out")
    )


def test_dotenv_is_read_and_the_environment_wins(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# comment\nexport DISCORD_TOKEN='from-file'\nAGORA_DB=/srv/agora.db  # inline comment\n"
        'AGORA_CONTENT_DIR="/srv/packs"\nnot a line\nAGORA_OUT=\n',
        encoding="utf-8",
    )
    assert read_dotenv(dotenv)["AGORA_DB"] == "/srv/agora.db"
    settings = load_settings(
        env={"DISCORD_TOKEN": "from-env", "DISCORD_API_BASE": "http://127.0.0.1:9/api"}, dotenv=dotenv
    )
    assert settings.discord_token == "from-env" and settings.db == "/srv/agora.db"
    assert settings.content_dir == Path("/srv/packs") and settings.out == Path("out")
    assert settings.discord_api_base == "http://127.0.0.1:9/api" and settings.discord_gateway_url is None
    assert load_settings(env={}, dotenv=tmp_path / "missing.env").discord_token is None
