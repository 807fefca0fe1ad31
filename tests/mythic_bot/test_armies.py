"""Saved armies (`/army`) on a temporary SQLite: save, list, show, delete, check; limits,
privacy per user, and the engine's reason when an army is refused."""

from __future__ import annotations

import time
from pathlib import Path

import aiosqlite
import pytest
from mythic_bot_helpers import ALICE, BOB, NICK, REFUSED, WHERE, MythicCommands, text

from bot.store import migrate
from engine.i18n import render
from engine.mythic.table.armies import options_for, parse_units
from engine.mythic.table.saved import MythicArmies

MAX_ARMIES = MythicArmies.max_saved

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
TEAM_ARMY = "marauders gaolers harpies lycaons shades artillerymen"  # 58 points: 4-player variant only
MIXED = "talos cerberus marauders spartans shades"  # 95 points across factions: deck building only


async def test_save_list_show_delete(mythic):
    saved = await mythic.save(WHERE, ALICE, "Hellhounds", "hades", NICK)
    assert saved.messages[0].ephemeral and saved.public() == []
    assert "Army **Hellhounds** saved: Hades, 7 units, 100 points." in text(saved)
    assert "duel (100 points)" in text(saved) and "teams" not in text(saved)

    listed = text(await mythic.list_armies(WHERE, ALICE))
    assert "**Your armies** (1/25)" in listed and "**Hellhounds**: Hades, 7 units, 100 points" in listed
    assert "**Nick's army (rulebook example)** (`nick`): Hades, 7 units, 100 points" in listed

    shown = text(await mythic.show(WHERE, ALICE, "hellhounds"))  # names are found whatever the case
    assert "Cerberus, Guardian of the Gate of Hell (29)" in shown and "Factions: Hades" in shown
    assert "✅ duel (100 points)" in shown
    assert "❌ teams of two (60 points): This army costs 100 points: spend between 55 and 60." in shown

    assert "Army **Hellhounds** deleted." in text(await mythic.delete(WHERE, ALICE, "HELLHOUNDS"))
    assert "None yet" in text(await mythic.list_armies(WHERE, ALICE))
    with pytest.raises(REFUSED) as gone:
        await mythic.delete(WHERE, ALICE, "Hellhounds")
    assert gone.value.text.key == "mythicbot.err.no_saved_army"


async def test_french_reader_gets_french_names_and_starters(mythic):
    await mythic.save(
        WHERE,
        BOB,
        "Meute",
        None,
        "cerbère, rhadamanthe, assesseurs, maraudeurs, legion-a, legion-p, artilleurs",
    )
    listed = text(await mythic.list_armies(WHERE, BOB), "fr")
    assert "**Vos armées** (1/25)" in listed and "**Meute**\u00a0: Hadès, 7 Unités, 100 points" in listed
    assert "**L'armée de Jean (exemple du livret)** (`nick`)" in listed
    shown = text(await mythic.show(WHERE, BOB, "nick"), "fr")  # a starter shows like a saved army
    assert "Cerbère, Gardien de la Porte des Enfers (29)" in shown and "✅ duel (100 points)" in shown


async def test_an_army_valid_only_in_teams_is_saved_and_says_so(mythic):
    reply = text(await mythic.save(WHERE, ALICE, "Small", "hades", TEAM_ARMY))
    assert "58 points" in reply and "Valid for: teams of two (60 points)." in reply
    mixed = text(await mythic.save(WHERE, ALICE, "Mixed", None, MIXED))
    assert "Valid for: deck building (100 points)." in mixed


async def test_an_army_valid_nowhere_is_refused_with_the_engines_reasons(mythic, store):
    with pytest.raises(REFUSED) as refused:
        await mythic.save(WHERE, ALICE, "Tiny", "hades", "cerberus marauders")
    shown = render(refused.value.text, "en")
    assert "valid under no option set" in shown and "An army has 5 to 10 units, not 2." in shown
    with pytest.raises(REFUSED) as twice:
        await mythic.save(WHERE, ALICE, "Twins", "hades", NICK + " cerberus")
    assert "can be recruited only once" in render(twice.value.text, "en")
    assert "None yet" in text(await mythic.list_armies(WHERE, ALICE))


