"""The 4-player battle: 001 §"VARIANT: 4-PLAYER BATTLE" / 000 §"Variante : Bataille à 4 joueurs"
(RULES-NOTES A2.35). Two teams (p1, p3 against p2, p4), 60 points, six tiles, alternating
turns, new decks only when all four are empty, team victory at 3 units in all."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from bot.service.api import UserError
from bot.service.games import parse_options
from engine.errors import IllegalCommand
from engine.harness import replay
from engine.mythic import GAME, attacks, combat
from engine.mythic.context import Ctx
from engine.mythic.invariants import problems
from engine.mythic.recruitment import check_army
from engine.mythic.state import Options
from engine.mythic.turn import start_turn
from engine.mythic.victory import check_victory
from tests.mythic.scenario import battle, decline, legal_texts, run
from tests.mythic.test_properties import _check_views, _play

TEAMS = Options(teams=True)
# 60-point armies (presets.yaml): the two of a faction share no unit
ARMIES = {"p1": "army vanguard", "p2": "army judges", "p3": "army lion-guard", "p4": "army hounds"}


def _recruited(armies=ARMIES, options=TEAMS, seed=3):
    state = GAME.setup(options, GAME.roles(options), seed)
    state, events = run(state, list(armies.items()))
    return state, events


def _to_deployment(state):
    first = state.first
    state, _ = run(state, [(first, "tiles teams-plains"), (state.opponent(first), "zone s")])
    return state


# ------------------------------------------------------------------------------ options and seats


def test_teams_give_four_seats_in_two_teams_and_sixty_points():
    """001: "two teams each made up of two players"; "Each General has 60 points"."""
    assert TEAMS.points == 60 and Options().points == 100
    assert Options(teams=True, points=80).points == 80  # an explicit total is kept
    assert Options.model_validate(json.loads(TEAMS.model_dump_json())) == TEAMS
    state = GAME.setup(TEAMS, GAME.roles(TEAMS), 1)
    assert state.roles == ["p1", "p2", "p3", "p4"]
    assert [state.team(r) for r in state.roles] == [1, 2, 1, 2]
    assert state.enemies("p1") == ["p2", "p4"] and state.allies("p3") == ["p1", "p3"]
    assert {r: s.team for r, s in GAME.view(state, None).sides.items()} == {
        "p1": 1,
        "p2": 2,
        "p3": 1,
        "p4": 2,
    }
    assert all(s.team is None for s in GAME.view(GAME.setup(Options(), ["p1", "p2"], 1), None).sides.values())


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"points": "5"}, "bot.err.option_bound"),
        ({"teams": "maybe"}, "bot.err.bad_option"),
        ({"deckbuilding": "2"}, "bot.err.bad_option"),
    ],
)
def test_nonsense_options_are_refused_with_a_clear_error(raw, key):
    with pytest.raises(UserError) as err:
        parse_options(GAME, raw)
    assert err.value.text.key == key
    with pytest.raises(ValidationError):
        Options.model_validate(raw)


def test_game_new_options_choose_the_variant_points():
    options, _ = parse_options(GAME, {"teams": "true", "deckbuilding": "yes"})
    assert (options.teams, options.deckbuilding, options.points) == (True, True, 60)


# ------------------------------------------------------------------------------ recruitment


def test_sixty_points_at_least_fifty_five_spent_two_power_points_per_point_left():
    """001: "at least 55 Recruitment points"; "2 Power points ... for each unspent point"."""
    refusal = check_army(
        TEAMS, "hades", ["cerberus", "lycaons", "legion-phlegethon", "legion-acheron", "artillerymen"]
    )  # 53
    assert refusal.text.key == "mythic.err.army_cost" and refusal.text.params == {
        "cost": 53,
        "low": 55,
        "high": 60,
    }
    assert (
        check_army(TEAMS, "hades", ["cerberus", "lycaons", "stygian-archers", "artillerymen", "satyrs"])
        is None
    )
    state, _ = _recruited()
    assert {r: s.pp for r, s in state.sides.items()} == {"p1": 4, "p2": 0, "p3": 4, "p4": 4}


def test_teammates_may_serve_different_factions_and_enemies_may_field_the_same_unit():
    """001: "The players of a same team can choose different Factions"; only teammates are
    forbidden the same unit."""
    armies = {"p1": "army vanguard", "p2": "army judges", "p3": "army hounds", "p4": "army lion-guard"}
    state, _ = _recruited(armies)
    assert state.phase == "battlefield"
    assert {state.sides[r].faction for r in ("p1", "p3")} == {"athena", "hades"}
    armies = {"p1": "army hounds", "p2": "army lion-guard", "p3": "army vanguard", "p4": "army judges"}
    state, _ = _recruited(armies)  # p1 and p2 both field the satyrs: allowed between enemies
    assert "satyrs" in state.sides["p1"].army and "satyrs" in state.sides["p2"].army and not problems(state)


def test_a_teammate_duplicate_is_refused_to_the_second_teammate_only():
    """001: "Two Generals from a same team cannot recruit an identical Unit" (readings:
    checked when the second teammate recruits, told to that general only)."""
    state = GAME.setup(TEAMS, GAME.roles(TEAMS), 2)
    state, _ = run(state, [("p1", "army lion-guard"), ("p2", "army judges")])
    assert [
        c for c in GAME.legal(state, "p3") if "satyrs" in c.units
    ] == []  # suggestions avoid the teammate's units
    before = state.model_dump_json()
    with pytest.raises(IllegalCommand) as err:
        run(state, [("p3", "army hounds")])  # satyrs, like p1
    assert err.value.text.key == "mythic.err.teammate_has_unit"
    assert state.model_dump_json() == before
    state, events = run(state, [("p3", "army judges"), ("p4", "army hounds")])  # p3 may copy an enemy's army
    assert state.phase == "battlefield" and not any(
        "satyrs" in str(e.text.params) for e in events if e.to == "p3"
    )


# ------------------------------------------------------------------------------ set-up


def test_one_die_per_team_ties_rerolled_and_the_turns_alternate_teams(dice):
    """001 §"Preparing the Battle" and the 4-player order "Team 1, player 1 - Team 2, player 1
    - Team 1, player 2 - Team 2, player 2" (readings.first_of_team)."""
    dice(3, 3, 1, 4)  # a tie, then team 2 wins
    state, events = _recruited()
    assert state.first_rolls == [[3, 3], [1, 4]] and state.first == "p2"
    assert state.top.kind == "battlefield" and state.top.role == "p2"  # the beginning team lays the tiles
    state, _ = run(state, [("p2", "tiles teams-ruins")])
    assert state.top.kind == "zones" and state.top.role == "p3"  # the other team designates the zones
    state, _ = run(state, [("p3", "zone w")])
    assert state.zones == {"p1": "w", "p2": "e", "p3": "w", "p4": "e"}
    order = []
    while state.phase == "deploy":
        role = state.top.role
        order.append(role)
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert order[:4] == ["p2", "p3", "p4", "p1"] and order[4:8] == ["p2", "p3", "p4", "p1"]
    turns = []
    while len(turns) < 6:
        role = sorted(GAME.active(state))[0]
        if state.top.kind == "main" and state.turn.current not in turns[-1:]:
            turns.append(state.turn.current)
        state = GAME.apply(state, role, _quiet(state, role)).state
    assert turns == ["p2", "p3", "p4", "p1", "p2", "p3"]


