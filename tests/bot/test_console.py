"""The local terminal table: line parsing, output, transcripts, interactive mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bot_helpers import TOY

from bot.console import BadLine, LocalTable, parse_line, run_local
from bot.service import Image, Message
from engine.i18n import T

DATA = Path(__file__).parent / "data"


def test_lines_parse_into_user_command_and_options():
    parsed = parse_line("@alice /game new game:athena scenario:athenes")
    assert (parsed.user, parsed.command, parsed.options) == (
        "alice",
        "game new",
        {"game": "athena", "scenario": "athenes"},
    )
    assert parse_line("/play CM@15").user == "you" and parse_line("/play CM@15").args == ["CM@15"]
    assert parse_line("@bob /play move:PW:3 @ 12").args == ["move:PW:3", "@", "12"]
    assert parse_line("@bob /game log last:5").options == {"last": "5"}
    for bad in ("hello", "@alice", "/game", "@x /play 'unclosed"):
        with pytest.raises(BadLine):
            parse_line(bad)
    assert parse_line("/game fly").command == "game fly"  # a command, refused by name (below)


async def run(transcript: str, tmp_path: Path) -> tuple[int, list[str]]:
    out: list[str] = []
    path = tmp_path / "t.txt"
    path.write_text(transcript, encoding="utf-8")
    rc = await run_local(
        db=None,
        out=tmp_path / "out",
        transcript=path,
        games={"toy": TOY},
        write=out.append,
        render_images=False,
    )
    return rc, out


async def test_the_toy_transcript_plays_a_whole_game(tmp_path):
    rc, out = await run((DATA / "toy_game.txt").read_text(encoding="utf-8"), tmp_path)
    assert rc == 0, "\n".join(out[-5:])
    assert out[-1] == "Transcript replayed: 27 commands, 8 expected rejections."
    assert "[to alice] You bid 4." in out and "[only alice] Your hand: 5" in out
    assert "Game #1 is over. Winner: alice — higher score" in out
    assert (
        "[refused] bob: This button is from an older position and was not applied. Use /game hand for fresh choices."
        in out
    )
    record = json.loads((tmp_path / "out" / "game-1" / "agora-game-1.json").read_text())
    assert [a["notation"] for a in record["actions"]][:2] == ["bid 4", "bid 2"]


async def test_a_surprise_stops_the_transcript(tmp_path):
    rc, out = await run("@alice /game new game:toy\n! @bob /game join\n@carol /game status\n", tmp_path)
    assert rc == 1 and out[-1] == "Line 2 should have been rejected but was accepted: @bob /game join"
    rc, out = await run("@alice /game new game:toy\n@alice /game start\n", tmp_path)
    assert rc == 1 and out[-1] == "Line 2 was rejected: @alice /game start"
    rc, out = await run("@alice /game new game:toy\nwhat now\n", tmp_path)
    assert rc == 1 and out[-1].startswith("I do not understand")


async def test_french_table_and_private_prefixes(tmp_path):
    rc, out = await run("@alice /game new game:toy seed:5\n@bob /game join\n", tmp_path)
    assert rc == 0 and "bob takes seat p2." in out
    out.clear()
    path = tmp_path / "fr.txt"
    path.write_text(
        "@alice /game new game:toy seed:5\n@bob /game join\n@alice /game start\n", encoding="utf-8"
    )
    rc = await run_local(
        db=None,
        out=tmp_path,
        transcript=path,
        games={"toy": TOY},
        write=out.append,
        lang="fr",
        render_images=False,
    )
    assert (
        rc == 0 and "La partie n°1 de Présages commence\u00a0!" in out and "[to bob] Vos choix\u00a0:" in out
    )


def test_images_and_files_are_written_and_named(tmp_path, service):
    out: list[str] = []
    table = LocalTable(service, out=tmp_path, write=out.append)
    message = Message(lines=[T("bot.log.empty")], to_user="bob", image=Image("bob-3.png", b"\x89PNG"))
    table.show_message(message)
    assert (tmp_path / "bob-3.png").read_bytes() == b"\x89PNG"
    assert out == ["[to bob] No move yet.", f"[to bob] image: {tmp_path / 'bob-3.png'}"]


async def test_interactive_mode_has_help_moves_and_quit(tmp_path, monkeypatch):
    typed = iter(
        [
            "help",
            "@alice /game new game:toy seed:5",
            "@bob /game join",
            "@alice /game start",
            "@alice moves",
            "@bob /game fly",
            "nonsense",
            "quit",
        ]
    )
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    out: list[str] = []
    rc = await run_local(
        db=str(tmp_path / "i.db"), out=tmp_path, games={"toy": TOY}, write=out.append, render_images=False
    )
    assert rc == 0
    assert out[0].startswith("Agora local table") and any("/game addbot" in line for line in out)
    assert "bid 4, bid 5, bid 7" in out
    assert out[-2].startswith(
        "[refused] bob: /game fly is not a command I know. /game commands: abort, addbot, board,"
    )
    assert out[-1] == "I do not understand “nonsense”. Type help for the commands."


async def test_a_game_sets_its_clock_and_reminder_at_the_local_table(tmp_path):
    rc, out = await run(
        "! @alice /game new game:toy clock_days:soon\n"
        "@alice /game new game:toy seed:5 clock_days:2 reminder_hours:6\n@bob /game join\n@alice /game start\n@bob /game status\n",
        tmp_path,
    )
    assert rc == 0, "\n".join(out[-5:])
    assert "[refused] alice: Move clock: give a number of days from 0 (off) to 60, not “soon”." in out
    assert "[only bob] Reminders: after 6 h of silence; move clock: 2 days per move." in out


async def test_help_lists_each_game_with_its_options_in_the_users_language(tmp_path):
    out: list[str] = []
    path = tmp_path / "help.txt"
    path.write_text("help\n", encoding="utf-8")
    rc = await run_local(
        db=None, out=tmp_path, transcript=path, write=out.append, lang="fr", render_images=False
    )
    assert rc == 0
    guide = out[out.index("Jeux et options (/game new game:<id> option:valeur …)\u00a0:") :]
    assert "Battle for Athena — game:athena, 2 joueurs" in guide
    assert (
        "  scenario\u00a0: athenes = La Bataille pour Athènes, initiation = Initiation (sans cartes Pouvoir), "
        "expert = Mode Expert (les joueurs constituent leur armée)\u00a0; par défaut athenes"
        " — Le scénario à jouer (Initiation pour une première partie)."
    ) in guide
    assert "  terrain_specials\u00a0: true ou false\u00a0; par défaut false" in " ".join(guide)
    rc, out = await run("help\n", tmp_path)  # a game without descriptions: values and defaults
    assert "Omens — game:toy, 2 players" in out and "  hand: a whole number from 1 to 4; default 3." in out
