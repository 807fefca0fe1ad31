"""The `GAME` object: the Hoplomachus Victorum solo campaign behind the common protocol."""

from __future__ import annotations

from typing import Any

from engine.ai.honest import honest_players
from engine.hoplomachus import commands as c
from engine.hoplomachus import forced, rules
from engine.hoplomachus.ai import AI
from engine.hoplomachus.campaign import new_campaign
from engine.hoplomachus.commands import COMMAND
from engine.hoplomachus.content import content
from engine.hoplomachus.notation import NOTATION
from engine.hoplomachus.players import PLAYERS
from engine.hoplomachus.state import ROLE, Options, State
from engine.hoplomachus.view import HopView, build_view
from engine.i18n import T, Text
from engine.protocol import Order, Outcome, Result, Role, Window
from engine.schema import load_saved

UPGRADES: dict[int, Any] = {}  # schema_version -> function upgrading a saved state dict by one version
ORDERS = [
    Order(
        key="rivals",
        label=T("hop.order.rivals"),
        values={"ask": T("hop.order.value.ask"), "auto": T("hop.order.value.auto")},
    )
]


class Hoplomachus:
    id = "hoplomachus"
    names = {"en": "Hoplomachus Victorum", "fr": "Hoplomachus Victorum"}
    min_players = 1
    max_players = 1
    Options = Options
    notation = NOTATION
    ai = AI  # what its AI seats need (engine/ai)
    players = honest_players(PLAYERS, lambda: GAME)  # each level decides on a determinization
    orders = ORDERS
    solo = True

    def roles(self, options: Options) -> list[Role]:
        return [ROLE]

    def setup(self, options: Options, roles: list[Role], seed: int) -> State:
        return new_campaign(options, seed)

    def active(self, state: State) -> frozenset[Role]:
        return rules.active(state)

    def legal(self, state: State, role: Role) -> list:
        return rules.legal(state, role)

    def apply(self, state: State, role: Role, command: Any) -> Outcome:
        return rules.apply(state, role, command)

    def view(self, state: State, role: Role | None) -> HopView:
        return build_view(state, role)

    def result(self, state: State) -> Result | None:
        if state.outcome is None:
            return None
        won = state.outcome == "won"
        why = state.ended.get("why", "victory")
        return Result(
            winners=[ROLE] if won else [],
            losers=[] if won else [ROLE],  # a solo defeat is no draw
            scores={ROLE: 1.0 if won else 0.0},
            reason=T("hop.result.won") if won else T("hop.result.lost", why=T(f"hop.why.{why}")),
            details={
                "outcome": state.outcome,  # a solo defeat has no winner but is no draw
                "hero": state.hero,
                "difficulty": state.difficulty,
                "act": state.ended.get("act", state.act),
                "weeks": state.weeks,
                "fight": state.ended.get("fight"),
                "why": why,
                "influence": state.influence,
                "fights": state.fights,
                "fights_won": state.fights_won,
            },
        )

    def load_state(self, data: dict[str, Any]) -> State:
        """Upgraded step by step; a state from a newer version is refused (engine/schema.py)."""
        return load_saved(State, data, UPGRADES)

    def load_command(self, data: dict[str, Any]):
        return COMMAND.validate_python(data)

    # optional members (engine/protocol.py)

    def window(self, state: State, role: Role) -> Window | None:
        """Small choices: the rulebook's questions in the rivals' turn, and the short picks
        of the campaign. The timeout plays the formation order, the first option, or pass."""
        if role != ROLE or state.outcome:
            return None
        legal = rules.legal(state, role)
        if state.ask is not None:
            return Window(
                kind=f"rival_{state.ask.kind}", timeout=legal[0], prompt=_prompt(state), choices=legal
            )
        if state.phase in ("keep", "tribune", "reorder", "glory") and legal:
            timeout = c.Pass() if state.phase == "glory" else legal[0]
            return Window(
                kind=state.phase, timeout=timeout, prompt=T(f"hop.window.{state.phase}"), choices=legal
            )
        return None

    # How to play, in a few lines (the notation module's docstring has every command); a plain
    # list, so the table package may put its how-to in front (engine/hoplomachus/table).
    rules: list[Text] = [T(f"hop.rules.{i}") for i in range(1, 6)]

    def summary(self, public_view: HopView) -> list[Text]:
        """The campaign in words for `/game status`."""
        v = public_view
        out = [
            T(
                "hop.summary.campaign", hero=T(f"hop.unit.{v.hero}"), difficulty=T(f"hop.difficulty.{v.difficulty}"),
                act=v.act, week=v.week, influence=v.influence, lose_at=v.influence_lose_at,
            ),
            T(
                "hop.summary.hero", hp=v.hero_hp, health=v.sheet["health"], blessings=v.blessings,
                units=len(v.camp), place=T(f"hop.loc.{v.location}"),
            ),
        ]  # fmt: skip
        if v.fight is not None:
            out.append(
                T(
                    "hop.summary.fight",
                    kind=T(f"hop.kind.{v.fight.kind}"),
                    arena=T(f"hop.arena.{v.fight.arena}"),
                    turn=v.fight.turn,
                )
            )
            names = {u.hex: u.unit for u in v.fight.units}
            nexts = [
                T(
                    "hop.summary.next_one",
                    unit=T("hop.who", name=T(f"hop.unit.{names[p['hex']]}"), hex=p["hex"]),
                    rank=p["rank"],
                    term=T(f"hop.term.{p['term']}"),
                )
                for p in v.fight.plans
                if p.get("term") and p["hex"] in names
            ]
            if nexts:  # the rivals' next priorities in words (the arena image marks them too)
                out.append(T("hop.summary.next", plans=nexts))
        return out

    def decision(self, state: State, role: Role) -> Any:
        """What the player decides now: a question of the rivals' turn, else the phase and the
        fight turn (or the week). A new one pings the player and puts its question beside
        the buttons, though a solo player never stops being to play."""
        if state.ask is not None:
            return ("ask", state.ask.kind, state.ask.step, state.ask.actor, tuple(state.ask.options))
        return (state.phase, state.fight.turn if state.fight else state.weeks)

    def forced(self, state: State, role: Role) -> Any:
        """A step with a single sensible choice plays itself (engine/hoplomachus/forced.py)."""
        return forced.forced(state, role)

    def forced_note(self, state: State, role: Role, command: Any) -> Text | None:
        """Why it played itself, said in the channel (engine/hoplomachus/forced.py)."""
        return forced.forced_note(state, role, command)

    def standing(self, state: State, role: Role, orders: dict[str, str]) -> Any:
        if orders.get("rivals") == "auto" and state.ask is not None and role == ROLE:
            return rules.legal(state, role)[0]
        return None

    def label(self, state: State, role: Role, command: Any) -> Text | None:
        """Every choice in words (buttons, `/play` autocomplete, announced timeouts): the unit
        on a hex, a card, a place; the rest through the table's words of the notation, read
        from public fields only (who stands where, the rival camp). Short enough for a
        button (80 characters): tests/hoplomachus/test_labels.py."""
        short = self._short_label(state, command)
        if short is not None:
            return short
        from engine.hoplomachus.table.words import move_text  # the table package imports this one

        return move_text(NOTATION.format(command), state)

    def _short_label(self, state: State, command: Any) -> Text | None:
        f = state.fight
        if isinstance(command, c.Upgrade) and 0 < command.die <= len(state.sheet.dice):
            path = list(content().upgrade)
            old = state.sheet.dice[command.die - 1]
            new = path[min(path.index(old) + 1, len(path) - 1)] if old in path else old
            return T("hop.label.up", n=command.die, old=T(f"hop.die.{old}"), new=T(f"hop.die.{new}"))
        if isinstance(command, c.Pick) and f is not None and f.at(command.hex):
            who = T("hop.who", name=T(f"hop.unit.{f.at(command.hex).unit}"), hex=command.hex)
            return T(f"hop.label.pick.{state.ask.kind}", unit=who) if state.ask else who
        if isinstance(command, c.Keep | c.Glory):
            return T(f"hop.opp.{command.card}")
        if isinstance(command, c.Go | c.Sail):
            return T(f"hop.loc.{command.to}")
        if isinstance(command, c.Tribune) and f is not None:
            return T(f"hop.unit.{f.rival_camp[command.place - 1].unit}")
        return None


def _prompt(state: State) -> Text:
    ask = state.ask
    f = state.fight
    actor = f.get(ask.actor) if ask.actor and f else None
    return T(
        f"hop.window.{ask.kind}",
        step=T(f"hop.step.{ask.step}"),
        unit=T(f"hop.unit.{actor.unit}") if actor else "",
        tactic=T(f"hop.tactic.{ask.actor}") if ask.kind == "tactic" else "",
    )


GAME = Hoplomachus()
