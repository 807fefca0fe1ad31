"""Games played on Agora are recorded when they end: league channel or `league=`,
members only, humans only, and the same game never twice."""

from __future__ import annotations

from league_helpers import ELSEWHERE, ORGANIZER, T0, WHERE, actor, text

from bot.leagues import repo
from bot.store import SeatRecord
from engine.i18n import T
from engine.protocol import Result


async def finished_game(store, where=WHERE, game="athena", players=("alice", "bob"), league_id=None,
                        options=None, ai_role=None):
    record = await store.create_game(guild=where.guild_id, channel=where.channel_id, game=game,
                                     options=options or {}, seed=1, creator=players[0], now=T0, league_id=league_id)
    roles = [f"p{i}" for i in range(1, len(players) + 1)]
    for role, uid in zip(roles, players, strict=True):
        seat = (SeatRecord(record.id, role, "Robot", ai_level="heuristic") if role == ai_role
                else SeatRecord(record.id, role, uid.title(), user_id=uid))
        await store.put_seat(seat)
    return await store.update_game(record.id, record.rev, T0 + 600, status="finished", started_at=T0,
                                   finished_at=T0 + 600)


def won(*winners, **details) -> Result:
    return Result(winners=list(winners), scores={"p1": 2.0, "p2": 1.0} if winners == ("p1",) else {},
                  reason=T("league.outcome.W"), details=details)


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
    await leagues.create(WHERE, ORGANIZER, "Expert", "athena", variant="expert", ends="2025-06-01")
    for uid in ("alice", "bob"):
        await leagues.join(WHERE, actor(uid))
    casual = await finished_game(store, options={"variant": "basic"})
    assert "the league plays the expert variant" in text(await leagues.on_game_finished(casual, won("p1")))
    late = await finished_game(store, options={"variant": "expert"})
    assert "Season 1 ended on 2025-06-01" in text(await leagues.on_game_finished(late, won("p1")))
