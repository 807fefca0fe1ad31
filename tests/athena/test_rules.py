"""One focused test per rule of 004 §V-§VIII (and the RULES-NOTES B3 readings)."""

import pytest
from athena_helpers import ATHENES_ORDER, arena, deployed, new_state

from engine.athena import GAME, rules, scoring
from engine.athena.state import Army, Captured, Deploy, Options
from engine.errors import IllegalCommand
from engine.i18n import render

RESERVE = {1: "PE"}  # an uncovered spare card so the round does not end with the duel


def duel(p1_card, p2_card, **kw):
    return arena({15: p1_card, **RESERVE}, {15: p2_card, **RESERVE}, **kw)


def reason(exc) -> str:
    return exc.value.text.key


# ---- set-up (004 §V) -------------------------------------------------------------------------


def test_scenario_athenes_setup():
    state = new_state("athenes")
    for army in state.armies.values():
        assert sorted(army.roster) == sorted(ATHENES_ORDER.split(","))
        assert len(army.pool) == 15 and army.pool.count("CM") == 3
        assert army.tokens == 5 and len(army.hand) == 5 and len(army.deck) == 10
    assert len(state.terrain_row) == 5 and len(state.terrain_deck) + 5 == 18
    assert state.stage == "deploy" and rules.active(state) == {"p1", "p2"}


def test_initiation_has_no_powers_and_goes_straight_to_engagement():
    t = deployed("PE,PE,AR,AR,FA,FA,HO,HO,SP,GR", scenario="initiation")
    assert all(a.tokens == 0 and not a.hand and not a.pool for a in t.state.armies.values())
    # both GRs on top were the only choice: the first duel resolved by itself
    assert t.state.duel == 2 and t.state.last_duel.winner == "p2"
    assert len(t.state.terrain_row) == 3 and len(t.state.terrain_deck) == 10 - 3 - 1


@pytest.mark.parametrize("option,expected", [("p1", "p1"), ("p2", "p2")])
def test_first_attacker_option(option, expected):
    # 004 §V.B "Sélection du premier Attaquant": the oldest player; the seat chooses it
    assert new_state(first_attacker=option).attacker == expected


def test_random_first_attacker_uses_the_game_generator():
    firsts = {new_state(first_attacker="random", seed=s).attacker for s in range(20)}
    assert firsts == {"p1", "p2"}


# ---- deployment (004 §V.B "Déploiement des armées") -------------------------------------------


def test_deployment_is_simultaneous_and_checked():
    state = new_state()
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("deploy PE,PE", state, "p1")
    assert reason(err) == "athena.err.deploy_size"
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("deploy GR,PE,AR,AR,FA,FA,SP,SP,HO,HO,FE,AE,HE,HI,GR", state, "p1")
    assert reason(err) == "athena.err.deploy_mismatch"
    assert "PE" in render(err.value.text, "en") and "GR" in render(err.value.text, "en")
    out = GAME.apply(state, "p2", Deploy(preset="strong"))  # either may go first
    assert rules.active(out.state) == {"p1"} and not out.reveals
    assert out.state.armies["p2"].slots[-1] == "GR" and out.state.armies["p2"].slots[0] == "PE"


def test_deploy_weak_and_random():
    state = new_state()
    weak = GAME.apply(state, "p1", Deploy(preset="weak"))
    assert weak.state.armies["p1"].slots[-1] == "PE" and weak.state.armies["p1"].slots[0] == "GR"
    rnd = GAME.apply(state, "p1", Deploy(preset="random"))
    assert rnd.reveals and sorted(rnd.state.armies["p1"].slots) == sorted(state.armies["p1"].roster)


def test_only_uncovered_cards_may_be_engaged():
    t = duel("HO", "AR")
    assert t.top == ("engage", ["p1"])
    assert [c.slot for c in GAME.legal(t.state, "p1")] == [1, 15]
    t.state.armies["p1"].slots[5] = "FA"  # slot 6 now covers slot 1
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("engage 1", t.state, "p1")
    assert reason(err) == "athena.err.slot_covered"


