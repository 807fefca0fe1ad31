"""Every Battlelore Mythologie command in words (optional `GAME.label`): what buttons and
autocomplete show, the notation staying the value sent ("Retreat to c3 (1 loss)" for
`ret c3`, "Attack Takabas (e5) with Hoplites (e4)" for `atk e4xe5`).

A label reads public information (who stands where, the terrain, face-up Lore cards, the
retreat options) and the asker's own (their hand, their units still to deploy): labels of
`play`, `dep` and `army` are only ever shown to the player deciding. The commands the table
may announce publicly (a window's timeout or a standing order: `pass`, `done`, `ret`, `rip`)
name only public facts. Discord caps a button's label at 80 characters: `fit` falls back on
a shorter wording when a long unit or card name would not fit in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.battlelore import commands as c
from engine.battlelore.content import content
from engine.battlelore.state import State, uid
from engine.i18n import LOCALES, T, Text, render
from engine.protocol import Role

BUTTON = 80  # Discord's cap on a button's label


def fit(*wordings: Text, limit: int = BUTTON) -> Text:
    """The first wording no longer than `limit` in every language (else the last)."""
    for text in wordings:
        if all(len(render(text, loc)) <= limit for loc in LOCALES):
            return text
    return wordings[-1]


def _name(names: Any) -> Text:
    return T("bl.label.name", en=names.en, fr=names.fr)


def unit_at(state: State, hex_name: str) -> Text:
    """ "Hoplites (d4)": the unit standing on that hex, else the hex alone."""
    u = state.unit_at(hex_name)
    return (
        T("bl.unit", name=T(f"bl.n.{u.card}"), hex=hex_name)
        if u is not None
        else T("bl.label.hex", hex=hex_name)
    )


def _army(state: State, role: Role, x: c.Army) -> Text:
    if x.preset and x.preset in content().presets:
        return T("bl.label.army", name=_name(content().presets[x.preset].name))
    if x.preset:
        return T("bl.label.army", name=x.preset)
    return T("bl.label.army_units", n=len(x.units))


def _deploy(state: State, role: Role, x: c.Deploy) -> Text:
    u = state.units.get(uid(role, x.unit))
    if u is None:
        return T("bl.label.deploy", unit=x.unit, hex=x.hex)
    return T("bl.label.deploy", unit=T(f"bl.n.{u.card}"), hex=x.hex)


def _play(state: State, role: Role, x: c.Play) -> Text:
    card = T(f"bl.card.{x.card}")
    key = f"bl.label.play{'_extra' if x.extra else ''}.{x.mode}"
    return fit(T(key, card=card), T(f"bl.label.play_short.{x.mode}", card=card))


def _attack(state: State, role: Role, x: c.Attack) -> Text:
    key = "bl.label.fire" if x.ranged else "bl.label.attack"
    return fit(
        T(key, target=unit_at(state, x.to), unit=unit_at(state, x.frm)),
        T(f"{key}_short", target=unit_at(state, x.to), frm=x.frm),
        T(f"{key}_short", target=T("bl.label.hex", hex=x.to), frm=x.frm),
    )


def _lore(state: State, role: Role, x: c.Lore) -> Text:
    god = state.sides[role].gods.get(x.god)
    face = god.deck[0] if god is not None and god.deck else None
    card = T(f"bl.lore.{x.god}.{face}") if face else T(f"bl.n.{x.god}")
    if x.hex:
        return fit(
            T("bl.label.lore_on", card=card, god=T(f"bl.n.{x.god}"), unit=unit_at(state, x.hex)),
            T("bl.label.lore_on", card=card, god=T(f"bl.n.{x.god}"), unit=T("bl.label.hex", hex=x.hex)),
        )
    return fit(T("bl.label.lore", card=card, god=T(f"bl.n.{x.god}")), T("bl.label.lore_short", card=card))


def _use(state: State, role: Role, x: c.Use) -> Text:
    ability = T(f"bl.ab.{x.ability}")
    if x.hex:
        return fit(
            T("bl.label.use_on", ability=ability, unit=unit_at(state, x.hex)),
            T("bl.label.use_on", ability=ability, unit=T("bl.label.hex", hex=x.hex)),
        )
    return T("bl.label.use", ability=ability)


def _retreat(state: State, role: Role, x: c.Retreat) -> Text:
    at = state.attack
    here = state.units[at.dfd].hex if at is not None and at.dfd in state.units else None
    loss = (state.extra_data.get("retreat") or {}).get(x.to, 0)
    if x.to == here:
        return T("bl.label.hold", hex=x.to, n=loss)
    return T("bl.label.retreat", hex=x.to, n=loss)


def _advance(state: State, role: Role, x: c.Advance) -> Text:
    at = state.attack
    to = at.target_hex if at is not None else ""
    return T("bl.label.advance", hex=to) if to else T("bl.label.advance_here")


def _pursue(state: State, role: Role, x: c.Pursue) -> Text:
    at = state.attack
    here = state.units[at.att].hex if at is not None and at.att in state.units else None
    return T("bl.label.pursue_stay") if x.to == here else T("bl.label.pursue", hex=x.to)


def _pass(state: State, role: Role, x: c.Pass) -> Text:
    step = state.step
    return T(f"bl.label.pass.{step}" if step in ("riposte", "olore") else "bl.label.pass")


def _pantheon(state: State, role: Role, x: c.Pantheon) -> Text:
    if x.choice == "mana":
        return T("bl.label.pan_mana", god=T(f"bl.n.{x.gods[0]}"))
    if x.choice == "give":
        return T("bl.label.pan_give")
    return fit(
        T("bl.label.pan_cycle", gods=[T(f"bl.n.{g}") for g in x.gods]),
        T("bl.label.pan_cycle_n", n=len(x.gods)),
    )


def _give(state: State, role: Role, x: c.Give) -> Text:
    left = state.turn.give_left if state.turn is not None else []
    god = T(f"bl.n.{left[0]}") if left else T("bl.label.deity")
    if x.hex is None:
        return T("bl.label.skip", god=god)
    return fit(
        T("bl.label.give", god=god, unit=unit_at(state, x.hex)),
        T("bl.label.give", god=god, unit=T("bl.label.hex", hex=x.hex)),
    )


def _mana(state: State, role: Role, x: c.Mana) -> Text:
    return fit(
        T("bl.label.mana", n=x.n, unit=unit_at(state, x.hex)),
        T("bl.label.mana", n=x.n, unit=T("bl.label.hex", hex=x.hex)),
    )


LABELS: dict[type, Callable[[State, Role, Any], Text]] = {
    c.Map: lambda s, r, x: T("bl.label.map", map=T(f"bl.sc.{x.layout}")),
    c.Side: lambda s, r, x: T("bl.label.side", edge=T(f"bl.edge.{x.edge}")),
    c.People: lambda s, r, x: T("bl.label.people", people=T(f"bl.n.{x.people}")),
    c.Army: _army,
    c.Site: lambda s, r, x: T("bl.label.site", hex=x.hex),
    c.Place: lambda s, r, x: T("bl.label.place", terrain=T(f"bl.n.{x.terrain}"), hex=x.hex),
    c.Deploy: _deploy,
    c.Mana: _mana,
    c.Play: _play,
    c.Act: lambda s, r, x: fit(T("bl.label.act", unit=unit_at(s, x.hex)), T("bl.label.act", unit=x.hex)),
    c.Go: lambda s, r, x: T("bl.label.go"),
    c.Move: lambda s, r, x: fit(
        T("bl.label.move", unit=unit_at(s, x.frm), hex=x.to),
        T("bl.label.move", unit=T("bl.label.hex", hex=x.frm), hex=x.to),
    ),
    c.Attack: _attack,
    c.End: lambda s, r, x: T("bl.label.end"),
    c.Offer: lambda s, r, x: T("bl.label.offer", god=T(f"bl.n.{x.god}")),
    c.Use: _use,
    c.Lore: _lore,
    c.Done: lambda s, r, x: T("bl.label.done"),
    c.Retreat: _retreat,
    c.Advance: _advance,
    c.Stay: lambda s, r, x: T("bl.label.stay"),
    c.Mobility: lambda s, r, x: T("bl.label.mobility", hex=x.to),
    c.Pursue: _pursue,
    c.Riposte: lambda s, r, x: T("bl.label.riposte_fire" if x.ranged else "bl.label.riposte"),
    c.Pass: _pass,
    c.Pantheon: _pantheon,
    c.Give: _give,
}


def label(state: State, role: Role, command: Any) -> Text | None:
    make = LABELS.get(type(command))
    return None if make is None else make(state, role, command)
