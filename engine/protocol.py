"""The surface every game implements (ARCHITECTURE section 2).

A game is a package `engine/<game_id>/` exporting `GAME`, an object with the members
below. The server knows no game: it only calls these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, runtime_checkable

from pydantic import BaseModel, model_validator

from engine.i18n import Text

Role = str


class Event(BaseModel):
    """Something that happened. `to=None` is public; otherwise only that role may see it."""

    to: Role | None = None
    text: Text
    data: dict[str, Any] = {}


class Outcome(BaseModel):
    """What `apply` returns: the next state and the events it produced.

    `reveals` is True when the command showed hidden information to anyone or consumed
    randomness: such a command may only be taken back with the opponents' agreement.
    """

    state: Any
    events: list[Event] = []
    reveals: bool = False


class Result(BaseModel):
    """A finished game as leagues record it. `losers` names the roles that lost when no one
    won: a solo game lost against the rules (or resigned, or timed out) is a defeat, not a
    draw; a draw has neither winners nor losers."""

    winners: list[Role]
    losers: list[Role] = []
    scores: dict[Role, float] = {}
    reason: Text
    details: dict[str, Any] = {}

    @property
    def is_draw(self) -> bool:
        return not self.winners and not self.losers


class GameState(BaseModel):
    """Fields every game state carries; games subclass it."""

    SCHEMA_VERSION: ClassVar[int] = 1
    schema_version: int = 1
    game: str
    roles: list[Role]

    @model_validator(mode="before")
    @classmethod
    def _not_from_the_future(cls, data: Any) -> Any:
        """A state saved by a newer version is refused (engine/schema.py), never half-read."""
        if isinstance(data, dict):
            from engine.schema import refuse_future

            refuse_future(data, cls.SCHEMA_VERSION)
        return data


class Window(BaseModel):
    """An out-of-turn reaction or small choice (optional `GAME.window(state, role)`).

    `timeout` is the command the table plays for the role when the game's window time limit
    passes (its pass, decline or optimal choice; always one of `legal(state, role)`).
    `choices` are the commands worth a button, most useful first (default: `legal()`'s
    order); `prompt` says what is being decided, on public information only. The table
    announces the timeout's and standing orders' answers publicly with `label`: a window's
    commands must be public acts.
    """

    kind: str
    timeout: Any
    prompt: Text
    choices: list[Any] = []


class Order(BaseModel):
    """A standing order a game offers (optional `GAME.orders`, a list of these): `key`
    names it, `values` maps each allowed value to its label; `default` never acts
    ("ask": the player is asked as usual)."""

    key: str
    label: Text
    values: dict[str, Text]
    default: str = "ask"


class Notation(Protocol):
    def format(self, command: Any) -> str: ...

    def parse(self, text: str, state: Any, role: Role) -> Any: ...


class Player(Protocol):
    """An AI seat: picks one of `legal(state, role)`."""

    def choose(self, state: Any, role: Role) -> Any: ...


@runtime_checkable
class Game(Protocol):
    """The members every game has. Optional members, looked up with `getattr` by the table
    service (a game without them behaves as if no window, label or order existed):

    - `window(state, role) -> Window | None`: the role's decision now is a reaction window
      or small choice, which may time out (the service plays `Window.timeout`).
    - `label(state, role, command) -> Text`: a readable button label for a command.
    - `orders: list[Order]` and `standing(state, role, orders: dict[str, str]) -> command
      | None`: the command the role's standing orders play now; always one of `legal()`.
    - `forced(state, role) -> command | None`: a decision with no real choice (the role's
      only legal command, or a question whose every answer leads to the same position),
      which the table plays at once for a human seat, announcing that it played itself
      without naming it (the game's public events tell what happened).
    - `forced_note(state, role, command) -> Text | None`: why that decision played itself,
      in words on public information, said instead of the table's generic line.
    - `decision(state, role) -> Hashable`: what the role is deciding now; a player whose
      decision changed is pinged "your move" even though they never stopped being to play.
    - `describe(view) -> list[Text]`: a private view in words (`/game hand` without images).
    - `summary(public_view) -> list[Text]`: the position in words for `/game status`.
    - `rules: list[Text]`: how to play: the move notation with examples (`/game rules`).
    - `setups: Setups`: saved set-ups per user (armies, heroes), engine/plugins.py.
    - `shortcuts: list[ShortcutGroup]`: typed commands that become notation, engine/plugins.py.
    - `league: LeagueFacts`: the variants a league may pick and the result fields leagues
      group by, engine/plugins.py.
    - `ai: GameAI`: what AI seats need: how to sample what a seat cannot see (every level
      decides on such a determinization), and for the `strong` level's search an evaluation,
      move ordering and a horizon (engine/ai/honest.py, engine/ai/search.py).
    - `plans: TurnPlans`: a turn in few interactions (issue 26): compound `/play` entries
      (a card with the units it orders), the steps a player may chain past a roll, the
      game's turn, engine/plugins.py. Every game's `/play` takes chains (`a; b; c`).
    - `quiet_board(state) -> bool`: the public board shows nothing new now (a hidden
      deployment): the change's public message goes without a board image.
    - `glossary() -> Sequence[engine.glossary.Entry]`: every thing a player may read by name
      (cards, powers, talents, abilities, prowesses, tactics, skills, Banes, Blessings,
      deities and their Lore, units, marks of the images), each with its kind, name and whole
      text: public information only. `/game explain name:` shows one, with autocomplete.
    - `explain(state, role, command) -> Text | None`: a short effect text (~60 characters)
      for one legal command, shown after its label wherever it is offered (`/play`
      autocomplete, the local table's `moves`, the message carrying buttons); None when the
      label says it all. See engine/glossary.py.
    A renderer may add extra images (`IMAGES`, render/__init__.py) that shortcuts show.
    """

    id: str
    names: dict[str, str]
    min_players: int
    max_players: int
    Options: type[BaseModel]
    notation: Notation
    players: dict[str, Callable[[int], Player]]

    def roles(self, options: BaseModel) -> list[Role]: ...

    def setup(self, options: BaseModel, roles: list[Role], seed: int) -> Any: ...

    def active(self, state: Any) -> frozenset[Role]: ...

    def legal(self, state: Any, role: Role) -> list[Any]: ...

    def apply(self, state: Any, role: Role, command: Any) -> Outcome: ...

    def view(self, state: Any, role: Role | None) -> BaseModel: ...

    def result(self, state: Any) -> Result | None: ...

    def load_state(self, data: dict[str, Any]) -> Any: ...

    def load_command(self, data: dict[str, Any]) -> Any: ...
