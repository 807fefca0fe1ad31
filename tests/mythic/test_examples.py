"""Every worked example of the Mythic Battles rulebooks (000 French, 001 English) as a test."""

from __future__ import annotations

from engine.mythic import GAME, dice
from engine.mythic.cards import draw
from engine.mythic.content import content
from engine.mythic.context import Ctx
from engine.mythic.recruitment import army_cost, army_refusal
from engine.mythic.state import AOW
from tests.mythic.scenario import battle, decline, legal_texts, run

NICK = (
    "cerberus",
    "rhadamanthus",
    "auditors",
    "marauders",
    "legion-acheron",
    "legion-phlegethon",
    "artillerymen",
)


def test_nicks_army_is_valid_and_brings_19_maneuver_cards():
    """001 §"Recruiting Units", example: 29 + 30 + 15 + 12 + 2 x 5 + 4 = 100 points, 7 units,
    19 maneuver cards; Cerberus and Rhadamanthus are legendary."""
    units = content().units
    assert [units[u].cost for u in NICK] == [29, 30, 15, 12, 5, 5, 4]
    assert [units[u].maneuvers for u in NICK] == [3, 4, 3, 3, 2, 2, 2]
    assert army_cost(NICK) == 100 and army_refusal("hades", NICK, 100) is None
    assert sum(units[u].maneuvers for u in NICK) == 19
    assert units["cerberus"].legendary and units["rhadamanthus"].legendary
    assert {units[u].faction for u in NICK} == {"hades"}
    assert units["legion-acheron"].name == units["legion-phlegethon"].name
    assert (
        units["legion-acheron"].affiliation.en == "Acheron"
        and units["legion-phlegethon"].affiliation.fr == "Phlégéthon"
    )


def test_nicks_deck_is_his_19_maneuver_cards_and_10_art_of_war():
    """001 §"Preparing the Battle", example: Nick adds 10 Art of War cards and shuffles."""
    state = GAME.setup(GAME.Options(), ["p1", "p2"], 11)
    for role, army in (("p1", "army nick"), ("p2", "army sophie")):
        state = GAME.apply(state, role, GAME.notation.parse(army, state, role)).state
    while state.phase != "battle":
        role = next(iter(GAME.active(state)))
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    side = state.sides["p1"]
    owned = side.deck + side.hand + side.spent + side.discard + [AOW] * side.aow
    assert len(owned) == 29
    assert sorted(c for c in owned if c != AOW) == sorted(
        u for u in NICK for _ in range(content().units[u].maneuvers)
    )
    assert owned.count(AOW) == 10


def test_sophie_draws_her_first_hand_and_keeps_art_of_war_in_front():
    """001 §"Draw and Discard", example: 7 cards, 4 maneuvers kept in hand, 3 Art of War in front."""
    state = battle({"p1": ["marauders@c3"], "p2": ["spartans@c8", "toxotes@d9", "hoplites-ares@e8"]})
    state.sides["p2"].deck = ["spartans", AOW, "toxotes", AOW, "hoplites-ares", AOW, "spartans", "toxotes"]
    ctx = Ctx(state)
    draw(ctx, "p2", 7)
    side = state.sides["p2"]
    assert sorted(side.hand) == ["hoplites-ares", "spartans", "spartans", "toxotes"]
    assert side.aow == 3 and side.deck == ["toxotes"]
    public = [e for e in ctx.events if e.to is None]
    private = [e for e in ctx.events if e.to == "p2"]
    assert public and all("cards" not in e.text.params for e in public)
    assert private and len(private[0].text.params["cards"]) == 4


