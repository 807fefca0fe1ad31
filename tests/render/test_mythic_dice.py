"""The compact dice line of an attack (chat messages) and the dice drawn in the images."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.mythic import dice as engine_dice
from engine.mythic.view import AttackView, DieView, RollView
from render.common import Ink
from render.mythic import dice_line
from render.mythic.dice import DIE, dice_height, draw_dice, outcome, running
from tests.render.mythic_views import cc_attack, roll


def scripted(faces: list[int]):
    it = iter(faces)
    return lambda: next(it)


def as_view(r: engine_dice.Roll) -> RollView:
    return RollView(
        role=r.role,
        unit=r.unit,
        kind=r.kind,
        difficulty=r.difficulty,
        successes=r.successes,
        done=r.done,
        rounds=r.rounds,
        dice=[DieView(faces=list(d.faces), total=d.total, status=d.status, bonus=d.bonus) for d in r.dice],
    )


def rulebook_roll() -> RollView:
    """001 §"Attack Roll", worked example: 4 dice against a Defense of 7 roll 5 2 4 1; the 1
    is discarded onto the 4; both 5s are re-rolled (+3, +1); the 2 is discarded onto the 1.
    Final: 8 (5+3) and 7 (5+2), two successes. Played with the engine's own dice functions."""
    r = engine_dice.new_roll(
        4, scripted([5, 2, 4, 1]), role="p1", unit="p1.marauders", kind="cc", difficulty=7
    )
    engine_dice.boost(r, spend=3, onto=2)
    engine_dice.reroll(r, [0, 2], scripted([3, 1]))
    engine_dice.boost(r, spend=1, onto=2)
    r.done = True
    return as_view(r)


def test_the_rulebook_example_reads_as_the_rulebook_writes_it():
    attack = AttackView(
        attacker="p1.marauders",
        target="p2.spartans",
        kind="cc",
        rolls=[rulebook_roll()],
        wounds={"p2.spartans": 2},
        destroyed=[],
        evaded=False,
    )
    assert dice_line(attack, "en") == (
        "CC vs 7 — 1: 5+3=8 ✓ · 2: 2 discarded · 3: 5+1+1=7 ✓ · 4: 1 discarded → successes: 2 — wounds: 2"
    )


def test_the_line_reads_in_french():
    assert dice_line(cc_attack(), "fr") == (
        "CC contre 6 — 1: 5+4=9 ✓ · 2: 3+1=4 · 3: 1 défaussé · 4: 0 perdu · 5: 6 ✓ → réussites\u00a0: 2 — dégâts\u00a0: 2"
    )


def test_a_die_equal_to_the_defense_is_a_success():
    """001 §"Attack Roll": "Each result equal to or higher than the defender's Defense value"."""
    assert outcome(DieView(faces=[6], total=6, status="live", bonus=0), 6) == "success"
    assert outcome(DieView(faces=[5], total=5, status="live", bonus=0), 6) == "miss"
    assert outcome(DieView(faces=[5, 0], total=5, status="lost", bonus=0), 1) == "lost"
    assert outcome(DieView(faces=[4], total=4, status="spent", bonus=0), 1) == "discarded"


def test_a_replaced_face_is_not_counted_twice():
    """Skilled Melee re-rolls a 0 (the faces keep both): the total is the new face alone."""
    assert running(DieView(faces=[0, 3], total=3, status="live", bonus=0)) == "3"
    assert running(DieView(faces=[5, 5, 2], total=12, status="live", bonus=0)) == "10+2=12"


def test_a_roll_still_being_decided_says_so_and_counts_no_wound():
    attack = AttackView(
        attacker="a",
        target="b",
        kind="ra",
        rolls=[roll("p1", "a", [[5], [2]], 4, done=False, kind="ra")],
        wounds={},
        destroyed=[],
        evaded=False,
    )
    line = dice_line(attack, "en")
    assert line == "Ranged vs 4 — 1: 5 ✓ · 2: 2 → successes: 1 (choices pending)"


def test_an_attack_before_its_roll():
    announced = cc_attack().model_copy(update={"rolls": []})
    assert dice_line(announced, "fr") == "dés pas encore lancés"


def test_an_evaded_attack_and_a_destroyed_target():
    evaded = cc_attack().model_copy(update={"evaded": True})
    assert dice_line(evaded, "en").endswith("— evaded: no effect")
    killed = cc_attack().model_copy(update={"destroyed": ["p1.spartans"]})
    assert dice_line(killed, "fr").endswith("— dégâts\u00a0: 2 — détruites\u00a0: 1")


def test_the_drawn_dice_mark_successes_in_gold_and_wrap_in_narrow_panels():
    image = Image.new("RGB", (320, 200), Ink.PAPER)
    r = rulebook_roll()
    bottom = draw_dice(ImageDraw.Draw(image), r, "Mara", 0, 0, 320, "en")
    assert bottom == dice_height(r, "Mara", 320, "en") >= DIE
    colours = {c for _, c in image.getcolors(1 << 16)}
    assert Ink.GOLD in colours  # two successes
    assert dice_height(r, "Mara", 160, "en") > dice_height(r, "Mara", 600, "en")
