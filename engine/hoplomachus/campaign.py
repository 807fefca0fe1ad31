"""The campaign: set-up, rounds of travel, event and cleanup, rewards and Acts.

Seed 003 l.1-89 (rounds, travel, events, cleanup), l.136-173 (Primus, Scion), l.280-284
(Blessings), l.468-495 (rewards, failure), l.509-517 (difficulty). Set-up details the
rulebook leaves out are authored in data/rules.yaml (`setup`).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations

from engine.errors import IllegalCommand
from engine.hoplomachus import commands as c
from engine.hoplomachus import formation, opportunities, turn
from engine.hoplomachus.content import content
from engine.hoplomachus.ctx import Ctx, token_unit, unit_name
from engine.hoplomachus.opportunities import discard_bane, gain_prowess, leadership, room, upgrade_weakest
from engine.hoplomachus.state import ROLE, Options, Sheet, State
from engine.i18n import T
from engine.rng import Rng

DECK_OF = {"sport": "sport", "bloodshed": "bloodshed", "opportunity": "opportunities"}
LETHAL_REWARDS = ("die", "up", "lead", "health")


# ----------------------------------------------------------------------------- set-up


def new_campaign(options: Options, seed: int) -> State:
    cont = content()
    rng = Rng.from_seed(seed)
    heroes = sorted(cont.heroes)
    if options.hero == "random":
        hero = heroes[rng.below(len(heroes))]
    elif options.hero in cont.heroes:
        hero = options.hero
    else:
        raise IllegalCommand("hop.err.unknown_hero", hero=options.hero, heroes=", ".join(heroes))
    h, diff = cont.heroes[hero], cont.difficulties[options.difficulty]
    sheet = Sheet(
        health=cont.hero_health, leadership=cont.hero_leadership, move=h.move, range=h.range,
        dice=list(h.dice), skills=list(h.skills),
    )  # fmt: skip
    if "health" in diff.bonuses:
        sheet.health += 1
    if "leadership" in diff.bonuses:
        sheet.leadership += 1
    start = next(
        k for k, v in cont.locations.items() if v.region == h.region and v.kind == cont.setup["start"]
    )
    state = State(
        roles=[ROLE], options=options, rng=rng, hero=hero, difficulty=options.difficulty, sheet=sheet,
        hero_hp=sheet.health, location=start, blessings=diff.blessings,
    )  # fmt: skip
    ctx = Ctx(state)
    piles: dict[str, list[str]] = {r: [] for r in cont.regions}
    for uid, u in cont.units.items():
        if u.arena or u.bane or u.opportunity:
            continue
        piles[u.region].extend(f"{uid}#{n + 1}" for n in range(u.copies))
    for cls in h.units:  # the hero's three local units, one per class of the table (reading)
        token = next(t for t in piles[h.region] if cont.units[token_unit(t)].classes[0] == cls)
        piles[h.region].remove(token)
        state.camp.append(token)
    for r in sorted(piles):
        rng.shuffle(piles[r])
        for _ in range(min(cont.setup["bag_per_region"], len(piles[r]))):
            state.bag.append(piles[r].pop())
    state.piles = piles
    state.tactics = list(h.tactics) if diff.tactics else []
    state.bane_pile = [f"bane:{b}#{n + 1}" for b, d in sorted(cont.banes.items()) for n in range(d.copies)]
    rng.shuffle(state.bane_pile)
    for name, ids in (
        ("sport", cont.sport),
        ("bloodshed", cont.bloodshed),
        ("opportunities", cont.opportunities),
    ):
        deck = sorted(ids)
        rng.shuffle(deck)
        state.decks[name] = deck
        state.seen[name] = 0
    state.prowess_deck = sorted(cont.prowess)
    rng.shuffle(state.prowess_deck)
    pool = sorted(k for k, v in cont.heroes.items() if v.region not in (h.region, "vesuvians"))
    rng.shuffle(pool)
    state.primus = sorted(pool[: cont.setup["primus_count"]])
    add_influence(ctx, diff.influence)
    state.to_pick = diff.prowess
    state.phase = "bonus" if diff.pick else ("prowess" if state.to_pick else "travel")
    return state


# ----------------------------------------------------------------------------- influence, Banes


def add_influence(ctx: Ctx, n: int) -> None:
    """Scion influence (l.44-45, l.490): a Bane at each threshold; the end of the track
    loses the campaign (authored thresholds, data/rules.yaml `influence`)."""
    state = ctx.state
    if n <= 0 or state.outcome:
        return
    before = state.influence
    state.influence += n
    ctx.say("hop.ev.influence", gain=n, total=state.influence)
    for at in content().influence["banes_at"]:
        if before < at <= state.influence:
            add_bane(ctx)
    if state.influence >= content().influence["lose_at"]:
        lose(ctx, "influence")


def add_bane(ctx: Ctx) -> None:
    """l.177-179: the top of the Bane pile, face up, into the bag or your camp."""
    state = ctx.state
    if not state.bane_pile:
        return
    token = state.bane_pile.pop(0)
    bane = content().banes[token_unit(token)]
    ctx.reveals = True
    if bane.type == "camp":
        state.camp_banes.append(token)
        if bane.effect.get("hero_health"):
            state.sheet.health += bane.effect["hero_health"]
            state.hero_hp = min(state.hero_hp, state.sheet.health)
    else:
        state.bag.append(token)
    ctx.say("hop.ev.bane", bane=T(f"hop.bane.{token_unit(token)}"), where=T(f"hop.banetype.{bane.type}"))


def lose(ctx: Ctx, why: str) -> None:
    state = ctx.state
    state.outcome = "lost"
    state.phase = "over"
    state.ended = {"act": state.act, "why": why, "fight": state.fight.kind if state.fight else None}
    ctx.say("hop.ev.lost", why=T(f"hop.why.{why}"))


# ----------------------------------------------------------------------------- travel


def destinations(state: State) -> list[str]:
    """l.21-30: an adjacent location, never the one you came from (except at the start of
    an Act); a capital only for an undefeated Primus (Acts I-III) or the Scion (Act IV)."""
    out = []
    for loc in content().adjacent(state.location):
        if loc == state.previous:
            continue
        if content().locations[loc].kind == "capital" and not capital_open(state, loc):
            continue
        out.append(loc)
    return out


def capital_open(state: State, loc: str) -> bool:
    region = content().locations[loc].region
    if state.act == 4:
        return any(s.region == region for s in content().scion.values())
    return any(content().heroes[p].region == region for p in state.primus if p not in state.primus_defeated)


def harbours(state: State) -> list[str]:
    return [k for k, v in content().locations.items() if v.kind == "harbour" and k != state.location]


def travel_options(state: State) -> list[str]:
    """Where the camp may go now (travel, at a harbour, after sailing)."""
    cont = content()
    if state.phase == "sailed":  # any location next to the harbour you landed in
        return [
            x
            for x in cont.adjacent(state.location)
            if cont.locations[x].kind != "capital" or capital_open(state, x)
        ]
    allowed = destinations(state)
    if not allowed and state.phase == "travel":  # a dead end: going back is the only way on
        allowed = [x for x in cont.adjacent(state.location) if cont.locations[x].kind != "capital"]
    return allowed


def go(ctx: Ctx, to: str) -> None:
    state = ctx.state
    allowed = travel_options(state)
    if to not in allowed:
        raise IllegalCommand("hop.err.cannot_go", to=to, options=", ".join(allowed) or "-")
    state.route = [*(state.route or [state.location]), to]
    state.previous, state.location = state.location, to
    kind = content().locations[to].kind
    ctx.say("hop.ev.travel", to=T(f"hop.loc.{to}"))
    if kind == "harbour":
        state.phase = "harbour"
        return
    state.rounds += 1
    if kind == "capital":
        enter_capital(ctx)
        return
    state.phase = "event"
    deck = DECK_OF[kind]
    if kind != "opportunity":
        state.event = draw_card(ctx, deck)
        ctx.say("hop.ev.event", card=T(f"hop.event.{state.event}"))


def sail(ctx: Ctx, to: str) -> None:
    """l.24-26: a harbour takes you to any other harbour for one week."""
    state = ctx.state
    if weeks_left(state) <= 0:  # l.3-4, l.50: 12 weeks at most; none is left to cross off
        raise IllegalCommand("hop.err.no_weeks_to_sail", weeks=content().setup["act_weeks"])
    if to not in harbours(state):
        raise IllegalCommand("hop.err.cannot_sail", to=to)
    mark_week(ctx)
    state.route = [*(state.route or [state.location]), to]
    state.previous, state.location = None, to
    state.phase = "sailed"
    ctx.say("hop.ev.sail", to=T(f"hop.loc.{to}"))


def draw_card(ctx: Ctx, deck: str) -> str:
    state = ctx.state
    ctx.reveals = True  # a hidden card comes to light
    card = state.decks[deck].pop(0)
    state.seen[deck] = max(0, state.seen[deck] - 1)
    return card


def mark_week(ctx: Ctx) -> None:
    """Cross off a week (l.50): "12 semaines max pour finir un Acte" (l.3-4), so an Act
    never goes past its twelfth; a fight after it (a Primus) crosses off nothing more."""
    state = ctx.state
    if state.week < content().setup["act_weeks"]:
        state.week += 1
        state.weeks += 1


def weeks_left(state: State) -> int:
    return max(0, content().setup["act_weeks"] - state.week)


# ----------------------------------------------------------------------------- events


def event_legal(state: State) -> list:
    out: list = []
    if weeks_left(state) > 0:  # l.65-66: after 12 weeks every event is spectated
        kind = content().locations[state.location].kind
        if kind == "sport":
            out += [c.Resolve(sport=t) for t in content().sport[state.event].types]
        else:
            out.append(c.Resolve())
    out.append(c.Spectate())
    return out


def short_fight(state: State, cmd: c.Resolve) -> c.Resolve:
    """`fight` alone at a Sport event: the card's contest when it shows one (l.76-77: "au
    choix selon les icônes présentes sur la carte"); with several, the refusal names them."""
    if weeks_left(state) <= 0:
        raise IllegalCommand("hop.err.weeks_spent", weeks=content().setup["act_weeks"])
    if cmd.sport is not None or content().locations[state.location].kind != "sport":
        return cmd
    types = content().sport[state.event].types
    if len(types) == 1:
        return c.Resolve(sport=types[0])
    options = [T("hop.err.contest", sport=t, kind=T(f"hop.kind.{t}")) for t in types]
    raise IllegalCommand("hop.err.which_contest", options=options)


