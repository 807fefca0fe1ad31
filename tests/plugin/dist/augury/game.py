"""Augury, a two-player toy game with everything a plug-in may declare.

Each augur first picks a flock of three different birds, in secret and at the same time
(`flock crow owl eagle`). Then they take turns releasing one bird of their flock
(`release owl`: it scores its value) or passing (`pass`). The game ends when both flocks
are empty or after two passes in a row; the higher score wins. In the `storm` variant every
release scores one more.

Beyond `/play` it declares: saved flocks per user (`/flock save|list|show|delete|check`),
the shortcut group `/augury release bird:` and `/augury choose flock:`, league variants
(`calm`, `storm`), how to play, and (in augury/images.py) a board, a private view and an
extra image (`/augury sky`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from engine.errors import IllegalCommand
from engine.glossary import Entry
from engine.i18n import T, Text, register_catalog, render, role_text
from engine.players import RandomPlayer
from engine.plugins import Choice, LeagueFacts, Move, Param, Shortcut, ShortcutGroup, TableContext
from engine.protocol import Event, GameState, Outcome, Result, Role

register_catalog(Path(__file__).parent / "locales")

BIRDS = {"crow": 1, "dove": 2, "owl": 3, "swan": 4, "eagle": 5}
ROLES = ["p1", "p2"]


class Options(BaseModel):
    variant: Literal["calm", "storm"] = "calm"


class Flock(BaseModel):
    kind: Literal["flock"] = "flock"
    birds: list[str]


class Release(BaseModel):
    kind: Literal["release"] = "release"
    bird: str


class Pass(BaseModel):
    kind: Literal["pass"] = "pass"


Command = Annotated[Flock | Release | Pass, Field(discriminator="kind")]


class _Box(BaseModel):
    command: Command


class State(GameState):
    game: str = "augury"
    options: Options
    flocks: dict[Role, list[str] | None]
    scores: dict[Role, int]
    turn: Role = "p1"
    passes: int = 0
    sky: list[str] = []


class View(BaseModel):
    viewer: Role | None
    roles: list[Role]
    phase: str
    turn: Role
    scores: dict[Role, int]
    chosen: dict[Role, bool]
    left: dict[Role, int]
    sky: list[str]
    flock: list[str] | None = None  # own flock only


def bird_name(bird: str) -> Text:
    return T(f"augury.bird.{bird}")


def _check_flock(birds: list[str]) -> None:
    unknown = [b for b in birds if b not in BIRDS]
    if unknown:
        raise IllegalCommand("augury.err.bird", bird=unknown[0], birds=", ".join(BIRDS))
    if len(birds) != 3 or len(set(birds)) != 3:
        raise IllegalCommand("augury.err.flock", count=len(birds))


class Notation:
    def format(self, command: Any) -> str:
        if isinstance(command, Flock):
            return "flock " + " ".join(command.birds)
        if isinstance(command, Release):
            return f"release {command.bird}"
        return "pass"

    def parse(self, text: str, state: State, role: Role) -> Any:
        words = text.strip().lower().split()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[0] == "release":
            return Release(bird=words[1])
        if words and words[0] == "flock":
            return Flock(birds=words[1:])
        raise IllegalCommand("core.err.unknown_command", text=text, examples="flock crow owl eagle, release owl, pass")


def _phase(state: State) -> str:
    if any(f is None for f in state.flocks.values()):
        return "flock"
    if state.passes >= 2 or not any(state.flocks.values()):
        return "over"
    return "omens"


class Augury:
    id = "augury"
    names = {"en": "Augury", "fr": "Augures"}
    min_players = 2
    max_players = 2
    Options = Options
    notation = Notation()
    rules = [T("augury.howto.1"), T("augury.howto.2")]

    def __init__(self) -> None:
        self.players = {"random": lambda seed: RandomPlayer(self, seed), "heuristic": lambda seed: RandomPlayer(self, seed)}

    def roles(self, options: Options) -> list[Role]:
        return list(ROLES)

    def setup(self, options: Options, roles: list[Role], seed: int) -> State:
        return State(roles=list(roles), options=options, flocks={r: None for r in roles}, scores={r: 0 for r in roles})

    def active(self, state: State) -> frozenset[Role]:
        phase = _phase(state)
        if phase == "flock":
            return frozenset(r for r in state.roles if state.flocks[r] is None)
        return frozenset({state.turn}) if phase == "omens" else frozenset()

    def legal(self, state: State, role: Role) -> list[Any]:
        if role not in self.active(state):
            return []
        if _phase(state) == "flock":
            names = list(BIRDS)
            return [Flock(birds=[a, b, c]) for i, a in enumerate(names) for j, b in enumerate(names[i + 1 :], i + 1) for c in names[j + 1 :]]
        return [Release(bird=b) for b in state.flocks[role] or []] + [Pass()]

    def apply(self, state: State, role: Role, command: Any) -> Outcome:
        if _phase(state) == "over":
            raise IllegalCommand("core.err.game_over")
        if role not in self.active(state):
            raise IllegalCommand("core.err.not_your_turn")
        new = state.model_copy(deep=True)
        if isinstance(command, Flock):
            if _phase(state) != "flock":
                raise IllegalCommand("augury.err.phase")
            _check_flock(command.birds)
            new.flocks[role] = list(command.birds)
            events = [Event(to=role, text=T("augury.ev.your_flock", birds=[bird_name(b) for b in command.birds])), Event(text=T("augury.ev.chosen", role=role_text(role)))]
            return Outcome(state=new, events=events, reveals=_phase(new) == "omens")
        if _phase(state) != "omens":
            raise IllegalCommand("augury.err.phase")
        if isinstance(command, Release):
            if command.bird not in (state.flocks[role] or []):
                raise IllegalCommand("augury.err.not_in_flock", bird=command.bird)
            new.flocks[role].remove(command.bird)  # type: ignore[union-attr]
            gain = BIRDS[command.bird] + (1 if state.options.variant == "storm" else 0)
            new.scores[role] += gain
            new.sky.append(command.bird)
            new.passes = 0
            text = T("augury.ev.release", role=role_text(role), bird=bird_name(command.bird), gain=gain)
        else:
            new.passes += 1
            text = T("augury.ev.pass", role=role_text(role))
        new.turn = "p2" if role == "p1" else "p1"
        return Outcome(state=new, events=[Event(text=text)], reveals=True)

    def view(self, state: State, role: Role | None) -> View:
        return View(
            viewer=role,
            roles=list(state.roles),
            phase=_phase(state),
            turn=state.turn,
            scores=dict(state.scores),
            chosen={r: f is not None for r, f in state.flocks.items()},
            left={r: len(f or []) for r, f in state.flocks.items()},
            sky=list(state.sky),
            flock=list(state.flocks[role] or []) if role else None,
        )

    def describe(self, view: View) -> list[Text]:
        return [T("augury.hand", birds=[bird_name(b) for b in view.flock or []] or "–")]

    def result(self, state: State) -> Result | None:
        if _phase(state) != "over":
            return None
        top = max(state.scores.values())
        winners = [r for r, s in state.scores.items() if s == top]
        winners = winners if len(winners) == 1 else []
        return Result(
            winners=winners,
            scores={r: float(s) for r, s in state.scores.items()},
            reason=T("augury.result"),
            details={"variant": state.options.variant},
        )

    def load_state(self, data: dict[str, Any]) -> State:
        return State.model_validate(data)

    def load_command(self, data: dict[str, Any]) -> Any:
        return _Box.model_validate({"command": data}).command

    # ---- what the table offers beyond /play (engine/plugins.py) ----------------------------

    league = LeagueFacts(
        variants={"calm": T("augury.variant.calm"), "storm": T("augury.variant.storm")},
        variant_of=lambda options, details: str(details.get("variant") or options.get("variant") or "calm"),
        details=lambda state: {"variant": state.options.variant},
    )


# ---- saved flocks ------------------------------------------------------------------------


class SavedFlock:
    def __init__(self, key: str, birds: list[str], starter: bool = False) -> None:
        self.key, self.birds, self.starter = key, birds, starter

    def title(self) -> Text | str:
        return T(f"augury.starter.{self.key}") if self.starter else self.key

    def data(self) -> dict[str, Any]:
        return {"birds": self.birds}

    @property
    def value(self) -> int:
        return sum(BIRDS[b] for b in self.birds)


def _birds(text: str) -> list[str]:
    return [w for w in text.replace(",", " ").lower().split() if w]


def complete_birds(ctx: TableContext, typed: str) -> list[Choice]:
    """The next bird of a flock being typed, named in the reader's language."""
    words = _birds(typed)
    done = words if typed.endswith((" ", ",")) else words[:-1]
    return [
        (" ".join(render(bird_name(b), ctx.locale) for b in [*done, bird]), " ".join([*done, bird]))
        for bird in BIRDS
        if bird not in done
    ]