def test_sophie_draws_three_then_discards_down_to_seven_for_leadership():
    """001 §"Draw and Discard", example: at the start of her turn Sophie draws two maneuver
    cards and an Art of War; at the end she holds 8 maneuver cards and must discard one,
    gaining the Leadership of its unit."""
    hand = ["spartans", "spartans", "toxotes", "toxotes", "hoplites-ares", "hoplites-ares", "dawn-regiment"]
    state = battle(
        {
            "p1": ["marauders@c3", "lycaons@d3", "shades@e3", "gaolers@f3"],
            "p2": [
                "spartans@c10",
                "toxotes@d11",
                "hoplites-ares@e10",
                "dawn-regiment@f10",
                "nemean-lion@g10",
            ],
        },
        hands={"p1": ["marauders"], "p2": hand},
        decks={"p1": ["lycaons"] * 6, "p2": ["nemean-lion", "dawn-regiment", AOW, "toxotes"]},
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    side = state.sides["p2"]
    assert state.turn.current == "p2"
    assert len(side.hand) == 9 and side.aow == 1  # two maneuver cards kept, the Art of War in front
    state, _ = run(state, [("p2", "act spartans"), ("p2", "done"), ("p2", "end"), ("p2", "done")])
    assert len(side.hand) == 9  # the same object is not mutated: read the new state
    side = state.sides["p2"]
    assert len(side.hand) == 8 and state.top.kind == "hand_limit" and state.top.role == "p2"
    assert "end" not in legal_texts(state, "p2")
    pp = side.pp
    state, events = run(state, [("p2", "discard dawn-regiment")])
    side = state.sides["p2"]
    assert len(side.hand) == 7 and side.pp == pp + content().units["dawn-regiment"].leadership
    assert "dawn-regiment" in side.discard
    assert state.turn.current == "p1"


def test_the_dice_example_two_successes_against_defence_7():
    """001 §"Attack Roll", example: Marauders (CC 4) against Spartans (Defense 7) roll
    5 2 4 1; the 1 raises the 4 to 5; both fives are re-rolled (+3, +1): 8 and 6; the 2
    raises the 6 to 7: two successes, 8 and 7."""
    faces = iter([5, 2, 4, 1, 3, 1])
    roll = dice.new_roll(4, lambda: next(faces), role="p1", unit="p1.marauders", kind="cc", difficulty=7)
    assert [d.total for d in roll.dice] == [5, 2, 4, 1]
    dice.boost(roll, 3, 2)
    assert [d.total for d in roll.dice if d.live] == [5, 2, 5]
    assert dice.fives(roll) == [0, 2]
    dice.reroll(roll, [0, 2], lambda: next(faces))
    assert [d.total for d in roll.dice if d.live] == [8, 2, 6]
    assert dice.fives(roll) == []  # "once": no second round of re-rolls
    dice.boost(roll, 1, 2)
    assert sorted(d.total for d in roll.dice if d.live) == [7, 8]
    assert roll.successes == 2


def test_the_dice_example_played_through_the_engine(dice):
    """The same example as a game: the Spartans take two wounds (001 §"Wounds", example)."""
    state = battle(
        {
            "p1": ["marauders@c3", "lycaons@a1", "shades@b1", "gaolers@d1"],
            "p2": ["spartans@c4", "toxotes@k12", "hoplites-ares@l12", "owls@j12"],
        },
        hands={"p1": ["marauders"]},
    )
    assert (
        content().units["marauders"].levels[5].cc == 4 and content().units["spartans"].levels[5].defense == 7
    )
    dice(5, 2, 4, 1, 3, 1)
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert state.top.kind == "dice" and state.combat.att_roll.difficulty == 7
    state, _ = run(state, [("p1", "boost 4>3"), ("p1", "reroll 1 3"), ("p1", "boost 2>3")])
    assert state.last_attack.att_roll.successes == 2
    assert state.unit("p2.spartans").vit == 3


def test_the_dice_example_with_the_optimal_command(dice):
    """The same roll, 5 2 4 1 against 7, then 3 and 1 on the re-rolled fives: `optimal`
    makes Nick's choices (the 1 onto the 4, both fives re-rolled, the 2 onto the 6) and
    gets his two successes, 8 and 7, in one command."""
    state = battle(
        {
            "p1": ["marauders@c3", "lycaons@a1", "shades@b1", "gaolers@d1"],
            "p2": ["spartans@c4", "toxotes@k12", "hoplites-ares@l12", "owls@j12"],
        },
        hands={"p1": ["marauders"]},
    )
    dice(5, 2, 4, 1, 3, 1)
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert state.top.kind == "dice" and "optimal" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "optimal")])
    roll = state.last_attack.att_roll
    assert sorted(d.total for d in roll.dice if d.live) == [7, 8] and roll.successes == 2
    assert [d.status for d in roll.dice] == ["live", "spent", "live", "spent"]
    assert state.unit("p2.spartans").vit == 5 - 2


