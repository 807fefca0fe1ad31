"""Games played on Agora are recorded when they end: league channel or `league=`,
members only, humans only, and the same game never twice."""

from __future__ import annotations

import pytest
from league_helpers import ELSEWHERE, ORGANIZER, T0, WHERE, actor, report_id, text
from openskill.models import PlackettLuce

from bot.leagues import LeagueService, repo
from bot.service import TableService
from bot.service.api import UserError
from bot.store import SeatRecord
from engine import get_game
from engine.athena.state import RoundRecord
from engine.i18n import T, render
from engine.protocol import Result


async def finished_game(
    store, where=WHERE, game="athena", players=("alice", "bob"), league_id=None, options=None, ai_role=None
):
    record = await store.create_game(
        guild=where.guild_id,
        channel=where.channel_id,
        game=game,
        options=options or {},
        seed=1,
        creator=players[0],
        now=T0,
        league_id=league_id,
    )
    roles = [f"p{i}" for i in range(1, len(players) + 1)]
    for role, uid in zip(roles, players, strict=True):
        seat = (
            SeatRecord(record.id, role, "Robot", ai_level="heuristic")
            if role == ai_role
            else SeatRecord(record.id, role, uid.title(), user_id=uid)
        )
        await store.put_seat(seat)
    return await store.update_game(
        record.id, record.rev, T0 + 600, status="finished", started_at=T0, finished_at=T0 + 600
    )


def won(*winners, **details) -> Result:
    return Result(
        winners=list(winners),
        scores={"p1": 2.0, "p2": 1.0} if winners == ("p1",) else {},
        reason=T("league.outcome.W"),
        details=details,
    )


async def matches(leagues) -> list:
    async with leagues.store.reading() as conn:
        return await repo.season_matches(conn, 1, ("accepted", "void"))


async def test_a_league_game_is_recorded_once_with_its_details(league, store):
    record = await finished_game(store, options={"first_attacker": "p2", "scenario": "athenes"})
    reply = await league.on_game_finished(record, won("p1", factions={"p1": "athena", "p2": "poseidon"}))
    assert reply.where == WHERE
    assert "Alice (athena) beat Bob (poseidon) (2–1)" in text(reply) and "Ratings: Alice 27.6" in text(reply)
    assert (await league.on_game_finished(record, won("p1"))).messages == []  # idempotent
    [m] = await matches(league)
    assert m.game_id == str(record.id) and m.source == "game" and m.scenario == "athenes"
    assert m.played_at == T0 + 600 and m.details["actions"] == 0 and m.details["duration"] == 600
    seats = {s.user_id: s for s in m.seats}
    assert seats["bob"].first is True and seats["alice"].first is False and seats["alice"].score == 2.0


async def test_league_named_at_creation_counts_anywhere(league, store):
    record = await finished_game(store, where=ELSEWHERE, league_id=1)
    assert "Recorded as match" in text(await league.on_game_finished(record, won("p2")))
    other = await finished_game(store, where=ELSEWHERE, players=("cara", "dan"))
    assert (await league.on_game_finished(other, won("p2"))).messages == []  # no league there
    assert len(await matches(league)) == 1


async def test_games_that_do_not_count_say_why(league, store):
    ai = await finished_game(store, ai_role="p2")
    assert "played by the computer" in text(await league.on_game_finished(ai, won("p1")))
    stranger = await finished_game(store, players=("alice", "eve"))
    assert "Eve" in text(await league.on_game_finished(stranger, won("p1")))
    wrong_game = await finished_game(store, game="mythic", league_id=1)
    assert "the league plays Battle for Athena" in text(await league.on_game_finished(wrong_game, won("p1")))
    assert await matches(league) == []


