"""`/game explain name:` and the options' texts on the fake Discord with the real games (issue
25), in English and French: autocomplete over the channel game's glossary in the reader's
language, the whole text only to the asker, a game chosen with `game:` where none is in the
channel, and the Hoplomachus prowess choice of `/hop choose option:` with each effect."""

from __future__ import annotations

import pytest
from discord_harness import start_process
from tablehelp import Table

pytestmark = pytest.mark.asyncio(loop_scope="module")
NBSP = "\u00a0"


async def test_explain_battlelore_things_in_french_and_english(fake, tmp_path):
    guild = fake.world.add_guild("Glossary BL")
    table = Table(fake, fake.world.add_channel(guild, "battlelore-words"))
    alice = fake.world.add_user("Alice", locale="en-US")
    bruno = fake.world.add_user("Bruno", locale="fr")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game="battlelore", seed=11, battle="pass")
        await table.slash(bruno, "game join")
        listed = await fake.autocomplete(bruno, table.channel, "game explain", "name", name="furie")
        assert listed[0] == {"name": "Furie — un dé de plus, ajouté à ce jet", "value": "ability.fury"}
        shown = await table.slash(bruno, "game explain", name="ability.fury")
        assert shown.public == [] and shown.ephemeral_text.splitlines()[:2] == [
            "**Furie** · capacité · Battlelore Mythologie",
            f"Après son propre jet d’attaque{NBSP}: lancer un dé de plus et l’ajouter au jet.",
        ]
        terror = await table.slash(alice, "game explain", name="Terreur")  # the French name, read in English
        assert terror.ephemeral_text.startswith(
            "**Terror** · ability · Battlelore Mythologie\nWhen it attacks"
        )
        marks = await table.slash(alice, "game explain", name="m:")
        assert marks.ephemeral_text.startswith("**m:N (starting mana)** · mark")
        card = await table.slash(alice, "game explain", name="attack centre")
        assert "Order up to 2 units in the centre." in card.ephemeral_text
        lore = await fake.autocomplete(alice, table.channel, "game explain", "name", name="thunder")
        assert lore[0]["value"] == "lore.zeus.bolt" and lore[0]["name"].startswith(
            "Thunderbolt — In your turn"
        )
        assert all(len(c["name"]) <= 100 for c in lore)
    finally:
        await process.stop()


async def test_explain_without_a_game_and_the_prowess_choice(fake, tmp_path):
    guild = fake.world.add_guild("Glossary HV")
    lobby = Table(fake, fake.world.add_channel(guild, "no-game"))
    table = Table(fake, fake.world.add_channel(guild, "hop-words"))
    alice = fake.world.add_user("Alice", locale="en-US")
    bruno = fake.world.add_user("Bruno", locale="fr")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        # no game in the channel: `game:` narrows to one game's glossary
        chosen = await fake.autocomplete(
            bruno, lobby.channel, "game explain", "name", game="athena", name="cm"
        )
        assert chosen[0] == {"name": "Commandant — +2 en valeur de combat.", "value": "power.CM"}
        answer = await lobby.slash(bruno, "game explain", game="athena", name="power.CM")
        assert answer.ephemeral_text.startswith("**Commandant** · pouvoir · Battle for Athena")
        # without `game:`, every game's glossary, each entry saying whose
        every = await fake.autocomplete(alice, lobby.channel, "game explain", "name", name="quickstrike")
        assert every[0]["value"] == "hoplomachus:skill.quickstrike"
        assert every[0]["name"].endswith("(Hoplomachus Victorum)")
        skill = await lobby.slash(alice, "game explain", name="hoplomachus:skill.quickstrike")
        assert "it deals 1 damage to the attacker before the attack" in skill.ephemeral_text

        await table.slash(alice, "game new", game="hoplomachus", difficulty="chosen", seed=4)
        await table.slash(alice, "game start")
        offered = await fake.autocomplete(alice, table.channel, "hop choose", "option", option="")
        if all(not c["value"].startswith("prowess ") for c in offered):  # the Chosen bonus die first
            await table.slash(alice, "play", move=offered[0]["value"])
            offered = await fake.autocomplete(alice, table.channel, "hop choose", "option", option="")
        prowess = {c["value"]: c["name"] for c in offered if c["value"].startswith("prowess ")}
        assert len(prowess) == 12
        assert (
            prowess["prowess pw_edge"]
            == "Prowess: Keen Edge — one hero die one colour stronger · prowess pw_edge"
        )
        assert prowess["prowess pw_skin"] == "Prowess: Iron Skin — hero +2 Health · prowess pw_skin"
        french = await fake.autocomplete(bruno, table.channel, "game explain", "name", name="tranchant")
        assert french[0]["value"] == "prowess.pw_edge"
        assert french[0]["name"].startswith("Tranchant affûté — un dé du héros plus fort")
    finally:
        await process.stop()
