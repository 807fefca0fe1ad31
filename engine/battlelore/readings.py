"""Every reading of seed 002 where the rulebook is silent, ambiguous or relies on Battlelore
itself (RULES-NOTES B1), in one place. Each constant is used by the rule it names.

Board and cards (002 l.23-24, l.170-171: "you know Battlelore")
- The board is Battlelore's: 13 hexes across, 9 rows, half hexes at the ends of even rows
  unplayable; sector lines cut hexes e and i of odd rows (hexes.py).
- The Command deck follows Battlelore's structure: sector cards (1, 2 or 3 units in the left,
  centre or right), a pincer, a one-per-sector card and troop-type cards (data/cards.yaml).
  The discards are shuffled into a new deck when it runs out.

Turn
- One card is drawn at the end of each turn (RULES-NOTES B1 13: DRAW_PER_TURN).
- Sacred sites (002 l.327-328): "une Carte de Commandement supplémentaire en main" is a hand
  one card larger while the side controls one site more, and "la perte d'une Carte" a hand
  one card smaller for the opponent while the lead is two: the card is drawn (or discarded
  at random) when the lead begins and given back when it ends, judged at the end of the
  leader's turn. Reason: a card at every turn of the lead empties the deck into one hand
  (37 cards against 1 seen) and leaves the other without a card (victory.end_of_turn_cards).
- An extra Command card played for mana gives 1 mana to each unit it activates (MANA_PER_UNIT).
- A turn in which nothing more can be done ends by itself; a player with no card to play
  ends the turn at once.
- A battle that reaches `Options.max_turns` ends on victory points (authored safeguard).

Set-up
- Pitched battle: player 1 picks one of the authored layouts (002 l.203 "places the
  terrain"), player 2 then picks the edge. Scenarios: player 2 picks the edge.
- With 9 rows, "the 4 central rows" for sacred sites (002 l.217) are the 3 central rows and
  the next one toward the placing player.
- Deployment goes up to Mobility + 2 rows (002 l.442-445), the middle row included. Two
  hidden placements could then claim one hex of the middle row, which the rulebook cannot
  settle; l.441 advises hidden deployment and falls back on alternating "si cela n'est pas
  possible": so when both peoples field units able to reach a common row (public facts:
  peoples and points), the deployment alternates, and is announced (setup.begin_deploy).
- Special terrain goes on clear ground, never on a sacred site (002 l.218 "librement").
- A sacred site goes on clear ground, never on a terrain hex (002 l.217 is silent): the
  site is the hex's own terrain, impassable to all (l.325), and the rulebook never combines
  two terrains' rules in one hex (a site on water or in a forest would).

Combat
- The terrain caps the Combat value (002 l.300, l.305, l.310 "caractéristique de combat
  ... plafonnée"); the flank, flyer and moved-shooter dice are then added or removed on top
  (l.258-260 "lance 1 dé supplémentaire / en moins"), as are the authored charge and card
  bonuses: a flanked 4-dice attack into a forest rolls 3. The text decides, so this is not
  a reading; the one reading is that an attack always rolls at least MIN_DICE.
- "Two friendly units adjacent" for the flank die means two units other than the attacker.
- Line of sight: heights are undefined, so every obstacle is tall (RULES-NOTES B1 16). A line
  that crosses an edge, even at its midpoint, traverses both hexes; only a line lying along
  an edge needs both sides blocked (002 l.254, hexes.crossed).
- A sacred site blocks line of sight (002 l.323-328 are silent): it is a building that no
  unit may enter (l.325), and the other buildings, the village (l.318), block sight.
- A ford does not end a retreat, it only hurts (l.316): l.315 stops "le mouvement en
  cours, y compris pendant une poursuite ou une manœuvre de mobilité" without naming the
  retreat, while the village (l.320) names it and the forest (l.303) excludes it.
- The owner of a retreating unit picks its path, among hexes toward its own edge
  (RULES-NOTES B1 21); a flyer may retreat over friendly units, enemy units without Vol and
  impassable hexes (never over an enemy flyer) but must end on a free hex, and ignores the
  ford's damage and the village's stop (002 l.245).
- Offerings give mana to deities only (the sentence of l.198 giving them to units is read as
  a slip, RULES-NOTES B1 18). A re-roll's symbols give mana again (REROLL_GIVES_MANA).
- Lore damage (a thunderbolt) is not an attack: no armour or terrain reduces it.
- The typos "forêt" at l.309 and l.321 mean brush and village (RULES-NOTES B1 25).

Pantheon and Lore
- A Lore card's phase is its effect's timing; in the opponent's turn a "turn" card is offered
  right after the opponent's activation, and combat cards in the windows after a roll, the
  active player's window first (002 l.424).
- Deities' mana has no cap (the rulebook caps only units').

Victory
- When the first player reaches the victory points in their own turn, the second plays one
  more turn; if both then meet the condition the battle is drawn, otherwise the first wins
  (002 l.412).
"""

DRAW_PER_TURN = 1
MANA_PER_UNIT = 1
MIN_DICE = 1
REROLL_GIVES_MANA = True