def test_forest_movement_example():
    """001 §"Forest", example: Marauders with Movement 3 whose first square is a Forest
    can go only one square further."""
    walls = {sq: "x" for sq in ("b4", "d4", "b3", "d3", "b2", "c2", "d2")}
    base = {
        "p1": ["marauders@c3", "lycaons@a1", "shades@k1", "gaolers@l1"],
        "p2": ["spartans@l12", "toxotes@k12", "hoplites-ares@j12", "owls@i12"],
    }
    for forest, reachable in ((True, False), (False, True)):
        terrain = dict(walls, c4="f") if forest else walls
        state = battle(base, terrain=terrain, hands={"p1": ["marauders"]})
        state, _ = run(state, [("p1", "act marauders")])
        moves = legal_texts(state, "p1")
        assert "mv c3-c5" in moves
        assert ("mv c3-c6" in moves) is reachable


def test_multiple_activation_example(dice):
    """001 §III "Activating multiple units", example: Nick activates his Marauders (free),
    then Cerberus (1 Art of War), then his Legion of the Damned (2 Art of War). Sophie's
    Nemean Lion and Hoplites counter-attack, so she keeps their two maneuver cards in front
    too; at the end of the turn Nick discards 3 maneuver cards and Sophie 2."""
    state = battle(
        {
            "p1": ["marauders@c3", "cerberus@f3", "legion-acheron@j3", "auditors@a1", "artillerymen@l1"],
            "p2": ["nemean-lion@c4", "hoplites-ares@f4", "spartans@k10", "toxotes@l10", "dawn-regiment@a10"],
        },
        hands={"p1": ["marauders", "cerberus", "legion-acheron"], "p2": ["nemean-lion", "hoplites-ares"]},
        aow={"p1": 3},
    )
    dice(*([1] * 40))  # every die a 1: no success, no decision left on the dice
    defaults = {"harass": "pass", "talents": "done", "wounds": "pass", "dice": "done"}
    script = [
        ("p1", "act marauders"),
        ("p1", "atk c3xc4"),
        ("p2", "cntr"),
        ("p1", "act cerberus"),
        ("p1", "atk f3xf4"),
        ("p2", "cntr"),
        ("p1", "act legion-acheron"),
        ("p1", "done"),
    ]
    aow_before = []
    for role, text in script:
        while state.top.kind in defaults and not (state.top.kind == "react" and text == "cntr"):
            state, _ = run(state, [(state.top.role, decline(state))])
        if text.startswith("act"):
            aow_before.append(state.sides["p1"].aow)
        state, _ = run(state, [(role, text)])
    assert aow_before == [3, 3, 2]
    assert state.sides["p1"].aow == 0 and state.sides["p1"].discard.count(AOW) == 3
    assert sorted(state.sides["p1"].spent) == ["cerberus", "legion-acheron", "marauders"]
    assert sorted(state.sides["p2"].spent) == ["hoplites-ares", "nemean-lion"]
    assert state.turn.countered == ["p2.nemean-lion", "p2.hoplites-ares"]
    state, _ = run(state, [("p1", "end")])
    assert sorted(c for c in state.sides["p1"].discard if c != AOW) == [
        "cerberus",
        "legion-acheron",
        "marauders",
    ]
    assert sorted(state.sides["p2"].discard) == ["hoplites-ares", "nemean-lion"]
    assert state.sides["p1"].spent == [] and state.sides["p2"].spent == []


