"""Hoplomachus Victorum soak: many seeded campaigns, invariants checked after every command.

    python bench/hoplomachus_soak.py                      # 10,000 campaigns
    python bench/hoplomachus_soak.py --campaigns 500 --jobs 2
    python bench/hoplomachus_soak.py --first 5000 --campaigns 5000   # a second shard

Progress (campaigns done, failures so far) is printed as it goes, and each failure at once.

Players alternate: random-legal (3 in 4) and heuristic (1 in 4), difficulties in turn, so
every phase and fight type is reached. Prints failures (seed and message) and exits
non-zero if there is any.

Figures, 2026-11-25 (issue 15): 10,000 campaigns, seeds 0-9999, in five shards run at once
(`--first 0` stopped after 3,500; `--first 3500 --campaigns 1500`; `--first 5000` stopped
after 2,500; `--first 7500 --campaigns 1250`; `--first 8750 --campaigns 1250`), about 2.8
million commands (280 a campaign in the three shards that ran to their summary), each
followed by the invariant and leak checks: one failure, seed 4242
(an opportunity unit recruited while a rival's copy of it lay among the fallen: "token in
two places"), fixed in f51ff2b with a test that replays the seed; seed 4242 then runs to
its end with 0 failures. The fix changes play only where that duplicate arose, which the
token check catches every time; the shard 3500-4999 was run again on the fixed code: 0
failures (421,881 commands). The heuristic seats' tie-break fix of 19d8244 (a campaign was
not the same in two processes) came after: it changes which legal commands a quarter of the
seats choose, not the engine the soak checks.

Figures, 2026-11-28 (issues 24 and 25: the rules as written, items 8-15, and the refusals
that name their rule), `--campaigns 300 --jobs 1` on a loaded machine: seeds 0-299, 76,407
commands, each followed by the invariant and leak checks: 0 failures, 29 campaigns won,
856 s wall (89 commands/s). A short run, beside the 1,000-campaign win rates of
bench/hoplomachus_engine.py that ran at the same time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.hoplomachus import GAME  # noqa: E402
from engine.hoplomachus.invariants import leaks, problems  # noqa: E402
from engine.hoplomachus.players import HeuristicPlayer, RandomPlayer  # noqa: E402
from engine.hoplomachus.state import Options  # noqa: E402

DIFFICULTIES = ("chosen", "valiant", "fearless")
MAX_STEPS = 50_000


def one(seed: int) -> tuple[str | None, int, bool]:
    diff = DIFFICULTIES[seed % 3]
    player = HeuristicPlayer(seed) if seed % 4 == 0 else RandomPlayer(seed)
    try:
        state = GAME.setup(Options(difficulty=diff), ["p1"], seed)
        steps = 0
        while GAME.result(state) is None:
            if steps >= MAX_STEPS:
                return f"no result after {MAX_STEPS} commands", steps, False
            legal = GAME.legal(state, "p1")
            if not legal:
                return f"no legal command in phase {state.phase}", steps, False
            cmd = player.choose(state, "p1")
            out = GAME.apply(state, "p1", cmd)
            bad = problems(out.state) + leaks(out.events, out.state, GAME.view(out.state, None))
            if bad:
                return f"step {steps} ({cmd.kind}): {bad}", steps, False
            state = out.state
            steps += 1
        return None, steps, bool(GAME.result(state).winners)
    except Exception as exc:  # a crash is a failure to report, not to hide
        return f"{type(exc).__name__}: {exc}", 0, False


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--campaigns", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="first seed (to extend an earlier run)")
    parser.add_argument("--every", type=int, default=250, help="print progress every N campaigns")
    args = parser.parse_args()
    start = time.time()
    seeds = range(args.first, args.first + args.campaigns)
    results = []

    def progress(r, seed):
        results.append(r)
        if r[0]:
            print(f"  FAIL seed {seed}: {r[0]}", flush=True)
        if len(results) % args.every == 0:
            bad = sum(1 for x in results if x[0])
            print(
                f"  ... {len(results)} campaigns done, {bad} failures, {time.time() - start:.0f} s",
                flush=True,
            )

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for seed, r in zip(seeds, pool.map(one, seeds, chunksize=20), strict=True):
                progress(r, seed)
    else:
        for seed in seeds:
            progress(one(seed), seed)
    failures = [(s, r[0]) for s, r in zip(seeds, results, strict=True) if r[0]]
    steps = sum(r[1] for r in results)
    wins = Counter(bool(r[2]) for r in results)
    spent = time.time() - start
    print(
        f"{args.campaigns} campaigns (seeds {args.first}..{args.first + args.campaigns - 1}), {steps} commands, invariants checked after each: "
        f"{len(failures)} failures, {wins[True]} won, {spent:.0f} s wall ({steps / spent:.0f} commands/s)"
    )
    for seed, msg in failures[:20]:
        print(f"  seed {seed}: {msg}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
