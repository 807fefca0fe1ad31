"""Mythic Battles engine figures: self-play speed, legal()/apply() timings, player strength,
balance, and long self-play runs without a failure.

    python bench/mythic_engine.py                 # speed, timings, heuristic vs random (200), balance (200)
    python bench/mythic_engine.py --games 10000   # add a long self-play run with invariant checks
    python bench/mythic_engine.py --quick         # small numbers, for a smoke run

Times are CPU times of this process (time.process_time), so other load on the machine
disturbs them less. Every game is seeded: a figure can be reproduced.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.mythic import GAME  # noqa: E402
from engine.mythic.content import content  # noqa: E402
from engine.mythic.heuristic import HeuristicPlayer  # noqa: E402
from engine.mythic.invariants import leaks, problems  # noqa: E402
from engine.mythic.players import RandomPlayer  # noqa: E402
from engine.mythic.state import Options  # noqa: E402

MAX_STEPS = 50_000


def play(
    players: dict,
    seed: int,
    options: Options | None = None,
    check: bool = False,
    positions: list | None = None,
):
    """One game; returns (final state, steps). `positions` collects mid-game states."""
    options = options or Options()
    state = GAME.setup(options, GAME.roles(options), seed)
    steps = 0
    while GAME.result(state) is None:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"seed {seed}: no result after {MAX_STEPS} steps")
        role = sorted(GAME.active(state))[0]
        cmd = players[role].choose(state, role)
        outcome = GAME.apply(state, role, cmd)
        if check:
            bad = problems(outcome.state) + leaks(outcome.events, outcome.state)
            if bad:
                raise AssertionError(f"seed {seed} step {steps}: {bad}")
        if (
            positions is not None
            and state.phase == "battle"
            and 3 <= (state.turn.number if state.turn else 0) <= 40
            and steps % 5 == 0
        ):
            positions.append((state, role))
        state = outcome.state
        steps += 1
    return state, steps


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def speed(label: str, make, games: int, positions: list | None = None) -> None:
    start, steps = time.process_time(), 0
    for seed in range(games):
        _, n = play(make(seed), seed, positions=positions)
        steps += n
    spent = time.process_time() - start
    print(
        f"  {label:<24} {games / spent:6.2f} games/s   {steps / spent:7.0f} commands/s   {steps / games:6.0f} commands/game"
    )


def timings(positions: list) -> None:
    legal_t, apply_t = [], []
    for state, role in positions:
        t0 = time.process_time()
        cmds = GAME.legal(state, role)
        t1 = time.process_time()
        legal_t.append(t1 - t0)
        cmd = cmds[len(cmds) // 2]
        t0 = time.process_time()
        GAME.apply(state, role, cmd)
        apply_t.append(time.process_time() - t0)
    for name, values in (("legal()", legal_t), ("apply()", apply_t)):
        print(
            f"  {name:<9} median {statistics.median(values) * 1e6:7.0f} us   p99 {pct(values, 0.99) * 1e6:7.0f} us   over {len(values)} mid-game positions"
        )


def duel(games: int) -> None:
    wins = Counter()
    for seed in range(games):
        h = "p1" if seed % 2 == 0 else "p2"
        r = "p2" if h == "p1" else "p1"
        state, _ = play({h: HeuristicPlayer(seed), r: RandomPlayer(seed + 1)}, seed)
        winners = state.winners
        wins["heuristic" if winners == [h] else "random" if winners == [r] else "draw"] += 1
    print(
        f"  heuristic vs random over {games} games: heuristic wins {wins['heuristic'] / games:.1%}, "
        f"random {wins['random'] / games:.1%}, draws {wins['draw'] / games:.1%}"
    )


def balance(games: int) -> None:
    faction_wins, first_wins, draws = Counter(), 0, 0
    armies = Counter()
    for seed in range(games):
        athena = "p1" if seed % 2 == 0 else "p2"
        hades = "p2" if athena == "p1" else "p1"
        players = {
            athena: HeuristicPlayer(seed, faction="athena"),
            hades: HeuristicPlayer(seed + 1, faction="hades"),
        }
        state, _ = play(players, seed)
        if not state.winners:
            draws += 1
            continue
        winner = state.winners[0]
        faction_wins["athena" if winner == athena else "hades"] += 1
        first_wins += winner == state.first
        armies[tuple(sorted(state.sides[winner].army))] += 1
    print(f"  heuristic vs heuristic over {games} games (Athena against Hades, sides alternated):")
    print(
        f"    Athena wins {faction_wins['athena'] / games:.1%}, Hades wins {faction_wins['hades'] / games:.1%}, "
        f"draws {draws / games:.1%}; the first player wins {first_wins / games:.1%}"
    )
    names = {tuple(sorted(a.units)): a.id for a in content().armies.values()}
    print(
        "    wins by ready-made army: "
        + ", ".join(f"{names.get(k, '?')} {v}" for k, v in armies.most_common())
    )


def marathon(games: int) -> None:
    start, failures, steps = time.process_time(), [], 0
    kinds = ("random", "heuristic")
    for seed in range(games):
        a, b = kinds[seed % 2], kinds[(seed // 2) % 2]
        options = Options(reroll_fives="chain" if seed % 3 == 0 else "once")
        players = {"p1": GAME.players[a](seed), "p2": GAME.players[b](seed + 1)}
        try:
            _, n = play(players, seed, options, check=True)
            steps += n
        except Exception as exc:  # noqa: BLE001 - a benchmark counts every kind of failure
            failures.append((seed, repr(exc)[:200]))
        if (seed + 1) % 1000 == 0:
            print(
                f"    {seed + 1} games, {len(failures)} failures, {time.process_time() - start:.0f} s",
                flush=True,
            )
    print(
        f"  {games} self-played games (all player pairings, both re-roll rules, invariants checked at every step): "
        f"{len(failures)} failures, {steps} commands, {time.process_time() - start:.0f} s CPU"
    )
    for seed, err in failures[:10]:
        print(f"    seed {seed}: {err}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=0, help="also run this many self-played games with invariant checks"
    )
    parser.add_argument("--quick", action="store_true", help="small numbers")
    args = parser.parse_args()
    content()
    n_speed, n_duel = (4, 20) if args.quick else (40, 200)
    print("Mythic Battles engine benchmark")
    print("Self-play speed (CPU):")
    positions: list = []
    speed(
        "random vs random", lambda s: {"p1": RandomPlayer(s), "p2": RandomPlayer(s + 1)}, n_speed, positions
    )
    speed("heuristic vs random", lambda s: {"p1": HeuristicPlayer(s), "p2": RandomPlayer(s + 1)}, n_speed)
    speed(
        "heuristic vs heuristic",
        lambda s: {"p1": HeuristicPlayer(s), "p2": HeuristicPlayer(s + 1)},
        n_speed,
        positions,
    )
    print("Timings on mid-game positions (turns 3-40):")
    timings(positions[:: max(1, len(positions) // 2000)])
    print("Strength:")
    duel(n_duel)
    print("Balance:")
    balance(n_duel)
    if args.games:
        print("Long run:")
        marathon(args.games)


if __name__ == "__main__":
    main()
