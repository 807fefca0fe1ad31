"""`/mythic recruit|deploy|activate|move|attack|convert|roster|pass|done|end` and the saved armies'
declaration: Mythic Battles' table conveniences as engine/plugins.py tables.

Each playing command becomes the notation `/play` would take (same checks, same errors,
same public presentation); its autocomplete comes from the asker's legal moves and the
PUBLIC view (who stands where). `/mythic roster` shows the renderer's `roster` image.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalCommand
from engine.i18n import T, render
from engine.mythic.recruitment import army_cost
from engine.mythic.table import moves
from engine.mythic.table.armies import (
    Army,
    army_faction,
    budget,
    find_starter,
    infer_faction,
    next_units,
    options_for,
    parse_units,
    refusal,
    short_code,
    split_units,
    unit_text,
)
from engine.mythic.table.saved import FACTION_CHOICES, MythicArmies, faction_text
from engine.plugins import Choice, Move, Param, Shortcut, ShortcutGroup, TableContext

# ---- the board, from the public view ------------------------------------------------------


def units_at(ctx: TableContext) -> dict[str, str]:
    """Square -> unit id of the units on the board, from the PUBLIC view."""
    view = ctx.public
    return {u.square: u.unit for u in view.units if u.square} if view is not None else {}


def _square(value: str | None, board: dict[str, str]) -> str | None:
    if not value:
        return None
    try:
        return moves.square_of(value, board, set(board))
    except IllegalCommand:
        return None


def _split_last(typed: str) -> tuple[str, str, str]:
    """("cerb mara", " ", "leg"): the units typed in full and the one being typed."""
    sep = "," if "," in typed else " "
    head, found, tail = typed.rpartition(sep)
    return (head, found, tail.strip()) if found else ("", "", typed.strip())


# ---- the army builder ---------------------------------------------------------------------


def unit_choices(options: Any, faction: str | None, typed: str, locale: str) -> list[Choice]:
    """The builder: the list typed so far (with its verdict when complete), then each unit
    that may come next as "Cerberus (29) · 58/100"."""
    done, _, partial = _split_last(typed)
    try:
        chosen = [*map(str, parse_units(done))] if split_units(done) else []
    except IllegalCommand:
        return []
    side = faction if faction in ("athena", "hades") else infer_faction(chosen)
    total, points = army_cost(chosen), budget(options)
    codes = [short_code(u) for u in chosen]
    out: list[Choice] = []
    if chosen and not partial:
        found = refusal(options, side, chosen) if side else None
        verdict = (
            T("mythicbot.choice.list_ok", count=len(chosen), total=total, points=points)
            if side and found is None
            else T(
                "mythicbot.choice.list_bad",
                total=total,
                points=points,
                reason=found.text if found else T("mythicbot.err.which_faction"),
            )
        )
        out.append((render(verdict, locale), " ".join(codes)))
    for unit in next_units(options, side, chosen, partial, locale):
        name = unit_text(unit.id, locale)
        suffix = f" ({unit.cost}) · {total + unit.cost}/{points}"
        out.append((name[: 100 - len(suffix)] + suffix, " ".join([*codes, short_code(unit.id)])[:100]))
    return out[:25]


def complete_units(ctx: TableContext, typed: str) -> list[Choice]:
    """Under the channel game's options (60 points in teams, any faction in deck building),
    else under those typed with `/army check` (a duel by default)."""
    options = ctx.options or options_for(
        {
            "points": ctx.value("points"),
            "teams": bool(ctx.value("teams")),
            "deckbuilding": bool(ctx.value("deckbuilding")),
        }
    )
    return unit_choices(options, ctx.value("faction"), typed, ctx.locale)


def complete_armies(ctx: TableContext, typed: str) -> list[Choice]:
    """Saved and starter armies, each with its cost and whether it fits this game."""
    wanted = typed.strip().casefold()
    out = []
    for army in ctx.setups:
        title = render(army.title(), ctx.locale)
        if wanted and wanted not in title.casefold() and not army.key.casefold().startswith(wanted):
            continue
        found = refusal(ctx.options, army.faction, list(army.units))
        status = (
            T("mythicbot.choice.fits") if found is None else T("mythicbot.choice.misfit", reason=found.text)
        )
        label = render(T("mythicbot.choice.army", name=title, cost=army.cost, status=status), ctx.locale)
        out.append((label[:100], army.key))
    return out[:25]


# ---- playing commands ---------------------------------------------------------------------


def find_army(ctx: TableContext, name: str) -> Army:
    """The asker's saved army of that name (any case), else the starter of that id or name."""
    wanted = name.strip().casefold()
    saved = [a for a in ctx.setups if not a.starter]
    found = next((a for a in saved if a.key.casefold() == wanted), None) or find_starter(name)
    if found is None:
        raise IllegalCommand("mythicbot.err.no_army", name=name, known=", ".join(a.key for a in saved) or "–")
    return found


def recruit(ctx: TableContext) -> Move:
    """A saved or starter army, or one typed here; the army stays secret: the channel learns
    only that this player has recruited (000 §"Recruter des Unités")."""
    if ctx.value("army"):
        chosen = find_army(ctx, ctx.value("army"))
    elif ctx.value("units"):
        listed = parse_units(ctx.value("units"))
        chosen = Army("", army_faction(ctx.value("faction"), listed), tuple(listed))
    else:
        raise IllegalCommand("mythicbot.err.recruit_what")
    title = chosen.title() or T("mythicbot.recruit.typed")
    done = T("mythicbot.recruit.done", name=title, faction=faction_text(chosen.faction), cost=chosen.cost)
    return Move(chosen.notation(), [done])


