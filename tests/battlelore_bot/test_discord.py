"""Battlelore Mythologie end to end through the fake Discord (tests/discord): the real bot
with the groups the game declares (`/bl`, `/blarmy`), the real table service and a SQLite
file. An army is built by autocomplete with live points and saved; a whole battle is played
against the AI seat on a scenario with typed moves, the unit card shown privately; a whole pitched battle
between two users is replayed move by move."""

from __future__ import annotations

import random

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest
from transcript import battle

fake = _fakes.fake

from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


def pngs(interaction) -> list[bytes]:
    return [b for m in interaction.ephemeral for b in m.files.values() if b.startswith(b"\x89PNG")]


async def start(fake, db, name: str):
    store = await open_store(db)
    bot = await _fakes.start_bot(fake, TableService(store))
    guild = fake.world.add_guild(name)
    table = Table(fake, fake.world.add_channel(guild, name.lower().replace(" ", "-")))
    return store, bot, table


async def test_army_by_autocomplete_then_a_scenario_against_the_ai(fake, tmp_path):
    store, bot, table = await start(fake, tmp_path / "agora.db", "Hellas")
    alice = fake.world.add_user("Alice", locale="en-US")
    bruno = fake.world.add_user("Bruno", locale="fr")
    try:
        # live points against the 400 budget, in the reader's words
        shown = await fake.autocomplete(
            alice, table.channel, "blarmy save", "units", people="greek", units="hop spa"
        )
        assert shown[0]["value"] == "hop" and shown[0]["name"].startswith(
            "❌"
        )  # one unit: the engine's reason
        assert any(
            c["value"] == "hop spart" and c["name"].startswith("Spartans (") and "/400" in c["name"]
            for c in shown
        )
        chaos = await fake.autocomplete(
            alice, table.channel, "blarmy check", "units", people="greek", enemy="egypt", units="hop "
        )
        assert not any("harpy" in c["value"] for c in chaos)  # the Greeks' own chaos is not theirs to draft
        army = "hop hop hop spart spart pelt pelt crete crete sling hipp/b achil g:zeus g:athena"
        saved = await table.slash(alice, "blarmy save", name="Phalanx", people="greek", units=army)
        assert "Army **Phalanx** saved: Greeks, 14 units, 374 points." in saved.ephemeral_text
        assert saved.public == []
        listed = await table.slash(bruno, "blarmy list")
        assert "Phalanx" not in listed.ephemeral_text and "Phalange de l" in listed.ephemeral_text

        await table.slash(alice, "game new", game="battlelore", seed=4, battle="ford", options="max_turns:4")
        await table.slash(alice, "game addbot", level="heuristic")
        await table.slash(alice, "game start")
        rng = random.Random(4)
        card_seen = muster_seen = False
        for _ in range(160):
            if "is over" in table.public_text():
                break
            if await table.moves_of(alice, "people"):
                await table.slash(alice, "play", move="people greek")
                continue
            offered = await fake.autocomplete(alice, table.channel, "bl muster", "army", army="phal")
            if offered and not muster_seen:
                assert offered[0] == {"name": "Phalanx · Greeks · 374 pts", "value": "Phalanx"}
                done = await table.slash(alice, "bl muster", army="Phalanx")
                assert "Army mustered: Phalanx." in done.ephemeral_text
                muster_seen = True
                continue
            cards = await fake.autocomplete(alice, table.channel, "bl card", "card", card="")
            if cards:
                assert all(" · " in c["name"] for c in cards)  # "c2 · Attack centre"
                before = len(table.public())
                await table.slash(alice, "bl card", card=rng.choice(cards)["value"])
                assert len(table.public()) > before
                if not card_seen:  # a unit card, for anyone, privately
                    fielded = await fake.autocomplete(bruno, table.channel, "bl unit", "unit", unit="")
                    assert fielded, "units stand on the field"
                    before = len(table.public())
                    shown = await table.slash(bruno, "bl unit", unit=fielded[0]["value"])
                    assert len(pngs(shown)) == 1 and len(table.public()) == before
                    assert shown.ephemeral_text.startswith("Carte d’unité en ")
                card_seen = True
                continue
            move = await table.choose_move(alice, rng)
            if move is None:
                await fake.settle()
                continue
            await table.slash(alice, "play", move=move)
        assert muster_seen and card_seen
        assert "is over" in table.public_text()
        assert any(b.startswith(b"\x89PNG") for m in table.public() for b in m.files.values())

    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def test_a_whole_pitched_battle_between_two_users(fake, tmp_path):
    store, bot, table = await start(fake, tmp_path / "agora.db", "Pitched")
    users = {
        "alice": fake.world.add_user("Alice", locale="en-US"),
        "bob": fake.world.add_user("Bob", locale="fr"),
    }
    try:
        lines, states = battle(0, {"max_turns": 4})
        await table.slash(users["alice"], "game new", game="battlelore", seed=0, options="max_turns:4")
        await table.slash(users["bob"], "game join")
        await table.slash(users["alice"], "game start")
        for i, line in enumerate(lines):
            if i and "/bl deploy" in lines[i - 1] and "/bl deploy" not in line:
                # hidden deployment (002 l.219): each side's placements reach only its player
                assert "is deployed" not in table.public_text()
            who, command = line.split(" ", 1)
            user = users[who.lstrip("@")]
            path, _, rest = command.lstrip("/").partition(" ")
            if path == "play":
                done = await table.slash(user, "play", move=rest)
            else:
                sub, *opts = rest.split(" ")
                values = dict(o.split(":", 1) for o in opts)
                values = {k: (v == "true") if k == "fire" else v for k, v in values.items()}
                done = await table.slash(user, f"bl {sub}", **values)
            assert "refus" not in done.ephemeral_text.lower(), (line, done.ephemeral_text)
        assert states[-1].winners == ["p1"]
        assert "is over" in table.public_text() or "est terminée" in table.public_text()
        assert "Alice" in table.last_public().content or "Alice" in table.public_text()[-400:]
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
