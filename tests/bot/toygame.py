""" "Omens": a tiny protocol-complete game to test the table service before real engines land.

Two players each hold a hidden hand dealt from a shuffled deck 1..9. First, both secretly
bid one card at the same time (a simultaneous choice); the higher bid scores 2 once both are
in. Then they alternate: play a card face up (scores its value, reveals it), roll a die
(scores 1-6, consumes randomness) or pass (reveals nothing). Three passes in a row, the turn
limit or the target score end the game; the higher score wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from engine.errors import IllegalCommand
from engine.i18n import T, Text, register_catalog
from engine.players import RandomPlayer
from engine.protocol import Event, GameState, Outcome, Result, Role
from engine.rng import Rng

register_catalog(Path(__file__).parent / "locales")

ROLES = ["p1", "p2"]


class Options(BaseModel):
    hand: int = Field(3, ge=1, le=4)
    turns: int = Field(6, ge=2, le=40)
    target: int = Field(20, ge=5, le=60)


class Bid(BaseModel):
    kind: Literal["bid"] = "bid"
    card: int


class Play(BaseModel):
    kind: Literal["play"] = "play"
    card: int


class Roll(BaseModel):
    kind: Literal["roll"] = "roll"


class Pass(BaseModel):
    kind: Literal["pass"] = "pass"


Command = Annotated[Bid | Play | Roll | Pass, Field(discriminator="kind")]


class _CommandBox(BaseModel):
    command: Command


class State(GameState):
    game: str = "toy"
    options: Options
    rng: Rng
    hands: dict[Role, list[int]]
    bids: dict[Role, int | None]
    scores: dict[Role, int]
    phase: str = "bid"  # "bid" | "play" | "over"
    turn: Role = "p1"
    turns: int = 0
    passes: int = 0
    played: list[int] = []
    last_roll: int | None = None


class ToyView(BaseModel):
    viewer: Role | None
    phase: str
    turn: Role
    scores: dict[Role, int]
    hand_counts: dict[Role, int]
    has_bid: dict[Role, bool]
    played: list[int]
    last_roll: int | None
    hand: list[int] | None = None  # own hand only
    my_bid: int | None = None


def _other(role: Role) -> Role:
    return "p2" if role == "p1" else "p1"


class Notation:
    def format(self, command: Any) -> str:
        if isinstance(command, Bid | Play):
            return f"{command.kind} {command.card}"
        return command.kind

    def parse(self, text: str, state: State, role: Role) -> Any:
        words = text.strip().lower().split()
        if words in (["roll"], ["pass"]):
            return Roll() if words[0] == "roll" else Pass()
        if len(words) == 2 and words[0] in ("bid", "play") and words[1].isdigit():
            card = int(words[1])
            return Bid(card=card) if words[0] == "bid" else Play(card=card)
        raise IllegalCommand("core.err.unknown_command", text=text, examples="play 3, roll, pass")


class HighCardPlayer:
    """The "heuristic" seat: bid the lowest card, then play the highest, roll when empty."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, role: Role) -> Any:
        moves = GAME.legal(state, role)
        bids = [m for m in moves if isinstance(m, Bid)]
        if bids:
            return min(bids, key=lambda m: m.card)
        plays = [m for m in moves if isinstance(m, Play)]
        return max(plays, key=lambda m: m.card) if plays else Roll()


