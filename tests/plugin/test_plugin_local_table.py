"""The toy plug-in game at the local table: a lobby, `/play`, its shortcut group, saved
set-ups, a league restricted to one of its variants, its board image and its extra image,
all from what the game declares (no file of bot/ knows it)."""

from __future__ import annotations

from pathlib import Path

from bot.console import run_local

TRANSCRIPT = """\
@alice /flock save name:Mine birds:crow,dove,eagle
! @alice /flock save name:Bad birds:crow,crow,eagle
! @alice /flock save name:raptors birds:crow,dove,owl
@alice /flock list
@alice /flock show name:raptors
@alice /flock check birds:owl,swan,eagle
@you /league create name:Storms game:augury variant:storm
! @you /league create name:Gales game:augury variant:hurricane
@alice /league join
@bob /league join
@alice /game new game:augury variant:storm league:Storms
@bob /game join
@alice /game start
@alice /game rules
! @alice /augury release bird:eagle
@alice /augury choose flock:Mine
! @bob /augury choose flock:Mine
@bob /augury choose flock:raptors
@alice /augury release bird:eagle
! @bob /augury release bird:crow
@bob /augury release bird:owl
@alice /augury sky
@bob /augury howto
@alice /play release dove
@bob /augury pass
@alice /augury release bird:crow
@bob /play release swan
@alice /augury pass
@bob /play release eagle
@alice /league standings
"""


async def test_a_whole_plugin_game_at_the_local_table(augury, tmp_path: Path):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(db=None, out=tmp_path / "out", transcript=path, write=out.append)
    text = "\n".join(out)
    assert rc == 0, text[-3000:]
    assert "Flock **Mine** saved (8 points)." in text
    assert "[refused] alice: A flock has three different birds" in text
    assert "“raptors” is a starter flock" in text and "Raptors: Owl, Swan, Eagle (12 points)." in text
    assert "✅ A good flock, worth 12 points." in text
    assert "**How to play**: first `flock crow owl eagle`" in text  # /game rules explains
    assert "[only alice] You chose the flock Mine." in text
    assert "[to alice] Your flock: Crow, Dove, Eagle." in text
    assert "alice releases the Eagle (+6)." in text  # storm: one more
    assert "The sky seen by alice (game #1)." in text
    assert "[only bob] **How to play**" in text  # a text shortcut: words for the asker alone
    assert "bob releases the Eagle (+6)." in text
    boards = sorted((tmp_path / "out" / "game-1").glob("board-*.png"))
    skies = sorted((tmp_path / "out" / "game-1").glob("sky-*.png"))
    assert boards and skies and boards[-1].read_bytes().startswith(b"\x89PNG")
    standings = text[text.rindex("> @alice /league standings") :]
    assert standings.index("  1  bob") < standings.index("  2  alice")  # ranked: the winner first