def resolve(ctx: Ctx, cmd: c.Resolve) -> None:
    state = ctx.state
    if cmd not in event_legal(state):
        raise IllegalCommand("hop.err.cannot_resolve")
    kind = content().locations[state.location].kind
    if kind == "opportunity":
        deck = state.decks["opportunities"]
        state.offered = [draw_card(ctx, "opportunities") for _ in range(min(2, len(deck)))]
        ctx.reveals = True
        if not state.offered:
            cleanup_round(ctx)
            return
        state.phase = "keep"
        return
    fight_kind = cmd.sport if kind == "sport" else "bloodshed"
    state.sport_kind = cmd.sport
    state.fight = formation.build_event_fight(ctx, fight_kind)
    ctx.reveals = True
    if fight_kind in ("ctf", "koth") and state.fight.rival_camp:
        state.phase = "tribune"  # l.121-123: a rival of your choice
        return
    after_tribune(ctx)


def after_tribune(ctx: Ctx) -> None:
    state = ctx.state
    if glory_cards(state):
        state.phase = "glory"
        return
    start_fight(ctx)


def glory_cards(state: State) -> list[str]:
    f = state.fight
    return [
        o for o in state.opportunities
        if "glory" in content().opportunities[o].condition and o not in f.glory
    ]  # fmt: skip


