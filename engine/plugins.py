"""What a game declares beyond `/play` (ARCHITECTURE §8): optional members of its `GAME`,
read by generic code in `bot/`. A table the game fills in, never a branch the bot writes.

- `GAME.shortcuts: list[ShortcutGroup]`: typed commands (`/mythic activate unit:`), each
  turned into the game's notation and played through `/play`'s checks, or showing one of
  the renderer's extra images. The bot registers one group per entry, on Discord and at
  the local table, named and described from the game's catalog.
- `GAME.setups: Setups`: saved set-ups per user (Mythic Battles' armies). The game names,
  validates, prices and autocompletes them; the bot stores them per user and game and
  offers one command group (`/army save|list|show|delete|check`) for them.
- `GAME.league: LeagueFacts`: the variants a league may pick and the result fields
  leagues group by.
- `GAME.rules: list[Text]`: how to play (the notation, with examples) for `/game rules`.
- `GAME.hall: HallFacts`: a solo game's hall of fame per server (`/game hall`): which result
  details to show, how runs are grouped (by difficulty) and which run is best.
- `GAME.plans: TurnPlans`: a turn in few interactions: compound `/play` entries, the steps
  a player may plan past a roll, the game's turn (issue 26).

Every label is a catalog key built from a `prefix` the game owns: a group `g` is named by
`{prefix}.cmd.{g}.name` / `.desc`, each of its commands `c` by `{prefix}.cmd.{c}.name` /
`.desc`, and each option `o` by `{prefix}.opt.{o}.name` / `.desc`, in English and French.
Errors are `IllegalCommand`s with the game's own keys; nothing here does any I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import BaseModel
from pydantic_core import PydanticCustomError

from engine.i18n import Text

Choice = tuple[str, str]  # (label shown, value sent): autocomplete entries, in the reader's words


class TableContext:
    """What a shortcut or a completer may read: public information and the asker's own.

    `values` are the command's options given so far (typed, or chosen); `options` the
    channel game's Options (None outside a game: a set-up command); `public` the PUBLIC
    view of the current state (None before it starts); `role` the asker's seat (None for a
    spectator); `names` role -> display name; `setups` the asker's saved set-ups of this
    game then the starters; `legal` the asker's legal moves in notation (empty when it is
    not their turn); `after(chain)` the legal moves a chain of theirs would leave.
    """

    def __init__(
        self,
        *,
        locale: str,
        values: dict[str, Any] | None = None,
        options: BaseModel | None = None,
        public: Any = None,
        role: str | None = None,
        names: dict[str, str] | None = None,
        setups: Sequence[Any] = (),
        legal: Sequence[str] = (),
        game_id: int | None = None,
        after: Callable[[str], list[str]] | None = None,
    ) -> None:
        self.locale = locale
        self.values = dict(values or {})
        self.options = options
        self.public = public
        self.role = role
        self.names = dict(names or {})
        self.setups = list(setups)
        self.legal = list(legal)
        self.game_id = game_id
        self._after = after

    def after(self, chain: str) -> list[str]:
        """The asker's legal moves (notation) once the steps of `chain` (`a; b`) are played,
        simulated, never stored; empty past a die roll or a reveal, or when a step is refused."""
        return self._after(chain) if self._after is not None else []

    def value(self, name: str) -> Any:
        return self.values.get(name)


Completer = Callable[[TableContext, str], list[Choice]]


@dataclass(frozen=True)
class Param:
    """One option of a declared command. `kind` is `text` (at most `max_length` characters),
    `int` (from `low` to `high`) or `flag`. `choices` are fixed (value, catalog key of its
    label); `complete(ctx, typed)` lists (label, value) suggestions for what is being typed."""

    name: str
    kind: Literal["text", "int", "flag"] = "text"
    required: bool = False
    max_length: int = 100
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    complete: Completer | None = None


@dataclass(frozen=True)
class Move:
    """What a playing shortcut resolves to: the notation `/play` takes, and private lines
    shown to the asker once the move is accepted."""

    notation: str
    notes: list[Text] = field(default_factory=list)


@dataclass(frozen=True)
class Shortcut:
    """One typed command. Exactly one of:
    - `play(ctx) -> Move | str`: the move it stands for (the engine then accepts or refuses
      it with its own reason);
    - `image`: the name of one of the renderer's `IMAGES`, drawn from the public view for
      the role `pick(ctx)` returns, shown only to the asker with `caption` (a catalog key
      taking `name`, the role's player, and `id`, the game's number);
    - `text(ctx) -> list[Text]`: lines shown only to the asker, with or without a game in
      the channel (a how-to-play).
    """

    name: str
    params: tuple[Param, ...] = ()
    play: Callable[[TableContext], Move | str] | None = None
    image: str | None = None
    pick: Callable[[TableContext], str] | None = None
    caption: str | None = None
    text: Callable[[TableContext], list[Text]] | None = None

    @property
    def private(self) -> bool:
        return self.image is not None or self.text is not None


@dataclass(frozen=True)
class ShortcutGroup:
    """`/<name> ...`: the game's typed commands, labelled from `{prefix}.*` keys."""

    name: str
    prefix: str
    commands: tuple[Shortcut, ...]


