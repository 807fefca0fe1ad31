"""Reaction windows and standing orders: RULES-NOTES C ("timed windows that auto-pass",
"standing orders and a dice auto-optimiser"), ARCHITECTURE §2 (a window opens on public
information only and always offers "pass").

A window is a decision frame out of the main flow of a turn: harass (001 §"Harass"), react
(001 §"Defending", §"Counter-attacking", 000 §"Évasion", §"Retraite"), talents at step 4
(000 §6), the dice's choices (001 §"Attack Roll"), wounds (000 §"Endurance", §"Parade"),
the end-of-turn cycle (001 l.341) and the new decks' reinforcements (000 §"Renforts").
When its time runs out the table plays its closing command: `pass`/`done`, or `optimal`
for dice.

Standing orders decide a window on public information only, as its opening did: a window
is answered for the player only when no option they want to be asked about is open on
public information (a held card or power points they could still raise never count), so
the speed of an answer tells the opponent nothing about the hand. "always" plays its
option when it is legal now and otherwise acts as "never"; every answer is from `legal()`.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import T, Text
from engine.mythic import combat, labels, reactions, rules, turn
from engine.mythic import commands as c
from engine.mythic.state import AOW, State
from engine.mythic.talents import cost_of, talent_name, worth_asking
from engine.mythic.units import name_of, unit_name
from engine.protocol import Order, Role, Window

ASK, ALWAYS, NEVER, OPTIMAL = "ask", "always", "never", "optimal"
ORDER_VALUES = {
    "counter": (ASK, ALWAYS, NEVER),
    "defend": (ASK, NEVER),
    "harass": (ASK, NEVER),
    "dice": (ASK, OPTIMAL),
    "wounds": (ASK, ALWAYS, NEVER),
    "talents": (ASK, NEVER),
    "cycle": (ASK, NEVER),
}
ORDERS = [
    Order(key=key, label=T(f"mythic.order.{key}"), values={v: T(f"mythic.order.value.{v}") for v in values})
    for key, values in ORDER_VALUES.items()
]
WINDOW_KINDS = ("harass", "react", "talents", "dice", "wounds", "cycle", "reshuffle")


def timeout_command(state: State) -> Any:
    """The closing command of the window on top: what the table plays when time runs out."""
    kind = state.top.kind
    if kind == "dice":
        return c.Optimal()  # ARCHITECTURE §2: the "optimal" shortcut plays the best choices
    if kind in ("cycle", "reshuffle") or (kind == "talents" and state.top.tag == "att"):
        return c.Done()
    return c.Pass()


def window(state: State, role: Role) -> Window | None:
    top = state.top
    if top is None or top.kind not in WINDOW_KINDS or role not in rules.active(state):
        return None
    closing = timeout_command(state)
    own = [c for c in rules.FRAMES[top.kind][0](state, role) if c != closing]
    return Window(
        kind=top.kind,
        timeout=closing,
        prompt=_prompt(state, role),
        choices=[*own, *_conversions(state, role), closing],
    )


def _conversions(state: State, role: Role) -> list:
    """The cards to convert, among the window's choices, when an option it was opened for
    costs more power points than the general has: cards convert "at any time" (001 l.392;
    000 l.411), so the general pays by converting first. The window goes to its general
    alone (private buttons), so naming the cards held reveals nothing."""
    pp = state.sides[role].pp
    if all(cost <= pp for _, cost in _open_options(state, role)):
        return []
    return [cmd for cmd in rules.card_commands(state, role) if isinstance(cmd, c.Convert)]


def _prompt(state: State, role: Role) -> Text:
    kind, c = state.top.kind, state.combat
    if kind == "harass":
        return T("mythic.window.harass", unit=name_of(state.unit(state.activation.uid)))
    if kind == "react":
        return T(
            "mythic.window.react",
            unit=name_of(state.unit(c.strike.target)),
            attacker=name_of(state.unit(c.strike.attacker)),
        )
    if kind == "dice":
        roll = combat.current_roll(state)
        return T(
            "mythic.window.dice",
            totals=[d.total for d in roll.dice if d.live] or "-",
            difficulty=roll.difficulty,
        )
    if kind == "wounds":
        unit, _, _ = combat.sides(state, state.top.tag)
        return T("mythic.window.wounds", unit=name_of(unit), wounds=c.wounds.get(unit.uid, 0))
    return T(f"mythic.window.{kind}")


# ------------------------------------------------------------------------------ standing orders


def _open_options(state: State, role: Role) -> list[tuple[str, int]]:
    """(order key, cost) of each option the window offers on public information."""
    kind = state.top.kind
    if kind == "harass":
        return [
            ("harass", cost) for _, cost in reactions.harass_options(state, state.unit(state.activation.uid))
        ]
    if kind == "react":
        out = [("defend", cost) for _, cost in reactions.defend_options(state)]
        if reactions.counter_possible(state) and state.sides[role].hand:
            out.append(("counter", 0))  # a maneuver card, whichever: the hand is hidden
        evasion = reactions.evasion_cost(state)
        if evasion is not None:
            out.append(("talents", evasion))
        if reactions.retreat_square(state) is not None:
            out.append(("talents", cost_of(state, state.unit(state.combat.strike.target), "retreat")))
        return out
    if kind == "talents":
        return [("talents", cost) for _, cost in combat.talent_choices(state, state.top.tag)]
    if kind == "wounds":
        return [("wounds", cost) for _, cost in combat.wound_choices(state, state.top.tag)]
    if kind == "reshuffle":
        return [("talents", cost) for _, cost in turn.reinforcement_choices(state, role)]
    return [(kind, 0)]  # dice and cycle: always a choice


def _order_of(cmd: Any) -> str | None:
    """Which order may play this command by itself."""
    if isinstance(cmd, c.Counter):
        return "counter"
    if isinstance(cmd, c.Use) and cmd.talent in ("endurance", "parry"):
        return "wounds"
    if isinstance(cmd, c.Optimal):
        return "dice"
    return None


def standing(state: State, role: Role, orders: dict[str, str]) -> Any:
    """The command the role's standing orders play now, or None to ask the player."""
    if window(state, role) is None:
        return None
    wanted = [key for key, cost in _open_options(state, role) if worth_asking(state, role, [cost])]
    if any(orders.get(key, ASK) == ASK for key in wanted):
        return None
    legal = rules.legal(state, role)
    keen = {key for key in wanted if orders.get(key) in (ALWAYS, OPTIMAL)}
    # parry before endurance: it cancels a wound on each side (000 §"Parade")
    for cmd in sorted(legal, key=lambda c: getattr(c, "talent", "") != "parry"):
        if _order_of(cmd) in keen:
            return cmd
    closing = timeout_command(state)
    return closing if closing in legal else None


