"""`/bl ...`: Battlelore Mythologie's typed commands (engine/plugins.py). Each playing
command becomes the notation `/play` takes (same checks, same errors, same presentation);
its autocomplete comes from the asker's legal moves and the PUBLIC view. `/bl unit` and
`/bl army` show the renderer's `unit` card and `army` images (public information)."""

from __future__ import annotations

from engine.battlelore.table import moves, plans
from engine.battlelore.table.armies import SavedArmy, complete_units, find_starter, parse_army
from engine.errors import IllegalCommand
from engine.i18n import T, render
from engine.plugins import Choice, Move, Param, Shortcut, ShortcutGroup, TableContext

C = moves.completer


def complete_armies(ctx: TableContext, typed: str) -> list[Choice]:
    """Saved armies then starters, each with its people and points; at a table, only while
    the asker has an army to muster."""
    if ctx.options is not None and not any(m.startswith("army ") for m in ctx.legal):
        return []
    view = ctx.public
    people = view.sides[ctx.role].people if view is not None and ctx.role in view.sides else None
    out = []
    for army in ctx.setups:
        if people and army.people != people:
            continue  # another people's army can never be mustered here (002 l.30-33)
        title = render(army.title(), ctx.locale)
        label = render(
            T("blt.choice.army", name=title, people=T(f"bl.n.{army.people}"), cost=army.cost()), ctx.locale
        )
        out.append((label, army.key))
    return moves.choices(out, typed)


def find_army(ctx: TableContext, name: str) -> SavedArmy:
    wanted = name.strip().casefold()
    saved = [a for a in ctx.setups if not a.starter]
    found = next((a for a in saved if a.key.casefold() == wanted), None) or find_starter(name)
    if found is None:
        raise IllegalCommand("blt.err.no_army", name=name, known=", ".join(a.key for a in saved) or "–")
    return found


def muster(ctx: TableContext) -> Move:
    """A saved or starter army, or one typed here. The notation travels to the engine like
    any move; the engine tells the channel only that the army is mustered (002 l.219)."""
    if ctx.value("army"):
        chosen = find_army(ctx, str(ctx.value("army")))
        return Move(chosen.notation(), [T("blt.muster.done", name=chosen.title())])
    if ctx.value("units"):
        army = parse_army(str(ctx.value("units")))
        from engine.battlelore.notation import format_command

        return Move(format_command(army), [T("blt.muster.typed")])
    starters = [m.split(" ", 1)[1] for m in ctx.legal if m.startswith("army ")]  # what fits now
    raise IllegalCommand("blt.err.muster_what", armies=", ".join(f"`army:{a}`" for a in starters) or "–")


def play_card(ctx: TableContext) -> str:
    card = moves.need(ctx, "card")
    how = (ctx.value("how") or "text").strip().lower()
    return f"play {card}" + ("" if how == "text" else f" {how}")


def pick_unit(ctx: TableContext) -> str:
    """The hex whose unit card to show (the renderer's `unit` image takes it as its role)."""
    if ctx.public is None:
        raise IllegalCommand("blt.err.not_started")
    hex_name = moves.need(ctx, "unit")
    if not any(u.hex == hex_name for u in ctx.public.units):
        raise IllegalCommand("blt.err.no_unit_there", hex=hex_name)
    return hex_name


def pick_player(ctx: TableContext) -> str:
    if ctx.public is None:
        raise IllegalCommand("blt.err.not_started")
    roles = list(ctx.public.sides)
    wanted = (ctx.value("player") or "").strip().casefold()
    if not wanted:
        return ctx.role if ctx.role in roles else roles[0]
    for role in roles:
        if wanted in (role, ctx.names.get(role, "").casefold()):
            return role
    raise IllegalCommand("blt.err.no_player", player=wanted, players=", ".join(ctx.names.values()) or "–")


def complete_players(ctx: TableContext, typed: str) -> list[Choice]:
    return moves.choices([(f"{n} ({r})", r) for r, n in ctx.names.items()], typed)


