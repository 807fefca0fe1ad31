"""Each of the 14 powers (004 §II names them; effects authored in powers.yaml), and the
payment rules of 004 §VI.B / RULES-NOTES B3.8.

Reference values (x2, as stored): attacker 2A + D, defender 2D + A.
  attack : PE 7, AR 10, FA 10, SP 14, HO 13, FE 16, AE 17, HE 19, HI 20, GR 22
  defence: PE 5, AR 8, FA 11, SP 13, HO 14, FE 17, AE 13, HE 20, HI 16, GR 23
"""

from athena_helpers import arena

from engine.athena import GAME
from engine.athena.state import Captured

SPARE = {1: "PE"}


def duel(p1_card, p2_card, p1=None, p2=None, **kw):
    """p1 attacks with slot 15, p2 defends with slot 15; `p1`/`p2` lay face-down powers."""
    attached = {"p1": {15: p1 or []}, "p2": {15: p2 or []}}
    for role, extra in kw.pop("more", {}).items():
        attached[role].update(extra)
    return arena({15: p1_card, **SPARE}, {15: p2_card, **SPARE}, attached=attached, **kw)


def to_reveal(t, p1_strategy="pass", p2_strategy="pass"):
    """Play the strategy and engagement steps with slot 15 on both sides."""
    while t.top[0] == "strategy":
        role = t.top[1][0]
        t.do(role, p1_strategy if role == "p1" else p2_strategy)
    t.play("p1: engage 15", "p2: engage 15")


def values(t):
    return t.state.last_duel.engaged["p1"].value, t.state.last_duel.engaged["p2"].value


def test_commander_adds_two():
    t = duel("HO", "HO", p1=["CM"])
    to_reveal(t)  # cost 1, all paid when played: it applies at the reveal by itself (004 §VI.B)
    assert values(t) == (13 + 4, 14)
    assert t.state.armies["p1"].tokens == 5
    assert t.find("athena.ev.activated")[0].data == {"role": "p1", "power": "CM", "slot": 15}


def test_a_prepaid_reveal_power_applies_by_itself_and_paying_more_is_a_choice():
    # 004 §VI.B "Phase de Révélation": "les effets sont appliqués. Selon les pouvoirs, les joueurs
    # peuvent éventuellement payer un coût supplémentaire"
    t = duel("AR", "FA", p1=["CM", "AS"])
    to_reveal(t)
    assert t.top == ("reveal", ["p1"]) and [p.active for p in t.state.engaged["p1"].powers] == [True, False]
    assert [c.kind for c in GAME.legal(t.state, "p1")] == ["reveal", "pass"]  # AS needs 1 more token
    t.do("p1", "pass")
    assert values(t) == (10 + 4, 11) and t.state.armies["p1"].tokens == 5


def test_surprise_attack_helps_only_the_attacker():
    t = duel("AR", "FA", p1=["AS"], p2=["AS"])
    to_reveal(t)
    assert [c.kind for c in GAME.legal(t.state, "p1")] == ["reveal", "pass"]
    t.do("p1", "reveal AS@15")
    t.do("p2", "reveal AS@15")  # may be paid, but a defender gains nothing
    assert values(t) == (10 + 6, 11) and t.state.last_duel.winner == "p1"
    assert t.state.armies["p1"].tokens == 4 and t.state.armies["p2"].tokens == 4


def test_critical_strike_counts_attack_and_defence_in_full():
    t = duel("AR", "HO", p1=["CC"], p2=["CC"])
    to_reveal(t)
    t.play("p1: reveal CC@15", "p2: reveal CC@15")
    assert values(t) == (2 * (4 + 2), 2 * (4 + 5))


def test_riposte_gives_the_defender_one_and_the_ties():
    t = duel("AR", "AR", p2=["RI"])  # 10 against 8 + 2: a tie that Riposte wins
    to_reveal(t)
    t.do("p2", "reveal RI@15")
    assert values(t) == (10, 10)
    assert t.state.last_duel.winner == "p2" and t.state.attacker == "p2"
    assert t.state.armies["p2"].captured == [Captured(card="AR", powers=[])]


