"""Options carry their text where choices are made (issue 25), for the four games, through the
table service in English and French: the words of `/play`'s list (autocomplete and the local
table's `moves`) say what a prowess, tactic, power or card does; `/game hand` follows each
Battlelore Command card with its order; a button's message lists what each button does."""

from __future__ import annotations

from typing import Any

from bot_helpers import FakeClock, make_service

from bot.service import Actor, Where
from bot.store import open_store
from engine import get_game
from engine.i18n import render

WHERE = Where("guild-words", "chan-words")
ALICE = Actor("u-alice", "alice", locale="en")
ALICE_FR = Actor("u-alice", "alice", locale="fr")


async def _game(tmp_path, game_id: str, **options: Any):
    game = get_game(game_id)
    store = await open_store(tmp_path / f"{game_id}.db")
    service = make_service(store, FakeClock(), games={game_id: game})
    await service.new_game(WHERE, ALICE, game_id, {**options, "seed": 3})
    while (await service._channel_table(WHERE)).free_roles():
        await service.add_bot(WHERE, ALICE, "heuristic")
    await service.start_game(WHERE, ALICE)
    return game, store, service


async def _until(service, game, found, most: int = 300):
    """Play the heuristic's moves for alice until `found(table)` holds; returns the table."""
    chooser = game.players["heuristic"](5)
    for _ in range(most):
        table = await service._channel_table(WHERE, last=True)
        if table.record.status != "running":
            break
        if found(table):
            return table
        role = table.seat_of(ALICE.user_id).role
        await service.play(WHERE, ALICE, game.notation.format(chooser.choose(table.state, role)))
    raise AssertionError("never reached")


async def test_hoplomachus_prowess_choice_says_what_each_prowess_does(tmp_path):
    """The campaign opens on the prowess choice (seed 003 l.509-511: Chosen, 3 prowesses)."""
    game, store, service = await _game(tmp_path, "hoplomachus", difficulty="chosen")
    try:  # the Chosen bonus die comes first, then the prowesses
        await _until(service, game, lambda t: any(type(c).__name__ == "Prowess" for c in t.legal("p1")))
        english = dict(await service.legal_choices(WHERE, ALICE))
        french = dict(await service.legal_choices(WHERE, ALICE_FR))
        assert english["prowess pw_edge"] == "Prowess: Keen Edge — one hero die one colour stronger"
        assert french["prowess pw_edge"].endswith("— un dé du héros plus fort d’une couleur")
        assert english["prowess pw_quick"].endswith("— hero gains Quickstrike")
        assert all(
            "—" in english[m] for m in english if m.startswith("prowess ") and ";" not in m
        )  # not a chain
    finally:
        await store.close()


async def test_athena_powers_are_named_beside_their_codes(tmp_path):
    game, store, service = await _game(tmp_path, "athena")
    try:
        await _until(service, game, lambda t: any(type(c).__name__ == "Play" for c in t.legal("p1")))
        english = dict(await service.legal_choices(WHERE, ALICE))
        french = dict(await service.legal_choices(WHERE, ALICE_FR))
        played = [m for m in english if "@" in m]
        assert played
        code = played[0].split("@")[0]
        power = _power(code)
        for words, locale in ((english, "en"), (french, "fr")):
            name, text = render(power.name, locale), render(power.text[0], locale)
            for move in (
                m for m in played if m.startswith(f"{code}@")
            ):  # the name beside the code, its effect
                assert f"{name} ({code})" in words[move] and words[move].endswith(f" — {text}"), words[move]
    finally:
        await store.close()


def _power(code: str):
    return next(e for e in get_game("athena").glossary() if e.key == f"power.{code}")


async def test_battlelore_hand_shows_each_command_card_text(tmp_path):
    game, store, service = await _game(tmp_path, "battlelore", battle="pass")
    try:
        await _until(service, game, lambda t: any(type(c).__name__ == "Play" for c in t.legal("p1")))
        hand = "\n".join(
            render(line, "en") for m in (await service.hand(WHERE, ALICE)).messages for line in m.lines
        )
        assert "  ↳ Order " in hand, hand
        french = "\n".join(
            render(line, "fr") for m in (await service.hand(WHERE, ALICE_FR)).messages for line in m.lines
        )
        assert "  ↳ Donnez un ordre " in french, french
        words = dict(await service.legal_choices(WHERE, ALICE))
        plays = [w for m, w in words.items() if m.startswith("play ") and ";" not in m]  # one move, no chain
        explained = [
            w for w in plays if "—" in w
        ]  # played for its text; "anywhere" and mana modes say it all
        assert explained and all("— Order " in w for w in explained), plays
        assert any(" — Order up to 3 units " in w for w in explained)
    finally:
        await store.close()


