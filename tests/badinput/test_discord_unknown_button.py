"""A click on a button whose id nothing handles (a feature since removed, a message of another
version) is answered, only to the clicker, that the button is no longer valid, instead of
Discord's "This interaction failed" (issue 12 §5). Against the fake Discord of tests/discord."""

from __future__ import annotations

import fake_discord as _fakes  # tests/discord on the import path, its fixtures
import pytest

fake = _fakes.fake  # the module-scoped fake Discord fixture

from discord_harness import running_bot  # noqa: E402
from fakediscord.world import Message, snowflake  # noqa: E402
from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine.i18n import t  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


def message_with_button(fake, channel, custom_id: str) -> Message:
    button = {"type": 2, "style": 2, "label": "Old", "custom_id": custom_id}
    message = Message(snowflake(), channel.id, fake.world.bot, "an old message")
    message.components = [{"type": 1, "components": [button]}]
    return fake.world.post(channel, message)


async def test_buttons_nothing_handles_are_answered_as_no_longer_valid(fake, tmp_path):
    guild = fake.world.add_guild("Olympus")
    channel = fake.world.add_channel(guild, "agora")
    table = Table(fake, channel)
    alice = fake.world.add_user("Alice")
    amelie = fake.world.add_user("Amélie", locale="fr")
    store = await open_store(tmp_path / "agora.db")
    try:
        async with running_bot(fake, TableService(store, render_images=False)):
            for user, lang in ((alice, "en"), (amelie, "fr")):
                for custom_id in ("army:save:old", f"ag:{2**63}:1:join"):
                    old = message_with_button(fake, channel, custom_id)
                    inter = await table.click(user, old, custom_id)
                    assert inter.ack_type is not None and inter.public == [], custom_id
                    gone = t("bot.err.bad_button", lang).split(":")[0]  # then commands, as mentions
                    assert inter.ephemeral_text.startswith(gone), (custom_id, inter.ephemeral_text)
    finally:
        await store.close()
