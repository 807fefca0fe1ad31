"""The heuristic player's fight choices (engine/hoplomachus/players.py)."""

from __future__ import annotations

from engine.hoplomachus import GAME
from engine.hoplomachus import commands as c
from engine.hoplomachus.players import HeuristicPlayer
from engine.hoplomachus.state import Options
from tests.hoplomachus.scenario import fight


def test_it_never_attacks_the_tribune():
    state = fight(["p:kl_blade@d5", "r:la_shell@d4", "r:la_diver@c4"], kind="spar")
    state.fight.units[1].tribune = True
    state.fight.pstep = 4
    cmd = HeuristicPlayer(1).choose(state, "p1")
    assert not (isinstance(cmd, c.Attack) and cmd.target == "d4")


def test_it_finishes_off_a_wounded_dangerous_rival_first():
    state = fight(["p:kl_blade@d5", "r:la_shell@d4", "r:la_reaver@e5"])
    state.fight.units[2].hp = 1  # the two-dice Tide Reaver is one hit from falling
    state.fight.pstep = 4
    cmd = HeuristicPlayer(1).choose(state, "p1")
    assert cmd == c.Attack(actor="d5", target="e5")


def test_it_keeps_off_a_hazard_and_strikes_from_where_fewer_rivals_reach():
    # the Ash Ring: c3 and e3 are spikes; the Ember Thrower (range 2) can shoot from afar
    state = fight(["p:ve_thrower@d6", "r:ve_brute@d4"], arena="vesuvians")
    state.fight.pstep = 2
    cmd = HeuristicPlayer(1).choose(state, "p1")
    if isinstance(cmd, c.Move):
        assert cmd.to not in ("b3", "f3", "b5", "f5")


def test_the_rivals_tie_goes_to_a_sturdy_unit_not_the_hero():
    from engine.hoplomachus.state import Ask

    state = fight(["p:hero@d5", "p:kl_guard@e5", "r:la_reaver@d4"])
    state.ask = Ask(kind="target", step="engage", actor="la_reaver#d4", options=["d5", "e5"])
    assert HeuristicPlayer(1).choose(state, "p1") == c.Pick(hex="e5")


def test_a_few_campaigns_finish_at_each_difficulty():
    for diff in ("chosen", "valiant", "fearless"):
        state = GAME.setup(Options(difficulty=diff), ["p1"], 5)
        player = HeuristicPlayer(5)
        for _ in range(20_000):
            if GAME.result(state) is not None:
                break
            state = GAME.apply(state, "p1", player.choose(state, "p1")).state
        assert GAME.result(state) is not None, diff


def test_the_heuristic_player_chooses_the_same_in_every_process():
    """A seeded campaign is the same campaign in any process: no choice hangs on the order of a
    set, which Python's per-process string hashing shuffles (bench figures are reproducible)."""
    import os
    import subprocess
    import sys

    script = (
        "from engine.hoplomachus import GAME\n"
        "from engine.hoplomachus.players import HeuristicPlayer\n"
        "from engine.hoplomachus.state import Options\n"
        "st, p, out = GAME.setup(Options(difficulty='valiant'), ['p1'], 3504), HeuristicPlayer(3504), []\n"
        "while GAME.result(st) is None and len(out) < 120:\n"
        "    cmd = p.choose(st, 'p1'); out.append(GAME.notation.format(cmd))\n"
        "    st = GAME.apply(st, 'p1', cmd).state\n"
        "print(' '.join(out))\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and len(runs[0].split()) > 100