def use_glory(ctx: Ctx, card: str) -> None:
    """errata l.415-419: applied after every other modifier, when you so decide."""
    state, f = ctx.state, ctx.state.fight
    if card not in glory_cards(state):
        raise IllegalCommand("hop.err.no_glory", card=card)
    f.glory.append(card)
    what = content().opportunities[card].condition["glory"]
    if what == "extra_rival":
        token = formation.draw_bag(ctx, f)
        if token:
            f.rival_camp.append(formation.rival_token(token, f))
    elif what == "rival_hp":
        f.rival_hp += 1
    elif what == "fewer_slots":
        f.slots = max(1, f.slots - 1)
    ctx.say("hop.ev.glory", card=T(f"hop.opp.{card}"))
    if not glory_cards(state):
        start_fight(ctx)


def spectate(ctx: Ctx) -> None:
    """l.41-46: discard the event, reorder the next three cards of that deck, Scion influence
    equal to the Act, full heal; no cleanup."""
    state = ctx.state
    kind = content().locations[state.location].kind
    deck = DECK_OF[kind]
    if state.event:
        state.decks[deck].append(state.event)
        state.event = None
    state.hero_hp = state.sheet.health
    ctx.say("hop.ev.spectate", act=state.act)
    add_influence(ctx, state.act)
    if state.outcome:
        return
    n = min(3, len(state.decks[deck]))
    state.offered = state.decks[deck][:n]
    del state.decks[deck][:n]
    state.sport_kind = deck  # remembers the deck being reordered
    ctx.reveals = True
    state.phase = "reorder" if n > 1 else "travel"
    if n <= 1:
        state.decks[deck][:0] = state.offered
        state.offered = []


