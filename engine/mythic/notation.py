"""The short text notation of Mythic Battles commands (think chess SAN), case-insensitive.

    army hades cerberus marauders ...   recruit (or `army nick`: a ready-made army;
                                        deck building: `army any ...` or no faction)
    tiles 1a 2b 3a@90 4b                lay tiles NW NE SW SE (or `tiles plains`); with
                                        teams 6 tiles, row by row from the north-west
    zone s                              your deployment edge: n, s, e or w
    dep marauders c2                    deploy a unit
    act marauders | act cerberus pp1    activate (pp1: one Art of War replaced by 1 PP, Leader)
    mv c3-d5 | mv c3-c4-d5              move (two squares: the best route; more: each step)
    atk d5xe6 | bite d5xe6+e7 | spread d5xe6+e7     attack (`cc`/`ra` also accepted for atk)
    use scout peltasts | plus cc        a talent of a unit, a "+" bought for 1 PP
    harass lycaons | def gaolers | cntr reactions in the opponent's turn
    boost 4>3 | reroll 1 3 | zero 2 | aura 2 | optimal | done    dice choices
    pass | end | pp marauders | pp aow | fetch cerberus | cycle a b c | discard a

Own units are named by unit id (a unique prefix, or the square they stand on, also works);
`format(parse(s)) == s` for every command `legal()` lists.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.i18n import T
from engine.mythic import commands as c
from engine.mythic.board import distance, parse_square
from engine.mythic.content import content
from engine.mythic.state import AOW, State

TALENT_CODES = {
    "arching_shot": "arching",
    "assault_support": "support",
    "aura_of_strength": "aura",
    "cerberus_bite": "bite",
    "coordinated_assault": "coordinated",
    "endurance": "endurance",
    "evasion": "evasion",
    "explosive_shells": "shells",
    "infantry_drill": "drill",
    "infernal_bombardment": "bombard",
    "judgment_of_souls": "judgment",
    "leader": "leader",
    "mobility": "mobility",
    "overrun": "overrun",
    "parry": "parry",
    "rage_of_the_lion": "rage",
    "reinforcement": "reinforce",
    "retreat": "retreat",
    "scout": "scout",
    "sentry": "sentry",
    "skilled_melee": "melee",
    "skilled_shot": "shot",
    "spread_shot": "spread",
    "track": "track",
    "unholy_strength": "unholy",
}
TALENT_IDS = {v: k for k, v in TALENT_CODES.items()}
EXAMPLES = "act marauders, mv c3-d5, atk d5xe6, cntr, pass, optimal, end"


def format_command(cmd) -> str:
    match cmd:
        case c.Recruit():
            return " ".join(["army", cmd.faction, *cmd.units])
        case c.Tiles():
            return " ".join(["tiles", *cmd.placements])
        case c.Zone():
            return f"zone {cmd.edge}"
        case c.Deploy():
            return f"dep {cmd.unit} {cmd.square}"
        case c.Activate():
            return f"act {cmd.unit}" + (f" pp{cmd.pp}" if cmd.pp else "")
        case c.Use():
            return f"use {TALENT_CODES.get(cmd.talent, cmd.talent)} {cmd.unit}"
        case c.Plus():
            return f"plus {cmd.stat}"
        case c.Move():
            return "mv " + "-".join(cmd.path)
        case c.Attack():
            return f"{cmd.talent or 'atk'} {cmd.source}x{cmd.target}" + "".join(f"+{e}" for e in cmd.extra)
        case c.Harass():
            return f"harass {cmd.unit}"
        case c.Defend():
            return f"def {cmd.unit}"
        case c.Counter():
            return "cntr"
        case c.Boost():
            return f"boost {cmd.spend}>{cmd.onto}"
        case c.Reroll():
            return "reroll " + " ".join(map(str, cmd.dice))
        case c.Zero():
            return f"zero {cmd.die}"
        case c.AuraReroll():
            return f"aura {cmd.die}"
        case c.Convert():
            return f"pp {cmd.card}"
        case c.Fetch():
            return f"fetch {cmd.card}"
        case c.Cycle():
            return " ".join(["cycle", *cmd.cards])
        case c.Discard():
            return f"discard {cmd.card}"
        case c.Optimal() | c.Done() | c.Pass() | c.End():
            return cmd.kind
    raise TypeError(f"not a Mythic Battles command: {cmd!r}")


def _fail(text: str) -> IllegalCommand:
    return IllegalCommand("core.err.unknown_command", text=text, examples=EXAMPLES)


class _Parser:
    def __init__(self, text: str, state: State | None, role: str) -> None:
        self.text, self.state, self.role = text, state, role
        self.words = text.strip().lower().split()

    def unit(self, token: str) -> str:
        """An own unit (or card) by id, unique prefix or square."""
        state = self.state
        mine = [u.card for u in state.units if u.owner == self.role] if state else []
        if state is not None and state.board is not None:
            sq = parse_square(state.board, token)
            here = state.unit_at(sq) if sq is not None else None
            if here is not None and here.owner == self.role:
                return here.card
        pool = mine or list(content().units)
        if token in pool:
            return token
        found = [u for u in pool if u.startswith(token)]
        if len(found) == 1:
            return found[0]
        raise IllegalCommand("mythic.err.which_unit", unit=token)

    def card(self, token: str) -> str:
        return AOW if token == AOW else self.unit(token)

    def number(self, token: str) -> int:
        if not token.isdigit():
            raise _fail(self.text)
        return int(token)

    def parse(self):
        if not self.words:
            raise _fail(self.text)
        head, args = self.words[0], self.words[1:]
        simple = {"cntr": c.Counter, "optimal": c.Optimal, "done": c.Done, "pass": c.Pass, "end": c.End}
        if head in simple and not args:
            return simple[head]()
        handler = getattr(self, f"_{head}", None)
        if handler is None or not args:
            raise _fail(self.text)
        return handler(args)

    def _army(self, args):
        armies = content().armies
        if len(args) == 1 and args[0] in armies:
            return c.Recruit(faction=armies[args[0]].faction, units=armies[args[0]].units)
        if args[0] in content().units:  # deck building: no faction named (001 "regardless of the Factions")
            return c.Recruit(faction="any", units=tuple(args))
        return c.Recruit(faction=args[0], units=tuple(args[1:]))

    def _tiles(self, args):
        fields = content().battlefields
        if len(args) == 1 and args[0] in fields:
            return c.Tiles(placements=tuple(p.code() for p in fields[args[0]]))
        return c.Tiles(placements=tuple(args))

    def _zone(self, args):
        if args[0] not in ("n", "s", "e", "w") or len(args) != 1:
            raise _fail(self.text)
        return c.Zone(edge=args[0])

    def _dep(self, args):
        if len(args) != 2:
            raise _fail(self.text)
        return c.Deploy(unit=self.unit(args[0]), square=args[1])

    def _act(self, args):
        pp = 0
        if len(args) == 2 and args[1].startswith("pp"):
            pp = self.number(args[1][2:])
        elif len(args) != 1:
            raise _fail(self.text)
        return c.Activate(unit=self.unit(args[0]), pp=pp)

    def _use(self, args):
        if len(args) != 2:
            raise _fail(self.text)
        talent = TALENT_IDS.get(args[0], args[0])
        if talent not in TALENT_CODES:
            raise IllegalCommand("mythic.err.unknown_talent", talent=args[0])
        return c.Use(talent=talent, unit=self.unit(args[1]))

    def _plus(self, args):
        stat = {"mv": "move", "defense": "def", "defence": "def"}.get(args[0], args[0])
        if stat not in ("move", "cc", "ra", "def") or len(args) != 1:
            raise _fail(self.text)
        return c.Plus(stat=stat)

    def _mv(self, args):
        path = tuple("".join(args).split("-"))
        if len(path) < 2 or not all(path):
            raise _fail(self.text)
        return c.Move(path=path)

    def _attack(self, args, talent):
        source, sep, rest = "".join(args).partition("x")
        if not sep or not source or not rest:
            raise _fail(self.text)
        target, *extra = rest.split("+")
        return c.Attack(source=source, target=target, extra=tuple(extra), talent=talent)

    def _atk(self, args):
        return self._attack(args, None)

    def _cc(self, args):
        return self._checked_kind(self._attack(args, None), adjacent=True)

    def _ra(self, args):
        return self._checked_kind(self._attack(args, None), adjacent=False)

    def _checked_kind(self, cmd, adjacent: bool):
        state = self.state
        if state is not None and state.board is not None:
            a, b = parse_square(state.board, cmd.source), parse_square(state.board, cmd.target)
            if a is not None and b is not None:
                if (distance(state.board, a, b) == 1) != adjacent:
                    raise IllegalCommand(
                        "mythic.err.kind_mismatch", kind=T(f"mythic.kind.{'cc' if adjacent else 'ra'}")
                    )
        return cmd

    def _bite(self, args):
        return self._attack(args, "bite")

    def _spread(self, args):
        return self._attack(args, "spread")

    def _harass(self, args):
        return c.Harass(unit=self.unit(args[0]))

    def _def(self, args):
        return c.Defend(unit=self.unit(args[0]))

    def _boost(self, args):
        spend, sep, onto = "".join(args).partition(">")
        if not sep:
            raise _fail(self.text)
        return c.Boost(spend=self.number(spend), onto=self.number(onto))

    def _reroll(self, args):
        return c.Reroll(dice=tuple(self.number(a) for a in " ".join(args).replace(",", " ").split()))

    def _zero(self, args):
        return c.Zero(die=self.number(args[0]))

    def _aura(self, args):
        return c.AuraReroll(die=self.number(args[0]))

    def _pp(self, args):
        return c.Convert(card=self.card(args[0]))

    def _fetch(self, args):
        return c.Fetch(card=self.card(args[0]))

    def _cycle(self, args):
        return c.Cycle(cards=tuple(self.unit(a) for a in args))

    def _discard(self, args):
        return c.Discard(card=self.unit(args[0]))


class MythicNotation:
    def format(self, command) -> str:
        return format_command(command)

    def parse(self, text: str, state: State | None, role: str):
        return _Parser(text, state, role).parse()


NOTATION = MythicNotation()
