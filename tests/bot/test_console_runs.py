"""Each local-table run keeps its own images (issue 25): a second transcript (a new
throw-away database, whose game ids start at 1 again) or another database must not write into
the first run's `out/game-1/`; within one run a game keeps one folder."""

from __future__ import annotations

import pytest

from bot.console import run_local
from tests.mythic.test_windows import Skirmish

GAMES = {"mythic": Skirmish()}
LINES = "@alice /game new game:mythic seed:3\n@bob /game join\n@alice /game start\n@alice /game board\n"


async def _run(tmp_path, out, lang, db=None):
    path = tmp_path / "game.txt"
    path.write_text(LINES, encoding="utf-8")
    written: list[str] = []
    rc = await run_local(db=db, out=out, transcript=path, games=GAMES, write=written.append, lang=lang)
    assert rc == 0, "\n".join(written[-8:])
    return written


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_second_run_writes_its_own_game_folder(tmp_path, lang):
    out = tmp_path / "out"
    await _run(tmp_path, out, lang)
    first = sorted(p.name for p in (out / "game-1").glob("*.png"))
    before = {p: p.read_bytes() for p in (out / "game-1").glob("*.png")}
    assert first
    written = await _run(tmp_path, out, lang)
    assert sorted(p.name for p in (out / "game-1").glob("*.png")) == first  # untouched
    assert all(p.read_bytes() == data for p, data in before.items())
    assert sorted(p.name for p in (out / "game-1-2").glob("*.png")) == first
    assert any(str(out / "game-1-2") in line for line in written)
    await _run(tmp_path, out, lang, db=str(tmp_path / "other.db"))  # another database: a third folder
    assert (out / "game-1-3").is_dir()