def _quiet(state, role):
    """End the turn as soon as allowed, activating the first unit otherwise; decline the rest."""
    legal = GAME.legal(state, role)
    for kind in ("end", "pass", "done"):
        found = [c for c in legal if c.kind == kind]
        if found:
            return found[0]
    return legal[0]


def test_six_tiles_in_a_rectangle_and_each_team_deploys_in_its_own_zone():
    """001: "The team that begins the game sets up 6 boards in a rectangle to form the
    Battlefield. The other team determines the Deployment Zones"."""
    state, _ = _recruited()
    first = state.first
    assert all(len(c.placements) == 6 for c in GAME.legal(state, first))
    with pytest.raises(IllegalCommand) as err:
        run(state, [(first, "tiles plains")])
    assert err.value.text.key == "mythic.err.six_tiles"
    state, _ = run(state, [(first, "tiles 1a 2b 3a@90 4b 5a 6b@180")])
    assert (state.board.width, state.board.height) == (18, 12) and len(state.board.tiles) == 6
    state, events = run(state, [(state.opponent(first), "zone n")])
    assert events[-1].text.key == "mythic.ev.zones_teams"
    team_of_chooser = state.allies(state.opponent(first))
    assert all(state.zones[r] == "n" for r in team_of_chooser) and not problems(state)
    deployer = state.top.role
    with pytest.raises(IllegalCommand) as err:  # the other team's rows
        run(
            state,
            [
                (
                    deployer,
                    f"dep {state.sides[deployer].army[0]} {'a12' if state.zones[deployer] == 's' else 'a1'}",
                )
            ],
        )
    assert err.value.text.key == "mythic.err.not_in_zone"


# ------------------------------------------------------------------------------ play

FILL = {
    "p1": ["shades@a1", "gaolers@b1"],
    "p2": ["owls@l12", "hoplites-ares@k12"],
    "p3": ["legion-acheron@c1", "artillerymen@d1"],
    "p4": ["hoplites-hephaestus@j12", "peltasts@i12"],
}