def _legal(kind: str, companion: str | None = None) -> Any:
    """Autocomplete for one parameter; `companion` names the option whose value narrows it
    (the unit of a move, the attacker...)."""

    def complete(ctx: TableContext, typed: str) -> list[Choice]:
        legal, locale = ctx.legal, ctx.locale
        if kind == "activate":
            return moves.activate_choices(legal, typed, locale)
        if kind == "convert":
            return moves.convert_choices(legal, typed, locale)
        board = units_at(ctx)
        other = _square(ctx.value(companion) if companion else None, board)
        if kind == "to":
            return moves.destination_choices(legal, board, typed, locale, other)
        if kind == "mover":
            return moves.mover_choices(legal, board, typed, locale)
        if kind == "target":
            return moves.target_choices(legal, board, typed, locale, other)
        return moves.attacker_choices(legal, board, typed, locale)

    return complete


def complete_players(ctx: TableContext, typed: str) -> list[Choice]:
    """The generals of this game as "Alice (p1)", for `/mythic roster`."""
    wanted = typed.strip().casefold()
    return [
        (f"{name} ({role})"[:100], role)
        for role, name in ctx.names.items()
        if not wanted or wanted in name.casefold() or role.startswith(wanted)
    ][:25]


def roster_of(ctx: TableContext) -> str:
    """The general whose roster to show (001 §I "Unit cards": each unit's stack and its top
    card's characteristics and talents, public once armies are recruited): the one named by
    `player` (a role or a seat's name, any case), else the asker's own, else the first."""
    if ctx.public is None:
        raise IllegalCommand("mythicbot.err.not_started")
    roles, names, player = ctx.public.roles, ctx.names, ctx.value("player")
    if not player:
        return ctx.role if ctx.role in roles else roles[0]
    wanted = player.strip().casefold()
    for role in roles:
        if wanted in (role.casefold(), names.get(role, "").casefold()):
            return role
    raise IllegalCommand(
        "mythicbot.err.no_player", player=player, players=[f"{n} ({r})" for r, n in names.items()]
    )


def terrain_at(ctx: TableContext) -> dict[str, str]:
    """Square -> terrain name, from the PUBLIC view's battlefield."""
    board = ctx.public.board if ctx.public is not None else None
    if board is None:
        return {}
    return {f"{board.files[i % board.width]}{i // board.width + 1}": t for i, t in enumerate(board.terrain)}


def complete_deploy_unit(ctx: TableContext, typed: str) -> list[Choice]:
    return moves.deploy_unit_choices(ctx.legal, typed, ctx.locale)


def complete_deploy_square(ctx: TableContext, typed: str) -> list[Choice]:
    """The chosen unit's free squares in the asker's zone (every unit's before one is chosen)."""
    unit = moves.deploy_unit(ctx.value("unit"))
    return moves.deploy_square_choices(ctx.legal, terrain_at(ctx), typed, ctx.locale, unit)


def _deploy(ctx: TableContext) -> str:
    return moves.deploy_notation(ctx.legal, ctx.value("unit"), ctx.value("square"))


def _move(ctx: TableContext) -> str:
    return moves.move_notation(ctx.legal, units_at(ctx), ctx.value("to"), ctx.value("unit"))


def _attack(ctx: TableContext) -> str:
    return moves.attack_notation(ctx.legal, units_at(ctx), ctx.value("target"), ctx.value("attacker"))


def _word(word: str) -> Shortcut:
    """`pass`, `done` and `end`."""
    return Shortcut(word, play=lambda ctx: word)


SHORTCUTS = [
    ShortcutGroup(
        "mythic",
        "mythicbot",
        (
            Shortcut(
                "recruit",
                (
                    Param("army", complete=complete_armies),
                    Param("faction", choices=FACTION_CHOICES),
                    Param("units", max_length=2000, complete=complete_units),
                ),
                play=recruit,
            ),
            Shortcut(
                "deploy",
                (
                    Param("unit", required=True, complete=complete_deploy_unit),
                    Param("square", required=True, complete=complete_deploy_square),
                ),
                play=_deploy,
            ),
            Shortcut(
                "activate",
                (Param("unit", required=True, complete=_legal("activate")),),
                play=lambda ctx: moves.activate_notation(ctx.value("unit")),
            ),
            Shortcut(
                "move",
                (
                    Param("to", required=True, complete=_legal("to", "unit")),
                    Param("unit", complete=_legal("mover")),
                ),
                play=_move,
            ),
            Shortcut(
                "attack",
                (
                    Param("target", required=True, complete=_legal("target", "attacker")),
                    Param("attacker", complete=_legal("attacker")),
                ),
                play=_attack,
            ),
            Shortcut(
                "convert",
                (Param("card", required=True, complete=_legal("convert")),),
                play=lambda ctx: moves.convert_notation(ctx.value("card")),
            ),
            Shortcut(
                "roster",
                (Param("player", complete=complete_players),),
                image="roster",
                pick=roster_of,
                caption="mythicbot.roster.caption",
            ),
            _word("pass"),
            _word("done"),
            _word("end"),
        ),
    )
]

SETUPS = MythicArmies(complete_units)
