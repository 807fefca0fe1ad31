"""Every Mythic Battles command in words, for buttons and autocomplete: "Deploy Spartans on
b4", "Move Infernal Marauders: c3 → d5"; the notation stays the value sent.

A label uses public information (who stands where, the battlefield, the ready-made armies
and battlefields) and the asker's own (their hand, their army): a window's labels are also
announced publicly when a timeout or a standing order answers it, and window commands
name only public acts. Discord caps a choice's label at 100 characters: each label has a
shorter wording to fall back on, and `fit` keeps the first that fits in every language.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.i18n import LOCALES, T, Text, has_key, render
from engine.mythic import commands as c
from engine.mythic import recruitment
from engine.mythic.board import OPPOSITE, parse_square
from engine.mythic.content import TERRAINS, content, parse_placement
from engine.mythic.recruitment import army_cost
from engine.mythic.state import AOW, State
from engine.mythic.talents import talent_name
from engine.mythic.units import name_of, unit_name

LIMIT = 100  # Discord's cap on an autocomplete choice's name
BUTTON = 80  # and on a button's: for commands offered as buttons (set-up, windows)
TALENT_OF_ATTACK = {"bite": "cerberus_bite", "spread": "spread_shot"}


def fit(*wordings: Text, limit: int = LIMIT) -> Text:
    """The first wording no longer than `limit` in every language (else the last, shortest)."""
    for text in wordings:
        if all(len(render(text, loc)) <= limit for loc in LOCALES):
            return text
    return wordings[-1]


def fit_each(*wordings: Text, limit: int = LIMIT) -> Text:
    """`fit` chosen in each language apart: a French wording too long for a button no longer
    takes the English one down with it."""
    chosen = {}
    for loc in LOCALES:
        chosen[loc] = next((w for w in wordings if len(render(w, loc)) <= limit), wordings[-1])
    if len({id(w) for w in chosen.values()}) == 1:
        return chosen[LOCALES[0]]
    return T("mythic.name", **chosen)


def short_name(unit_id: str) -> Text:
    """A unit without its affiliation ("Hoplites"): the fallback wording's name."""
    names = content().units[unit_id].name
    return T("mythic.name", en=names.en, fr=names.fr)


def card_name(card: str) -> Text:
    return T("mythic.label.aow") if card == AOW else unit_name(card)


def terrain_name(terrain: str) -> Text:
    return T(f"mythic.terrain.{terrain}")


# ------------------------------------------------------------------------------ set-up


def starter_of(units: tuple[str, ...]) -> Any:
    """The ready-made army with exactly these units, if any (data/presets.yaml)."""
    wanted = sorted(units)
    return next((a for a in content().armies.values() if sorted(a.units) == wanted), None)


def _unit_names(units: tuple[str, ...], locale: str, brief: bool) -> list[str]:
    """The units as the reader knows them from the content ("Cerberus", "2 × Hoplites"):
    the name before its comma; `brief` also drops the place ("Shades of Erebus" → "Shades").
    Copies of one name (the temples' Hoplites) are counted, not repeated."""
    counts: Counter[str] = Counter()
    for unit_id in units:
        name = getattr(content().units[unit_id].name, locale).split(",")[0]
        counts[_BRIEF.sub("", name) if brief else name] += 1
    return [
        n if k == 1 else render(T("mythic.label.unit_copies", n=k, unit=n), locale) for n, k in counts.items()
    ]


_BRIEF = re.compile(r"\s+(?:of|de|du|des)\s.*|\s+d['’].*")


def _recruit_in(cmd: c.Recruit, head: Text, short: Text, locale: str, limit: int) -> str:
    """The first wording that fits `limit` in `locale`; the units always named, the last
    resort naming as many as fit and counting the rest ("+3 more")."""
    bare = T("mythic.label.recruit_cost", cost=army_cost(cmd.units))
    full, brief = _unit_names(cmd.units, locale, False), _unit_names(cmd.units, locale, True)
    for wording in (
        T("mythic.label.recruit_list", head=head, units=", ".join(full)),
        T("mythic.label.recruit_list", head=head, units=", ".join(brief)),
        T("mythic.label.recruit_list", head=short, units=", ".join(brief)),
        T("mythic.label.recruit_list", head=bare, units=", ".join(brief)),
    ):
        text = render(wording, locale)
        if len(text) <= limit:
            return text
    for shown in range(len(brief) - 1, 0, -1):
        more = render(T("mythic.label.more_units", n=len(brief) - shown), locale)
        text = render(
            T("mythic.label.recruit_list", head=bare, units=", ".join([*brief[:shown], more])), locale
        )
        if len(text) <= limit:
            return text
    return text[:limit]