async def test_saved_armies_are_private_to_their_owner(mythic):
    await mythic.save(WHERE, ALICE, "Secret", "hades", NICK)
    assert "Secret" not in text(await mythic.list_armies(WHERE, BOB), "fr")
    for attempt in (mythic.show(WHERE, BOB, "Secret"), mythic.delete(WHERE, BOB, "Secret")):
        with pytest.raises(REFUSED):
            await attempt
    assert "**Secret**" in text(await mythic.list_armies(WHERE, ALICE))
    await mythic.save(WHERE, BOB, "Secret", "hades", TEAM_ARMY)  # the same name is another army
    assert "100 points" in text(await mythic.show(WHERE, ALICE, "Secret"))


async def test_limits_on_names_and_count(mythic):
    for bad in ("x" * 33, "   ", "tab\tin\u0007name"):
        with pytest.raises(REFUSED) as refused:
            await mythic.save(WHERE, ALICE, bad, "hades", NICK)
        assert refused.value.text.key == "mythicbot.err.name"
    for starter in ("nick", "The Phalanx", "La Horde des Damnés"):
        with pytest.raises(REFUSED) as taken:
            await mythic.save(WHERE, ALICE, starter, "hades", NICK)
        assert taken.value.text.key == "mythicbot.err.starter_name"
    for i in range(MAX_ARMIES):
        await mythic.save(WHERE, ALICE, f"Army {i}", "hades", NICK)
    with pytest.raises(REFUSED) as full:
        await mythic.save(WHERE, ALICE, "One more", "hades", NICK)
    assert "already have 25 saved armies" in render(full.value.text, "en")
    replaced = text(await mythic.save(WHERE, ALICE, "army 3", "hades", TEAM_ARMY))  # replacing is fine
    assert "replaced" in replaced and "(25/25)" in text(await mythic.list_armies(WHERE, ALICE))


async def test_check_gives_the_live_cost_and_the_engines_verdict(mythic):
    ok = text(await mythic.check(WHERE, ALICE, "hades", NICK))
    assert "7 units, 100/100 points." in ok and "✅ Valid with these options." in ok
    short = text(
        await mythic.check(WHERE, ALICE, "hades", "cerberus rhadamanthus auditors marauders legion-a")
    )
    assert "91/100" in short and "❌ This army costs 91 points: spend between 95 and 100." in short
    assert "✅" in text(await mythic.check(WHERE, ALICE, "hades", TEAM_ARMY, teams=True))
    assert "58/58 points" in text(await mythic.check(WHERE, ALICE, None, TEAM_ARMY, points=58))
    mixed = text(await mythic.check(WHERE, ALICE, "athena", MIXED))
    assert "does not serve Athena" in mixed
    assert "✅" in text(await mythic.check(WHERE, ALICE, "athena", MIXED, deckbuilding=True))
    french = text(await mythic.check(WHERE, BOB, "hades", "cerbère"), "fr")
    assert "Hadès\u00a0: Cerbère, Gardien de la Porte des Enfers. 1 Unité, 29/100 points." in french
    assert "Une armée compte de 5 à 10 Unités, pas 1." in french


def test_units_are_read_by_id_prefix_or_name_in_either_language():
    assert parse_units("cerb, Rhadamanthe, infernal auditors, MARAUDERS") == [
        "cerberus",
        "rhadamanthus",
        "auditors",
        "marauders",
    ]
    assert parse_units("legion-a legion-p arti") == ["legion-acheron", "legion-phlegethon", "artillerymen"]
    with pytest.raises(REFUSED) as ambiguous:
        parse_units("hoplites")
    assert "Hoplites (" in render(ambiguous.value.text, "en")
    for bad in ("zeus", ""):
        with pytest.raises(REFUSED):
            parse_units(bad)


