"""The glossary seam through the toy game (issue 25): `/game explain name:` with autocomplete,
and each option's few words beside it (autocomplete, the local table's `moves`, buttons),
declared only by the game (`GAME.glossary`, `GAME.explain`): no file of bot/ knows it."""

from __future__ import annotations

from pathlib import Path

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest

fake = _fakes.fake

from tablehelp import Table  # noqa: E402

from bot.console import run_local  # noqa: E402
from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402

NBSP = "\u00a0"


async def test_explain_and_effects_on_discord_in_english_and_french(fake, augury, tmp_path):
    guild = fake.world.add_guild("Glossary")
    table = Table(fake, fake.world.add_channel(guild, "augury-words"))
    lonely = fake.world.add_channel(guild, "no-game-here")
    alice, bruno = fake.world.add_user("Alice", locale="en-US"), fake.world.add_user("Bruno", locale="fr")
    store = await open_store(tmp_path / "agora.db")
    bot = await _fakes.start_bot(fake, TableService(store))
    await bot.tree.sync()
    try:
        # without a game in the channel: every game's glossary, each entry saying whose
        listed = await fake.autocomplete(bruno, lonely, "game explain", "name", name="aigle")
        assert listed[0] == {
            "name": "Aigle — Lâché de votre volée, il rapporte 5 points (un de plus par tempête). (Augures)",
            "value": "augury:bird.eagle",
        }
        answered = await Table(fake, lonely).slash(bruno, "game explain", name="augury:bird.eagle")
        assert answered.ephemeral_text.startswith("**Aigle** · unité · Augures")
        assert answered.public == []

        await table.slash(alice, "game new", game="augury", variant="storm")
        await table.slash(bruno, "game join")
        await table.slash(alice, "game start")
        # in a game's channel: its glossary only, in the reader's language, accents forgiven
        mine = await fake.autocomplete(bruno, table.channel, "game explain", "name", name="tempete")
        assert mine[0] == {
            "name": "Tempête — Une variante\u00a0: chaque oiseau lâché rapporte un point de plus.",
            "value": "storm",
        }
        english = await fake.autocomplete(alice, table.channel, "game explain", "name", name="")
        assert [c["value"] for c in english][:2] == ["bird.crow", "bird.dove"]
        assert all(len(c["name"]) <= 100 for c in english)
        shown = await table.slash(alice, "game explain", name="Chouette")  # the French name, typed in English
        assert shown.ephemeral_text.splitlines() == [
            "**Owl** · unit · Augury",
            "Released from your flock, it scores 3 points (one more in a storm).",
            "Also found as: `owl`.",
        ]
        typo = await table.slash(alice, "game explain", name="eagel")
        assert typo.ephemeral_text.startswith("**Eagle** · unit")
        unknown = await table.slash(bruno, "game explain", name="griffon")
        assert unknown.ephemeral_text.startswith(
            f"Rien ne s’appelle «{NBSP}griffon{NBSP}» ici. Par exemple{NBSP}: Corbeau"
        )

        for user, flock in ((alice, "crow dove eagle"), (bruno, "owl swan eagle")):
            await table.slash(user, "play", move=f"flock {flock}")
        # /play's autocomplete: each release says what it scores (storm: one more)
        moves = await table.moves_of(alice)
        assert {"name": "scores 6 points · release eagle", "value": "release eagle"} in moves
        french = await table.moves_of(bruno, "")
        assert french == []  # not Bruno's turn
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


TRANSCRIPT = """\
@alice /game explain owl
@alice help eagle
! @alice /game explain xyzzy
@alice /game new game:augury
@bob /game join
@alice /game start
@alice /game explain name:Tempête
@alice /play flock crow dove eagle
@bob /play flock owl swan eagle
@alice moves
@alice /game hand
"""


async def test_explain_and_effects_at_the_local_table(augury, tmp_path: Path):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(
        db=None, out=tmp_path / "out", transcript=path, write=out.append, render_images=False
    )
    text = "\n".join(out)
    assert rc == 0, text[-3000:]
    assert "[only alice] **Owl** · unit · Augury" in text
    assert "[only alice] **Eagle** · unit · Augury" in text
    assert "[refused] alice: Nothing here is called “xyzzy”." in text
    assert "[only alice] **Storm** · rule · Augury" in text
    assert "  release eagle — scores 5 points" in text  # `moves`: each option with its effect
    hand = text[text.index("> @alice /game hand") :]
    assert "[only alice] • release crow: scores 1 point" in hand  # buttons keep short words,
    assert "[only alice] • release eagle: scores 5 points" in hand  # their message says what each does
    assert "• pass" not in hand  # a choice whose label says it all has no line


async def test_explain_in_french_at_the_local_table(augury, tmp_path: Path):
    path = tmp_path / "t.txt"
    path.write_text("@alice /game explain corbeau\n! @alice /game explain\n", encoding="utf-8")
    out: list[str] = []
    rc = await run_local(db=None, out=tmp_path / "out", transcript=path, write=out.append, lang="fr")
    text = "\n".join(out)
    assert rc == 0, text[-3000:]
    assert "[only alice] **Corbeau** · unité · Augures" in text
    assert "Lâché de votre volée, il rapporte 1" + NBSP + "point" in text or "rapporte 1 point" in text
    assert "Nommez ce qu’il faut expliquer, par exemple" in text


pytestmark = pytest.mark.asyncio(loop_scope="module")
