"""`/league`, `/army` and `/mythic` at the local table: the same service calls as the Discord
cogs, typed as `@name /group sub option:value` lines (bot/console_commands.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from bot_helpers import dump

from bot.console import BadLine, LocalTable, parse_line, run_local
from bot.leagues import LeagueService
from bot.service import TableService

NICK = "cerberus,rhadamanthus,auditors,marauders,legion-acheron,legion-phlegethon,artillerymen"
# Mythic Battles, seed 3: the set-up moves (tiles, zone, deployment) up to bob's first activation
MYTHIC_SETUP = """\
@bob /play tiles 1a 2a 3a 4a
@alice /play zone e
@bob /play dep artillerymen a1
@alice /play dep hoplites-ares k1
@bob /play dep auditors a10
@alice /play dep hoplites-charydis k10
@bob /play dep cerberus a11
@alice /play dep hoplites-hephaestus k11
@bob /play dep legion-acheron a12
@alice /play dep owls k12
@bob /play dep legion-phlegethon a2
@alice /play dep shieldbearers k2
@bob /play dep marauders a3
@alice /play dep spartans k3
@bob /play dep rhadamanthus a4
@alice /play dep strategos k4
@alice /play dep toxotes k5
"""


async def run(transcript: str, tmp_path: Path, lang: str = "en") -> tuple[int, list[str]]:
    out: list[str] = []
    path = tmp_path / "t.txt"
    path.write_text(transcript, encoding="utf-8")
    rc = await run_local(db=None, out=tmp_path / "out", transcript=path, write=out.append, lang=lang)
    return rc, out


def after(out: list[str], line: str) -> list[str]:
    """What the table printed for one transcript line (up to the next line)."""
    start = out.index(f"> {line}") + 1
    end = next(
        (n for n in range(start, len(out)) if out[n].startswith(("> ", "Transcript replayed"))), len(out)
    )
    return out[start:end]


def test_group_lines_parse_into_subcommands_and_options():
    parsed = parse_line("@alice /league season new starts:2026-01-01 league:Spring")
    assert (parsed.user, parsed.command, parsed.options) == (
        "alice",
        "league season new",
        {"starts": "2026-01-01", "league": "Spring"},
    )
    parsed = parse_line("@alice /mythic move to:e6 unit:marauders")
    assert (parsed.command, parsed.args, parsed.options) == (
        "mythic move",
        [],
        {"to": "e6", "unit": "marauders"},
    )
    assert parse_line('@you /league create name:"Spring Cup" game:athena').options["name"] == "Spring Cup"
    assert parse_line("@bob /army fly").command == "army fly"  # refused by name when run, not a bad line
    assert parse_line("@bob /mythic PASS").command == "mythic pass"


def test_the_slash_is_optional_at_the_table():
    for line in ("game new game:athena", "@bob league join", "mythic pass", "play m1"):
        assert parse_line(line) == parse_line(
            "/" + line if line[0] != "@" else line.replace("@bob ", "@bob /")
        )
    assert parse_line("game new game:athena").options == {"game": "athena"}
    with pytest.raises(BadLine):
        parse_line("gamenew game:athena")


async def test_a_league_game_standings_history_and_a_confirmed_report(tmp_path):
    played = (datetime.now(UTC) - timedelta(days=2)).strftime("%Y-%m-%d")
    rc, out = await run(
        "@you /league create name:Spring game:athena\n"
        "! @alice /league create name:Autumn game:athena\n"
        "@alice /league join\n@bob /league join\n"
        "! @alice /game new game:athena league:Nope\n"
        "@alice /game new game:athena seed:7 league:Spring\n@bob /game join\n@alice /game start\n"
        "@alice /game resign\n"
        "@alice /league standings\n@bob /league history\n"
        f"@alice /league report opponent:bob result:win played:{played}\n"
        "! @alice /press 10\n"
        "@bob /press 10\n"
        "! @bob /press 11\n"
        "@carol /league list\n",
        tmp_path,
    )
    assert rc == 0, "\n".join(out[-8:])
    assert "alice joined **Spring**. Members: 1." in out
    assert after(out, "@alice /league create name:Autumn game:athena") == [
        "[refused] alice: Only members with the Manage Server permission can create a league."
    ]
    assert after(out, "@alice /game new game:athena league:Nope") == [
        "[refused] alice: There is no league called “Nope” here. Leagues: Spring."
    ]
    resign = after(out, "@alice /game resign")
    assert "🏛️ **Spring**: bob beat alice. Recorded as match #1." in resign
    standings = after(out, "@alice /league standings")
    assert standings[0] == "🏆 Spring, season 1" and any(row.split()[:2] == ["1", "bob"] for row in standings)
    image = tmp_path / "out" / "standings.png"
    assert standings[-1] == f"image: {image}" and image.read_bytes().startswith(b"\x89PNG")
    history = after(out, "@bob /league history")
    assert history[0] == "📜 bob in **Spring**, season 1:" and "bob beat alice" in history[1]
    report = after(out, f"@alice /league report opponent:bob result:win played:{played}")
    assert report[0] == f"📝 Report #2 in **Spring** by alice: alice beat bob, played {played}."
    assert report[-2:] == ["(for @bob)", "buttons: [10] Confirm  [11] Dispute"]
    assert after(out, "@alice /press 10")[0].startswith("[refused] alice: ")  # one's own report
    assert after(out, "@bob /press 10")[0] == "✅ Report #2 confirmed by bob: alice beat bob."
    assert after(out, "@bob /press 11")[0].startswith("[refused] bob: ")  # decided already
    assert after(out, "@carol /league list") == [
        "[only carol] **Spring**: Battle for Athena, variant: any, season 1, members: 2"
    ]


async def test_saved_armies_at_the_local_table(tmp_path):
    rc, out = await run(
        f"@alice /army check units:{NICK}\n"
        "@alice /army check units:cerberus points:60\n"
        f"@alice /army save name:mine units:{NICK}\n"
        "@alice /army list\n@alice /army show name:mine\n@bob /army list\n"
        "! @bob /army show name:mine\n"
        "@alice /army delete name:mine\n",
        tmp_path,
    )
    assert rc == 0, "\n".join(out[-8:])
    check = after(out, f"@alice /army check units:{NICK}")
    assert check[0].startswith("[only alice] Hades: Cerberus, Guardian of the Gate of Hell,")
    assert (
        check[0].endswith("7 units, 100/100 points.")
        and check[1] == "[only alice] ✅ Valid with these options."
    )
    assert after(out, "@alice /army check units:cerberus points:60")[0].endswith("1 unit, 29/60 points.")
    assert after(out, f"@alice /army save name:mine units:{NICK}") == [
        "[only alice] 💾 Army **mine** saved: Hades, 7 units, 100 points. "
        "Valid for: duel (100 points), deck building (100 points)."
    ]
    mine = after(out, "@alice /army list")
    assert mine[:2] == [
        "[only alice] **Your armies** (1/25):",
        "[only alice] • **mine**: Hades, 7 units, 100 points (duel (100 points), deck building (100 points))",
    ]
    assert after(out, "@bob /army list")[:2] == [  # saved armies are each user's own
        "[only bob] **Your armies** (0/25):",
        "[only bob] None yet: build one with `/army save`.",
    ]
    assert after(out, "@bob /army show name:mine")[0].startswith(
        "[refused] bob: You have no army called “mine”"
    )
    assert after(out, "@alice /army show name:mine")[0] == "[only alice] **mine**: Hades, 7 units, 100 points"
    assert after(out, "@alice /army delete name:mine") == ["[only alice] 🗑️ Army **mine** deleted."]


async def test_a_mythic_game_recruited_and_played_with_typed_commands(tmp_path):
    rc, out = await run(
        "@alice /game new game:mythic seed:3\n@bob /game join\n@alice /game start\n"
        f"@bob /army save name:mine units:{NICK}\n"
        "@alice /mythic recruit army:phalanx\n"
        "! @alice /mythic recruit army:nick\n"
        "@bob /mythic recruit army:mine\n" + MYTHIC_SETUP + "! @bob /mythic activate unit:zeus\n"
        "@bob /mythic activate unit:marauders\n"
        "! @bob /mythic move to:z9 unit:marauders\n"
        "@bob /mythic move to:b2 unit:marauders\n"
        "! @bob /mythic done\n@bob /mythic activate unit:cerberus\n@bob /mythic done\n@bob /mythic end\n"
        "! @alice /mythic pass\n"
        "@alice /mythic roster\n",
        tmp_path,
    )
    assert rc == 0, "\n".join(out[-8:])
    assert "alice has recruited an army (secret until all armies are ready)." in out
    recruited = after(out, "@bob /mythic recruit army:mine")
    assert (
        "[only bob] 🪖 You recruited **mine** (Hades, 100 points). The channel only learns that you have recruited."
        in recruited
    )
    assert any(line.startswith("bob leads Hades: Cerberus") for line in recruited)
    assert "bob activates Infernal Marauders (activation 1; 0 Art of War, 0 power points)." in after(
        out, "@bob /mythic activate unit:marauders"
    )
    [refused] = after(out, "@bob /mythic move to:z9 unit:marauders")
    assert refused.startswith(
        "[refused] bob: There is no square z9 on the battlefield. Expected, for example: `mv a3-a5`"
    )
    moved = after(out, "@bob /mythic move to:b2 unit:marauders")
    assert moved[0] == "bob: Infernal Marauders moves a3-b2." and moved[1].startswith("image: ")
    assert after(out, "@bob /mythic done") == [  # the first: the move ended that activation
        "[refused] bob: That command does not fit the current decision. Expected, for example: "
        "`act artillerymen` (Activate Damned Artillerymen)."
    ]
    assert after(out, "@bob /mythic activate unit:cerberus")[0].startswith(
        "bob activates Cerberus, Guardian of the Gate of Hell (activation 2;"
    )
    assert after(out, "@bob /mythic end")[0] == "bob ends the turn."
    assert after(out, "@alice /mythic pass") == [
        "[refused] alice: It is not your turn to act. Waiting for: bob."
    ]
    roster = after(out, "@alice /mythic roster")
    assert roster[0] == "[only alice] The army of alice (game #1)." and roster[1].startswith(
        "[only alice] image: "
    )


async def test_refusals_are_specific_translated_and_change_nothing(store, tmp_path):
    leagues = LeagueService(store)
    service = TableService(store, render_images=False, listeners=[leagues])
    out: list[str] = []
    table = LocalTable(service, out=tmp_path, write=out.append, leagues=leagues)
    for line in (
        "@you /league create name:Spring game:athena",
        "@alice /league join",
        f"@alice /army save name:mine units:{NICK}",
        "@alice /game new game:mythic seed:3",
    ):
        assert await table.handle(line), out[-3:]
    before = await dump(store)
    out.clear()
    refused = {
        "@alice /league fly": "/league fly is not a command I know. /league commands: create, join, leave, list, "
        "report, reports, resolve, void, standings, history, stats, export, season new.",
        "@alice /league standings season:abc": "season: give a whole number from 1 to 10000, not “abc”.",
        "@alice /league report opponent:bob": "/league report needs result:…",
        "@alice /league report opponent:bob result:win my_score:lots their_score:2": "my_score: give a number, not “lots”.",
        "@alice /league report opponent:bob result:maybe": None,
        "@alice /league join colour:red": "/league join has no option “colour”. Its options: league.",
        "@alice /league resolve match:0 action:void": "match: give a whole number from 1 to 9007199254740991, not “0”.",
        "@alice /league season new starts:tomorrow": "starts: give a date written YYYY-MM-DD, not “tomorrow”.",
        "@alice /army check units:cerberus teams:perhaps": "teams: give true or false, not “perhaps”.",
        "@alice /army check units:cerberus points:5": "points: give a whole number from 20 to 300, not “5”.",
        "@alice /army save name:mine": "/army save needs units:…",
        "@alice /army list extra": "/army list takes name:value options only, not “extra”.",
        "@alice /army save name:this-name-is-far-too-long-for-an-army units:cerberus": "name: give from 1 to 32 characters, not “this-name-is-far-too-long-for-an-army”.",
        "@alice /mythic": None,
        "@alice /mythic activate": "/mythic activate needs unit:…",
        "@alice /mythic recruit army:nobody": None,
        "@bob /mythic move to:e6": None,
        "@alice /game new game:athena league:Nope": None,
    }
    for line, reason in refused.items():
        out.clear()
        assert not await table.handle(line), line
        assert len(out) == 1 and out[0].startswith(f"[refused] {line[1:].split()[0]}: "), out
        if reason is not None:
            assert out[0].split(": ", 1)[1] == reason
    assert await dump(store) == before
    french = LocalTable(service, out=tmp_path, write=out.append, locale="fr", leagues=leagues)
    out.clear()
    assert not await french.handle("@alice /league standings season:abc")
    assert out == [
        "[refused] alice: season\u00a0: indiquez un nombre entier de 1 à 10000, pas «\u00a0abc\u00a0»."
    ]
    out.clear()
    assert not await french.handle("@alice /army fly")
    assert out == [
        "[refused] alice: /army fly n’est pas une commande connue. Commandes de /army\u00a0: "
        "enregistrer, liste, voir, supprimer, vérifier."  # as a French Discord client names them
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_help_lists_the_league_army_and_mythic_commands(tmp_path, lang):
    rc, out = await run("help\n", tmp_path, lang=lang)
    assert rc == 0
    shown = "\n".join(out)
    for command in (
        "/league create name:N game:<id>",
        "/league report opponent:",
        "/league standings",
        "/league season new",
        "/army save name:… units:… [faction:athena|hades]",
        "check units:… [faction:athena|hades] [points:…]",
        "/mythic recruit [army:…]",
        "move to:… [unit:…]",
        "| pass | done | end",
    ):
        assert command in shown, command