async def test_draws_and_team_games(league, store):
    draw = await finished_game(store)
    assert "Alice vs Bob, draw" in text(await league.on_game_finished(draw, won()))
    team = await finished_game(store, game="athena", players=("alice", "bob", "cara", "dan"))
    # the four-player variant: two teams (000 "Variante : Bataille à 4 joueurs")
    reply = await league.on_game_finished(team, won("p2", "p4", teams=[["p1", "p3"], ["p2", "p4"]]))
    assert "Bob & Dan beat Alice & Cara" in text(reply)
    teams = {s.user_id: (s.team, s.rank) for s in (await matches(league))[-1].seats}
    assert teams == {"alice": (0, 2), "cara": (0, 2), "bob": (1, 1), "dan": (1, 1)}
    # teams given as role -> team number (the Mythic Battles engine's form); a drawn team game keeps them
    drawn = await finished_game(store, game="athena", players=("alice", "bob", "cara", "dan"))
    await league.on_game_finished(drawn, won(teams={"p1": 1, "p2": 2, "p3": 1, "p4": 2}))
    teams = {s.user_id: (s.team, s.rank) for s in (await matches(league))[-1].seats}
    assert teams == {"alice": (0, 1), "cara": (0, 1), "bob": (1, 1), "dan": (1, 1)}


async def test_variant_and_season_dates_apply(leagues, store, clock):
    """Athena's variant is its scenario (the engine has no `variant` option)."""
    await leagues.create(WHERE, ORGANIZER, "Expert", "athena", variant="expert", ends="2025-06-01")
    for uid in ("alice", "bob"):
        await leagues.join(WHERE, actor(uid))
    casual = await finished_game(store, options={"scenario": "athenes"})
    refused = text(await leagues.on_game_finished(casual, won("p1")))
    assert "does not count for **Expert**: the league plays only this variant: Expert scenario." in refused
    late = await finished_game(store, options={"scenario": "expert"})
    assert "Season 1 ended on 2025-06-01" in text(await leagues.on_game_finished(late, won("p1")))
    assert await matches(leagues) == []


async def test_an_athena_league_of_one_scenario_records_that_scenario(leagues, store):
    await leagues.create(WHERE, ORGANIZER, "Expert", "athena", variant="expert")
    for uid in ("alice", "bob"):
        await leagues.join(WHERE, actor(uid))
    game = await finished_game(store, options={"scenario": "expert"})
    assert "Recorded as match #1" in text(await leagues.on_game_finished(game, won("p2")))
    [m] = await matches(leagues)
    assert m.scenario == "expert" and m.details["variant"] == "expert"


# --- real engine results and the real table service -------------------------------------


def athena_result(winner: str, first: str = "p1") -> Result:
    """The Result Battle for Athena's engine gives for a game `winner` won 2 rounds to 1."""
    game = get_game("athena")
    state = game.setup(game.Options(first_attacker=first), ["p1", "p2"], 5)
    loser = "p2" if winner == "p1" else "p1"
    rounds = [
        RoundRecord(
            vp={"p1": 3, "p2": 1},
            captured={"p1": 0, "p2": 0},
            powers={"p1": 0, "p2": 0},
            terrains={"p1": 0, "p2": 0},
            winner=w,
        )
        for w in (winner, loser, winner)
    ]
    return game.result(state.model_copy(update={"winners": [winner], "rounds": rounds, "stage": "over"}))


def mythic_state(teams: bool, factions: dict[str, str]):
    game = get_game("mythic")
    options = game.Options(teams=teams)
    state = game.setup(options, game.roles(options), 5)
    sides = {r: side.model_copy(update={"faction": factions[r]}) for r, side in state.sides.items()}
    return game, state.model_copy(update={"sides": sides, "first": "p2"})


async def test_an_athena_engine_result_is_recorded_with_scores_first_player_and_scenario(league, store):
    record = await finished_game(store, options={"scenario": "athenes", "first_attacker": "p2"})
    reply = await league.on_game_finished(record, athena_result("p2", first="p2"))
    assert "Bob beat Alice (2–1)" in text(reply)
    [m] = await matches(league)
    seats = {s.user_id: s for s in m.seats}
    assert (seats["bob"].rank, seats["bob"].score, seats["bob"].first) == (1, 2.0, True)
    assert (seats["alice"].rank, seats["alice"].score, seats["alice"].first) == (2, 1.0, False)
    assert m.scenario == "athenes" and m.details["turns"] == 3  # the length: three rounds


