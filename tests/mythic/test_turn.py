"""The turn, the cards and the activations: 000/001 §2 "Game Turn", §3 "Using the Cards",
§4 "Activating Units", §III "Activating multiple units"."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.mythic import GAME
from engine.mythic.content import content
from engine.mythic.state import AOW
from tests.mythic.scenario import battle, decline, legal_texts, run

P1 = ["marauders@c3", "lycaons@e3", "shades@g3", "gaolers@i3", "auditors@k3"]
P2 = ["spartans@c10", "toxotes@e10", "hoplites-ares@g10", "owls@i10", "dawn-regiment@k10"]


def _state(**kw):
    return battle({"p1": P1, "p2": P2}, **kw)


def _refused(state, role, text, key):
    before = state.model_dump_json()
    with pytest.raises(IllegalCommand) as err:
        GAME.apply(state, role, GAME.notation.parse(text, state, role))
    assert err.value.text.key == key
    assert state.model_dump_json() == before  # a refused command changes nothing


def test_a_turn_starts_by_drawing_three_cards_or_what_is_left():
    """001 §"Game Turn": draw three cards; with fewer than three left, draw them all."""
    state = _state(hands={"p1": ["marauders"]}, decks={"p2": ["spartans", AOW, "toxotes", "owls"]})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.turn.current == "p2" and sorted(state.sides["p2"].hand) == ["spartans", "toxotes"]
    assert state.sides["p2"].aow == 1 and state.sides["p2"].deck == ["owls"]
    state = _state(hands={"p1": ["marauders"]}, decks={"p2": ["owls", AOW]})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.sides["p2"].hand == ["owls"] and state.sides["p2"].aow == 1 and state.sides["p2"].deck == []


def test_at_least_one_activation_unless_no_maneuver_card_is_held():
    """001 l.320, and RULES-NOTES A2.11 [AMB→MCs of dead units don't count]."""
    state = _state(hands={"p1": ["marauders"]})
    assert "end" not in legal_texts(state, "p1")
    _refused(state, "p1", "end", "mythic.err.must_activate")
    assert "end" in legal_texts(_state(hands={"p1": []}), "p1")
    dead = _state(hands={"p1": ["marauders"]}, vit={"p1.marauders": 0})
    dead.units[0] = dead.units[0].model_copy(update={"sq": None})
    assert "end" in legal_texts(dead, "p1")


def test_an_activation_spends_the_units_maneuver_card_kept_in_front():
    """001 §4 and l.343: the card is discarded but kept in front until the end of the turn."""
    state = _state(hands={"p1": ["marauders", "lycaons"]})
    _refused(state, "p1", "act shades", "mythic.err.no_maneuver_card")
    state, _ = run(state, [("p1", "act marauders")])
    assert state.sides["p1"].hand == ["lycaons"] and state.sides["p1"].spent == ["marauders"]
    state, _ = run(state, [("p1", "done"), ("p1", "end")])
    assert state.sides["p1"].discard == ["marauders"] and state.sides["p1"].spent == []


def test_extra_activations_cost_art_of_war_cards_and_never_the_same_unit_twice():
    """001 §III: the n-th activation costs n-1 Art of War cards; no unit twice a turn."""
    state = _state(hands={"p1": ["marauders", "marauders", "lycaons", "shades", "gaolers"]}, aow={"p1": 2})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done")])
    assert "act marauders" not in legal_texts(state, "p1")
    _refused(state, "p1", "act marauders", "mythic.err.already_activated")
    state, _ = run(state, [("p1", "act lycaons"), ("p1", "done")])
    assert state.sides["p1"].aow == 1
    _refused(state, "p1", "act shades", "mythic.err.cannot_pay_activation")
    assert not [t for t in legal_texts(state, "p1") if t.startswith("act ")]


def test_leader_pays_activations_in_power_points():
    """000 §"Leader": 1 power point replaces 1 Art of War card."""
    p1 = ["rhadamanthus@a5", *P1]
    state = battle(
        {"p1": p1, "p2": P2}, hands={"p1": ["marauders", "lycaons", "shades"]}, pp={"p1": 3}, aow={"p1": 1}
    )
    state, _ = run(
        state, [("p1", "act marauders"), ("p1", "done"), ("p1", "act lycaons pp1"), ("p1", "done")]
    )
    assert state.sides["p1"].pp == 2 and state.sides["p1"].aow == 1
    texts = set(legal_texts(state, "p1"))
    assert {
        "act shades pp1",
        "act shades pp2",
    } <= texts and "act shades" not in texts  # 2 to pay, 1 Art of War
    state, _ = run(state, [("p1", "act shades pp1")])
    assert state.sides["p1"].pp == 1 and state.sides["p1"].aow == 0
    plain = _state(hands={"p1": ["marauders", "lycaons"]}, pp={"p1": 3})
    plain, _ = run(plain, [("p1", "act marauders"), ("p1", "done")])
    _refused(plain, "p1", "act lycaons pp1", "mythic.err.no_leader")


def test_cards_convert_into_power_points_at_any_time():
    """001 §3: a maneuver card gives its unit's Leadership (1 if the unit is destroyed), an
    Art of War card 2 power points."""
    state = _state(hands={"p1": ["marauders", "lycaons"]}, aow={"p1": 1}, vit={"p1.lycaons": 0})
    state.units[1] = state.units[1].model_copy(update={"sq": None})
    state, _ = run(state, [("p1", "pp marauders"), ("p1", "pp lycaons"), ("p1", "pp aow")])
    assert state.sides["p1"].pp == content().units["marauders"].leadership + 1 + 2
    assert sorted(state.sides["p1"].discard) == sorted(["marauders", "lycaons", AOW])
    _refused(state, "p1", "pp aow", "mythic.err.no_aow")


def test_an_art_of_war_card_fetches_any_card_from_the_deck_then_shuffles():
    """001 l.402 and l.347."""
    state = _state(hands={"p1": []}, decks={"p1": ["lycaons", "shades", "marauders", AOW]}, aow={"p1": 1})
    assert {"fetch marauders", "fetch aow", "fetch shades"} <= set(legal_texts(state, "p1"))
    outcome = GAME.apply(state, "p1", GAME.notation.parse("fetch marauders", state, "p1"))
    side = outcome.state.sides["p1"]
    assert side.hand == ["marauders"] and side.aow == 0 and side.discard == [AOW]
    assert sorted(side.deck) == sorted(["lycaons", "shades", AOW]) and outcome.reveals
    assert all(
        e.to == "p1" for e in outcome.events if "card" in e.text.params
    )  # the card is named only to p1
    _refused(outcome.state, "p1", "fetch shades", "mythic.err.no_aow")


def test_end_of_turn_three_cards_under_the_deck_for_two():
    """001 l.341: once per turn, after activating, three maneuver cards under the deck, draw two."""
    state = _state(
        hands={"p1": ["marauders", "lycaons", "shades", "gaolers"]}, decks={"p1": ["auditors", AOW]}
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "cycle"
    assert "cycle gaolers lycaons shades" in legal_texts(state, "p1")
    state, events = run(state, [("p1", "cycle lycaons shades gaolers")])
    side = state.sides["p1"]
    assert side.hand == ["auditors"] and side.aow == 1 and side.deck == ["lycaons", "shades", "gaolers"]
    private = [e for e in events if e.to == "p1" and "cards" in e.text.params]
    assert private and all(e.to is not None for e in events if "cards" in e.text.params)


def test_cycling_comes_before_the_hand_limit():
    """RULES-NOTES A2.14 [AMB→cycling comes before the hand limit]."""
    hand = ["lycaons"] * 3 + ["shades"] * 2 + ["gaolers"] * 2 + ["auditors"] * 2
    state = _state(hands={"p1": ["marauders", *hand]}, decks={"p1": ["marauders"] * 3})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "cycle" and len(state.sides["p1"].hand) == 9
    state, _ = run(state, [("p1", "cycle lycaons lycaons lycaons")])
    assert state.top.kind == "hand_limit" and len(state.sides["p1"].hand) == 8
    state, _ = run(state, [("p1", "pp auditors")])  # converting also brings the hand down
    assert state.turn.current == "p2" and len(state.sides["p1"].hand) == 7


def test_new_decks_when_both_are_exhausted_and_the_first_to_run_out_plays():
    """001 §"Making a new deck": at the end of a turn with both decks empty, each general may
    cash cards in, then shuffles the discard into a new deck; the general who ran out first
    plays next."""
    state = _state(hands={"p1": ["marauders"], "p2": []}, decks={"p1": [], "p2": []})
    state.sides["p1"].discard = ["lycaons", AOW]
    state.sides["p2"].discard = ["spartans", "toxotes"]
    state.sides["p2"].exhausted, state.sides["p1"].exhausted = 1, 2
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "reshuffle" and GAME.active(state) == {"p1", "p2"}
    state, _ = run(state, [("p2", "done"), ("p1", "done")])
    assert state.turn.current == "p2"  # p2 ran out first
    total = {r: len(s.deck) + len(s.hand) + s.aow for r, s in state.sides.items()}
    assert total == {"p1": 3, "p2": 2}
    assert state.sides["p1"].discard == [] and state.sides["p2"].discard == []


def test_reinforcement_regains_vitality_when_the_decks_are_rebuilt():
    """000 §"Renforts": one Vitality level per use, again and again, at the reshuffle."""
    state = _state(
        hands={"p1": ["marauders"]}, decks={"p1": [], "p2": []}, pp={"p1": 5}, vit={"p1.shades": 2}
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert "use reinforce shades" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "use reinforce shades"), ("p1", "use reinforce shades")])
    assert state.unit("p1.shades").vit == 4 and state.sides["p1"].pp == 3
    state, _ = run(state, [("p1", "use reinforce shades")])
    assert state.unit("p1.shades").vit == 5
    assert "use reinforce shades" not in legal_texts(state, "p1")  # full Vitality


