"""`/game explain` autocomplete cost: CPU per keystroke of matching a typed text against a game's
whole glossary and labelling the 25 best entries (engine/glossary.py), per game, for a few
typical texts (empty, a prefix, a French name with accents folded, a typo, nothing alike).

    .venv/bin/python bench/glossary.py [--rounds N]

Prints, per game, the entries and the median CPU milliseconds per keystroke over N rounds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import get_game
from engine.glossary import choice_label, search

TYPED = ("", "fu", "terreur", "tacticain", "xyzzy", "attack centre")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    for game_id in ("athena", "battlelore", "hoplomachus", "mythic"):
        entries = get_game(game_id).glossary()
        search(entries, "warm")  # words folded once per entry, as in a running bot
        for locale in ("en", "fr"):
            costs = []
            for _ in range(rounds):
                start = time.process_time()
                for typed in TYPED:
                    [choice_label(e, locale) for e in search(entries, typed, 25)]
                costs.append((time.process_time() - start) * 1000 / len(TYPED))
            print(
                f"{game_id:12} {locale} {len(entries):4} entries  median {statistics.median(costs):.2f} ms CPU per keystroke"
            )


if __name__ == "__main__":
    main()