async def test_a_mythic_four_player_result_is_two_teams(leagues, store):
    """001 §"Variant: 4-Player Battle": p1 & p3 against p2 & p4, rated as two teams."""
    await leagues.create(WHERE, ORGANIZER, "Titans", "mythic", variant="teams")
    for uid in ("alice", "bob", "cara", "dan"):
        await leagues.join(WHERE, actor(uid))
    game, state = mythic_state(True, {"p1": "hades", "p2": "athena", "p3": "hades", "p4": "athena"})
    record = await finished_game(
        store, game="mythic", players=("alice", "bob", "cara", "dan"), options={"teams": True}
    )
    reply = await leagues.on_game_finished(
        record, game.result(state.model_copy(update={"winners": ["p2", "p4"]}))
    )
    assert "Bob (athena) & Dan (athena) beat Alice (hades) & Cara (hades)" in text(reply)
    [m] = await matches(leagues)
    seats = {s.user_id: (s.team, s.rank, s.faction, s.first) for s in m.seats}
    assert seats == {
        "alice": (0, 2, "hades", False),
        "cara": (0, 2, "hades", False),
        "bob": (1, 1, "athena", True),
        "dan": (1, 1, "athena", False),
    }
    async with leagues.store.reading() as conn:
        rated = await repo.season_ratings(conn, 1)
    model = PlackettLuce()
    [[w1, w2], [l1, l2]] = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    assert (rated["bob"].mu, rated["dan"].mu, rated["alice"].mu) == (w1.mu, w2.mu, l1.mu)
    # a duel does not count in a teams league
    game, duel = mythic_state(False, {"p1": "hades", "p2": "athena"})
    record = await finished_game(store, game="mythic", options={"teams": False})
    refused = text(
        await leagues.on_game_finished(record, game.result(duel.model_copy(update={"winners": ["p1"]})))
    )
    assert "only this variant: teams (two against two)" in refused
    assert len(await matches(leagues)) == 1


async def test_the_channel_league_of_the_games_variant_records_it(leagues, store):
    await leagues.create(WHERE, ORGANIZER, "Duels", "mythic", variant="duel")
    await leagues.create(WHERE, ORGANIZER, "Teams", "mythic", variant="teams")
    for uid in ("alice", "bob", "cara", "dan"):
        await leagues.join(WHERE, actor(uid), league="Teams")
    game, state = mythic_state(True, {"p1": "hades", "p2": "athena", "p3": "hades", "p4": "athena"})
    record = await finished_game(
        store, game="mythic", players=("alice", "bob", "cara", "dan"), options={"teams": True}
    )
    reply = await leagues.on_game_finished(
        record, game.result(state.model_copy(update={"winners": ["p1", "p3"]}))
    )
    assert "**Teams**: Alice (hades) & Cara (hades) beat" in text(reply)


async def table_with_league(store, clock, game: str, variant: str = "", players=("alice", "bob")):
    leagues = LeagueService(store, clock=clock)
    service = TableService(store, listeners=[leagues], clock=clock, render_images=False)
    await leagues.create(WHERE, ORGANIZER, "Cup", game, variant=variant)
    for uid in players:
        await leagues.join(WHERE, actor(uid))
    return leagues, service


async def seat_everyone(service, game: str, options: dict, players) -> None:
    await service.new_game(WHERE, actor(players[0]), game, {"seed": 3, **options})
    for uid in players[1:]:
        await service.join(WHERE, actor(uid))
    await service.start_game(WHERE, actor(players[0]))


async def test_a_resignation_in_a_mythic_team_game_loses_for_the_whole_team(store, clock):
    four = ("alice", "bob", "cara", "dan")  # p1 & p3 (Alice, Cara) against p2 & p4 (Bob, Dan)
    leagues, service = await table_with_league(store, clock, "mythic", "teams", four)
    await seat_everyone(service, "mythic", {"teams": True}, four)
    clock.advance(3600)
    reply = await service.resign(WHERE, actor("cara"))
    out = text(reply)
    assert "Winner: Bob, Dan" in out and "Alice" not in out.split("—")[0]
    assert "**Cup**: Bob & Dan beat Alice & Cara. Recorded as match #1." in out
    [m] = await matches(leagues)
    assert {s.user_id: (s.team, s.rank) for s in m.seats} == {
        "alice": (0, 2),
        "cara": (0, 2),
        "bob": (1, 1),
        "dan": (1, 1),
    }
    assert m.details["reason"]["key"] == "bot.result.resigned" and m.details["variant"] == "teams"
    assert m.details["duration"] == 3600 and m.played_at == clock.now


