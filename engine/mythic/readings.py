"""Readings of the rules the two rulebooks leave open, each in one named place.

RULES-NOTES.md part A marks them `[AMB→x]`; the re-roll rule is a ruleset option
(`Options.reroll_fives`). The last group are our own readings where both texts are silent,
chosen for what a player who knows the board game would expect.

Readings that shape the flow rather than a value, and where they are implemented:
- A2.34 Rage of the Lion lasts one activation (units.raging). A counter-attack is an
  activation too (001 Lexicon "Activate: ... or to Counter-Attack"; l.750 "its General must
  activate it"), so the Lion may also rage when it counter-attacks: announced with the
  counter-attacker's talents (step 4), it lasts that combat, and since the difficulty is
  set after the talents (step 5), the Vitality 7 Defense also faces the attack.
- A2.34 Cerberus' Bite replaces the normal roll by its separate attacks (activation._attack).
- Bite and Spread Shot choose their targets, so they are declared with the attack (step 1),
  before the defender reacts and knows no counter-attack is possible (attacks.commands).
- Evasion: "the attack never took place" but the card is spent: the activation's one attack
  is used up (reactions.react_apply marks the strike evaded; the attack stays spent).
- Retreat is announced in the reaction window; the unit steps back when the wounds land, if
  it survives (combat._resolve).
"""

from __future__ import annotations

from engine.protocol import Role

# ------------------------------------------------------------------ RULES-NOTES A2 readings

# A2.7: the power-point reserve is shared and unlimited: gains are never refused.
# A2.14: at the end of a turn, cycling three cards comes before the hand limit.
END_OF_TURN_ORDER = ("cycle", "hand_limit")

# A2.23: a line of fire that only grazes the corner of a square does not cross it.
CORNER_GRAZE_BLOCKS = False

# A2.25: the special dice carry one face per value 0..5.
DIE_FACES = 6


def obliged_to_activate(living_unit_cards_in_hand: int) -> bool:
    """A2.11: a general must activate a unit unless no maneuver card is held; the cards of
    destroyed units do not count (they cannot activate anything)."""
    return living_unit_cards_in_hand > 0


def keeps_attack_after_move(cost: int, combat_move: int) -> bool:
    """A2.18: the movement declares the attack. A move within the central (combat) value
    keeps the attack; a longer one, up to the right value, gives it up."""
    return cost <= combat_move


def forest_exit_cost(scout: bool) -> int:
    """A2.19: each forest a ground unit passes through costs one more movement point when
    it goes on (000 §"Forêt": the rest of the move suffers -1 at once); Scout ignores it."""
    return 0 if scout else 1


def discardable_after_reroll(rerolls: int) -> bool:
    """A2.26: a die that has been re-rolled may no longer be discarded to boost another."""
    return rerolls == 0


def routed_winners(roles: list[Role], routed: set[Role]) -> list[Role] | None:
    """A2.17: an army down to 3 units loses at once; both at once is a draw ([])."""
    if not routed:
        return None
    return [r for r in roles if r not in routed]


def defend_in_reach(kind: str, substitute_to_attacker: int, attack_range: int) -> bool:
    """A2.30: a unit may defend only if it is adjacent to the attacker. That reading covers
    close combat; ranged attacks come from a shooter no enemy touches, so there we require
    the substitute to stand within the attack's range instead (it steps into the line)."""
    if kind in ("cc", "bite"):
        return substitute_to_attacker == 1
    return substitute_to_attacker <= attack_range


def defence_terrain_of_original() -> bool:
    """A1.5: when a unit defends another, only the terrain effects of the original target
    apply (001 l.748)."""
    return True


def retreat_step(target: tuple[int, int], attacker: tuple[int, int]) -> tuple[int, int]:
    """A2.34 Retreat: one square straight away from the attacker (signs of the offset)."""
    dx = (target[0] > attacker[0]) - (target[0] < attacker[0])
    dy = (target[1] > attacker[1]) - (target[1] < attacker[1])
    return target[0] + dx, target[1] + dy


# ------------------------------------------------------------------ our readings (texts silent)


def talent_applies_by_itself(cost: int) -> bool:
    """A talent that costs 0 and only helps its user (Unholy Strength, Overrun, Explosive
    Shells) is announced automatically: a chat prompt with only a free benefit is noise."""
    return cost == 0


