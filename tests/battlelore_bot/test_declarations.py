"""What Battlelore Mythologie declares for the table (engine/battlelore/table), checked
without the bot: typed commands become the notation of a legal move, autocomplete comes
from the legal moves and the public view, the army builder shows live points and the
engine's reasons (002 l.207-216), standing orders answer only windows, leagues group by
battle."""

from __future__ import annotations

from functools import lru_cache

import pytest

from engine.battlelore import GAME, field
from engine.battlelore import army as musters
from engine.battlelore import commands as c
from engine.battlelore.state import clone
from engine.battlelore.table import armies, moves
from engine.errors import IllegalCommand
from engine.harness import play
from engine.i18n import T, render
from engine.plugins import TableContext

NAMES = {"p1": "Alice", "p2": "Bruno"}


@lru_cache(maxsize=1)
def played() -> tuple:
    out: list = []
    seats = {r: GAME.players["heuristic"](i) for i, r in enumerate(("p1", "p2"))}
    play(
        GAME,
        seats,
        seed=2,
        options=GAME.Options(max_turns=6),
        on_step=lambda b, r, cmd, o: out.append((b, r, cmd)),
    )
    return tuple(out)


def ctx_for(state, role, locale="en", **values) -> TableContext:
    legal = [GAME.notation.format(m) for m in GAME.legal(state, role)]
    return TableContext(
        locale=locale,
        values=values,
        options=state.options,
        public=GAME.view(state, None),
        role=role,
        names=NAMES,
        legal=legal,
    )


def shortcut(name: str):
    group = next(g for g in GAME.shortcuts if g.name == "bl")
    return next(s for s in group.commands if s.name == name)


def before(kind) -> tuple:
    return next((b, r, cmd) for b, r, cmd in played() if isinstance(cmd, kind))


def test_every_typed_command_becomes_a_legal_move():
    """For each move of a seeded battle, the typed command built from the autocomplete's
    values gives back the very notation played."""
    checked = set()
    for state, role, cmd in played():
        notation = GAME.notation.format(cmd)
        ctx = None
        match cmd:
            case c.Play():
                ctx = ctx_for(state, role, card=notation.split()[1], how=cmd.mode)
                name, pairs = "card", moves.cards
                value = notation.split()[1]
            case c.Act():
                ctx, name, pairs, value = (
                    ctx_for(state, role, unit=cmd.hex),
                    "activate",
                    moves.activations,
                    cmd.hex,
                )
            case c.Move():
                ctx = ctx_for(state, role, unit=cmd.frm, to=cmd.to)
                name, pairs, value = "move", moves.destinations, cmd.to
            case c.Attack():
                ctx = ctx_for(state, role, target=cmd.to, unit=cmd.frm, fire=cmd.ranged)
                name, pairs, value = "attack", moves.targets, cmd.to
            case c.Retreat():
                ctx, name, pairs, value = ctx_for(state, role, to=cmd.to), "retreat", moves.retreats, cmd.to
            case c.Deploy():
                ctx = ctx_for(state, role, unit=cmd.unit, hex=cmd.hex)
                name, pairs, value = "deploy", moves.deploy_hexes, cmd.hex
        if ctx is None:
            continue
        assert value in [v for _, v in pairs(ctx)], (notation, pairs(ctx))
        assert shortcut(name).play(ctx) == notation
        checked.add(name)
    assert checked == {"card", "activate", "move", "attack", "retreat", "deploy"}


def target_left(unit) -> int:
    return field.left(unit)