def test_assault_support_fetches_two_cards_and_activates_two_units_on_the_same_target():
    """000 §"Soutien d'Assaut"."""
    state = battle(
        {
            "p1": ["nyx-riders@c5", "marauders@d5", "lycaons@a1", "shades@b1"],
            "p2": ["spartans@d6", "toxotes@c6", *P2[2:]],
        },
        hands={"p1": []},
        decks={"p1": ["nyx-riders", "marauders", "shades", AOW]},
        pp={"p1": 1},
    )
    state, _ = run(state, [("p1", "use support nyx-riders")])
    assert state.top.kind == "fetch" and state.sides["p1"].pp == 0
    state, _ = run(state, [("p1", "fetch nyx-riders"), ("p1", "fetch marauders")])
    assert state.top.kind == "main" and sorted(state.sides["p1"].hand) == ["marauders", "nyx-riders"]
    assert [t for t in legal_texts(state, "p1") if t.startswith("act")] == ["act nyx-riders"]
    state, _ = run(state, [("p1", "act nyx-riders"), ("p1", "atk c5xd6")])
    while state.top.kind != "main" and state.top.kind != "activation":
        state, _ = run(state, [(state.top.role, decline(state))])
    if state.top.kind == "activation":
        state, _ = run(state, [("p1", "done")])
    state, _ = run(state, [("p1", "act marauders")])
    texts = legal_texts(state, "p1")
    assert "atk d5xd6" in texts and "atk d5xc6" not in texts  # the same enemy
    assert state.sides["p1"].aow == 0 and state.turn.activations == 2
    state, _ = run(state, [("p1", "done")])
    assert not [t for t in legal_texts(state, "p1") if t.startswith("act")]