def reorder(ctx: Ctx, cards: tuple[str, ...]) -> None:
    state = ctx.state
    if sorted(cards) != sorted(state.offered):
        raise IllegalCommand("hop.err.reorder", cards=", ".join(state.offered))
    deck = state.sport_kind
    state.decks[deck][:0] = list(cards)
    state.seen[deck] = len(cards)
    state.offered, state.sport_kind = [], None
    state.phase = "travel"
    ctx.say("hop.ev.reordered")


def keep(ctx: Ctx, card: str) -> None:
    """l.67-70: keep one, discard the other; no limit on opportunities."""
    state = ctx.state
    if card not in state.offered:
        raise IllegalCommand("hop.err.keep", cards=", ".join(state.offered))
    for other in state.offered:
        if other != card:
            state.decks["opportunities"].append(other)
    state.opportunities.append(card)
    state.offered = []
    ctx.say("hop.ev.kept", card=T(f"hop.opp.{card}"))
    cleanup_round(ctx)


def cleanup_round(ctx: Ctx) -> None:
    mark_week(ctx)
    ctx.state.phase = "travel"


# ----------------------------------------------------------------------------- capitals


def enter_capital(ctx: Ctx) -> None:
    state = ctx.state
    region = content().locations[state.location].region
    if state.act == 4:
        state.phase = "banes"
        if state.blessings <= 0 or not all_banes(state):
            begin_scion(ctx)
        return
    hero = next(
        p for p in state.primus if content().heroes[p].region == region and p not in state.primus_defeated
    )
    state.fight = formation.build_primus_fight(ctx, hero)
    ctx.reveals = True
    ctx.say("hop.ev.primus", unit=unit_name(hero))
    start_fight(ctx)


def all_banes(state: State) -> list[str]:
    return sorted(set(state.camp_banes) | {t for t in state.bag if t.startswith("bane:")})


def purge(ctx: Ctx, bane: str) -> None:
    """l.158-160: before the Scion, each Blessing removes a Bane of your choice."""
    state = ctx.state
    if bane not in all_banes(state):
        raise IllegalCommand("hop.err.no_bane", bane=bane)
    discard_bane(ctx, bane)
    state.blessings -= 1
    if state.blessings <= 0 or not all_banes(state):
        begin_scion(ctx)


def begin_scion(ctx: Ctx) -> None:
    state = ctx.state
    state.blessings = 0  # no Blessing in the last fight (l.160)
    sid = sorted(content().scion)[0]
    state.fight = formation.build_scion_fight(ctx, sid)
    ctx.reveals = True
    ctx.say("hop.ev.scion", unit=T(f"hop.unit.{sid}"))
    start_fight(ctx)


