"""The protocol surface: identity, result details, windows, standing orders, labels, views."""

from __future__ import annotations

import json

from engine.hoplomachus import GAME
from engine.hoplomachus import commands as c
from engine.hoplomachus.state import Options
from engine.i18n import render
from engine.protocol import Game
from tests.hoplomachus.scenario import campaign, fight


def test_game_identity_is_solo():
    assert isinstance(GAME, Game)
    assert GAME.id == "hoplomachus" and GAME.min_players == GAME.max_players == 1
    assert GAME.roles(Options()) == ["p1"]
    assert set(GAME.players) == {"random", "heuristic"}


def test_setup_is_seeded_and_a_hero_may_be_named():
    a, b = GAME.setup(Options(), ["p1"], 11), GAME.setup(Options(), ["p1"], 11)
    assert a.model_dump_json() == b.model_dump_json()
    assert GAME.setup(Options(hero="virago"), ["p1"], 1).hero == "virago"


def test_result_details_on_defeat_and_victory():
    state = campaign("nox")
    state.outcome, state.ended = "lost", {"act": 2, "why": "hero", "fight": "primus"}
    r = GAME.result(state)
    assert r.winners == [] and r.details["act"] == 2 and r.details["fight"] == "primus"
    assert r.details["hero"] == "nox" and r.details["difficulty"] == "valiant"
    assert r.details["outcome"] == "lost" and r.scores == {"p1": 0.0}
    assert "fell" in render(r.reason, "en")
    state.outcome, state.ended = "won", {"act": 4, "why": "victory", "fight": "scion"}
    assert GAME.result(state).winners == ["p1"]


def test_windows_for_small_choices_time_out_on_a_legal_command():
    state = campaign("nox")
    state.phase, state.offered = "keep", ["op_bill", "op_wolf"]
    w = GAME.window(state, "p1")
    assert w is not None and w.timeout in GAME.legal(state, "p1")
    assert render(GAME.label(state, "p1", c.Keep(card="op_bill")), "fr") == "La note du boucher"
    assert GAME.window(campaign("nox"), "p1") is None


def test_standing_order_answers_the_rivals_questions():
    state = fight(["r:kl_blade@d3", "p:kl_guard@c4", "p:la_shell@d4"], arena="argonauts")
    from engine.hoplomachus.state import Ask

    state.ask = Ask(kind="target", step="engage", actor=state.fight.units[0].fid, options=["c4", "d4"])
    assert GAME.standing(state, "p1", {"rivals": "auto"}) == c.Pick(hex="c4")
    assert GAME.standing(state, "p1", {"rivals": "ask"}) is None
    assert render(GAME.label(state, "p1", c.Pick(hex="d4")), "en") == "It attacks Shellback (d4)"


def test_the_public_view_hides_what_only_the_player_saw():
    state = campaign("nox")
    state.phase, state.offered = "reorder", ["sp_hill", "sp_drill"]
    state.seen["sport"] = 2
    public, mine = GAME.view(state, None), GAME.view(state, "p1")
    assert public.offered is None and public.known is None
    assert mine.offered == ["sp_hill", "sp_drill"] and len(mine.known["sport"]) == 2
    dumped = json.loads(public.model_dump_json())
    assert isinstance(dumped["bag"], int) and isinstance(dumped["decks"]["sport"], int)


def test_a_saved_state_loads_back():
    state = fight(["p:kl_blade@d5", "r:kl_guard@d3"])
    assert GAME.load_state(json.loads(state.model_dump_json())) == state
    assert GAME.load_command({"kind": "mv", "frm": "d5", "to": "d4"}) == c.Move(frm="d5", to="d4")


def test_rules_and_summary_read_in_both_languages():
    for text in GAME.rules:
        assert render(text, "en") != text.key and render(text, "fr") != text.key
    state = fight(["p:kl_blade@d5", "r:kl_guard@d3"])
    lines = [render(t, "fr") for t in GAME.summary(GAME.view(state, None))]
    assert lines[0].startswith("Nox, Valeureux") and "acte 1" in lines[0] and "Combat" in lines[2]


def test_every_catalog_key_used_by_the_engine_exists_in_both_languages():
    import re
    from pathlib import Path

    from engine.i18n import has_key

    root = Path(__file__).resolve().parents[2] / "engine" / "hoplomachus"
    keys = set()
    for path in root.glob("*.py"):
        keys |= set(re.findall(r'"(hop\.(?:err|ev|order|result|window)\.[a-z_.]+)"', path.read_text()))
    assert keys
    for key in keys:
        assert has_key(key, "en") and has_key(key, "fr"), key


def test_every_event_of_a_campaign_reads_in_both_languages():
    from engine.hoplomachus.players import HeuristicPlayer

    state = GAME.setup(Options(difficulty="chosen"), ["p1"], 3)
    player = HeuristicPlayer(3)
    for _ in range(400):
        if GAME.result(state) is not None:
            break
        out = GAME.apply(state, "p1", player.choose(state, "p1"))
        for event in out.events:
            for loc in ("en", "fr"):
                text = render(event.text, loc)
                assert "hop." not in text, text
        state = out.state
