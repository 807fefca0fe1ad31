"""Battle for Athena through the real service and the local table: a whole scripted game,
hidden information, an AI opponent, undo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bot_helpers import ALICE, BOB, WHERE, lines, make_service, text

from bot.__main__ import main
from bot.service import UserError
from engine import get_game
from engine.errors import IllegalCommand
from engine.i18n import render

DATA = Path(__file__).parent / "data"
ATHENA = {"athena": get_game("athena")}
POWER_PLAY = re.compile(r"^([A-Z]{2})@(\d+)$")


def test_the_scripted_athena_game_replays_at_the_local_table(tmp_path, capsys):
    rc = main(["local", "--transcript", str(DATA / "athena_game.txt"), "--out", str(tmp_path), "--db", str(tmp_path / "a.db")])
    out = capsys.readouterr().out.splitlines()
    assert rc == 0, "\n".join(out[-8:])
    assert out[-1] == "Transcript replayed: 156 commands, 5 expected rejection(s)."
    assert any(line.startswith("Game #1 is over. Winner: alice") for line in out)
    record = json.loads((tmp_path / "agora-game-1.json").read_text(encoding="utf-8"))
    assert record["seed"] == 7 and len(record["actions"]) == 143 and record["result"]["winners"] == ["p1"]
    assert (tmp_path / "board-143.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "alice-3.png").exists() and (tmp_path / "bob-4.png").exists()


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
    script = [line.split(" /play ") for line in (DATA / "athena_game.txt").read_text().splitlines()
              if " /play " in line and not line.startswith("!")]
    for who, move in script[:40]:
        actor = ALICE if who == "@alice" else BOB
        reply = await service.play(WHERE, actor, move)
        public = text(reply, public=True) + text(reply, public=True, locale="fr")
        played = POWER_PLAY.match(move)
        if played:
            assert played.group(1) not in public and move not in public
            assert any("slot " + played.group(2) in line for line in lines(reply, to=actor.user_id))
    assert spy.boards and all(v.viewer is None for v in spy.boards)
    assert all(army.hand is None for v in spy.boards for army in v.armies.values())
    assert all(v.viewer is not None and v.armies[v.viewer].hand is not None for v in spy.privates)
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
    assert {a.user_id for a in actions if a.role == "p1"} == {ALICE.user_id}


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
    assert lines(reply, public=True)[0] == "alice takes back 1 move(s)."
    assert await store.current_state(1) == before
    for actor, move in ((ALICE, "AS@15"), (BOB, "CM@15"), (ALICE, "pass"), (BOB, "pass")):  # the last reveals
        await service.play(WHERE, actor, move)
    reply = await service.undo(WHERE, BOB)
    assert lines(reply) == ["bob asks to take back 1 move(s). alice: do you accept?"]
    await service.undo(WHERE, ALICE)
    assert (await store.get_game(1)).seq == 5



@pytest.mark.parametrize(("options", "reason"), [
    ({"structure": "circle"}, "Option structure: “circle” is not allowed; choose one of pyramid, inverted, x, columns."),
    ({"first_attacker": "eldest"}, "Option first_attacker: “eldest” is not allowed; choose one of p1, p2, random."),
    ({"scenario": "troy"}, "Unknown scenario “troy”. Known: athenes, initiation, expert."),
])
async def test_athena_choices_are_refused_with_the_allowed_values(store, clock, options, reason):
    service = make_service(store, clock, games=ATHENA)
    with pytest.raises((UserError, IllegalCommand)) as refusal:
        await service.new_game(WHERE, ALICE, "athena", options)
    assert render(refusal.value.text, "en") == reason
    assert await store.games() == []
