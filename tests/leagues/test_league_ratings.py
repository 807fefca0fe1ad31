"""The pure parts: openskill ratings for duels and teams, outcomes, standings order, streaks."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce, ThurstoneMostellerFull

from bot.leagues import standings
from bot.leagues.model import Match, Seat, two_sides
from bot.leagues.ratings import MODELS, Rating, rate_match, replay


def duel(match_id: int, winner: str, loser: str, result: str = "W") -> Match:
    return Match(match_id, float(match_id), tuple(two_sides([winner], [loser], result)))


def test_a_duel_is_rated_exactly_as_openskill_rates_it():
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    current, _ = replay("plackett_luce", [duel(1, "ann", "ben")])
    assert current == {"ann": Rating(a.mu, a.sigma), "ben": Rating(b.mu, b.sigma)}


def test_two_against_two_is_two_teams():
    # 000 "Variante : Bataille à 4 joueurs": two teams of two
    model = ThurstoneMostellerFull()
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[2, 1])
    match = Match(1, 0.0, tuple(two_sides(["a1", "a2"], ["b1", "b2"], "L")))
    steps = rate_match("thurstone_mosteller", match, {})
    got = {s.user_id: s.after for s in steps}
    assert got["a1"] == Rating(expected[0][0].mu, expected[0][0].sigma)
    assert got["b2"] == Rating(expected[1][1].mu, expected[1][1].sigma)
    assert all(s.before == Rating(25.0, 25 / 3) for s in steps)


def test_every_model_rates_and_they_differ():
    games = [duel(1, "a", "b"), duel(2, "b", "c"), duel(3, "c", "a", "D")]
    results = {name: replay(name, games)[0]["a"] for name in MODELS}
    assert len(set(results.values())) >= 3  # full and partial pairing agree on duels
    assert all(r.mu > 0 and r.sigma > 0 for r in results.values())


def test_outcomes_with_three_sides():
    match = Match(1, 0.0, (Seat("a", 0, 1), Seat("b", 1, 1), Seat("c", 2, 2)))
    assert [match.outcome(s) for s in match.seats] == ["D", "D", "L"]
    alone = Match(2, 0.0, (Seat("a", 0, 1), Seat("b", 1, 2), Seat("c", 2, 2)))
    assert [alone.outcome(s) for s in alone.seats] == ["W", "L", "L"]


def test_standings_rank_by_the_cautious_rating_and_count_streaks():
    games = [
        duel(1, "a", "b"),
        duel(2, "a", "c"),
        duel(3, "c", "a"),
        duel(4, "c", "b"),
        duel(5, "c", "b", "D"),
    ]
    current, _ = replay("plackett_luce", games)
    rows = standings.compute(games, current, {"a": "Ann", "b": "Ben", "c": "Cy"})
    assert [r.rank for r in rows] == [1, 2, 3]
    ordinals = [r.rating.ordinal for r in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    by_name = {r.name: r for r in rows}
    assert (by_name["Cy"].wins, by_name["Cy"].draws, by_name["Cy"].losses) == (2, 1, 1)
    assert by_name["Cy"].streak == ("D", 1) and by_name["Ann"].streak == ("L", 1)
    assert by_name["Ben"].streak_code == "D1" and standings.parse_streak("W12") == ("W", 12)


def test_unknown_model_is_not_silently_replaced():
    with pytest.raises(KeyError):
        replay("elo", [duel(1, "a", "b")])
