"""A whole Mythic Battles game between two users through the fake Discord, played only by
chains (issue 26): an activation (`act spartans; mv k3-h6; atk h6xg5; optimal`) is one
`/play`, each interaction one public message with at most one battlefield image, the stored
log one action per engine command."""

from __future__ import annotations

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest

fake = _fakes.fake

from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.mythic import GAME  # noqa: E402
from engine.pace import group  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")
SEED = 21


def images(messages) -> int:
    return sum(1 for m in messages for b in m.files.values() if b.startswith(b"\x89PNG"))


async def test_a_whole_game_by_chains(fake, tmp_path):
    store = await open_store(tmp_path / "agora.db")
    bot = await _fakes.start_bot(fake, TableService(store))
    guild = fake.world.add_guild("Mythic chains")
    table = Table(fake, fake.world.add_channel(guild, "chains"))
    users = {
        "p1": fake.world.add_user("Alice", locale="en-US"),
        "p2": fake.world.add_user("Bruno", locale="fr"),
    }
    try:
        steps: list = []
        seats = {r: GAME.players["heuristic"](SEED * 10 + i) for i, r in enumerate(("p1", "p2"))}
        record = play(GAME, seats, seed=SEED, on_step=lambda b, r, c, o: steps.append((b, r, c, o)))
        chains = group(GAME, steps)
        await table.slash(users["p1"], "game new", game="mythic", seed=SEED)
        await table.slash(users["p2"], "game join")
        await table.slash(users["p1"], "game start")
        activations, offered = 0, []
        for chain in chains:
            before = len(table.public())
            if chain.steps[0].startswith("act ") and not offered:  # /play offers whole activations
                offered = [c["value"] for c in await table.moves_of(users[chain.role]) if ";" in c["value"]]
                assert offered and all(v.startswith("act ") for v in offered), offered
                assert any(
                    c["name"].startswith(("The whole activation", "Toute l"))
                    for c in await table.moves_of(users[chain.role])
                )
            done = await table.slash(users[chain.role], "play", move="; ".join(chain.steps))
            assert not done.ephemeral_text, (chain.steps, done.ephemeral_text)
            new = table.public()[before:]
            assert images(new) <= 1 and len(new) <= 2  # one message (and the result at the end)
            activations += chain.steps[0].startswith("act ") and any(
                s.startswith("atk ") for s in chain.steps
            )
        assert activations >= 5  # activate, move and attack in one interaction, again and again
        assert len(chains) < len(steps) / 2
        assert "is over" in table.public_text() or "est terminée" in table.public_text()
        actions = await store.actions(1)
        assert [a.notation for a in actions] == [GAME.notation.format(c) for _, _, c, _ in steps]
        assert (await store.get_game(1)).result["winners"] == record.result.winners
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