def test_suggestions_name_units_from_the_public_view():
    state, role, cmd = before(c.Attack)
    found = dict((v, label) for label, v in moves.targets(ctx_for(state, role, unit=cmd.frm)))
    target = state.unit_at(cmd.to)
    assert found[cmd.to].startswith(
        f"{cmd.to} {render(T(f'bl.n.{target.card}'), 'en')} ({target_left(target)})"
    )
    french = moves.cards(ctx_for(*before(c.Play)[:2], locale="fr"))
    assert french and all(" · " in label for label, _ in french)
    # the retreat path in words: where the unit ends, holding on its own hex
    state, role, cmd = before(c.Retreat)
    here = state.units[state.attack.dfd].hex
    for locale, hold, back in (("en", "Hold on ", "Retreat to "), ("fr", "Tenir en ", "Reculer en ")):
        for label, value in moves.retreats(ctx_for(state, role, locale)):
            assert label.startswith((hold if value == here else back) + value), label


def test_an_attack_without_its_attacker_is_inferred_or_refused():
    state, role, cmd = before(c.Attack)
    attackers = {m.frm for m in GAME.legal(state, role) if isinstance(m, c.Attack) and m.to == cmd.to}
    ctx = ctx_for(state, role, target=cmd.to)
    if len(attackers) == 1:
        assert shortcut("attack").play(ctx).endswith(f"x{cmd.to}")
    else:
        with pytest.raises(IllegalCommand) as exc:
            shortcut("attack").play(ctx)
        assert exc.value.text.key == "blt.err.which_attacker"
    with pytest.raises(IllegalCommand) as missing:
        shortcut("retreat").play(ctx_for(state, role))
    assert missing.value.text.key == "blt.err.missing"


def test_the_army_builder_shows_points_and_the_engines_reasons():
    ctx = TableContext(locale="en", values={"people": "greek"})
    hop, spart = musters.price("hop", "a"), musters.price("spart", "a")
    first = armies.complete_units(ctx, "hop hop spa")
    assert first[0] == (f"❌ {2 * hop}/400: An army has 12 to 18 units, not 2.", "hop hop")
    assert (f"Spartans ({spart}) · {2 * hop + spart}/400", "hop hop spart") in first
    full = "hop hop hop spart spart pelt pelt crete crete sling hipp/b achil g:zeus g:athena "
    verdict = armies.complete_units(ctx, full)[0][0]
    assert verdict == "✅ 12 units · 374/400 points"
    # the enemy's chaos mythology may be drafted, one's own may not (002 l.30-33)
    egypt_vs_greek = {
        v.split()[-1]
        for _, v in armies.complete_units(
            TableContext(locale="en", values={"people": "egypt", "enemy": "greek"}), "har"
        )
    }
    assert "harpy" in egypt_vs_greek
    greek = {
        v
        for _, v in armies.complete_units(
            TableContext(locale="en", values={"people": "greek", "enemy": "egypt"}), "har"
        )
    }
    assert not any("harpy" in v for v in greek)
    with pytest.raises(IllegalCommand) as exc:
        armies.ARMIES.build("Few", {"people": "greek", "units": "hop hop"})
    assert (
        render(exc.value.text, "en") == "This army can never be mustered: An army has 12 to 18 units, not 2."
    )
    with pytest.raises(IllegalCommand):
        armies.parse_army("hop q:zeus")


def test_saved_armies_round_trip_and_starters_fit_the_points():
    built = armies.ARMIES.build(
        "Phalanx",
        {
            "people": "greek",
            "units": "hop,hop,hop,spart,spart,pelt,pelt,crete,crete,sling,hipp/b,achil,g:zeus",
        },
    )
    loaded = armies.ARMIES.load("Phalanx", built.data())
    assert (
        loaded.notation()
        == built.notation()
        == "army hop hop hop spart spart pelt pelt crete crete sling hipp/b achil g:zeus"
    )
    starter = armies.find_starter("Phalanx of Hellas")
    assert starter is not None and starter.notation() == "army greek1" and starter.cost() <= 400
    lines = [
        render(x, "fr") for x in armies.ARMIES.check_lines({"people": "greek", "units": "hop", "points": 200})
    ]
    assert lines[0] == f"Grecs\u00a0: 1 unité, {musters.price('hop', 'a')}/200 points" and lines[
        1
    ].startswith("❌")


