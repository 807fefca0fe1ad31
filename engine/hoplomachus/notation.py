"""How to play Hoplomachus Victorum by chat: the short notation of every command.

You lead a hero and a troop of gladiators through four Acts on the world map; the rivals
are played by the rules. Each round: travel, then resolve or spectate the event there.

Campaign
    bonus die | bonus upgrade | bonus health | bonus leadership     your difficulty's bonus
    prowess pw_skin             choose a Hero Prowess (set-up, after a Primus)
    go kls                      travel to an adjacent location (ids: kls, klb, klo, klc, h1...)
    sail h3                     at a harbour: sail to another harbour (1 week)
    fight | fight ctf | fight koth | fight spar    resolve the event (sport: pick the type;
                                at an opportunity location `fight` draws two opportunities)
    spectate                    watch instead: influence +Act, full heal, reorder the deck
    order sp_hill sp_drill sp_games               the order of the next cards
    keep op_bill                keep one of the two opportunities drawn
    tribune 2                   the rival (by place in the rival camp) who is the Tribune
    glory op_reckless | pass    use a glory opportunity before the fight, or start it
    recruit kl_blade | take bolster stun | skip    sport reward
    die | up 2 | lead | health  bloodshed reward (add a die, upgrade die 2, +1 Leadership,
                                +1 Health)
    purge frenzy                before the Scion: a Blessing removes a Bane

Fight (hexes a1..g7; your deployment hexes are at the bottom)
    dep kl_blade e7 | dep hero c7      deploy a unit from your camp
    tac stun c4                 play a tactic on the unit at c4
    mv c6-c4                    move the unit at c6 to c4 (shortest path)
    hook c5xc3>d4 | hurl c5xc4>e2 | shove c5xc4 | swap c5xc4     abilities
    atk c6xc5 (or just c6xc5)   attack the unit at c5 with the unit at c6
    sp c6xc3 | sp c6 | sp c6>d5 a Special: aimed, Whirlwind, Reposition
    end | auto | reinforce | surrender
                                end your turn; let the rules play the rest of your turn;
                                a Blessing to recruit up to your Leadership; give up
    pick c4 (or just c4)        answer a question about the rivals' turn: which rival acts
                                next, or which of your tied units it targets

Examples: `go klb`, `fight`, `dep hero c7`, `mv c7-c5`, `c5xc4`, `end`.
`format(parse(s)) == s` for every command `legal()` lists.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.hoplomachus import commands as c
from engine.hoplomachus.ctx import token_unit
from engine.hoplomachus.hexes import is_hex

EXAMPLES = "go klb, fight, dep hero c7, mv c7-c5, c5xc4, end, auto"
ABILITIES = ("hook", "hurl", "shove", "swap")
SIMPLE = {
    "spectate": c.Spectate, "pass": c.Pass, "die": c.AddDie, "lead": c.Lead, "health": c.Health,
    "skip": c.Skip, "end": c.End, "auto": c.Auto, "surrender": c.Surrender, "reinforce": c.Reinforce,
}  # fmt: skip


def format_command(cmd) -> str:
    match cmd:
        case c.Bonus():
            return f"bonus {cmd.choice}"
        case c.Prowess():
            return f"prowess {cmd.card}"
        case c.Go():
            return f"go {cmd.to}"
        case c.Sail():
            return f"sail {cmd.to}"
        case c.Resolve():
            return "fight" + (f" {cmd.sport}" if cmd.sport else "")
        case c.Order():
            return "order " + " ".join(cmd.cards)
        case c.Keep():
            return f"keep {cmd.card}"
        case c.Tribune():
            return f"tribune {cmd.place}"
        case c.Glory():
            return f"glory {cmd.card}"
        case c.Recruit():
            return f"recruit {token_unit(cmd.unit)}"
        case c.Take():
            return "take " + " ".join(cmd.tactics)
        case c.Upgrade():
            return f"up {cmd.die}"
        case c.Purge():
            return f"purge {cmd.bane}"
        case c.Deploy():
            return f"dep {cmd.unit} {cmd.hex}"
        case c.Tactic():
            return f"tac {cmd.tactic} {cmd.target}"
        case c.Move():
            return f"mv {cmd.frm}-{cmd.to}"
        case c.Ability():
            return f"{cmd.skill} {cmd.actor}x{cmd.target}" + (f">{cmd.dest}" if cmd.dest else "")
        case c.Attack():
            return f"atk {cmd.actor}x{cmd.target}"
        case c.Special():
            out = f"sp {cmd.actor}"
            if cmd.target:
                out += f"x{cmd.target}"
            if cmd.dest:
                out += f">{cmd.dest}"
            return out
        case c.Pick():
            return f"pick {cmd.hex}"
    return cmd.kind


def _unknown(text: str) -> IllegalCommand:
    return IllegalCommand("core.err.unknown_command", text=text, examples=EXAMPLES)


def _hex(text: str, whole: str) -> str:
    if not is_hex(text):
        raise IllegalCommand("hop.err.bad_hex", hex=text)
    return text


def _aim(arg: str, whole: str) -> tuple[str, str | None, str | None]:
    """'c6xc5>d4' -> actor, target, destination."""
    dest = None
    if ">" in arg:
        arg, dest = arg.split(">", 1)
        dest = _hex(dest, whole)
    target = None
    if "x" in arg[1:]:
        arg, target = arg.split("x", 1)
        target = _hex(target, whole)
    return _hex(arg, whole), target, dest


def parse_command(text: str, state=None, role=None):
    whole = " ".join(text.strip().lower().split())
    if not whole:
        raise _unknown(text)
    words = whole.split(" ")
    verb, args = words[0], words[1:]
    if verb in SIMPLE and not args:
        return SIMPLE[verb]()
    if is_hex(verb) and not args:
        return c.Pick(hex=verb)
    if "x" in verb and not args and is_hex(verb[:2]):
        a, t, _ = _aim(verb, whole)
        if t:
            return c.Attack(actor=a, target=t)
    try:
        if verb == "fight" and len(args) <= 1:
            return c.Resolve(sport=args[0] if args else None)
        if (
            verb in ("bonus", "prowess", "go", "sail", "keep", "glory", "purge", "pick", "recruit")
            and len(args) == 1
        ):
            arg = args[0]
            return {
                "bonus": lambda: c.Bonus(choice=arg),
                "prowess": lambda: c.Prowess(card=arg),
                "go": lambda: c.Go(to=arg),
                "sail": lambda: c.Sail(to=arg),
                "keep": lambda: c.Keep(card=arg),
                "glory": lambda: c.Glory(card=arg),
                "purge": lambda: c.Purge(bane=arg),
                "pick": lambda: c.Pick(hex=_hex(arg, whole)),
                "recruit": lambda: _recruit(arg, state),
            }[verb]()
        if verb == "order" and args:
            return c.Order(cards=tuple(args))
        if verb == "take" and args:
            return c.Take(tactics=tuple(sorted(args)))
        if verb == "tribune" and len(args) == 1:
            return c.Tribune(place=int(args[0]))
        if verb == "up" and len(args) == 1:
            return c.Upgrade(die=int(args[0]))
        if verb == "dep" and len(args) == 2:
            return c.Deploy(unit=args[0], hex=_hex(args[1], whole))
        if verb == "tac" and len(args) == 2:
            return c.Tactic(tactic=args[0], target=_hex(args[1], whole))
        if verb == "mv" and len(args) == 1 and "-" in args[0]:
            frm, to = args[0].split("-", 1)
            return c.Move(frm=_hex(frm, whole), to=_hex(to, whole))
        if verb in ABILITIES and len(args) == 1:
            a, t, d = _aim(args[0], whole)
            if t is None:
                raise _unknown(text)
            return c.Ability(skill=verb, actor=a, target=t, dest=d)
        if verb == "atk" and len(args) == 1:
            a, t, _ = _aim(args[0], whole)
            if t is None:
                raise _unknown(text)
            return c.Attack(actor=a, target=t)
        if verb == "sp" and len(args) == 1:
            a, t, d = _aim(args[0], whole)
            return c.Special(actor=a, target=t, dest=d)
    except (ValueError, TypeError) as exc:
        if isinstance(exc, IllegalCommand):
            raise
        raise _unknown(text) from None
    raise _unknown(text)


def _recruit(unit: str, state) -> c.Recruit:
    """`recruit kl_blade`: the rival token of that unit in this fight."""
    if state is not None and state.fight is not None:
        for u in [*state.fight.units, *state.fight.fallen]:
            if u.side == "r" and token_unit(u.fid) == unit:
                return c.Recruit(unit=u.fid)
    return c.Recruit(unit=unit)


class HopNotation:
    def format(self, command) -> str:
        return format_command(command)

    def parse(self, text: str, state, role):
        return parse_command(text, state, role)


NOTATION = HopNotation()