def test_infantry_drill_activates_only_adjacent_infantry():
    """000 §"Mouvement d'Infanterie": this unit and up to 2 adjacent Infantry, no Art of War."""
    state = battle(
        {"p1": ["spartans@c3", "hoplites-ares@d3", "toxotes@b3", "hippeis@c4", "peltasts@h3"], "p2": P2},
        hands={"p1": ["spartans", "hoplites-ares", "toxotes", "hippeis", "peltasts"]},
        pp={"p1": 2},
    )
    state, _ = run(state, [("p1", "use drill spartans")])
    assert state.top.kind == "main"  # an empty deck: nothing to fetch
    state, _ = run(state, [("p1", "act spartans"), ("p1", "done")])
    acts = {t for t in legal_texts(state, "p1") if t.startswith("act")}
    assert acts == {"act hoplites-ares", "act toxotes"}  # the Hippeis are cavalry, the Peltasts too far


def test_coordinated_assault_allows_four_activations_without_art_of_war():
    """000 §"Assaut Coordonné": this unit and up to 3 others; no other activation."""
    p1 = ["rhadamanthus@c3", "marauders@e3", "lycaons@g3", "shades@i3", "gaolers@k3"]
    state = battle(
        {"p1": p1, "p2": P2},
        hands={"p1": ["rhadamanthus", "marauders", "lycaons", "shades", "gaolers"]},
        pp={"p1": 2},
    )
    state, _ = run(state, [("p1", "use coordinated rhadamanthus")])
    for unit in ("rhadamanthus", "marauders", "lycaons", "shades"):
        state, _ = run(state, [("p1", f"act {unit}"), ("p1", "done")])
    assert state.sides["p1"].aow == 0 and state.turn.activations == 4
    _refused(state, "p1", "act gaolers", "mythic.err.group_full")


