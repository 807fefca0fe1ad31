"""A Hoplomachus Victorum campaign on the fake Discord, through the real discord.py client,
driven only by slash commands, autocomplete and buttons (issue 16 "Tests"): seed 31,
fearless, two fights, with the bot restarted on the same database between them. A watcher
may look but not move; the board image follows every move."""

from __future__ import annotations

import fake_discord as _fakes  # noqa: E402  (tests/discord on the path first)
import pytest

fake = _fakes.fake  # the module-scoped fake Discord fixture

from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.hoplomachus import GAME  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")
SEED = 31


def planned_moves() -> tuple[list[str], int, int]:
    """The campaign the test plays: the random player's moves for this seed (notation), less
    the steps the table plays itself (GAME.forced), and where the bot restarts: the first
    journey after the first fight (between two fights), and how many moves are stored then."""
    options = GAME.Options(difficulty="fearless")
    record = play(GAME, {"p1": GAME.players["random"](SEED)}, seed=SEED, options=options)
    state, fought, moves, restart, stored = GAME.setup(options, ["p1"], SEED), False, [], None, 0
    for played, (_, command) in enumerate(record.log):
        auto = GAME.forced(state, "p1")
        if auto is not None:  # it plays itself: the same position whatever was chosen
            state = GAME.apply(state, "p1", auto).state
            continue
        move = GAME.notation.format(command)
        if restart is None and fought and move.startswith("go "):
            restart, stored = len(moves), played
        fought = fought or state.fight is not None
        moves.append(move)
        state = GAME.apply(state, "p1", GAME.notation.parse(move, state, "p1")).state
    assert restart is not None, "the seeded campaign never travels after a fight"
    return moves, restart, stored


def find_button(messages, move: str):
    """The button that plays `move` among these messages (newest first)."""
    for message in reversed(messages):
        for cid in message.custom_ids:
            if cid.endswith(f":play:{move}"):
                return message, cid
    return None


async def offered(table, user, path: str, param: str, wanted: str, **values) -> None:
    """Autocomplete offers `wanted` for this option (what a player picks from the list)."""
    found = await table.fake.autocomplete(user, table.channel, path, param, **{param: "", **values})
    assert wanted in [c["value"] for c in found], (path, param, wanted, found)


async def by_shortcut(table, user, move: str):
    """A move typed with `/hop ...`, every value picked from autocomplete first."""
    verb, *args = move.split()
    if verb == "go":
        await offered(table, user, "hop travel", "to", args[0])
        return await table.slash(user, "hop travel", to=args[0])
    if verb in ("fight", "spectate"):
        await offered(table, user, "hop event", "choice", move)
        return await table.slash(user, "hop event", choice=move)
    if verb == "dep":
        await offered(table, user, "hop deploy", "unit", args[0])
        await offered(table, user, "hop deploy", "hex", args[1], unit=args[0])
        return await table.slash(user, "hop deploy", unit=args[0], hex=args[1])
    if verb == "mv":
        frm, to = args[0].split("-")
        await offered(table, user, "hop move", "unit", frm)
        await offered(table, user, "hop move", "to", to, unit=frm)
        return await table.slash(user, "hop move", unit=frm, to=to)
    if verb == "atk":
        actor, target = args[0].split("x")
        await offered(table, user, "hop attack", "target", target)
        await offered(table, user, "hop attack", "attacker", actor)
        return await table.slash(user, "hop attack", target=target, attacker=actor)
    if verb == "pick":
        await offered(table, user, "hop pick", "hex", args[0])
        return await table.slash(user, "hop pick", hex=args[0])
    if verb in ("auto", "end"):
        return await table.slash(user, f"hop {verb}")
    await offered(table, user, "hop choose", "option", move)
    return await table.slash(user, "hop choose", option=move)


def pngs(interaction) -> list[bytes]:
    return [blob for m in interaction.ephemeral for blob in m.files.values() if blob.startswith(b"\x89PNG")]


async def test_a_campaign_played_on_discord_and_resumed_after_a_restart(fake, hoplomachus, tmp_path):
    guild = fake.world.add_guild("Arena")
    table = Table(fake, fake.world.add_channel(guild, "campaign"))
    ann, carl = fake.world.add_user("Ann", locale="en-US"), fake.world.add_user("Carl", locale="fr")
    db = tmp_path / "agora.db"
    store = await open_store(db)
    bot = await _fakes.start_bot(fake, TableService(store))
    await bot.tree.sync()
    try:
        await table.slash(ann, "game new", game="hoplomachus", difficulty="fearless", seed=SEED)
        await table.slash(ann, "game start")
        moves, restart_at, stored = planned_moves()
        clicks = slashes = 0
        restarted = False
        seen = 0  # DMs up to the previous move: its buttons are the current ones
        for index, move in enumerate(moves):
            if index == restart_at:  # between the two fights: the bot restarts
                await _fakes.stop_bot(bot)
                await store.close()
                store = await open_store(db)
                bot = await _fakes.start_bot(fake, TableService(store))
                await bot.tree.sync()
                restarted = True
                status = await table.slash(ann, "game status")
                resumed = status.ephemeral_text  # the same place, the same move number
                assert "Act 1, week 1/12" in resumed and "at Pearl Steps" in resumed
                assert f"Move {stored};" in resumed  # the steps that played themselves count
                watched = await table.slash(carl, "hop map")
                assert len(pngs(watched)) == 1 and watched.public == []  # a watcher may look
                refused = await table.slash(carl, "hop end")
                assert refused.public == [] and refused.ephemeral_text  # but not move
                camp = await table.slash(ann, "hop camp")
                assert len(pngs(camp)) == 1 and camp.ephemeral_text == "The camp of Ann (game #1)."
            before = len(table.public())
            button = find_button(table.dms(ann)[seen:], move)
            seen = len(table.dms(ann))
            if button is not None:  # a button from before the restart works too
                await table.click(ann, *button)
                clicks += 1
            else:
                answer = await by_shortcut(table, ann, move)
                assert not answer.ephemeral_text.startswith("⚠"), (move, answer.ephemeral_text)
                slashes += 1
            assert len(table.public()) > before, move
            assert any(b.startswith(b"\x89PNG") for b in table.last_public().files.values()) or "over" in (
                table.last_public().content
            )
        text = table.public_text()
        assert restarted and clicks >= 3 and slashes >= 10
        assert "Campaign lost" in text and "is over" in text
        assert "Defeat for Ann" in text and "a draw" not in text  # a solo defeat is no draw
        # the rival's turn, told as a numbered list with the rule behind each step
        assert "The rival's turn 1:" in text and "1. The rival deploys" in text and "lowest number" in text
        labels = [label for m in table.dms(ann) for label in m.button_labels.values()]
        words = [label for label in labels if " " in label]
        assert labels and len(words) >= len(labels) // 2  # choices in words, not notation
        assert all(len(label) <= 80 for label in labels)
        images = [blob for m in fake.world.messages.values() for blob in m.files.values()]
        assert images and max(map(len, images)) < 400 * 1024
    finally:
        await _fakes.stop_bot(bot)
        await store.close()
