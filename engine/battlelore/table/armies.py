"""Saved armies of Battlelore Mythologie (`GAME.setups`, engine/plugins.py): `/blarmy save|
list|show|delete|check`, and the builder's autocomplete with live points.

An army is a people and the `army` notation's words (engine/battlelore/notation.py): units
as card or card/bar, `g:` deities, `x:` extra Command cards, `t:` special terrain, `a:`
artefacts, `m:` initial mana. The engine's own check (engine/battlelore/army.py, 002
l.207-216: 12-18 units, 2 heroes, 4 creatures at 400 points, scaled; one's own people and
the enemy's chaos mythology, l.30-33) gives every verdict and every reason. The ready-made
armies of data/presets.yaml are the starters, fitted by the engine to the game's points."""

from __future__ import annotations

from typing import Any

from engine.battlelore import army as musters
from engine.battlelore import commands as c
from engine.battlelore.content import content
from engine.battlelore.notation import parse_words
from engine.errors import IllegalCommand
from engine.i18n import T, Text, render
from engine.plugins import Choice, Param, TableContext

BASE = musters.BASE  # 002 l.207: 400 points by default
MIN_POINTS, MAX_POINTS = 100, 1200


def people_choices() -> tuple[tuple[str, str], ...]:
    return tuple((p, f"bl.n.{p}") for p in sorted(content().peoples))


class SavedArmy:
    def __init__(self, key: str, people: str, tokens: tuple[str, ...], starter: bool = False) -> None:
        self.key, self.people, self.tokens, self.starter = key, people, tokens, starter

    def title(self) -> Text | str:
        return T(f"blt.preset.{self.key}") if self.starter else self.key

    def data(self) -> dict[str, Any]:
        return {"people": self.people, "units": " ".join(self.tokens)}

    def command(self) -> c.Army:
        return c.Army(preset=self.key) if self.starter else parse_army(" ".join(self.tokens))

    def notation(self) -> str:
        return f"army {self.key}" if self.starter else "army " + " ".join(self.tokens)

    def cost(self, points: int = BASE, deities: int = 2) -> int:
        army = musters.from_preset(self.key, points, deities) if self.starter else self.command()
        return musters.cost(army)


def parse_army(text: str) -> c.Army:
    tokens = text.replace(",", " ").lower().split()
    if not tokens:
        raise IllegalCommand("blt.err.no_units")
    try:
        army = parse_words(["army", *tokens])
    except (ValueError, TypeError, IndexError):
        raise IllegalCommand("blt.err.bad_units", text=text) from None
    if army.preset:
        raise IllegalCommand("blt.err.bad_units", text=text)
    for e in army.units:
        musters.split(e)  # the engine's reason for an unknown unit or stat bar
    return army


def refusal(army: c.Army, people: str, enemy: str | None, points: int, deities: int) -> IllegalCommand | None:
    """The engine's reason this army cannot be mustered (None: it can). Without a known
    enemy, the army is judged against each people and passes against any."""
    enemies = [enemy] if enemy else sorted(content().peoples)
    first = None
    for e in enemies:
        try:
            musters.validate(army, people, e, points, deities)
            return None
        except IllegalCommand as exc:
            first = first or exc
    return first


def starters() -> list[SavedArmy]:
    return [SavedArmy(pid, p.people, (), starter=True) for pid, p in sorted(content().presets.items())]


def find_starter(name: str) -> SavedArmy | None:
    wanted = name.strip().casefold()
    for s in starters():
        titles = {s.key, *(getattr(content().presets[s.key].name, loc).casefold() for loc in ("en", "fr"))}
        if wanted in titles:
            return s
    return None


def game_terms(ctx: TableContext) -> tuple[int, int, str | None, str | None]:
    """Points, deities, the asker's people and the enemy's, from the channel game (its
    options, the public view) or from the options typed."""
    points = ctx.value("points") or BASE
    deities = ctx.value("deities")
    people, enemy = ctx.value("people"), ctx.value("enemy")
    if ctx.options is not None:
        opts = ctx.options
        sc = content().scenarios.get(opts.battle)
        points = opts.points if sc is None or sc.pitched else sc.points
        deities = opts.deities
        view = ctx.public
        if view is not None and ctx.role in view.sides:
            people = people or view.sides[ctx.role].people
            other = next((r for r in view.sides if r != ctx.role), None)
            enemy = enemy or (view.sides[other].people if other else None)
    return int(points), int(2 if deities is None else deities), people, enemy


def _infer_people(tokens: list[str]) -> str | None:
    units = content().units
    found = {
        units[t.split("/")[0]].people
        for t in tokens
        if t.split("/")[0] in units and not units[t.split("/")[0]].chaos
    }
    return found.pop() if len(found) == 1 else None


def next_items(people: str | None, enemy: str | None) -> list[tuple[str, str, int]]:
    """(token, content id, cost) of every unit, bar, deity, extra card and special terrain
    an army of `people` may take."""
    cn = content()
    out: list[tuple[str, str, int]] = []
    pools = [people] if people else sorted(cn.peoples)
    for p in pools:
        enemies = [enemy] if enemy else sorted(cn.peoples)
        units = sorted({u for e in enemies for u in musters.allowed_units(p, e)})
        for uid in units:
            for bar in sorted(cn.units[uid].bars):
                token = uid if len(cn.units[uid].bars) == 1 else f"{uid}/{bar}"
                out.append((token, uid, musters.price(uid, bar)))
        gods = sorted({g for e in enemies for g in musters.allowed_gods(p, e)})
        out += [(f"g:{g}", g, 0) for g in gods]
        out += [
            (f"x:{x}", f"card.{x}", cn.pricing.extra_card)
            for x, card in sorted(cn.extra.items())
            if card.people == p
        ]
    out += [(f"t:{t}", t, terr.cost) for t, terr in sorted(cn.terrain.items()) if terr.special]
    return out