# ----------------------------------------------------------------------------- fights


def start_fight(ctx: Ctx) -> None:
    state = ctx.state
    state.phase = "fight"
    state.fights += 1
    ctx.say("hop.ev.fight", kind=T(f"hop.kind.{state.fight.kind}"), arena=T(f"hop.arena.{state.fight.arena}"))
    turn.start_side(ctx, "r")
    turn.settle(ctx)
    after_step(ctx)


def after_step(ctx: Ctx) -> None:
    """Called after anything that may end the fight."""
    state = ctx.state
    f = state.fight
    if f is None or f.result is None or state.phase != "fight":
        return
    hero = f.get("hero")
    if hero is not None:
        state.hero_hp = max(0, hero.hp)
    if f.result == "dead":
        lose(ctx, "hero")
        return
    won = f.result == "win"
    ctx.say("hop.ev.fight_won" if won else "hop.ev.fight_failed")
    opportunities.check(ctx, won=won, over=True)
    if won:
        state.fights_won += 1
    else:
        add_influence(ctx, state.act)  # l.486-492: no reward, influence by the Act
        if state.outcome:
            return
    if f.kind == "scion":
        if won:
            state.outcome = "won"
            state.phase = "over"
            state.ended = {"act": 4, "why": "victory", "fight": "scion"}
            ctx.say("hop.ev.campaign_won")
        else:
            lose(ctx, "scion")  # no surrender, no second try: the Scion prevails
        return
    mark_week(ctx)  # l.50
    if won and f.kind in ("ctf", "koth", "spar"):
        if sport_rewards(state):
            state.reward, state.phase = "sport", "reward"
            return
        # l.469-473: both options closed (troop at its Leadership, tactics at their limit, or
        # none at all in Fearless, l.517): said, not left silent
        why = "fearless" if not content().difficulties[state.difficulty].tactics else "full"
        ctx.say(f"hop.ev.sport_no_reward.{why}", leadership=leadership(state), limit=content().tactic_limit)
    if won and f.kind == "bloodshed":
        state.reward, state.phase = "bloodshed", "reward"
        return
    finish_fight(ctx)


def sport_rewards(state: State) -> list:
    """l.469-473: recruit a rival (defeated or still in the arena), or tactics up to 3."""
    f = state.fight
    out: list = []
    if room(state):
        seen = set()
        for u in [*f.units, *f.fallen]:
            if u.side == "r" and not u.elite and not u.bane and u.unit not in seen:
                seen.add(u.unit)
                out.append(c.Recruit(unit=u.fid))
    space = content().tactic_limit - len(state.tactics)
    if space > 0 and content().difficulties[state.difficulty].tactics:
        for combo in combinations_with_replacement(sorted(content().tactics), space):
            out.append(c.Take(tactics=combo))
    return out


def reward_legal(state: State) -> list:
    if state.reward == "sport":
        return sport_rewards(state) + [c.Skip()]
    if state.reward == "bloodshed":
        order = content().upgrade
        ups = [c.Upgrade(die=i + 1) for i, d in enumerate(state.sheet.dice) if d != order[-1]]
        return [c.AddDie(), *ups, c.Lead(), c.Health()]
    if state.reward == "primus":
        return [c.Prowess(card=p) for p in sorted(content().prowess) if p not in state.prowess]
    return []


