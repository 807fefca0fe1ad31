"""Reported games: confirmation, dispute, the 48-hour rule, organizers' decisions, and
everything a report must refuse."""

from __future__ import annotations

import asyncio

import pytest
from league_helpers import HOUR, ORGANIZER, WHERE, actor, custom_ids, report_id, text

from bot.leagues import repo
from bot.service.api import UserError, Where
from engine.i18n import render

ALICE, BOB, CARA, DAN = (actor(u) for u in ("alice", "bob", "cara", "dan"))


async def ratings(leagues) -> dict:
    async with leagues.store.reading() as conn:
        season = await repo.open_season(conn, 1)
        return await repo.season_ratings(conn, season.id)


async def status(leagues, match_id: int) -> str:
    async with leagues.store.reading() as conn:
        return (await repo.match(conn, match_id)).status


async def test_report_asks_the_opponent_and_counts_only_once_confirmed(league):
    reply = await league.report(WHERE, ALICE, "bob", "win", my_score=2, their_score=1)
    mid = report_id(reply)
    assert custom_ids(reply) == [f"lg:{mid}:confirm", f"lg:{mid}:dispute"]
    assert reply.messages[0].mentions == ["bob"]
    assert "Alice beat Bob (2–1)" in text(reply) and "48 hours" in text(reply)
    assert await ratings(league) == {}  # pending: no rating moves yet

    done = await league.press(WHERE, BOB, f"lg:{mid}:confirm")
    assert "confirmed by Bob" in text(done)
    assert await status(league, mid) == "accepted"
    after = await ratings(league)
    assert after["alice"].mu > 25 > after["bob"].mu
    assert "Alice 27.6 (+2.6)" in text(done)


async def test_only_the_other_side_answers_and_only_once(league):
    mid = report_id(await league.report(WHERE, ALICE, "bob", "loss"))
    with pytest.raises(UserError) as own:
        await league.press(WHERE, ALICE, f"lg:{mid}:confirm")
    assert own.value.text.key == "league.err.own_report"
    with pytest.raises(UserError) as stranger:
        await league.press(WHERE, CARA, f"lg:{mid}:dispute")
    assert stranger.value.text.key == "league.err.not_your_report"
    await league.press(WHERE, BOB, f"lg:{mid}:confirm")
    with pytest.raises(UserError) as again:
        await league.press(WHERE, BOB, f"lg:{mid}:dispute")
    assert again.value.text.key == "league.err.already_decided"
    assert await status(league, mid) == "accepted"


async def test_unanswered_report_is_accepted_after_48_hours(league, clock):
    mid = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    clock.advance(47 * HOUR)
    assert await league.tick() == []
    assert await status(league, mid) == "pending"
    clock.advance(1 * HOUR)
    [(where, announcement)] = await league.tick()
    assert where == announcement.where == WHERE
    assert "accepted" in text(announcement) and "48 hours" in text(announcement)
    assert await status(league, mid) == "accepted"
    assert (await ratings(league))["alice"].mu > 25
    assert await league.tick() == []  # once only


async def test_dispute_goes_to_organizers_who_accept_change_or_void(league, clock):
    first = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    disputed = await league.press(WHERE, BOB, f"lg:{first}:dispute")
    assert custom_ids(disputed) == [f"lg:{first}:accept", f"lg:{first}:void"]
    assert disputed.messages[0].mentions == ["olga"]  # the league's creator
    clock.advance(72 * HOUR)
    assert await league.tick() == []  # a dispute never times out
    assert await status(league, first) == "disputed"
    with pytest.raises(UserError) as not_organizer:
        await league.press(WHERE, ALICE, f"lg:{first}:accept")
    assert not_organizer.value.text.key == "league.err.organizers_only"

    changed = await league.resolve(WHERE, ORGANIZER, first, "change", winner="bob")
    assert "corrected match" in text(changed) and "Bob beat Alice" in text(changed)
    after = await ratings(league)
    assert after["bob"].mu > 25 > after["alice"].mu

    second = report_id(await league.report(WHERE, CARA, "dan", "draw"))
    await league.press(WHERE, DAN, f"lg:{second}:dispute")
    assert "voided match" in text(await league.press(WHERE, ORGANIZER, f"lg:{second}:void"))
    assert await status(league, second) == "void"
    assert "cara" not in await ratings(league)

    third = report_id(await league.report(WHERE, CARA, "dan", "win"))
    await league.press(WHERE, DAN, f"lg:{third}:dispute")
    await league.press(WHERE, ORGANIZER, f"lg:{third}:accept")
    assert await status(league, third) == "accepted"


