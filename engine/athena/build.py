"""Expert mode army building (004 §IX): combatants within the army points, exactly as many
power cards as combatants, at most 3 copies of a power; unspent points become tokens 1:1
(RULES-NOTES B3.7). Presets give chat players (and the AI) one-word builds."""

from __future__ import annotations

from collections import Counter

from engine.athena.content import content
from engine.athena.events import named_code, named_codes
from engine.athena.state import MAX_COPIES_COMBATANT, MAX_COPIES_POWER, Options
from engine.errors import IllegalCommand

# Preference orders of the power presets; powers added by packs follow in data order.
POWER_PRESETS = {
    "combat": ["CM", "CC", "AS", "RI", "SO", "IM", "AN"],
    "mixed": ["CM", "AT", "CC", "RI", "CL", "AS", "MR", "SO", "IM", "PS", "DI", "CA", "AN", "RE"],
    "cunning": ["AT", "CL", "CA", "MR", "PS", "DI", "RE", "CM", "RI"],
}
# Tokens each recruit preset keeps back, as a share of the army size.
RECRUIT_RESERVE = {"strong": 0.0, "balanced": 1 / 3, "light": None}  # None: cheapest army


def army_cost(codes: list[str] | tuple[str, ...]) -> int:
    cards = content().combatants
    return sum(cards[c].cost for c in codes)


def _copies(code: str) -> int:
    return min(MAX_COPIES_COMBATANT, content().combatants[code].box)


def _strength(code: str) -> int:
    card = content().combatants[code]
    return card.attack + card.defense


def preset_army(options: Options, preset: str) -> list[str]:
    """Start from the cheapest army, then upgrade the card whose upgrade adds the most
    strength per point until the preset's budget is spent."""
    cards = content().combatants
    kinds = sorted(cards, key=lambda c: (cards[c].cost, -_strength(c), c))
    army = [code for code in kinds for _ in range(_copies(code))][: options.cards]
    reserve = RECRUIT_RESERVE[preset]
    if reserve is None:
        return army
    budget = options.army_points - round(options.cards * reserve)
    while True:
        spent, counts = army_cost(army), Counter(army)
        best = None
        for old in counts:
            for new in kinds:
                delta = cards[new].cost - cards[old].cost
                gain = _strength(new) - _strength(old)
                if delta <= 0 or gain <= 0 or spent + delta > budget or counts[new] >= _copies(new):
                    continue
                key = (gain / delta, gain, new)
                if best is None or key > best[0]:
                    best = (key, old, new)
        if best is None:
            return sorted(army, key=lambda c: (cards[c].cost, c))
        army[army.index(best[1])] = best[2]


def preset_powers(options: Options, preset: str) -> list[str]:
    known = list(content().powers)
    order = [c for c in POWER_PRESETS[preset] if c in known] + [
        c for c in known if c not in POWER_PRESETS[preset]
    ]
    picks = [code for code in order for _ in range(MAX_COPIES_POWER)]
    return picks[: options.cards]


def check_army(options: Options, codes: tuple[str, ...]) -> None:
    cards = content().combatants
    for code in codes:
        if code not in cards:
            raise IllegalCommand("athena.err.unknown_card", code=code, known=named_codes("card", cards))
    if len(codes) != options.cards:
        raise IllegalCommand("athena.err.army_size", need=options.cards, got=len(codes))
    for code, n in Counter(codes).items():
        if n > _copies(code):
            raise IllegalCommand(
                "athena.err.too_many_copies", code=named_code("card", code), most=_copies(code)
            )
    if army_cost(codes) > options.army_points:
        raise IllegalCommand("athena.err.over_budget", cost=army_cost(codes), points=options.army_points)


def check_powers(options: Options, codes: tuple[str, ...]) -> None:
    powers = content().powers
    for code in codes:
        if code not in powers:
            raise IllegalCommand("athena.err.unknown_power", code=code, known=named_codes("power", powers))
    if len(codes) != options.cards:
        raise IllegalCommand("athena.err.powers_size", need=options.cards, got=len(codes))
    for code, n in Counter(codes).items():
        if n > MAX_COPIES_POWER:
            raise IllegalCommand(
                "athena.err.too_many_copies", code=named_code("power", code), most=MAX_COPIES_POWER
            )