async def test_battlelore_fury_button_message_says_what_fury_does(tmp_path):
    game, store, service = await _game(tmp_path, "battlelore", battle="pass")
    try:

        def fury(table) -> bool:
            return any(getattr(c, "ability", None) == "fury" for c in table.legal("p1"))

        await _until(service, game, fury, most=600)
        hand = (await service.hand(WHERE, ALICE)).messages[0]
        labels = [render(b.label, "en") for b in hand.buttons]
        shown = [render(line, "en") for line in hand.lines]
        assert "Use Fury" in labels
        assert "• Use Fury: one more die, added to this roll" in shown
        french = [render(line, "fr") for line in (await service.hand(WHERE, ALICE_FR)).messages[0].lines]
        assert "• Utiliser Furie\u00a0: un dé de plus, ajouté à ce jet" in french, french
    finally:
        await store.close()


def test_blarmy_show_says_what_its_marks_mean_and_explain_reads_them():
    from engine.glossary import find

    game = get_game("battlelore")
    starter = game.setups.starters()[0]
    shown = [render(line, "fr") for line in game.setups.show_lines(starter)]
    assert shown[-1].startswith("La lettre après une unité est sa barre, le nombre son coût")
    assert "`/game explain name:g:`" in shown[-1]
    for typed, key in (("g:", "mark.more"), ("m:", "mark.mana"), ("a:", "mark.more"), ("a (50)", "mark.bar")):
        assert find(game.glossary(), typed)[0].key == key, typed


async def test_athena_hand_says_what_each_power_in_hand_does(tmp_path):
    game, store, service = await _game(tmp_path, "athena")
    try:
        await _until(service, game, lambda t: any(type(c).__name__ == "Play" for c in t.legal("p1")))
        table = await service._channel_table(WHERE)
        hand = table.game.view(table.state, "p1").armies["p1"].hand or []  # alice's own powers
        codes = sorted({p.code for p in hand})
        assert codes
        for actor, locale, colon in ((ALICE, "en", ":"), (ALICE_FR, "fr", "\u00a0:")):
            lines = [render(x, locale) for m in (await service.hand(WHERE, actor)).messages for x in m.lines]
            for code in codes:
                power = _power(code)
                expected = f"  ↳ {render(power.name, locale)} ({code}){colon} {render(power.text[0], locale)}"
                assert expected in lines, (expected, lines)
    finally:
        await store.close()


async def test_hoplomachus_hand_says_what_tactics_prowesses_and_blessings_do(tmp_path):
    game, store, service = await _game(tmp_path, "hoplomachus", difficulty="chosen")
    try:
        await _until(service, game, lambda t: any(type(c).__name__ == "Prowess" for c in t.legal("p1")))
        await service.play(WHERE, ALICE, "prowess pw_edge")
        english = [render(x, "en") for m in (await service.hand(WHERE, ALICE)).messages for x in m.lines]
        french = [render(x, "fr") for m in (await service.hand(WHERE, ALICE_FR)).messages for x in m.lines]
        assert "• Prowess Keen Edge: one hero die one colour stronger" in english
        assert any(line.startswith("• Tactic ") and ": " in line for line in english)
        assert any(line.startswith("8 Blessings left: strike one off to Survive") for line in english)
        assert "• Prouesse Tranchant affûté\u00a0: un dé du héros plus fort d’une couleur" in french
    finally:
        await store.close()


async def test_mythic_hand_says_what_each_talent_of_your_units_does(tmp_path):
    game, store, service = await _game(tmp_path, "mythic")
    try:
        table = await _until(
            service, game, lambda t: t.state.phase not in ("recruit", "army", "setup"), most=400
        )
        view = table.game.view(table.state, "p1")
        talents = {t.id for u in view.units if u.owner == "p1" and u.stats for t in u.stats.talents}
        assert talents
        for actor, locale in ((ALICE, "en"), (ALICE_FR, "fr")):
            lines = [render(x, locale) for m in (await service.hand(WHERE, actor)).messages for x in m.lines]
            shown = [line for line in lines if line.startswith("  ↳ ")]
            assert len(shown) == len(talents), lines
            entry = next(e for e in game.glossary() if e.key == f"talent.{sorted(talents)[0]}")
            assert any(line.endswith(render(entry.short, locale)) for line in shown)
    finally:
        await store.close()