async def test_nobody_reports_a_game_against_themself(league):
    with pytest.raises(UserError) as err:
        await league.report(WHERE, ALICE, "alice", "win")
    assert err.value.text.key == "league.err.self_report"
    with pytest.raises(UserError) as team:
        await league.report(WHERE, ALICE, "bob", "win", partner="bob", opponent_partner="cara")
    assert team.value.text.key == "league.err.player_twice"


async def test_the_same_game_cannot_be_reported_twice(league):
    mid = report_id(await league.report(WHERE, ALICE, "bob", "win", played="2025-06-14"))
    for reporter, opponent, result in ((ALICE, "bob", "win"), (BOB, "alice", "win"), (BOB, "alice", "loss")):
        with pytest.raises(UserError) as err:
            await league.report(WHERE, reporter, opponent, result, played="2025-06-14")
        assert err.value.text.key == "league.err.duplicate" and err.value.text.params["id"] == mid
    # another game the same day is fine once numbered, and so is the same pairing another day
    await league.report(WHERE, ALICE, "bob", "win", played="2025-06-14", number=2)
    await league.report(WHERE, ALICE, "bob", "win", played="2025-06-13")
    # a voided report frees its key
    await league.void(WHERE, ORGANIZER, mid)
    await league.report(WHERE, BOB, "alice", "win", played="2025-06-14")


async def test_concurrent_reports_of_one_game_record_it_once(league):
    attempts = [
        league.report(WHERE, ALICE, "bob", "win"),
        league.report(WHERE, BOB, "alice", "loss"),
        league.report(WHERE, ALICE, "bob", "win"),
        league.report(WHERE, BOB, "alice", "loss"),
    ]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    accepted = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(accepted) == 1 and len(refused) == 3
    assert {e.text.key for e in refused} == {"league.err.duplicate"}
    async with league.store.reading() as conn:
        rows = await repo.season_matches(conn, 1, repo.OPEN_STATUSES)
    assert len(rows) == 1


async def test_concurrent_confirmations_and_timeouts_apply_once(league, clock):
    mids = [report_id(await league.report(WHERE, a, o, "win")) for a, o in ((ALICE, "bob"), (CARA, "dan"))]
    clock.advance(48 * HOUR)
    outcomes = await asyncio.gather(
        league.press(WHERE, BOB, f"lg:{mids[0]}:confirm"),
        league.tick(),
        league.press(WHERE, DAN, f"lg:{mids[1]}:dispute"),
        return_exceptions=True,
    )
    errors = [o for o in outcomes if isinstance(o, BaseException)]
    assert all(isinstance(e, UserError) and e.text.key == "league.err.already_decided" for e in errors)
    async with league.store.reading() as conn:
        steps = await repo.steps(conn, mids)
    assert await status(league, mids[0]) == "accepted" and len(steps[mids[0]]) == 2


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"opponent": "bob", "result": "victory"}, "league.err.bad_result"),
        ({"opponent": "bob", "result": "win", "first": "them"}, "league.err.bad_first"),
        ({"opponent": "bob", "result": "win", "my_score": 3}, "league.err.both_scores"),
        (
            {"opponent": "bob", "result": "win", "my_score": 1, "their_score": 3},
            "league.err.score_contradicts",
        ),
        ({"opponent": "bob", "result": "win", "partner": "cara"}, "league.err.uneven_sides"),
        ({"opponent": "eve", "result": "win"}, "league.err.not_members"),
        ({"opponent": "bob", "result": "win", "played": "2025-06-16"}, "league.err.future"),
        ({"opponent": "bob", "result": "win", "played": "15/06/2025"}, "league.err.bad_date"),
        ({"opponent": "bob", "result": "win", "number": 0}, "league.err.bad_number"),
    ],
)
async def test_bad_reports_are_refused_and_change_nothing(league, kwargs, key):
    with pytest.raises(UserError) as err:
        await league.report(WHERE, ALICE, **kwargs)
    assert err.value.text.key == key
    async with league.store.reading() as conn:
        assert await repo.season_matches(conn, 1, ("pending", "disputed", "accepted", "void")) == []


async def test_non_members_cannot_report(league):
    with pytest.raises(UserError) as err:
        await league.report(WHERE, actor("eve"), "alice", "win")
    assert err.value.text.key == "league.err.not_member"


