"""Hoplomachus Victorum engine figures: campaign win rates per difficulty with the heuristic
player, where runs end (Act, fight type), and legal()/apply() timings on mid-fight positions.

    python bench/hoplomachus_engine.py                    # 1,000 campaigns per difficulty + timings
    python bench/hoplomachus_engine.py --campaigns 100    # fewer
    python bench/hoplomachus_engine.py --jobs 2           # spread over processes
    python bench/hoplomachus_engine.py --no-timings --every 50 --jobs 3   # running figures

Times are CPU times (time.process_time). Every campaign is seeded (seed = its number), so a
figure can be reproduced. The soak with invariant checks is bench/hoplomachus_soak.py.

Figures, 2026-11-28 (issue 24: the rules as seed 003 writes them, items 8-15), the engine of
a4e5a9c, 1,000 seeded campaigns per difficulty, run as two shards at once on a loaded machine
(`--no-timings --every 25 --campaigns 500 --jobs 1 --first 0` and `--first 500`, 71 min wall
each) and added up with `--merge` on their outputs:
      chosen    won 82.4% (824/1000)  weeks 28.3  commands/campaign 738
                lost: Act IV 174 (the Scion 162), Act III 2
      valiant   won 28.5% (285/1000)  weeks 26.9  commands/campaign 656
                lost: Act I 27, II 170, III 238, IV 280 (the Scion 166, Primus of Act II 155
                and Act III 107); influence full 223 times
      fearless  won  2.0% (20/1000)   weeks 15.1  commands/campaign 314
                lost: Act I 510, II 280, III 120, IV 70 (a Primus 812: Act I 486)
    The win rate still falls with the difficulty. What changed: Fearless starts with no Hero
    Prowess (l.509-517; it had one), which takes most of its 9.6% (its first Primus now ends
    486 runs of 1,000, 316 before); the other fixes move Chosen and Valiant by 3-4 points
    (Closest measured as the movement needed to be in range, Heave against the marked unit,
    Intercept never on a Special, Elites hooked and shoved, Dazed and the authored Stun ending
    with the turn, Reinforce after losses, 12 weeks at most).

Figures, 2026-11-25 (issue 15), content of 1a8463b and the player of 19d8244 (its choices no
longer depend on the process's hash seed, so these are reproduced exactly), 1,000 seeded
campaigns per difficulty, `--no-timings --every 50 --campaigns 1000 --jobs 2` (14 min):
      chosen    won 86.0% (860/1000)  weeks 28.4  commands/campaign 738
                lost: Act IV 140 (the Scion 125)
      valiant   won 30.6% (306/1000)  weeks 27.4  commands/campaign 662
                lost: Act I 30, II 130, III 248, IV 286 (the Scion 159, Primus of Act II 116
                and Act III 119, King of the Hill 101, Bloodshed 81); influence full 240 times
      fearless  won  9.6% (96/1000)   weeks 18.4  commands/campaign 387
                lost: Act I 340, II 321, III 173, IV 70 (a Primus 712: Act I 316)
    (Before that fix, in shards with --first and --merge: 84.7%, 31.7%, 9.4%.)
    --no-rates --samples 2000 (CPU): legal() median 0.09 ms, p95 0.24, max 0.49;
      apply() median 0.35 ms, p95 1.51, max 4.31.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.hoplomachus import GAME  # noqa: E402
from engine.hoplomachus.players import HeuristicPlayer  # noqa: E402
from engine.hoplomachus.state import Options  # noqa: E402

DIFFICULTIES = ("chosen", "valiant", "fearless")
MAX_STEPS = 50_000


def campaign(args: tuple[str, int]) -> tuple[bool, int, str, str, int, int]:
    """One seeded campaign: (won, act, fight where it ended, why, weeks, commands)."""
    diff, seed = args
    state = GAME.setup(Options(difficulty=diff), ["p1"], seed)
    player = HeuristicPlayer(seed)
    steps = 0
    while GAME.result(state) is None:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"{diff} seed {seed}: no result after {MAX_STEPS} commands")
        state = GAME.apply(state, "p1", player.choose(state, "p1")).state
        steps += 1
    r = GAME.result(state)
    return (
        bool(r.winners),
        r.details["act"],
        r.details["fight"] or "-",
        r.details["why"],
        r.details["weeks"],
        steps,
    )


def summary(diff: str, out: list, n: int, spent: float) -> None:
    wins = sum(o[0] for o in out)
    ends = Counter((o[1], o[2]) for o in out if not o[0])
    whys = Counter(o[3] for o in out)
    print(
        f"  {diff:<9} won {wins / n:6.1%} ({wins}/{n})   weeks {statistics.mean(o[4] for o in out):5.1f}"
        f"   commands/campaign {statistics.mean(o[5] for o in out):6.0f}   {spent:6.1f} s wall"
    )
    print("            ends: " + ", ".join(f"{k}: {v}" for k, v in whys.most_common()))
    print("            lost in: " + ", ".join(f"Act {a} {k}: {v}" for (a, k), v in sorted(ends.items())))
    acts = Counter(o[1] for o in out if not o[0])
    print("            lost by Act: " + ", ".join(f"Act {a}: {acts[a]}" for a in sorted(acts)), flush=True)


def interleaved(n: int, jobs: int, every: int, first: int = 0) -> None:
    """The three difficulties seed by seed, with the running figures every `every` seeds: a
    run cut short still gives the same number of campaigns per difficulty."""
    print(
        f"Campaigns with the heuristic player, up to {n} per difficulty"
        f" (seeds {first}..{first + n - 1}), interleaved"
    )
    start = time.time()
    work = [(d, s) for s in range(first, first + n) for d in DIFFICULTIES]
    done: dict[str, list] = {d: [] for d in DIFFICULTIES}
    with ProcessPoolExecutor(jobs) as pool:
        for (diff, _), o in zip(work, pool.map(campaign, work, chunksize=3), strict=True):
            done[diff].append(o)
            k = len(done[DIFFICULTIES[-1]])
            if diff == DIFFICULTIES[-1] and (k % every == 0 or k == n):
                print(f"after {k} campaigns per difficulty, {time.time() - start:.0f} s wall:", flush=True)
                for d in DIFFICULTIES:
                    summary(d, done[d], k, time.time() - start)


def _counts(text: str) -> Counter:
    """`victory: 20, hero: 4` or `Act 4 scion: 4, Act 2 ctf: 1` -> their counts."""
    found: Counter = Counter()
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, count = part.rpartition(": ")
        found[key] += int(count)
    return found


def merge(paths: list[str]) -> None:
    """Shards of one interleaved run (`--first`), each file's last figures added up."""
    line = re.compile(
        r"\s+(\w+)\s+won\s+[\d.]+% \((\d+)/(\d+)\)\s+weeks\s+([\d.]+)\s+commands/campaign\s+(\d+)"
    )
    total: dict[str, dict] = {}
    for path in paths:
        blocks = Path(path).read_text(encoding="utf-8").split("after ")
        last = [b for b in blocks if "campaigns per difficulty" in b][-1].splitlines()
        for i, text in enumerate(last):
            m = line.match(text)
            if not m:
                continue
            diff, wins, n, weeks, commands = (
                m.group(1),
                int(m.group(2)),
                int(m.group(3)),
                *map(float, m.group(4, 5)),
            )
            t = total.setdefault(
                diff,
                {
                    "wins": 0,
                    "n": 0,
                    "weeks": 0.0,
                    "commands": 0.0,
                    "ends": Counter(),
                    "lost": Counter(),
                    "acts": Counter(),
                },
            )
            t["wins"] += wins
            t["n"] += n
            t["weeks"] += weeks * n
            t["commands"] += commands * n
            for key, label in (("ends", "ends: "), ("lost", "lost in: "), ("acts", "lost by Act: ")):
                t[key] += _counts(last[i + 1 + ("ends", "lost", "acts").index(key)].split(label, 1)[1])
    print(f"Campaigns with the heuristic player, {len(paths)} shards added up:")
    for diff in DIFFICULTIES:
        t = total[diff]
        print(
            f"  {diff:<9} won {t['wins'] / t['n']:6.1%} ({t['wins']}/{t['n']})   weeks {t['weeks'] / t['n']:5.1f}"
            f"   commands/campaign {t['commands'] / t['n']:6.0f}"
        )
        for key, label in (("ends", "ends"), ("lost", "lost in"), ("acts", "lost by Act")):
            print(f"            {label}: " + ", ".join(f"{k}: {v}" for k, v in t[key].most_common()))