def _teams_battle(extra, current="p1", **kw):
    armies = {r: [*FILL[r], *extra.get(r, [])] for r in FILL}
    return battle(armies, options=TEAMS, current=current, **kw)


def test_a_teammates_unit_is_never_a_target_and_does_not_engage():
    """001: the generals of a team "cannot trade Units"; only enemies are attacked or engage
    a shooter (001 l.567)."""
    state = _teams_battle(
        {"p1": ["toxotes@e5"], "p3": ["marauders@d5"], "p4": ["satyrs@e7"]}, hands={"p1": ["toxotes"]}
    )
    cc, ra = attacks.targets(state, state.unit("p1.toxotes"))
    assert cc == [] and [u.uid for u in ra] == ["p4.satyrs"]
    state, _ = run(state, [("p1", "act toxotes")])
    with pytest.raises(IllegalCommand) as err:
        run(state, [("p1", "atk e5xd5")])
    assert err.value.text.key == "mythic.err.no_enemy_there"


def test_either_enemy_may_harass_the_second_asked_only_if_the_first_passes():
    """001 §"Harass an Enemy Unit", with two enemy generals in turn order."""
    state = _teams_battle(
        {"p1": ["toxotes@e5"], "p2": ["lycaons@e6"], "p4": ["marauders@f6"]},
        hands={"p1": ["toxotes"]},
        pp={"p2": 2, "p4": 2},
    )
    state, _ = run(state, [("p1", "act toxotes")])
    assert state.top.kind == "harass" and state.top.role == "p2" and state.top.queue == ["p4"]
    assert "harass marauders" not in legal_texts(state, "p2")  # only one's own units
    passed, _ = run(state, [("p2", "pass")])
    assert (
        passed.top.kind == "harass"
        and passed.top.role == "p4"
        and "harass marauders" in legal_texts(passed, "p4")
    )
    harassed, _ = run(state, [("p2", "harass lycaons")])
    assert harassed.activation.harassed and harassed.top.kind == "activation"  # p4 is not asked again


def _react_texts(guard_owner):
    extra = {"p1": ["marauders@e5"], "p2": ["spartans@e6"], "p4": []}
    extra[guard_owner].append("shieldbearers@f5")
    state = _teams_battle(extra, hands={"p1": ["marauders"], "p2": ["spartans"]}, pp={"p2": 4, "p4": 4})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk e5xe6")])
    while state.top.kind != "react":
        state, _ = run(state, [(state.top.role, decline(state))])
    assert state.top.role == "p2"
    return legal_texts(state, "p2")


def test_only_the_attacked_generals_own_units_defend():
    """001 §"Defending an Attacked Unit": "another unit" of the same army; a teammate's unit
    beside it cannot step in (readings.allied)."""
    assert "def shieldbearers" in _react_texts("p2")
    assert not [t for t in _react_texts("p4") if t.startswith("def ")]


def test_allied_talents_help_only_the_generals_own_units():
    """001: generals "cannot benefit from the Talents of Units they have not recruited":
    a teammate's unit blocks Arching Shot and gets no Aura of Strength (readings.allied)."""
    state = _teams_battle(
        {
            "p1": ["stygian-archers@c3", "priestesses@f5"],
            "p3": ["peltasts@c5", "marauders@g5"],
            "p2": ["spartans@c7"],
        }
    )
    archers, target = state.unit("p1.stygian-archers"), state.unit("p2.spartans")
    assert not attacks.line_clear(state, archers, target)
    own = _teams_battle({"p1": ["stygian-archers@c3", "peltasts@c5"], "p2": ["spartans@c7"]})
    assert attacks.line_clear(own, own.unit("p1.stygian-archers"), own.unit("p2.spartans"))
    state.turn.aura.append("p1.priestesses")
    assert combat.aura_applies(state, state.unit("p1.priestesses"))
    assert not combat.aura_applies(state, state.unit("p3.marauders"))


