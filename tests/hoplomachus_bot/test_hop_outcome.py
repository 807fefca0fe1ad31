"""A lost campaign is a defeat everywhere, never a draw: the engine's result, self-play's
report (the result message, /game status and the hall of fame: test_hop_local_table.py)."""

from __future__ import annotations

from bot.selfplay import run_selfplay
from engine.hoplomachus import GAME
from engine.protocol import Result


def test_a_lost_campaign_names_its_loser_and_is_no_draw():
    state = GAME.setup(GAME.Options(hero="nox", difficulty="fearless"), ["p1"], 3)
    player = GAME.players["random"](seed=3)
    while GAME.result(state) is None:
        state = GAME.apply(state, "p1", player.choose(state, "p1")).state
    result = GAME.result(state)
    assert result.details["outcome"] == "lost"
    assert result.winners == [] and result.losers == ["p1"] and not result.is_draw
    assert Result.model_validate(result.model_dump(mode="json")).losers == ["p1"]
    assert Result(winners=[], reason=result.reason).is_draw  # a real draw stays one


async def test_selfplay_reports_a_lost_campaign_as_lost(hoplomachus):
    out: list[str] = []
    summary = await run_selfplay("hoplomachus", games=2, seed=3, players="random", write=out.append)
    assert summary.ok, summary.failures
    assert summary.wins == {"lost": 2}
    assert out[0].startswith("Game 1 (seed 3): p1 lost after ") and "draw" not in "\n".join(out)


def test_a_league_never_counts_a_solo_run(hoplomachus):
    """A lost campaign would read as a win in a league of one (nobody to rank against):
    leagues refuse solo games (`/league create`: test_hop_local_table.py) and never record
    one; the hall of fame's standings rank them."""
    from types import SimpleNamespace

    from bot.leagues.recording import RecordingListener

    league = SimpleNamespace(game="hoplomachus", variant="")
    record = SimpleNamespace(game="hoplomachus", options={"difficulty": "valiant"})
    seat = SimpleNamespace(user_id="u1", name="Ann")
    member = {"u1": SimpleNamespace(active=True)}
    refusal = RecordingListener._refusal(league, record, {"difficulty": "valiant"}, [seat], member)
    assert refusal is not None and refusal.key == "league.recorded.solo"
