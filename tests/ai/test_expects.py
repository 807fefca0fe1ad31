"""What a searching AI seat expected (issue 27): its move's announcement in the channel ends
with one line, in words and as its search's number (bot/service/ai.py `expectation`), in the
reader's language; a level that does not search adds none, and the line is not stored in the
game's log. End to end through the table service, the search in its worker process with a
small budget in iterations."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.service import Actor, TableService, Where
from bot.service.ai import ai_seed, expectation
from engine import get_game
from engine.ai.search import Budget
from engine.i18n import render

WHERE = Where("guild-1", "chan-1")
ALICE = Actor("u-alice", "alice")
LINE = re.compile(
    r"^Bot (\w+) expects (?:to be (?:clearly winning|ahead|behind|clearly losing)|an even game) \(([^)]+)\)\.$"
)
LIGNE = re.compile(
    r"^Bot (\w+) (?:s’estime (?:nettement gagnant|en avance|en retard|nettement perdant)|estime la partie équilibrée) \(([^)]+)\)\.$"
)


@pytest.mark.parametrize(
    "value, english, french",
    [
        (0.34, "Bot strong expects to be ahead (+0.34).", "Bot strong s’estime en avance (+0,34)."),
        (
            0.5,
            "Bot strong expects to be clearly winning (+0.50).",
            "Bot strong s’estime nettement gagnant (+0,50).",
        ),
        (
            1.0,
            "Bot strong expects to be clearly winning (+1.00).",
            "Bot strong s’estime nettement gagnant (+1,00).",
        ),
        (0.001, "Bot strong expects an even game (0.00).", "Bot strong estime la partie équilibrée (0,00)."),
        (
            -0.14,
            "Bot strong expects an even game (\u22120.14).",
            "Bot strong estime la partie équilibrée (\u22120,14).",
        ),
        (
            -0.2,
            "Bot strong expects to be behind (\u22120.20).",
            "Bot strong s’estime en retard (\u22120,20).",
        ),
        (
            -0.75,
            "Bot strong expects to be clearly losing (\u22120.75).",
            "Bot strong s’estime nettement perdant (\u22120,75).",
        ),
    ],
)
def test_the_value_reads_as_words_and_its_number_in_each_language(value, english, french) -> None:
    line = expectation("Bot strong", value)
    assert render(line, "en") == english
    assert render(line, "fr") == french


def _number(shown: str) -> float:
    return float(shown.replace("\u2212", "-").replace(",", "."))


async def _play_against(store, level: str, game_id: str, seed: int, limit: int = 60):
    """Alice plays the heuristic's moves against an AI seat of `level`; each reply's public
    lines in English and French."""
    game = get_game(game_id)
    service = TableService(
        store, clock=lambda: 1_700_000_000.0, games={game_id: game}, render_images=False, rng=random.Random(7)
    )
    await service.new_game(WHERE, ALICE, game_id, {"seed": seed})
    await service.add_bot(WHERE, ALICE, level)
    await service.start_game(WHERE, ALICE)
    decider = game.players["heuristic"](11)
    replies = []
    for _ in range(limit):
        record = await store.channel_game(WHERE.guild_id, WHERE.channel_id)
        if record is None or record.status != "running":
            break
        state = game.load_state(json.loads(await store.current_state(record.id)))
        reply = await service.play(WHERE, ALICE, game.notation.format(decider.choose(state, "p1")))
        public = [line for m in reply.messages if m.to_user is None and not m.ephemeral for line in m.lines]
        replies.append(([render(t, "en") for t in public], [render(t, "fr") for t in public]))
    return game, replies


async def test_a_strong_seat_says_what_it_expected_after_its_moves(store, iterations) -> None:
    game, replies = await _play_against(store, "strong", "athena", 5)
    told = [(en, fr) for en, fr in replies if any(LINE.match(x) for x in en)]
    assert len(told) >= 5, "searched replies carry the line"
    shown = []
    for en, fr in told:
        [english] = [x for x in en if LINE.match(x)]
        [french] = [x for x in fr if LIGNE.match(x)]
        # after the AI's moves, before the next player is called
        assert not [x for x in en[en.index(english) + 1 :] if "Bot strong" in x], en
        assert not [x for x in fr[fr.index(french) + 1 :] if "Bot strong" in x], fr
        assert _number(LINE.match(english)[2]) == _number(LIGNE.match(french)[2])
        shown.append(_number(LINE.match(english)[2]))
    actions = await store.actions(1)
    assert not any("bot.ai.expects" in str(a.events) for a in actions), "not stored in the log"
    # the number is the search's own: each AI decision replayed as the worker made it
    record = await store.get_game(1)
    [(_, first)] = [(seq, text) for seq, text in await store.snapshots(1) if seq == 0]
    state, expected = game.load_state(json.loads(first)), []
    for action in actions:
        if action.role == "p2":
            player = game.players["strong"](ai_seed(record.seed, action.seq - 1, "p2"))
            player.budget = Budget(iterations=iterations, seconds=None)
            sent = game.load_state(json.loads(state.model_dump_json()))  # as the worker receives it
            assert game.notation.format(player.choose(sent, "p2")) == action.notation
            if player.thought.searched:
                expected.append(player.thought.value)
        state = game.apply(state, action.role, game.load_command(action.command)).state
    assert all(any(abs(v - number) < 0.0051 for v in expected) for number in shown)  # to the hundredth


async def test_a_level_that_does_not_search_adds_no_line(store, iterations) -> None:
    _, replies = await _play_against(store, "heuristic", "athena", 5, limit=20)
    assert replies and not any("expects" in x for en, _ in replies for x in en)