def take_reward(ctx: Ctx, cmd) -> None:
    state = ctx.state
    if cmd not in reward_legal(state):
        raise IllegalCommand("hop.err.reward")
    f = state.fight
    if isinstance(cmd, c.Recruit):
        u = next(u for u in [*f.units, *f.fallen] if u.fid == cmd.unit)
        u.side = "recruited"  # leaves the rival troop: cleanup puts it in your camp
        ctx.say("hop.ev.recruit", unit=unit_name(u.unit))
    elif isinstance(cmd, c.Take):
        state.tactics.extend(cmd.tactics)
        ctx.say("hop.ev.tactics_taken", tactics=[T(f"hop.tactic.{t}") for t in cmd.tactics])
    elif isinstance(cmd, c.AddDie):
        state.sheet.dice.append(content().upgrade[0])
    elif isinstance(cmd, c.Upgrade):
        d = state.sheet.dice[cmd.die - 1]
        state.sheet.dice[cmd.die - 1] = content().upgrade[content().upgrade.index(d) + 1]
    elif isinstance(cmd, c.Lead):
        state.sheet.leadership += 1
    elif isinstance(cmd, c.Health):
        state.sheet.health += 1
        state.hero_hp += 1  # "and add 1 Health token" (l.478)
    elif isinstance(cmd, c.Prowess):
        gain_prowess(ctx, cmd.card)
        state.reward = None
        state.phase = "travel"
        return
    if not isinstance(cmd, c.Skip | c.Recruit | c.Take):
        ctx.say("hop.ev.improved", what=T(f"hop.reward.{cmd.kind}"))
    state.reward = None
    finish_fight(ctx)


def finish_fight(ctx: Ctx) -> None:
    """Cleanup (l.49-63): rivals and loose Banes into the bag, arena units away, your
    fallen units into the bag (lethal) or back to camp, the event card to the bottom."""
    state = ctx.state
    f = state.fight
    lethal = f.lethal
    for u in [*f.units, *f.fallen, *f.rival_camp]:
        if u.side == "r" and u.fid not in ("primus", "scion"):
            state.bag.append(u.fid)
        elif u.side == "recruited":
            state.camp.append(u.fid)
    state.bag.extend(f.notes)
    fallen = {u.fid for u in f.fallen if u.side == "p"}
    if lethal:
        for u in f.fallen:
            if u.side == "p" and u.fid != "hero" and not turn.combat.has(u, "undying"):
                state.camp.remove(u.fid)
                state.bag.append(u.fid)
    del fallen
    if state.event:
        deck = "sport" if state.event in content().sport else "bloodshed"
        state.decks[deck].append(state.event)
        state.event = None
    won = f.result == "win"
    if f.kind == "primus" and won:
        primus = next(p for p in state.primus if content().heroes[p].region == f.arena)
        state.primus_defeated.append(primus)  # removed from the game (l.452-453)
        state.fight = None
        end_act(ctx)
        return
    state.fight = None
    state.sport_kind = None
    state.phase = "travel"


def end_act(ctx: Ctx) -> None:
    """Primus reward (l.480-484): full heal, a Hero Prowess of your choice, your troop
    refilled to 5 from the bag; then the next Act (weeks do not carry over, l.3-4)."""
    state = ctx.state
    state.hero_hp = state.sheet.health
    while len(state.camp) + 1 < 5 and draw_recruit(ctx):
        pass
    state.act += 1
    state.week = 0
    state.previous = None  # at the start of an Act you may go back (l.22-23)
    state.route = [state.location]
    ctx.say("hop.ev.act", act=state.act)
    if any(p not in state.prowess for p in content().prowess):
        state.reward, state.phase = "primus", "reward"
    else:
        state.phase = "travel"


def draw_recruit(ctx: Ctx) -> bool:
    """A random unit from the bag for you: Banes cannot be recruited (l.183-184), and you
    do not choose what you draw (errata l.433-435)."""
    state = ctx.state
    units = [i for i, t in enumerate(state.bag) if not t.startswith("bane:")]
    if not units:
        return False
    token = state.bag.pop(units[ctx.below(len(units))])
    state.camp.append(token)
    ctx.say("hop.ev.recruit", unit=unit_name(token_unit(token)))
    return True


def reinforce(ctx: Ctx) -> None:
    """Blessing "Reinforce" (l.283): at the start of your turn, recruit up to your maximum;
    units defeated in a lethal fight leave the count (errata l.421-424)."""
    state, f = ctx.state, ctx.state.fight
    state.blessings -= 1
    before = set(state.camp)
    while room(state) and draw_recruit(ctx):
        pass
    f.player_camp.extend(t for t in state.camp if t not in before)
    ctx.say("hop.ev.reinforce", left=state.blessings)


