"""A non-editable install works (issue 12 §4): the wheel carries the migrations, the fonts with
their licence and every catalog, and once installed in a fresh virtual environment, away from
the source tree, it opens a database and plays at the local table.

Kept fast and offline: the wheel is built without build isolation (setuptools comes with the
test extra), and the fresh environment borrows the already installed dependencies through a
`.pth` line instead of downloading them."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "engine", "bot", "render", "migrations")


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Built from a copy, so no build/ or egg-info lands in the checkout."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    dist = tmp_path_factory.mktemp("dist")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(dist),
            ".",
        ],
        src,
    )
    (found,) = dist.glob("agora-*.whl")
    return found


def test_the_wheel_carries_migrations_fonts_and_catalogs(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for sql in (ROOT / "migrations").glob("*.sql"):
        assert f"migrations/{sql.name}" in names
    for face in (ROOT / "render" / "fonts").glob("*.ttf"):
        assert f"render/fonts/{face.name}" in names
    assert "render/fonts/LICENSE.txt" in names
    for package in ("engine", "bot", "render"):
        for catalog in (ROOT / package).glob("**/locales/*.json"):
            assert catalog.relative_to(ROOT).as_posix() in names


def test_installed_in_a_fresh_venv_it_opens_a_database_and_plays(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    fresh_site = Path(
        run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp_path
        ).stdout.strip()
    )
    # the dependencies already installed here, without this checkout's editable install
    (fresh_site / "borrowed_deps.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        tmp_path,
    )

    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_", "PYTHON"))}
    probe = (
        "import asyncio, bot, render.common as common\n"
        "from bot.store import open_store\n"
        "from bot.store.migrate import discover\n"
        "async def main():\n"
        "    store = await open_store('agora.db')\n"
        "    await store.close()\n"
        "asyncio.run(main())\n"
        "print(bot.__file__)\n"
        "print(common.font(20).path)\n"
        "print(len(discover()))\n"
    )
    module, face, migrations = run([str(python), "-c", probe], work, env).stdout.split()
    assert Path(module).is_relative_to(env_dir) and Path(face).is_relative_to(env_dir)
    assert int(migrations) == len(list((ROOT / "migrations").glob("*.sql")))
    health = run([str(python), "-m", "bot", "health"], work, env | {"AGORA_DB": "agora.db"})
    assert health.stdout.startswith("ok database: agora.db (schema ")

    transcript = work / "game.txt"
    transcript.write_text(
        "@alice /game new game:athena scenario:athenes\n@bob /game join\n@alice /game start\n"
        "@alice /game status\n! @bob /game export game:99999999999999999999\n",
        encoding="utf-8",
    )
    played = run(
        [str(python), "-m", "bot", "local", "--transcript", str(transcript), "--out", "out"], work, env
    )
    assert "athena" in played.stdout.lower() and list((work / "out").rglob("*.png"))
