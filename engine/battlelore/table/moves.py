"""Typed commands' autocomplete and notation, from what the asker may see: their legal moves
in notation (`TableContext.legal`) and the PUBLIC view (who stands where, the terrain).

Every suggestion shows the notation it sends beside its words (`d4 · Hoplites 3 → e5`), so
a player learns the notation by using the shortcuts."""

from __future__ import annotations

from collections.abc import Callable

from engine.battlelore.content import content
from engine.errors import IllegalCommand
from engine.i18n import T, has_key, render
from engine.plugins import Choice, TableContext

MAX = 25  # one autocomplete list


def words(ctx: TableContext, head: str) -> list[list[str]]:
    """The asker's legal moves starting with `head`, split into words."""
    return [m.split() for m in ctx.legal if m.split()[0] == head]


def name(code: str, locale: str) -> str:
    return render(T(f"bl.n.{code}"), locale)


def at(ctx: TableContext, hex_name: str) -> str:
    """`d4 Hoplites (3)`: the hex and what stands there, from the public view."""
    view = ctx.public
    if view is not None:
        unit = next((u for u in view.units if u.hex == hex_name), None)
        if unit is not None:
            return f"{hex_name} {name(unit.card, ctx.locale)} ({unit.left})"
        terrain = view.terrain.get(hex_name)
        if terrain:
            return f"{hex_name} {name(terrain, ctx.locale)}"
    return hex_name


def matches(label: str, value: str, typed: str) -> bool:
    typed = typed.strip().casefold()
    return not typed or typed in label.casefold() or value.casefold().startswith(typed)


def choices(pairs: list[Choice], typed: str) -> list[Choice]:
    seen: dict[str, str] = {}
    for label, value in pairs:
        if value not in seen and matches(label, value, typed):
            seen[value] = label[:100]
    return [(label, value) for value, label in seen.items()][:MAX]


def completer(pairs: Callable[[TableContext], list[Choice]]) -> Callable[[TableContext, str], list[Choice]]:
    def complete(ctx: TableContext, typed: str) -> list[Choice]:
        return choices(pairs(ctx), typed)

    return complete


def need(ctx: TableContext, param: str) -> str:
    value = ctx.value(param)
    if value is None or not str(value).strip():
        raise IllegalCommand("blt.err.missing", option=param)
    return str(value).strip().lower()


# ---- the pairs each parameter offers ------------------------------------------------------


def deploy_units(ctx: TableContext) -> list[Choice]:
    out = []
    for w in words(ctx, "dep"):
        card = w[1].rstrip("0123456789")
        out.append((f"{w[1]} · {name(card, ctx.locale)}", w[1]))
    return out


def deploy_hexes(ctx: TableContext) -> list[Choice]:
    unit = (ctx.value("unit") or "").strip().lower()
    return [(at(ctx, w[2]), w[2]) for w in words(ctx, "dep") if not unit or w[1] == unit]


def cards(ctx: TableContext) -> list[Choice]:
    out = []
    for w in words(ctx, "play"):
        code = w[1]
        cid = code.lstrip("+")
        deck = content().extra if code.startswith("+") else content().deck
        label = f"{code} · {render(T(f'bl.card.{cid}'), ctx.locale)}" if cid in deck else code
        if cid in deck:  # what the card orders (issue 25)
            from engine.battlelore.glossary import card_text  # late: the glossary reads GAME

            label += f" — {render(card_text(deck[cid].act), ctx.locale)}"
        out.append((label, code))
    return out


def activations(ctx: TableContext) -> list[Choice]:
    return [(at(ctx, w[1]), w[1]) for w in words(ctx, "act")]


def movers(ctx: TableContext) -> list[Choice]:
    return [(at(ctx, w[1].split("-")[0]), w[1].split("-")[0]) for w in words(ctx, "mv")]


def destinations(ctx: TableContext) -> list[Choice]:
    unit = (ctx.value("unit") or "").strip().lower()
    out = []
    for w in words(ctx, "mv"):
        frm, to = w[1].split("-")
        if not unit or frm == unit:
            out.append((f"{at(ctx, to)}" if unit else f"{at(ctx, frm)} → {to}", to))
    return out


def _attacks(ctx: TableContext) -> list[tuple[str, str, str]]:
    out = []
    for head in ("atk", "fire"):
        for w in words(ctx, head):
            frm, to = w[1].split("x")
            out.append((head, frm, to))
    return out


def attackers(ctx: TableContext) -> list[Choice]:
    return [(at(ctx, frm), frm) for _, frm, _ in _attacks(ctx)]


def targets(ctx: TableContext) -> list[Choice]:
    unit = (ctx.value("unit") or "").strip().lower()
    out = []
    for head, frm, to in _attacks(ctx):
        if not unit or frm == unit:
            how = render(T(f"blt.how.{head}"), ctx.locale)
            out.append((f"{at(ctx, to)} · {how} ← {frm}", to))
    return out


