"""Positions in words. `summary`: the public position, for `/game status`: where the
set-up stands and what it asks (000 §"Préparer la Bataille" / 001 §"Preparing the Battle"),
or the turn, each general's units, power points and cards in front, and the decision awaited.

Only public fields of the view are read (never a hand or a secret army), so any viewer's view
gives the same lines. `describe`: a player's own view (`/game hand`): their hand and army.
"""

from __future__ import annotations

from engine.i18n import T, Text
from engine.mythic.content import Names, content
from engine.mythic.context import role_name
from engine.mythic.labels import band, battlefield_name, battlefield_of, terrain_text
from engine.mythic.view import MythicView, UnitView

SET_UP_STEPS = ("recruit", "battlefield", "zones", "deploy")


def _name(unit: UnitView) -> Text:
    names: Names = unit.name
    if unit.affiliation is not None:
        names = Names(en=f"{names.en} ({unit.affiliation.en})", fr=f"{names.fr} ({unit.affiliation.fr})")
    return T("mythic.name", en=names.en, fr=names.fr)


def _deciders(view: MythicView) -> list[Text]:
    return [role_name(r) for r in view.decision.roles] if view.decision else []


def _phase(view: MythicView) -> list[Text]:
    """The set-up step and what it asks, or the turn."""
    if view.phase == "over":
        return [T("mythic.sum.over", turn=view.turn)]
    if view.phase in SET_UP_STEPS:
        step = SET_UP_STEPS.index(view.phase) + 1
        who = _deciders(view)
        lines = [T(f"mythic.sum.setup.{view.phase}", step=step, who=who or "–", points=view.points)]
        if view.phase == "battlefield":
            lines.append(T("mythic.sum.tiles_how", tiles=6 if len(view.roles) == 4 else 4))
            lines.append(T("mythic.sum.tiles_ready", fields=_ready_made(len(view.roles))))
        return lines
    lines = [T("mythic.sum.turn", turn=view.turn, who=role_name(view.current), n=len(view.activations))]
    if view.activation is not None:
        act = view.activation
        unit = next((u for u in view.units if u.uid == act.unit), None)
        if unit is not None:
            done = "attacked" if act.attacked else "moved" if act.moved else "fresh"
            lines.append(T("mythic.sum.activated", unit=_name(unit), done=T(f"mythic.sum.done.{done}")))
    if view.combat is not None:
        by_uid = {u.uid: u for u in view.units}
        attacker, target = by_uid.get(view.combat.attacker), by_uid.get(view.combat.target)
        if attacker is not None and target is not None:
            lines.append(T("mythic.sum.combat", attacker=_name(attacker), target=_name(target)))
    return lines


def _ready_made(players: int) -> list[Text | str]:
    """The ready-made battlefields for this many generals: each name and how to lay it."""
    size = 6 if players == 4 else 4
    return [
        T("mythic.sum.field", name=battlefield_name(fid), id=fid)
        for fid, field in content().battlefields.items()
        if len(field) == size
    ]


def _battlefield(view: MythicView) -> list[Text]:
    board = view.board
    if board is None or not board.tiles:
        return []
    found = battlefield_of(tuple(board.tiles))
    tiles, terrain = " ".join(board.tiles), terrain_text(board.tiles)
    if found is None:
        return [T("mythic.sum.battlefield_tiles", tiles=tiles, terrain=terrain)]
    return [T("mythic.sum.battlefield", name=battlefield_name(found), tiles=tiles, terrain=terrain)]


def _first(view: MythicView) -> list[Text]:
    if view.first is None:
        return []
    rolls = ", ".join("–".join(map(str, pair)) for pair in view.first_rolls)
    return [T("mythic.sum.first", who=role_name(view.first), rolls=rolls or "–")]


def _sides(view: MythicView) -> list[Text]:
    lines = []
    for role in view.roles:
        side = view.sides[role]
        who = role_name(role)
        if view.phase == "recruit":
            state = "recruited" if side.recruited else "recruiting"
            lines.append(T(f"mythic.sum.side_{state}", who=who))
            continue
        units = [u for u in view.units if u.owner == role]
        standing = [u for u in units if not u.destroyed and u.square is not None]
        waiting = [u for u in units if not u.destroyed and u.square is None]
        destroyed = [_name(u) for u in units if u.destroyed]
        facts = [T(f"mythic.faction.{side.faction}") if side.faction else T("mythic.sum.secret")]
        if side.team is not None:
            facts.append(T("mythic.sum.team", team=side.team))
        if side.zone:
            facts.append(T("mythic.sum.edge", edge=T(f"mythic.edge.{side.zone}")))
        counts = T("mythic.sum.units", standing=len(standing), total=len(units))
        if waiting:  # before the battle: how many are placed yet
            counts = T("mythic.sum.units_deploying", placed=len(standing), total=len(units))
        lines.append(
            T(
                "mythic.sum.side" if view.phase in ("battle", "over") else "mythic.sum.side_setup",
                who=who,
                facts=facts,
                units=counts,
                pp=side.pp,
                aow=side.aow,
                hand=side.hand_count,
                deck=side.deck,
            )
        )
        if destroyed:
            lines.append(T("mythic.sum.destroyed", who=who, units=destroyed))
    return lines


def _awaited(view: MythicView) -> list[Text]:
    if view.decision is None or view.winners is not None or view.phase in SET_UP_STEPS:
        return []  # a set-up step's line already says who does what
    return [T("mythic.sum.awaited", who=_deciders(view), what=T(f"mythic.decision.{view.decision.kind}"))]


def summary(view: MythicView) -> list[Text]:
    """`/game status` in words: public information only."""
    return [*_phase(view), *_first(view), *_battlefield(view), *_sides(view), *_awaited(view)]


# ------------------------------------------------------------------------------ a player's own view


def _card_names(cards: list[str]) -> list[Text]:
    """ "Infernal Marauders ×2": each maneuver card once, with how many are held."""
    units, out = content().units, []
    for card in sorted(set(cards)):
        names = units[card].display() if card in units else Names(en=card, fr=card)
        name = T("mythic.name", en=names.en, fr=names.fr)
        count = cards.count(card)
        out.append(name if count == 1 else T("mythic.desc.times", card=name, n=count))
    return out


def describe(view: MythicView) -> list[Text]:
    """`/game hand` in words: the viewer's own army while it is secret, the units still to
    place and where, the hand of maneuver cards (001 §"The Maneuver Cards": a card activates
    its unit, or becomes power points) and what lies in front of them."""
    role = view.viewer
    if role is None or role not in view.sides:
        return []
    side = view.sides[role]
    lines: list[Text] = []
    if view.phase == "recruit":
        if side.army:
            lines.append(T("mythic.desc.army", units=_card_names(side.army)))
        return lines
    waiting = [u.unit for u in view.units if u.owner == role and not u.destroyed and u.square is None]
    if waiting and view.phase in SET_UP_STEPS:
        board = view.board
        where = (
            band(board.width, board.height, side.zone) if side.zone and board else T("mythic.desc.no_zone")
        )
        lines.append(T("mythic.desc.to_place", units=_card_names(waiting), zone=where))
    if side.hand is not None and (side.hand or view.phase == "battle"):
        cards = _card_names(side.hand) or [T("mythic.desc.none")]
        lines.append(T("mythic.desc.hand", count=len(side.hand), cards=cards))
    if view.phase == "battle":
        lines.append(T("mythic.desc.front", aow=side.aow, pp=side.pp, deck=side.deck))
    return lines