class ToyGame:
    id = "toy"
    names = {"en": "Omens", "fr": "Présages"}
    min_players = 2
    max_players = 2
    Options = Options
    notation = Notation()

    def __init__(self) -> None:
        self.players = {"random": lambda seed: RandomPlayer(self, seed), "heuristic": HighCardPlayer}

    def roles(self, options: Options) -> list[Role]:
        return list(ROLES)

    def setup(self, options: Options, roles: list[Role], seed: int) -> State:
        rng = Rng.from_seed(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        hands = {
            role: sorted(deck[i * options.hand : (i + 1) * options.hand]) for i, role in enumerate(roles)
        }
        return State(
            roles=list(roles),
            options=options,
            rng=rng,
            hands=hands,
            bids={r: None for r in roles},
            scores={r: 0 for r in roles},
        )

    def active(self, state: State) -> frozenset[Role]:
        if state.phase == "bid":
            return frozenset(r for r in state.roles if state.bids[r] is None)
        if state.phase == "play":
            return frozenset({state.turn})
        return frozenset()

    def legal(self, state: State, role: Role) -> list[Any]:
        if role not in self.active(state):
            return []
        hand = state.hands[role]
        if state.phase == "bid":
            return [Bid(card=c) for c in hand]
        return [Play(card=c) for c in hand] + [Roll(), Pass()]

    def apply(self, state: State, role: Role, command: Any) -> Outcome:
        if state.phase == "over":
            raise IllegalCommand("core.err.game_over")
        if role not in self.active(state):
            raise IllegalCommand("core.err.not_your_turn")
        if isinstance(command, Bid | Play) and command.card not in state.hands[role]:
            raise IllegalCommand("toy.err.no_card", card=command.card)
        if (state.phase == "bid") != isinstance(command, Bid):
            raise IllegalCommand("toy.err.wrong_phase")
        new = state.model_copy(deep=True)
        if isinstance(command, Bid):
            return self._bid(new, role, command.card)
        return self._turn(new, role, command)

    def _bid(self, state: State, role: Role, card: int) -> Outcome:
        state.hands[role].remove(card)
        state.bids[role] = card
        events = [
            Event(to=role, text=T("toy.ev.you_bid", card=card)),
            Event(text=T("toy.ev.has_bid", role=role)),
        ]
        if any(b is None for b in state.bids.values()):
            return Outcome(state=state, events=events)
        p1, p2 = state.bids["p1"], state.bids["p2"]
        if p1 != p2:
            state.scores["p1" if p1 > p2 else "p2"] += 2
        state.phase = "play"
        events.append(Event(text=T("toy.ev.bids", p1=p1, p2=p2)))
        return Outcome(state=state, events=events, reveals=True)

    def _turn(self, state: State, role: Role, command: Any) -> Outcome:
        reveals = True
        if isinstance(command, Play):
            state.hands[role].remove(command.card)
            state.played.append(command.card)
            state.scores[role] += command.card
            text = T("toy.ev.plays", role=role, card=command.card)
        elif isinstance(command, Roll):
            state.last_roll = state.rng.randint(1, 6)
            state.scores[role] += state.last_roll
            text = T("toy.ev.rolls", role=role, value=state.last_roll)
        else:
            reveals = False
            text = T("toy.ev.passes", role=role)
        state.passes = state.passes + 1 if isinstance(command, Pass) else 0
        state.turns += 1
        state.turn = _other(role)
        if (
            state.passes >= 3
            or state.turns >= state.options.turns
            or max(state.scores.values()) >= state.options.target
        ):
            state.phase = "over"
        return Outcome(state=state, events=[Event(text=text)], reveals=reveals)

    def view(self, state: State, role: Role | None) -> ToyView:
        return ToyView(
            viewer=role,
            phase=state.phase,
            turn=state.turn,
            scores=dict(state.scores),
            hand_counts={r: len(h) for r, h in state.hands.items()},
            has_bid={r: b is not None for r, b in state.bids.items()},
            played=list(state.played),
            last_roll=state.last_roll,
            hand=list(state.hands[role]) if role else None,
            my_bid=state.bids[role] if role else None,
        )

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        a, b = state.scores["p1"], state.scores["p2"]
        winners = [] if a == b else ["p1" if a > b else "p2"]
        return Result(
            winners=winners,
            scores={k: float(v) for k, v in state.scores.items()},
            reason=T("toy.result.score"),
        )

    def load_state(self, data: dict[str, Any]) -> State:
        return State.model_validate(data)

    def load_command(self, data: dict[str, Any]) -> Any:
        return _CommandBox.model_validate({"command": data}).command

    def describe(self, view: ToyView) -> list[Text]:
        """Optional hook the service uses for `/game hand`: the private view in words."""
        return [T("toy.hand", cards=[str(c) for c in view.hand or []] or "-")]


GAME = ToyGame()