# ------------------------------------------------------------------------------ button labels


def _card(card: str) -> Text:
    return T("mythic.label.aow") if card == AOW else unit_name(card)


LABELS: dict[type, Any] = {
    c.Pass: lambda s, r, x: T("mythic.label.pass"),
    c.Done: lambda s, r, x: T("mythic.label.done"),
    c.Optimal: lambda s, r, x: T("mythic.label.optimal"),
    c.Counter: lambda s, r, x: T("mythic.label.counter", unit=name_of(s.unit(s.combat.strike.target))),
    c.Defend: lambda s, r, x: T("mythic.label.defend", unit=unit_name(x.unit)),
    c.Harass: lambda s, r, x: T("mythic.label.harass", unit=unit_name(x.unit)),
    c.Use: lambda s, r, x: T("mythic.label.use", talent=talent_name(x.talent), unit=unit_name(x.unit)),
    c.Plus: lambda s, r, x: T("mythic.label.plus", stat=T(f"mythic.stat.{x.stat}")),
    c.Boost: lambda s, r, x: T("mythic.label.boost", spend=x.spend, onto=x.onto),
    c.Reroll: lambda s, r, x: T("mythic.label.reroll", dice=list(x.dice)),
    c.Zero: lambda s, r, x: T("mythic.label.zero", die=x.die),
    c.AuraReroll: lambda s, r, x: T("mythic.label.aura", die=x.die),
    c.Convert: lambda s, r, x: T("mythic.label.convert", card=_card(x.card)),
    c.Fetch: lambda s, r, x: T("mythic.label.fetch", card=_card(x.card)),
    c.Discard: lambda s, r, x: T("mythic.label.discard", card=_card(x.card)),
}


LABELS.update(labels.LABELS)  # the other commands: set-up, activation, movement, attacks


def label(state: State, role: Role, cmd: Any) -> Text | None:
    """Every command in words, for buttons and autocomplete (engine/mythic/labels.py)."""
    make = LABELS.get(type(cmd))
    return None if make is None else make(state, role, cmd)