def test_a_single_available_card_is_engaged_automatically():
    t = arena({15: "HO", 14: "PE"}, {15: "AR", 14: "PE"})  # 15 covers 14: one choice each
    assert t.state.duel == 2 and t.state.last_duel.engaged["p1"].card == "HO"


# ---- power phase (004 §VI.B "Phase de Pouvoir") ------------------------------------------------


def test_playing_a_power_costs_one_token_in_advance_and_stays_secret():
    t = duel("HO", "AR", hands={"p1": ["CC"]})
    events = t.do("p1", "CC@15")
    army = t.state.armies["p1"]
    assert army.tokens == 4 and army.hand == [] and [p.code for p in army.powers[14]] == ["CC"]
    public = [e for e in events if e.to is None]
    assert public[0].text.key == "athena.ev.power_played" and public[0].data == {"role": "p1", "slot": 15}
    assert all("CC" not in str(e.model_dump()) for e in public)
    assert [e.text.key for e in events if e.to == "p1"] == ["athena.ev.you_played"]
    # the rest of the cost (2 - 1) is paid at activation
    t.play("p1: pass", "p1: engage 15", "p2: engage 15", "p1: reveal CC@15")
    assert t.state.armies["p1"].tokens == 3


def test_without_a_token_a_power_can_only_be_discarded():
    t = duel("HO", "AR", hands={"p1": ["CM", "AS"]}, tokens={"p1": 0})
    assert all(c.kind == "discard" for c in GAME.legal(t.state, "p1"))
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("CM@15", t.state, "p1")
    assert reason(err) == "athena.err.no_token"
    t.do("p1", "discard CM")
    assert t.state.armies["p1"].power_discard == ["CM"] and t.state.armies["p1"].hand == ["AS"]
    assert [e.text.key for e in t.events if e.to is None][0] == "athena.ev.power_discarded"


def test_the_power_step_cannot_be_passed():
    t = duel("HO", "AR", hands={"p1": ["CM"]})
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("pass", t.state, "p1")
    assert reason(err) == "athena.err.wrong_phase"


def test_attacker_then_defender_in_each_step():
    t = duel("HO", "AR", hands={"p1": ["CC"], "p2": ["CC"]})
    order = []
    for move in ["CC@15", "CC@15", "pass", "pass", "engage 15", "engage 15"]:
        kind, roles = t.top
        order.append((kind, roles[0]))
        t.do(roles[0], move)
    assert order == [
        ("power", "p1"),
        ("power", "p2"),
        ("strategy", "p1"),
        ("strategy", "p2"),
        ("engage", "p1"),
        ("engage", "p2"),
    ]
    assert t.top == ("reveal", ["p1"])
    t.do("p1", "pass")
    assert t.top == ("reveal", ["p2"])


def test_strategy_window_opens_on_public_information_only():
    # a face-down power lies on the army: the step opens even if it is no strategy power,
    # otherwise skipping it would tell the opponent so (ARCHITECTURE §2)
    t = duel("HO", "AR", hands={"p1": ["CM"]})
    t.do("p1", "CM@15")
    assert t.top == ("strategy", ["p1"]) and GAME.legal(t.state, "p1") == [rules.Pass()]


# ---- engagement (004 §VI.B "Phase d'Engagement") -----------------------------------------------


@pytest.mark.parametrize(
    "card,power,colour",
    [
        ("GR", None, "red"),
        ("HO", None, "orange"),
        ("PE", None, "green"),
        ("GR", "MR", "orange"),
        ("HO", "MR", "green"),
        ("PE", "MR", "green"),
        ("PE", "PS", "orange"),
        ("HO", "PS", "red"),
        ("GR", "PS", "red"),
        ("GR", "CA", None),
    ],
)
def test_colour_announcement(card, power, colour):
    t = duel(card, "AR", hands={"p1": [power]} if power else None)
    if power:
        t.play(f"p1: {power}@15", "p1: pass")
    t.do("p1", "engage 15")
    engaged = t.find("athena.ev.engaged")[-1]
    assert engaged.data["colour"] == colour and t.state.engaged["p1"].announced == colour
    shown = render(engaged.text, "en")
    assert (colour or "hidden") in shown
    assert GAME.view(t.state, "p2").engaged["p1"].announced_colour == colour
    assert GAME.view(t.state, "p2").engaged["p1"].card is None  # face down until the reveal


