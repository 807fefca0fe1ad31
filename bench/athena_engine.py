"""Battle for Athena engine figures: self-play speed, heuristic vs random, legal()/apply() latency.

    python bench/athena_engine.py [--games 200] [--scenario athenes] [--speed-games 30] [--balance-games 1000]

Prints games per second (random and heuristic self-play), the median and 99th percentile
of legal() and apply() over every call of the speed games, the heuristic player's win
rate against the random player over --games games with alternating seats, and how often
the first attacker wins when two heuristic players meet (CONTENT.md wants 45-55%).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.athena import GAME  # noqa: E402
from engine.harness import play  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def speed(kind: str, games: int, scenario: str) -> tuple[float, list[float], list[float]]:
    legal_t: list[float] = []
    apply_t: list[float] = []
    options = GAME.Options(scenario=scenario)
    start = time.perf_counter()
    for seed in range(games):
        play(GAME, {"p1": GAME.players[kind](seed), "p2": GAME.players[kind](seed + 1)}, seed, options)
    elapsed = time.perf_counter() - start
    # latency, measured apart so the timer does not slow the games above
    for seed in range(games):
        state = GAME.setup(options, GAME.roles(options), seed)
        bots = {r: GAME.players[kind](seed + i) for i, r in enumerate(GAME.roles(options))}
        while GAME.result(state) is None:
            role = sorted(GAME.active(state))[0]
            t0 = time.perf_counter()
            GAME.legal(state, role)
            legal_t.append(time.perf_counter() - t0)
            command = bots[role].choose(state, role)
            t0 = time.perf_counter()
            state = GAME.apply(state, role, command).state
            apply_t.append(time.perf_counter() - t0)
    return games / elapsed, legal_t, apply_t


def duel_rate(games: int, scenario: str) -> tuple[int, int, int]:
    wins = draws = 0
    options = GAME.Options(scenario=scenario)
    for seed in range(games):
        smart = "p1" if seed % 2 == 0 else "p2"
        dumb = "p2" if smart == "p1" else "p1"
        players = {smart: GAME.players["heuristic"](seed), dumb: GAME.players["random"](seed + 10_000)}
        result = play(GAME, players, seed, options).result
        wins += result.winners == [smart]
        draws += not result.winners
    return wins, draws, games


def first_attacker_rate(games: int, scenario: str) -> tuple[int, int, int]:
    wins = draws = 0
    options = GAME.Options(scenario=scenario)  # p1 attacks first
    for seed in range(games):
        players = {"p1": GAME.players["heuristic"](seed), "p2": GAME.players["heuristic"](seed + 10_000)}
        result = play(GAME, players, seed, options).result
        wins += result.winners == ["p1"]
        draws += not result.winners
    return wins, draws, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="heuristic vs random games")
    parser.add_argument("--speed-games", type=int, default=30)
    parser.add_argument("--balance-games", type=int, default=1000)
    parser.add_argument("--scenario", default="athenes")
    args = parser.parse_args()

    for kind in ("random", "heuristic"):
        rate, legal_t, apply_t = speed(kind, args.speed_games, args.scenario)
        print(f"{args.scenario} self-play {kind:9}: {rate:6.1f} games/s over {args.speed_games} games")
        for name, values in (("legal()", legal_t), ("apply()", apply_t)):
            print(
                f"    {name}: median {statistics.median(values) * 1e6:7.0f} us, "
                f"p99 {percentile(values, 0.99) * 1e6:7.0f} us over {len(values)} calls"
            )
    wins, draws, games = duel_rate(args.games, args.scenario)
    print(
        f"{args.scenario} heuristic vs random: heuristic wins {wins}/{games} = {wins / games:.1%} "
        f"(draws {draws}), seats alternate"
    )
    if args.balance_games:
        wins, draws, games = first_attacker_rate(args.balance_games, args.scenario)
        print(
            f"{args.scenario} heuristic self-play: the first attacker wins {wins}/{games} = {wins / games:.1%} "
            f"(draws {draws})"
        )


if __name__ == "__main__":
    main()
