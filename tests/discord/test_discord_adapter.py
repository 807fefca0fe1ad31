"""The adapter's own duties, against the fake Discord with a scripted table service.

The scripted service answers what each test tells it to, so the cases the real service
rarely produces on demand (slow work, an unexpected exception, a refused DM) are checked
here; the real service plays whole games in test_discord_game.py.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import pytest
from discord_harness import running_bot
from fakediscord import interactions as ix
from fakediscord.server import FakeDiscord

from bot.discord.handlers import DEFER_AFTER
from bot.service.api import Button, Image, Message, Reply, UserError, Where
from engine.i18n import T

pytestmark = pytest.mark.asyncio(loop_scope="module")
PNG = b"\x89PNG\r\n\x1a\n-board"


class ScriptedService:
    """A stand-in for TableService: each method runs the handler the test set with `on`."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.handlers: dict[str, Callable[..., Any]] = {}
        self.delay = 0.0

    def on(self, method: str, handler: Callable[..., Any]) -> None:
        self.handlers[method] = handler

    async def _call(self, method: str, *args: Any) -> Any:
        self.calls.append((method, args))
        if self.delay:
            await asyncio.sleep(self.delay)
        result = self.handlers[method](*args)
        return await result if asyncio.iscoroutine(result) else result

    async def play(self, where: Where, actor: Any, move: str) -> Reply:
        return await self._call("play", where, actor, move)

    async def legal_moves(self, where: Where, actor: Any, prefix: str = "") -> list[str]:
        return await self._call("legal_moves", where, actor)

    async def legal_choices(self, where: Where, actor: Any) -> list[tuple[str, str]]:
        """The moves the test scripted, with words for those it named in `words`."""
        words = self.handlers.get("words", dict)()
        return [(m, words.get(m, "")) for m in await self.legal_moves(where, actor)]

    async def press(self, where: Where, actor: Any, custom_id: str) -> Reply:
        return await self._call("press", where, actor, custom_id)

    async def hand(self, where: Where, actor: Any) -> Reply:
        return await self._call("hand", where, actor)

    async def note_dm_refused(self, game_id: str, user_id: str) -> Reply | None:
        return await self._call("note_dm_refused", game_id, user_id)

    async def tick(self, now: float | None = None) -> list[tuple[Where, Reply]]:
        return await self._call("tick", now)


@pytest.fixture(scope="module")
def world(fake: FakeDiscord) -> dict[str, Any]:
    guild = fake.world.add_guild("Olympus")
    return {
        "guild": guild,
        "agora": fake.world.add_channel(guild, "agora"),
        "other": fake.world.add_channel(guild, "other"),
        "readonly": fake.world.add_channel(guild, "readonly"),
        "alice": fake.world.add_user("Alice", locale="fr", refuses_dms=True),
        "bob": fake.world.add_user("Bob", locale="en-GB"),
    }


@pytest.fixture
def service() -> ScriptedService:
    return ScriptedService()


async def answered(fake: FakeDiscord, inter: ix.Interaction) -> ix.Interaction:
    await asyncio.wait_for(inter.resolved.wait(), 5)
    await fake.settle()
    return inter


async def test_commands_are_registered_in_english_and_french(fake, world, service, caplog):
    caplog.set_level(logging.INFO, logger="agora.discord")
    async with running_bot(fake, service):
        pass
    names = {c["name"]: c for c in fake.commands}
    assert set(names) >= {
        "game",
        "play",
        "help",
        "army",
        "mythic",
    }  # army, mythic: declared by Mythic Battles
    assert names["game"]["name_localizations"]["fr"] == "partie"
    subs = {o["name"]: o for o in names["game"]["options"]}
    assert {"new", "join", "addbot", "start", "hand", "settings", "abort", "undo", "resign", "rules"} <= set(
        subs
    )
    for sub in subs.values():  # every subcommand and parameter has French name and description
        assert sub["name_localizations"]["fr"] and sub["description_localizations"]["fr"]
        for opt in sub.get("options", []):
            if opt["name"] in ("game", "clock_days", "league", "role", "level", "language", "last"):
                assert opt["name_localizations"]["fr"] and opt["description_localizations"]["fr"]
    move = names["play"]["options"][0]
    assert move["autocomplete"] and move["name_localizations"]["fr"] == "coup"
    served = [r.getMessage() for r in caplog.records if "guild 'Olympus'" in r.getMessage()]
    assert len(served) == 1 and "serving" in served[0]


