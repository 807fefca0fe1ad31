"""How to play Battlelore Mythologie in chat: the short notation of every command.

Hexes are named by column (a-m, west to east) and row (1 = south edge, 9 = north edge):
`e5`. Units on the field are named by the hex they stand on.

Setting up
    map plain            lay out the battlefield (pitched battle: plain, woods, hills)
    side s               the other player picks an edge: s (south) or n (north)
    people greek         your people: greek, egypt or persia
    army greek1          a ready-made army (trimmed to the points), or your own:
    army hop hop spart pelt/a hipp/b achil g:zeus x:phalanx t:tower m:2 a:helm@hop2
                         units (card/bar), g: deity, x: extra Command card, t: special
                         terrain, m: initial mana points, a: artefact@unit (hop2 = 2nd hop)
    site e5              place a sacred site        place tower e6   place special terrain
    dep hop2 c2          deploy a unit              mana d2 | mana d2 2 | done   initial mana

A turn
    play c2              play a Command card for its text (c2: Attack centre)
    play c2 any          ...or to activate one unit anywhere
    play +phalanx        an extra Command card (+ in front); `play +nile mana`: the units it
                         activates receive 1 mana instead of acting
    act d2  ...  go      activate units (go: no more), then
    mv d2-d4             move a unit (the engine finds the way)
    atk d4xe5            melee attack        fire d4xe6   ranged attack
    end                  end the turn (victory points, draw, then the Pantheon)

During an attack
    offer zeus           give an Offering symbol to a deity
    use fury | done      a triggered ability after the roll, or nothing more
    lore zeus | lore zeus e5    play the deity's face-up Lore card (a target if it needs one)
    ret c3               retreat to c3 (your own hex: you cancel every flag you may)
    adv | stay           advance into the hex left empty, or not
    mob e6               mobility move            pur e6   pursuit move, then atk
    rip | rip fire | pass       riposte, or not

End of the turn (Pantheon)
    pan zeus             +1 mana to Zeus       cycle zeus ra   put face-up Lore cards under
    pan give             each deity gives 1 mana: then `give d4` or `skip` for each deity
    use mend d4          a unit spends mana to heal (any time in your turn)

Dice: S strike, B bonus hit, T shot, F flag, P supplication, O offering.
`format(parse(s)) == s` for every command `legal()` lists.
"""

from __future__ import annotations

from engine.battlelore import commands as c
from engine.errors import IllegalCommand

EXAMPLES = "play c2, act d2, go, mv d2-d4, atk d4xe5, fire d4xe6, end"


def format_command(cmd) -> str:
    match cmd:
        case c.Map():
            return f"map {cmd.layout}"
        case c.Side():
            return f"side {cmd.edge}"
        case c.People():
            return f"people {cmd.people}"
        case c.Army():
            if cmd.preset:
                return f"army {cmd.preset}"
            parts = ["army", *cmd.units]
            parts += [f"g:{g}" for g in cmd.gods] + [f"x:{x}" for x in cmd.extra]
            parts += [f"t:{t}" for t in cmd.terrain] + [f"a:{a}" for a in cmd.arts]
            if cmd.mana:
                parts.append(f"m:{cmd.mana}")
            return " ".join(parts)
        case c.Site():
            return f"site {cmd.hex}"
        case c.Place():
            return f"place {cmd.terrain} {cmd.hex}"
        case c.Deploy():
            return f"dep {cmd.unit} {cmd.hex}"
        case c.Mana():
            return f"mana {cmd.hex}" + (" 2" if cmd.n == 2 else "")
        case c.Play():
            text = f"play {'+' if cmd.extra else ''}{cmd.card}"
            return text + ("" if cmd.mode == "text" else f" {cmd.mode}")
        case c.Act():
            return f"act {cmd.hex}"
        case c.Go():
            return "go"
        case c.Move():
            return f"mv {cmd.frm}-{cmd.to}"
        case c.Attack():
            return f"{'fire' if cmd.ranged else 'atk'} {cmd.frm}x{cmd.to}"
        case c.End():
            return "end"
        case c.Offer():
            return f"offer {cmd.god}"
        case c.Use():
            return f"use {cmd.ability}" + (f" {cmd.hex}" if cmd.hex else "")
        case c.Lore():
            return f"lore {cmd.god}" + (f" {cmd.hex}" if cmd.hex else "")
        case c.Done():
            return "done"
        case c.Retreat():
            return f"ret {cmd.to}"
        case c.Advance():
            return "adv"
        case c.Stay():
            return "stay"
        case c.Mobility():
            return f"mob {cmd.to}"
        case c.Pursue():
            return f"pur {cmd.to}"
        case c.Riposte():
            return "rip fire" if cmd.ranged else "rip"
        case c.Pass():
            return "pass"
        case c.Pantheon():
            if cmd.choice == "mana":
                return f"pan {cmd.gods[0]}"
            if cmd.choice == "give":
                return "pan give"
            return "cycle " + " ".join(cmd.gods)
        case c.Give():
            return f"give {cmd.hex}" if cmd.hex else "skip"
    raise ValueError(f"no notation for {cmd!r}")


