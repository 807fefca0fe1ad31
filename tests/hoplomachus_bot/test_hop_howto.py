"""How to play Hoplomachus Victorum: `/game rules` and `/hop howto` (a text shortcut, for the
asker alone, with or without a campaign in the channel), in English and French."""

from __future__ import annotations

from pathlib import Path

from bot.console import run_local
from engine.hoplomachus import GAME
from engine.i18n import render

TRANSCRIPT = """\
@ann /hop howto
@ann /game rules game:hoplomachus
@ann /game new game:hoplomachus difficulty:chosen seed:5
@ann /game start
@bob /hop howto
"""


async def test_howto_and_rules_at_the_local_table(hoplomachus, tmp_path: Path):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(db=None, out=tmp_path / "out", transcript=path, write=out.append)
    text = "\n".join(out)
    assert rc == 0, text[-3000:]
    first = text[text.index("> @ann /hop howto") : text.index("> @ann /game rules")]
    assert "[only ann]" in first and "**Goal**" in first and "/hop travel" in first
    rules = text[text.index("> @ann /game rules") : text.index("> @ann /game new")]
    assert "**Goal**" in rules and "**A fight**" in rules and "mv c7-c5" in rules
    assert "(hoplomachus): solo, 1 player." in rules and "1 to 1" not in rules
    later = text[text.index("> @bob /hop howto") :]
    assert "[only bob]" in later and "**Look**" in later  # a watcher may read it too


def test_the_games_guide_says_solo_not_one_players(hoplomachus):
    from bot.service.option_guide import games_guide
    from engine.athena import GAME as ATHENA

    for loc, solo, duel in (("en", "solo, 1 player", "2 players"), ("fr", "en solo, 1 joueur", "2 joueurs")):
        header = render(games_guide([GAME], loc)[1], loc)
        assert "game:hoplomachus" in header and header.endswith(solo), header
        assert render(games_guide([ATHENA], loc)[1], loc).endswith(duel)


def test_the_howto_is_short_and_in_both_languages(hoplomachus):
    for loc in ("en", "fr"):
        lines = [render(t, loc) for t in GAME.rules]
        assert 5 <= len(lines) <= 9 and all(len(line) <= 260 for line in lines), lines
        assert sum(len(line) for line in lines) < 1800  # one phone screen or two
    assert [render(t, "en") for t in GAME.rules] != [render(t, "fr") for t in GAME.rules]


def test_every_command_the_french_howto_names_runs_at_the_local_table(hoplomachus):
    """The how-to names subcommands as Discord's French client shows them (`/hop voyager`): the
    local table takes those names, and their options' French names, too."""
    import re

    from bot.console import default_commands, parse_line

    table = default_commands()
    named = {m for t in GAME.rules for m in re.findall(r"`(/hop [^` ]+)", render(t, "fr"))}
    assert len(named) >= 3, named
    for typed in named:
        parsed = parse_line(f"@ann {typed}", table)
        assert parsed.command in table.commands and parsed.command.startswith("hop "), typed
    parsed = parse_line("@ann hop voyager vers:argos", table)
    assert parsed.command == "hop travel"
    assert table.values(parsed.command, parsed.args, parsed.options) == {"to": "argos"}
    assert parse_line("@ann /hop travel to:argos", table).command == "hop travel"  # English still


async def test_a_french_line_at_the_local_table(hoplomachus, tmp_path: Path):
    path = tmp_path / "t.txt"
    path.write_text("@ann /hop comment-jouer\n@ann /hop voler\n", encoding="utf-8")
    out: list[str] = []
    rc = await run_local(db=None, out=tmp_path / "out", transcript=path, write=out.append, lang="fr")
    text = "\n".join(out)
    howto = text[text.index("> @ann /hop comment-jouer") : text.index("> @ann /hop voler")]
    assert "[only ann] **But**" in howto and "`/hop voyager`" in howto
    refused = text[text.index("> @ann /hop voler") :]
    assert rc == 1 and "/hop voler n’est pas une commande connue" in refused
    assert "voyager, événement" in refused and "travel" not in refused  # in the reader's words
