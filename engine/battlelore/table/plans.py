"""A Battlelore Mythologie turn in two interactions (issue 26; engine/plugins.py TurnPlans).

002 l.233-245: a turn is play a Command card, order the units it allows, move them, then
attack with them. The first interaction orders (`/bl order card: units:`, or a `/play`
entry "play c2; act d2; act d3; go"); the second moves and attacks in one chain
(`/play mv d2-d4; mv d3-e4; atk d4xe5`). Choices the dice create (offerings, abilities,
advances) come after; reaction windows keep their buttons and standing orders.
"""

from __future__ import annotations

from typing import Any

from engine.battlelore import commands as c
from engine.battlelore import rules
from engine.battlelore.notation import format_command
from engine.battlelore.players import PLAYERS
from engine.battlelore.table import moves
from engine.errors import IllegalCommand
from engine.i18n import T, Text
from engine.plugins import Choice, TableContext, TurnPlans

# steps a player may commit to before the roll they answer: an Offering symbol's deity,
# no more abilities, advance or stay, end the turn, the Pantheon's mana (002 l.300-330, l.419)
AHEAD = ("offer", "done", "adv", "stay", "end", "pan", "give", "skip")
MAX_ENTRIES = 8


def order_chain(card: str, how: str, units: list[str], go: bool) -> str:
    steps = [f"play {card}" + ("" if how == "text" else f" {how}"), *(f"act {u}" for u in units)]
    return "; ".join([*steps, "go"] if go else steps)


def order(ctx: TableContext) -> str:
    """`/bl order card: units:`: the card played and its units ordered in one chain; `go`
    closes the orders when the card leaves it open (fewer units than it allows)."""
    card = moves.need(ctx, "card")
    how = (ctx.value("how") or "text").strip().lower()
    units = str(ctx.value("ordered") or "").replace(",", " ").lower().split()
    chain = order_chain(card, how, units, go=False)
    return order_chain(card, how, units, go="go" in ctx.after(chain))


def complete_units(ctx: TableContext, typed: str) -> list[Choice]:
    """The units the card lets the asker order next, after those already typed (the card is
    played in memory only: nothing is rolled or revealed by ordering)."""
    card = str(ctx.value("card") or "").strip().lower()
    if not card:
        return []
    how = (ctx.value("how") or "text").strip().lower()
    words = typed.replace(",", " ").lower().split()
    done = words if typed.endswith((" ", ",")) else words[:-1]
    after = ctx.after(order_chain(card, how, done, go=False))
    out = []
    for move in after:
        head, _, unit = move.partition(" ")
        if head == "act" and unit not in done:
            out.append(
                (" ".join([*(moves.at(ctx, u) for u in done), moves.at(ctx, unit)]), " ".join([*done, unit]))
            )
    return moves.choices(out, "")


def entries(state: Any, role: str) -> list[tuple[Text, str]]:
    """For each card the player may play now, the chain that plays it and orders the units
    the heuristic player would order with it (a sensible first suggestion; `/bl order` picks
    others)."""
    if state.step != "card" or role not in rules.active(state):
        return []
    out: list[tuple[Text, str]] = []
    chooser = PLAYERS["heuristic"](0)
    for play in [m for m in rules.legal(state, role) if isinstance(m, c.Play)][:MAX_ENTRIES]:
        try:
            after, steps = rules.apply(state, role, play).state, [format_command(play)]
            while role in rules.active(after) and after.step == "activate":
                pick = chooser.choose(after, role)
                if not isinstance(pick, c.Act | c.Go):
                    break
                steps.append(format_command(pick))
                after = rules.apply(after, role, pick).state
                if isinstance(pick, c.Go):
                    break
        except IllegalCommand:
            continue
        units = [s.split()[1] for s in steps if s.startswith("act ")]
        if units:
            out.append((T("blt.plan.order", card=steps[0], units=", ".join(units)), "; ".join(steps)))
    return out


def quiet_board(state: Any) -> bool:
    """`GAME.quiet_board`: while a hidden deployment goes on, the public board shows nothing
    new (each side's placements stay hidden until both are done, 002 l.441; the table reads
    "alice has deployed 5 of 12 units"): no public image until the reveal, which has one."""
    mode = state.extra_data.get("deploy_mode", state.options.deploy)  # setup.deploy_mode
    return state.step == "deploy" and mode == "hidden"


PLANS = TurnPlans(
    entries=entries,
    ahead=lambda notation: notation.split(" ", 1)[0] in AHEAD,
    turn=lambda state: (state.turn.number if state.turn else 0, state.turn.role if state.turn else None),
)
