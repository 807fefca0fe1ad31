"""Typed convenience commands (`/mythic activate|move|attack|convert`) as notation, and
their autocomplete.

Everything here reads the player's legal moves in the engine's notation (the list `/play`
autocompletes, engine/mythic/notation.py) and the public board (which unit stands where),
never the rules: a choice is a legal command, and anything typed by hand becomes the
notation the engine then accepts or refuses with its own reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import IllegalCommand
from engine.i18n import T, render
from engine.mythic.content import content
from engine.mythic.notation import TALENT_IDS
from engine.mythic.state import AOW
from engine.mythic.table.armies import resolve_unit, unit_text

ATTACK_HEADS = (
    "atk",
    "cc",
    "ra",
    *(code for code, talent in TALENT_IDS.items() if talent in ("cerberus_bite", "spread_shot")),
)
_ATTACK = re.compile(
    r"^(?P<head>[a-z]+) (?P<source>[a-z]+\d+)x(?P<target>[a-z]+\d+)(?P<extra>(\+[a-z]+\d+)*)$"
)
_SQUARE = re.compile(r"^[a-z]+\d+$")
Choice = tuple[str, str]  # (label shown, value sent)


@dataclass(frozen=True)
class Attack:
    notation: str
    head: str
    source: str
    target: str
    extra: tuple[str, ...]


def of_kind(moves: list[str], head: str) -> list[str]:
    return [m for m in moves if m.split()[0] == head]


def steps(moves: list[str]) -> list[tuple[str, str]]:
    """(from, to) of each legal `mv` (a longer path ends where its last step does)."""
    found = []
    for move in of_kind(moves, "mv"):
        path = move.split()[1].split("-")
        found.append((path[0], path[-1]))
    return found


def attacks(moves: list[str]) -> list[Attack]:
    found = []
    for move in moves:
        match = _ATTACK.match(move)
        if match and match["head"] in ATTACK_HEADS:
            extra = tuple(e for e in match["extra"].split("+") if e)
            found.append(Attack(move, match["head"], match["source"], match["target"], extra))
    return found


def _on(square: str, units_at: dict[str, str], locale: str) -> str:
    """ "Marauders (e6)": the unit standing on a square, or the square alone."""
    unit = units_at.get(square)
    return (
        render(T("mythicbot.choice.on", unit=unit_text(unit, locale), square=square), locale)
        if unit
        else square
    )


def _matches(typed: str, label: str, value: str) -> bool:
    wanted = typed.strip().casefold()
    return not wanted or wanted in label.casefold() or value.casefold().startswith(wanted)


def _keep(choices: list[Choice], typed: str) -> list[Choice]:
    seen, out = set(), []
    for label, value in choices:
        if value not in seen and _matches(typed, label, value):
            seen.add(value)
            out.append((label[:100], value[:100]))
    return out[:25]


# ---- choices ----------------------------------------------------------------------------


def activate_choices(moves: list[str], typed: str, locale: str) -> list[Choice]:
    out = []
    for move in of_kind(moves, "act"):
        words = move.split()
        name = unit_text(words[1], locale)
        if len(words) > 2:  # `act <unit> pp1`: Leader (000 §"Meneur")
            name = render(T("mythicbot.choice.leader", unit=name), locale)
        out.append((name, " ".join(words[1:])))
    return _keep(out, typed)


def destination_choices(
    moves: list[str], units_at: dict[str, str], typed: str, locale: str, mover: str | None
) -> list[Choice]:
    found = steps(moves)
    sources = {src for src, _ in found}
    out = []
    for src, dst in found:
        if mover and src != mover:
            continue
        label = (
            dst
            if len(sources) == 1 or mover
            else render(T("mythicbot.choice.from", square=dst, unit=_on(src, units_at, locale)), locale)
        )
        out.append((label, dst))
    return _keep(out, typed)


def mover_choices(moves: list[str], units_at: dict[str, str], typed: str, locale: str) -> list[Choice]:
    return _keep([(_on(src, units_at, locale), src) for src, _ in steps(moves)], typed)


def attack_label(attack: Attack, units_at: dict[str, str], locale: str) -> str:
    targets = " + ".join(_on(sq, units_at, locale) for sq in (attack.target, *attack.extra))
    talent = TALENT_IDS.get(attack.head)
    if talent is None:
        return targets
    names = content().talents[talent].name
    return render(
        T("mythicbot.choice.talent", talent=T("mythic.name", en=names.en, fr=names.fr), targets=targets),
        locale,
    )


def target_choices(
    moves: list[str], units_at: dict[str, str], typed: str, locale: str, attacker: str | None
) -> list[Choice]:
    found = [a for a in attacks(moves) if not attacker or a.source == attacker]
    several = len({a.source for a in found}) > 1  # then say who attacks
    out = []
    for attack in found:
        label = attack_label(attack, units_at, locale)
        if several:
            label = render(
                T("mythicbot.choice.from", square=label, unit=_on(attack.source, units_at, locale)), locale
            )
        out.append((label, attack.notation))
    return _keep(out, typed)


def attacker_choices(moves: list[str], units_at: dict[str, str], typed: str, locale: str) -> list[Choice]:
    return _keep([(_on(a.source, units_at, locale), a.source) for a in attacks(moves)], typed)


def convert_choices(moves: list[str], typed: str, locale: str) -> list[Choice]:
    out = []
    for move in of_kind(moves, "pp"):
        card = move.split()[1]
        label = render(T("mythicbot.choice.aow"), locale) if card == AOW else unit_text(card, locale)
        out.append((label, card))
    return _keep(out, typed)


def deployments(moves: list[str]) -> list[tuple[str, str]]:
    """(unit, square) of each legal `dep` (000 §"Préparer la Bataille": each general places
    their tokens in turn in their own zone), in the engine's order."""
    return [(w[1], w[2]) for w in (m.split() for m in of_kind(moves, "dep")) if len(w) == 3]


