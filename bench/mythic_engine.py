"""Mythic Battles engine figures: self-play speed, legal()/apply() timings, player strength,
balance, and long self-play runs without a failure.

    python bench/mythic_engine.py                 # speed, timings, heuristic vs random (200), balance (200)
    python bench/mythic_engine.py --games 10000   # add a long self-play run with invariant checks
    python bench/mythic_engine.py --quick         # small numbers, for a smoke run
    python bench/mythic_engine.py --games 2000 --soak-only   # only the long run

Times are CPU times of this process (time.process_time), so other load on the machine
disturbs them less. Every game is seeded: a figure can be reproduced.

Figures of 2026-11-28, after issue 24 items 1-2 (a counter-attacked attacker may buy "+1
Defense" at step 4; windows open whenever converting cards could pay, the hand bounded by the
army's highest Leadership, and a window short of power points offers the cards to convert):
    python bench/mythic_engine.py --games 10000   (speed, timings, strength, balance parts)
  random vs random 3.34 games/s, heuristic vs random 11.82, heuristic vs heuristic 8.29;
  legal() median 70 us (p99 307), apply() median 57 us (p99 292) over 3,661 positions;
  heuristic beats random 100.0% of 200; Athena 50.0% / Hades 50.0%, first player 45.5%.
    python bench/mythic_engine.py --games 10000 --soak-only   (stopped at 5,000 games: the
    2-core machine was shared by 8 engineers, about 10-40% of a core for this run)
  5,000 seeded games (all pairings, both re-roll rules, invariants at every step): 0 failures,
  1,188 s CPU (0.24 s/game; the earlier 10,000-game run: 0 failures, 3,256 s CPU, 0.33 s/game).
What changed: more windows open (a general with few power points but cards in hand is now
asked to harass, defend or buy talents, as converting could pay), and the attacker's talents
window opens against a counter-attack when it can buy "+1 Defense"; no failure, balance
within 45-55%. The speed figures are not compared with the earlier ones: they were measured
on a differently loaded machine, not back to back.
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
PROGRESS = 250  # games between two progress lines of the long run


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
        if (seed + 1) % PROGRESS == 0:
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
    parser.add_argument(
        "--soak-only", action="store_true", help="only the long run (with --games): a busy machine"
    )
    args = parser.parse_args()
    content()
    if args.soak_only:
        print("Mythic Battles engine benchmark: long run only")
        marathon(args.games)
        return
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