# Mobility moves after the attack: the unit did attack, so the central value applies.
MOBILITY_MOVE_IS_COMBAT_MOVE = True


def publicly_affordable(pp: int, aow_in_front: int, hand_size: int, best_leadership: int, cost: int) -> bool:
    """A reaction window opens on public information only (ARCHITECTURE §2): power points,
    Art of War cards in front (2 each) and the number of cards in hand. A general converts
    maneuver cards "at any time" (001 l.392; 000 l.411), so each card may be worth up to the
    highest Leadership among the general's living units, which is public (a destroyed unit's
    card gives 1): the window opens whenever converting could pay, whatever the cards held,
    so its opening tells the opponent nothing about the hand."""
    return pp + 2 * aow_in_front + hand_size * max(1, best_leadership) >= cost


# ------------------------------------------------------------------ the variants (001 §"Variant: ...")


def first_of_team(roles: list[Role], team: int) -> Role:
    """4-player battle: one die per team, ties re-rolled (as for two generals, 001 §"Preparing
    the Battle"). The rulebook orders the turns "Team 1, player 1 - Team 2, player 1 - Team 1,
    player 2 - Team 2, player 2" without saying who is whose "player 1". Our seats fix it:
    p1, p3 are team 1 and p2, p4 team 2, and the turn passes round the seats p1 → p2 → p3 →
    p4 → p1 from the first player, which always alternates the teams. The first player is the
    winning team's lower seat (p1 or p2); the same seat lays the tiles for the beginning team,
    and the next seat in turn order designates the zones for the other team: a chat table
    needs one answer per team, and the teammates may talk it over first.
    With two players this is the usual rule: team 1 is p1, team 2 is p2."""
    return roles[team - 1]


def teammate_duplicate(army: list[str] | tuple[str, ...], teammate_army: list[str]) -> str | None:
    """4-player battle: "Two Generals from a same team cannot recruit an identical Unit".
    Recruitment stays simultaneous and secret towards the enemy, but teammates may consult
    each other, so the check is made when the second teammate recruits: that general alone is
    refused ("your teammate already recruited X"); nothing is said to anyone else."""
    return next((u for u in army if u in teammate_army), None)


def clashing(army: list[str], enemy_armies: list[list[str]]) -> list[str]:
    """Deck building: "The opposing armies cannot contain an identical Unit". Recruitment
    is secret and simultaneous, so a clash shows only when the armies are revealed. Both (or,
    with teams, each) army holding a unit an enemy army also holds is refused; only those
    generals recruit again, each told privately which unit clashed, and that unit is barred
    from every army for this game. Refusing both sides gives neither an edge from having
    recruited first; barring the unit ends a stand-off where both want the same unit (each
    clash removes a unit, so recruitment ends), and each side only learns what the other
    learns too: that the other wanted the same unit. Returns the units of `army` that clash."""
    return [u for u in army if any(u in other for other in enemy_armies)]


def allied(owner: Role, other_owner: Role) -> bool:
    """4-player battle: generals "cannot benefit from the Talents of Units they have not
    recruited". Talents that help "allied" units (Arching Shot sees through them, Aura of
    Strength re-rolls for them) therefore help only the units of the same general, never a
    teammate's: a teammate's unit is an obstacle to Arching Shot and gets no Aura. Defend
    is by "another unit" of the same army (001 §"Defending an Attacked Unit"); the attacked
    unit's own general counter-attacks; Harass is open to either enemy general with their own
    units, asked in turn order, the second only if the first passes (one harassment pins the
    unit, a second would only cost power points)."""
    return owner == other_owner


def resumes_after_new_decks(roles: list[Role], exhausted: dict[Role, int | None], last: Role) -> Role:
    """Who plays after new decks. 000 l.384 / 001 §"Making a new deck": "the turns resume
    normally, starting with the General who had emptied his deck first" (ties: the earlier
    seat). With four players, 001 §"Variant: 4-Player Battle" says the order "must always be"
    T1P1, T2P1, T1P2, T2P2, and its special rules apply "in addition to the regular rules":
    the fixed order wins, so play goes on with the general after the one who played last
    (resuming with the first to run out could give one team two turns in a row)."""
    if len(roles) > 2:
        i = roles.index(last)
        return roles[(i + 1) % len(roles)]
    return min(roles, key=lambda r: (exhausted[r] or 0, roles.index(r)))
