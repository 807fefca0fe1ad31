"""Battlelore Mythologie against the AI seat, at both levels, through the fake Discord: a
user plays a short scenario only by slash commands and the buttons of their private
messages (whose labels are words, not notation), with standing orders answering the
retreats and ripostes of the AI's turns; the AI seat moves by itself, and the battle ends. `/game new battle:` is a choice list; an unknown battle is refused clearly."""

from __future__ import annotations

import random

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest

fake = _fakes.fake

from tablehelp import Table, is_group  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def start(fake, db, name: str):
    store = await open_store(db)
    bot = await _fakes.start_bot(fake, TableService(store))
    guild = fake.world.add_guild(name)
    table = Table(fake, fake.world.add_channel(guild, name.lower().replace(" ", "-")))
    return store, bot, table


def play_buttons(message) -> list[str]:
    return [cid for cid in message.custom_ids if cid.split(":")[3] in ("play", "pick")]


async def test_battle_is_a_choice_and_an_unknown_one_is_refused(fake, tmp_path):
    store, bot, table = await start(fake, tmp_path / "agora.db", "Choices")
    alice = fake.world.add_user("Alice", locale="en-US")
    try:
        new = next(c for c in fake.commands if c["name"] == "game")
        params = next(o for o in new["options"] if o["name"] == "new")["options"]
        battle = next(o for o in params if o["name"] == "battle")
        values = [c["value"] for c in battle["choices"]]
        assert values[0] == "pitched" and {"ford", "temple", "pass"} <= set(values)
        names = {c["value"]: c["name"] for c in battle["choices"]}
        assert (
            names["ford"] == "Ford" and names["pitched"] == "Pitched"
        )  # short: /game new is near 4000 characters
        assert battle["choices"][1]["name_localizations"]["fr"] == "Le gué"

        refused = await table.slash(alice, "game new", game="battlelore", options="battle:atlantis")
        text = refused.ephemeral_text
        assert "battle" in text and "atlantis" in text and "temple" in text and "pitched" in text
        assert table.public() == [] and await store.games() == []
        await table.slash(alice, "game new", game="battlelore", battle="temple")
        (record,) = await store.games()
        assert record.options["battle"] == "temple"
    finally:
        await _fakes.stop_bot(bot)
        await store.close()


async def single_move(table, user, rng: random.Random) -> str | None:
    """A move picked through autocomplete like `Table.choose_move`, one move at a time: the
    compound entries the list starts with (chains, issue 26) are tests/battlelore_bot/test_chains.py's."""
    typed = ""
    for _ in range(10):
        choices = [c for c in await table.moves_of(user, typed) if ";" not in c["value"]]
        if not choices:
            return None
        pick = rng.choice(choices)
        if not is_group(pick):
            return pick["value"]
        typed = pick["value"]
    raise AssertionError("autocomplete never reached a complete move")


# The heuristic seed is one where the AI's attacks give Alice a retreat window within 4 turns: of
# seeds 1-26 only 19 and 26 do with the issue-24 content (Resistance +1 on five units), found by
# playing this very scenario for each seed.
SEEDS = {"random": 11, "heuristic": 19}


@pytest.mark.parametrize("level", ["random", "heuristic"])
async def test_a_scenario_against_the_ai_seat(fake, tmp_path, level):
    store, bot, table = await start(fake, tmp_path / "agora.db", f"Versus {level}")
    alice = fake.world.add_user("Alice", locale="en-US")
    try:
        await table.slash(
            alice, "game new", game="battlelore", seed=SEEDS[level], battle="pass", options="max_turns:4"
        )
        await table.slash(alice, "game addbot", level=level)
        await table.slash(alice, "game start")
        # standing orders answer the small choices of the AI's turns (engine/battlelore/table/orders.py)
        for order, value in (("riposte", "never"), ("retreat", "least")):
            done = await table.slash(alice, "game orders", order=order, value=value)
            assert "standing order" in done.ephemeral_text.lower(), done.ephemeral_text
        (record,) = await store.games()
        rng = random.Random(SEEDS[level])
        clicked: set[int] = set()
        labels_seen: list[str] = []
        worded: list[dict] = []
        for _ in range(300):
            if "is over" in table.public_text():
                break
            dms = [m for m in table.dms(alice) if play_buttons(m)]
            latest = dms[-1] if dms else None
            if latest is not None and latest.id not in clicked and await table.moves_of(alice):
                clicked.add(latest.id)
                choice = rng.choice(play_buttons(latest))
                labels_seen.append(latest.button_labels[choice])
                await table.click(alice, latest, choice)
                continue
            worded += [c for c in await table.moves_of(alice) if not is_group(c)]
            move = await single_move(table, alice, rng)
            if move is None:
                await fake.settle()
                continue
            await table.slash(alice, "play", move=move)
        assert "is over" in table.public_text()
        seats = {s.role: s for s in await store.seats(record.id)}
        ai = next(r for r, s in seats.items() if s.ai_level == level)
        actions = await store.actions(record.id)
        mine = [a for a in actions if a.role != ai]
        theirs = [a for a in actions if a.role == ai]
        # the AI seat really played: its own set-up, cards, and moves or attacks on the field
        heads = {a.notation.split()[0] for a in theirs}
        assert {"army", "play"} <= heads and heads & {"mv", "atk", "fire"}, heads
        assert len(theirs) > 10 and len(mine) > 10
        # the buttons were clicked and read as words, not as the notation they send
        assert labels_seen and all(label != label.lower() and " " in label for label in labels_seen), (
            labels_seen
        )
        # every retreat and riposte window of Alice's was answered by her orders, announced in words
        windows = [a for a in mine if a.notation.split()[0] in ("ret", "rip")]
        assert not any(a.notation.startswith("rip") for a in mine)  # riposte: never
        assert table.public_text().count("Alice's standing order: Retreat to ") >= len(windows)
        assert windows or level == "random"  # the heuristic AI's attacks made Alice retreat (SEEDS)
        # /play's autocomplete reads "Move Hoplites (d2) to d4 · mv d2-d4": words, then the notation
        assert worded and all(c["name"].endswith(" · " + c["value"]) for c in worded), worded[:3]
        (done,) = await store.games()
        assert done.status == "finished" and done.seq > record.seq
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