def deploy_unit_choices(moves: list[str], typed: str, locale: str) -> list[Choice]:
    """The units still to place, each with how many squares it may take: "Spartans · 22 squares"."""
    squares: dict[str, int] = {}
    for unit, _ in deployments(moves):
        squares[unit] = squares.get(unit, 0) + 1
    return _keep(
        [
            (render(T("mythicbot.choice.deploy_unit", unit=unit_text(u, locale), n=n), locale), u)
            for u, n in squares.items()
        ],
        typed,
    )


def deploy_square_choices(
    moves: list[str], terrain: dict[str, str], typed: str, locale: str, unit: str | None
) -> list[Choice]:
    """The free squares of the own zone for the chosen unit (any unit's while none is
    chosen), with their terrain: "b4 · hill"."""
    out = []
    for who, square in deployments(moves):
        if unit and who != unit:
            continue
        kind = terrain.get(square, "open")
        label = (
            square
            if kind == "open"
            else render(
                T("mythicbot.choice.square", square=square, terrain=T(f"mythic.terrain.{kind}")), locale
            )
        )
        out.append((label, square))
    return _keep(out, typed)


# ---- typed values to notation -----------------------------------------------------------


def none_now(kind: str, moves: list[str]) -> IllegalCommand:
    return IllegalCommand(
        "mythicbot.err.none_now", what=T(f"mythicbot.kind.{kind}"), moves=", ".join(moves[:12]) or "–"
    )


def square_of(value: str, units_at: dict[str, str], own: set[str]) -> str:
    """A square typed as such, or the square of the unit named (among `own` squares first)."""
    text = value.strip().lower()
    if _SQUARE.match(text):
        return text
    unit = resolve_unit(text)
    for squares in (own, set(units_at)):
        found = sorted(sq for sq in squares if units_at.get(sq) == unit)
        if found:
            return found[0]
    raise IllegalCommand("mythicbot.err.not_on_board", unit=T("mythic.name", **_both(unit)))


def _both(unit: str) -> dict[str, str]:
    names = content().units[unit].display()
    return {"en": names.en, "fr": names.fr}


def activate_notation(value: str) -> str:
    words = value.strip().lower().split()
    if not words:
        raise IllegalCommand("mythicbot.err.no_units")
    leader = [w for w in words[1:] if re.fullmatch(r"pp\d", w)]
    unit = (
        words[0]
        if words[0] in content().units
        else resolve_unit(" ".join(w for w in words if w not in leader))
    )
    return " ".join(["act", unit, *leader])


def move_notation(moves: list[str], units_at: dict[str, str], to: str, unit: str | None) -> str:
    found = steps(moves)
    if not found:
        raise none_now("move", moves)
    sources = sorted({src for src, _ in found})
    dst = to.strip().lower()
    if unit:
        src = square_of(unit, units_at, set(sources))
    else:
        reaching = sorted({src for src, d in found if d == dst})
        candidates = reaching or sources
        if len(candidates) > 1:
            raise IllegalCommand("mythicbot.err.which_mover", square=dst)
        src = candidates[0]
    return f"mv {src}-{dst}"


def attack_notation(moves: list[str], units_at: dict[str, str], target: str, attacker: str | None) -> str:
    found = attacks(moves)
    if target.strip().lower() in {a.notation for a in found}:
        return target.strip().lower()
    if not found:
        raise none_now("attack", moves)
    enemy = {a.target for a in found} | {e for a in found for e in a.extra}
    dst = square_of(target, units_at, enemy)
    sources = {a.source for a in found}
    src = square_of(attacker, units_at, sources) if attacker else None
    fitting = [a for a in found if a.target == dst and (src is None or a.source == src)]
    plain = [a for a in fitting if a.head in ("atk", "cc", "ra") and not a.extra]
    if plain or fitting:
        return (plain or fitting)[0].notation
    if src is None:
        if len(sources) > 1:
            raise IllegalCommand("mythicbot.err.which_attacker", square=dst)
        src = next(iter(sources))
    return f"atk {src}x{dst}"


def convert_notation(card: str) -> str:
    text = card.strip().lower()
    if text == AOW:
        return f"pp {AOW}"
    return f"pp {text if text in content().units else resolve_unit(text)}"


def deploy_unit(value: str | None) -> str | None:
    """A unit typed or chosen for `/mythic deploy`: its id (None when it names none)."""
    if not value:
        return None
    text = value.strip().lower()
    if text in content().units:
        return text
    try:
        return resolve_unit(text)
    except IllegalCommand:
        return None


def deploy_notation(moves: list[str], unit: str, square: str) -> str:
    """`dep <unit> <square>`; the engine refuses a square outside the zone with its reason."""
    if not deployments(moves):
        raise none_now("deploy", moves)
    text = unit.strip().lower()
    found = text if text in content().units else resolve_unit(text)
    return f"dep {found} {square.strip().lower()}"
