"""What a role may see of a Battle for Athena game: the contract between engine and render.

`view(state, None)` is the public view: no hidden combatant, no power identity, no hand.
`view(state, role)` adds that role's own hand, own army cards and own attached powers, and
whatever that role learned legitimately (a colour shown by Anticipation, a card seen by
Clairvoyance). Fields a viewer may not see are None, never a placeholder value.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.protocol import Role


class CardFace(BaseModel):
    """A combatant card as printed (authored data): code, stats and threat colour."""

    code: str
    attack: int
    defense: int
    vp: int
    cost: int
    colour: str  # "green" | "orange" | "red"


class PowerFace(BaseModel):
    code: str
    cost: int
    vp: int
    phase: str  # "strategy" | "engagement" | "reveal"
    lasting: bool


class SlotView(BaseModel):
    slot: int  # 1..N, numbered from the bottom row, left to right (rulebook numbering)
    row: int  # 0 = bottom row (played last)
    x: float  # horizontal centre in card widths, for layout
    present: bool  # still in the army
    available: bool  # present and not covered: may be engaged
    card: CardFace | None = None  # only for the owner, or once revealed
    known_colour: str | None = None  # a colour this viewer learned without seeing the card
    power_count: int = 0  # face-down powers attached: public
    powers: list[PowerFace] | None = None  # only for the owner
    waiting: bool = False  # the army is not laid out yet (a secret deployment in progress)


class CapturedView(BaseModel):
    card: CardFace
    powers: list[PowerFace] = []


class ArmyView(BaseModel):
    role: Role
    tokens: int
    hand_count: int
    power_deck: int
    power_discard: int
    hand: list[PowerFace] | None = None  # only for the owner
    slots: list[SlotView]
    captured: list[CapturedView] = []  # cards this role captured this round
    terrains: list[str] = []  # terrain codes won this round
    terrain_vp: int = 0
    round_vp: int = 0  # VP scored so far this round (terrains + captures)
    rounds_won: int = 0


class EngagedView(BaseModel):
    slot: int
    announced_colour: str | None  # None when Camouflage hid it
    card: CardFace | None = None  # after the reveal, or for its owner
    powers: list[PowerFace] | None = None  # after the reveal, or for its owner
    power_count: int = 0  # powers still face down (a strategy power used earlier was flipped)
    active_powers: list[str] = []  # codes activated this duel (public once flipped)
    value: float | None = None  # combat value, once resolved
    known_colour: str | None = None  # its true colour, learned by this viewer with Anticipation


class LastDuelView(BaseModel):
    """The previous duel's outcome, public: who won and which terrain they took."""

    round: int
    duel: int
    winner: Role | None  # None: a tie
    terrain: str | None = None  # terrain code taken by the winner, if any was left


class AthenaView(BaseModel):
    game: str = "athena"
    viewer: Role | None
    scenario: str
    round: int  # 1-based
    duel: int  # 1-based within the round
    phase: str  # "deploy" | "power" | "strategy" | "engagement" | "reveal" | "resolution" | "over"
    attacker: Role
    active: list[Role]
    roles: list[Role]
    rounds_to_win: int
    terrain_row: list[str]  # index 0 = the active terrain (farthest from the deck)
    terrain_deck: int
    terrain_values: dict[str, int]  # terrain code -> VP
    armies: dict[Role, ArmyView]
    engaged: dict[Role, EngagedView] = {}
    last_duel: LastDuelView | None = None
    winner: list[Role] | None = None  # set when the game is over ([] = draw)