def test_camouflage_hides_a_shifted_colour_too():
    t = duel("GR", "AR", attached={"p1": {15: ["MR", "CA"]}})
    t.play("p1: pass", "p1: engage 15")
    assert t.state.engaged["p1"].announced is None
    assert all(p.active for p in t.state.engaged["p1"].powers)  # both activated at once


# ---- resolution (004 §VI.B "Phase de Résolution") ----------------------------------------------


def test_combat_values_keep_halves():
    # attacker HO 4 + 5/2 = 6.5 ; defender AR 2 + 4/2 = 4
    t = duel("HO", "AR")
    t.play("p1: engage 15", "p2: engage 15")
    values = t.find("athena.ev.values")[0]
    assert values.data["values"] == {"p1": 6.5, "p2": 4.0}
    assert "6.5" in render(values.text, "en") and "6,5" in render(values.text, "fr")
    assert GAME.view(t.state, None).engaged["p1"].value == 6.5


def test_winner_captures_card_and_powers_discards_its_own_and_attacks():
    t = duel("AR", "HE", hands={"p1": ["CM"], "p2": ["CM"]})  # p2 defends: HE 7 + 3 = 10 vs AR 5 (+2)
    t.play("p1: CM@15", "p2: CM@1", "p1: pass", "p2: pass", "p1: engage 15", "p2: engage 15")
    p1, p2 = t.state.armies["p1"], t.state.armies["p2"]
    assert p2.captured == [Captured(card="AR", powers=["CM"])]
    assert p2.card_discard == ["HE"] and p1.captured == []
    assert p2.powers[0][0].code == "CM"  # the power on slot 1 stays with its card
    assert t.state.attacker == "p2"  # "Il devient ou reste le joueur Attaquant"


def test_tie_discards_both_keeps_terrain_and_attacker():
    # attacker HO 4 + 2.5 = 6.5 ; defender SP 4 + 2.5 = 6.5
    t = duel("HO", "SP")
    row, deck = list(t.state.terrain_row), list(t.state.terrain_deck)
    t.play("p1: engage 15", "p2: engage 15")
    assert t.find("athena.ev.duel_tied")
    assert t.state.terrain_row == row and t.state.terrain_deck == deck
    assert t.state.attacker == "p1"
    assert t.state.armies["p1"].card_discard == ["HO"] and t.state.armies["p2"].card_discard == ["SP"]
    assert not t.state.armies["p1"].captured and not t.state.armies["p2"].captured


def test_terrain_row_shifts_and_refills_from_the_deck():
    t = duel("GR", "PE")
    row, deck = list(t.state.terrain_row), list(t.state.terrain_deck)
    t.play("p1: engage 15", "p2: engage 15")
    assert t.state.armies["p1"].terrains == [row[0]]
    assert t.state.terrain_row == row[1:] + [deck[-1]] and t.state.terrain_deck == deck[:-1]


def test_empty_terrain_deck_and_row():
    t = duel("GR", "PE")
    t.state.terrain_deck = []
    t.state.terrain_row = ["FO"]
    t.play("p1: engage 15", "p2: engage 15")
    assert t.state.armies["p1"].terrains == ["FO"] and t.state.terrain_row == []
    t2 = duel("GR", "PE")
    t2.state.terrain_deck, t2.state.terrain_row = [], []
    t2.play("p1: engage 15", "p2: engage 15")
    assert t2.state.armies["p1"].terrains == [] and t2.state.armies["p1"].captured[0].card == "PE"