def test_riposte_does_nothing_for_the_attacker():
    t = duel("HO", "SP", p1=["RI"])  # 13 against 13
    to_reveal(t)
    t.do("p1", "reveal RI@15")
    assert values(t) == (13, 13) and t.state.last_duel.winner is None


def test_support_lasts_for_the_later_duels_of_the_round():
    t = arena({15: "HO", 1: "PE", 2: "PE"}, {15: "HO", 1: "PE", 2: "PE"}, attached={"p1": {15: ["SO"]}})
    for army in t.state.armies.values():
        army.deck = []  # no recovery draw, so the next duel goes straight to engagement
    to_reveal(t)  # cost 1: applies by itself
    assert values(t) == (13, 14)  # not this duel
    assert t.state.armies["p1"].support == 1
    # p2 won and now attacks; p1 defends with PE: 5 + 2
    t.play("p2: engage 1", "p1: engage 1")
    assert t.state.last_duel.engaged["p2"].value == 7
    assert t.state.last_duel.engaged["p1"].value == 5 + 2


def test_immunity_discards_instead_of_being_captured():
    t = duel("PE", "GR", p1=["IM"])
    row = list(t.state.terrain_row)
    to_reveal(t)
    t.do("p1", "reveal IM@15")
    p1, p2 = t.state.armies["p1"], t.state.armies["p2"]
    assert p2.captured == [] and p1.card_discard == ["PE"] and "IM" in p1.power_discard
    assert p2.terrains == [row[0]]  # the opponent still takes the terrain
    assert t.find("athena.ev.immune")


def test_power_annihilation_cancels_the_powers_not_yet_activated():
    t = duel("HI", "HE", p1=["AN"], p2=["CM", "MR"])  # 20 against 20 (+4 with Commander)
    to_reveal(t)
    assert t.state.engaged["p2"].announced == "orange"  # MR was activated at engagement
    t.do("p1", "reveal AN@15")
    p2_powers = {p.code: p for p in t.state.last_duel.engaged["p2"].powers}
    assert p2_powers["CM"].cancelled and not p2_powers["CM"].active
    assert p2_powers["MR"].active and not p2_powers["MR"].cancelled
    assert values(t) == (20, 20) and t.state.last_duel.winner is None  # p2 never got to reveal CM
    assert sorted(t.state.armies["p2"].power_discard) == ["CM", "MR"]  # still discarded with the card


def test_annihilated_powers_are_still_captured_with_their_card():
    t = duel("GR", "PE", p1=["AN"], p2=["CM"])
    to_reveal(t)
    t.do("p1", "reveal AN@15")
    assert t.state.armies["p1"].captured == [Captured(card="PE", powers=["CM"])]


def test_camouflage_hides_the_colour():
    t = duel("GR", "PE", p1=["CA"])
    to_reveal(t)
    assert t.find("athena.ev.engaged")[0].data["colour"] is None


def test_unassuming_lowers_and_not_so_strong_raises_the_colour():
    t = duel("GR", "PE", p1=["MR"])
    to_reveal(t)
    assert [e.data["colour"] for e in t.find("athena.ev.engaged")] == ["orange"]  # red -> orange
    t = duel("PE", "GR", p1=["PS"])
    to_reveal(t)
    assert [e.data["colour"] for e in t.find("athena.ev.engaged")] == ["orange"]  # green -> orange


def test_only_the_attacker_announces_a_colour():
    # 004 §VI.B "Phase d'Engagement": the attacker "doit annoncer la couleur"; the defender
    # plays a card face down, and its engagement powers still activate (and are paid).
    t = duel("GR", "PE", p2=["PS"], tokens={"p2": 3})
    t.play("p2: pass", "p1: engage 15", "p2: engage 15")
    answered = t.find("athena.ev.answered")
    assert len(t.find("athena.ev.engaged")) == 1 and len(answered) == 1
    assert answered[0].data == {"role": "p2", "slot": 15}
    assert "orange" not in str(answered[0].model_dump()) and "green" not in str(answered[0].model_dump())
    assert t.state.last_duel.engaged["p2"].powers[0].active


