"""`/hop travel|event|choose|deploy|tactic|move|attack|special|ability|pick|end|auto` and the
images `/hop map|camp|arena|card`: Hoplomachus Victorum's typed commands as engine/plugins.py
tables. Each playing command becomes the notation `/play` takes (same checks, same errors);
its autocomplete comes from the asker's legal moves, in words read from the PUBLIC view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import IllegalCommand
from engine.hoplomachus.table.words import choice, move_text, tactic_word, unit_at, unit_word
from engine.i18n import T, render
from engine.plugins import Choice, Param, Shortcut, ShortcutGroup, TableContext

PREFIX = "hopbot"


def _matches(label: str, value: str, typed: str) -> bool:
    wanted = typed.strip().casefold()
    return not wanted or wanted in label.casefold() or value.casefold().startswith(wanted)


def legal_of(ctx: TableContext, verbs: tuple[str, ...]) -> list[str]:
    """The asker's legal moves whose first word is one of `verbs` (in their notation)."""
    return [m for m in ctx.legal if m.split()[0] in verbs]


def complete_moves(
    *verbs: str,
    value: Callable[[str], str] | None = None,
    narrow: Callable | None = None,
    describe: Callable[[Any, str], Any] | None = None,
):
    """Autocomplete of whole moves of these kinds, in words; `value` picks the part of the
    notation the option holds (`describe(public, value)` words it), `narrow(ctx, move)` keeps
    the moves that fit the options already given."""

    def complete(ctx: TableContext, typed: str) -> list[Choice]:
        out: list[Choice] = []
        seen: set[str] = set()
        for move in legal_of(ctx, verbs) if verbs else ctx.legal:
            if narrow is not None and not narrow(ctx, move):
                continue
            v = value(move) if value else move
            if describe is not None:
                label = f"{render(describe(ctx.public, v), ctx.locale)} · {v}"[:100]
            else:
                label, _ = choice(move, ctx.public, ctx.locale)
            if v in seen or not _matches(label, v, typed):
                continue
            seen.add(v)
            out.append((label, v))
        return out[:25]

    return complete


def _one(ctx: TableContext, found: list[str], what: str) -> str:
    """The one legal move the options describe; a clear refusal otherwise."""
    if len(found) == 1:
        return found[0]
    if not ctx.legal:
        raise IllegalCommand("hopbot.err.not_your_move")
    if not found:
        raise IllegalCommand("hopbot.err.no_such_move", what=what)
    raise IllegalCommand("hopbot.err.which", options=", ".join(found[:10]))


# ---- the campaign ------------------------------------------------------------------------


def travel(ctx: TableContext) -> str:
    to = str(ctx.value("to")).strip().lower()
    found = [m for m in legal_of(ctx, ("go", "sail")) if m.split()[1] == to]
    return _one(ctx, found[:1], f"go {to}") if found else f"go {to}"  # the engine says where you may go


def event(ctx: TableContext) -> str:
    return str(ctx.value("choice")).strip().lower()


def choose(ctx: TableContext) -> str:
    """A move of this step, typed whole (`prowess pw_edge`) or by its last word (`pw_edge`, as
    autocomplete shows it); anything else is refused with the choices of THIS step."""
    typed = " ".join(str(ctx.value("option")).strip().lower().split())
    if not ctx.legal or typed in ctx.legal:
        return typed
    found = [m for m in ctx.legal if " ".join(m.split()[1:]) == typed or m.split()[-1] == typed]
    if len(found) == 1:
        return found[0]
    if found:
        raise IllegalCommand("hopbot.err.which", options=", ".join(found[:10]))
    shown = [T("hopbot.err.choice", move=m, words=move_text(m, ctx.public)) for m in ctx.legal[:8]]
    raise IllegalCommand(
        "hopbot.err.choose_now", typed=typed, options=shown, more=len(ctx.legal) - len(shown)
    )


# ---- the fight ---------------------------------------------------------------------------


def _parts(move: str) -> list[str]:
    return move.split()


def deploy(ctx: TableContext) -> str:
    return f"dep {str(ctx.value('unit')).strip().lower()} {str(ctx.value('hex')).strip().lower()}"


def _dep_unit(move: str) -> str:
    return _parts(move)[1]


def _dep_hex(move: str) -> str:
    return _parts(move)[2]


def _same_unit(ctx: TableContext, move: str) -> bool:
    unit = ctx.value("unit")
    return not unit or _parts(move)[1] == str(unit).strip().lower()


def tactic(ctx: TableContext) -> str:
    return f"tac {str(ctx.value('tactic')).strip().lower()} {str(ctx.value('target')).strip().lower()}"


def _same_tactic(ctx: TableContext, move: str) -> bool:
    chosen = ctx.value("tactic")
    return not chosen or _parts(move)[1] == str(chosen).strip().lower()


def _mover(move: str) -> str:
    return _parts(move)[1].split("-")[0]


def _move_to(move: str) -> str:
    return _parts(move)[1].split("-")[1]


def _from_unit(ctx: TableContext, move: str) -> bool:
    unit = ctx.value("unit")
    return not unit or _mover(move) == str(unit).strip().lower()


