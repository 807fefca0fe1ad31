"""Four-player Mythic Battles views for the renderer's tests and benchmark (001 §"Variant:
4-Player Battle": two teams of two, 6 tiles in a rectangle).

`self_played` plays the engine's team variant (`Options(teams=True)`). `widen` turns one of
the hand-built two-player views (tests/render/mythic_views.py) into a four-player one, so a
test can set any detail: the battlefield gains a third column of tiles (18 x 12), and two
more generals join: p3 (team 1, beside p1) fields a copy of p2's army and p4 (team 2, beside
p2) a copy of p1's, each unit mirrored through the board's centre onto its new team's side.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.harness import play
from engine.mythic import GAME
from engine.mythic.board import LETTERS
from engine.mythic.view import BoardView, MythicView, SideView, UnitView

ROLES = ["p1", "p2", "p3", "p4"]
TEAM = {"p1": 1, "p2": 2, "p3": 1, "p4": 2}
COPY_OF = {"p3": "p2", "p4": "p1"}  # the extra seat -> the two-player seat whose army it copies
NAMES = {"p1": "Périclès", "p2": "Léonidas", "p3": "Aspasie", "p4": "Gorgô"}
OPTIONS = GAME.Options(teams=True)


def wide_board(board: BoardView) -> BoardView:
    """Three columns of tiles: the west column of tiles laid again east of the board."""
    tile = board.width // 2
    width = board.width + tile
    terrain = []
    for y in range(board.height):
        row = board.terrain[y * board.width : (y + 1) * board.width]
        terrain += row + row[:tile]
    nw, ne, sw, se = board.tiles
    return BoardView(
        width=width,
        height=board.height,
        files=LETTERS[:width],
        terrain=terrain,
        tiles=[nw, ne, nw, sw, se, sw],
    )


def mirrored(square: str | None, width: int, height: int) -> str | None:
    """The square opposite `square` through the board's centre."""
    if square is None:
        return None
    x, y = LETTERS.index(square[0]), int(square[1:]) - 1
    return f"{LETTERS[width - 1 - x]}{height - y}"


def copied_unit(unit: UnitView, owner: str, width: int, height: int) -> UnitView:
    return unit.model_copy(
        update={
            "uid": f"{owner}.{unit.uid.split('.', 1)[1]}",
            "owner": owner,
            "square": mirrored(unit.square, width, height),
        }
    )


def widen(view: MythicView, viewer: str | None = None) -> MythicView:
    """A 4-player view built from a 2-player one. `viewer` may be "p3" or "p4" when `view` is
    the private view of the seat they copy (p2 or p1): they then hold that hand, and no
    other side holds one."""
    board = wide_board(view.board) if view.board else None
    width, height = (board.width, board.height) if board else (0, 0)
    units = list(view.units)
    for role, source in COPY_OF.items():
        units += [copied_unit(u, role, width, height) for u in view.units if u.owner == source]
    sides: dict[str, SideView] = {}
    for role in ROLES:
        source = COPY_OF.get(role, role)
        zone_of = {"p3": "p1", "p4": "p2"}.get(role, role)  # team-mates share their edge
        side = view.sides[source]
        sides[role] = side.model_copy(
            update={
                "role": role,
                "team": TEAM[role],
                "first": side.first and role == source,
                "zone": view.sides[zone_of].zone,
                "hand": side.hand if role == (viewer or view.viewer) else None,
            }
        )
    winners = (
        None if view.winners is None else [r for r in ROLES if TEAM[r] in {TEAM[w] for w in view.winners}]
    )
    return view.model_copy(
        update={
            "viewer": viewer or view.viewer,
            "roles": ROLES,
            "board": board,
            "units": units,
            "sides": sides,
            "winners": winners,
        }
    )


def self_played(seed: int, keep: Callable[[MythicView], object]) -> list:
    """The state of every step of a seeded four-player game (random players) whose public
    view gives a new `keep` key, then the final state."""
    seen: dict[object, object] = {}

    def step(_before, _role, _command, outcome) -> None:
        seen.setdefault(keep(GAME.view(outcome.state, None)), outcome.state)

    players = {r: GAME.players["random"](seed * 10 + i) for i, r in enumerate(GAME.roles(OPTIONS))}
    record = play(GAME, players, seed=seed, options=OPTIONS, on_step=step)
    seen.setdefault(("final",), record.state)
    return list(seen.values())
