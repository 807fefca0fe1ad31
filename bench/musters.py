"""Which armies win: `heuristic` against `heuristic`, each seat's muster as the heuristic picks
it (seeded: Battlelore's people and preset, Mythic's ready-made army), and the win rate of
every people, preset and army with its 95% interval (Wilson). The `strong` level's choice
of army (engine/*/ai.py `MUSTER`, issue 27) ranks the legal ones by these figures.

    python bench/musters.py --game battlelore --games 1000 --seed 5000
    python bench/musters.py --game mythic_teams --games 800 --seed 5000

Figures of 2026-11-29 (seeds 5000+, heuristic against heuristic):
  battlelore, 1000 games (38 drawn): people greek 68% (456.5/667), egypt 60% (401.5/666),
    persia 21% (142/667); presets greek2 77% (196/255), greek1 63% (260.5/412), egypt2 61%
    (149.5/247), egypt1 60% (252/419), persia2 29% (54.5/190), persia1 18% (87.5/477);
    first seat 54%. Persia's authored units lose four games in five to Greece's: a balance
    question for the content (CONTENT.md), not for the AI.
  mythic (duels), 800 games: skirmishers 62% (169/272), horde 58% (152/262), beasts 56%
    (146/262), sophie 50% (131.5/264), phalanx 38% (114/298), nick 36% (87.5/242).
  mythic_teams, 800 games: hounds 72% (443/616), vanguard 48% (562/1183), judges 46%
    (327/707), lion-guard 39% (268/694); any team with the Hounds 71-73%, none without
    above 47%.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.ai import load, wilson  # noqa: E402
from engine.harness import play  # noqa: E402

# the steps whose command names the army: Battlelore's people and preset, Mythic's recruits
KINDS = ("people", "army", "recruit")


class Watch:
    """A heuristic seat that remembers its muster's name(s)."""

    def __init__(self, inner, names) -> None:
        self.inner, self.names, self.picked = inner, names, []

    def choose(self, state, role):
        command = self.inner.choose(state, role)
        if getattr(command, "kind", None) in KINDS:
            self.picked.append(self.names(command))
        return command


def army_name(name: str):
    """How a muster command is named in the tables."""
    if name == "battlelore":

        def names(cmd):
            return f"people {cmd.people}" if cmd.kind == "people" else f"preset {cmd.preset or 'drafted'}"

        return names
    from engine.mythic.labels import starter_of

    def names(cmd):
        preset = starter_of(cmd.units)
        return f"army {preset.id if preset is not None else 'other'}"

    return names


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=("mythic", "mythic_teams", "battlelore"), required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    print(f"python bench/musters.py {' '.join(sys.argv[1:])}")
    game, options = load(args.game)
    roles = game.roles(options)
    names = army_name(args.game)
    tally: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0])
    seats: dict[str, float] = collections.Counter()
    for n in range(args.games):
        seed = args.seed + n
        players = {r: Watch(game.players["heuristic"](seed + i), names) for i, r in enumerate(roles)}
        result = play(game, players, seed, options, max_steps=100_000).result
        for role in roles:
            score = 1.0 if role in result.winners else 0.5 if not result.winners else 0.0
            seats[role] += score
            for picked in players[role].picked:
                tally[picked][0] += score
                tally[picked][1] += 1
    print("seats: " + ", ".join(f"{r} {100 * seats[r] / args.games:.0f}%" for r in roles))
    for picked, (won, played) in sorted(tally.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        low, high = wilson(won, played)
        print(
            f"  {picked:28s} {won:g}/{played} = {100 * won / played:.0f}% (95% {100 * low:.0f}-{100 * high:.0f}%)"
        )


if __name__ == "__main__":
    main()