def attack_notation(ctx: TableContext) -> str:
    """`atk d4xe5` or `fire d4xe6`: the attacker may be left out when only one unit can
    attack that target; melee unless `fire` is set or only a shot is possible."""
    target = need(ctx, "target")
    unit = (ctx.value("unit") or "").strip().lower()
    found = [(h, f) for h, f, t in _attacks(ctx) if t == target and (not unit or f == unit)]
    if not unit:
        frms = sorted({f for _, f in found})
        if len(frms) != 1:
            raise IllegalCommand("blt.err.which_attacker", target=target, units=", ".join(frms) or "–")
        unit = frms[0]
    heads = {h for h, f in found if f == unit}
    head = "fire" if ctx.value("fire") or heads == {"fire"} else "atk"
    return f"{head} {unit}x{target}"


def _unit_hex(ctx: TableContext, which: str) -> str | None:
    """The hex of the attack's attacker (`att`) or defender (`dfd`), from the public view."""
    view = ctx.public
    at_ = (view.attack or {}) if view is not None else {}
    unit = next((u for u in view.units if u.id == at_.get(which)), None) if view is not None else None
    return unit.hex if unit is not None else None


def _terrain(ctx: TableContext, hex_name: str) -> str:
    terrain = ctx.public.terrain.get(hex_name) if ctx.public is not None else None
    return f" · {name(terrain, ctx.locale)}" if terrain else ""


def retreats(ctx: TableContext) -> list[Choice]:
    """ "Retreat to c3 · Forest", "Hold on d4": where the unit ends, in words."""
    here = _unit_hex(ctx, "dfd")
    out = []
    for w in words(ctx, "ret"):
        key = "bl.label.hold" if w[1] == here else "bl.label.retreat"
        out.append((render(T(key, hex=w[1], n=0), ctx.locale) + _terrain(ctx, w[1]), w[1]))
    return out


def pursuits(ctx: TableContext) -> list[Choice]:
    """ "Pursue to e6 · Hill", "Mobility move to e6": the pursuit or mobility move, in words."""
    out = []
    for head, key in (("pur", "bl.label.pursue"), ("mob", "bl.label.mobility")):
        for w in words(ctx, head):
            out.append((render(T(key, hex=w[1]), ctx.locale) + _terrain(ctx, w[1]), w[1]))
    return out


def pursue_notation(ctx: TableContext) -> str:
    to = need(ctx, "to")
    for head in ("pur", "mob"):
        if any(w[1] == to for w in words(ctx, head)):
            return f"{head} {to}"
    return f"pur {to}"  # the engine says why not


def gods(ctx: TableContext) -> list[Choice]:
    out = []
    for head in ("lore", "offer"):
        for w in words(ctx, head):
            out.append((name(w[1], ctx.locale), w[1]))
    return out


def lore_targets(ctx: TableContext) -> list[Choice]:
    god = (ctx.value("god") or "").strip().lower()
    return [(at(ctx, w[2]), w[2]) for w in words(ctx, "lore") if len(w) == 3 and (not god or w[1] == god)]


def lore_notation(ctx: TableContext) -> str:
    god, target = need(ctx, "god"), (ctx.value("target") or "").strip().lower()
    return f"lore {god} {target}".strip()


def abilities(ctx: TableContext) -> list[Choice]:
    return [
        (
            render(T(f"bl.ab.{w[1]}"), ctx.locale)
            + (f" · {at(ctx, w[2])}" if len(w) > 2 else "")
            + (
                f" — {render(T(f'bl.gloss.short.{w[1]}'), ctx.locale)}"
                if has_key(f"bl.gloss.short.{w[1]}")
                else ""
            ),
            " ".join(w[1:]),
        )
        for w in words(ctx, "use")
    ]


def pantheon(ctx: TableContext) -> list[Choice]:
    out = []
    for m in ctx.legal:
        w = m.split()
        if w[0] == "pan" and w[1] == "give":
            out.append((render(T("blt.pan.give"), ctx.locale), m))
        elif w[0] == "pan":
            out.append((render(T("blt.pan.mana", god=name(w[1], ctx.locale)), ctx.locale), m))
        elif w[0] == "cycle":
            out.append(
                (
                    render(
                        T("blt.pan.cycle", gods=", ".join(name(g, ctx.locale) for g in w[1:])), ctx.locale
                    ),
                    m,
                )
            )
    return out


def gives(ctx: TableContext) -> list[Choice]:
    out = [(at(ctx, w[1]), w[1]) for w in words(ctx, "give")]
    if "skip" in ctx.legal:
        out.append((render(T("blt.give.skip"), ctx.locale), "skip"))
    return out


def field_units(ctx: TableContext) -> list[Choice]:
    """Every unit on the field (public), for `/bl unit`."""
    view = ctx.public
    if view is None:
        return []
    return [(f"{at(ctx, u.hex)} · {ctx.names.get(u.owner, u.owner)}", u.hex) for u in view.units if u.hex]
