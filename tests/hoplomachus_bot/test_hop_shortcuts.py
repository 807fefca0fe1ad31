"""`/hop ...` at the service's seam (engine/plugins.py): each typed command becomes the
notation `/play` takes, autocomplete lists the asker's legal moves in words read from the
public view, and the hall of fame reads the finished campaign's details."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.harness import play
from engine.hoplomachus import GAME
from engine.plugins import TableContext

SEED = 30  # fearless, random player: Stygiana travels to pls, fights King of the Hill, falls
OPTIONS = GAME.Options(difficulty="fearless")
COMMANDS = {c.name: c for c in GAME.shortcuts[0].commands}


def campaign() -> list:
    before: list = []
    record = play(GAME, {"p1": GAME.players["random"](SEED)}, seed=SEED, options=OPTIONS,
                  on_step=lambda b, _r, _c, _o: before.append(b))  # fmt: skip
    return [*before, record.state]


STATES = campaign()


def ctx(state, locale: str = "en", role: str | None = "p1", **values) -> TableContext:
    legal = [GAME.notation.format(c) for c in GAME.legal(state, "p1")] if role else []
    return TableContext(
        locale=locale, values=values, options=OPTIONS, public=GAME.view(state, None), role=role,
        names={"p1": "Ann"}, legal=legal,
    )  # fmt: skip


def complete(name: str, param: str, state, typed: str = "", locale: str = "en", **values):
    found = next(p for p in COMMANDS[name].params if p.name == param)
    return found.complete(ctx(state, locale, **values), typed)


def where(test):
    return next(s for s in STATES if test(s))


def test_the_group_is_declared_with_every_command_of_the_issue():
    group = GAME.shortcuts[0]
    assert group.name == "hop" and group.prefix == "hopbot"
    for name in (
        "travel",
        "event",
        "deploy",
        "tactic",
        "move",
        "attack",
        "special",
        "pick",
        "choose",
        "end",
        "auto",
    ):
        assert COMMANDS[name].play is not None
    assert {c.image for c in group.commands if c.image} == {"map", "camp", "arena", "event"}


def test_travel_completes_the_destinations_in_words_and_plays_go():
    travel = where(lambda s: s.phase == "travel")
    found = complete("travel", "to", travel)
    assert ("Go to Exiles' Camp (pls) · Sport · go pls", "pls") in found
    assert [v for _, v in complete("travel", "to", travel, typed="exil")] == ["pls"]  # by its words
    assert COMMANDS["travel"].play(ctx(travel, to="PLS")) == "go pls"
    french = complete("travel", "to", travel, locale="fr")
    assert any(label.startswith("Aller à Camp des exilés (pls)") for label, _ in french)


def test_the_event_offers_the_sports_of_the_card_and_spectating():
    event = where(lambda s: s.phase == "event")
    assert [v for _, v in complete("event", "choice", event)] == ["fight koth", "spectate"]
    assert COMMANDS["event"].play(ctx(event, choice="Fight KOTH")) == "fight koth"


def test_every_small_choice_is_offered_in_words_by_choose():
    tribune = where(lambda s: s.phase == "tribune")
    offered = complete("choose", "option", tribune)
    assert [v for _, v in offered] == ["tribune 1", "tribune 2", "tribune 3"]
    assert offered[1][0] == "Tribune: Deep Oracle (2) · tribune 2"  # the rival camp, from the public view


def test_deploy_completes_the_units_then_the_hexes_of_the_chosen_unit():
    deploying = where(lambda s: s.phase == "fight" and any(c.kind == "dep" for c in GAME.legal(s, "p1")))
    units = complete("deploy", "unit", deploying)
    assert ("your hero · hero", "hero") in units and len({v for _, v in units}) == len(units)
    hexes = [v for _, v in complete("deploy", "hex", deploying, unit="pl_walker")]
    legal = {GAME.notation.format(c) for c in GAME.legal(deploying, "p1")}
    assert hexes and all(f"dep pl_walker {h}" in legal for h in hexes)
    assert COMMANDS["deploy"].play(ctx(deploying, unit="pl_walker", hex="D7")) == "dep pl_walker d7"


def test_an_attack_needs_the_attacker_only_when_several_can_strike():
    attacking = where(lambda s: any(c.kind == "atk" for c in GAME.legal(s, "p1")))
    attacks = [c for c in GAME.legal(attacking, "p1") if c.kind == "atk"]
    target = attacks[0].target
    by = [a.actor for a in attacks if a.target == target]
    shown = complete("attack", "target", attacking)
    assert target in [v for _, v in shown] and all(" (" in label for label, _ in shown)  # "Unit (hex) · hex"
    if len(by) == 1:
        assert COMMANDS["attack"].play(ctx(attacking, target=target)) == f"atk {by[0]}x{target}"
    else:
        with pytest.raises(IllegalCommand) as refused:
            COMMANDS["attack"].play(ctx(attacking, target=target))
        assert refused.value.text.key == "hopbot.err.which"
    assert COMMANDS["attack"].play(ctx(attacking, target=target, attacker=by[0])) == f"atk {by[0]}x{target}"


def test_a_question_about_the_rivals_turn_is_answered_by_pick():
    asked = where(lambda s: s.ask is not None)
    found = complete("pick", "hex", asked)
    assert [v for _, v in found] == asked.ask.options
    assert all(
        label.endswith(f"({h}) · {h}") and not label.startswith(h) for label, h in found
    )  # the unit, named
    assert COMMANDS["pick"].play(ctx(asked, hex=asked.ask.options[0])) == f"pick {asked.ask.options[0]}"


def test_a_spectator_gets_no_suggestion_and_a_clear_refusal():
    attacking = where(lambda s: any(c.kind == "atk" for c in GAME.legal(s, "p1")))
    target = next(c.target for c in GAME.legal(attacking, "p1") if c.kind == "atk")
    watcher = ctx(attacking, role=None, target=target)
    assert next(p for p in COMMANDS["attack"].params if p.name == "target").complete(watcher, "") == []
    with pytest.raises(IllegalCommand) as refused:
        COMMANDS["attack"].play(watcher)
    assert refused.value.text.key == "hopbot.err.not_your_move"


def test_the_image_commands_show_the_seat_and_refuse_before_the_start():
    assert COMMANDS["camp"].pick(ctx(STATES[0])) == "p1"
    with pytest.raises(IllegalCommand):
        COMMANDS["camp"].pick(TableContext(locale="en"))


def test_the_hall_of_fame_reads_hero_difficulty_acts_weeks_and_outcome():
    last = STATES[-1]
    result = GAME.result(last)
    assert result is not None and result.winners == [] and result.losers == ["p1"] and not result.is_draw
    for field in ("hero", "difficulty", "act", "weeks", "why"):
        assert field in result.details
    league = GAME.league
    assert set(league.variants) == {"chosen", "valiant", "fearless"}
    assert league.variant_of({}, result.details) == "fearless" and league.side_size("fearless") == 1
    details = league.details(last)
    assert details == {"hero": "stygiana", "difficulty": "fearless", "act": 1, "weeks": last.weeks,
                       "why": "hero", "outcome": "lost"}  # fmt: skip
    unfinished = league.details(STATES[5])
    assert unfinished["outcome"] == "abandoned" and unfinished["why"] == "abandoned"