def test_talents_before_activating_only_before_the_first_activation():
    """000 §"Soutien d'Assaut": "ne peut être utilisé qu'avant d'activer des Unités"."""
    state = battle({"p1": ["nyx-riders@c5", *P1], "p2": P2}, hands={"p1": ["marauders"]}, pp={"p1": 3})
    assert "use support nyx-riders" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done")])
    assert "use support nyx-riders" not in legal_texts(state, "p1")


def test_group_talents_fetch_up_to_their_number_of_cards_then_shuffle():
    """000 §"Assaut Coordonné" ("jusqu'à 4 cartes"), §"Mouvement d'Infanterie" ("jusqu'à 3
    cartes"): cards of the general's choice from the deck, which is then shuffled (001 l.347)."""
    deck = ["marauders", "lycaons", "shades", "gaolers", "auditors", AOW, "rhadamanthus"]
    p1 = ["rhadamanthus@c3", *P1]
    state = battle({"p1": p1, "p2": P2}, hands={"p1": []}, decks={"p1": list(deck)}, pp={"p1": 2})
    state, _ = run(state, [("p1", "use coordinated rhadamanthus")])
    assert state.top.kind == "fetch" and state.sides["p1"].pp == 0
    assert {"fetch rhadamanthus", "fetch aow", "done"} <= set(legal_texts(state, "p1"))
    rng = state.rng.model_dump()
    state, _ = run(state, [("p1", "fetch rhadamanthus"), ("p1", "fetch marauders"), ("p1", "fetch lycaons")])
    assert state.top.kind == "fetch" and state.rng.model_dump() == rng  # not shuffled until the search ends
    outcome = GAME.apply(state, "p1", GAME.notation.parse("fetch aow", state, "p1"))
    state = outcome.state
    assert (
        state.top.kind == "main" and outcome.reveals and state.rng.model_dump() != rng
    )  # 4 cards: shuffled, done
    side = state.sides["p1"]
    assert (
        sorted(side.hand) == ["lycaons", "marauders", "rhadamanthus"] and side.aow == 1 and side.discard == []
    )
    assert sorted(side.deck) == sorted(["shades", "gaolers", "auditors"])
    drill = battle(
        {"p1": ["spartans@c3", "hoplites-ares@d3", *P1[1:]], "p2": P2},
        hands={"p1": []},
        decks={"p1": ["spartans", "hoplites-ares", "lycaons", "shades"]},
        pp={"p1": 2},
    )
    drill, _ = run(
        drill,
        [
            ("p1", "use drill spartans"),
            ("p1", "fetch spartans"),
            ("p1", "fetch hoplites-ares"),
            ("p1", "fetch lycaons"),
        ],
    )
    assert drill.top.kind == "main" and drill.sides["p1"].deck == ["shades"]  # 3 at most
    early = battle(
        {"p1": ["spartans@c3", *P1[1:]], "p2": P2},
        hands={"p1": []},
        decks={"p1": ["spartans", "lycaons", "shades"]},
        pp={"p1": 2},
    )
    early, _ = run(early, [("p1", "use drill spartans"), ("p1", "fetch spartans"), ("p1", "done")])
    assert (
        early.top.kind == "main"
        and early.sides["p1"].hand == ["spartans"]
        and len(early.sides["p1"].deck) == 2
    )


def test_cards_may_be_cashed_in_before_the_new_decks_are_shuffled():
    """001 §"The Art of War cards": "Right before reshuffling their decks, each player may ...
    discard some or all of the Maneuver cards in his hand and the Art of War cards in front
    of him to earn Power points"; those cards go into the new deck."""
    state = _state(
        hands={"p1": ["marauders"], "p2": ["spartans", "toxotes"]}, decks={"p1": [], "p2": []}, aow={"p2": 1}
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "reshuffle" and {"pp spartans", "pp aow"} <= set(legal_texts(state, "p2"))
    state, _ = run(state, [("p2", "pp spartans"), ("p2", "pp aow")])
    side = state.sides["p2"]
    assert (
        side.pp == content().units["spartans"].leadership + 2 and side.hand == ["toxotes"] and side.aow == 0
    )
    assert state.top.kind == "reshuffle"
    state, _ = run(state, [("p2", "done"), ("p1", "done")])
    owned = state.sides["p2"]
    assert state.turn.current == "p1" and owned.hand == ["toxotes"] and owned.discard == []
    assert sorted(owned.deck) == sorted(["spartans", AOW])  # the cashed-in cards are in the new deck
