"""`view(state, role)`: what one role (or, with None, everybody) may see, as `AthenaView`.

Hidden: army cards and face-down powers (except to their owner), hands, deck order, and
engaged cards before the reveal. What a role learned with Anticipation or Clairvoyance
shows only in that role's view.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.athena import powers, rules, scoring, structures
from engine.athena.content import Content, content
from engine.athena.events import half
from engine.athena.state import Army, Attached, Engaged, State, unvalidated
from engine.athena.view import (
    ArmyView,
    AthenaView,
    CapturedView,
    CardFace,
    EngagedView,
    LastDuelView,
    PowerFace,
    SlotView,
)
from engine.protocol import Role


def _every_field(cls: type[BaseModel]) -> set[str]:
    return set(cls.model_fields)


# Views are built for every state and role from values the engine already guarantees, so
# without validating them again (`state.unvalidated`; validation, or `model_construct`, costs
# about twice as much). Each holds every field in the model's order and declared types (float
# where float, lists, plain str): it equals, dumps and pickles as `cls(**values)` would
# (tests/athena/test_view_construct.py proves it over many states). Models built with every
# field share one fields set: pydantic only ever adds a field name to it (on assignment),
# which leaves a set of every field unchanged.
_make = unvalidated


_SLOT, _ARMY, _CAPTURED = _every_field(SlotView), _every_field(ArmyView), _every_field(CapturedView)
_ENGAGED, _LAST = _every_field(EngagedView), _every_field(LastDuelView)

# the faces of the content in force: (content, card faces by code, power faces by code)
_face_tables: list[tuple[Content, dict[str, CardFace], dict[str, PowerFace]]] = []


def _tables() -> tuple[Content, dict[str, CardFace], dict[str, PowerFace]]:
    c = content()
    if not _face_tables or _face_tables[0][0] is not c:
        cards = {
            code: CardFace(
                code=code,
                attack=card.attack,
                defense=card.defense,
                vp=card.vp,
                cost=card.cost,
                colour=c.colour(code),
            )
            for code, card in c.combatants.items()
        }
        faces = {
            code: PowerFace(code=code, cost=p.cost, vp=p.vp, phase=p.phase, lasting=p.lasting)
            for code, p in c.powers.items()
        }
        _face_tables[:] = [(c, cards, faces)]
    return _face_tables[0]


def card_face(code: str) -> CardFace:
    return _tables()[1][code]


def power_face(code: str) -> PowerFace:
    return _tables()[2][code]


def _faces(attached: list[Attached]) -> list[PowerFace]:
    faces = _tables()[2]
    return [faces[p.code] for p in attached]


_available_cache: dict[tuple[str, tuple[bool, ...]], frozenset[int]] = {}


def _available(geometry: structures.Layout, slots: list[str | None]) -> frozenset[int]:
    """The slots that may be engaged (`Layout.available`), kept by structure and which slots
    are still filled: the same few patterns come back in every view of every game."""
    present = tuple(code is not None for code in slots)
    key = (geometry.structure, present)
    found = _available_cache.get(key)
    if found is None:
        if len(_available_cache) >= 4096:
            _available_cache.clear()
        found = _available_cache[key] = frozenset(geometry.available(list(present)))
    return found


def _slots(state: State, role: Role, viewer: Role | None) -> list[SlotView]:
    army = state.armies[role]
    if not army.slots:
        return []
    own = viewer == role
    learner = state.armies[viewer] if viewer is not None and not own else None
    known_cards = learner.known_cards if learner else {}
    known_colours = learner.known_colours if learner else {}
    geometry = powers.layout_of(state, role)
    available = _available(geometry, army.slots)
    rows, xs = geometry.rows, geometry.xs
    waiting = state.stage == "deploy" and not army.deployed  # laid out in secret, not yet
    _, cards, faces = _tables()
    out = []
    for i, (code, attached) in enumerate(zip(army.slots, army.powers, strict=True)):
        slot = i + 1
        # an activated strategy power was flipped and used: only face-down ones are shown
        face_down = [p for p in attached if not p.active] if attached else attached
        if code is None:
            card = colour = None
        else:
            # what the viewer learned about a card shows on its slot while the card is there
            # (once engaged, it shows on the duel card instead: `_engaged`)
            seen = known_cards.get(slot)
            card = cards[code] if own else (cards[seen] if seen else None)
            colour = known_colours.get(slot)
        out.append(
            _make(
                SlotView,
                {
                    "slot": slot,
                    "row": rows[i],
                    "x": float(xs[i]),
                    "present": code is not None,
                    "available": slot in available,
                    "card": card,
                    "known_colour": colour,
                    "power_count": len(face_down),
                    "powers": [faces[p.code] for p in face_down] if own else None,
                    "waiting": waiting,
                },
                _SLOT,
            )
        )
    return out


def _army(state: State, role: Role, viewer: Role | None, won: int) -> ArmyView:
    army: Army = state.armies[role]
    own = viewer == role
    c = content()
    captured = [
        _make(
            CapturedView,
            {"card": card_face(cap.card), "powers": [power_face(p) for p in cap.powers]},
            _CAPTURED,
        )
        for cap in army.captured
    ]
    return _make(
        ArmyView,
        {
            "role": role,
            "tokens": army.tokens,
            "hand_count": len(army.hand),
            "power_deck": len(army.deck),
            "power_discard": len(army.power_discard),
            "hand": [power_face(p) for p in army.hand] if own else None,
            "slots": _slots(state, role, viewer),
            "captured": captured,
            "terrains": list(army.terrains),
            "terrain_vp": sum(c.terrains[t].vp for t in army.terrains),
            "round_vp": scoring.round_vp(army),
            "rounds_won": won,
        },
        _ARMY,
    )


def _flipped(attached: Attached) -> bool:
    """A strategy power activated before the engagement was turned face up for all to see
    (004 §VI.B "Phase de Stratégie"); engagement powers stay face down until the reveal
    (powers.engage_powers)."""
    return attached.active and powers.card(attached.code).phase == "strategy"


def _engaged(state: State, role: Role, engaged: Engaged, viewer: Role | None) -> EngagedView:
    shown = engaged.revealed or viewer == role
    seen = colour = None
    if not shown and viewer is not None:
        learner = state.armies[viewer]
        # what the viewer learned about the card while it was in the army follows it into
        # the duel: Clairvoyance showed the card, Anticipation its true colour
        seen = learner.known_cards.get(engaged.slot)
        colour = learner.known_colours.get(engaged.slot)
    return _make(
        EngagedView,
        {
            "slot": engaged.slot,
            "announced_colour": engaged.announced,
            "card": card_face(engaged.card) if shown else (card_face(seen) if seen else None),
            "powers": _faces(engaged.powers) if shown else None,
            "power_count": sum(not _flipped(p) for p in engaged.powers),
            "active_powers": [p.code for p in engaged.powers if p.active and (shown or _flipped(p))],
            "value": half(engaged.value) if engaged.value is not None else None,
            "known_colour": colour,
        },
        _ENGAGED,
    )


def _summary(state: State) -> LastDuelView | None:
    """The previous duel, while its round lasts (a new round starts from a clean table)."""
    last = state.last_duel
    if last is None or (last.round != state.round and state.stage != "over"):
        return None
    return _make(
        LastDuelView,
        {"round": last.round, "duel": last.duel, "winner": last.winner, "terrain": last.terrain},
        _LAST,
    )


def view(state: State, viewer: Role | None) -> AthenaView:
    won = scoring.rounds_won(state)
    engaged = state.engaged
    last = state.last_duel
    if not engaged and last is not None and (last.round == state.round or state.stage == "over"):
        engaged = last.engaged  # between duels, the resolved duel stays on the table
    return _make(
        AthenaView,
        {
            "game": "athena",
            "viewer": viewer,
            "scenario": state.options.scenario,
            "round": state.round,
            "duel": max(1, state.duel),
            "phase": rules.phase(state),
            "attacker": state.attacker,
            "active": sorted(rules.active(state)),
            "roles": list(state.roles),
            "rounds_to_win": state.options.target_rounds(),
            "terrain_row": list(state.terrain_row),
            "terrain_deck": len(state.terrain_deck),
            "terrain_values": {code: t.vp for code, t in content().terrains.items()},
            "armies": {r: _army(state, r, viewer, won[r]) for r in state.roles},
            "engaged": {r: _engaged(state, r, e, viewer) for r, e in engaged.items()},
            "last_duel": _summary(state),
            "winner": list(state.winners) if state.winners is not None else None,
        },
        _every_field(AthenaView) - {"game"},  # the constant, never given, as before; one set a view
    )