def test_anticipation_shows_the_colours_of_available_enemy_cards_privately():
    t = duel("GR", "HE", more={"p1": {1: ["AT"]}})
    t.do("p1", "activate AT@1")
    private = t.find("athena.ev.anticipation", to="p1")
    assert private and private[0].data["colours"] == {1: "green", 15: "red"}
    mine = {s.slot: s.known_colour for s in GAME.view(t.state, "p1").armies["p2"].slots}
    assert mine[1] == "green" and mine[15] == "red" and mine[2] is None
    public = GAME.view(t.state, None).armies["p2"].slots
    assert all(s.known_colour is None and s.card is None for s in public)
    assert all("colours" not in e.data for e in t.events if e.to is None)


def test_clairvoyance_shows_one_available_enemy_card_privately():
    t = duel("GR", "HE", more={"p1": {1: ["CL"]}})
    t.do("p1", "activate CL@1 15")
    assert t.state.armies["p1"].tokens == 4  # cost 2: one more at activation
    seen = GAME.view(t.state, "p1").armies["p2"].slots[14].card
    assert seen is not None and seen.code == "HE"
    assert GAME.view(t.state, None).armies["p2"].slots[14].card is None
    assert t.find("athena.ev.clairvoyance", to="p1")[0].data == {"slot": 15, "card": "HE"}


def test_a_card_seen_by_clairvoyance_stays_known_once_engaged():
    t = arena({15: "GR", **SPARE}, {15: "HE", **SPARE}, attacker="p2", attached={"p1": {1: ["CL"]}})
    t.play("p1: activate CL@1 15", "p2: engage 15")  # the step ends: no face-down power left
    assert GAME.view(t.state, "p1").engaged["p2"].card.code == "HE"
    assert GAME.view(t.state, None).engaged["p2"].card is None
    left = GAME.view(t.state, "p1").armies["p2"].slots[14]  # the slot it left is empty now
    assert not left.present and left.card is None and left.known_colour is None


def test_divination_draws_one_power():
    t = duel("GR", "HE", more={"p1": {1: ["DI"]}})
    top = t.state.armies["p1"].deck[-1]
    t.do("p1", "activate DI@1")
    assert t.state.armies["p1"].hand == [top] and t.reveals[-1]
    assert t.find("athena.ev.drew", to="p1")


def test_reorganisation_swaps_two_cards_with_their_powers_and_what_the_enemy_knows():
    t = duel("GR", "HE", p1=["CM"], more={"p1": {1: ["RE"]}})
    t.state.armies["p2"].known_cards = {15: "GR"}
    t.do("p1", "activate RE@1 1,15")
    army = t.state.armies["p1"]
    assert army.slots[0] == "GR" and army.slots[14] == "PE"
    assert [p.code for p in army.powers[0]] == ["CM"] and [p.code for p in army.powers[14]] == ["RE"]
    assert t.state.armies["p2"].known_cards == {1: "GR"}
    assert t.find("athena.ev.swapped")[0].data == {"role": "p1", "slots": [1, 15]}


def test_strategy_powers_need_their_target():
    from engine.errors import IllegalCommand

    t = duel("GR", "HE", more={"p1": {1: ["CL", "RE"]}})
    for text, key in [
        ("activate CL@1", "athena.err.target_not_available"),
        ("activate CL@1 2", "athena.err.target_not_available"),
        ("activate RE@1", "athena.err.swap_needs_two"),
        ("activate RE@1 1,1", "athena.err.swap_needs_two"),
        ("activate RE@1 1,3", "athena.err.slot_empty"),
        ("activate CM@1", "athena.err.no_power_there"),
    ]:
        try:
            GAME.notation.parse(text, t.state, "p1")
        except IllegalCommand as err:
            assert err.text.key == key, text
        else:
            raise AssertionError(f"{text} was accepted")


def test_an_unpayable_power_fizzles_at_the_reveal():
    t = duel("HO", "HO", p1=["CC"], tokens={"p1": 0})  # CC needs 1 more token
    to_reveal(t)
    assert t.find("athena.ev.fizzled")[0].data == {"role": "p1", "power": "CC"}
    assert values(t) == (13, 14)