def complete_units(ctx: TableContext, typed: str) -> list[Choice]:
    """The list typed so far with its points and the engine's verdict, then what may come
    next as `Hoplites (12) · 156/400`."""
    points, deities, people, enemy = game_terms(ctx)
    head, sep, partial = typed.rpartition(" ")
    if not sep:
        head, partial = "", typed
    done = head.split()
    people = people or _infer_people(done)
    out: list[Choice] = []
    total = 0
    if done:
        try:
            army = parse_army(head)
            total = musters.cost(army)
            found = (
                refusal(army, people, enemy, points, deities)
                if people
                else IllegalCommand("blt.err.which_people")
            )
            verdict = (
                T("blt.choice.ok", count=len(army.units), total=total, points=points)
                if found is None
                else T("blt.choice.bad", total=total, points=points, reason=found.text)
            )
            out.append((render(verdict, ctx.locale)[:100], head[:100]))
        except IllegalCommand as exc:
            out.append((render(exc.text, ctx.locale)[:100], head[:100]))
            return out
    partial = partial.strip().casefold()
    for token, code, cost in next_items(people, enemy):
        label_name = render(T(f"bl.{code}" if code.startswith("card.") else f"bl.n.{code}"), ctx.locale)
        if partial and not (token.startswith(partial) or partial in label_name.casefold()):
            continue
        suffix = f" ({cost}) · {total + cost}/{points}"
        bar = token.partition("/")[2]
        label = f"{label_name}{' ' + bar if bar else ''}"
        value = " ".join([*done, token])
        if len(value) <= 100:
            out.append(((label[: 100 - len(suffix)] + suffix), value))
        if len(out) >= 25:
            break
    return out


def _line(key: str, army: SavedArmy, **extra: Any) -> Text:
    return T(key, name=army.title(), people=T(f"bl.n.{army.people}"), cost=army.cost(), **extra)


class BattleloreArmies:
    command = "blarmy"
    prefix = "blt"
    max_saved = 25
    max_name = 32

    def __init__(self) -> None:
        self.fields = (
            Param("people", required=True, choices=people_choices()),
            Param("units", required=True, max_length=1000, complete=complete_units),
        )
        self.check_params = (
            Param("points", kind="int", low=MIN_POINTS, high=MAX_POINTS),
            Param("deities", kind="int", low=0, high=6),
            Param("enemy", choices=people_choices()),
        )

    def build(self, name: str, values: dict[str, Any]) -> SavedArmy:
        people = str(values["people"])
        army = parse_army(str(values["units"]))
        found = refusal(army, people, None, max(BASE, musters.cost(army)), max(2, len(army.gods)))
        if found is not None:
            raise IllegalCommand("blt.err.invalid", reason=found.text)
        return SavedArmy(name, people, tuple(musters_tokens(army)))

    def load(self, name: str, data: dict[str, Any]) -> SavedArmy:
        return SavedArmy(name, data["people"], tuple(str(data["units"]).split()))

    def starters(self) -> list[SavedArmy]:
        return starters()

    def find_starter(self, name: str) -> SavedArmy | None:
        return find_starter(name)

    def saved_lines(self, army: SavedArmy, replaced: bool) -> list[Text]:
        return [_line("blt.replaced" if replaced else "blt.saved", army, units=len(army.tokens))]

    def list_lines(self, mine: list[SavedArmy]) -> list[Text]:
        lines: list[Text] = [T("blt.list.title", count=len(mine), limit=self.max_saved)]
        lines += [_line("blt.list.line", a) for a in mine] or [T("blt.list.none")]
        lines.append(T("blt.list.starters"))
        lines += [_line("blt.list.starter_line", a, id=a.key) for a in starters()]
        return lines

    def show_lines(self, army: SavedArmy) -> list[Text]:
        cmd = musters.from_preset(army.key, BASE, 2) if army.starter else army.command()
        lines = [_line("blt.show.title", army)]
        lines.append(T("blt.show.units", units=[_token_text(e) for e in cmd.units]))
        if cmd.gods:
            lines.append(T("blt.show.gods", gods=[T(f"bl.n.{g}") for g in cmd.gods]))
        if cmd.extra or cmd.terrain or cmd.arts or cmd.mana:
            lines.append(
                T("blt.show.more", text=" ".join(musters_tokens(cmd)[len(cmd.units) + len(cmd.gods) :]))
            )
        lines.append(T("blt.show.notation", text=army.notation()))
        lines.append(T("bl.gloss.show_marks"))  # what "a (50)" and `m:2` mean (issue 25)
        return lines

    def check_lines(self, values: dict[str, Any]) -> list[Text]:
        people = str(values["people"])
        army = parse_army(str(values["units"]))
        points = int(values.get("points") or BASE)
        deities = int(2 if values.get("deities") is None else values["deities"])
        found = refusal(army, people, values.get("enemy"), points, deities)
        total = musters.cost(army)
        head = T(
            "blt.check.line", people=T(f"bl.n.{people}"), count=len(army.units), cost=total, points=points
        )
        return [head, T("blt.check.ok") if found is None else T("blt.check.bad", reason=found.text)]


def _token_text(entry: str) -> Text:
    card, _, bar = entry.partition("/")
    return T(
        "blt.show.unit", unit=T(f"bl.n.{card}"), bar=bar or "a", cost=musters.price(*musters.split(entry))
    )


def musters_tokens(army: c.Army) -> list[str]:
    from engine.battlelore.notation import format_command

    return format_command(army).split()[1:]


ARMIES = BattleloreArmies()
