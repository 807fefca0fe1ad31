"""Hand-built Mythic Battles views for the renderer's tests and benchmark.

The unit statistics here are test fixtures only (the engine owns the authored data)."""

from __future__ import annotations

from engine.i18n import T
from engine.mythic.content import Names
from engine.mythic.view import (
    ActivationView,
    AttackView,
    BoardView,
    DecisionView,
    DieView,
    MythicView,
    RollView,
    SideView,
    StatsView,
    TalentView,
    UnitView,
)

NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Chloé", "p4": "Dimitri"}
LETTERS = "abcdefghijklmnopqrstuvwxyz"
TERRAIN_CODES = {".": "open", "h": "hill", "f": "forest", "r": "ruins", "x": "impassable", "c": "crevasse"}
# Rows from north to south, as a player reads the battlefield.
PLAIN_12 = [
    "............",
    ".h....f..x..",
    "...ff.......",
    "......c.r...",
    "..r...c.....",
    ".....hh..f..",
    ".f..........",
    "....x...rr..",
    "..cc........",
    ".......f....",
    "..h.....h...",
    "............",
]

# unit id: en, fr, affiliation, faction, type, flying, legendary, leadership, vitality, stats
UNITS = {
    "cerberus": (
        "Cerberus, Guardian of the Gate of Hell",
        "Cerbère, Gardien de la Porte des Enfers",
        None,
        "hades",
        "colossal",
        False,
        True,
        3,
        6,
        (3, 4, 6, 0, 0, 7, ["cc"], [("cerberus_bite", "Cerberus' Bite", "Morsures de Cerbère", 1, 3)]),
    ),
    "harpies": (
        "Harpies of the Styx",
        "Harpies du Styx",
        None,
        "hades",
        "pack",
        True,
        False,
        1,
        4,
        (5, 6, 2, 0, 0, 4, [], []),
    ),
    "legion-acheron": (
        "Legion of the Damned",
        "Légion des Damnés",
        ("Acheron", "Achéron"),
        "hades",
        "horde",
        False,
        False,
        1,
        3,
        (2, 3, 3, 0, 0, 5, [], [("reinforcement", "Reinforcement", "Renforts", 1, 0)]),
    ),
    "legion-styx": (
        "Legion of the Damned",
        "Légion des Damnés",
        ("Styx", "Styx"),
        "hades",
        "horde",
        False,
        False,
        1,
        3,
        (2, 3, 3, 0, 0, 5, [], []),
    ),
    "spartans": (
        "Spartan Hoplites",
        "Hoplites Spartiates",
        None,
        "athena",
        "infantry",
        False,
        False,
        2,
        4,
        (2, 3, 4, 0, 0, 6, ["def"], [("leader", "Leader", "Leader", 0, 0)]),
    ),
    "toxotes": (
        "Toxotes",
        "Toxotes",
        None,
        "athena",
        "infantry",
        False,
        False,
        1,
        3,
        (2, 3, 1, 3, 5, 4, ["ra"], [("skilled_shot", "Skilled Shot", "Tir Précis", 1, 0)]),
    ),
    "owls": (
        "Owls of Athena",
        "Chouettes d'Athéna",
        None,
        "athena",
        "pack",
        True,
        False,
        1,
        3,
        (5, 6, 2, 0, 0, 4, [], [("evasion", "Evasion", "Esquive", 1, 0)]),
    ),
    "centaurs": (
        "Centaurs",
        "Centaures",
        None,
        "neutral",
        "cavalry",
        False,
        False,
        2,
        4,
        (4, 5, 3, 2, 3, 5, ["move"], [("mobility", "Mobility", "Mobilité", 0, 0)]),
    ),
}