async def test_two_against_two_report_rates_both_teams(leagues):
    await leagues.create(WHERE, ORGANIZER, "Titans", "mythic")  # any variant: duels and team games
    for who in (ALICE, BOB, CARA, DAN):
        await leagues.join(WHERE, who)
    league = leagues
    mid = report_id(
        await league.report(
            WHERE,
            ALICE,
            "bob",
            "win",
            partner="cara",
            opponent_partner="dan",
            my_faction="Athena",
            their_faction="  hades ",
            first="me",
        )
    )
    reply = await league.press(WHERE, DAN, f"lg:{mid}:confirm")  # either opponent may confirm
    assert "Alice (athena) & Cara (athena) beat Bob (hades) & Dan (hades)" in text(reply)
    after = await ratings(league)
    assert after["alice"].mu > 25 and after["cara"].mu > 25 and after["bob"].mu < 25 and after["dan"].mu < 25
    async with league.store.reading() as conn:
        seats = {s.user_id: s for s in (await repo.match(conn, mid)).seats}
    assert seats["alice"].first is True and seats["cara"].first is False and seats["bob"].faction == "hades"


async def test_buttons_are_checked(league):
    for raw in ("lg:abc:confirm", "lg:1:explode", "xx:1:confirm", "lg:1"):
        with pytest.raises(UserError) as err:
            await league.press(WHERE, BOB, raw)
        assert err.value.text.key == "league.err.bad_button"
    with pytest.raises(UserError) as missing:
        await league.press(WHERE, BOB, "lg:999:confirm")
    assert missing.value.text.key == "league.err.no_match"


async def test_waiting_lists_pending_and_disputed_reports(league):
    first = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    second = report_id(await league.report(WHERE, CARA, "dan", "win"))
    await league.press(WHERE, DAN, f"lg:{second}:dispute")
    listing = text(await league.waiting(WHERE, ORGANIZER))
    assert f"#{first}" in listing and "accepted automatically on 2025-06-17" in listing
    assert f"#{second}" in listing and "disputed" in listing


async def test_a_report_left_unanswered_is_accepted_after_a_restart(tmp_path, clock):
    """The 48-hour window is stored (recorded_at), not a timer in memory: a bot restarted
    after the deadline accepts the report at its first tick."""
    from bot.leagues import LeagueService
    from bot.store import open_store

    path = tmp_path / "restart.db"
    store = await open_store(path)
    try:
        first = LeagueService(store, clock=clock)
        await first.create(WHERE, ORGANIZER, "Cup", "athena")
        for who in (ALICE, BOB):
            await first.join(WHERE, who)
        mid = report_id(await first.report(WHERE, ALICE, "bob", "win"))
    finally:
        await store.close()  # the bot stops

    clock.advance(48 * HOUR + 1)
    reopened = await open_store(path)
    try:
        restarted = LeagueService(reopened, clock=clock)
        [(where, reply)] = await restarted.tick()
        assert where == WHERE and f"Report #{mid} accepted" in text(reply)
        assert await status(restarted, mid) == "accepted"
        assert (await ratings(restarted))["alice"].mu > 25
    finally:
        await reopened.close()


async def test_concurrent_reports_from_two_processes_record_the_game_once(store, tmp_path, clock, league):
    """Two bot processes on one database (two connections): the unique index decides."""
    from bot.leagues import LeagueService
    from bot.store import open_store

    other = await open_store(tmp_path / "agora.db")
    try:
        second = LeagueService(other, clock=clock)
        results = await asyncio.gather(
            league.report(WHERE, ALICE, "bob", "win"),
            second.report(WHERE, BOB, "alice", "loss"),
            league.report(WHERE, BOB, "alice", "loss"),
            second.report(WHERE, ALICE, "bob", "win"),
            return_exceptions=True,
        )
    finally:
        await other.close()
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 3 and {e.text.key for e in refused} == {"league.err.duplicate"}
    async with league.store.reading() as conn:
        assert len(await repo.season_matches(conn, 1, repo.OPEN_STATUSES)) == 1


async def test_the_same_team_game_is_one_report_but_other_pairs_are_another_game(leagues):
    await leagues.create(WHERE, ORGANIZER, "Titans", "mythic", variant="teams")
    for who in (ALICE, BOB, CARA, DAN):
        await leagues.join(WHERE, who)
    mid = report_id(await leagues.report(WHERE, ALICE, "bob", "win", partner="cara", opponent_partner="dan"))
    for reporter, opponent, partner, theirs in ((DAN, "alice", "bob", "cara"), (CARA, "dan", "alice", "bob")):
        with pytest.raises(UserError) as err:  # the same sides, from the other side or another seat
            await leagues.report(WHERE, reporter, opponent, "loss", partner=partner, opponent_partner=theirs)
        assert err.value.text.key == "league.err.duplicate" and err.value.text.params["id"] == mid
    # Alice & Bob against Cara & Dan is another game of the same four players
    await leagues.report(WHERE, ALICE, "cara", "win", partner="bob", opponent_partner="dan")


