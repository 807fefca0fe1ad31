"""The toy plug-in game on the fake Discord, through the real discord.py client: its slash
groups (`/flock`, `/augury`) exist because the game declares them, with autocomplete; a
league keeps to one of its variants; the board image follows every move; `/augury sky`
shows the renderer's extra image to the asker only."""

from __future__ import annotations

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest

fake = _fakes.fake  # the module-scoped fake Discord fixture

from tablehelp import Table  # noqa: E402

from bot.leagues import LeagueService  # noqa: E402
from bot.leagues.cog import install  # noqa: E402
from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


def pngs(interaction) -> list[bytes]:
    return [blob for m in interaction.ephemeral for blob in m.files.values() if blob.startswith(b"\x89PNG")]


async def test_a_plugin_game_played_on_discord(fake, augury, tmp_path):
    guild = fake.world.add_guild("Augurs")
    table = Table(fake, fake.world.add_channel(guild, "augury"))
    olga = fake.world.add_user("Olga", manager=True)
    alice, bruno = fake.world.add_user("Alice", locale="en-US"), fake.world.add_user("Bruno", locale="fr")
    store = await open_store(tmp_path / "agora.db")
    leagues = LeagueService(store)
    bot = await _fakes.start_bot(fake, TableService(store, listeners=[leagues]))
    install(bot, leagues, tick_seconds=None)
    await bot.tree.sync()
    try:
        # saved set-ups: built by autocomplete, saved privately
        birds = await fake.autocomplete(alice, table.channel, "flock save", "birds", birds="crow ")
        assert {"name": "Crow Dove", "value": "crow dove"} in birds
        saved = await table.slash(alice, "flock save", name="Mine", birds="crow dove eagle")
        assert saved.ephemeral_text == "Flock **Mine** saved (8 points)." and saved.public == []
        shown = await fake.autocomplete(bruno, table.channel, "flock show", "name", name="")
        assert shown == [{"name": "Rapaces", "value": "raptors"}]  # Bruno's list: the starter only

        # a league of the storm variant, picked by autocomplete in the manager's words
        variants = await fake.autocomplete(
            olga, table.channel, "league create", "variant", game="augury", variant=""
        )
        assert {"name": "storm (every bird scores one more)", "value": "storm"} in variants
        await table.slash(olga, "league create", name="Storms", game="augury", variant="storm")
        for user in (alice, bruno):
            await table.slash(user, "league join")

        await table.slash(alice, "game new", game="augury", variant="storm", league="Storms")
        await table.slash(bruno, "game join")
        await table.slash(alice, "game start")
        rules = await table.slash(bruno, "game rules")
        assert "**Comment jouer**\u00a0: d’abord `flock crow owl eagle`" in rules.ephemeral_text

        offered = await fake.autocomplete(alice, table.channel, "augury choose", "flock", flock="")
        assert offered == [{"name": "Mine", "value": "Mine"}, {"name": "Raptors", "value": "raptors"}]
        chosen = await table.slash(alice, "augury choose", flock="Mine")
        assert "You chose the flock Mine." in chosen.ephemeral_text
        assert "Alice has chosen a flock." in table.public_text() and "Eagle" not in table.public_text()
        await table.slash(bruno, "augury choose", flock="raptors")

        released = await fake.autocomplete(alice, table.channel, "augury release", "bird", bird="")
        assert released == [
            {"name": "Crow", "value": "crow"},
            {"name": "Dove", "value": "dove"},
            {"name": "Eagle", "value": "eagle"},
        ]
        before = len(table.public())
        await table.slash(alice, "augury release", bird="eagle")
        assert len(table.public()) > before and "Alice releases the Eagle (+6)." in table.public_text()
        assert any(blob.startswith(b"\x89PNG") for blob in table.last_public().files.values())

        refused = await table.slash(bruno, "augury release", bird="crow")
        assert (
            refused.ephemeral_text
            == "Il ne reste pas de crow dans votre volée. Attendu, par exemple\u00a0: `release eagle`."
            and refused.public == []
        )
        moves = await table.moves_of(bruno)
        assert [c["value"] for c in moves] == ["pass", "release eagle", "release owl", "release swan"]
        await table.slash(bruno, "play", move="release owl")
        sky = await table.slash(alice, "augury sky")
        assert sky.ephemeral_text == "The sky seen by Alice (game #1)." and len(pngs(sky)) == 1

        for user, move in ((alice, "release dove"), (bruno, "pass"), (alice, "release crow")):
            await table.slash(user, "play", move=move)
        await table.slash(bruno, "augury release", bird="swan")
        await table.slash(alice, "augury pass")
        await table.slash(bruno, "augury release", bird="eagle")
        standings = await table.slash(olga, "league standings")
        shown = standings.ephemeral_text + "\n".join(m.content for m in table.public())
        assert shown.index("1  Bruno") < shown.index("2  Alice")  # the league recorded the game, ranked

        helped = await table.slash(bruno, "help")
        assert "• Augures (`augury`)" in helped.ephemeral_text and helped.public == []
        assert (
            "</augury:" in helped.ephemeral_text and "</flock:" in helped.ephemeral_text
        )  # as command links
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
