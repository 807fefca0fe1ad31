"""Battle for Athena through the real service and the local table: a whole scripted game,
hidden information, an AI opponent, undo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bot_helpers import ALICE, BOB, CAROL, WHERE, dump, lines, make_service, text

from bot.__main__ import main
from bot.service import UserError
from engine import get_game
from engine.errors import IllegalCommand
from engine.i18n import render

DATA = Path(__file__).parent / "data"
ATHENA = {"athena": get_game("athena")}
POWER_PLAY = re.compile(r"^([A-Z]{2})@(\d+)$")


def test_the_scripted_athena_game_replays_at_the_local_table(tmp_path, capsys):
    rc = main(
        [
            "local",
            "--transcript",
            str(DATA / "athena_game.txt"),
            "--out",
            str(tmp_path),
            "--db",
            str(tmp_path / "a.db"),
        ]
    )
    out = capsys.readouterr().out.splitlines()
    assert rc == 0, "\n".join(out[-8:])
    assert out[-1] == "Transcript replayed: 155 commands, 7 expected rejections."
    assert any(line.startswith("Game #1 is over. Winner: alice") for line in out)
    assert out[out.index("> @alice /game undo") + 1] == "alice takes back 1 move."  # alone: it showed nothing
    assert "[refused] alice: Option structure only applies to the expert scenario" in "\n".join(out)
    assert out[out.index("> @alice /game abort") + 1] == "Game #2 is aborted."  # the rematch, by agreement
    game1, game2 = (
        tmp_path / "game-1",
        tmp_path / "game-2",
    )  # one folder per game: the rematch overwrites nothing
    record = json.loads((game1 / "agora-game-1.json").read_text(encoding="utf-8"))
    assert record["seed"] == 7 and len(record["actions"]) == 139 and record["result"]["winners"] == ["p1"]
    assert (game1 / "board-139.png").read_bytes()[:4] == b"\x89PNG"
    assert list(game1.glob("alice-*.png")) and list(game1.glob("bob-*.png"))
    assert (game1 / "board-0.png").read_bytes() != (game2 / "board-0.png").read_bytes()


class ViewSpy:
    """A renderer that keeps the views it is given."""

    def __init__(self) -> None:
        self.boards, self.privates = [], []

    def board_png(self, game_id, view, names, locale):
        self.boards.append(view)
        return b"board"

    def private_png(self, game_id, view, names, locale):
        self.privates.append(view)
        return b"private"


async def test_hidden_powers_and_hands_never_reach_public_messages_or_images(store, clock):
    spy = ViewSpy()
    service = make_service(store, clock, games=ATHENA, render_images=True, renderer=spy)
    await service.new_game(WHERE, ALICE, "athena", {"seed": 7})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    script = [
        line.split(" ", 1)
        for line in (DATA / "athena_game.txt").read_text().splitlines()
        if line.startswith("@") and (" /play " in line or line.endswith(" /game undo"))
    ]
    for who, command in script:  # the whole first game, with its undo
        actor = ALICE if who == "@alice" else BOB
        if command == "/game undo":
            await service.undo(WHERE, actor)
            continue
        move = command.removeprefix("/play ")
        reply = await service.play(WHERE, actor, move)
        public = text(reply, public=True) + text(reply, public=True, locale="fr")
        played = POWER_PLAY.match(move)
        if played:
            assert played.group(1) not in public and move not in public
            assert any("slot " + played.group(2) in line for line in lines(reply, to=actor.user_id))
    assert spy.boards and all(v.viewer is None for v in spy.boards)
    assert all(army.hand is None for v in spy.boards for army in v.armies.values())
    assert all(v.viewer is not None and v.armies[v.viewer].hand is not None for v in spy.privates)
    assert (await store.get_game(1)).status == "finished"
    log = text(await service.log(WHERE, BOB, last=100))
    assert not any(POWER_PLAY.match(word) for word in log.split())


async def test_a_human_beats_or_loses_to_the_heuristic_ai(store, clock):
    service = make_service(store, clock, games=ATHENA)
    await service.new_game(WHERE, ALICE, "athena", {"seed": 3})
    await service.add_bot(WHERE, ALICE, "heuristic")
    await service.start_game(WHERE, ALICE)
    for _ in range(400):
        record = await store.channel_game(WHERE.guild_id, WHERE.channel_id)
        if record is None:
            break
        await service.play(WHERE, ALICE, (await service.legal_moves(WHERE, ALICE))[-1])
    record = await store.get_game(1)
    assert record.status == "finished" and record.result["winners"] in (["p1"], ["p2"], [])
    actions = await store.actions(1)
    assert {a.user_id for a in actions if a.role == "p2"} == {None}
    mine = [a for a in actions if a.role == "p1"]
    assert ALICE.user_id in {a.user_id for a in mine}
    # alice's moves without her: a forced discard (empty purse, one card), which plays itself
    assert all(a.notation.startswith("discard ") for a in mine if a.user_id is None)


async def test_athena_undo_alone_for_a_face_down_power_and_by_agreement_after_a_reveal(store, clock):
    service = make_service(store, clock, games=ATHENA)
    await service.new_game(WHERE, ALICE, "athena", {"seed": 7})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    for actor, move in ((ALICE, "deploy weak"), (BOB, "deploy weak")):
        await service.play(WHERE, actor, move)
    before = await store.current_state(1)
    await service.play(WHERE, ALICE, "AS@15")  # face down: reveals nothing
    reply = await service.undo(WHERE, ALICE)
    assert lines(reply, public=True)[0] == "alice takes back 1 move."
    assert await store.current_state(1) == before
    for actor, move in ((ALICE, "AS@15"), (BOB, "CM@15"), (ALICE, "pass"), (BOB, "pass")):  # the last reveals
        await service.play(WHERE, actor, move)
    reply = await service.undo(WHERE, BOB)
    assert lines(reply) == ["bob asks to take back 1 move. alice: do you accept?"]
    await service.undo(WHERE, ALICE)
    assert (await store.get_game(1)).seq == 5


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (
            {"structure": "circle"},
            "Option structure: “circle” is not allowed; choose one of pyramid, inverted, x, columns.",
        ),
        (
            {"first_attacker": "eldest"},
            "Option first_attacker: “eldest” is not allowed; choose one of p1, p2, random.",
        ),
        ({"scenario": "troy"}, "Unknown scenario “troy”. Known: athenes, initiation, expert."),
    ],
)
async def test_athena_choices_are_refused_with_the_allowed_values(store, clock, options, reason):
    service = make_service(store, clock, games=ATHENA)
    with pytest.raises((UserError, IllegalCommand)) as refusal:
        await service.new_game(WHERE, ALICE, "athena", options)
    assert render(refusal.value.text, "en") == reason
    assert await store.games() == []


# ---- through the service and the store ------------------------------------------------------------


async def athena_table(store, clock, seed=7, **kw):
    service = make_service(store, clock, games=ATHENA, **kw)
    await service.new_game(WHERE, ALICE, "athena", {"seed": seed})
    await service.join(WHERE, BOB)
    await service.start_game(WHERE, ALICE)
    return service


async def refused_here(store, coro, key):
    """The call is refused with `key`, and not one row of the database changed."""
    before = await dump(store)
    with pytest.raises((UserError, IllegalCommand)) as refusal:
        await coro
    assert refusal.value.text.key == key, render(refusal.value.text, "en")
    assert await dump(store) == before
    return refusal.value


@pytest.mark.parametrize(
    ("setup", "actor", "move", "key", "en", "fr"),
    [
        ([], ALICE, "deploy PE", "athena.err.deploy_size", "list 15 codes, not 1", "donnez 15 codes, pas 1"),
        (
            [],
            ALICE,
            "deploy XX",
            "athena.err.unknown_card",
            "Unknown combatant code “XX”",
            "Code de combattant inconnu",
        ),
        (
            [],
            ALICE,
            "CM@15",
            "athena.err.wrong_phase",
            "during the deployment phase",
            "pendant la phase de déploiement",
        ),
        (["@alice deploy weak"], ALICE, "deploy weak", "core.err.not_your_turn", "", ""),
        (
            ["@alice deploy weak", "@bob deploy weak"],
            ALICE,
            "CM@15",
            "athena.err.not_in_hand",
            "no Commander",
            "pas de Commandant",
        ),
        (["@alice deploy weak", "@bob deploy weak"], ALICE, "AS@16", "athena.err.no_such_slot", "16", "16"),
        (
            ["@alice deploy weak", "@bob deploy weak"],
            ALICE,
            "pass",
            "athena.err.wrong_phase",
            "power phase",
            "phase de pouvoir",
        ),
        (["@alice deploy weak", "@bob deploy weak"], BOB, "CM@15", "core.err.not_your_turn", "", ""),
        (
            [
                "@alice deploy weak",
                "@bob deploy weak",
                "@alice AS@15",
                "@bob CM@15",
                "@alice pass",
                "@bob pass",
            ],
            ALICE,
            "engage 15",
            "athena.err.wrong_phase",
            "reveal phase",
            "phase de révélation",
        ),
        (
            [
                "@alice deploy weak",
                "@bob deploy weak",
                "@alice AS@15",
                "@bob CM@15",
                "@alice pass",
                "@bob pass",
            ],
            ALICE,
            "reveal CM@15",
            "athena.err.no_power_there",
            "Commander",
            "Commandant",
        ),
        (["@alice deploy weak", "@bob deploy weak"], CAROL, "pass", "bot.err.not_seated", "", ""),
    ],
)
async def test_a_refused_athena_move_changes_no_byte_of_the_store(
    store, clock, setup, actor, move, key, en, fr
):
    service = await athena_table(store, clock)
    for line in setup:
        who, text_move = line.split(" ", 1)
        await service.play(WHERE, ALICE if who == "@alice" else BOB, text_move)
    state_before = await store.current_state(1)
    error = await refused_here(store, service.play(WHERE, actor, move), key)
    assert await store.current_state(1) == state_before
    english, french = render(error.text, "en"), render(error.text, "fr")
    assert en in english and fr in french and english != french and key not in english + french


async def test_athena_games_through_the_service_replay_to_their_stored_states():
    from bot.selfplay import run_selfplay

    summary = await run_selfplay(
        "athena", games=2, seed=21, players="mixed", catalog=ATHENA, write=lambda _: None
    )
    assert summary.ok, summary.failures
    assert summary.games == 2 and sum(summary.wins.values()) + summary.wins.get("draw", 0) >= 2


async def test_taking_back_a_random_deployment_needs_the_opponents_agreement(store, clock):
    service = await athena_table(store, clock)
    await service.play(WHERE, ALICE, "deploy random")  # shuffled by the game's generator
    reply = await service.undo(WHERE, ALICE)
    assert lines(reply) == ["alice asks to take back 1 move. bob: do you accept?"]
    await refused_here(store, service.play(WHERE, ALICE, "deploy weak"), "core.err.not_your_turn")
    reply = await service.undo(WHERE, BOB)
    assert "alice takes back 1 move." in lines(reply)
    assert (await store.get_game(1)).seq == 0


async def test_taking_back_a_move_the_opponent_answered_needs_agreement(store, clock):
    service = await athena_table(store, clock)
    for actor, move in ((ALICE, "deploy weak"), (BOB, "deploy weak"), (ALICE, "AS@15"), (BOB, "CM@15")):
        await service.play(WHERE, actor, move)  # none of these reveals anything
    reply = await service.undo(WHERE, ALICE)  # bob has played since: he must agree
    assert lines(reply) == ["alice asks to take back 2 moves. bob: do you accept?"]
    await service.play(WHERE, ALICE, "pass")  # a new move lets the request lapse
    assert (await store.get_game(1)).pending is None
    reply = await service.undo(WHERE, BOB)  # alice has played since bob's CM@15
    assert lines(reply) == ["bob asks to take back 2 moves. alice: do you accept?"]
    reply = await service.undo(WHERE, ALICE)  # alice agrees
    assert lines(reply, public=True)[0] == "bob takes back 2 moves."
    assert (await store.get_game(1)).seq == 3
    reply = await service.undo(WHERE, ALICE)  # her own AS@15, nothing since: alone
    assert lines(reply, public=True)[0] == "alice takes back 1 move."
    assert (await store.get_game(1)).seq == 2


async def test_the_whole_table_command_surface_with_athena(store, clock):
    service = make_service(store, clock, games=ATHENA, render_images=True)
    await service.new_game(WHERE, ALICE, "athena", {"seed": 5, "scenario": "initiation"})
    busy = await refused_here(store, service.new_game(WHERE, BOB, "athena", {}), "bot.err.channel_busy")
    assert "Battle for Athena (n°1, en attente de joueurs)" in render(busy.text, "fr")
    await service.add_bot(WHERE, ALICE, "random")
    await service.leave(WHERE, ALICE)  # the creator's seat frees up; the bot stays
    await service.join(WHERE, ALICE)
    start = await service.start_game(WHERE, ALICE)
    assert "Game #1 of Battle for Athena begins!" in text(start)
    board = await service.board(WHERE, BOB)
    [image] = [m.image for m in board.messages if m.image is not None]
    assert image.data[:4] == b"\x89PNG"
    hand = await service.hand(WHERE, ALICE)
    assert all(m.to_user == ALICE.user_id or m.ephemeral for m in hand.messages)
    status = await service.status(WHERE, ALICE)
    assert "Scenario: Initiation, first to 2 rounds." in text(status)
    assert "alice: 0/2 rounds won; this round 0 VP" in text(status)
    assert "Scénario\u00a0: Initiation, en 2 manches gagnantes." in text(status, locale="fr")
    await refused_here(store, service.export(WHERE, ALICE), "bot.err.export_unfinished")
    resign = await service.resign(WHERE, ALICE)
    assert "alice resigned" in text(resign)
    record = await store.get_game(1)
    assert record.status == "finished" and record.result["winners"] == ["p2"]
    exported = await service.export(WHERE, ALICE)
    [attachment] = [m.attachment for m in exported.messages if m.attachment is not None]
    assert json.loads(attachment.data)["options"]["scenario"] == "initiation"
    rematch = await service.rematch(WHERE, ALICE)
    assert "Rematch of game #1: game #2 of Battle for Athena begins, seats rotated!" in text(rematch)
    second = await store.get_game(2)
    assert second.status == "running" and second.options == record.options
    await service.abort(WHERE, ALICE)  # only an AI is left to agree
    assert (await store.get_game(2)).status == "aborted"
    await service.new_game(WHERE, BOB, "athena", {})  # the channel is free again