def _word(name: str, notation: str) -> Shortcut:
    return Shortcut(name, play=lambda ctx: notation)


HOW = (("text", "blt.how.text"), ("any", "blt.how.any"), ("mana", "blt.how.mana"))

SHORTCUTS = [
    ShortcutGroup(
        "bl",
        "blt",
        (
            Shortcut(
                "muster",
                (
                    Param("army", complete=complete_armies),
                    Param("units", max_length=1000, complete=complete_units),
                ),
                play=muster,
            ),
            Shortcut(
                "deploy",
                (
                    Param("unit", required=True, complete=C(moves.deploy_units)),
                    Param("hex", required=True, complete=C(moves.deploy_hexes)),
                ),
                play=lambda ctx: f"dep {moves.need(ctx, 'unit')} {moves.need(ctx, 'hex')}",
            ),
            Shortcut(
                "card",
                (Param("card", required=True, complete=C(moves.cards)), Param("how", choices=HOW)),
                play=play_card,
            ),
            Shortcut(
                "order",
                (
                    Param("card", required=True, complete=C(moves.cards)),
                    Param("ordered", max_length=200, complete=plans.complete_units),
                    Param("how", choices=HOW),
                ),
                play=plans.order,
            ),
            Shortcut(
                "activate",
                (Param("unit", required=True, complete=C(moves.activations)),),
                play=lambda ctx: f"act {moves.need(ctx, 'unit')}",
            ),
            Shortcut(
                "move",
                (
                    Param("unit", required=True, complete=C(moves.movers)),
                    Param("to", required=True, complete=C(moves.destinations)),
                ),
                play=lambda ctx: f"mv {moves.need(ctx, 'unit')}-{moves.need(ctx, 'to')}",
            ),
            Shortcut(
                "attack",
                (
                    Param("target", required=True, complete=C(moves.targets)),
                    Param("unit", complete=C(moves.attackers)),
                    Param("fire", kind="flag"),
                ),
                play=moves.attack_notation,
            ),
            Shortcut(
                "retreat",
                (Param("to", required=True, complete=C(moves.retreats)),),
                play=lambda ctx: f"ret {moves.need(ctx, 'to')}",
            ),
            Shortcut(
                "pursue",
                (Param("to", required=True, complete=C(moves.pursuits)),),
                play=moves.pursue_notation,
            ),
            Shortcut(
                "riposte",
                (Param("fire", kind="flag"),),
                play=lambda ctx: "rip fire" if ctx.value("fire") else "rip",
            ),
            Shortcut(
                "lore",
                (
                    Param("god", required=True, complete=C(moves.gods)),
                    Param("target", complete=C(moves.lore_targets)),
                ),
                play=moves.lore_notation,
            ),
            Shortcut(
                "offer",
                (Param("god", required=True, complete=C(moves.gods)),),
                play=lambda ctx: f"offer {moves.need(ctx, 'god')}",
            ),
            Shortcut(
                "use",
                (Param("ability", required=True, complete=C(moves.abilities)),),
                play=lambda ctx: f"use {moves.need(ctx, 'ability')}",
            ),
            Shortcut(
                "pantheon",
                (Param("choice", required=True, complete=C(moves.pantheon)),),
                play=lambda ctx: moves.need(ctx, "choice"),
            ),
            Shortcut(
                "give",
                (Param("unit", required=True, complete=C(moves.gives)),),
                play=lambda ctx: (
                    "skip" if moves.need(ctx, "unit") == "skip" else f"give {moves.need(ctx, 'unit')}"
                ),
            ),
            Shortcut(
                "unit",
                (Param("unit", required=True, complete=C(moves.field_units)),),
                image="unit",
                pick=pick_unit,
                caption="blt.unit.caption",
            ),
            Shortcut(
                "army",
                (Param("player", complete=complete_players),),
                image="army",
                pick=pick_player,
                caption="blt.army.caption",
            ),
            _word("go", "go"),
            _word("end", "end"),
            _word("advance", "adv"),
            _word("stay", "stay"),
            _word("pass", "pass"),
            _word("done", "done"),
        ),
    )
]
