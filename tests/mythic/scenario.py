"""Build Mythic Battles positions for rule tests, and play notation against them."""

from __future__ import annotations

from collections.abc import Iterable

from engine.mythic import GAME
from engine.mythic.board import Board, parse_square
from engine.mythic.content import content
from engine.mythic.setup import new_game
from engine.mythic.state import Frame, Options, State, Turn, Unit

SIZE = 12


def battle(
    armies: dict[str, list[str]],
    terrain: dict[str, str] | None = None,
    current: str = "p1",
    hands: dict[str, list[str]] | None = None,
    decks: dict[str, list[str]] | None = None,
    pp: dict[str, int] | None = None,
    aow: dict[str, int] | None = None,
    vit: dict[str, int] | None = None,
    options: Options | None = None,
    seed: int = 0,
) -> State:
    """A battle in progress, `current` to play its main phase. `armies`: role -> ["unit@c3"];
    `terrain`: square -> terrain letter; `vit`: "p1.unit" -> Vitality. With teams, four roles
    on the same 12 x 12 board, p1 and p3 in the south, p2 and p4 in the north."""
    options = options or Options()
    state = new_game(options, GAME.roles(options), seed)
    cells = ["."] * (SIZE * SIZE)
    board = Board(width=SIZE, height=SIZE, terrain="".join(cells))
    for sq, ch in (terrain or {}).items():
        cells[parse_square(board, sq)] = ch
    state.board = Board(width=SIZE, height=SIZE, terrain="".join(cells), tiles=["1a", "2a", "3a", "4a"])
    for role, entries in armies.items():
        side = state.sides[role]
        side.recruited = True
        for entry in entries:
            unit_id, _, square = entry.partition("@")
            uid = f"{role}.{unit_id}"
            level = (vit or {}).get(uid, content().units[unit_id].vitality)
            state.units.append(
                Unit(uid=uid, owner=role, card=unit_id, vit=level, sq=parse_square(state.board, square))
            )
            side.army.append(unit_id)
        side.faction = next(
            (content().units[u].faction for u in side.army if content().units[u].faction != "neutral"),
            "athena",
        )
        side.hand = list((hands or {}).get(role, []))
        side.deck = list((decks or {}).get(role, []))
        side.pp = (pp or {}).get(role, 0)
        side.aow = (aow or {}).get(role, 0)
    state.stack = [Frame(kind="main", role=current)]
    state.turn = Turn(number=1, current=current)
    state.phase, state.first = "battle", "p1"
    state.zones = {r: "s" if state.team(r) == 1 else "n" for r in state.roles}
    return state


def run(state: State, moves: Iterable[tuple[str, str]]) -> tuple[State, list]:
    """Apply (role, notation) pairs; return the final state and all events."""
    events = []
    for role, text in moves:
        cmd = GAME.notation.parse(text, state, role)
        outcome = GAME.apply(state, role, cmd)
        state = outcome.state
        events.extend(outcome.events)
    return state, events


def unit(state: State, uid: str) -> Unit:
    return state.unit(uid)


def square(state: State, uid: str) -> str | None:
    u = state.unit(uid)
    return None if u.sq is None else f"{'abcdefghijkl'[u.sq % SIZE]}{u.sq // SIZE + 1}"


def decline(state: State) -> str:
    """The command that closes the decision on top without doing anything."""
    texts = legal_texts(state, state.top.role)
    return "pass" if "pass" in texts else "done"


def legal_texts(state: State, role: str) -> list[str]:
    return [GAME.notation.format(c) for c in GAME.legal(state, role)]