class SavedSetup(Protocol):
    """A saved or starter set-up as the game understands it."""

    key: str  # the saved name, or the starter's id
    starter: bool

    def title(self) -> Text | str: ...

    def data(self) -> dict[str, Any]: ...


class Setups(Protocol):
    """Saved set-ups per user (`GAME.setups`). The bot keeps at most `max_saved` per user
    and game, names of 1 to `max_name` characters; the game says everything else.

    Commands: `{command} save name:<name> <fields>`, `list`, `show name:`, `delete name:`,
    and `check <fields> <check_params>` (the live verdict under options given). Error keys
    the bot raises, in the game's catalog: `{prefix}.err.name` (limit), `.starter_name`
    (name), `.limit` (limit), `.no_army` (name, known), `.no_saved_army` (name); and
    `{prefix}.deleted` (name).
    """

    command: str
    prefix: str
    fields: tuple[Param, ...]
    check_params: tuple[Param, ...]
    max_saved: int
    max_name: int

    def build(self, name: str, values: dict[str, Any]) -> SavedSetup:
        """A new set-up from the typed fields; raises IllegalCommand when it can never be used."""
        ...

    def load(self, name: str, data: dict[str, Any]) -> SavedSetup: ...

    def starters(self) -> list[SavedSetup]: ...

    def find_starter(self, name: str) -> SavedSetup | None: ...

    def saved_lines(self, setup: SavedSetup, replaced: bool) -> list[Text]: ...

    def list_lines(self, mine: list[SavedSetup]) -> list[Text]: ...

    def show_lines(self, setup: SavedSetup) -> list[Text]: ...

    def check_lines(self, values: dict[str, Any]) -> list[Text]: ...


@dataclass(frozen=True)
class LeagueFacts:
    """What leagues need to know about a game (`GAME.league`).

    `variants`: value -> label of the variants a league may be restricted to;
    `variant_of(options, details)`: the variant a finished game was played with;
    `side_size(variant)`: players on each side of a reported game (None: one or two);
    `details(state)`: the result fields leagues group by (variant, factions, first player,
    scenario, teams...), read from a game's last state when it ended outside the rules.
    """

    variants: dict[str, Text]
    variant_of: Callable[[dict[str, Any], dict[str, Any]], str]
    side_size: Callable[[str], int | None] = lambda variant: 1
    details: Callable[[Any], dict[str, Any]] = lambda state: {}


@dataclass(frozen=True)
class HallFacts:
    """A server's hall of fame for a solo game (`GAME.hall`), read from finished games'
    `Result.details`. `columns`: detail key -> column label, in order; `group_by`: the detail
    key whose values split the table (its values labelled by `groups`, in that order);
    `best(details, won) -> tuple`: larger is better, ranks the runs of a group; `words(key,
    value)` (optional) words a detail for the text table (a hero's name for its id), the CSV
    keeping the raw value."""

    columns: tuple[tuple[str, Text], ...]
    best: Callable[[dict[str, Any], bool], tuple[Any, ...]]
    group_by: str | None = None
    groups: dict[str, Text] = field(default_factory=dict)
    words: Callable[[str, Any], Any] | None = None


def _never(notation: str) -> bool:
    return False


@dataclass(frozen=True)
class TurnPlans:
    """How a turn is played in few interactions (`GAME.plans`, issue 26). Any `/play` may
    chain moves (`play c2; act d2; go`: each step checked as a single `/play`, one message
    for the chain, bot/service/chains.py); a game declares here what helps its players:

    - `entries(state, role) -> [(label, chain)]`: compound entries `/play` autocomplete
      offers first (a Command card with the units it orders, "finish the week"); each a
      chain of `legal()` notations, built from what `role` may see, checked again when sent.
    - `ahead(notation) -> bool`: a step a player may sensibly commit to before seeing the
      die roll or the draw it answers ("take the optimal dice", "no more abilities"); used
      by bench/pace.py (engine/pace.py) to count the interactions of the fastest path.
    - `turn(state) -> Hashable`: the game's turn (a new one needs a new look at the board).

    Typed commands that stand for a chain are ordinary shortcuts whose `play` returns the
    chain (`/bl order card: units:`); `TableContext.after(chain)` lists the moves the chain
    would leave, for their autocomplete.
    """

    entries: Callable[[Any, str], list[tuple[Text, str]]] | None = None
    ahead: Callable[[str], bool] = _never
    turn: Callable[[Any], Any] | None = None


def one_of(field: str, value: object, known: Sequence[str]) -> object:
    """An option's value trimmed and lower-cased, refused unless it is one of `known`, naming
    them (for a `field_validator`: `/game new` answers with the list)."""
    if not isinstance(value, str):
        return value
    value = value.strip().lower()
    if value not in known:
        raise PydanticCustomError(
            f"unknown_{field}",
            f"unknown {field} {{{field}}}: expected {{expected}}",
            {field: value, "expected": ", ".join(repr(k) for k in known)},
        )
    return value