def test_new_decks_only_when_all_four_decks_are_empty():
    """001: "The draw decks are only reshuffled when the decks of all four players are empty"."""
    decks = {"p1": [], "p2": [], "p3": ["aow"], "p4": []}
    state = _teams_battle({}, decks=decks, hands={"p1": ["shades"]})
    state, _ = run(state, [("p1", "act shades"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "main" and state.turn.current == "p2"
    decks["p3"] = []
    state = _teams_battle({}, decks=decks, hands={"p1": ["shades"]})
    state, _ = run(state, [("p1", "act shades"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "reshuffle" and sorted(state.top.roles) == ["p1", "p2", "p3", "p4"]


def test_after_new_decks_the_four_player_order_goes_on():
    """001 §"Variant: 4-Player Battle": the order "must always be" T1P1, T2P1, T1P2, T2P2,
    so after new decks the general after the last one plays, even though p4 ran out first
    (with two players, 000 l.384 gives the turn to the first to run out: test_turn)."""
    decks = {"p1": [], "p2": [], "p3": [], "p4": []}
    state = _teams_battle({}, decks=decks, hands={"p1": ["shades"]})
    for order, role in enumerate(("p4", "p3", "p2", "p1"), start=1):
        state.sides[role].exhausted = order
    state, _ = run(state, [("p1", "act shades"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "reshuffle"
    state, events = run(state, [(r, "done") for r in ("p1", "p2", "p3", "p4")])
    assert any(e.text.key == "mythic.ev.new_deck" for e in events)
    assert state.top.kind == "main" and state.turn.current == "p2"


def test_a_team_wins_when_the_two_enemy_armies_total_three_units():
    """001 §"VICTORY": "reduced the two enemy armies to a total of 3 Units"; both teammates
    win; the result names teams, the first player, factions and the variant."""
    state = _teams_battle({"p2": ["spartans@e6"]})  # team 2: 3 + 2 = 5 units, team 1: 2 + 2 = 4
    ctx = Ctx(state)
    assert not check_victory(ctx)
    state.set_unit("p3.artillerymen", vit=0, sq=None)  # team 1 down to 3 in all
    assert check_victory(ctx) and state.winners == ["p2", "p4"]
    assert ctx.events[-1].text.key == "mythic.ev.team_victory"
    result = GAME.result(state)
    assert result.scores == {"p1": 0.0, "p2": 1.0, "p3": 0.0, "p4": 1.0}
    assert result.details["teams"] == {"p1": 1, "p2": 2, "p3": 1, "p4": 2}
    assert result.details["variant"] == "teams" and result.details["first"] == "p1"
    assert set(result.details["factions"]) == {"p1", "p2", "p3", "p4"}
    assert result.reason.key == "mythic.result.team_routed"


def test_two_player_results_say_who_began_and_the_factions():
    state = battle(
        {
            "p1": ["shades@a1", "gaolers@b1", "lycaons@c1"],
            "p2": ["owls@l12", "hoplites-ares@k12", "spartans@e6"],
        }
    )
    ctx = Ctx(state)
    start_turn(ctx, "p1")
    assert check_victory(ctx)
    details = GAME.result(state).details
    assert (
        details["first"] == "p1"
        and details["factions"] == {"p1": "hades", "p2": "athena"}
        and "teams" not in details
    )


# ------------------------------------------------------------------------------ self-play

H, R = "heuristic", "random"
MIXES = {(H, R, H, R): 22, (R, H, R, H): 22, (H, H, R, R): 8, (H, H, H, H): 6, (R, R, R, R): 2}  # 60 games


@pytest.mark.parametrize("mix", list(MIXES))
def test_sixty_seeded_four_player_games_finish_with_a_result(mix):
    """Invariants (engine/mythic/invariants.py) and leak checks at every step; both winners
    are teammates; a heuristic team beats a random one."""
    wins = []
    for i in range(MIXES[mix]):
        seed = 7000 + 100 * list(MIXES).index(mix) + i
        state, _ = _play(seed, *mix[:2], TEAMS, max_steps=20_000, deep=False, p3=mix[2], p4=mix[3])
        result = GAME.result(state)
        assert result is not None, f"seed {seed} did not finish"
        assert len(result.winners) in (0, 2) and not state.hostile(*result.winners[:2] or ["p1", "p3"])
        wins.append(result.winners)
    if mix[0] == mix[2] != mix[1] == mix[3]:  # a heuristic team against a random team
        heuristic = ["p1", "p3"] if mix[0] == H else ["p2", "p4"]
        assert sum(w == heuristic for w in wins) >= 0.8 * len(wins), wins


def test_views_never_show_another_generals_hand_or_secret_army_and_replay_gives_the_same_state():
    """001: teammates may not "reveal the contents of their hand"; the views are checked at
    every step for every viewer, and the log replays to the same state."""
    state, log = _play(4242, H, H, TEAMS, max_steps=20_000, deep=True, p3=H, p4=H)
    assert GAME.result(state) is not None
    again = replay(GAME, TEAMS, GAME.roles(TEAMS), 4242, log)
    assert again.model_dump_json() == state.model_dump_json()
    assert GAME.load_state(json.loads(state.model_dump_json())) == state


def test_views_during_recruitment_hide_every_army_even_a_teammates():
    state = GAME.setup(TEAMS, GAME.roles(TEAMS), 9)
    state, _ = run(state, [("p1", "army vanguard"), ("p3", "army lion-guard")])
    _check_views(state)
    assert GAME.view(state, "p3").sides["p1"].army is None and GAME.view(state, "p1").sides["p1"].army
