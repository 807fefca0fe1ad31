"""`/game log` names one speaker per line (issue 25): an event that names its own player
("bob: Spartans suffers 2 wounds", dealt in alice's turn) is not prefixed with the acting
player as well. Driven on the Mythic Battles skirmish of tests/mythic/test_windows.py."""

from __future__ import annotations

import re

import pytest
from bot_helpers import ALICE, BOB, WHERE, lines, make_service

from tests.mythic.test_windows import Skirmish


async def state_of(service, game_id=1):
    table = await service._game_table(game_id)
    return table.state


SEED = 1


@pytest.fixture
def service(store, clock):
    return make_service(store, clock, games={"mythic": Skirmish()})


async def fought(service, seed=SEED):
    await service.new_game(WHERE, ALICE, "mythic", {"seed": seed})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    await service.play(WHERE, ALICE, "act marauders")
    await service.play(WHERE, BOB, "pass")  # no harassment by Talos
    await service.play(WHERE, ALICE, "atk c3xc4")
    await service.play(WHERE, BOB, "cntr")  # both sides roll: wounds may land on either
    for _ in range(20):  # close every remaining window the plain way, until the attack is over
        state = await state_of(service)
        if state.combat is None or state.top is None:
            return state
        actor = ALICE if state.top.role == "p1" else BOB
        texts = [Skirmish().notation.format(c) for c in Skirmish().legal(state, state.top.role)]
        await service.play(WHERE, actor, next(t for t in ("optimal", "done", "pass") if t in texts))
    raise AssertionError("the attack never ended")


@pytest.mark.parametrize("actor,locale,prefix", [(ALICE, "en", "#"), (BOB, "fr", "n°")])
async def test_each_log_line_has_one_speaker(service, store, actor, locale, prefix):
    state = await fought(service)
    assert state.last_attack is not None and any(state.last_attack.wounds.values())
    shown = lines(await service.log(WHERE, actor, last=50), locale=locale)
    assert shown and all(line.startswith(prefix) for line in shown)
    two = [line for line in shown if re.match(r"^(#|n°)\d+ (alice|bob)\s?: (alice|bob)\s?: ", line)]
    assert two == []
    # the counter-attack is bob's own event inside bob's action; alice's attack names alice
    assert any(re.match(r"^(#|n°)\d+ bob\s?: ", line) for line in shown)
    assert any(re.match(r"^(#|n°)\d+ alice\s?: ", line) for line in shown)
    wounds = [line for line in shown if "(Vitality" in line or "(Vitalité" in line]
    assert wounds and all(re.match(r"^(#|n°)\d+ (alice|bob)\s?: \w", line) for line in wounds)