def at_step(step: str) -> tuple:
    return next((b, r) for b, r, _ in played() if b.step == step and GAME.window(b, r) is not None)


def test_standing_orders_answer_only_their_windows():
    state, role = at_step("riposte")  # 002 l.285-289: the defender that held may riposte
    assert GAME.standing(state, role, {}) is None  # ask: the player decides
    assert GAME.standing(state, role, {"riposte": "never"}) == c.Pass()
    ripost = GAME.standing(state, role, {"riposte": "always"})
    assert isinstance(ripost, c.Riposte) and ripost in GAME.legal(state, role)
    state, role = at_step("retreat")
    assert GAME.standing(state, role, {}) is None
    chosen = GAME.standing(state, role, {"retreat": "least"})
    assert chosen == GAME.window(state, role).timeout and chosen in GAME.legal(state, role)
    own_turn, active, _ = before(c.Move)
    assert GAME.standing(own_turn, active, {"riposte": "always", "retreat": "least", "lore": "never"}) is None
    assert [o.key for o in GAME.orders] == ["riposte", "retreat", "lore"]
    assert all("ask" in o.values for o in GAME.orders)


def test_league_facts_group_by_battle():
    last = played()[-1][0]
    finished = GAME.apply(last, played()[-1][1], played()[-1][2]).state
    details = GAME.league.details(finished)
    assert details["scenario"] == finished.scenario and set(details["peoples"]) == {"p1", "p2"}
    # leagues record each seat's people and the battle (bot/leagues/recording.py)
    from types import SimpleNamespace

    from bot.leagues.recording import game_details, match_seats

    result = GAME.result(finished)
    assert result.details["factions"] == details["factions"] == details["peoples"]
    record = SimpleNamespace(game="battlelore", options={"battle": "pitched"}, seq=9, started_at=None)
    seats = match_seats(record, {"p1": "u1", "p2": "u2"}, result)
    assert {s.user_id: s.faction for s in seats} == {
        "u1": details["peoples"]["p1"],
        "u2": details["peoples"]["p2"],
    }
    assert all(s.first is not None for s in seats)
    assert game_details(record, result)["variant"] == "pitched"
    assert GAME.league.variant_of({"battle": "pitched"}, details) == "pitched"
    assert GAME.league.variant_of({}, {"scenario": "ford"}) == "ford"
    assert "pitched" in GAME.league.variants and "ford" in GAME.league.variants
    assert GAME.league.side_size("ford") == 1


def test_the_unit_image_shortcut_picks_a_fielded_unit():
    state, role, _ = before(c.Move)
    hexes = [u.hex for u in GAME.view(state, None).units if u.hex]
    ctx = ctx_for(state, role, unit=hexes[0])
    assert shortcut("unit").pick(ctx) == hexes[0]
    with pytest.raises(IllegalCommand):
        shortcut("unit").pick(ctx_for(clone(state), role, unit="a5" if "a5" not in hexes else "m9"))
    assert shortcut("army").pick(ctx_for(state, role, player="bruno")) == "p2"


def test_the_private_view_in_words():
    """`/game hand` without an image: each card's reach now, the Lore options, the camp."""
    state = next(b for b, _, _ in played() if b.step == "card")
    lines = [render(x, "en") for x in GAME.describe(GAME.view(state, "p1"))]
    hand = state.sides["p1"].hand
    assert lines[0] == f"Your hand ({len(hand)} cards):"
    assert len([x for x in lines if x.startswith("• `")]) == len(hand) + len(state.sides["p1"].extra)
    assert any("face-up" in x for x in lines)
    assert GAME.describe(GAME.view(state, None)) == []  # a spectator has no hand
    camp = next(
        b
        for b, _, _ in played()
        if b.step == "deploy" and any(u.owner == "p1" and not u.hex for u in b.units.values())
    )
    mine = [render(x, "fr") for x in GAME.describe(GAME.view(camp, "p1"))]
    assert mine[-1].startswith("À déployer\u00a0: ")
