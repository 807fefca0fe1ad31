"""What players are told about duels and rounds (issue 12 §2): the reason of a round won on
the tiebreak, the last duel kept to its round, the duel card's badge, Anticipation's colour
once the card is engaged, and power codes beside their names."""

from __future__ import annotations

from athena_helpers import arena

from engine.athena import GAME, scoring
from engine.athena.content import content
from engine.athena.state import RoundRecord
from engine.i18n import render

SPARE = {1: "PE"}


def last_duel_of_the_round():
    """p1's GR beats p2's PE in the round's last duel; p2's terrains equal p1's VP then."""
    t = arena({15: "GR"}, {15: "PE"}, hands={"p1": ["CM"]})
    at_stake = content().terrains[t.state.terrain_row[0]].vp
    t.state.armies["p2"].terrains = ["PL"] * (content().combatants["PE"].vp + at_stake)  # PL: 1 VP
    t.do("p1", "discard CM")  # both single cards engage by themselves, the duel resolves
    return t


def test_a_round_won_on_the_tiebreak_says_why():
    # 004 §VII l.313: equal VP, then the most captured combatants wins the round
    t = last_duel_of_the_round()
    [record] = t.state.rounds
    assert record.vp["p1"] == record.vp["p2"] and record.winner == "p1"
    [event] = t.find("athena.ev.round_tiebreak")
    assert event.text.params["reason"].key == "athena.tiebreak.captured"
    vp = record.vp["p1"]
    assert render(event.text, "en") == (
        f"Tiebreak: equal VP ({vp} each), and Player 1 captured more combatants (1 to 0)."
    )
    assert "Départage" in render(event.text, "fr") and "1 contre 0" in render(event.text, "fr")


def test_the_tiebreak_names_the_first_count_that_differs():
    def record(captured, powers, terrains, winner="p1"):
        return RoundRecord(
            vp={"p1": 4, "p2": 4},
            captured={"p1": captured, "p2": 1},
            powers={"p1": powers, "p2": 1},
            terrains={"p1": terrains, "p2": 1},
            winner=winner,
        )

    assert scoring.tiebreak(record(2, 0, 0)).key == "athena.tiebreak.captured"
    assert scoring.tiebreak(record(1, 3, 0)).key == "athena.tiebreak.powers"
    reason = scoring.tiebreak(record(1, 1, 2))
    assert reason.key == "athena.tiebreak.terrains" and (reason.params["won"], reason.params["lost"]) == (
        2,
        1,
    )
    assert scoring.tiebreak(record(1, 1, 1, winner=None)) is None  # a drawn round
    won_on_vp = record(2, 0, 0).model_copy(update={"vp": {"p1": 5, "p2": 4}})
    assert scoring.tiebreak(won_on_vp) is None


def test_a_round_won_on_vp_gives_no_tiebreak():
    t = arena({15: "GR"}, {15: "PE"}, hands={"p1": ["CM"]})
    t.do("p1", "discard CM")
    assert t.state.rounds[0].winner == "p1" and not t.find("athena.ev.round_tiebreak")


def test_the_last_duel_stays_within_its_round():
    t = arena({15: "GR", **SPARE}, {15: "PE", **SPARE}, hands={"p1": ["CM"]})
    t.play("p1: discard CM", "p1: engage 15", "p2: engage 15")
    shown = GAME.view(t.state, None).last_duel
    assert shown is not None and shown.winner == "p1" and shown.round == 1
    t = last_duel_of_the_round()  # round 2 has begun: a clean table (004 §VII)
    assert t.state.round == 2 and t.state.last_duel is not None
    for viewer in (None, "p1", "p2"):
        view = GAME.view(t.state, viewer)
        assert view.last_duel is None and view.engaged == {}


def test_the_duel_card_badge_counts_only_powers_still_face_down():
    # a strategy power is turned face up when used (004 §VI.B "Phase de Stratégie")
    t = arena({15: "HO", **SPARE}, {15: "HO", **SPARE}, attached={"p1": {15: ["AT", "CM"]}})
    t.play("p1: activate AT@15", "p1: pass", "p1: engage 15")
    engaged = GAME.view(t.state, None).engaged["p1"]
    assert engaged.card is None and engaged.power_count == 1 and engaged.active_powers == ["AT"]
    assert GAME.view(t.state, None).armies["p1"].slots[14].power_count == 0  # it left the army


def test_what_anticipation_showed_follows_the_card_into_the_duel():
    # p2 attacks with HO (orange) under Mine de rien: announced one colour lower (green)
    t = arena(
        {15: "GR", **SPARE},
        {15: "HO", **SPARE},
        attacker="p2",
        attached={"p1": {1: ["AT"]}, "p2": {15: ["MR"]}},
    )
    t.play("p2: pass", "p1: activate AT@1", "p2: engage 15")
    mine = GAME.view(t.state, "p1").engaged["p2"]
    assert mine.card is None and mine.announced_colour == "green" and mine.known_colour == "orange"
    assert GAME.view(t.state, None).engaged["p2"].known_colour is None
    assert GAME.view(t.state, "p2").engaged["p2"].known_colour is None
    words = [render(line, "en") for line in GAME.describe(GAME.view(t.state, "p1"))]
    assert any("15 (in the duel): orange" in line for line in words), words
    assert not any("in the duel" in render(line, "en") for line in GAME.describe(GAME.view(t.state, "p2")))


def test_the_hand_in_words_shows_each_power_code_beside_its_name():
    t = arena(
        {15: "HO", **SPARE}, {15: "HO", **SPARE}, hands={"p1": ["PS", "MR"]}, attached={"p1": {15: ["CM"]}}
    )
    words = [render(line, "en") for line in GAME.describe(GAME.view(t.state, "p1"))]
    hand = next(line for line in words if line.startswith("Tokens"))
    assert "Not So Strong (PS)" in hand and "(MR)" in hand
    assert "Powers on your army: Commander (CM) on slot 15." in words
    french = [render(line, "fr") for line in GAME.describe(GAME.view(t.state, "p1"))]
    assert any("Pas si fort que ça (PS)" in line for line in french)
