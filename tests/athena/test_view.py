"""`view(state, role)` fills AthenaView as its docstrings say."""

from athena_helpers import arena, deployed, new_state

from engine.athena import GAME
from engine.athena.state import Options


def test_owner_public_and_opponent_views_of_a_deployed_army():
    t = deployed()
    t.do("p1", "CM@15")
    own, foe, public = (GAME.view(t.state, r) for r in ("p1", "p2", None))
    assert own.viewer == "p1" and public.viewer is None
    assert own.scenario == "athenes" and own.round == 1 and own.duel == 1 and own.phase == "power"
    assert own.active == ["p2"] and own.attacker == "p1" and own.rounds_to_win == 2
    mine = own.armies["p1"]
    assert [s.card.code for s in mine.slots][-3:] == ["HE", "HI", "GR"]
    assert [p.code for p in mine.slots[14].powers] == ["CM"] and mine.slots[14].power_count == 1
    assert len(mine.hand) == 4 and mine.hand_count == 4 and mine.tokens == 4 and mine.power_deck == 10
    for view in (foe, public):
        theirs = view.armies["p1"]
        assert theirs.hand is None and theirs.hand_count == 4 and theirs.tokens == 4
        assert all(s.card is None and s.powers is None for s in theirs.slots)
        assert theirs.slots[14].power_count == 1  # the face-down card itself is public
    top = mine.slots[14]
    assert (top.slot, top.row, top.x, top.present, top.available) == (15, 4, 2.0, True, True)
    assert [s.available for s in mine.slots].count(True) == 1
    assert len(own.terrain_row) == 5 and own.terrain_deck == 13
    assert own.terrain_values["FT"] == 4 and own.terrain_values["PA"] == 6


def test_engaged_cards_show_once_revealed_and_values_once_resolved():
    t = arena({15: "HO", 1: "PE"}, {15: "AR", 1: "PE"})
    t.do("p1", "engage 15")
    engaged = GAME.view(t.state, None).engaged["p1"]
    assert engaged.slot == 15 and engaged.announced_colour == "orange" and engaged.card is None
    assert GAME.view(t.state, "p1").engaged["p1"].card.code == "HO"
    t.do("p2", "engage 15")  # both revealed, resolved; the duel stays on the table until the next
    public = GAME.view(t.state, None)
    assert public.engaged["p1"].card.code == "HO" and public.engaged["p1"].value == 6.5
    assert public.engaged["p2"].value == 4.0
    last = public.last_duel
    assert (last.round, last.duel, last.winner, last.terrain) == (1, 1, "p1", public.armies["p1"].terrains[0])
    assert public.armies["p1"].captured[0].card.code == "AR"
    p1 = public.armies["p1"]
    assert p1.round_vp == p1.terrain_vp + 1 and p1.rounds_won == 0


def test_a_used_strategy_power_leaves_the_face_down_count():
    t = arena({15: "GR", 1: "PE"}, {15: "HE", 1: "PE"}, attached={"p1": {1: ["AT", "CM"]}})
    t.do("p1", "activate AT@1")
    own = GAME.view(t.state, "p1").armies["p1"].slots[0]
    assert [p.code for p in own.powers] == ["CM"] and own.power_count == 1
    assert GAME.view(t.state, None).armies["p1"].slots[0].power_count == 1


def test_build_phase_view_has_no_slots_yet():
    view = GAME.view(new_state("expert"), "p1")
    assert view.phase == "build" and view.armies["p1"].slots == [] and view.active == ["p1", "p2"]


def test_expert_defaults_are_the_rulebook_example():
    # 004 §IX "Exemple de règles d'une partie en mode Expert"
    opts = Options(scenario="expert")
    assert (opts.cards, opts.army_points, opts.structure) == (15, 40, "pyramid")
    assert (opts.terrain_count, opts.terrain_visible, opts.terrain_specials) == (20, 5, False)
    assert opts.target_rounds() == 2


def test_summary_gives_the_public_position_in_words():
    from athena_helpers import Table

    from engine.i18n import render

    state = new_state()
    lines = [render(t, "en") for t in GAME.summary(GAME.view(state, None))]
    assert lines[0] == "Scenario: The Battle for Athens, first to 2 rounds."
    assert lines[1] == "Round 1, duel 1: deployment phase."
    assert lines[2].startswith("Player 1: 0/2 rounds won; this round 0 VP") and "15 cards left" in lines[2]
    t = arena({15: "GR", 1: "PE"}, {15: "PE", 1: "PE"})
    row = t.state.terrain_row[0]
    t.play("p1: engage 15", "p2: engage 15")  # GR takes PE and the active terrain
    public = GAME.view(t.state, None)
    assert GAME.summary(public) == GAME.summary(GAME.view(t.state, "p2"))  # nothing private in it
    # French typography (no-break spaces) and plural forms are the catalog's: compare words
    text = [render(line, "fr").replace("\xa0", " ") for line in GAME.summary(public)]
    vp = 1 + public.terrain_values[row]
    assert text[2].startswith("Joueur 1 attaque ; terrain en jeu :")
    assert text[3].startswith("Joueur 1 : 0/2 manche") and f"cette manche {vp} PV (1 prisonnier" in text[3]
    assert "encore dans l’armée" in text[3]
    assert isinstance(t, Table)