def move(ctx: TableContext) -> str:
    unit, to = str(ctx.value("unit")).strip().lower(), str(ctx.value("to")).strip().lower()
    return f"mv {unit}-{to}"


def _actor(move: str) -> str:
    return _parts(move)[1].split("x")[0].split(">")[0]


def _target(move: str) -> str:
    rest = _parts(move)[1].split(">")[0]
    return rest.split("x", 1)[1] if "x" in rest[1:] else ""


def _by_attacker(ctx: TableContext, move: str) -> bool:
    who = ctx.value("attacker") or ctx.value("unit")
    return not who or _actor(move) == str(who).strip().lower()


def attack(ctx: TableContext) -> str:
    """`target:` alone is enough when one of your units only can attack it."""
    target = str(ctx.value("target")).strip().lower()
    attacker = ctx.value("attacker")
    if attacker:
        return f"atk {str(attacker).strip().lower()}x{target}"
    found = [m for m in legal_of(ctx, ("atk",)) if _target(m) == target]
    return _one(ctx, found, f"atk ?x{target}")


def special(ctx: TableContext) -> str:
    unit = str(ctx.value("unit")).strip().lower()
    target = ctx.value("target")
    if target:
        wanted = str(target).strip().lower()
        found = [
            m
            for m in legal_of(ctx, ("sp",))
            if _actor(m) == unit and m.split()[1][len(unit) :].lstrip("x>").startswith(wanted)
        ]
        return _one(ctx, found, f"sp {unit}x{wanted}") if found else f"sp {unit}x{wanted}"
    found = [m for m in legal_of(ctx, ("sp",)) if _actor(m) == unit]
    return found[0] if len(found) == 1 else f"sp {unit}"


def pick(ctx: TableContext) -> str:
    return f"pick {str(ctx.value('hex')).strip().lower()}"


def _seat(ctx: TableContext) -> str:
    if ctx.public is None:
        raise IllegalCommand("hopbot.err.not_started")
    return ctx.role or "p1"


HOWTO = [T(f"hopbot.howto.{i}") for i in range(1, 8)]  # how to play, phone-sized


def _word(word: str) -> Shortcut:
    return Shortcut(word, play=lambda ctx: word)


def _image(name: str) -> Shortcut:
    return Shortcut(
        name, image=name if name != "card" else "event", pick=_seat, caption=f"hopbot.{name}.caption"
    )


SHORTCUTS = [
    ShortcutGroup(
        "hop",
        PREFIX,
        (
            Shortcut("travel", (Param("to", required=True, complete=complete_moves("go", "sail", value=lambda m: m.split()[1])),), play=travel),
            Shortcut("event", (Param("choice", required=True, complete=complete_moves("fight", "spectate")),), play=event),
            Shortcut("choose", (Param("option", required=True, complete=complete_moves()),), play=choose),
            Shortcut(
                "deploy",
                (
                    Param("unit", required=True, complete=complete_moves("dep", value=_dep_unit, describe=unit_word)),
                    Param("hex", required=True, complete=complete_moves("dep", value=_dep_hex, narrow=_same_unit)),
                ),
                play=deploy,
            ),
            Shortcut(
                "tactic",
                (
                    Param("tactic", required=True, complete=complete_moves("tac", value=lambda m: _parts(m)[1], describe=tactic_word)),
                    Param("target", required=True, complete=complete_moves("tac", value=lambda m: _parts(m)[2], narrow=_same_tactic, describe=unit_at)),
                ),
                play=tactic,
            ),
            Shortcut(
                "move",
                (
                    Param("unit", required=True, complete=complete_moves("mv", value=_mover, describe=unit_at)),
                    Param("to", required=True, complete=complete_moves("mv", value=_move_to, narrow=_from_unit)),
                ),
                play=move,
            ),
            Shortcut(
                "attack",
                (
                    Param("target", required=True, complete=complete_moves("atk", value=_target, narrow=_by_attacker, describe=unit_at)),
                    Param("attacker", complete=complete_moves("atk", value=_actor, describe=unit_at)),
                ),
                play=attack,
            ),
            Shortcut(
                "special",
                (
                    Param("unit", required=True, complete=complete_moves("sp", value=_actor, describe=unit_at)),
                    Param("target", complete=complete_moves("sp", value=lambda m: m.split()[1][len(_actor(m)) :].lstrip("x>"), narrow=_by_attacker)),
                ),
                play=special,
            ),
            Shortcut("ability", (Param("move", required=True, complete=complete_moves("hook", "hurl", "shove", "swap")),), play=lambda ctx: str(ctx.value("move")).strip().lower()),
            Shortcut("pick", (Param("hex", required=True, complete=complete_moves("pick", value=lambda m: m.split()[1], describe=unit_at)),), play=pick),
            _word("end"),
            _word("auto"),
            _image("map"),
            _image("camp"),
            _image("arena"),
            _image("card"),
            Shortcut("howto", text=lambda ctx: list(HOWTO)),
        ),
    )
]  # fmt: skip
