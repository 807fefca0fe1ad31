"""Creating leagues, membership and seasons."""

from __future__ import annotations

import pytest
from league_helpers import ELSEWHERE, HOUR, ORGANIZER, WHERE, actor, report_id, text

from bot.leagues import repo
from bot.service.api import UserError, Where

ALICE, BOB = actor("alice"), actor("bob")


async def test_only_managers_create_and_inputs_are_checked(leagues):
    with pytest.raises(UserError) as err:
        await leagues.create(WHERE, ALICE, "Mine", "athena")
    assert err.value.text.key == "league.err.manager_only"
    for kwargs, key in (
        ({"name": "  ", "game": "athena"}, "league.err.bad_name"),
        ({"name": "x" * 41, "game": "athena"}, "league.err.bad_name"),
        ({"name": "Cup", "game": "chess"}, "league.err.unknown_game"),
        ({"name": "Cup", "game": "athena", "rating_model": "elo"}, "league.err.unknown_model"),
        ({"name": "Cup", "game": "mythic", "variant": "4p"}, "league.err.unknown_variant"),
        ({"name": "Cup", "game": "athena", "variant": "teams"}, "league.err.unknown_variant"),
        ({"name": "Cup", "game": "athena", "starts": "2025-13-01"}, "league.err.bad_date"),
        (
            {"name": "Cup", "game": "athena", "starts": "2025-07-01", "ends": "2025-06-01"},
            "league.err.dates_order",
        ),
    ):
        with pytest.raises(UserError) as err:
            await leagues.create(WHERE, ORGANIZER, **kwargs)
        assert err.value.text.key == key
    async with leagues.store.reading() as conn:
        assert await repo.guild_leagues(conn, "guild") == []


async def test_create_then_names_are_unique_per_server(leagues):
    reply = await leagues.create(
        WHERE,
        ORGANIZER,
        "Spring  Cup",
        "mythic",
        variant=" Teams ",
        rating_model="thurstone_mosteller",
        starts="2025-06-01",
        ends="2025-08-31",
    )
    out = text(reply)
    assert "Spring Cup" in out and "Mythic Battles" in out and "Thurstone-Mosteller" in out
    assert "from 2025-06-01 to 2025-08-31" in out and "variant: teams (two against two)" in out
    assert "Saison 1\u00a0: du 2025-06-01 au 2025-08-31" in text(reply, "fr")
    assert "variante\u00a0: équipes (deux contre deux)" in text(reply, "fr")
    async with leagues.store.reading() as conn:
        assert (await repo.league(conn, 1)).variant == "teams"
    with pytest.raises(UserError) as err:
        await leagues.create(ELSEWHERE, ORGANIZER, "spring cup", "athena")
    assert err.value.text.key == "league.err.name_taken"
    await leagues.create(Where("other-guild", "c"), ORGANIZER, "Spring Cup", "athena")  # another server


async def test_join_leave_and_rejoin(leagues):
    await leagues.create(WHERE, ORGANIZER, "Cup", "athena")
    assert "Members: 1." in text(await leagues.join(WHERE, ALICE))
    with pytest.raises(UserError) as again:
        await leagues.join(WHERE, ALICE)
    assert again.value.text.key == "league.err.already_member"
    assert "Members: 2." in text(await leagues.join(WHERE, BOB))
    await leagues.leave(WHERE, BOB)
    with pytest.raises(UserError) as gone:
        await leagues.leave(WHERE, BOB)
    assert gone.value.text.key == "league.err.not_member"
    assert "Members: 2." in text(await leagues.join(WHERE, BOB))


async def test_which_league_a_command_means(leagues):
    with pytest.raises(UserError) as none:
        await leagues.join(WHERE, ALICE)
    assert none.value.text.key == "league.err.no_league"
    await leagues.create(WHERE, ORGANIZER, "Athens", "athena")
    await leagues.join(ELSEWHERE, ALICE)  # the server's only league
    await leagues.create(ELSEWHERE, ORGANIZER, "Titans", "mythic")
    await leagues.join(ELSEWHERE, BOB)  # the channel's league
    async with leagues.store.reading() as conn:
        assert set(await repo.members(conn, 2)) == {"bob"}
    with pytest.raises(UserError) as ambiguous:
        await leagues.join(Where("guild", "third"), actor("cara"))
    assert ambiguous.value.text.key == "league.err.which_league"
    with pytest.raises(UserError) as unknown:
        await leagues.join(WHERE, actor("cara"), league="Sparta")
    assert unknown.value.text.key == "league.err.unknown_league"
    assert unknown.value.text.params["known"] == "Athens, Titans"
    await leagues.join(Where("guild", "third"), actor("cara"), league="titans")
    assert await leagues.league_id(ELSEWHERE, None) == 2
    assert await leagues.league_names("guild") == ["Athens", "Titans"]
    listing = text(await leagues.leagues(WHERE, ALICE))
    assert "Athens" in listing and "Titans" in listing and "Mythic Battles" in listing


