"""Transcripts of whole battles for the local table: the engine plays both seats with its
heuristic player under a fixed seed, and each move becomes the line a player would type,
through `/bl` typed commands where one exists and `/play` otherwise."""

from __future__ import annotations

from engine.battlelore import GAME
from engine.harness import play

USERS = {"p1": "alice", "p2": "bob"}


def typed(notation: str) -> str:
    """The `/bl` command for a move (the same notation comes out of it), else `/play`."""
    w = notation.split()
    head = w[0]
    if head == "army" and len(w) == 2:
        return f"/bl muster army:{w[1]}"
    if head == "dep":
        return f"/bl deploy unit:{w[1]} hex:{w[2]}"
    if head == "play":
        return f"/bl card card:{w[1]}" + (f" how:{w[2]}" if len(w) == 3 else "")
    if head == "act":
        return f"/bl activate unit:{w[1]}"
    if head == "mv":
        frm, to = w[1].split("-")
        return f"/bl move unit:{frm} to:{to}"
    if head in ("atk", "fire"):
        frm, to = w[1].split("x")
        return f"/bl attack target:{to} unit:{frm}" + (" fire:true" if head == "fire" else "")
    if head == "ret":
        return f"/bl retreat to:{w[1]}"
    if head == "offer":
        return f"/bl offer god:{w[1]}"
    if head in ("pur", "mob"):
        return f"/bl pursue to:{w[1]}"
    if head == "rip":
        return "/bl riposte" + (" fire:true" if len(w) == 2 else "")
    if head == "lore":
        return f"/bl lore god:{w[1]}" + (f" target:{w[2]}" if len(w) == 3 else "")
    if head == "use" and len(w) == 2:
        return f"/bl use ability:{w[1]}"
    if head == "give":
        return f"/bl give unit:{w[1]}"
    if head == "skip":
        return "/bl give unit:skip"
    if head == "adv":
        return "/bl advance"
    if head in ("go", "end", "pass", "done", "stay"):
        return f"/bl {head}"
    return f"/play {notation}"


def battle(seed: int, options: dict[str, object]) -> tuple[list[str], list]:
    """The lines of a whole battle and the state after each."""
    opts = GAME.Options(**options)
    seats = {r: GAME.players["heuristic"](seed * 10 + i) for i, r in enumerate(("p1", "p2"))}
    lines: list[str] = []
    states: list = []

    def step(_before, role, cmd, out) -> None:
        lines.append(f"@{USERS[role]} {typed(GAME.notation.format(cmd))}")
        states.append(out.state)

    play(
        GAME,
        seats,
        seed=seed,
        options=opts,
        on_step=step,
    )
    return lines, states


def opening(seed: int, options: dict[str, object]) -> str:
    given = " ".join(f"{k}:{v}" for k, v in options.items())
    return f"@alice /game new game:battlelore seed:{seed} {given}\n@bob /game join\n@alice /game start\n"
