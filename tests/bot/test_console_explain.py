"""The local table's words for the glossary (issue 25), with the real games, in English and in
French (`--lang fr`): `/game explain`, `help <thing>`, and `moves` with each option's effect."""

from __future__ import annotations

from pathlib import Path

from bot.console import run_local

TRANSCRIPT = """\
@alice help
@alice help battlelore
@alice help terror
@alice /game explain name:keen edge game:hoplomachus
! @alice /game explain name:xyzzy game:battlelore
@alice /game new game:hoplomachus difficulty:chosen seed:4
@alice /game start
@alice /game explain quickstrike
@alice /play bonus die
@alice moves prowess
"""


async def _run(tmp_path: Path, text: str, lang: str) -> str:
    path = tmp_path / f"t-{lang}.txt"
    path.write_text(text, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(
        db=None,
        out=tmp_path / f"out-{lang}",
        transcript=path,
        write=out.append,
        lang=lang,
        render_images=False,
    )
    shown = "\n".join(out)
    assert rc == 0, shown[-3000:]
    return shown


async def test_explain_and_moves_at_the_local_table_in_english(tmp_path):
    shown = await _run(tmp_path, TRANSCRIPT, "en")
    assert "/game explain name:<thing> [game:<id>] (or help <thing>)" in shown  # help says how
    assert "[only alice] Battlelore Mythologie (battlelore): 2 players." in shown  # `help <game>`: its rules
    assert "[only alice] **Terror** · ability · Battlelore Mythologie" in shown  # no game here: every game's
    assert "[only alice] **Keen Edge** · prowess · Hoplomachus Victorum" in shown
    assert "[refused] alice: Nothing here is called “xyzzy”." in shown
    assert "[only alice] **Quickstrike** · skill · Hoplomachus Victorum" in shown  # the channel's game
    assert "  prowess pw_edge — Prowess: Keen Edge — one hero die one colour stronger" in shown


async def test_explain_and_moves_at_the_local_table_in_french(tmp_path):
    shown = await _run(tmp_path, TRANSCRIPT, "fr")
    assert "(ou help <chose>)" in shown
    assert "[only alice] **Terreur** · capacité · Battlelore Mythologie" in shown
    assert "[only alice] **Tranchant affûté** · prouesse · Hoplomachus Victorum" in shown
    assert "Rien ne s’appelle «" in shown
    assert "Quand elle est la cible d’une attaque et que l’attaquant est à sa portée" in shown
    assert "  prowess pw_edge — Prouesse" in shown and "— un dé du héros plus fort d’une couleur" in shown