def _army(words: list[str]) -> c.Army:
    if len(words) == 1 and ":" not in words[0] and "/" not in words[0] and words[0][-1].isdigit():
        return c.Army(preset=words[0])
    units, gods, extra, terrain, arts, mana = [], [], [], [], [], 0
    for w in words:
        tag, sep, val = w.partition(":")
        if not sep:
            units.append(w)
        elif tag == "g":
            gods.append(val)
        elif tag == "x":
            extra.append(val)
        elif tag == "t":
            terrain.append(val)
        elif tag == "a":
            arts.append(val)
        elif tag == "m" and val.isdigit():
            mana = int(val)
        else:
            raise ValueError(w)
    return c.Army(
        units=tuple(units),
        gods=tuple(gods),
        extra=tuple(extra),
        terrain=tuple(terrain),
        arts=tuple(arts),
        mana=mana,
    )


def _pair(text: str, sep: str) -> tuple[str, str]:
    a, s, b = text.partition(sep)
    if not s or not a or not b:
        raise ValueError(text)
    return a, b


def parse_words(w: list[str]):
    head, rest = w[0], w[1:]
    one = rest[0] if rest else None
    match head, len(rest):
        case "map", 1:
            return c.Map(layout=one)
        case "side", 1:
            return c.Side(edge=one)
        case "people", 1:
            return c.People(people=one)
        case "army", n if n >= 1:
            return _army(rest)
        case "site", 1:
            return c.Site(hex=one)
        case "place", 2:
            return c.Place(terrain=rest[0], hex=rest[1])
        case "dep", 2:
            return c.Deploy(unit=rest[0], hex=rest[1])
        case "mana", 1:
            return c.Mana(hex=one)
        case "mana", 2:
            return c.Mana(hex=rest[0], n=int(rest[1]))
        case "play", (1 | 2):
            card = rest[0]
            mode = rest[1] if len(rest) == 2 else "text"
            return c.Play(card=card.lstrip("+"), extra=card.startswith("+"), mode=mode)
        case "act", 1:
            return c.Act(hex=one)
        case "go", 0:
            return c.Go()
        case "mv", 1:
            f, t = _pair(one, "-")
            return c.Move(frm=f, to=t)
        case (("atk" | "fire"), 1):
            f, t = _pair(one, "x")
            return c.Attack(frm=f, to=t, ranged=head == "fire")
        case "end", 0:
            return c.End()
        case "offer", 1:
            return c.Offer(god=one)
        case "use", (1 | 2):
            return c.Use(ability=rest[0], hex=rest[1] if len(rest) == 2 else None)
        case "lore", (1 | 2):
            return c.Lore(god=rest[0], hex=rest[1] if len(rest) == 2 else None)
        case "done", 0:
            return c.Done()
        case "ret", 1:
            return c.Retreat(to=one)
        case "adv", 0:
            return c.Advance()
        case "stay", 0:
            return c.Stay()
        case "mob", 1:
            return c.Mobility(to=one)
        case "pur", 1:
            return c.Pursue(to=one)
        case "rip", 0:
            return c.Riposte()
        case "rip", 1 if one == "fire":
            return c.Riposte(ranged=True)
        case "pass", 0:
            return c.Pass()
        case "pan", 1:
            return c.Pantheon(choice="give") if one == "give" else c.Pantheon(choice="mana", gods=(one,))
        case "cycle", n if n >= 1:
            return c.Pantheon(choice="cycle", gods=tuple(rest))
        case "give", 1:
            return c.Give(hex=one)
        case "skip", 0:
            return c.Give(hex=None)
    raise ValueError(head)


def parse_command(text: str, state=None, role=None):
    words = text.strip().lower().split()
    if not words:
        raise IllegalCommand("core.err.unknown_command", text=text, examples=EXAMPLES)
    try:
        return parse_words(words)
    except (ValueError, TypeError, IndexError):
        raise IllegalCommand("core.err.unknown_command", text=text, examples=EXAMPLES) from None
    except Exception as exc:  # pydantic's ValidationError (a bad literal such as `side x`)
        if type(exc).__name__ == "ValidationError":
            raise IllegalCommand("core.err.unknown_command", text=text, examples=EXAMPLES) from None
        raise


class Notation:
    def format(self, command) -> str:
        return format_command(command)

    def parse(self, text: str, state=None, role=None):
        return parse_command(text, state, role)


NOTATION = Notation()