# ----------------------------------------------------------------------------- legal, apply


def campaign_legal(state: State) -> list:
    p = state.phase
    cont = content()
    if p == "bonus":
        return [c.Bonus(choice=x) for x in cont.difficulties[state.difficulty].pick]
    if p == "prowess":
        return [c.Prowess(card=x) for x in sorted(cont.prowess) if x not in state.prowess]
    if p == "travel":
        out = [c.Go(to=x) for x in destinations(state)]
        return out or [
            c.Go(to=x) for x in cont.adjacent(state.location) if cont.locations[x].kind != "capital"
        ]
    if p == "harbour":  # sailing crosses off a week (l.24-26): not once the 12 are gone
        sails = [c.Sail(to=h) for h in harbours(state)] if weeks_left(state) > 0 else []
        return [c.Go(to=x) for x in destinations(state)] + sails
    if p == "sailed":
        return [
            c.Go(to=x) for x in cont.adjacent(state.location)
            if cont.locations[x].kind != "capital" or capital_open(state, x)
        ]  # fmt: skip
    if p == "event":
        return event_legal(state)
    if p == "reorder":
        return [c.Order(cards=perm) for perm in permutations(state.offered)]
    if p == "keep":
        return [c.Keep(card=x) for x in state.offered]
    if p == "tribune":
        return [c.Tribune(place=i + 1) for i in range(len(state.fight.rival_camp))]
    if p == "glory":
        return [c.Glory(card=x) for x in glory_cards(state)] + [c.Pass()]
    if p == "reward":
        return reward_legal(state)
    if p == "banes":
        return [c.Purge(bane=token_unit(b)) for b in all_banes(state)]
    return []


def campaign_apply(ctx: Ctx, cmd) -> None:
    state = ctx.state
    if isinstance(cmd, c.Go) and state.phase in ("travel", "harbour", "sailed"):
        go(ctx, cmd.to)  # says where you may go
        return
    if isinstance(cmd, c.Sail) and state.phase == "harbour":
        sail(ctx, cmd.to)  # says why not (no week left, not a harbour)
        return
    if isinstance(cmd, c.Resolve) and state.phase == "event":
        cmd = short_fight(state, cmd)
    if cmd not in campaign_legal(state):
        raise IllegalCommand("hop.err.not_now", command=cmd.kind, phase=T(f"hop.phase.{state.phase}"))
    p = state.phase
    if p == "bonus":
        s = state.sheet
        if cmd.choice == "health":
            s.health += 1
            state.hero_hp += 1
        elif cmd.choice == "leadership":
            s.leadership += 1
        elif cmd.choice == "die":
            s.dice.append(content().upgrade[0])
        else:
            upgrade_weakest(s)
        state.phase = "prowess" if state.to_pick else "travel"
    elif p == "prowess":
        gain_prowess(ctx, cmd.card)
        state.to_pick -= 1
        if state.to_pick <= 0:
            state.phase = "travel"
    elif isinstance(cmd, c.Go):
        go(ctx, cmd.to)
    elif isinstance(cmd, c.Sail):
        sail(ctx, cmd.to)
    elif isinstance(cmd, c.Resolve):
        resolve(ctx, cmd)
    elif isinstance(cmd, c.Spectate):
        spectate(ctx)
    elif isinstance(cmd, c.Order):
        reorder(ctx, cmd.cards)
    elif isinstance(cmd, c.Keep):
        keep(ctx, cmd.card)
    elif isinstance(cmd, c.Tribune):
        u = state.fight.rival_camp[cmd.place - 1]
        u.tribune = True
        ctx.say("hop.ev.tribune", unit=unit_name(u.unit))
        after_tribune(ctx)
    elif isinstance(cmd, c.Glory):
        use_glory(ctx, cmd.card)
    elif isinstance(cmd, c.Pass):
        start_fight(ctx)
    elif p == "reward":
        take_reward(ctx, cmd)
    elif isinstance(cmd, c.Purge):
        bane = next(b for b in all_banes(state) if token_unit(b) == cmd.bane)
        purge(ctx, bane)