def test_counter_attack_wounds_land_together(dice):
    """001 §"Counter-attacking" and l.702: attack and counter-attack happen at the same
    time; the wounds on both sides are applied together, so a unit destroyed by the
    counter-attack still wounds its target."""
    state = battle(
        {
            "p1": ["marauders@c3", "lycaons@a1", "shades@k1", "gaolers@l1"],
            "p2": ["toxotes@c4", "nemean-lion@k12", "hoplites-ares@l12", "owls@j12"],
        },
        hands={"p1": ["marauders"], "p2": ["toxotes"]},
        vit={"p1.marauders": 1},
    )
    # Marauders at Vitality 1: CC 2 against the Toxotes' Defense 4; the Toxotes: CC 2 against 4
    dice(4, 4, 4, 4)
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "cntr")])
    assert state.combat.counter and "p2.toxotes" in state.turn.countered
    answers = {"talents": "done", "dice": "done", "wounds": "pass"}
    while state.top is not None and state.top.kind in answers:
        state, _ = run(state, [(state.top.role, decline(state))])
    record = state.last_attack
    assert record.wounds == {"p2.toxotes": 2, "p1.marauders": 2}
    assert record.destroyed == ["p1.marauders"]
    assert state.unit("p1.marauders").sq is None and state.unit("p2.toxotes").vit == 2


def test_harassment_example():
    """001 §"Harass an Enemy Unit", example: the Marauders (ground, CC 4) are adjacent to the
    Spartans (ground, CC 4), the Dawn Regiment (flying, CC 5) and the Toxotes (ground, CC 2):
    they can harass only the Toxotes."""
    units = content().units
    assert units["spartans"].levels[5].cc == 4 and not units["spartans"].flying
    assert units["dawn-regiment"].levels[4].cc == 5 and units["dawn-regiment"].flying
    assert units["toxotes"].levels[4].cc == 2 and not units["toxotes"].flying
    for target, harassable in (("spartans", False), ("dawn-regiment", False), ("toxotes", True)):
        state = battle(
            {
                "p1": ["marauders@e5", "lycaons@a1", "shades@k1", "gaolers@l1"],
                "p2": ["spartans@d6", "dawn-regiment@e6", "toxotes@f6", "hoplites-ares@l12"],
            },
            current="p2",
            hands={"p2": [target]},
            pp={"p1": 2},
        )
        state, _ = run(state, [("p2", f"act {target}")])
        window = state.top.kind == "harass"
        assert window is harassable
        if window:
            assert "harass marauders" in legal_texts(state, "p1")
            state, _ = run(state, [("p1", "harass marauders")])
            assert state.activation.harassed and state.sides["p1"].pp == 0
            assert not [t for t in legal_texts(state, "p2") if t.startswith("mv")]


def test_defence_example():
    """001 §"Defending an Attacked Unit", example: the Marauders (ground) may defend the
    Lycaons (ground) but not the Infernal Auditors (flying)."""
    for _target, square, defendable in (("lycaons", "d4", True), ("auditors", "f4", False)):
        state = battle(
            {
                "p1": ["marauders@e4", "lycaons@d4", "auditors@f4", "shades@l1"],
                "p2": ["spartans@e5", "toxotes@k12", "hoplites-ares@l12", "owls@j12"],
            },
            current="p2",
            hands={"p2": ["spartans"], "p1": ["shades"]},
            pp={"p1": 2},
        )
        state, _ = run(state, [("p2", "act spartans")])
        state, _ = run(state, [("p2", f"atk e5x{square}")])
        assert state.top.kind == "react" and state.top.role == "p1"  # the window opens either way
        options = legal_texts(state, "p1")
        assert "pass" in options and ("def marauders" in options) is defendable
        if defendable:
            state, _ = run(state, [("p1", "def marauders")])
            assert (
                state.combat.strike.target == "p1.marauders" and state.combat.strike.original == "p1.lycaons"
            )
            assert state.sides["p1"].pp == 0