class Flocks:
    command = "flock"
    prefix = "augury"
    max_saved = 5
    max_name = 20
    fields = (Param("birds", required=True, max_length=60, complete=complete_birds),)
    check_params = ()

    def build(self, name: str, values: dict[str, Any]) -> SavedFlock:
        birds = _birds(values["birds"])
        _check_flock(birds)
        return SavedFlock(name, birds)

    def load(self, name: str, data: dict[str, Any]) -> SavedFlock:
        return SavedFlock(name, list(data["birds"]))

    def starters(self) -> list[SavedFlock]:
        return [SavedFlock("raptors", ["owl", "swan", "eagle"], starter=True)]

    def find_starter(self, name: str) -> SavedFlock | None:
        return next((s for s in self.starters() if s.key == name.strip().lower()), None)

    def saved_lines(self, setup: SavedFlock, replaced: bool) -> list[Text]:
        return [T("augury.saved", name=setup.key, value=setup.value, replaced=str(replaced).lower())]

    def list_lines(self, mine: list[SavedFlock]) -> list[Text]:
        return [T("augury.list", names=[s.key for s in mine] or "–")]

    def show_lines(self, setup: SavedFlock) -> list[Text]:
        return [T("augury.show", name=setup.title(), birds=[bird_name(b) for b in setup.birds], value=setup.value)]

    def check_lines(self, values: dict[str, Any]) -> list[Text]:
        birds = _birds(values["birds"])
        try:
            _check_flock(birds)
        except IllegalCommand as exc:
            return [T("augury.check.bad", reason=exc.text)]
        return [T("augury.check.ok", value=sum(BIRDS[b] for b in birds))]