def test_builder_suggests_only_units_that_may_come_next(mythic):
    duel = options_for({})
    choices = mythic.unit_choices(duel, "hades", "cerb rhad ", "en")
    labels = [name for name, _ in choices]
    assert labels[0].startswith("✗ 59/100: An army has 5 to 10 units, not 2.")
    assert "Nemean Lion (24) · 83/100" in labels
    values = [value for _, value in choices[1:]]
    assert all(v.startswith("cerb rhad ") for v in values)
    picked = [parse_units(v)[-1] for v in values]
    assert "talos" not in picked and "cerberus" not in picked and "rhadamanthus" not in picked
    # 59 spent: nothing dearer than the 41 points left
    assert all(cost <= 41 for cost in (int(n.split("(")[-1].split(")")[0]) for n in labels[1:]))
    complete = mythic.unit_choices(duel, None, "cerb rhad audi mara legion-a legion-p arti ", "fr")
    assert complete[0] == ("✓ ces 7 Unités · 100/100", "cerb rhad audi mara legion-a legion-p arti")
    assert len(complete) == 1  # 100 points spent: no unit fits any more
    teams = mythic.unit_choices(options_for({"teams": True}), "hades", "mara", "en")
    assert [n for n, _ in teams] == ["Infernal Marauders (12) · 12/60"]
    assert all(len(v) <= 100 and len(n) <= 100 for n, v in choices)


async def test_armies_saved_before_the_generic_table_move_over(tmp_path):
    """0006 replaces 0005's `mythic_armies` with `saved_setups` (any game's set-ups): a
    database from before keeps every army, privately, readable by the bot as before."""
    async with aiosqlite.connect(tmp_path / "old.db", isolation_level=None) as conn:
        assert 6 not in await migrate(conn, time.time(), MIGRATIONS, upto=5)  # a database from before
        await conn.execute(
            "INSERT INTO mythic_armies VALUES ('alice', 'Old Guard', 'hades', ?, 1, 2)", (NICK,)
        )
        assert 6 in await migrate(conn, time.time(), MIGRATIONS)
        async with conn.execute("SELECT name FROM sqlite_master WHERE name = 'mythic_armies'") as cursor:
            assert await cursor.fetchone() is None
        async with conn.execute("SELECT user_id, game, name, created_at FROM saved_setups") as cursor:
            assert await cursor.fetchall() == [("alice", "mythic", "Old Guard", 1.0)]
        with pytest.raises(aiosqlite.IntegrityError):  # one name per user and game, whatever the case
            await conn.execute("INSERT INTO saved_setups VALUES ('alice', 'mythic', 'old guard', '{}', 0, 0)")
    from bot.store import open_store

    store = await open_store(tmp_path / "old.db")
    try:
        army = await MythicCommands(store, clock=lambda: 1000.0).find_army(ALICE, "old guard")
        assert army.units[0] == "cerberus" and army.cost == 100 and army.faction == "hades"
        assert "Old Guard" not in text(
            await MythicCommands(store, clock=time.time).list_armies(WHERE, BOB), "fr"
        )
    finally:
        await store.close()


async def test_a_saved_army_survives_a_restart(tmp_path):
    from bot.store import open_store

    store = await open_store(tmp_path / "a.db")
    await MythicCommands(store, clock=lambda: 1000.0).save(WHERE, ALICE, "Kept", "hades", NICK)
    await store.close()
    store = await open_store(tmp_path / "a.db")
    try:
        army = await MythicCommands(store, clock=lambda: 1000.0).find_army(ALICE, "kept")
        assert army.units[0] == "cerberus" and army.cost == 100 and not army.starter
    finally:
        await store.close()
