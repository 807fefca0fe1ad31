"""Every move of the campaign in words, for autocomplete and `/hop choose`: built from the
notation (notation.py) and the PUBLIC view alone (who stands on which hex, the rival camp).
"""

from __future__ import annotations

from typing import Any

from engine.hoplomachus.content import content
from engine.i18n import T, Text, has_key, render


def _name(prefix: str, code: str) -> Text | str:
    key = f"hop.{prefix}.{code}"
    return T(key) if has_key(key) else code


def unit_at(public: Any, hexname: str) -> Text | str:
    """The unit on a hex as "Jade Blade (c4)", from the public view; the hex alone otherwise."""
    fight = getattr(public, "fight", None)
    if fight is not None:
        for u in fight.units:
            if u.hex == hexname:
                return T("hop.who", name=_name("unit", u.unit), hex=hexname)
    return hexname


def unit_word(public: Any, unit: str) -> Text | str:
    """A unit of your camp by id ("hero" is your hero)."""
    return T("hopbot.hero") if unit == "hero" else _name("unit", unit)


def tactic_word(public: Any, tactic: str) -> Text | str:
    """A tactic for `/hop tactic tactic:`, with what it does ("Stun — enemy dazed: …")."""
    from engine.hoplomachus.glossary import effect_of  # imported late: the glossary reads GAME

    effect = effect_of(f"tac {tactic}")
    name = _name("tactic", tactic)
    return name if effect is None else T("hop.gloss.named", name=name, effect=effect)


def _aim(arg: str) -> tuple[str, str | None, str | None]:
    dest = None
    if ">" in arg:
        arg, dest = arg.split(">", 1)
    target = None
    if "x" in arg[1:]:
        arg, target = arg.split("x", 1)
    return arg, target, dest


def move_text(notation: str, public: Any) -> Text:
    """`mv c6-c4` -> "Jade Blade (c6) to c4"; unknown shapes fall back to the notation."""
    words = notation.split()
    verb, args = words[0], words[1:]
    k = "hopbot.move."
    if verb == "go" and args:
        loc = content().locations.get(args[0])
        kind = T(f"hopbot.kind.{loc.kind}") if loc else ""
        return T(k + "go", place=_name("loc", args[0]), id=args[0], kind=kind)
    if verb == "sail" and args:
        return T(k + "sail", place=_name("loc", args[0]), id=args[0])
    if verb == "fight":
        if args:
            return T(k + "fight_kind", kind=T(f"hop.kind.{args[0]}"))
        loc = content().locations.get(getattr(public, "location", None) or "")
        if loc is not None and loc.kind == "opportunity":  # no fight there (seed 003 l.67-70)
            return T("hop.label.opportunity")
        return T(k + "fight")
    if verb == "dep" and len(args) == 2:
        who = _name("unit", args[0]) if args[0] != "hero" else T("hopbot.hero")
        return T(k + "dep", unit=who, hex=args[1])
    if verb == "tac" and len(args) == 2:
        return T(k + "tac", tactic=_name("tactic", args[0]), target=unit_at(public, args[1]))
    if verb == "mv" and args and "-" in args[0]:
        frm, to = args[0].split("-", 1)
        return T(k + "mv", unit=unit_at(public, frm), to=to)
    if verb in ("atk", "sp", "hook", "hurl", "shove", "swap") and args:
        actor, target, dest = _aim(args[0])
        params = {
            "unit": unit_at(public, actor),
            "target": unit_at(public, target) if target else "",
            "dest": dest or "",
        }
        shape = "_to" if dest and target else "_at" if target else "_dest" if dest else ""
        return T(
            f"{k}{verb}{shape}" if verb in ("atk", "sp") else f"{k}ability{shape}",
            skill=_name("skill", verb),
            **params,
        )
    if verb == "pick" and args:
        return T(k + "pick", unit=unit_at(public, args[0]))
    if verb in ("keep", "glory") and args:
        return T(k + verb, card=_name("opp", args[0]))
    if verb == "prowess" and args:
        return T(k + "prowess", card=_name("prowess", args[0]))
    if verb == "bonus" and args:
        return T(k + "bonus", what=T(f"hopbot.bonus.{args[0]}"))
    if verb == "tribune" and args and args[0].isdigit():
        camp = public.fight.rival_camp if getattr(public, "fight", None) else []
        place = int(args[0])
        who = _name("unit", camp[place - 1].unit) if 0 < place <= len(camp) else args[0]
        return T(k + "tribune", unit=who, place=place)
    if verb == "recruit" and args:
        return T(k + "recruit", unit=_name("unit", args[0]))
    if verb == "take" and args:
        return T(k + "take", tactics=[_name("tactic", a) for a in args])
    if verb == "order" and args:
        return T(
            k + "order",
            cards=[_name("event", a) if has_key(f"hop.event.{a}") else _name("opp", a) for a in args],
        )
    if verb == "up" and args:
        return T(k + "up", die=args[0])
    if verb == "purge" and args:
        return T(k + "purge", bane=_name("bane", args[0]))
    if verb == "pick" or (len(words) == 1 and len(verb) == 2 and verb[0] in "abcdefg"):
        return T(k + "pick", unit=unit_at(public, verb))
    if not args and has_key(k + verb):
        return T(k + verb)
    return T("hopbot.move.raw", notation=notation)


def choice(notation: str, public: Any, locale: str) -> tuple[str, str]:
    """(label, value) for autocomplete: the words, then the notation."""
    words = render(move_text(notation, public), locale)
    from engine.hoplomachus.glossary import effect_of  # imported late: the glossary reads GAME

    effect = effect_of(notation)  # a prowess, tactic, Bane or skill says what it does
    words = words if effect is None else f"{words} — {render(effect, locale)}"
    suffix = f" · {notation}"
    return (words[: 100 - len(suffix)] + suffix, notation)
