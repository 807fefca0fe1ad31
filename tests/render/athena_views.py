"""Hand-built Battle for Athena views for the renderer's tests and benchmark.

The card statistics here are test fixtures only (the engine owns the real authored data)."""

from __future__ import annotations

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

# code: attack, defence, VP, cost
STATS = {
    "PE": (3, 1, 1, 1),
    "AR": (4, 2, 1, 2),
    "FA": (3, 4, 1, 2),
    "SP": (5, 4, 2, 3),
    "HO": (4, 5, 2, 3),
    "FE": (5, 6, 3, 4),
    "AE": (7, 3, 3, 4),
    "HE": (6, 7, 3, 5),
    "HI": (8, 4, 4, 5),
    "GR": (7, 8, 5, 6),
}
POWERS = {  # code: cost, VP, phase, lasting
    "AN": (2, 1, "reveal", False),
    "AT": (1, 1, "strategy", False),
    "AS": (2, 1, "reveal", False),
    "CA": (1, 0, "engagement", False),
    "CM": (1, 1, "reveal", False),
    "CC": (2, 1, "reveal", False),
    "MR": (1, 0, "engagement", False),
    "RI": (2, 1, "reveal", True),
}
# Rulebook army of "La Bataille pour Athènes" (004 §V.B), bottom row first.
ATHENS_ARMY = ["PE", "AR", "FA", "PE", "AR", "FA", "SP", "HO", "SP", "HO", "FE", "AE", "HE", "HI", "GR"]


def card(code: str) -> CardFace:
    attack, defense, vp, cost = STATS[code]
    total = attack + defense
    colour = "green" if total <= 7 else "red" if total >= 12 else "orange"
    return CardFace(code=code, attack=attack, defense=defense, vp=vp, cost=cost, colour=colour)


def power(code: str) -> PowerFace:
    cost, vp, phase, lasting = POWERS[code]
    return PowerFace(code=code, cost=cost, vp=vp, phase=phase, lasting=lasting)


def pyramid(base: int = 5) -> list[tuple[int, float]]:
    """(row, x) of each slot in rulebook order: bottom row first, left to right (004 §V.B)."""
    return [(row, row / 2 + i) for row in range(base) for i in range(base - row)]


def inverted_pyramid(top: int = 5) -> list[tuple[int, float]]:
    return [(row, (top - 1 - row) / 2 + i) for row in range(top) for i in range(row + 1)]


def columns(count: int = 3, height: int = 5) -> list[tuple[int, float]]:
    return [(row, float(col)) for row in range(height) for col in range(count)]


def slots(
    shape: list[tuple[int, float]],
    removed: set[int] = frozenset(),
    owner_sees: bool = False,
    powers: dict[int, list[str]] | None = None,
) -> list[SlotView]:
    """Slots of an army. A slot is available when present and no present slot of the next row
    overlaps it (within one card width)."""
    powers = powers or {}
    present = {n for n in range(1, len(shape) + 1) if n not in removed}
    views = []
    for n, (row, x) in enumerate(shape, start=1):
        covered = any(
            m in present and r == row + 1 and abs(mx - x) < 1 for m, (r, mx) in enumerate(shape, start=1)
        )
        attached = powers.get(n, [])
        views.append(
            SlotView(
                slot=n,
                row=row,
                x=x,
                present=n in present,
                available=n in present and not covered,
                card=card(ATHENS_ARMY[(n - 1) % len(ATHENS_ARMY)]) if owner_sees and n in present else None,
                power_count=len(attached) if n in present else 0,
                powers=[power(p) for p in attached] if owner_sees and n in present else None,
            )
        )
    return views


def army(role: str, slot_views: list[SlotView], **fields) -> ArmyView:
    base = dict(role=role, tokens=4, hand_count=4, power_deck=7, power_discard=2, slots=slot_views)
    base.update(fields)
    return ArmyView(**base)


