"""End of a round and of the game (004 §VII "Fin de la manche", §VIII "Fin du jeu")."""

from __future__ import annotations

from engine.athena.content import content
from engine.athena.events import role_name
from engine.athena.state import Army, RoundRecord, State
from engine.i18n import T, Text
from engine.protocol import Result, Role

MAX_ROUNDS_OVER_TARGET = 3  # guard against endless drawn rounds: 7 rounds when 2 are needed


def round_vp(army: Army) -> int:
    """004 §VII: terrains won plus captured combatants and their powers."""
    c = content()
    return (
        sum(c.terrains[t].vp for t in army.terrains)
        + sum(c.combatants[cap.card].vp for cap in army.captured)
        + sum(c.powers[p].vp for cap in army.captured for p in cap.powers)
    )


def _rank(army: Army) -> tuple[int, int, int, int]:
    """Most VP; ties broken by captured combatants, then captured powers, then terrains
    (004 §VII general rule; the §V.B scenario text omits the powers step: RULES-NOTES B3.6)."""
    return (
        round_vp(army),
        len(army.captured),
        sum(len(cap.powers) for cap in army.captured),
        len(army.terrains),
    )


def score_round(state: State) -> RoundRecord:
    a, b = state.roles
    ranks = {r: _rank(state.armies[r]) for r in state.roles}
    winner = None if ranks[a] == ranks[b] else max(state.roles, key=lambda r: ranks[r])
    return RoundRecord(
        vp={r: ranks[r][0] for r in state.roles},
        captured={r: ranks[r][1] for r in state.roles},
        powers={r: ranks[r][2] for r in state.roles},
        terrains={r: ranks[r][3] for r in state.roles},
        winner=winner,
    )


TIEBREAKS = ("captured", "powers", "terrains")  # 004 §VII, in order, after equal VP


def tiebreak(record: RoundRecord) -> Text | None:
    """Why a round with equal VP still has a winner: the first tiebreak that tells the two
    sides apart (004 §VII l.313 "En cas d'égalité"), with both counts. None when VP decided."""
    if record.winner is None:
        return None
    loser = next(r for r in record.vp if r != record.winner)
    if record.vp[record.winner] != record.vp[loser]:
        return None
    for field in TIEBREAKS:
        counts = getattr(record, field)
        if counts[record.winner] != counts[loser]:
            return T(
                f"athena.tiebreak.{field}",
                vp=record.vp[loser],
                who=role_name(record.winner),
                won=counts[record.winner],
                lost=counts[loser],
            )
    return None


def rounds_won(state: State) -> dict[Role, int]:
    won = dict.fromkeys(state.roles, 0)
    for rec in state.rounds:
        if rec.winner is not None:
            won[rec.winner] += 1
    return won


def game_winners(state: State) -> list[Role] | None:
    """The first to win the scenario's number of rounds (004 §VIII); after too many drawn
    rounds, the one ahead, or nobody."""
    won = rounds_won(state)
    target = state.options.target_rounds()
    for role in state.roles:
        if won[role] >= target:
            return [role]
    if len(state.rounds) >= 2 * target + MAX_ROUNDS_OVER_TARGET:
        a, b = state.roles
        return [] if won[a] == won[b] else [max(state.roles, key=lambda r: won[r])]
    return None


def result(state: State) -> Result | None:
    if state.winners is None:
        return None
    won = rounds_won(state)
    details = {"scenario": state.options.scenario, "rounds": [rec.model_dump() for rec in state.rounds]}
    if state.first_attacker:
        details["first"] = state.first_attacker
    if state.winners:
        reason = T("athena.result.won", who=role_name(state.winners[0]), rounds=won[state.winners[0]])
    else:
        reason = T("athena.result.draw", rounds=len(state.rounds))
    return Result(
        winners=list(state.winners),
        scores={r: float(won[r]) for r in state.roles},
        reason=reason,
        details=details,
    )
