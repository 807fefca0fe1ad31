"""Battlelore Mythologie at the local table from transcripts: a whole pitched battle and a
scenario's opening between two players, typed with `/bl` commands and `/play`, with saved
armies, a league, standing orders, the hand in words, the unit card and army images, the
board after every move, and the result."""

from __future__ import annotations

import re
from pathlib import Path

from transcript import battle, opening

from bot.console import run_local


async def replay(tmp_path: Path, text: str, images: bool = False) -> str:
    path = tmp_path / "t.txt"
    path.write_text(text, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(
        db=None, out=tmp_path / "out", transcript=path, write=out.append, render_images=images
    )
    joined = "\n".join(out)
    assert rc == 0, joined[-3000:]
    return joined


ARMY = "hop,hop,hop,spart,spart,pelt,pelt,crete,crete,sling,hipp/b,achil,g:zeus,g:athena"


async def test_a_whole_pitched_battle_from_a_transcript(tmp_path: Path):
    lines, states = battle(0, {"max_turns": 4})
    assert states[-1].winners == ["p1"]  # seed 0: alice wins on victory points
    head = (
        f"@alice /blarmy save name:Phalanx people:greek units:{ARMY}\n"
        "! @alice /blarmy save name:Few people:greek units:hop,hop\n"
        "@alice /blarmy check people:greek units:hop,hop,spart\n"
        "@alice /blarmy list\n"
    )
    league = (
        "@you /league create name:Pitched game:battlelore variant:pitched\n"
        "! @you /league create name:Nowhere game:battlelore variant:atlantis\n"
        "@alice /league join\n@bob /league join\n"
    )
    start = opening(0, {"max_turns": 4}).replace("max_turns:4", "max_turns:4 league:Pitched")
    tail = "\n@alice /game status\n@alice /league standings\n"
    text = await replay(tmp_path, head + league + start + "\n".join(lines) + tail)
    assert "💾 Army **Phalanx** saved: Greeks, 14 units, 374 points." in text
    assert "[refused] alice: This army can never be mustered: An army has 12 to 18 units, not 2." in text
    assert "❌ An army has 12 to 18 units, not 3." in text
    assert re.search(r"• \*\*Phalanx of Hellas\*\* \(`greek1`\): Greeks, \d+ points at 400", text)
    assert "[only alice] Army mustered: Phalanx of Hellas." in text  # `/bl muster army:greek1`
    assert "/bl attack" in text and "/bl card" in text and "/bl move" in text
    assert "Battlelore Mythologie has no variant “atlantis”. Variants: pitched, ford, pass, temple." in text
    assert text.count("[refused]") == 2  # the two expected refusals, no move refused
    assert "Game #1 is over. Winner: alice" in text
    standings = text[text.rindex("> @alice /league standings") :]
    assert standings.index("  1  alice") < standings.index("  2  bob")  # the league recorded it


async def test_a_scenario_with_images(tmp_path: Path):
    lines, states = battle(1, {"battle": "ford", "max_turns": 4})
    assert states[-1].scenario == "ford" and states[-1].winners is not None
    cut = next(i for i, line in enumerate(lines) if "/bl card" in line)  # the first turn's card
    hexes = sorted(u.hex for u in states[cut].units.values() if u.hex)
    script = opening(1, {"battle": "ford", "max_turns": 4}) + "\n".join(lines[: cut + 1]) + "\n"
    script += f"@alice /bl unit unit:{hexes[0]}\n@bob /bl army player:alice\n! @bob /bl unit unit:a5\n"
    script += (
        "@bob /game orders order:riposte value:always\n! @bob /game orders order:riposte value:sometimes\n"
    )
    script += "@bob /game orders\n@bob /game hand\n"
    text = await replay(tmp_path, script, images=True)
    assert "[refused] bob: No unit stands on a5." in text
    assert "[only bob] Standing order set: Riposte when my unit holds: always." in text
    assert "Standing order riposte cannot be “sometimes”. Choose one of: ask, always, never." in text
    hand = text[text.rindex("> @bob /game hand") :]
    assert "[only bob] Your hand (" in hand and "of your units ready now" in hand and "face-up" in hand
    assert f"Unit card at {hexes[0]} (game #1)" in text and "alice's army (game #1)" in text
    out = tmp_path / "out" / "game-1"
    boards, cards, armies = (sorted(out.glob(f"{k}-*.png")) for k in ("board", "unit", "army"))
    # a board for each public step; the hidden placements get none (GAME.quiet_board)
    assert len(boards) >= 3 and cards and armies
    assert all(b.read_bytes().startswith(b"\x89PNG") for b in [*boards, *cards, *armies])


async def test_status_names_no_battlefield_before_the_map_in_both_languages(tmp_path: Path):
    # issue 25: no battlefield is named before it is chosen, in English and in French
    start = opening(0, {"max_turns": 4})
    text = await replay(tmp_path, start + "@alice /game status\n")
    status = text[text.rindex("/game status") :]
    assert "not chosen yet" in status and "Open plain" not in status
    path = tmp_path / "fr"
    path.mkdir()
    out: list[str] = []
    (path / "t.txt").write_text(start + "@alice /game status\n", encoding="utf-8")
    rc = await run_local(
        db=None, out=path / "out", transcript=path / "t.txt", write=out.append, render_images=False, lang="fr"
    )
    fr = "\n".join(out)
    fr_status = fr[fr.rindex("/game status") :]
    assert rc == 0 and "pas encore choisi" in fr_status and "Plaine ouverte" not in fr_status