async def test_season_dates_bound_reports(leagues, clock):
    await leagues.create(WHERE, ORGANIZER, "Cup", "athena", starts="2025-06-10", ends="2025-06-14")
    for uid in ("alice", "bob"):
        await leagues.join(WHERE, actor(uid))
    with pytest.raises(UserError) as early:
        await leagues.report(WHERE, ALICE, "bob", "win", played="2025-06-09")
    assert early.value.text.key == "league.err.before_season"
    with pytest.raises(UserError) as late:
        await leagues.report(WHERE, ALICE, "bob", "win")  # today is 2025-06-15
    assert late.value.text.key == "league.err.after_season"
    await leagues.report(WHERE, ALICE, "bob", "win", played="2025-06-14")  # the end day is included


async def test_new_season_archives_standings_and_starts_afresh(league, clock):
    mid = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    with pytest.raises(UserError) as waiting:
        await league.season_new(WHERE, ORGANIZER)
    assert (
        waiting.value.text.key == "league.err.reports_waiting"
        and f"#{mid}" in waiting.value.text.params["ids"]
    )
    with pytest.raises(UserError) as not_organizer:
        await league.season_new(WHERE, ALICE)
    assert not_organizer.value.text.key == "league.err.organizers_only"
    await league.press(WHERE, BOB, f"lg:{mid}:confirm")
    before = text(await league.standings(WHERE, ALICE))

    reply = await league.season_new(WHERE, ORGANIZER, ends="2025-09-30")
    out = text(reply)
    assert "Season 1 of **Spring Cup** is over (games played: 1)" in out and "Season 2 starts now" in out
    assert reply.messages[0].image.data.startswith(b"\x89PNG")
    # the archive is frozen: season 1 shows the same table, season 2 is empty
    archived = text(await league.standings(WHERE, ALICE, season=1))
    assert archived.split("\n")[2:] == before.split("\n")[2:]
    assert "No game counts yet" in text(await league.standings(WHERE, ALICE))
    # a game played before the new season opened belongs to the old one
    with pytest.raises(UserError) as old:
        await league.report(WHERE, ALICE, "bob", "win", played="2025-06-14")
    assert old.value.text.key == "league.err.before_season"
    clock.advance(HOUR)
    mid2 = report_id(await league.report(WHERE, ALICE, "bob", "loss", number=2))  # their 2nd game today
    await league.press(WHERE, BOB, f"lg:{mid2}:confirm")
    async with league.store.reading() as conn:
        fresh = await repo.season_ratings(conn, (await repo.open_season(conn, 1)).id)
    assert fresh["bob"].mu == pytest.approx(27.635, abs=1e-3)  # from the initial rating again
    # decisions about closed seasons are refused: their standings are archived
    with pytest.raises(UserError) as closed:
        await league.void(WHERE, ORGANIZER, mid)
    assert closed.value.text.key == "league.err.season_closed"
    with pytest.raises(UserError) as no_season:
        await league.standings(WHERE, ALICE, season=7)
    assert no_season.value.text.key == "league.err.no_season"


async def test_a_channel_records_each_game_for_one_league_only(leagues):
    """A finished game must belong to one league: in one channel, two leagues of the same
    game need variants that do not overlap."""
    await leagues.create(WHERE, ORGANIZER, "Duels", "mythic", variant="duel")
    await leagues.create(WHERE, ORGANIZER, "Teams", "mythic", variant="teams")  # no overlap
    await leagues.create(WHERE, ORGANIZER, "Athens", "athena")  # another game
    for variant in ("", "duel", "teams"):
        with pytest.raises(UserError) as err:
            await leagues.create(WHERE, ORGANIZER, f"Again {variant}", "mythic", variant=variant)
        assert err.value.text.key == "league.err.channel_taken"
    fr = err.value.text
    assert "Teams" in text_of(fr, "en") and "enregistre déjà les parties de Mythic Battles" in text_of(
        fr, "fr"
    )
    await leagues.create(ELSEWHERE, ORGANIZER, "Open", "mythic")  # another channel
    async with leagues.store.reading() as conn:
        assert [lg.name for lg in await repo.guild_leagues(conn, "guild")] == [
            "Duels",
            "Teams",
            "Athens",
            "Open",
        ]


def text_of(message, locale: str) -> str:
    from engine.i18n import render

    return render(message, locale)
