"""Mythic Battles variants: 4-player (teams) and deck-building self-play speed, legal()/apply()
timings on mid-game 4-player positions, and team strength (001 §"Variant: 4-Player Battle",
§"Variant: Deck Building").

    python bench/mythic_teams.py            # 40 games per line, 200 for strength
    python bench/mythic_teams.py --quick    # small numbers, for a smoke run

CPU times of this process (time.process_time); every game is seeded.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mythic_engine import play, timings  # noqa: E402

from engine.mythic.heuristic import HeuristicPlayer  # noqa: E402
from engine.mythic.players import RandomPlayer  # noqa: E402
from engine.mythic.state import Options  # noqa: E402

TEAMS = Options(teams=True)
KINDS = {"R": RandomPlayer, "H": HeuristicPlayer}


def seats(mix: str, seed: int) -> dict:
    """`mix` names the kinds of p1, p2, ... ("HRHR": a heuristic team against a random one)."""
    return {f"p{i + 1}": KINDS[k](seed + i) for i, k in enumerate(mix)}


def speed(label: str, mix: str, options: Options, games: int, positions: list | None = None) -> None:
    start, steps, turns = time.process_time(), 0, 0
    for seed in range(games):
        state, n = play(seats(mix, seed), seed, options, check=True, positions=positions)
        steps, turns = steps + n, turns + state.turn.number
    spent = time.process_time() - start
    print(
        f"  {label:<34} {games / spent:6.2f} games/s   {steps / spent:7.0f} commands/s   "
        f"{steps / games:6.0f} commands/game   {turns / games:5.0f} turns/game"
    )


def strength(games: int) -> None:
    wins = Counter()
    for seed in range(games):
        mix = "HRHR" if seed % 2 == 0 else "RHRH"
        state, _ = play(seats(mix, seed), seed, TEAMS)
        heuristic = ["p1", "p3"] if mix == "HRHR" else ["p2", "p4"]
        wins["heuristic" if state.winners == heuristic else "draw" if not state.winners else "random"] += 1
    print(
        f"  heuristic team vs random team over {games} games: heuristic wins {wins['heuristic'] / games:.1%}, "
        f"random {wins['random'] / games:.1%}, draws {wins['draw'] / games:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small numbers")
    args = parser.parse_args()
    n, n_strength = (4, 20) if args.quick else (40, 200)
    print("Mythic Battles variants benchmark (invariants checked at every step)")
    print("4-player self-play speed (CPU):")
    positions: list = []
    speed("4 players, random x4", "RRRR", TEAMS, n, positions)
    speed("4 players, heuristic team vs random", "HRHR", TEAMS, n)
    speed("4 players, heuristic x4", "HHHH", TEAMS, n, positions)
    print("Deck building self-play speed (CPU):")
    speed("2 players, heuristic vs random", "HR", Options(deckbuilding=True), n)
    speed("4 players, heuristic x4", "HHHH", Options(deckbuilding=True, teams=True), n)
    print("Timings on mid-game 4-player positions (turns 3-40):")
    timings(positions[:: max(1, len(positions) // 2000)])
    print("Strength:")
    strength(n_strength)


if __name__ == "__main__":
    main()