def rates(n: int, jobs: int) -> None:
    print(f"Campaigns with the heuristic player, {n} per difficulty (seeds 0..{n - 1})")
    for diff in DIFFICULTIES:
        start = time.time()
        work = [(diff, s) for s in range(n)]
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                out = list(pool.map(campaign, work, chunksize=10))
        else:
            out = [campaign(w) for w in work]
        wins = sum(o[0] for o in out)
        ends = Counter((o[1], o[2]) for o in out if not o[0])
        whys = Counter(o[3] for o in out)
        print(
            f"  {diff:<9} won {wins / n:6.1%} ({wins}/{n})   weeks {statistics.mean(o[4] for o in out):5.1f}"
            f"   commands/campaign {statistics.mean(o[5] for o in out):6.0f}   {time.time() - start:6.1f} s wall"
        )
        print("            ends: " + ", ".join(f"{k}: {v}" for k, v in whys.most_common()))
        print("            lost in: " + ", ".join(f"Act {a} {k}: {v}" for (a, k), v in sorted(ends.items())))
        acts = Counter(o[1] for o in out if not o[0])
        print("            lost by Act: " + ", ".join(f"Act {a}: {acts[a]}" for a in sorted(acts)))


def timings(samples: int) -> None:
    """legal() and apply() on positions taken in the middle of fights."""
    positions = []
    for seed in range(40):
        state = GAME.setup(Options(difficulty="chosen"), ["p1"], 10_000 + seed)
        player = HeuristicPlayer(seed)
        steps = 0
        while GAME.result(state) is None and len(positions) < samples:
            cmd = player.choose(state, "p1")
            if state.phase == "fight" and state.fight.turn >= 2 and steps % 3 == 0:
                positions.append((state, cmd))
            state = GAME.apply(state, "p1", cmd).state
            steps += 1
        if len(positions) >= samples:
            break
    legal_t, apply_t = [], []
    for state, cmd in positions:
        t = time.process_time()
        GAME.legal(state, "p1")
        legal_t.append(time.process_time() - t)
        t = time.process_time()
        GAME.apply(state, "p1", cmd)
        apply_t.append(time.process_time() - t)

    def q(values, p):
        values = sorted(values)
        return values[min(len(values) - 1, int(p * len(values)))] * 1000

    print(f"Timings on {len(positions)} mid-fight positions (ms, CPU)")
    for name, values in (("legal()", legal_t), ("apply()", apply_t)):
        print(
            f"  {name:<8} mean {statistics.mean(values) * 1000:6.2f}   median {q(values, 0.5):6.2f}"
            f"   p95 {q(values, 0.95):6.2f}   max {max(values) * 1000:6.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--campaigns", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--no-rates", action="store_true")
    parser.add_argument("--no-timings", action="store_true")
    parser.add_argument(
        "--every", type=int, default=0, help="interleave the difficulties, figures every N seeds"
    )
    parser.add_argument("--first", type=int, default=0, help="first seed (shards of one run)")
    parser.add_argument("--merge", nargs="+", help="add up the last figures printed in these files")
    args = parser.parse_args()
    if args.merge:
        merge(args.merge)
        return
    if not args.no_timings:
        timings(args.samples)
    if args.every:
        interleaved(args.campaigns, args.jobs, args.every, args.first)
    elif not args.no_rates:
        rates(args.campaigns, args.jobs)


if __name__ == "__main__":
    main()
