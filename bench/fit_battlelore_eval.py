"""Fit an evaluation for Battlelore's strong level: a logistic regression of the winner on
`features` at every turn's start of heuristic-vs-heuristic games.

    python bench/fit_battlelore_eval.py --games 1200 --seed 50000

Games from `--seed` on (never the proof seeds 1000-1199 nor the tuning seeds 1-199); the last
fifth of them is held out. Prints the weights, and the held-out accuracy and log-loss of the
fit beside those of the level's evaluation (engine/battlelore/ai.py: its sign, and 0.5 +
value / 2). Issue 27, second pass (seeds 50000-51199): WEIGHTS = (2.186, 3.365, 14.572,
0.110), held out 66.3% (log-loss 0.594) against 63.4% (0.635); played as the evaluation
(tanh of half the logit) it did not beat the hand-made one, which stays (bench/ai.py).
Pure Python: Newton's method on a handful of features (no numpy in the project).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.logistic import fit, predict, score  # noqa: E402
from engine.battlelore import GAME, field, victory  # noqa: E402
from engine.battlelore.ai import _strength, evaluate  # noqa: E402
from engine.battlelore.players import HeuristicPlayer  # noqa: E402
from engine.battlelore.state import State  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.protocol import Role  # noqa: E402

L2 = 1e-3  # a little ridge: the features move together (victory points and their square)


def _kept(state: State, role: Role) -> float:
    """The share of a side's army (`_strength`) still on the field: its muster's own size
    and quality set aside (all its units stay listed, an eliminated one off the field)."""
    full = sum((1.0 + 0.3 * field.dice(u)) * 3 for u in state.units.values() if u.owner == role)
    return _strength(state, role) / full if full else 0.0


def features(state: State, role: Role) -> list[float]:
    """The features fitted here, each `role`'s
    minus its foe's, so that the evaluation is zero-sum: victory points toward the target
    (002 l.403-412) and their square (the last points decide), the share of the army kept
    (`_kept`), and who moves. Tried and left out: the army itself, units on the field and
    the hand (a larger muster or one with extra cards, which cost points, loses more often:
    a fit on them prized losing units and spending cards), and what each side may strike
    next turn (it weighed nothing once the others did)."""
    foe = state.other(role)
    goal = max(1, victory.target(state))
    vp_me, vp_foe = victory.vp(state, role) / goal, victory.vp(state, foe) / goal
    mover = state.turn.role if state.turn else None
    return [
        vp_me - vp_foe,
        vp_me * vp_me - vp_foe * vp_foe,
        _kept(state, role) - _kept(state, foe),
        1.0 if mover == role else -1.0 if mover == foe else 0.0,
    ]


def samples(seed: int) -> list[tuple[list[float], float, float]]:
    """(features for p1, hand-made value for p1, 1 if p1 won) at each turn's start of a game;
    a draw gives none."""
    seen: list = []

    def keep(before, role, command, outcome) -> None:
        after = outcome.state
        if not after.extra_data.get("revealed") or after.turn is None or after.winners is not None:
            return
        if before.turn is None or before.turn.number != after.turn.number:
            seen.append((features(after, "p1"), evaluate(after, "p1")))

    players = {r: HeuristicPlayer(seed * 2 + i) for i, r in enumerate(("p1", "p2"))}
    record = play(GAME, players, seed, GAME.Options(), on_step=keep)
    winners = record.result.winners
    if len(winners) != 1:
        return []
    y = 1.0 if "p1" in winners else 0.0
    return [(x, h, y) for x, h in seen]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=50_000)
    args = parser.parse_args()
    started = time.process_time()
    held = args.games // 5
    train, test = [], []
    for n in range(args.games):
        rows = samples(args.seed + n)
        (test if n >= args.games - held else train).extend(rows)
    print(f"{len(train)} training positions, {len(test)} held out, {time.process_time() - started:.0f} s CPU")
    w = fit([(x, y) for x, _, y in train], ridge=L2, tol=1e-6)
    print("WEIGHTS = (" + ", ".join(f"{wi:.3f}" for wi in w) + ")")
    ys = [y for _, _, y in test]
    fitted = [predict(w, x) for x, _, _ in test]
    old = [min(1 - 1e-6, max(1e-6, 0.5 + h / 2)) for _, h, _ in test]
    for name, probs in (("fitted", fitted), ("level's", old)):
        acc, loss = score(probs, ys)
        print(f"held out {name:9s}: accuracy {100 * acc:.1f}%, log-loss {loss:.3f}")


if __name__ == "__main__":
    main()