# ---- shortcuts -----------------------------------------------------------------------------


def complete_release(ctx: TableContext, typed: str) -> list[Choice]:
    found = [m.split()[1] for m in ctx.legal if m.startswith("release ")]
    return [(render(bird_name(b), ctx.locale), b) for b in found if typed.lower() in b]


def complete_flocks(ctx: TableContext, typed: str) -> list[Choice]:
    return [(render(s.title(), ctx.locale), s.key) for s in ctx.setups if typed.lower() in s.key.lower()]


def choose(ctx: TableContext) -> Move:
    wanted = str(ctx.value("flock")).strip().lower()
    found = next((s for s in ctx.setups if s.key.lower() == wanted), None)
    if found is None:
        raise IllegalCommand("augury.err.no_army", name=wanted, known=", ".join(s.key for s in ctx.setups))
    return Move("flock " + " ".join(found.birds), [T("augury.chosen_flock", name=found.title())])


def sky_of(ctx: TableContext) -> str:
    if ctx.public is None:
        raise IllegalCommand("augury.err.not_started")
    return ctx.role or ctx.public.roles[0]


GAME = Augury()
GAME.setups = Flocks()  # type: ignore[attr-defined]
GAME.shortcuts = [  # type: ignore[attr-defined]
    ShortcutGroup(
        "augury",
        "augury",
        (
            Shortcut("release", (Param("bird", required=True, complete=complete_release),), play=lambda ctx: f"release {ctx.value('bird')}"),
            Shortcut("choose", (Param("flock", required=True, complete=complete_flocks),), play=choose),
            Shortcut("sky", image="sky", pick=sky_of, caption="augury.sky.caption"),
            Shortcut("pass", play=lambda ctx: "pass"),
            Shortcut("howto", text=lambda ctx: list(GAME.rules)),
        ),
    )
]


def glossary() -> list[Entry]:
    """Every bird and the storm, read by `/game explain` (engine/glossary.py)."""
    birds = [
        Entry(f"bird.{b}", "unit", bird_name(b), (T("augury.gloss.bird", points=p),), aliases=(b,))
        for b, p in BIRDS.items()
    ]
    storm = Entry("storm", "rule", T("augury.gloss.storm_name"), (T("augury.gloss.storm"),))
    return [*birds, storm]


def explain(state: State, role: Role, command: Any) -> Text | None:
    """A release's few words: the points it scores now."""
    if isinstance(command, Release):
        return T("augury.gloss.gain", gain=BIRDS[command.bird] + (state.options.variant == "storm"))
    return None


GAME.glossary = glossary  # type: ignore[attr-defined]
GAME.explain = explain  # type: ignore[attr-defined]