def _recruit(state: State, role: str, cmd: c.Recruit) -> Text:
    """ "Recruit The Phalanx (Athena, 100 points): Strategos, Spartans, 3 × Hoplites…": the
    units by name in the reader's language and the cost, what the player decides on
    (000 §"Recruter des Unités": an army within the points of the battle)."""
    faction = T(f"mythic.faction.{cmd.faction}")
    cost = army_cost(cmd.units)
    army = starter_of(cmd.units)
    short = T("mythic.label.recruit_cost", cost=cost)
    if army is None:
        head = T("mythic.label.recruit_head", count=len(cmd.units), faction=faction, cost=cost)
    else:
        named = T("mythic.name", en=army.name.en, fr=army.name.fr)
        head = T("mythic.label.recruit_army", army=named, faction=faction, cost=cost)
        short = T("mythic.label.recruit_army_cost", army=named, cost=cost)
    limit = BUTTON if len(recruitment.legal(state, role)) <= 5 else LIMIT  # few: shown as buttons
    return T("mythic.name", **{loc: _recruit_in(cmd, head, short, loc, limit) for loc in LOCALES})


def battlefield_name(field_id: str) -> Text | str:
    """A ready-made battlefield's name from the catalog; a content pack's by its id."""
    key = f"mythic.battlefield.{field_id}"
    return T(key) if has_key(key) else field_id


def battlefield_of(placements: tuple[str, ...]) -> str | None:
    """The ready-made battlefield laid by exactly these placements (data/presets.yaml)."""
    for field_id, field in content().battlefields.items():
        if tuple(p.code() for p in field) == tuple(placements):
            return field_id
    return None


def terrain_counts(placements: tuple[str, ...] | list[str]) -> list[tuple[str, int]]:
    """(terrain, squares) of every terrain but open ground on these tile sides, most
    frequent first: what a battlefield offers (turning a tile changes no count)."""
    data, found = content(), Counter()
    for code in placements:
        try:
            placement = parse_placement(code)
            rows = data.tiles[placement.tile][placement.side]
        except (ValueError, KeyError):
            continue
        found.update(TERRAINS[ch] for row in rows for ch in row if TERRAINS.get(ch, "open") != "open")
    order = list(TERRAINS.values())
    return sorted(found.items(), key=lambda item: (-item[1], order.index(item[0])))


def terrain_text(placements: tuple[str, ...] | list[str], compact: bool = False) -> Text:
    """ "7 × forest, 6 × hill…"; `compact` ("7 forest, 2 impass.") for a button too short."""
    counts = terrain_counts(placements)
    if not counts:
        return T("mythic.label.all_open")
    if compact:
        items = [
            T("mythic.label.terrain_count_short", n=n, terrain=T(f"mythic.terrain_short.{t}"))
            for t, n in counts
        ]
    else:
        items = [T("mythic.label.terrain_count", n=n, terrain=terrain_name(t)) for t, n in counts]
    return T("mythic.label.terrains", items=items)


def _tiles(state: State, role: str, cmd: c.Tiles) -> Text:
    field_id = battlefield_of(cmd.placements)
    tiles = " ".join(cmd.placements)
    terrain = terrain_text(cmd.placements)
    if field_id is None:
        return fit(
            T("mythic.label.tiles", tiles=tiles, terrain=terrain),
            T("mythic.label.tiles_only", tiles=tiles),
        )  # typed by hand, never one of the buttons
    name = battlefield_name(field_id)  # the tiles are in the notation beside it
    return fit_each(
        T("mythic.label.battlefield_short", name=name, terrain=terrain),
        T("mythic.label.battlefield_short", name=name, terrain=terrain_text(cmd.placements, compact=True)),
        T("mythic.label.battlefield_short", name=name, terrain=tiles),
        limit=BUTTON,
    )


