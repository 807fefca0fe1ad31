"""Games are found through entry points, built-in ones included; a broken plug-in is logged
once and left out; bot/ names no game and imports no game's engine or renderer."""

from __future__ import annotations

import importlib
import logging
import re
import sys
from pathlib import Path

import engine
import render
from engine import registry

ROOT = Path(__file__).resolve().parents[2]


def test_built_in_games_and_renderers_come_from_entry_points():
    from importlib import metadata

    declared = {e.name: e.value for e in metadata.entry_points(group="agora.games")}
    assert {"athena", "mythic"} <= set(declared) and declared["mythic"] == "engine.mythic:GAME"
    assert {"athena", "mythic"} <= set(engine.game_ids())
    assert engine.get_game("mythic").id == "mythic"
    assert render.renderer("mythic").IMAGES["roster"] is not None


def test_a_test_only_distribution_is_found_like_an_installed_one(augury):
    assert augury.id == "augury" and "augury" in engine.game_ids()
    assert render.renderer("augury").board_png is not None


def test_bot_names_no_game_and_imports_no_game_package(augury):
    games = {*engine.game_ids(), "battlelore", "hoplomachus"}
    word = re.compile(r"\b(" + "|".join(sorted(games)) + r")\b", re.IGNORECASE)
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if word.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_a_plugin_that_fails_to_import_is_logged_once_and_left_out(tmp_path, caplog, augury):
    info = tmp_path / "agora_broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: agora-broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[agora.games]\nbroken = broken_game:GAME\n")
    (tmp_path / "broken_game.py").write_text("raise RuntimeError('no data files')\n")
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    registry.reset()
    try:
        with caplog.at_level(logging.ERROR, logger="agora.plugins"):
            ids = engine.game_ids()
            engine.game_ids()  # asked again: no second log line
        assert "broken" not in ids and {"athena", "mythic", "augury"} <= set(ids)
        assert registry.failures(registry.GAMES)["broken"] == "RuntimeError: no data files"
        logged = [r.getMessage() for r in caplog.records if "broken" in r.getMessage()]
        assert len(logged) == 1 and "no data files" in logged[0]
    finally:
        sys.path.remove(str(tmp_path))
        importlib.invalidate_caches()
        registry.reset()


def test_game_new_keeps_within_discords_4000_characters_as_games_are_added(augury, monkeypatch):
    """Every installed game's options are typed on /game new while they fit; past that the
    command gains `options:` (written out) and the game with the most typed options gives
    way first, so each game keeps its main options typed."""
    import bot.discord.commands as commands
    from bot.discord.command_size import LIMIT, size

    two = commands.game_group([engine.get_game("athena"), engine.get_game("mythic")])
    names = [p.name for p in two.get_command("new").parameters]
    assert size(two) <= LIMIT and "options" not in names
    assert {"teams", "deckbuilding", "terrain_specials"} <= set(names)
    three = [engine.get_game(g) for g in ("athena", "augury", "mythic")]
    everything = commands.game_group(three)
    assert size(everything) <= LIMIT and "variant" in [
        p.name for p in everything.get_command("new").parameters
    ]
    monkeypatch.setattr(commands, "LIMIT", size(everything) - 150)  # as if more games were installed
    crowded = commands.game_group(three)
    names = [p.name for p in crowded.get_command("new").parameters]
    assert size(crowded) <= size(everything) - 150 and "options" in names
    assert {"variant", "teams", "deckbuilding", "scenario"} <= set(names) and "terrain_specials" not in names
    monkeypatch.undo()
    installed = commands.game_group(engine.available_games())  # every game of this checkout, Augury too
    names = [p.name for p in installed.get_command("new").parameters]
    assert (
        size(installed) <= LIMIT and len(names) <= 25 and {"teams", "deckbuilding", "variant"} <= set(names)
    )


async def test_options_written_out_are_parsed_checked_and_suggested(augury):
    from types import SimpleNamespace

    import pytest

    from bot.discord.game_options import merge_written, written_options
    from bot.service.api import UserError
    from engine.i18n import render

    assert merge_written({"teams": True}, "points:60 deckbuilding:true") == {
        "teams": True,
        "points": "60",
        "deckbuilding": "true",
    }
    for typed, text, reason in (
        ({"teams": True}, "teams:false", "The option teams is given twice."),
        (
            {},
            "points",
            "Write options as name:value separated by spaces (for example scenario:expert), not “points”.",
        ),
    ):
        with pytest.raises(UserError) as refused:
            merge_written(typed, text)
        assert render(refused.value.text, "en") == reason
    complete = written_options({g.id: g for g in engine.available_games()})
    asked = SimpleNamespace(namespace=SimpleNamespace(game="augury"))
    assert [c.value for c in await complete(asked, "")] == ["variant:calm", "variant:storm"]
    asked = SimpleNamespace(namespace=SimpleNamespace(game="mythic"))
    assert [c.value for c in await complete(asked, "teams:true de")] == [
        "teams:true deckbuilding:true",
        "teams:true deckbuilding:false",
    ]