async def test_a_league_of_one_variant_takes_reports_of_that_size_only(leagues):
    await leagues.create(WHERE, ORGANIZER, "Titans", "mythic", variant="teams")
    await leagues.create(Where("guild", "duels"), ORGANIZER, "Duels", "mythic", variant="duel")
    await leagues.create(Where("guild", "athens"), ORGANIZER, "Athens", "athena")
    for league in ("Titans", "Duels", "Athens"):
        for who in (ALICE, BOB, CARA, DAN):
            await leagues.join(WHERE, who, league=league)
    cases = (
        ("Titans", {}, "league.err.teams_only"),
        ("Duels", {"partner": "cara", "opponent_partner": "dan"}, "league.err.duel_only"),
        ("Athens", {"partner": "cara", "opponent_partner": "dan"}, "league.err.duel_only"),
    )
    for league, extra, key in cases:
        with pytest.raises(UserError) as err:
            await leagues.report(WHERE, ALICE, "bob", "win", league=league, **extra)
        assert err.value.text.key == key
        assert league in render(err.value.text, "fr") and (
            "deux contre deux" in render(err.value.text, "fr")
            or "un contre un" in render(err.value.text, "fr")
        )
    async with leagues.store.reading() as conn:
        assert all(
            [
                await repo.season_matches(conn, s, repo.COUNTABLE_STATUSES + (repo.VOID,)) == []
                for s in (1, 2, 3)
            ]
        )
    await leagues.report(WHERE, ALICE, "bob", "win", league="Titans", partner="cara", opponent_partner="dan")
    await leagues.report(WHERE, ALICE, "bob", "win", league="Duels")


async def test_reinstating_a_voided_report_cannot_duplicate_its_replacement(league):
    first = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    await league.void(WHERE, ORGANIZER, first)
    second = report_id(await league.report(WHERE, BOB, "alice", "win"))  # the key is free again
    with pytest.raises(UserError) as err:
        await league.resolve(WHERE, ORGANIZER, first, "change", winner="alice")
    assert err.value.text.key == "league.err.duplicate" and err.value.text.params["id"] == second
    assert await status(league, first) == "void"
    await league.void(WHERE, ORGANIZER, second)
    await league.resolve(WHERE, ORGANIZER, first, "change", winner="alice")  # now it may come back
    assert await status(league, first) == "accepted"
    assert (await ratings(league))["alice"].mu > 25


async def test_organizer_only_decisions_are_refused_to_players_and_change_nothing(league):
    mid = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    await league.press(WHERE, BOB, f"lg:{mid}:confirm")
    before = await ratings(league)
    for call in (
        league.void(WHERE, ALICE, mid),
        league.void(WHERE, BOB, mid),
        league.resolve(WHERE, BOB, mid, "change", winner="bob"),
        league.resolve(WHERE, actor("bob", locale="fr"), mid, "accept"),
    ):
        with pytest.raises(UserError) as err:
            await call
        assert err.value.text.key == "league.err.organizers_only"
    assert "organisateurs" in render(err.value.text, "fr")
    assert await status(league, mid) == "accepted" and await ratings(league) == before
    # the league's creator stays an organizer without Manage Server; any Manage Server member is one
    await league.void(WHERE, actor("olga"), mid)
    assert await status(league, mid) == "void" and await ratings(league) == {}
    await league.resolve(WHERE, actor("zed", manager=True), mid, "change", winner="alice")
    assert await status(league, mid) == "accepted" and await ratings(league) == before


async def test_bad_decisions_are_refused_in_the_users_language_and_change_nothing(league):
    mid = report_id(await league.report(WHERE, ALICE, "bob", "win"))
    await league.press(WHERE, BOB, f"lg:{mid}:dispute")
    before = await ratings(league)
    french = actor("olga", manager=True, locale="fr")
    cases = (
        (league.resolve(WHERE, french, mid, "explode"), "league.err.bad_action", "n’est pas une décision"),
        (
            league.resolve(WHERE, french, mid, "change"),
            "league.err.change_needs_result",
            "nommez le vainqueur",
        ),
        (
            league.resolve(WHERE, french, mid, "change", winner="bob", draw=True),
            "league.err.change_needs_result",
            "nommez le vainqueur",
        ),
        (
            league.resolve(WHERE, french, mid, "change", winner="cara"),
            "league.err.winner_not_in_match",
            "n’a pas joué",
        ),
        (league.resolve(WHERE, french, 999, "accept"), "league.err.no_match", "999"),
        (league.export(WHERE, french, what="everything"), "league.err.bad_export", "everything"),
    )
    for call, key, words in cases:
        with pytest.raises(UserError) as err:
            await call
        assert err.value.text.key == key
        assert words in render(err.value.text, "fr"), render(err.value.text, "fr")
        assert not render(err.value.text, "en").startswith("league.")
    assert await status(league, mid) == "disputed" and await ratings(league) == before