def test_recovery_draws_one_power_each_if_the_deck_allows():
    t = duel("GR", "PE", hands={"p1": ["CM"], "p2": ["CM"]})
    t.state.armies["p2"].deck = []
    top = t.state.armies["p1"].deck[-1]
    t.play("p1: discard CM", "p2: discard CM", "p1: engage 15", "p2: engage 15")
    assert t.state.armies["p1"].hand == [top] and t.state.armies["p2"].hand == []
    drew = t.find("athena.ev.drew", to="p1")
    assert drew and not t.find("athena.ev.drew", to=None)


# ---- end of round and game (004 §VII, §VIII) -----------------------------------------------------


def make_army(terrains=(), captured=()):
    return Army(terrains=list(terrains), captured=[Captured(card=c, powers=list(p)) for c, p in captured])


@pytest.mark.parametrize(
    "p1,p2,winner",
    [
        # VP: terrains + captured combatants + captured powers
        (make_army(["FO"], [("HO", ["CM"])]), make_army(["PO", "PL"], []), "p1"),  # 2+2+1=5 vs 4
        # equal VP: more captured combatants wins
        (make_army([], [("PE", []), ("PE", [])]), make_army(["FO"], []), "p1"),
        # equal VP and captures: more captured powers (004 §VII general rule, RULES-NOTES B3.6)
        (make_army(["PL"], [("PE", ["PS"])]), make_army([], [("AR", [])]), "p1"),
        # equal VP, captures and powers: more terrains
        (make_army(["PL", "PL"], [("AR", [])]), make_army(["FO"], [("AR", [])]), "p1"),
        # all equal: a drawn round
        (make_army(["FO"], [("AR", [])]), make_army(["CO"], [("FA", [])]), None),
    ],
)
def test_round_scoring_and_tiebreaks(p1, p2, winner):
    state = new_state()
    state.armies["p1"], state.armies["p2"] = p1, p2
    record = scoring.score_round(state)
    assert record.winner == winner


def finish_round(p1_card, p2_card, before=(), first="p1"):
    """Play the last duel of a round (each army has one card left)."""
    state = deployed().state
    for role, card in (("p1", p1_card), ("p2", p2_card)):
        army = state.armies[role]
        army.slots = [None] * 14 + [card]
        army.hand = []
    state.rounds = list(before)
    state.attacker = first
    state.stack = rules.duel_frames(state)
    return rules.settle(state)


def test_round_ends_when_armies_are_empty_and_its_loser_attacks_next():
    out = finish_round("PE", "GR")  # p1 attacks with PE and loses the round
    state = out.state
    assert [r.winner for r in state.rounds] == ["p2"]
    assert state.round == 2 and state.stage == "deploy" and state.attacker == "p1"
    keys = [e.text.key for e in out.events]
    assert "athena.ev.round_over" in keys and "athena.ev.round_started" in keys
    # everything back: full armies, fresh hands and tokens, new terrain deck
    for army in state.armies.values():
        assert army.slots == [None] * 15 and len(army.hand) == 5 and army.tokens == 5
        assert not army.captured and not army.terrains
    assert len(state.terrain_row) + len(state.terrain_deck) == 18
    out2 = finish_round("GR", "PE", first="p2")  # p1 wins: p2 loses and attacks next
    assert out2.state.attacker == "p2"


def test_game_ends_at_two_rounds():
    first = scoring.RoundRecord(
        vp={"p1": 9, "p2": 3},
        captured={"p1": 2, "p2": 1},
        powers={"p1": 0, "p2": 0},
        terrains={"p1": 2, "p2": 1},
        winner="p1",
    )
    out = finish_round("GR", "PE", before=[first])
    assert out.state.stage == "over" and GAME.active(out.state) == frozenset()
    result = GAME.result(out.state)
    assert result.winners == ["p1"] and result.scores == {"p1": 2.0, "p2": 0.0}
    assert [r["winner"] for r in result.details["rounds"]] == ["p1", "p1"]
    assert "Player 1" in render(result.reason, "en") and "Joueur 1" in render(result.reason, "fr")
    assert GAME.view(out.state, None).winner == ["p1"] and GAME.view(out.state, None).phase == "over"
    with pytest.raises(IllegalCommand) as err:
        GAME.apply(out.state, "p1", Deploy(preset="strong"))
    assert reason(err) == "core.err.game_over"