async def test_game_new_offers_the_athena_options_in_french_with_their_choices(fake, world, service):
    async with running_bot(fake, service):
        pass
    game = next(c for c in fake.commands if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    opts = {o["name"]: o for o in new["options"]}
    french = {name: o.get("name_localizations", {}).get("fr") for name, o in opts.items()}
    assert {
        "scenario": "scénario",
        "first_attacker": "premier_attaquant",
        "structure": "structure",
        "army_points": "points_armée",
        "clock_days": "pendule_jours",
        "reminder_hours": "rappel_heures",
    }.items() <= french.items()
    # four games' options outgrow Discord's 4000 characters: the rest are written out
    assert "options" in opts and "rounds_to_win" not in opts
    scenario = opts["scenario"]
    assert (
        scenario["description_localizations"]["fr"]
        == "Athena: Le scénario à jouer (Initiation pour une première partie)"
    )
    assert [(c["value"], c["name_localizations"]["fr"]) for c in scenario["choices"]] == [
        ("athenes", "La Bataille pour Athènes"),
        ("initiation", "Initiation (sans cartes Pouvoir)"),
        ("expert", "Mode Expert (les joueurs constituent leur armée)"),
    ]
    assert [c["name_localizations"]["fr"] for c in opts["structure"]["choices"]] == [
        "Pyramide",
        "Pyramide inversée",
        "X",
        "Colonnes",
    ]
    assert [c["value"] for c in opts["first_attacker"]["choices"]] == ["p1", "p2", "random"]
    assert (opts["clock_days"]["min_value"], opts["clock_days"]["max_value"]) == (0, 60)


async def test_a_quick_public_answer_pings_only_the_named_player(fake, world, service):
    agora, alice, bob = world["agora"], world["alice"], world["bob"]
    service.on(
        "play",
        lambda where, actor, move: Reply(
            [
                Message(
                    lines=[T("discord.msg.done")],
                    image=Image("board-1.png", PNG),
                    mentions=[bob.id],
                    locale="fr",
                )
            ],
            where=where,
        ),
    )
    async with running_bot(fake, service):
        inter = await answered(fake, await fake.slash(alice, agora, "play", move="e2 e4"))
    ((method, (where, actor, move)),) = service.calls
    assert (method, move, where.channel_id, actor.user_id, actor.locale) == (
        "play",
        "e2 e4",
        agora.id,
        alice.id,
        "fr",
    )
    assert inter.ack_type == ix.MESSAGE and inter.ack_latency < 1.0
    message = inter.original
    assert not message.ephemeral and message.files == {"board-1.png": PNG}
    assert message.content == f"<@{bob.id}>\nC’est fait." and message.pinged == [bob.id]


async def test_slow_work_is_deferred_then_the_answer_replaces_the_thinking_message(fake, world, service):
    agora, bob = world["agora"], world["bob"]
    service.delay = DEFER_AFTER + 0.5
    service.on("play", lambda where, actor, move: Reply([Message(lines=["moved"])], where=where))
    async with running_bot(fake, service):
        inter = await answered(fake, await fake.slash(bob, agora, "play", move="pass"))
    assert inter.ack_type == ix.DEFERRED_MESSAGE and inter.ack_latency < DEFER_AFTER + 0.3
    assert inter.original.content == "moved" and not inter.original.loading and not inter.original.ephemeral


async def test_a_refusal_is_ephemeral_and_in_the_user_language(fake, world, service):
    agora, alice = world["agora"], world["alice"]

    def refuse(where, actor, move):
        raise UserError("discord.err.manage_server")

    service.on("play", refuse)
    async with running_bot(fake, service):
        inter = await answered(fake, await fake.slash(alice, agora, "play", move="zz"))
    assert inter.public == [] and "Gérer le serveur" in inter.ephemeral_text


async def test_a_refusal_after_a_public_defer_never_shows_publicly(fake, world, service):
    agora, bob = world["agora"], world["bob"]
    service.delay = DEFER_AFTER + 0.2

    def refuse(where, actor, move):
        raise UserError("discord.err.guild_only")

    service.on("play", refuse)
    before = len(agora.visible())
    async with running_bot(fake, service):
        inter = await answered(fake, await fake.slash(bob, agora, "play", move="zz"))
    assert inter.ack_type == ix.DEFERRED_MESSAGE and inter.original.deleted
    assert "server channels" in inter.ephemeral_text and inter.public == []
    assert len(agora.visible()) == before


async def test_an_unexpected_error_is_logged_with_the_game_and_answered_politely(
    fake, world, service, caplog
):
    agora, bob = world["agora"], world["bob"]
    card = "".join(["Med", "usa"])  # not spelled out, so the traceback's source line cannot show it
    custom_id = f"ag:41:2:play:summon {card}"  # a DM button's move can name a hidden card
    choose = Message(lines=["choose"], buttons=[Button(label=T("discord.msg.done"), custom_id=custom_id)])

    def crash(where, actor, custom_id):
        raise RuntimeError(f"hidden card: {card}")  # the message must not reach the log

    service.on("press", crash)
    caplog.set_level(logging.ERROR, logger="agora.discord")
    async with running_bot(fake, service) as bot:
        await bot.delivery.to_channel(agora.id, choose)
        inter = await fake.click(bob, agora.messages[-1], custom_id)
        await fake.wait_for(lambda: inter.ephemeral)
    assert "Nothing was changed" in inter.ephemeral_text and inter.public == []
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "game 41" in logged and "RuntimeError" in logged and "ag:41:2:play" in logged
    assert card not in logged and "summon" not in logged


async def test_private_messages_go_by_dm_and_a_refused_dm_falls_back(fake, world, service):
    agora, alice, bob = world["agora"], world["alice"], world["bob"]
    notices = []

    def play(where, actor, move):
        private = [
            Message(lines=[f"your hand {uid}"], to_user=uid, image=Image("hand.png", PNG))
            for uid in (alice.id, bob.id)
        ]
        private[0].buttons = [  # the reply names its game; a button's id is not read for that
            Button(label=T("discord.msg.done"), custom_id="ag:12:5:pick:0")
        ]
        return Reply([Message(lines=["Alice played"]), *private], where=where, game_id=77)

    def refused(game_id, user_id):
        notices.append((game_id, user_id))
        if len(notices) > 1:
            return None  # the service tells the channel only once
        return Reply([Message(lines=[f"<@{user_id}> DMs closed: use /game hand"])])

    service.on("play", play)
    service.on("note_dm_refused", refused)
    async with running_bot(fake, service):
        first = await answered(fake, await fake.slash(alice, agora, "play", move="x"))
        second = await answered(fake, await fake.slash(alice, agora, "play", move="y"))
    bob_dm = fake.world.dm_channel(bob)
    assert [m.content for m in bob_dm.messages[-2:]] == [f"your hand {bob.id}"] * 2
    assert bob_dm.messages[-1].files == {"hand.png": PNG}
    assert notices == [(77, alice.id), (77, alice.id)]
    assert sum("DMs closed" in m.content for m in agora.visible()) == 1
    for inter in (first, second):  # the invoker whose DMs are closed sees it here instead
        assert f"your hand {alice.id}" in inter.ephemeral_text
        assert f"your hand {alice.id}" not in "".join(m.content for m in agora.visible())


async def test_a_click_in_a_dm_posts_in_the_game_channel_even_after_a_restart(fake, world, service):
    agora, other, bob = world["agora"], world["other"], world["bob"]
    custom_id = "ag:9:4:play:engage 3"
    service.on(
        "press",
        lambda where, actor, cid: Reply(
            [Message(lines=["Bob engages"])], where=Where(world["guild"].id, other.id)
        ),
    )
    async with running_bot(fake, service) as bot:
        await bot.delivery.dm(
            bob.id, [Message(lines=["your turn"], buttons=[Button(label=T("x"), custom_id=custom_id)])]
        )
    dm_message = fake.world.dm_channel(bob).messages[-1]
    async with running_bot(fake, service):  # a new process: the button still works
        inter = await fake.click(bob, dm_message, custom_id)
        await fake.wait_for(lambda: any(m.content == "Bob engages" for m in other.visible()))
    assert service.calls[-1][0] == "press" and service.calls[-1][1][2] == custom_id
    assert inter.ack_type == ix.DEFERRED_UPDATE and inter.ephemeral == []
    assert not any(m.content == "Bob engages" for m in agora.visible())


async def test_autocomplete_folds_many_moves_and_filters_by_what_is_typed(fake, world, service):
    agora, alice = world["agora"], world["alice"]
    moves = [f"deploy {c}{n}" for c in "abcdefgh" for n in range(1, 8)] + ["pass"]
    service.on("legal_moves", lambda where, actor: moves)
    async with running_bot(fake, service):
        choices = await fake.autocomplete(alice, agora, "play", "move", move="")
        narrowed = await fake.autocomplete(alice, agora, "play", "move", move="deploy c")

        def refuse(where, actor):
            raise UserError("bot.err.not_seated")

        service.on("words", lambda: {"deploy c2": "Déployer les Spartiates en C2", "pass": ""})
        worded = await fake.autocomplete(alice, agora, "play", "move", move="deploy c")
        by_words = await fake.autocomplete(alice, agora, "play", "move", move="spartiates")
        service.on("legal_moves", refuse)
        nothing = await fake.autocomplete(alice, agora, "play", "move", move="")
    assert 1 < len(choices) <= 25 and {"name": "pass", "value": "pass"} in choices
    # a move reads as its words and its notation; the notation is what is sent
    assert {"name": "Déployer les Spartiates en C2 · deploy c2", "value": "deploy c2"} in worded
    assert by_words == [{"name": "Déployer les Spartiates en C2 · deploy c2", "value": "deploy c2"}]
    groups = [c for c in choices if c["name"] != c["value"]]
    assert groups and all("coups" in g["name"] for g in groups)  # Alice reads French
    assert [c["value"] for c in narrowed] == [f"deploy c{n}" for n in range(1, 8)]
    assert nothing == []


async def test_reminders_are_posted_in_their_channel(fake, world, service):
    other, bob = world["other"], world["bob"]
    reminder = Reply([Message(lines=["still your move"], mentions=[bob.id])])
    service.on("tick", lambda now: [(Where(world["guild"].id, other.id), reminder)] if now == 1234.0 else [])
    async with running_bot(fake, service, now=lambda: 1234.0) as bot:
        assert await bot.tick_once() == 1
        await fake.settle()
    last = other.visible()[-1]
    assert last.content == f"<@{bob.id}>\nstill your move" and last.pinged == [bob.id]


async def test_where_the_bot_may_not_post_its_answers_still_arrive(fake, world, service, caplog):
    readonly, bob = world["readonly"], world["bob"]
    readonly.bot_can_post = False
    service.on(
        "play",
        lambda where, actor, move: Reply(
            [Message(lines=["move"]), Message(lines=["game over"])], where=where
        ),
    )
    service.on(
        "tick", lambda now: [(Where(world["guild"].id, readonly.id), Reply([Message(lines=["reminder"])]))]
    )
    async with running_bot(fake, service) as bot:
        inter = await answered(fake, await fake.slash(bob, readonly, "play", move="x"))
        assert [m.content for m in inter.public] == ["move", "game over"]  # answer, then a public follow-up
        caplog.set_level(logging.WARNING, logger="bot.discord.delivery")
        assert await bot.tick_once() == 1  # a reminder cannot be posted: logged, nothing breaks
    assert any("cannot post in channel" in r.getMessage() for r in caplog.records)


async def test_an_expired_interaction_still_delivers_the_move(fake, world, service, caplog):
    other, alice, bob = world["other"], world["alice"], world["bob"]
    service.on(
        "play",
        lambda where, actor, move: Reply(
            [
                Message(lines=["late move"]),
                Message(lines=["for you"], to_user=bob.id),
                Message(lines=["note"], ephemeral=True),
            ],
            where=where,
        ),
    )
    caplog.set_level(logging.WARNING, logger="agora.discord")
    async with running_bot(fake, service):
        inter = await fake.slash(alice, other, "play", expire=True, move="x")  # Discord gave up on it
        await fake.wait_for(lambda: any(m.content == "late move" for m in other.visible()))
        await fake.settle()
    assert inter.ack_type is None and inter.messages == []
    assert fake.world.dm_channel(bob).visible()[-1].content == "for you"
    assert any("expired" in r.getMessage() for r in caplog.records)
