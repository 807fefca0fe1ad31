"""Battle for Athena rules: set-up, the duel sequence, legal commands and `apply`.

A duel (004 §VI.A "Résumé d'une manche") is pushed as frames on the decision stack, top
first: power (attacker, defender), strategy (attacker, defender), engagement (attacker,
defender), reveal (attacker, defender); resolution and recovery are automatic once the
stack is empty. Frames without a decision are skipped, judged on public information only
(a strategy step opens whenever face-down powers lie on the army, since skipping it would
tell the opponent that none of them is a strategy power).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.athena import build, powers, scoring
from engine.athena.content import content
from engine.athena.events import (
    Ctx,
    card_name,
    colour_name,
    half,
    power_name,
    role_name,
    terrain_name,
    value_text,
)
from engine.athena.notation import format_command
from engine.athena.state import (
    Activate,
    Army,
    Attached,
    Captured,
    ChoosePowers,
    Command,
    Deploy,
    Discard,
    DuelRecord,
    Engage,
    Engaged,
    Frame,
    Options,
    Pass,
    Play,
    Recruit,
    Reveal,
    State,
    clone,
)
from engine.errors import IllegalCommand
from engine.i18n import T
from engine.protocol import Outcome, Role
from engine.rng import Rng

PHASE_OF_FRAME = {
    "build": "build",
    "deploy": "deploy",
    "power": "power",
    "strategy": "strategy",
    "engage": "engagement",
    "reveal": "reveal",
}
COMMANDS_OF_FRAME = {
    "build": (Recruit, ChoosePowers),
    "deploy": (Deploy,),
    "power": (Play, Discard),
    "strategy": (Activate, Pass),
    "engage": (Engage,),
    "reveal": (Reveal, Pass),
}


def _expand(counts: dict[str, int]) -> list[str]:
    return [code for code, n in counts.items() for _ in range(n)]


def strength(code: str) -> tuple[int, int, str]:
    card = content().combatants[code]
    return (card.attack + card.defense, card.vp, code)


# ---- set-up and rounds (004 §V) --------------------------------------------------------------


def setup(options: Options, roles: list[Role], seed: int) -> State:
    if len(roles) != 2 or len(set(roles)) != 2:
        raise ValueError("Battle for Athena is played by exactly two roles")
    sc = content().scenarios[options.scenario]
    rng = Rng.from_seed(seed)
    # 004 §V.B "Sélection du premier Attaquant": the oldest player, i.e. the option.
    first = rng.choice(roles) if options.first_attacker == "random" else options.first_attacker
    armies = {role: Army() for role in roles}
    if not sc.expert:
        for army in armies.values():
            army.roster, army.pool, army.round_tokens = _expand(sc.army), _expand(sc.powers), sc.tokens
    state = State(
        roles=list(roles),
        options=options,
        rng=rng,
        stage="build" if sc.expert else "deploy",
        attacker=first,
        round_starter=first,
        first_attacker=first,
        armies=armies,
    )
    if sc.expert:  # 004 §IX: both players build their armies secretly, at the same time
        state.stack = [Frame(kind="build", roles=list(roles))]
    else:
        _start_round(Ctx(state))
    return state


def _terrain_pool(state: State) -> tuple[list[str], int]:
    """The terrain cards and how many lie face up: the scenario's list (004 §V.B "Constitution
    de la pioche"), or in expert mode the box's cards, specials only if chosen, cut to the
    chosen count (004 §IX "combien de cartes Terrain au total ? Combien ... visibles ?")."""
    c, opts = content(), state.options
    sc = c.scenarios[opts.scenario]
    if not sc.expert:
        return _expand(sc.terrains), sc.visible
    pool = [
        t.code for t in c.terrains.values() if opts.terrain_specials or not t.special for _ in range(t.box)
    ]
    state.rng.shuffle(pool)
    return pool[: opts.terrain_count], opts.terrain_visible


def _start_round(ctx: Ctx) -> None:
    """004 §V.A steps 3-6 and §VII: every card back, decks reshuffled, hands and tokens
    reset, a new terrain deck, and a fresh secret deployment by both players."""
    state = ctx.state
    hand = content().scenarios[state.options.scenario].hand
    for role in state.roles:
        army = state.armies[role]
        n = len(army.roster)
        army.slots, army.powers = [None] * n, [[] for _ in range(n)]
        army.deck = list(army.pool)
        state.rng.shuffle(army.deck)
        army.hand, army.power_discard, army.card_discard = [], [], []
        army.captured, army.terrains, army.support = [], [], 0
        army.known_colours, army.known_cards = {}, {}
        army.tokens, army.deployed = army.round_tokens, False
    pool, visible = _terrain_pool(state)
    state.rng.shuffle(pool)
    state.terrain_deck = pool
    state.terrain_row = [pool.pop() for _ in range(min(visible, len(pool)))]
    state.stage, state.duel, state.engaged = "deploy", 0, {}
    state.attacker = state.round_starter
    state.stack = [Frame(kind="deploy", roles=list(state.roles))]
    ctx.reveals = True
    ctx.public(
        "athena.ev.round_started",
        {"round": state.round, "attacker": state.attacker},
        round=state.round,
        who=role_name(state.attacker),
    )
    for role in state.roles:
        ctx.draw_powers(role, hand)


def duel_frames(state: State) -> list[Frame]:
    """004 §VI.A: power, strategy, engagement, reveal; the attacker first each time."""
    att, dfd = state.attacker, state.other(state.attacker)
    order = ["power", "strategy", "engage", "reveal"]
    return [Frame(kind=kind, roles=[r]) for kind in reversed(order) for r in (dfd, att)]


def _start_duel(ctx: Ctx) -> None:
    """004 §VI "Déroulement d'une manche": duels follow one another until the armies are empty;
    the terrain at stake is the active one, farthest from the deck (004 §V.B)."""
    state = ctx.state
    state.stage = "duel"
    state.duel += 1
    att = state.attacker
    state.stack = duel_frames(state)
    terrain = state.terrain_row[0] if state.terrain_row else None
    ctx.public(
        "athena.ev.duel_started",
        {"duel": state.duel, "attacker": att, "terrain": terrain},
        duel=state.duel,
        who=role_name(att),
        terrain=terrain_name(terrain) if terrain else T("athena.terrain.none"),
    )


# ---- decisions ---------------------------------------------------------------------------------


def _build(ctx: Ctx, role: Role, cmd: Command) -> None:
    state, army = ctx.state, ctx.state.armies[role]
    opts = state.options
    if isinstance(cmd, Recruit):
        if army.recruited:
            raise IllegalCommand("athena.err.already_recruited")
        codes = tuple(build.preset_army(opts, cmd.preset)) if cmd.preset else (cmd.codes or ())
        build.check_army(opts, codes)
        army.roster, army.recruited = list(codes), True
        army.round_tokens = opts.army_points - build.army_cost(codes)  # RULES-NOTES B3.7: 1:1
        ctx.private(
            role,
            "athena.ev.recruited",
            {"cards": list(codes), "tokens": army.round_tokens},
            count=len(codes),
            tokens=army.round_tokens,
        )
        return
    if not army.recruited:
        raise IllegalCommand("athena.err.recruit_first")
    codes = tuple(build.preset_powers(opts, cmd.preset)) if cmd.preset else (cmd.codes or ())
    build.check_powers(opts, codes)
    army.pool, army.built = list(codes), True
    state.stack[-1].roles.remove(role)
    ctx.public("athena.ev.built", {"role": role}, who=role_name(role))


def _deploy(ctx: Ctx, role: Role, cmd: Deploy) -> None:
    """004 §V.B "Déploiement des armées": each player lays out their army face down."""
    state, army = ctx.state, ctx.state.armies[role]
    if cmd.preset == "random":
        order = list(army.roster)
        state.rng.shuffle(order)
        ctx.reveals = True
    elif cmd.preset in ("strong", "weak"):  # strongest (or weakest) on top, i.e. highest slots
        order = sorted(army.roster, key=strength, reverse=cmd.preset == "weak")
    else:
        order = list(cmd.codes or ())
        if len(order) != len(army.roster):
            raise IllegalCommand("athena.err.deploy_size", need=len(army.roster), got=len(order))
        have, need = Counter(order), Counter(army.roster)
        if have != need:
            raise IllegalCommand(
                "athena.err.deploy_mismatch",
                missing=sorted((need - have).elements()) or ["-"],
                extra=sorted((have - need).elements()) or ["-"],
            )
    army.slots, army.deployed = order, True
    state.stack[-1].roles.remove(role)
    ctx.public("athena.ev.deployed", {"role": role}, who=role_name(role))


def _power(ctx: Ctx, role: Role, cmd: Command) -> None:
    """004 §VI.B "Phase de Pouvoir": play a power face down on an own card (1 token in
    advance), or discard one; without a token only discarding is possible."""
    army = ctx.state.armies[role]
    if cmd.power not in army.hand:
        raise IllegalCommand("athena.err.not_in_hand", power=power_name(cmd.power))
    if isinstance(cmd, Play):
        if army.tokens < 1:
            raise IllegalCommand("athena.err.no_token", power=power_name(cmd.power))
        powers.check_own_slot(army, cmd.slot)
        army.hand.remove(cmd.power)
        army.tokens -= 1
        army.powers[cmd.slot - 1].append(Attached(code=cmd.power))
        ctx.public(
            "athena.ev.power_played", {"role": role, "slot": cmd.slot}, who=role_name(role), slot=cmd.slot
        )
        ctx.private(
            role,
            "athena.ev.you_played",
            {"power": cmd.power, "slot": cmd.slot},
            power=power_name(cmd.power),
            slot=cmd.slot,
        )
    else:
        army.hand.remove(cmd.power)
        army.power_discard.append(cmd.power)
        ctx.public("athena.ev.power_discarded", {"role": role}, who=role_name(role))
        ctx.private(role, "athena.ev.you_discarded", {"power": cmd.power}, power=power_name(cmd.power))
    ctx.state.stack.pop()


def _pass(ctx: Ctx, role: Role) -> None:
    ctx.state.stack.pop()
    ctx.public("athena.ev.passed", {"role": role}, who=role_name(role))


def _strategy(ctx: Ctx, role: Role, cmd: Command) -> None:
    if isinstance(cmd, Pass):
        _pass(ctx, role)
    else:
        powers.activate_strategy(ctx, role, cmd)


def _engage(ctx: Ctx, role: Role, cmd: Engage) -> None:
    state = ctx.state
    army = state.armies[role]
    powers.check_own_slot(army, cmd.slot)
    choices = powers.available_slots(state, role)
    if cmd.slot not in choices:
        raise IllegalCommand("athena.err.slot_covered", slot=cmd.slot, choices=choices)
    state.stack.pop()
    _engage_slot(ctx, role, cmd.slot)


def _engage_slot(ctx: Ctx, role: Role, slot: int) -> None:
    """004 §VI.B "Phase d'Engagement": the card goes forward face down and its engagement
    powers activate ("il doit les activer"). Only the attacker announces its colour ("Il doit
    annoncer la couleur de la carte"); the defender simply plays a card, which is revealed at
    once with the attacker's (§VI.A step 4)."""
    state = ctx.state
    army = state.armies[role]
    engaged = Engaged(slot=slot, card=army.slots[slot - 1], powers=army.powers[slot - 1])
    army.slots[slot - 1], army.powers[slot - 1] = None, []
    state.engaged[role] = engaged
    powers.engage_powers(ctx, role, engaged)
    ctx.reveals = True
    if role == state.attacker:
        ctx.public(
            "athena.ev.engaged",
            {"role": role, "slot": slot, "colour": engaged.announced},
            who=role_name(role),
            slot=slot,
            colour=colour_name(engaged.announced),
        )
    else:
        ctx.public("athena.ev.answered", {"role": role, "slot": slot}, who=role_name(role), slot=slot)
    if role != state.attacker:  # both cards are out: 004 §VI.B "Phase de Révélation"
        for r in (state.attacker, role):
            eng = state.engaged[r]
            eng.revealed = True
            codes = [p.code for p in eng.powers]
            params = {"powers": [power_name(c) for c in codes]} if codes else {}
            ctx.public(
                "athena.ev.revealed" if codes else "athena.ev.revealed_bare",
                {"role": r, "card": eng.card, "powers": codes},
                who=role_name(r),
                card=card_name(eng.card),
                **params,
            )


def _reveal(ctx: Ctx, role: Role, cmd: Command) -> None:
    if isinstance(cmd, Pass):
        _pass(ctx, role)
    else:
        powers.activate_reveal(ctx, role, cmd.power, cmd.slot)


HANDLERS: dict[str, Callable[[Ctx, Role, Command], None]] = {
    "build": _build,
    "deploy": _deploy,
    "power": _power,
    "strategy": _strategy,
    "engage": _engage,
    "reveal": _reveal,
}


# ---- automatic steps -------------------------------------------------------------------------


def _has_face_down(army: Army) -> bool:
    return any(
        not p.active and not p.cancelled
        for code, slot_powers in zip(army.slots, army.powers, strict=True)
        if code is not None
        for p in slot_powers
    )


def _skip_or_auto(ctx: Ctx, frame: Frame) -> bool:
    """Take a frame that holds no decision off the stack (doing its forced action); False
    when a player must decide."""
    state = ctx.state
    if frame.kind in ("build", "deploy"):
        if frame.roles:
            return False
        state.stack.pop()
        return True
    role = frame.roles[0]
    army = state.armies[role]
    if frame.kind == "power":  # 004 §VI.B "Phase de Pouvoir": play or discard a card of the hand;
        skip = not army.hand  # with an empty hand and deck (§VI.B "Rétablissement") there is none
    elif frame.kind == "strategy":
        skip = not _has_face_down(army)
    elif frame.kind == "engage":
        choices = powers.available_slots(state, role)
        if len(choices) != 1:
            return False
        state.stack.pop()
        _engage_slot(ctx, role, choices[0])
        return True
    else:  # reveal: identities are public now; unpayable powers fizzle (RULES-NOTES B3.8)
        engaged = state.engaged[role]
        # 004 §VI.B "Phase de Révélation": "les effets sont appliqués"; only paying "un coût
        # supplémentaire" is a choice, so a power paid in full when played applies by itself
        for p in powers.pending(engaged.powers, "reveal"):
            if powers.extra_cost(p.code) == 0:
                powers.activate_reveal(ctx, role, p.code, engaged.slot)
        skip = not powers.payable(army, engaged.powers, "reveal")
        if skip:
            for p in powers.pending(engaged.powers, "reveal"):
                ctx.public(
                    "athena.ev.fizzled",
                    {"role": role, "power": p.code},
                    who=role_name(role),
                    power=power_name(p.code),
                )
    if skip:
        state.stack.pop()
    return skip


def _advance(ctx: Ctx) -> None:
    state = ctx.state
    while state.stage != "over":
        if state.stack:
            if not _skip_or_auto(ctx, state.stack[-1]):
                return
        elif state.stage == "build":
            _start_round(ctx)
        elif state.stage == "deploy":
            _start_duel(ctx)
        else:
            _resolve(ctx)
            if all(code is None for army in state.armies.values() for code in army.slots):
                _end_round(ctx)
            else:
                _start_duel(ctx)


def _discard(army: Army, engaged: Engaged) -> None:
    army.card_discard.append(engaged.card)
    army.power_discard.extend(p.code for p in engaged.powers)


def _resolve(ctx: Ctx) -> None:
    """004 §VI.B "Phase de Résolution" then "Phase de rétablissement"."""
    state = ctx.state
    att, dfd = state.attacker, state.other(state.attacker)
    values = {r: powers.combat_value(state, r) for r in (att, dfd)}
    for r, v in values.items():
        state.engaged[r].value = v
    if values[att] != values[dfd]:
        winner = max(values, key=values.get)
    else:  # equal values: a tie, unless Riposte wins ties for the defender
        winner = dfd if powers.wins_ties(state, dfd) else None
    ctx.public(
        "athena.ev.values",
        {"values": {r: half(v) for r, v in values.items()}},
        att=role_name(att),
        att_value=value_text(values[att]),
        dfd=role_name(dfd),
        dfd_value=value_text(values[dfd]),
    )
    terrain = None
    if winner is None:  # tie: both discard, the terrain stays, the attacker stays
        for r in (att, dfd):
            _discard(state.armies[r], state.engaged[r])
        ctx.public("athena.ev.duel_tied", {})
    else:
        loser = state.other(winner)
        lost = state.engaged[loser]
        if powers.immune(state, loser):  # Immunité: discarded instead of captured
            _discard(state.armies[loser], lost)
            ctx.public("athena.ev.immune", {"role": loser}, who=role_name(loser), card=card_name(lost.card))
        else:
            state.armies[winner].captured.append(
                Captured(card=lost.card, powers=[p.code for p in lost.powers])
            )
            ctx.public(
                "athena.ev.captured",
                {"role": winner, "card": lost.card},
                who=role_name(winner),
                card=card_name(lost.card),
            )
        _discard(state.armies[winner], state.engaged[winner])
        if state.terrain_row:  # the active terrain goes to the winner
            terrain = state.terrain_row.pop(0)
            state.armies[winner].terrains.append(terrain)
        data = {"role": winner, "terrain": terrain}
        if terrain:
            ctx.public("athena.ev.duel_won", data, who=role_name(winner), terrain=terrain_name(terrain))
        else:
            ctx.public("athena.ev.duel_won_bare", data, who=role_name(winner))
        state.attacker = winner
    for r in (att, dfd):
        state.armies[r].support += powers.support_gained(state, r)
    state.last_duel = DuelRecord(
        round=state.round,
        duel=state.duel,
        attacker=att,
        engaged=state.engaged,
        winner=winner,
        terrain=terrain,
    )
    state.engaged = {}
    for r in (att, dfd):  # recovery: one power each if the deck allows
        ctx.draw_powers(r, 1)
    if terrain is not None and state.terrain_deck:  # the row shifts and is refilled at the far end
        state.terrain_row.append(state.terrain_deck.pop())
        ctx.public(
            "athena.ev.terrain_drawn",
            {"terrain": state.terrain_row[-1]},
            terrain=terrain_name(state.terrain_row[-1]),
        )
    for role in state.roles:  # what was learned about cards that left the army is moot
        army, foe_slots = state.armies[role], state.armies[state.other(role)].slots
        for known in (army.known_cards, army.known_colours):
            for slot in [s for s in known if foe_slots[s - 1] is None]:
                del known[slot]


def _end_round(ctx: Ctx) -> None:
    """004 §VII: count VP; the round's loser attacks first in the next round (reading)."""
    state = ctx.state
    record = scoring.score_round(state)
    state.rounds.append(record)
    a, b = state.roles
    ctx.public(
        "athena.ev.round_over",
        {"round": state.round, "vp": record.vp, "winner": record.winner},
        round=state.round,
        a=role_name(a),
        a_vp=record.vp[a],
        b=role_name(b),
        b_vp=record.vp[b],
        outcome=T("athena.ev.round_won", who=role_name(record.winner))
        if record.winner
        else T("athena.ev.round_drawn"),
    )
    reason = scoring.tiebreak(record)
    if reason is not None:
        ctx.public("athena.ev.round_tiebreak", {"round": state.round}, reason=reason)
    winners = scoring.game_winners(state)
    if winners is not None:
        state.stage, state.winners, state.stack = "over", winners, []
        ctx.public("athena.ev.game_over", {"winners": winners}, reason=scoring.result(state).reason)
        return
    state.round += 1
    # a drawn round: the other player starts (reading)
    state.round_starter = state.other(record.winner) if record.winner else state.other(state.round_starter)
    _start_round(ctx)


# ---- the protocol functions ----------------------------------------------------------------------


def settle(state: State) -> Outcome:
    """Run the automatic steps of a state (skipped frames, resolution...) without a command:
    for a state assembled by hand, e.g. a position set up from a puzzle or a test."""
    new = clone(state)
    ctx = Ctx(new)
    _advance(ctx)
    return Outcome(state=new, events=ctx.events, reveals=ctx.reveals)


def active(state: State) -> frozenset[Role]:
    if state.stage == "over" or not state.stack:
        return frozenset()
    return frozenset(state.stack[-1].roles)


def phase(state: State) -> str:
    return "over" if state.stage == "over" else PHASE_OF_FRAME[state.stack[-1].kind]


def apply(state: State, role: Role, command: Command) -> Outcome:
    if state.stage == "over":
        raise IllegalCommand("core.err.game_over")
    if role not in active(state):
        raise IllegalCommand("core.err.not_your_turn")
    frame = state.stack[-1]
    if not isinstance(command, COMMANDS_OF_FRAME[frame.kind]):
        raise IllegalCommand(
            "athena.err.wrong_phase",
            phase=T(f"athena.phase.{PHASE_OF_FRAME[frame.kind]}"),
            examples=examples(state, role),
        )
    new = clone(state)
    ctx = Ctx(new)
    HANDLERS[frame.kind](ctx, role, command)
    _advance(ctx)
    return Outcome(state=new, events=ctx.events, reveals=ctx.reveals)


def examples(state: State, role: Role, count: int = 4) -> list[str]:
    """A few legal commands for help texts, of as many kinds as possible (the top slot first)."""
    commands = legal(state, role)
    groups: dict[str, dict[str | None, Command]] = {cmd.kind: {} for cmd in commands}
    for cmd in reversed(commands):
        groups[cmd.kind].setdefault(getattr(cmd, "power", None) or getattr(cmd, "preset", None), cmd)
    queues = [list(reversed(g.values())) for g in groups.values()]
    out: list[str] = []
    while len(out) < count and any(queues):
        for queue in queues:
            if queue and len(out) < count:
                out.append(format_command(queue.pop(0)))
    return out


# ---- legal commands ---------------------------------------------------------------------------


def legal(state: State, role: Role) -> list[Command]:
    if role not in active(state):
        return []
    kind = state.stack[-1].kind
    army = state.armies[role]
    if kind == "build":
        if not army.recruited:
            return [Recruit(preset=p) for p in build.RECRUIT_RESERVE]
        return [ChoosePowers(preset=p) for p in build.POWER_PRESETS]
    if kind == "deploy":
        return [Deploy(preset=p) for p in ("random", "strong", "weak")]
    if kind == "power":
        return _legal_power(army)
    if kind == "strategy":
        return _legal_strategy(state, role) + [Pass()]
    if kind == "engage":
        return [Engage(slot=s) for s in powers.available_slots(state, role)]
    engaged = state.engaged[role]
    codes = dict.fromkeys(p.code for p in powers.payable(army, engaged.powers, "reveal"))
    return [Reveal(power=c, slot=engaged.slot) for c in codes] + [Pass()]


def _legal_power(army: Army) -> list[Command]:
    codes = sorted(set(army.hand))
    slots = [i + 1 for i, code in enumerate(army.slots) if code is not None]
    plays = [Play(power=c, slot=s) for c in codes for s in slots] if army.tokens >= 1 else []
    return plays + [Discard(power=c) for c in codes]


def _legal_strategy(state: State, role: Role) -> list[Command]:
    army = state.armies[role]
    present = [i + 1 for i, code in enumerate(army.slots) if code is not None]
    out: list[Command] = []
    for slot in present:
        if not army.powers[slot - 1]:  # most slots carry no power: nothing to activate there
            continue
        for code in dict.fromkeys(p.code for p in powers.payable(army, army.powers[slot - 1], "strategy")):
            kind = powers.card(code).effect.kind
            if kind == "clairvoyance":
                out += [
                    Activate(power=code, slot=slot, target=t)
                    for t in powers.available_slots(state, state.other(role))
                ]
            elif kind == "swap":
                out += [
                    Activate(power=code, slot=slot, swap=(a, b)) for a in present for b in present if a < b
                ]
            else:
                out.append(Activate(power=code, slot=slot))
    return out