def test_drawn_rounds_end_the_game_as_a_draw_after_seven():
    drawn = scoring.RoundRecord(
        vp={"p1": 0, "p2": 0},
        captured={"p1": 0, "p2": 0},
        powers={"p1": 0, "p2": 0},
        terrains={"p1": 0, "p2": 0},
        winner=None,
    )
    out = finish_round("HO", "SP", before=[drawn] * 6)  # a tie: nobody captures anything
    assert out.state.rounds[-1].winner is None
    assert out.state.stage == "over" and GAME.result(out.state).winners == []
    assert GAME.result(out.state).is_draw


def test_a_drawn_round_passes_the_first_attack_to_the_other_player():
    out = finish_round("HO", "SP")
    assert out.state.rounds[-1].winner is None and out.state.attacker == "p2"


# ---- expert mode (004 §IX) ----------------------------------------------------------------------


def expert(**options):
    return new_state("expert", **options)


def test_expert_players_build_secretly_at_the_same_time():
    state = expert()
    assert state.stage == "build" and GAME.active(state) == {"p1", "p2"}
    assert GAME.view(state, None).phase == "build"
    out = GAME.apply(state, "p2", GAME.notation.parse("recruit GR*2,HI*2,PE*6,AR*5", state, "p2"))
    assert out.state.armies["p2"].recruited and out.state.armies["p2"].round_tokens == 40 - 38
    assert [e.to for e in out.events] == ["p2"]  # nothing public until the build is complete
    assert GAME.active(out.state) == {"p1", "p2"}  # p2 now picks powers, p1 still recruits
    assert GAME.legal(out.state, "p2")[0].kind == "powers"


def test_expert_budget_copies_and_tokens():
    state = expert()
    with pytest.raises(IllegalCommand) as err:  # 6 GR + 9 PE = 45 > 40
        GAME.notation.parse("recruit GR*6,PE*6,AR*3", state, "p1")
    assert reason(err) == "athena.err.over_budget"
    with pytest.raises(IllegalCommand) as err:  # the box has 6 of each
        GAME.notation.parse("recruit PE*7,AR*8", state, "p1")
    assert reason(err) == "athena.err.too_many_copies"
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("recruit PE*6", state, "p1")
    assert reason(err) == "athena.err.army_size"
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("powers CM*3", state, "p1")
    assert reason(err) == "athena.err.recruit_first"
    t = GAME.apply(state, "p1", GAME.notation.parse("recruit PE*6,AR*6,FA*2,GR", state, "p1")).state
    assert t.armies["p1"].round_tokens == 40 - (6 + 12 + 4 + 6)  # 12 tokens
    with pytest.raises(IllegalCommand) as err:  # at most 3 copies of a power
        GAME.notation.parse("powers CM*4,CC*3,AS*3,RI*3,SO*2", t, "p1")
    assert reason(err) == "athena.err.too_many_copies"
    with pytest.raises(IllegalCommand) as err:  # as many powers as combatants
        GAME.notation.parse("powers CM*3,CC*3", t, "p1")
    assert reason(err) == "athena.err.powers_size"
    t = GAME.apply(t, "p1", GAME.notation.parse("powers CM*3,CC*3,AS*3,RI*3,SO*3", t, "p1")).state
    t = GAME.apply(t, "p2", GAME.legal(t, "p2")[0]).state
    t = GAME.apply(t, "p2", GAME.legal(t, "p2")[0]).state
    assert t.stage == "deploy" and t.armies["p1"].tokens == 12 and len(t.armies["p1"].hand) == 5
    assert len(t.terrain_row) == 5 and len(t.terrain_deck) == 15
    assert not {"TZ", "PA"} & set(t.terrain_row + t.terrain_deck)  # the §IX example leaves them out