async def test_a_resignation_recorded_from_an_older_result_still_uses_the_teams(league, store):
    """A Result that counts the resigner's teammate among the winners (as the table service
    once did) is read through the teams of the game's last state: the whole side lost."""
    game, state = mythic_state(True, {"p1": "hades", "p2": "athena", "p3": "hades", "p4": "athena"})
    record = await finished_game(
        store, game="mythic", players=("alice", "bob", "cara", "dan"), league_id=None, options={"teams": True}
    )
    await store.put_state(record.id, 0, state.model_dump_json())
    async with league.store.transaction() as conn:  # the fixture's league plays Athena: a Mythic one here
        await conn.execute("UPDATE leagues SET game = 'mythic'")
    resigned = Result(
        winners=["p1", "p2", "p4"], reason=T("bot.result.resigned", name="Cara"), details={"resigned": "p3"}
    )
    reply = await league.on_game_finished(record, resigned)
    assert "Bob (athena) & Dan (athena) beat Alice (hades) & Cara (hades)" in text(reply)
    [m] = await matches(league)
    assert {s.user_id: s.first for s in m.seats} == {"alice": False, "bob": True, "cara": False, "dan": False}


async def test_a_game_lost_on_time_is_recorded_and_an_aborted_one_is_not(store, clock):
    leagues, service = await table_with_league(store, clock, "athena")
    await seat_everyone(service, "athena", {}, ("alice", "bob"))
    await service.abort(WHERE, actor("alice"))  # asks Bob
    aborted = await service.abort(WHERE, actor("bob"))
    assert "league" not in text(aborted).lower() and await matches(leagues) == []
    await service.new_game(WHERE, actor("alice"), "athena", {"seed": 4}, clock_days=1)
    await service.join(WHERE, actor("bob"))
    await service.start_game(WHERE, actor("alice"))
    await service.play(WHERE, actor("alice"), "deploy random")  # Alice deploys; Bob never does
    clock.advance(2 * 86400)
    [(where, reply)] = await service.tick()
    assert where == WHERE and "Recorded as match #1" in text(reply) and "Alice beat Bob" in text(reply)
    [m] = await matches(leagues)
    assert m.game_id == "2" and m.details["reason"]["key"] == "bot.result.timeout"
    assert {s.user_id: (s.rank, s.score) for s in m.seats} == {"alice": (1, None), "bob": (2, None)}
    assert {s.user_id: s.first for s in m.seats} == {"alice": True, "bob": False}  # read from the last state
    assert m.scenario == "athenes"


async def test_a_non_member_in_the_league_channel_is_told_the_game_does_not_count(store, clock):
    leagues, service = await table_with_league(store, clock, "athena")
    await seat_everyone(service, "athena", {}, ("alice", "eve"))
    out = text(await service.resign(WHERE, actor("eve")))
    assert "does not count for **Cup**: not every player is a member (Eve: `/league join`)." in out
    assert await matches(leagues) == []


async def test_a_game_recorded_from_agora_cannot_be_reported_again(league, store):
    """The same game: a report of the day's first game between these sides is the Agora
    game already recorded; a table game played after it is `number:2`."""
    record = await finished_game(store)  # Alice beat Bob on Agora, 2025-06-15
    await league.on_game_finished(record, won("p1"))
    with pytest.raises(UserError) as err:
        await league.report(WHERE, actor("bob"), "alice", "loss")
    assert err.value.text.key == "league.err.played_here" and err.value.text.params["next"] == 2
    assert "déjà enregistrée\u00a0: match n° 1, victoire de Alice sur Bob (2–1)" in render(
        err.value.text, "fr"
    )
    other_day = report_id(await league.report(WHERE, actor("bob"), "alice", "win", played="2025-06-14"))
    table_game = report_id(await league.report(WHERE, actor("bob"), "alice", "win", number=2))
    others = report_id(await league.report(WHERE, actor("cara"), "dan", "win"))  # other players: game 1
    assert len({other_day, table_game, others}) == 3
    assert len(await matches(league)) == 1  # the reports wait for confirmation
