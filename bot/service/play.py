"""Playing: `/play` and its buttons, autocomplete lists, resignation."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.service.api import Actor, Reply, UserError, Where
from bot.service.chains import (
    MAX_STEPS,
    SEPARATOR,
    Step,
    join_chain,
    keeps_going,
    parse_step,
    simulate,
    split_chain,
    stop_lines,
)
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.service.effects import command_effect, with_effect
from bot.service.present import Draft, auto_announcement, result_message, window_lines
from bot.store import SeatRecord, outbox
from engine.errors import IllegalCommand
from engine.i18n import T, Text, render, with_names
from engine.protocol import Result

AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 choices
COMPACT_FROM = 4  # a family of numbered moves this large is listed as one line
CHAIN_CHOICES = 12  # moves listed to the author of a chain that stopped
CHAIN_VALUE_LIMIT = 100  # an autocomplete value Discord carries whole


_TRAILING_NUMBER = re.compile(r"^(.*?[^\d])(\d+)$")
_NUMBER = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[Any, ...]:
    """`CM@2` before `CM@10`: numbers inside moves sort by value, the rest by its letters."""
    return tuple(int(part) if part.isdigit() else part.casefold() for part in _NUMBER.split(text))


def group_moves(moves: list[str], typed: str = "", limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
    """Collapse a sorted list to at most `limit` entries: the longest common prefixes that
    still fit. An entry covering one move is that move; any other is a prefix to type on."""
    if len(moves) <= limit:
        return moves
    best: list[str] = []
    for length in range(len(typed) + 1, max(map(len, moves)) + 1):
        groups = sorted({m[:length] for m in moves})
        if len(groups) > limit:
            break
        best = groups
    if not best:
        return moves[:limit]
    shown = []
    for group in best:
        members = [m for m in moves if m.startswith(group)]
        shown.append(members[0] if len(members) == 1 else group)
    return shown


def summarize_moves(moves: list[str]) -> list[str]:
    """Moves for reading (not typing): those that differ only by a final number are shown
    once with their numbers, `CM@1,2,6..9` (the reader still sees every choice)."""
    families: dict[str, list[int]] = {}
    shown: list[str] = []
    for move in moves:
        match = _TRAILING_NUMBER.match(move)
        if match is None:
            shown.append(move)
            continue
        if match.group(1) not in families:
            shown.append(match.group(1))
        families.setdefault(match.group(1), []).append(int(match.group(2)))
    out: list[str] = []
    for m in shown:
        numbers = families.get(m)
        if numbers is None:
            out.append(m)
        elif len(numbers) < COMPACT_FROM:
            out += [f"{m}{n}" for n in numbers]
        else:
            out.append(f"{m}{_number_ranges(numbers)}")
    return out


def _number_ranges(numbers: list[int]) -> str:
    numbers = sorted(set(numbers))
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}..{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


class PlayMixin(ServiceCore):
    async def play(self, where: Where, actor: Actor, move: str) -> Reply:
        async def attempt() -> Draft:
            return await self._play(await self._channel_table(where), actor, move=move)

        return await self._run(where, "play", attempt, trust=True)

    async def _play(
        self, table: Table, actor: Actor, *, move: str | None = None, command: Any = None
    ) -> Draft:
        """Validate against the current state, store, let AI seats answer, present."""
        self._running(table)
        seat = self._seated(table, actor)
        if seat.role not in table.active():
            raise self._hinted(IllegalCommand("core.err.not_your_turn"), table, seat.role, move or "")
        steps = split_chain(move or "") if command is None else []
        if len(steps) > 1:
            return await self._play_chain(table, actor, seat, steps)
        try:
            if command is None:
                text = (move or "").strip()
                if not text:
                    examples = [table.game.notation.format(c) for c in table.legal(seat.role)[:3]]
                    raise UserError("bot.err.empty_move", examples=examples or "-")
                known = table.derived.get(("by_notation", seat.role))  # from autocomplete, if asked
                command = known.get(text) if known else None
                if command is None:
                    command = table.game.notation.parse(text, table.state, seat.role)
            outcome = table.game.apply(table.state, seat.role, command)
        except IllegalCommand as exc:
            raise self._hinted(exc, table, seat.role, move or "") from exc
        now, turn = self._now(), self._begin(table)
        lapsed = [T("bot.request.lapsed")] if table.record.pending else []
        table = await self._commit(table, seat.role, actor.user_id, command, outcome, turn, now)
        table = await self._run_ai(table, turn, now)
        draft, locale = await self._draft(table)
        self._present(draft, table, turn, locale, lapsed)
        return draft

    async def _play_chain(self, table: Table, actor: Actor, seat: SeatRecord, steps: list[str]) -> Draft:
        """Several moves in one `/play` (bot/service/chains.py): each step checked as a single
        `/play` on the state the previous one left, the accepted ones stored in one
        transaction, one public message for all. A refused first step refuses the chain (nothing
        changes); a later one stops it, keeping what was done, and the author is told why."""
        if len(steps) > MAX_STEPS:
            raise UserError("bot.err.chain_too_long", count=len(steps), limit=MAX_STEPS)
        role, sim, accepted, stopped = seat.role, table, [], []
        index = 0
        while index < len(steps) and len(accepted) < 4 * MAX_STEPS:  # autos are few; never endless
            text, before = steps[index], sim.active()
            try:
                known = sim.derived.get(("by_notation", role)) if sim is table else None
                command = (known or {}).get(text) or parse_step(sim, role, text)
                outcome = sim.game.apply(sim.state, role, command)
            except IllegalCommand as exc:
                auto = self._own_auto(sim, role)
                if auto is not None:  # a move that plays itself comes first, as between two /play
                    accepted.append(auto)
                    sim = sim.moved(sim.record, auto.outcome.state)
                    if keeps_going(before, sim.active(), role):
                        continue
                    stopped = self._chain_passed(sim, index, steps)
                    break
                if not accepted:
                    raise self._hinted(exc, sim, role, text) from exc
                exc = self._hinted(exc, sim, role, text)
                asked = self._chain_asked(sim, role)
                hint = getattr(exc, "hint", None)
                stopped = stop_lines(index, len(steps), text, exc.text, hint, steps[index + 1 :], asked)
                break
            accepted.append(Step(role, actor.user_id, command, outcome))
            sim = sim.moved(sim.record, outcome.state)
            index += 1
            if index < len(steps) and not keeps_going(before, sim.active(), role):
                stopped = self._chain_passed(sim, index, steps)
                break
        now, turn = self._now(), self._begin(table)
        lapsed = [T("bot.request.lapsed")] if table.record.pending else []
        # a move is stored once its interaction is acknowledged (bot/store/outbox.py, issue 28):
        # acknowledged before the chain's transaction, never awaited while holding the store
        acknowledged = getattr(outbox, "acknowledged", None)
        if accepted and acknowledged is not None:
            await acknowledged()
        async with self.store.transaction():  # all the chain's actions, or none
            for step in accepted:
                table = await self._commit(
                    table, step.role, step.user_id, step.command, step.outcome, turn, now, step.auto
                )
        table = await self._run_ai(table, turn, now)
        draft, locale = await self._draft(table)
        self._present(draft, table, turn, locale, lapsed)
        if stopped:
            draft.add_ephemeral(stopped, actor.locale)
        return draft

    @staticmethod
    def _own_auto(table: Table, role: str) -> Step | None:
        """The chain author's forced move or standing order due now, applied, if any."""
        standing = table.standing()
        if standing is None or standing[0].role != role:
            return None
        seat, command, forced = standing
        auto = auto_announcement(table, seat, command, forced)
        return Step(role, None, command, table.game.apply(table.state, role, command), auto)

    @staticmethod
    def _chain_asked(table: Table, role: str) -> list[Text]:
        """What the game asks the author now: the window's question, or their moves."""
        if role not in table.active():
            return []
        asked = window_lines(table, role)
        if asked:
            return asked
        moves = summarize_moves(
            sorted({table.game.notation.format(c) for c in table.legal(role)}, key=natural_key)
        )
        return [T("bot.chain.choices", moves=moves[:CHAIN_CHOICES])] if moves else []

    @staticmethod
    def _chain_passed(table: Table, index: int, steps: list[str]) -> list[Text]:
        """The chain stopped because the decision is someone else's now (or the game ended)."""
        waiting = sorted(table.name(r) for r in table.active())
        reason = T("bot.chain.passed", names=waiting) if waiting else T("bot.chain.over")
        return stop_lines(index, len(steps), steps[index], reason, None, steps[index + 1 :], [])

    def _hinted(self, exc: IllegalCommand, table: Table, role: str, typed: str) -> IllegalCommand:
        """Every refused move says what was expected: the valid move closest to what was typed
        (the longest shared beginning), with its words; or whose decision the game awaits."""
        listed = exc.text.params.get("examples")
        active = table.active()
        if role not in active:
            if listed is not None:
                return exc
            names = table.names()
            exc.hint = T("bot.hint.waiting", names=sorted(names.get(r, r) for r in active))  # type: ignore[attr-defined]
            return exc
        legal = table.legal(role)
        if not legal:
            return exc
        moves = {table.game.notation.format(c): c for c in legal}
        if listed is not None and _lists_a_move(listed, moves):  # the refusal lists valid moves already
            return exc
        wanted = typed.strip().lower()

        def shared(move: str) -> int:  # how much of what was typed the move keeps
            size = 0
            while size < min(len(move), len(wanted)) and move[size].lower() == wanted[size]:
                size += 1
            return size

        example = min(sorted(moves, key=natural_key), key=lambda m: -shared(m))
        hook = getattr(table.game, "label", None)
        words = hook(table.state, role, moves[example]) if callable(hook) else None
        exc.hint = (  # type: ignore[attr-defined]
            T("bot.hint.example_words", move=example, words=with_names(words, table.names()))
            if words
            else T("bot.hint.example", move=example)
        )
        return exc

    async def _pick(self, table: Table, actor: Actor, index: str | None) -> Draft:
        """A choice button whose notation was too long for its id: the index in `legal()`
        (the revision check made sure the list is the one the button was made from)."""
        seat = self._seated(table, actor)
        commands = table.legal(seat.role) if table.state is not None else []
        if index is None or not index.isdigit() or int(index) >= len(commands):
            raise UserError("bot.err.bad_button")
        return await self._play(table, actor, command=commands[int(index)])

    async def _deciding(self, where: Where, actor: Actor) -> tuple[Table, str] | None:
        """The channel's table and the user's role when a decision is theirs now, else None."""
        try:
            table = await self._channel_table(where)
        except UserError:
            return None
        seat = table.seat_of(actor.user_id)
        return (table, seat.role) if seat is not None and seat.role in table.active() else None

    async def legal_moves(self, where: Where, actor: Actor, prefix: str = "") -> list[str]:
        """The notation of the user's legal commands starting with what they typed (else
        containing it), sorted, for autocomplete; empty when it is not their turn."""
        found = await self._deciding(where, actor)
        if found is None:
            return []
        table, role = found
        if SEPARATOR in prefix:  # a chain: its last step, after the steps typed before it
            return [value for value, _ in self._chain_completions(table, role, prefix, actor.locale)]
        moves = table.derived.get(("moves", role))
        if moves is None:
            moves = table.derived[("moves", role)] = sorted(
                {table.game.notation.format(c) for c in table.legal(role)}, key=natural_key
            )
        typed = prefix.strip().lower()
        starting = [m for m in moves if m.lower().startswith(typed)]
        return starting or [m for m in moves if typed in m.lower()]  # "15" finds "CM@15"

    async def legal_choices(self, where: Where, actor: Actor) -> list[tuple[str, str]]:
        """(notation, words) of each of the user's legal commands, naturally sorted; the words
        are the game's label for it (optional `GAME.label`) in the user's language, or ""."""
        deciding = await self._deciding(where, actor)
        if deciding is None:
            return []
        table, role = deciding
        names = table.names()
        key = ("choices", role, actor.locale, tuple(names.items()))
        cached = table.derived.get(key)  # autocomplete asks on every keystroke: once per state
        if cached is not None:
            return list(cached)
        hook = getattr(table.game, "label", None)
        found: dict[str, str] = {}
        commands: dict[str, list[Any]] = {}
        for command in table.legal(role):
            move = table.game.notation.format(command)
            commands.setdefault(move, []).append(command)
            if move not in found:
                words = hook(table.state, role, command) if callable(hook) else None
                words = with_effect(words, command_effect(table.game, table.state, role, command))
                found[move] = render(with_names(words, names), actor.locale) if words else ""
        # a move picked from this list is the command it was made from (notation round-trips);
        # a notation shared by several commands is left to the parser
        table.derived[("by_notation", role)] = {m: c[0] for m, c in commands.items() if len(c) == 1}
        choices = table.derived[key] = self._compound(table, role, names, actor.locale) + sorted(
            found.items(), key=lambda item: natural_key(item[0])
        )
        return list(choices)

    @staticmethod
    def _compound(table: Table, role: str, names: dict[str, str], locale: str) -> list[tuple[str, str]]:
        """The game's compound entries (optional `GAME.plans.entries`: a card with the units it
        orders, "finish the week"), first in the list; those Discord can carry whole."""
        plans = getattr(table.game, "plans", None)
        entries = plans.entries(table.state, role) if plans is not None and plans.entries else []
        return [
            (chain, render(with_names(label, names), locale))
            for label, chain in entries
            if len(chain) <= CHAIN_VALUE_LIMIT
        ]

    async def planner(self, where: Where, actor: Actor) -> Callable[[str], list[str]]:
        """For typed commands' autocomplete (`TableContext.after`): the user's legal moves once
        a chain of theirs is played, simulated on the current state (chains.simulate)."""
        found = await self._deciding(where, actor)
        if found is None:
            return lambda chain: []
        table, role = found

        def after(chain: str) -> list[str]:
            sim = simulate(table, role, split_chain(chain))
            if sim is None:
                return []
            return sorted({sim.game.notation.format(c) for c in sim.legal(role)}, key=natural_key)

        return after

    async def chain_choices(self, where: Where, actor: Actor, typed: str) -> list[tuple[str, str]]:
        """(chain, words of its last step) for autocomplete of a chain being typed: the typed
        steps kept, the last one completed from the moves the state after them allows
        (simulated, never stored; nothing past a die roll or a reveal: chains.simulate)."""
        found = await self._deciding(where, actor)
        if found is None:
            return []
        return self._chain_completions(found[0], found[1], typed, actor.locale)

    def _chain_completions(self, table: Table, role: str, typed: str, locale: str) -> list[tuple[str, str]]:
        head, _, last = typed.rpartition(SEPARATOR)
        steps = split_chain(head)
        after = simulate(table, role, steps)
        if after is None:
            return []
        names, hook = table.names(), getattr(table.game, "label", None)
        wanted = last.strip().lower()
        found: dict[str, str] = {}
        for command in after.legal(role):
            move = after.game.notation.format(command)
            if move in found or not move.lower().startswith(wanted):
                continue
            words = hook(after.state, role, command) if callable(hook) else None
            found[move] = render(with_names(words, names), locale) if words else ""
        prefix = join_chain(steps)
        return [
            (f"{prefix}{SEPARATOR} {m}", w) for m, w in sorted(found.items(), key=lambda i: natural_key(i[0]))
        ]

    async def legal_groups(
        self, where: Where, actor: Actor, prefix: str = "", limit: int = AUTOCOMPLETE_LIMIT
    ) -> list[str]:
        return group_moves(await self.legal_moves(where, actor, prefix), prefix.strip(), limit)

    async def resign(self, where: Where, actor: Actor) -> Reply:
        """The resigning player's side loses; every other side wins."""

        async def attempt() -> Draft:
            table = await self._channel_table(where)
            self._running(table)
            seat = self._seated(table, actor)
            result = Result(
                winners=table.winners_without([seat.role]),
                losers=[seat.role],
                reason=T("bot.result.resigned", name=seat.name),
                details={"resigned": seat.role},
            )
            table = await self._finish(table, result, self._now())
            draft, locale = await self._draft(table)
            result_message(draft, table, result, locale)
            draft.finished.append((table.record, result))
            return draft

        return await self._run(where, "resign", attempt)


def _lists_a_move(listed: object, moves: dict[str, object]) -> bool:
    """Whether a refusal's `examples` name a move legal now: a game's fixed notation samples
    ("go klb, fight, …" in the middle of a fight) do not say what fits now (issue 25)."""
    items = listed if isinstance(listed, list | tuple) else str(listed).split(",")
    legal = {m.lower() for m in moves}
    return any(str(item).strip().lower() in legal for item in items)
