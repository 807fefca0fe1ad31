"""Seeded Hoplomachus Victorum positions for the render tests: short random campaigns
(fearless, the hero falls early) and one heuristic campaign that reaches the fourth Act."""

from __future__ import annotations

from functools import lru_cache

from engine.harness import play
from engine.hoplomachus import GAME


@lru_cache(maxsize=1)
def states() -> tuple:
    out: list = []
    for seed in (30, 31, 5):
        options = GAME.Options(difficulty="fearless")
        play(GAME, {"p1": GAME.players["random"](seed)}, seed=seed, options=options,
             on_step=lambda _b, _r, _c, o: out.append(o.state))  # fmt: skip
    play(
        GAME, {"p1": GAME.players["heuristic"](0)}, seed=0, on_step=lambda _b, _r, _c, o: out.append(o.state)
    )
    return tuple(out)


def first(test) -> object:
    return next(s for s in states() if test(s))