@pytest.mark.parametrize("structure,cards", [("pyramid", 15), ("inverted", 10), ("x", 11), ("columns", 15)])
def test_expert_presets_fit_every_structure(structure, cards):
    state = expert(structure=structure, cards=cards, army_points=45)
    for preset in GAME.legal(state, "p1"):
        after = GAME.apply(state, "p1", preset).state
        assert len(after.armies["p1"].roster) == cards and after.armies["p1"].round_tokens >= 0
        for powers in GAME.legal(after, "p1"):
            done = GAME.apply(after, "p1", powers).state
            assert len(done.armies["p1"].pool) == cards
    strong = GAME.apply(state, "p1", GAME.legal(state, "p1")[0]).state.armies["p1"]
    light = GAME.apply(state, "p1", GAME.legal(state, "p1")[-1]).state.armies["p1"]
    assert strong.round_tokens < light.round_tokens


def test_expert_structure_sets_the_army_layout():
    state = expert(
        structure="columns",
        cards=10,
        army_points=30,
        terrain_specials=True,
        terrain_count=22,
        terrain_visible=3,
    )
    for role in ("p1", "p2"):
        state = GAME.apply(state, role, GAME.legal(state, role)[1]).state
        state = GAME.apply(state, role, GAME.legal(state, role)[1]).state
    assert len(state.terrain_row) == 3 and len(state.terrain_deck) == 19
    for role in ("p1", "p2"):
        state = GAME.apply(state, role, Deploy(preset="strong")).state
    while state.stack[-1].kind != "engage":
        role = state.stack[-1].roles[0]
        state = GAME.apply(state, role, GAME.legal(state, role)[-1]).state
    assert [c.slot for c in GAME.legal(state, state.attacker)] == [6, 7, 8, 9, 10]


@pytest.mark.parametrize(
    "options,key",
    [
        ({"structure": "x", "cards": 15}, "athena.err.structure_size"),
        ({"army_points": 10}, "athena.err.points_too_low"),
        ({"terrain_count": 21}, "athena.err.terrain_count"),
        ({"terrain_visible": 9, "terrain_count": 8}, "athena.err.terrain_visible"),
        ({"cards": 45, "army_points": 400}, "athena.err.too_many_cards"),
    ],
)
def test_expert_options_are_checked_with_a_translated_reason(options, key):
    with pytest.raises(IllegalCommand) as err:
        Options(scenario="expert", **options)
    assert reason(err) == key
    assert render(err.value.text, "fr") != key


def test_unknown_scenario():
    with pytest.raises(IllegalCommand) as err:
        Options(scenario="troy")
    assert reason(err) == "athena.err.unknown_scenario"


@pytest.mark.parametrize(
    "option",
    [
        {"structure": "x"},
        {"cards": 10},
        {"army_points": 30},
        {"terrain_count": 12},
        {"terrain_visible": 3},
        {"terrain_specials": True},
    ],
)
@pytest.mark.parametrize("scenario", ["athenes", "initiation"])
def test_expert_settings_are_refused_outside_expert_mode(scenario, option):
    # 004 §V.A: a scenario fixes the armies and terrains; only §IX lets the players choose them
    with pytest.raises(IllegalCommand) as err:
        Options(scenario=scenario, **option)
    assert reason(err) == "athena.err.expert_only"
    name = next(iter(option))
    assert render(err.value.text, "en").startswith(f"Option {name} only applies to the expert scenario")
    assert "scénario expert" in render(err.value.text, "fr")
    fitting = {"structure": {"cards": 11}, "cards": {"structure": "inverted"}}.get(name, {})
    Options(scenario="expert", **option, **fitting)  # the same setting is fine in expert mode


def test_rounds_to_win_applies_to_every_scenario():
    # 004 §VI: a scenario is played "au premier joueur remportant un certain nombre de manches"
    assert Options(scenario="athenes", rounds_to_win=3).target_rounds() == 3
    assert Options(scenario="initiation").target_rounds() == 2


def test_help_examples_offer_each_deployment_preset():
    assert rules.examples(new_state(), "p1") == ["deploy random", "deploy strong", "deploy weak"]
