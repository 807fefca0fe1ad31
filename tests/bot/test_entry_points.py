"""Entry points: `python -m bot` (Discord or the local table) and `selfplay`, which plays AI-vs-AI
games through the real service and checks that the stored log replays to the stored states."""

from __future__ import annotations

from bot_helpers import TOY

from bot.__main__ import main
from bot.selfplay import levels_for, run_selfplay


async def test_selfplay_plays_every_game_to_the_end_and_replays_it():
    out: list[str] = []
    summary = await run_selfplay(
        "toy", games=6, seed=11, players="mixed", catalog={"toy": TOY}, write=out.append
    )
    assert summary.ok, summary.failures
    assert summary.games == 6 and summary.moves >= 6 * 5 and sum(summary.wins.values()) == 6
    assert out[0].startswith("Game 1 (seed 11): ") and out[-1].startswith("6 games, 0 failures, ")


def test_mixed_players_alternate_the_stronger_seat():
    assert levels_for("mixed", ["p1", "p2"], 0) == {"p1": "heuristic", "p2": "random"}
    assert levels_for("mixed", ["p1", "p2"], 1) == {"p1": "random", "p2": "heuristic"}
    assert levels_for("random", ["p1", "p2"], 1) == {"p1": "random", "p2": "random"}


class DriftingToy(type(TOY)):
    """Not pure: each call scores differently, so the stored log no longer replays."""

    calls = 0

    def apply(self, state, role, command):
        outcome = super().apply(state, role, command)
        DriftingToy.calls += 1
        outcome.state.scores[role] += DriftingToy.calls % 3
        return outcome


class CrashingToy(type(TOY)):
    def apply(self, state, role, command):
        if state.phase == "play":
            raise KeyError("boom")
        return super().apply(state, role, command)


async def test_selfplay_reports_replay_mismatches_and_engine_errors():
    out: list[str] = []
    drift = await run_selfplay("toy", games=2, seed=1, catalog={"toy": DriftingToy()}, write=out.append)
    assert not drift.ok and any("replayed state differs" in f for f in drift.failures)
    crash = await run_selfplay("toy", games=1, seed=1, catalog={"toy": CrashingToy()}, write=out.append)
    assert (
        not crash.ok
        and any("KeyError" in f for f in crash.failures)
        and any("status running" in f for f in crash.failures)
    )


def test_the_command_line_refuses_an_unknown_game(capsys):
    assert main(["selfplay", "no-such-game", "--games", "1"]) == 2
    assert "Unknown game “no-such-game”" in capsys.readouterr().err


def test_without_a_token_python_m_bot_says_so_and_opens_the_local_table(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("AGORA_DB", str(tmp_path / "local.db"))
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "DISCORD_TOKEN is not set: starting the local table instead of the Discord bot."
    assert out[1].startswith("Agora local table") and (tmp_path / "local.db").exists()


def test_with_a_token_python_m_bot_runs_the_discord_adapter(tmp_path, monkeypatch):
    import bot.discord

    started = []
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0ken")
    monkeypatch.setattr(bot.discord, "run", started.append)
    assert main([]) == 0
    assert [s.discord_token for s in started] == ["t0ken"]
