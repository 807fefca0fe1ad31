"""A solo game's hall of fame per server (`/game hall`, `GAME.hall`): finished runs grouped
as the game says (difficulty), best first, with its columns and the date; a CSV export; and
clear refusals for games that keep none. The solo game here is a countdown: the player
takes 1 or 2 from a pile and wins on reaching exactly 0 within the difficulty's turns."""

from __future__ import annotations

import csv
import io
from typing import Any, Literal

import pytest
from bot_helpers import ALICE, BOB, WHERE, lines, make_service
from pydantic import BaseModel

from bot.service.api import UserError, Where
from engine.errors import IllegalCommand
from engine.i18n import T, register_texts
from engine.players import RandomPlayer
from engine.plugins import HallFacts
from engine.protocol import GameState, Outcome, Result

register_texts(
    "en", {"trial.col.left": "left", "trial.col.turns": "turns", "trial.easy": "Easy", "trial.hard": "Hard"}
)


class Options(BaseModel):
    difficulty: Literal["easy", "hard"] = "easy"


class Take(BaseModel):
    kind: Literal["take"] = "take"
    n: int


class State(GameState):
    game: str = "trial"
    options: Options
    pile: int = 5
    turns: int = 0


class Notation:
    def format(self, command: Take) -> str:
        return f"take {command.n}"

    def parse(self, text: str, state: State, role: str) -> Take:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or words[1] not in ("1", "2"):
            raise IllegalCommand("core.err.unknown_command", text=text, examples="take 1")
        return Take(n=int(words[1]))


class Trial:
    id = "trial"
    names = {"en": "Trial", "fr": "Épreuve"}
    min_players = max_players = 1
    Options = Options
    notation = Notation()
    hall = HallFacts(
        columns=(("left", T("trial.col.left")), ("turns", T("trial.col.turns"))),
        best=lambda details, won: (won, -details.get("left", 99), -details.get("turns", 99)),
        group_by="difficulty",
        groups={"hard": T("trial.hard"), "easy": T("trial.easy")},
    )

    def __init__(self) -> None:
        self.players = {"random": lambda seed: RandomPlayer(self, seed)}

    def roles(self, options: Options) -> list[str]:
        return ["solo"]

    def setup(self, options: Options, roles: list[str], seed: int) -> State:
        return State(roles=roles, options=options)

    def _limit(self, state: State) -> int:
        return 3 if state.options.difficulty == "hard" else 5

    def active(self, state: State) -> frozenset[str]:
        return frozenset() if self.result(state) else frozenset({"solo"})

    def legal(self, state: State, role: str) -> list[Take]:
        return [Take(n=n) for n in (1, 2) if n <= state.pile] if role in self.active(state) else []

    def apply(self, state: State, role: str, command: Take) -> Outcome:
        if command not in self.legal(state, role):
            raise IllegalCommand("core.err.game_over")
        return Outcome(
            state=state.model_copy(update={"pile": state.pile - command.n, "turns": state.turns + 1})
        )

    def view(self, state: State, role: str | None) -> State:
        return state

    def result(self, state: State) -> Result | None:
        if state.pile and state.turns < self._limit(state):
            return None
        details = {"difficulty": state.options.difficulty, "left": state.pile, "turns": state.turns}
        return Result(winners=[] if state.pile else ["solo"], reason=T("core.err.game_over"), details=details)

    def load_state(self, data: dict[str, Any]) -> State:
        return State.model_validate(data)

    def load_command(self, data: dict[str, Any]) -> Take:
        return Take.model_validate(data)


@pytest.fixture
def service(store, clock):
    from bot_helpers import TOY

    return make_service(store, clock, games={"toy": TOY, "trial": Trial()})


async def run(service, where: Where, actor, difficulty: str, takes: list[int]) -> None:
    await service.new_game(where, actor, "trial", {"difficulty": difficulty})
    await service.start_game(where, actor)
    for n in takes:
        await service.play(where, actor, f"take {n}")


async def test_hall_ranks_runs_by_difficulty_with_the_games_columns(service):
    await run(service, WHERE, ALICE, "easy", [1, 1, 1, 1, 1])  # 5 turns, won
    await run(service, Where(WHERE.guild_id, "c2"), BOB, "hard", [2, 2, 1])  # 3 turns, won
    await run(service, Where(WHERE.guild_id, "c3"), ALICE, "hard", [1, 1, 1])  # out of turns: lost
    await run(service, Where(WHERE.guild_id, "c4"), BOB, "easy", [2, 2, 1])  # won in 3
    await run(service, Where("other-server", "c"), BOB, "easy", [2, 2, 1])  # another server's
    shown = lines(await service.hall(WHERE, ALICE, "trial"))
    assert shown[0] == "🏛️ **Hall of fame: Trial** · finished runs: 4"
    day = shown[2].rsplit(" · ", 1)[1]
    assert shown[1:] == [
        "**Hard**",
        f"1. bob: victory · left 0, turns 3 · {day}",
        f"2. alice: defeat · left 2, turns 3 · {day}",
        "**Easy**",
        f"1. bob: victory · left 0, turns 3 · {day}",
        f"2. alice: victory · left 0, turns 5 · {day}",
    ]
    reply = await service.hall(WHERE, ALICE)  # the only game with a hall needs no naming
    assert reply.messages[0].ephemeral and reply.public() == []


async def test_hall_exports_every_run_as_csv(service):
    await run(service, WHERE, ALICE, "hard", [2, 2, 1])
    reply = await service.hall(WHERE, BOB, "trial", export=True)
    rows = list(csv.reader(io.StringIO(reply.messages[0].attachment.data.decode())))
    assert rows[0] == ["rank", "difficulty", "player", "won", "left", "turns", "game", "finished"]
    assert rows[1][:7] == ["1", "hard", "alice", "1", "0", "3", "1"]


async def test_games_without_a_hall_are_refused_by_name(service):
    with pytest.raises(UserError) as refused:
        await service.hall(WHERE, ALICE, "toy")
    assert refused.value.text.key == "bot.err.no_hall" and refused.value.text.params["games"] == ["trial"]
    with pytest.raises(UserError, match="bot.err.unknown_game"):
        await service.hall(WHERE, ALICE, "chess")
