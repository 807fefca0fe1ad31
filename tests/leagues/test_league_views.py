"""Standings (image and text), history, statistics and CSV exports through the service."""

from __future__ import annotations

import csv
import io

import pytest
from league_helpers import ORGANIZER, WHERE, actor, report_id, text
from PIL import Image as PILImage

from bot.leagues import images, standings
from bot.leagues.model import Match, two_sides
from bot.leagues.ratings import Rating, replay
from bot.service.api import Actor, UserError
from engine.i18n import T, render

ALICE, BOB, CARA, DAN = (actor(u) for u in ("alice", "bob", "cara", "dan"))


async def play(league, reporter, opponent, result, played, **extra) -> int:
    mid = report_id(await league.report(WHERE, actor(reporter), opponent, result, played=played, **extra))
    await league.press(WHERE, actor(opponent), f"lg:{mid}:confirm")
    return mid


async def season(league) -> list[int]:
    return [
        await play(
            league,
            "alice",
            "bob",
            "win",
            "2025-06-10",
            my_faction="athena",
            their_faction="hades",
            first="me",
            scenario="Athènes",
        ),
        await play(
            league,
            "alice",
            "cara",
            "win",
            "2025-06-11",
            my_faction="hades",
            their_faction="athena",
            first="opponent",
            scenario="athènes",
        ),
        await play(
            league,
            "bob",
            "cara",
            "draw",
            "2025-06-12",
            my_faction="athena",
            their_faction="hades",
            first="me",
        ),
        await play(league, "dan", "alice", "win", "2025-06-13"),
    ]


async def test_standings_image_and_text_table(league):
    await season(league)
    await league.leave(WHERE, DAN)
    reply = await league.standings(WHERE, ALICE)
    lines = text(reply).split("\n")
    assert lines[0] == "🏆 Spring Cup, season 1"
    assert lines[1].startswith("Games: 4 · players: 4")
    header, *rows = lines[3:7]
    assert header.split() == ["#", "Player", "Rating", "Games", "W/D/L", "Streak"]
    first = rows[0].split()
    assert first[:2] == ["1", "Alice"] and first[-2:] == ["2/0/1", "L1"]
    assert any(r.split()[1] == "Dan*" for r in rows)  # left, still ranked
    assert "* has left the league" in text(reply)
    png = reply.messages[0].image.data
    image = PILImage.open(io.BytesIO(png))
    # phone-sized: 780 px wide (Discord shows ~360 px on a phone), one 44 px row per player,
    # the heading row and the "has left" note
    assert image.format == "PNG" and image.size == (780, 104 + 44 * (4 + 1 + 1) + 16) and len(png) < 300_000
    assert images.VALUE / images.WIDTH >= 1 / 32  # figures stay >= ~11 px on a 360 px screen
    assert reply.messages[0].locale == "en"
    fr = await league.standings(WHERE, actor("bob", locale="fr"))
    assert "Joueur" in text(fr, "fr") and fr.messages[0].image.data != png


async def test_history_shows_results_rating_changes_and_status(league):
    ids = await season(league)
    pending = report_id(await league.report(WHERE, BOB, "alice", "loss"))
    out = text(await league.history(WHERE, BOB, player="alice"))
    lines = out.split("\n")
    assert lines[0].startswith("📜 Alice in **Spring Cup**, season 1")
    assert lines[1].startswith(f"`#{pending}`") and "[waiting for confirmation]" in lines[1]
    assert f"`#{ids[3]}`" in lines[2] and "loss" in lines[2] and "→" in lines[2]
    assert "win" in lines[-1] and "Alice (athena) beat Bob (hades)" in lines[-1]
    own = text(await league.history(WHERE, DAN))  # one's own history by default
    assert "Dan in" in own and "· win ·" in own and "· loss ·" not in own
    await league.join(WHERE, actor("eve"))
    assert "No game this season." in text(await league.history(WHERE, DAN, player="eve"))
    with pytest.raises(UserError) as err:
        await league.history(WHERE, DAN, player="zed")
    assert err.value.text.key == "league.err.never_member"


async def test_stats_by_faction_first_player_and_scenario(league):
    await season(league)
    out = text(await league.stats(WHERE, ALICE))
    assert "Games: 4." in out
    # athena: won 1 (alice), lost 1 (cara), drew 1 (bob)
    assert "athena: 33% wins (1W 1D 1L of 3)" in out
    assert "hades: 33% wins (1W 1D 1L of 3)" in out
    assert "first player: 33% wins (1W 1D 1L of 3)" in out
    assert "athènes, athena: 50% wins (1W 0D 1L of 2)" in out
    fr = text(await league.stats(WHERE, actor("bob", locale="fr")), "fr")
    assert "premier joueur\u00a0: 33\u00a0% de victoires" in fr


async def test_export_matches_replays_to_the_standings(league):
    ids = await season(league)
    await league.void(WHERE, ORGANIZER, ids[1])
    reply = await league.export(WHERE, ALICE)
    message = reply.messages[0]
    assert message.ephemeral and message.attachment.filename == "spring-cup-s1-matches.csv"
    rows = list(csv.DictReader(io.StringIO(message.attachment.data.decode())))
    assert len(rows) == 8 and {r["status"] for r in rows} == {"accepted", "void"}
    voided = [r for r in rows if r["match"] == str(ids[1])]
    assert all(r["mu_after"] == "" for r in voided)
    # the exported steps carry every bit: the last step of each player is their rating
    last = {r["player_id"]: float(r["mu_after"]) for r in rows if r["mu_after"]}
    standings = list(
        csv.DictReader(
            io.StringIO(
                (await league.export(WHERE, ALICE, what="standings")).messages[0].attachment.data.decode()
            )
        )
    )
    assert {r["player_id"]: float(r["mu"]) for r in standings} == last
    assert [r["rank"] for r in standings] == ["1", "2", "3", "4"]


async def test_csv_neutralizes_formulas_in_names(league):
    await league.join(WHERE, actor("eve"))
    sneaky = Actor("eve", '=HYPERLINK("x")')
    await league.report(WHERE, sneaky, "alice", "win")
    data = (await league.export(WHERE, ALICE)).messages[0].attachment.data.decode()
    assert "'=HYPERLINK" in data and "\n=HYPERLINK" not in data and ",=HYPERLINK" not in data


def test_replay_is_order_independent_of_input_listing():
    games = [Match(i, 100.0 * i, tuple(two_sides(["a"], ["b"], "W" if i % 2 else "L"))) for i in range(1, 6)]
    assert replay("plackett_luce", games) == replay("plackett_luce", list(reversed(games)))


def test_a_long_table_keeps_the_image_legible_and_points_to_the_export():
    rows = [
        standings.Row(i, f"u{i}", f"Player {i}", Rating(30 - i / 10, 2.0), 10, 5, 0, 5, ("W", 2))
        for i in range(1, 41)
    ]
    png = images.draw_standings(T("league.standings.heading", league="Cup", season=1), rows, "fr")
    image = PILImage.open(io.BytesIO(png))
    assert image.size == (780, 104 + 44 * (30 + 1 + 1) + 16)  # 30 players, then one note
    assert [render(n, "fr") for n in images._notes(rows, 30)] == [
        "… et 10 autres joueurs\u00a0: /league export les liste tous."
    ]
