"""`/army` and `/mythic` end to end: the real bot with the groups Mythic Battles declares, the real table
service and a SQLite file, against the fake Discord of tests/discord. An army is built by
autocomplete and saved, recruited in secret at a table, then typed moves are played
against an AI seat; a French player reads French."""

from __future__ import annotations

import random

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest

fake = _fakes.fake  # the module-scoped fake Discord fixture

from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")
NICK = ["cerb", "rhad", "audi", "mara", "legion-a", "legion-p", "arti"]


async def start(fake, db):
    store = await open_store(db)
    bot = await _fakes.start_bot(fake, TableService(store))
    return store, bot


def seat_two(fake, name: str):
    """A new guild with one channel, Alice (English) and Bruno (French)."""
    guild = fake.world.add_guild(name)
    table = Table(fake, fake.world.add_channel(guild, name.lower().replace(" ", "-")))
    return table, fake.world.add_user("Alice", locale="en-US"), fake.world.add_user("Bruno", locale="fr")


async def build(table: Table, user, parts: list[str], faction: str = "hades") -> tuple[str, list[dict]]:
    """Type each unit's beginning and take the one suggestion, as a player would; returns
    the finished list's value and the last suggestions seen."""
    typed = ""
    for part in parts:
        choices = await table.fake.autocomplete(
            user, table.channel, "army save", "units", faction=faction, units=typed + part
        )
        assert len(choices) == 1, choices
        typed = choices[0]["value"] + " "
    final = await table.fake.autocomplete(
        user, table.channel, "army save", "units", faction=faction, units=typed
    )
    return final[0]["value"], final


