"""Decks, hands and discards: 000 §3 "Utiliser les cartes" / 001 §3 "Using the Cards".

Maneuver cards are named by their unit id, Art of War cards by `aow`. Art of War cards are
placed face up in front of their owner as soon as they are drawn (public); maneuver cards
go to the hidden hand. Events name hidden cards only to their owner.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.mythic.context import Ctx
from engine.mythic.state import AOW, Side, State
from engine.mythic.units import leadership, unit_name
from engine.protocol import Role

CYCLE_DRAW = 2  # 001 l.341: three cards under the deck, then draw two


def note_exhausted(state: State, side: Side) -> None:
    """001 §"Making a new deck": remember who ran out first."""
    if not side.deck and side.exhausted is None:
        state.exhaust_seq += 1
        side.exhausted = state.exhaust_seq


def take(ctx: Ctx, role: Role, card: str) -> None:
    """A card comes into the player's possession: Art of War in front, maneuvers in hand."""
    side = ctx.state.sides[role]
    if card == AOW:
        side.aow += 1
    else:
        side.hand.append(card)


def draw(ctx: Ctx, role: Role, count: int) -> None:
    """000 §"Tour de jeu": draw three cards, or all that remain (1 or 2)."""
    side = ctx.state.sides[role]
    drawn = side.deck[:count]
    del side.deck[: len(drawn)]
    for card in drawn:
        take(ctx, role, card)
    maneuvers = [unit_name(c) for c in drawn if c != AOW]
    aow = len(drawn) - len(maneuvers)
    ctx.say("mythic.ev.draw", role=role, count=len(drawn), aow=aow, deck=len(side.deck))
    if maneuvers:
        ctx.tell(role, "mythic.ev.draw_private", cards=maneuvers)
    if drawn:
        ctx.reveals = True
    note_exhausted(ctx.state, side)


def convert(ctx: Ctx, role: Role, card: str) -> None:
    """001 §"The Maneuver Cards" / §"The Art of War Cards": at any time, a card for power points."""
    side = ctx.state.sides[role]
    if card == AOW:
        if side.aow < 1:
            raise IllegalCommand("mythic.err.no_aow")
        side.aow -= 1
        gain = 2
    else:
        if card not in side.hand:
            raise IllegalCommand("mythic.err.card_not_in_hand", card=card)
        side.hand.remove(card)
        gain = leadership(ctx.state, card, role)
    side.discard.append(card)
    side.pp += gain
    if card == AOW:
        ctx.say("mythic.ev.convert_aow", role=role, pp=gain)
    else:
        ctx.say("mythic.ev.convert", role=role, card=unit_name(card), pp=gain)


def fetch(ctx: Ctx, role: Role, card: str, free: bool = False) -> None:
    """001 l.402: discard an Art of War card to take any card of one's deck, then shuffle
    (001 l.347). `free` for the group talents' searches (shuffled when they end)."""
    side = ctx.state.sides[role]
    if not free and side.aow < 1:
        raise IllegalCommand("mythic.err.no_aow")
    if card not in side.deck:
        raise IllegalCommand("mythic.err.card_not_in_deck", card=card)
    if not free:
        side.aow -= 1
        side.discard.append(AOW)
    side.deck.remove(card)
    take(ctx, role, card)
    if not free:
        ctx.shuffle(side.deck)
    ctx.say("mythic.ev.fetch_aow" if card == AOW else "mythic.ev.fetch", role=role, deck=len(side.deck))
    if card != AOW:
        ctx.tell(role, "mythic.ev.fetch_private", card=unit_name(card))
    note_exhausted(ctx.state, side)


def cycle(ctx: Ctx, role: Role, cards: tuple[str, ...]) -> None:
    """001 l.341: once per turn, three maneuver cards under the deck, then draw two."""
    side = ctx.state.sides[role]
    hand = list(side.hand)
    for card in cards:
        if card not in hand:
            raise IllegalCommand("mythic.err.card_not_in_hand", card=card)
        hand.remove(card)
    side.hand = hand
    side.deck.extend(cards)
    ctx.say("mythic.ev.cycle", role=role)
    ctx.tell(role, "mythic.ev.cycle_private", cards=[unit_name(c) for c in cards])
    side.exhausted = None  # the deck holds cards again
    draw(ctx, role, CYCLE_DRAW)


def discard_for_limit(ctx: Ctx, role: Role, card: str) -> None:
    """001 l.349: above 7 maneuver cards at the end of the turn, discard for Leadership."""
    side = ctx.state.sides[role]
    if card not in side.hand:
        raise IllegalCommand("mythic.err.card_not_in_hand", card=card)
    side.hand.remove(card)
    side.discard.append(card)
    gain = leadership(ctx.state, card, role)
    side.pp += gain
    ctx.say("mythic.ev.limit_discard", role=role, card=unit_name(card), pp=gain)


def spend_maneuver(side: Side, card: str) -> None:
    """Play a maneuver card: kept face up in front until the end of the turn (001 l.343)."""
    side.hand.remove(card)
    side.spent.append(card)


def end_of_turn_discards(state: State) -> None:
    """001 l.679: both generals put the maneuver cards in front of them into their discard."""
    for side in state.sides.values():
        side.discard.extend(side.spent)
        side.spent = []


def new_decks(ctx: Ctx) -> None:
    """001 §"Making a new deck": each general shuffles the discard into a new deck."""
    for role, side in ctx.state.sides.items():
        side.deck, side.discard = side.discard, []
        ctx.shuffle(side.deck)
        side.exhausted = None
        ctx.say("mythic.ev.new_deck", role=role, deck=len(side.deck))


def total_cards(side: Side) -> int:
    """Every card a player owns, wherever it is (for the conservation property)."""
    return len(side.deck) + len(side.hand) + len(side.discard) + side.aow + len(side.spent)