def band(width: int, height: int, edge: str) -> Text:
    """A deployment zone in squares (000 §"Préparer la Bataille": the two rows nearest a
    player): "south edge (rows 1–2)", "west edge (columns a–b)"."""
    files = "abcdefghijklmnopqrstuvwxyz"
    if edge in ("n", "s"):
        low = 1 if edge == "s" else height - 1
        return T("mythic.label.ranks", edge=T(f"mythic.edge.{edge}"), low=low, high=low + 1)
    low = 0 if edge == "w" else width - 2
    return T("mythic.label.files", edge=T(f"mythic.edge.{edge}"), low=files[low], high=files[low + 1])


def _zone(state: State, role: str, cmd: c.Zone) -> Text:
    w, h = (state.board.width, state.board.height) if state.board else (12, 12)
    return T("mythic.label.zone", mine=band(w, h, cmd.edge), theirs=band(w, h, OPPOSITE[cmd.edge]))


def square_terrain(state: State, square: str) -> str:
    sq = parse_square(state.board, square) if state.board else None
    return "open" if sq is None else TERRAINS[state.board.terrain[sq]]


def _deploy(state: State, role: str, cmd: c.Deploy) -> Text:
    terrain = square_terrain(state, cmd.square)
    if terrain == "open":
        return T("mythic.label.deploy", unit=unit_name(cmd.unit), square=cmd.square)
    return T(
        "mythic.label.deploy_on", unit=unit_name(cmd.unit), square=cmd.square, terrain=terrain_name(terrain)
    )


# ------------------------------------------------------------------------------ the battle


def _unit_on(state: State, square: str, short: bool = False) -> Text | None:
    sq = parse_square(state.board, square) if state.board else None
    unit = state.unit_at(sq) if sq is not None else None
    if unit is None:
        return None
    return short_name(unit.card) if short else name_of(unit)


def _on(state: State, square: str, short: bool = False) -> Text | str:
    """ "Spartans (c4)", or the square alone when nobody stands there."""
    unit = _unit_on(state, square, short)
    return square if unit is None else T("mythic.label.on", unit=unit, square=square)


def _activate(state: State, role: str, cmd: c.Activate) -> Text:
    if cmd.pp:  # Leader: Art of War paid in power points (000 §"Meneur")
        return fit(
            T("mythic.label.activate_leader", unit=unit_name(cmd.unit), pp=cmd.pp),
            T("mythic.label.activate_leader_short", unit=unit_name(cmd.unit), pp=cmd.pp),
        )
    return T("mythic.label.activate", unit=unit_name(cmd.unit))


def _move(state: State, role: str, cmd: c.Move) -> Text:
    path = " → ".join(cmd.path)
    unit = _unit_on(state, cmd.path[0])
    if unit is None:
        return T("mythic.label.move_path", path=path)
    return fit(
        T("mythic.label.move", unit=unit, path=path),
        T("mythic.label.move", unit=_unit_on(state, cmd.path[0], short=True), path=path),
        T("mythic.label.move_path", path=path),
    )


def _attack(state: State, role: str, cmd: c.Attack) -> Text:
    def wording(short: bool) -> Text:
        targets = [_on(state, sq, short) for sq in (cmd.target, *cmd.extra)]
        source = _on(state, cmd.source, short)
        if cmd.talent is None:
            return T("mythic.label.attack", target=targets[0], source=source)
        talent = talent_name(TALENT_OF_ATTACK[cmd.talent])
        return T("mythic.label.attack_talent", talent=talent, targets=targets, source=source)

    squares = T(
        "mythic.label.attack_squares", source=cmd.source, targets=" + ".join((cmd.target, *cmd.extra))
    )
    return fit(wording(False), wording(True), squares)


def _cycle(state: State, role: str, cmd: c.Cycle) -> Text:
    return fit(
        T("mythic.label.cycle", cards=[unit_name(x) for x in cmd.cards]),
        T("mythic.label.cycle", cards=[short_name(x) for x in cmd.cards]),
        T("mythic.label.cycle_count", count=len(cmd.cards)),
        limit=BUTTON,
    )


Labeller = Callable[[State, str, Any], Text]
LABELS: dict[type, Labeller] = {
    c.Recruit: _recruit,
    c.Tiles: _tiles,
    c.Zone: _zone,
    c.Deploy: _deploy,
    c.Activate: _activate,
    c.Move: _move,
    c.Attack: _attack,
    c.End: lambda s, r, x: T("mythic.label.end"),
    c.Cycle: _cycle,
}
