"""A whole Hoplomachus Victorum campaign at the local table from a transcript (seed 30,
fearless: Stygiana crosses to the Exiles' Camp, fights King of the Hill, then falls in
the Bloodshed of the Howling Pit), played
with the `/hop` commands, `/play`, the images and the status; refusals change nothing."""

from __future__ import annotations

from pathlib import Path

from bot.console import run_local

TRANSCRIPT = """\
@ann /game new game:hoplomachus difficulty:fearless seed:30
@ann /game start
@ann /hop camp
@bob /hop map
! @bob /hop travel to:pls
! @ann /hop travel to:klc
@ann /hop travel to:pls
@ann /hop card
@ann /hop event choice:"fight koth"
@ann /hop choose option:"tribune 2"
! @ann /hop deploy unit:pl_walker hex:a1
@ann /hop deploy unit:pl_walker hex:d7
@ann /hop auto
@ann /hop pick hex:c1
@ann /hop deploy unit:hero hex:b7
@ann /hop arena
@ann /hop auto
@ann /hop pick hex:b3
@ann /play move:reinforce
@ann /hop auto
@ann /hop pick hex:b2
@ann /hop auto
@ann /hop auto
@ann /hop pick hex:d3
@ann /hop auto
@ann /hop auto
@ann /hop pick hex:c3
@ann /hop auto
@ann /hop travel to:plb
@ann /game status
@ann /hop event choice:fight
@ann /hop deploy unit:hero hex:b7
@ann /hop auto
@ann /hop auto
@ann /hop auto
@bob /game status
@bob /game hall
@bob /game hall game:hoplomachus export:true
@bob /game hall players:true
@bob /game hall players:true export:true
! @you /league create name:Runs game:hoplomachus
@ann /game rematch
"""


async def test_a_whole_campaign_at_the_local_table(hoplomachus, tmp_path: Path):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(db=None, out=tmp_path / "out", transcript=path, write=out.append)
    text = "\n".join(out)
    assert rc == 0, text[-3000:]
    assert "Prowess" not in text  # Fearless gets no Hero Prowess (seed 003 l.509-517)
    assert "Your camp moves to Exiles' Camp." in text and "The Tribune is Deep Oracle." in text
    assert "You deploy Grave Walker (d7)." in text and "Your camp moves to Howling Pit." in text
    # the rivals' automatic turn: a numbered list, each line with the rule behind it
    assert (
        "The rival's turn 1:\n1. The rival deploys Pit Butcher (c1) (3 HP). Rule: top of the rival camp"
        in text
    )
    assert "The arena's turn 1:" in text and "Rule: roaming, by the arena die." in text
    assert "[only ann] The camp of ann (game #1)." in text and "[only bob] The world map of game #1." in text
    assert "Stygiana, Fearless: Act 1" in text  # /game status in words
    assert "is over" in text.lower() and "Campaign lost: your hero fell." in text
    hall = text[text.index("> @bob /game hall") :]
    assert "**Hall of fame: Hoplomachus Victorum** · finished runs: 1" in hall and "**Fearless**" in hall
    assert "1. ann: defeat · hero Stygiana, Act 1, weeks " in hall and "ended: your hero fell" in hall
    assert "ended by" not in hall
    # a solo run played again: no seats to rotate, none said to be
    assert "Rematch of game #1: game #2 of Hoplomachus Victorum begins!" in text and "rotated" not in text
    # a solo defeat reads as a defeat, never as a draw (the result, /game status)
    assert "Defeat for ann — Campaign lost: your hero fell." in text and "a draw" not in text
    status = text[text.index("> @bob /game status") : text.index("> @bob /game hall")]
    assert "Defeat for ann" in status
    assert (
        (tmp_path / "out" / "agora-hall-hoplomachus.csv").read_text().startswith("rank,difficulty,player,won")
    )
    standings = text[text.index("> @bob /game hall players:true") :]
    assert "**Standings: Hoplomachus Victorum** · finished runs: 1" in standings
    assert "1. ann: 0 of 1 run won · best: defeat · hero Stygiana, Act 1" in standings
    csv = (tmp_path / "out" / "agora-standings-hoplomachus.csv").read_text()
    assert csv.startswith("rank,difficulty,player,runs,wins,best_won,hero,act,weeks,why,best_game")
    assert "\n1,fearless,ann,1,0,0,stygiana,1," in csv
    assert "is played alone against its rules: its runs are ranked by the hall of fame" in text
    folder = tmp_path / "out" / "game-1"
    for image in ("camp-ann", "map-ann", "event-ann", "arena-ann"):
        assert any(folder.glob(f"{image}-*.png")), image
    boards = sorted(folder.glob("board-*.png"))
    assert len(boards) > 15 and all(b.read_bytes().startswith(b"\x89PNG") for b in boards)