def mid_duel(
    viewer: str | None = None, active_terrain: str = "FO", defender_slot: int | None = 12
) -> AthenaView:
    """Round 2, duel 5, engagement: the attacker engaged slot 15 (orange, one power), the
    defender engaged a Camouflaged card. `viewer` gets their own hand and army face up."""
    a_sees, b_sees = viewer == "a", viewer == "b"
    a_slots = slots(pyramid(), removed={15, 13, 1}, owner_sees=a_sees, powers={14: ["CM"], 10: ["AS", "RI"]})
    b_slots = slots(pyramid(), removed={2, 12, 5, 14}, owner_sees=b_sees, powers={11: ["CC"]})
    if a_sees:  # learned by Clairvoyance / Anticipation
        b_slots[13 - 1] = b_slots[13 - 1].model_copy(update={"card": card("HI")})
        b_slots[11 - 1] = b_slots[11 - 1].model_copy(update={"known_colour": "red"})
    hand = [power(p) for p in ("AT", "MR", "CC", "AN")]
    engaged = {
        "a": EngagedView(
            slot=15,
            announced_colour="orange",
            power_count=1,
            card=card("GR") if a_sees else None,
            powers=[power("MR")] if a_sees else None,
        )
    }
    if defender_slot is not None:
        engaged["b"] = EngagedView(
            slot=defender_slot,
            announced_colour=None,
            power_count=1,
            active_powers=["CA"],
            card=card("AE") if b_sees else None,
        )
    return AthenaView(
        viewer=viewer,
        scenario="athenes",
        round=2,
        duel=5,
        phase="engagement",
        attacker="a",
        active=["b"],
        roles=["a", "b"],
        rounds_to_win=2,
        terrain_row=[active_terrain, "PL", "CO", "FT", "PO"],
        terrain_deck=9,
        terrain_values={"PL": 1, "FO": 2, "CO": 2, "PO": 3, "FT": 4},
        armies={
            "a": army(
                "a",
                a_slots,
                tokens=3,
                hand=hand if a_sees else None,
                rounds_won=1,
                captured=[CapturedView(card=card("SP"), powers=[power("CM")]), CapturedView(card=card("PE"))],
                terrains=["PL", "FO", "PL"],
                terrain_vp=4,
                round_vp=7,
            ),
            "b": army(
                "b",
                b_slots,
                tokens=5,
                hand=hand[:3] if b_sees else None,
                hand_count=3,
                captured=[CapturedView(card=card("FA"))],
                terrains=["CO"],
                terrain_vp=2,
                round_vp=3,
            ),
        },
        engaged=engaged,
        last_duel=LastDuelView(round=1, duel=4, winner="b", terrain="PL"),
    )


def revealed() -> AthenaView:
    """The same duel after the reveal: both cards face up with their combat values."""
    view = mid_duel()
    engaged = {
        "a": EngagedView(
            slot=15,
            announced_colour="orange",
            card=card("GR"),
            powers=[power("MR")],
            active_powers=["MR"],
            value=11.0,
        ),
        "b": EngagedView(
            slot=12,
            announced_colour=None,
            card=card("AE"),
            powers=[power("CA")],
            active_powers=["CA"],
            value=6.5,
        ),
    }
    return view.model_copy(update={"phase": "resolution", "engaged": engaged, "active": ["a"]})


def expert(shape: str) -> AthenaView:
    """Expert mode (004 §IX): an inverted pyramid against three columns, no duel yet."""
    view = mid_duel(defender_slot=None)
    layouts = {"inverted": inverted_pyramid(), "columns": columns()}
    armies = {
        role: army(role, slots(layouts[shape], removed={3} if role == "a" else set())) for role in ("a", "b")
    }
    return view.model_copy(
        update={
            "scenario": "expert",
            "armies": armies,
            "engaged": {},
            "duel": 1,
            "phase": "power",
            "active": ["a"],
            "last_duel": None,
        }
    )


def finished() -> AthenaView:
    view = mid_duel(defender_slot=None)
    armies = {
        r: a.model_copy(
            update={"slots": slots(pyramid(), removed=set(range(1, 16))), "rounds_won": 2 if r == "a" else 1}
        )
        for r, a in view.armies.items()
    }
    return view.model_copy(
        update={
            "phase": "over",
            "winner": ["a"],
            "active": [],
            "engaged": {},
            "armies": armies,
            "round": 3,
            "duel": 12,
        }
    )


def blank_hidden(view: AthenaView) -> AthenaView:
    """The public projection of any view: drop every field only a player may see (hands,
    army cards and attached powers, learned colours, engaged cards before the reveal). An
    engaged card is public from the reveal on, and so is a resolved one (it has a value)."""
    revealed_phase = view.phase in ("reveal", "resolution", "over")
    armies = {}
    for role, a in view.armies.items():
        hidden_slots = [
            s.model_copy(update={"card": None, "powers": None, "known_colour": None}) for s in a.slots
        ]
        armies[role] = a.model_copy(update={"hand": None, "slots": hidden_slots})
    engaged = {
        role: e
        if revealed_phase or e.value is not None
        else e.model_copy(update={"card": None, "powers": None})
        for role, e in view.engaged.items()
    }
    return view.model_copy(update={"viewer": None, "armies": armies, "engaged": engaged})


NAMES = {"a": "Alice", "b": "Bob"}
