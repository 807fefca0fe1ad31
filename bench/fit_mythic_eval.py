"""Fit Mythic Battles' evaluation (engine/mythic/ai.py `WEIGHTS`): heuristic-vs-heuristic
games, the features of engine/mythic/ai.py `features` recorded for both sides at every turn
boundary (where the search's playouts stop and evaluate), the winner as the label; a
logistic regression (Newton's method, pure Python) on 80% of the games, its accuracy and
log-loss on the other 20%.

    python bench/fit_mythic_eval.py --games 600 --seed 5000
    python bench/fit_mythic_eval.py --games 300 --seed 5000 --teams

Prints the weights to copy into engine/mythic/ai.py. Seeds from 5000: never the bench's
tuning (1-199) or proof (1000-1199) seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.logistic import fit, predict, score  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.mythic.ai import FEATURE_NAMES, features  # noqa: E402
from engine.mythic.game import GAME  # noqa: E402


def samples(seed: int, teams: bool) -> list[tuple[list[float], int]]:
    """(features, 1 if that side won) for both sides at each turn boundary of one game."""
    options = GAME.Options(teams=teams)
    roles = GAME.roles(options)
    players = {r: GAME.players["heuristic"](seed + i) for i, r in enumerate(roles)}
    seen: list = []

    def on_step(before, role, command, outcome) -> None:
        after = outcome.state
        if after.turn and (before.turn is None or after.turn.number != before.turn.number):
            if after.winners is None:
                seen.append(after)

    record = play(GAME, players, seed, options, max_steps=100_000, on_step=on_step)
    winners = set(record.result.winners)
    if not winners:
        return []
    out = []
    # one side per team suffices: the other's features are the negation
    for state in seen:
        for role in roles[:2]:
            out.append((features(state, role), int(role in winners)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--teams", action="store_true")
    args = parser.parse_args()
    started = time.process_time()
    games = [samples(args.seed + n, args.teams) for n in range(args.games)]
    cut = int(0.8 * len(games))
    train = [s for g in games[:cut] for s in g]
    held = [s for g in games[cut:] for s in g]
    w = fit(train)
    ys = [y for _, y in held]
    acc, loss = score([predict(w, x) for x, _ in held], ys)
    base_acc, base_loss = score([0.5] * len(held), ys)
    print(f"python bench/fit_mythic_eval.py {' '.join(sys.argv[1:])}")
    print(f"{len(train)} training samples, {len(held)} held out, {time.process_time() - started:.0f} s CPU")
    for n, wi in zip(FEATURE_NAMES, w, strict=True):
        print(f"  {n:10s} {wi:+.4f}")
    print(f"held out: accuracy {100 * acc:.1f}%, log-loss {loss:.4f} (coin: {base_loss:.4f})")
    print("WEIGHTS = (" + ", ".join(f"{wi:.4f}" for wi in w) + ")")


if __name__ == "__main__":
    main()