async def test_save_recruit_and_play_typed_moves(fake, tmp_path):
    table, alice, bruno = seat_two(fake, "Armies")
    store, bot = await start(fake, tmp_path / "agora.db")
    try:
        # build and save by autocomplete: each suggestion shows cost and running total
        first = await fake.autocomplete(
            alice, table.channel, "army save", "units", faction="hades", units="cerb"
        )
        assert first == [{"name": "Cerberus, Guardian of the Gate of Hell (29) · 29/100", "value": "cerb"}]
        units, final = await build(table, alice, NICK)
        assert final[0]["name"] == "✓ these 7 units · 100/100"
        saved = await table.slash(alice, "army save", name="Hellhounds", faction="hades", units=units)
        assert "Army **Hellhounds** saved: Hades, 7 units, 100 points." in saved.ephemeral_text
        assert saved.public == []
        listed = await table.slash(bruno, "army list")  # private: Bruno sees only the starters, in French
        assert "Hellhounds" not in listed.ephemeral_text and "Aucune pour l’instant" in listed.ephemeral_text
        assert "L'armée de Jean (exemple du livret)" in listed.ephemeral_text
        checked = await table.slash(bruno, "army check", faction="athena", units="talos strat spart")
        assert "Athéna\u00a0: Talos, le Géant de Bronze" in checked.ephemeral_text
        assert "Une armée compte de 5 à 10 Unités, pas 3." in checked.ephemeral_text

        # a table against an AI seat: recruit the saved army, chosen by autocomplete
        await table.slash(alice, "game new", game="mythic", seed=5)
        await table.slash(alice, "game addbot", level="random")
        await table.slash(alice, "game start")
        offered = await fake.autocomplete(alice, table.channel, "mythic recruit", "army", army="hell")
        assert offered == [{"name": "Hellhounds · 100 pts · ✓ fits this game", "value": "Hellhounds"}]
        before = len(table.public())
        recruited = await table.slash(alice, "mythic recruit", army="Hellhounds")
        assert "You recruited **Hellhounds** (Hades, 100 points)" in recruited.ephemeral_text
        assert "Alice has recruited an army" in table.public_text()
        assert len(table.public()) > before

        # any army's roster, as an image only the asker sees (a spectator too)
        generals = await fake.autocomplete(bruno, table.channel, "mythic roster", "player", player="ali")
        assert generals == [{"name": "Alice (p1)", "value": "p1"}]
        before = len(table.public())
        roster = await table.slash(bruno, "mythic roster", player="p1")
        assert roster.ephemeral_text == "L’armée de Alice (partie n°1)." and len(table.public()) == before
        assert any(blob.startswith(b"\x89PNG") for m in roster.ephemeral for blob in m.files.values())

        # set-up moves through /play until Alice may activate a unit
        rng = random.Random(3)
        for _ in range(40):
            if await fake.autocomplete(alice, table.channel, "mythic activate", "unit", unit=""):
                break
            await table.slash(alice, "play", move=await table.choose_move(alice, rng))
        units = await fake.autocomplete(alice, table.channel, "mythic activate", "unit", unit="")
        assert units and all(c["name"][0].isupper() and " " not in c["value"].split()[0] for c in units)
        pick = next(c for c in units if c["value"] == "marauders")
        assert pick["name"] == "Infernal Marauders"
        before = len(table.public())
        activated = await table.slash(alice, "mythic activate", unit=pick["value"])
        assert len(table.public()) > before, activated.ephemeral_text

        squares = await fake.autocomplete(alice, table.channel, "mythic move", "to", to="")
        assert squares, "an activated unit can move"
        before = len(table.public())
        moved = await table.slash(alice, "mythic move", to=squares[0]["value"])
        assert len(table.public()) > before, moved.ephemeral_text
        assert "Alice: Infernal Marauders moves" in table.last_public().content

        # then attack if an enemy is in reach; else convert a card and end the turn
        targets = await fake.autocomplete(alice, table.channel, "mythic attack", "target", target="")
        if targets:
            assert all(c["name"].endswith(")") for c in targets)  # "Shades of Erebus (e6)"
            steps = [("mythic attack", {"target": targets[0]["value"]})]
        else:
            cards = await fake.autocomplete(alice, table.channel, "mythic convert", "card", card="")
            assert {"name": "Art of War card", "value": "aow"} in cards
            steps = [("mythic convert", {"card": cards[0]["value"]}), ("mythic end", {})]
        for path, values in steps:
            before = len(table.public())
            done = await table.slash(alice, path, **values)
            assert len(table.public()) > before, done.ephemeral_text

        # a refusal is the engine's, privately, and changes nothing
        before = len(table.public())
        refused = await table.slash(alice, "mythic convert", card="zeus")
        assert "I know no unit called “zeus”" in refused.ephemeral_text and len(table.public()) == before
        wrong = await table.slash(bruno, "mythic pass")
        assert wrong.public == [] and wrong.ephemeral_text == "Vous n’avez pas de place dans cette partie."
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_recruiting_stays_secret_until_both_have(fake, tmp_path):
    table, alice, bruno = seat_two(fake, "Secret")
    store, bot = await start(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game="mythic", seed=7)
        await table.slash(bruno, "game join")
        await table.slash(alice, "game start")
        units = await fake.autocomplete(
            bruno, table.channel, "mythic recruit", "units", faction="athena", units="tal"
        )
        assert units[0]["name"] == "Talos, le Géant de Bronze (30) · 30/100"
        recruited = await table.slash(bruno, "mythic recruit", army="phalanx")
        assert "Vous avez recruté **La Phalange** (Athéna, 96 points)" in recruited.ephemeral_text
        public = table.public_text()
        assert "Bruno has recruited an army" in public or "Bruno a recruté son armée" in public
        assert "Strat" not in public and "Hoplites" not in public  # the army itself stays secret
        typed = await table.slash(alice, "mythic recruit", faction="hades", units=" ".join(NICK))
        assert "You recruited **your army** (Hades, 100 points)" in typed.ephemeral_text
        assert "Strategos of Athens" in table.public_text()  # both recruited: revealed
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_deck_building_through_discord_bars_a_unit_both_sides_wanted(fake, tmp_path):
    """001 §"Variant: Deck Building": any unit regardless of factions, both players agree (by
    joining a table opened with the option), and "the opposing armies cannot contain an
    identical Unit": a clash shows when both have recruited, privately to each, and the unit
    is barred (engine/mythic/readings.py `clashing`)."""
    table, alice, bruno = seat_two(fake, "Deck building")
    store, bot = await start(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game="mythic", deckbuilding=True, seed=9)
        await table.slash(bruno, "game join")
        await table.slash(alice, "game start")
        mixed = await table.slash(alice, "mythic recruit", units="talos cerberus marauders spartans shades")
        assert "You recruited" in mixed.ephemeral_text and "95 points" in mixed.ephemeral_text
        before = table.public_text()
        await table.slash(
            bruno,
            "mythic recruit",
            units="cerberus rhadamanthus auditors legion-acheron artillerymen lycaons owls",
        )
        public = table.public_text()[len(before) :]
        assert "Enemy armies share a unit" in public and "Cerberus" not in public  # which one: only privately
        assert "Talos" not in public  # nor anything else of either army
        told = [m.content for user in (alice, bruno) for m in table.dms(user)]
        assert any("Cerberus" in c and "recruit again" in c for c in told)
        assert any("Cerbère" in c and "recrutez à nouveau" in c for c in told)
        again = await table.slash(alice, "mythic recruit", units="talos cerberus marauders spartans shades")
        assert "Cerberus, Guardian of the Gate of Hell is barred for this battle" in again.ephemeral_text
        await table.slash(alice, "mythic recruit", units="talos strategos marauders spartans shades satyrs")
        await table.slash(
            bruno,
            "mythic recruit",
            units="rhadamanthus auditors legion-acheron legion-phlegethon artillerymen lycaons owls nemean-lion",
        )
        revealed = table.public_text()
        assert "Talos" in revealed and "Rhadam" in revealed  # both armies shown once both recruited
        running = await store.channel_game(str(table.channel.guild_id), str(table.channel.id))
        assert running is not None and running.status == "running"
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_deploy_a_unit_by_choosing_it_then_its_square(fake, tmp_path):
    """`/mythic deploy`: the unit list, then the square list for that unit (its free squares in
    the own zone, with their terrain), in each player's language; the move is announced."""
    table, alice, bruno = seat_two(fake, "Deploy")
    store, bot = await start(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game="mythic", seed=3)
        await table.slash(bruno, "game join")
        await table.slash(alice, "game start")
        await table.slash(alice, "mythic recruit", army="nick")
        await table.slash(bruno, "mythic recruit", army="phalanx")
        layer = alice if "tiles" in " ".join(c["value"] for c in await table.moves_of(alice)) else bruno
        other = bruno if layer is alice else alice
        await table.slash(layer, "play", move="tiles plains")
        await table.slash(other, "play", move="zone s")  # the layer deploys first, in the north
        assert await fake.autocomplete(other, table.channel, "mythic deploy", "unit", unit="") == []
        units = await fake.autocomplete(layer, table.channel, "mythic deploy", "unit", unit="")
        wanted = "marauders" if layer is alice else "spartans"
        [pick] = [c for c in units if c["value"] == wanted]
        named = "Infernal Marauders" if layer is alice else "Spartiates"
        assert pick["name"].startswith(f"{named} · ") and len(units) >= 7
        squares = await fake.autocomplete(
            layer, table.channel, "mythic deploy", "square", unit=wanted, square=""
        )
        assert squares and all(c["value"][1:] in ("11", "12") for c in squares)
        hill = "hill" if layer is alice else "colline"
        assert {"name": f"b11 · {hill}", "value": "b11"} in squares
        before = len(table.public())
        done = await table.slash(layer, "mythic deploy", unit=wanted, square="b11")
        assert len(table.public()) > before, done.ephemeral_text
        assert "b11" in table.last_public().content
        again = await table.slash(layer, "mythic deploy", unit=wanted, square="c11")
        assert again.public == [] and again.ephemeral_text  # not their turn now: refused privately
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