def board(rows: list[str] = PLAIN_12) -> BoardView:
    """A board from rows written north first (the view stores index y * width + x, y from the south)."""
    height, width = len(rows), len(rows[0])
    terrain = [TERRAIN_CODES[rows[height - 1 - y][x]] for y in range(height) for x in range(width)]
    tiles = [f"{i + 1}a" for i in range(width * height // 36)]  # 6 x 6 tiles
    return BoardView(width=width, height=height, files=LETTERS[:width], terrain=terrain, tiles=tiles)


def stats(unit_id: str, vitality: int) -> StatsView:
    move_attack, move, cc, ra, rng, defense, plus, talents = UNITS[unit_id][9]
    weaker = UNITS[unit_id][8] - vitality  # a wounded unit's card is weaker
    return StatsView(
        move_attack=move_attack,
        move=move,
        cc=max(1, cc - weaker),
        ra=ra,
        range=rng,
        defense=defense,
        plus=plus,
        talents=[
            TalentView(id=tid, name=Names(en=en, fr=fr), cost=cost, dice=dice)
            for tid, en, fr, cost, dice in talents
        ],
    )


def unit(
    owner: str, unit_id: str, square: str | None, vitality: int | None = None, activated: bool = False
) -> UnitView:
    en, fr, affiliation, faction, kind, flying, legendary, leadership, most, _ = UNITS[unit_id]
    vit = most if vitality is None else vitality
    return UnitView(
        uid=f"{owner}.{unit_id}",
        owner=owner,
        unit=unit_id,
        name=Names(en=en, fr=fr),
        affiliation=Names(en=affiliation[0], fr=affiliation[1]) if affiliation else None,
        faction=faction,
        type=kind,
        flying=flying,
        legendary=legendary,
        leadership=leadership,
        square=square if vit > 0 else None,
        vitality=vit,
        max_vitality=most,
        wounds=most - vit,
        destroyed=vit <= 0,
        stats=stats(unit_id, vit) if vit > 0 else None,
        activated=activated,
        countered=False,
        aura=False,
    )


def side(role: str, faction: str | None, zone: str | None, army: list[str] | None, **fields) -> SideView:
    base = dict(
        role=role,
        faction=faction,
        recruited=True,
        first=role == "p1",
        zone=zone,
        pp=3,
        deck=18,
        hand_count=4,
        discard=["aow", "harpies"],
        aow=2,
        spent=[],
        army=army,
    )
    base.update(fields)
    return SideView(**base)


def roll(
    role: str,
    uid: str,
    faces: list[list[int]],
    difficulty: int,
    statuses: list[str] | None = None,
    bonuses: list[int] | None = None,
    done: bool = True,
    kind: str = "cc",
) -> RollView:
    statuses = statuses or ["lost" if f[-1] == 0 else "live" for f in faces]
    bonuses = bonuses or [0] * len(faces)
    dice = [
        DieView(faces=f, total=sum(f) + b, status=s, bonus=b)
        for f, s, b in zip(faces, statuses, bonuses, strict=True)
    ]
    successes = sum(1 for d in dice if d.status == "live" and d.total >= difficulty)
    return RollView(
        role=role,
        unit=uid,
        kind=kind,
        difficulty=difficulty,
        dice=dice,
        successes=successes,
        done=done,
        rounds=1,
    )


def cc_attack() -> AttackView:
    """Cerberus bites into the Spartans: 5+4=9 and 6 hit the Defense of 6, a 1 was discarded
    onto the 3 (now 4), a 0 is lost."""
    dice = roll(
        "p2",
        "p2.cerberus",
        [[5, 4], [3], [1], [0], [6]],
        6,
        ["live", "live", "spent", "lost", "live"],
        [0, 1, 0, 0, 0],
    )
    return AttackView(
        attacker="p2.cerberus",
        target="p1.spartans",
        kind="cc",
        rolls=[dice],
        wounds={"p1.spartans": 2},
        destroyed=[],
        evaded=False,
    )


def armies() -> list[UnitView]:
    return [
        unit("p1", "spartans", "d3", vitality=2),
        unit("p1", "toxotes", "c2", activated=True),
        unit("p1", "owls", "h4"),
        unit("p1", "centaurs", "f2"),
        unit("p2", "cerberus", "d4", vitality=5, activated=True),
        unit("p2", "harpies", None, vitality=0),
        unit("p2", "legion-acheron", "g10"),
        unit("p2", "legion-styx", "e11", vitality=1),
    ]


def battle(
    units: list[UnitView] | None = None,
    last_move: list[str] | None = None,
    viewer: str | None = None,
    hand: list[str] | None = None,
    **fields,
) -> MythicView:
    """Turn 7 of a 2-player battle: Bob's Cerberus has just moved d6-d5-d4 and bitten Alice's
    Spartans; Alice must decide how to answer (a reaction window)."""
    units = armies() if units is None else units
    sides = {
        "p1": side(
            "p1",
            "athena",
            "s",
            [u.unit for u in units if u.owner == "p1"],
            hand=hand if viewer == "p1" else None,
            hand_count=len(hand) if hand is not None else 4,
        ),
        "p2": side("p2", "hades", "n", [u.unit for u in units if u.owner == "p2"], spent=["cerberus"], aow=1),
    }
    base = dict(
        viewer=viewer,
        phase="battle",
        reroll_fives="once",
        points=100,
        roles=["p1", "p2"],
        turn=7,
        current="p2",
        first="p1",
        first_rolls=[[4, 2]],
        board=board(),
        units=units,
        sides=sides,
        activations=["p2.cerberus"],
        activation=ActivationView(
            unit="p2.cerberus", moved=True, attacked=True, can_attack=False, harassed=False
        ),
        combat=None,
        last_move=["d6", "d5", "d4"] if last_move is None else last_move,
        last_move_unit="p2.cerberus",
        last_attack=cc_attack(),
        decision=DecisionView(kind="react", roles=["p1"], tag="", prompt=T("mythic.prompt.react")),
        winners=None,
    )
    base.update(fields)
    return MythicView(**base)


def my_turn(hand: list[str], activations: list[str] | None = None, **fields) -> MythicView:
    """Alice's own view on her turn, choosing whom to activate."""
    units = armies()
    activations = activations or []
    units = [u.model_copy(update={"activated": u.uid in activations}) for u in units]
    view = battle(
        units=units,
        viewer="p1",
        hand=hand,
        current="p1",
        activations=activations,
        activation=None,
        decision=DecisionView(kind="main", roles=["p1"], tag="", prompt=T("mythic.prompt.main")),
        **fields,
    )
    return view


def finished() -> MythicView:
    return battle(decision=None, winners=["p2"], phase="over", activation=None)


def recruiting(viewer: str | None = None) -> MythicView:
    """Before both armies are revealed: no board, no units, factions hidden."""
    sides = {
        r: side(r, None, None, None, recruited=r == "p1", pp=0, deck=0, hand_count=0, discard=[], aow=0)
        for r in ("p1", "p2")
    }
    if viewer == "p1":
        sides["p1"] = sides["p1"].model_copy(
            update={"faction": "athena", "army": ["spartans", "toxotes"], "hand": []}
        )
    return MythicView(
        viewer=viewer,
        phase="recruit",
        reroll_fives="once",
        points=100,
        roles=["p1", "p2"],
        turn=0,
        current=None,
        first=None,
        first_rolls=[],
        board=None,
        units=[],
        sides=sides,
        activations=[],
        activation=None,
        combat=None,
        last_move=[],
        last_move_unit=None,
        last_attack=None,
        decision=DecisionView(kind="recruit", roles=["p2"], tag="", prompt=T("mythic.prompt.recruit")),
        winners=None,
    )


def four_players() -> MythicView:
    """The 4-player variant (000 §"Variante : Bataille à 4 joueurs"): 6 tiles in an 18 x 12
    rectangle, two teams of two."""
    rows = [row + row[:6] for row in PLAIN_12]
    roles = ["p1", "p2", "p3", "p4"]
    units = [
        unit("p1", "spartans", "b2"),
        unit("p1", "toxotes", "c1"),
        unit("p2", "cerberus", "q11"),
        unit("p2", "harpies", "p10"),
        unit("p3", "owls", "r2"),
        unit("p3", "centaurs", "p1"),
        unit("p4", "legion-acheron", "b11"),
        unit("p4", "legion-styx", "c12"),
    ]
    sides = {
        r: side(
            r,
            "athena" if r in ("p1", "p3") else "hades",
            z,
            [u.unit for u in units if u.owner == r],
            team=1 if r in ("p1", "p3") else 2,
        )
        for r, z in zip(roles, ("s", "n", "s", "n"), strict=True)
    }
    return battle(
        units=units,
        roles=roles,
        sides=sides,
        board=board(rows),
        last_move=["b4", "b3", "b2"],
        last_move_unit="p1.spartans",
        last_attack=None,
        activation=None,
        activations=[],
        current="p1",
        decision=DecisionView(kind="main", roles=["p1"], tag="", prompt=T("mythic.prompt.main")),
    )


def blank_hidden(view: MythicView) -> MythicView:
    """The public projection of any view: no viewer, no hand, and no faction or army while
    recruitment is still secret (000 §"Recruter des Unités")."""
    revealed = all(s.recruited for s in view.sides.values())
    sides = {
        r: s.model_copy(update={"hand": None, **({} if revealed else {"faction": None, "army": None})})
        for r, s in view.sides.items()
    }
    return view.model_copy(update={"viewer": None, "sides": sides})
