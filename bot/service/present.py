"""Turning what a request changed into messages: one public message with the public events
and the board, a private message for each human whose view changed (or who must choose),
a separate public message with the result.

Hidden information stays out of public messages by construction: public lines come only
from events addressed to nobody, choice buttons only ever go to their player privately.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.service.api import Button, Message, Reply
from bot.service.buttons import button
from bot.service.context import Table
from bot.service.effects import command_effect
from bot.service.images import ImageJob, image_name
from bot.store import GameRecord
from engine.i18n import T, Text, with_names
from engine.protocol import Event, Result, Role

MAX_BUTTONS = 5  # more choices than this go through /play and its autocomplete


@dataclass
class Turn:
    """What one request did to a running game: the private views before it, the roles that
    were not to act at some point (they get pinged if they must act at the end), and the
    events of every action it stored (the human's and the AI replies that followed)."""

    before_views: dict[Role, Any]  # private_parts() before the request
    idle: set[Role]
    public: list[Text] = field(default_factory=list)
    private: dict[Role, list[Text]] = field(default_factory=dict)
    result: Result | None = None
    decisions: dict[Role, Any] = field(default_factory=dict)  # what each active role was deciding

    @classmethod
    def begin(cls, table: Table, views: dict[Role, Any] | None = None) -> Turn:
        if table.state is None:
            return cls({}, {s.role for s in table.seats})
        return cls(
            views if views is not None else private_parts(table),
            {s.role for s in table.seats} - table.active(),
            decisions={role: table.decision(role) for role in table.active()},
        )

    def asked(self, table: Table) -> set[Role]:
        """Roles facing a newly required decision: they were not to act at some point, or what
        they decide changed (optional `GAME.decision`: the winner of a duel who opens the next
        one never stopped being to play)."""
        return {
            role
            for role in table.active()
            if role in self.idle or self.decisions.get(role) != table.decision(role)
        }

    def stored(self, table: Table) -> None:
        """Called after each stored action with the table as it now is."""
        self.idle |= {s.role for s in table.seats} - table.active()

    def add(self, events: list[Event], names: dict[Role, str]) -> None:
        for event in events:
            text = with_names(event.text, names)
            if event.to is None:
                self.public.append(text)
            else:
                self.private.setdefault(event.to, []).append(text)


@dataclass
class Draft:
    """A reply under construction, with its images still to render and the finished
    games whose listeners run once the channel lock is released."""

    reply: Reply = field(default_factory=Reply)
    jobs: list[ImageJob] = field(default_factory=list)
    finished: list[tuple[GameRecord, Result]] = field(default_factory=list)

    def add(self, message: Message) -> Message:
        self.reply.messages.append(message)
        return message

    def add_public(self, lines: list[Text], locale: str, **more: Any) -> Message:
        return self.add(Message(lines=list(lines), locale=locale, **more))

    def add_ephemeral(self, lines: list[Text], locale: str, **more: Any) -> Message:
        return self.add(Message(lines=list(lines), ephemeral=True, locale=locale, **more))


def private_parts(table: Table) -> dict[Role, Any]:
    """What only each human sees, comparable with `==`: their view's JSON form minus the public
    one (the public changes are in the public message already, so they alone send no DM).
    Computed once per state and seats (the views themselves are the table's, shared with the
    images). Compared as structures, not as JSON text: dict equality ignores key order as
    `json.dumps(sort_keys=True)` did, without writing the text."""
    humans = tuple(s.role for s in table.humans())
    key = ("private_parts", humans)
    found = table.derived.get(key)
    if found is None:
        public = table.view(None).model_dump(mode="json")
        found = table.derived[key] = {
            role: private_part(table.view(role).model_dump(mode="json"), public) for role in humans
        }
    return dict(found)


def private_part(mine: Any, public: Any) -> Any:
    """The parts of `mine` that differ from `public`, keeping the structure around them (a list
    of the same length keeps its places, None where an item is public)."""
    if isinstance(mine, dict) and isinstance(public, dict):
        found = {}
        for k, v in mine.items():
            other = public.get(k)
            if v != other:
                found[k] = private_part(v, other) if isinstance(v, (dict, list)) else v
        return found
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [
            None if a == b else private_part(a, b) if isinstance(a, (dict, list)) else a
            for a, b in zip(mine, public, strict=True)
        ]
    return mine


def public_message(draft: Draft, table: Table, locale: str, lines: list[Text], *, image: bool) -> Message:
    message = draft.add(Message(lines=list(lines), locale=locale))
    if image and table.state is not None:
        view = table.view(None)
        draft.jobs.append(
            ImageJob(
                message,
                False,
                table.game.id,
                view,
                table.names(),
                locale,
                image_name("board", table.record.seq),
                table.id,
            )
        )
    return message


def command_label(table: Table, role: Role, command: Any) -> Text:
    """A button's text: the game's readable label (optional `GAME.label`), else the notation."""
    hook = getattr(table.game, "label", None)
    text = hook(table.state, role, command) if hook is not None else None
    return text if text is not None else T("bot.button.move", move=table.game.notation.format(command))


def auto_announcement(table: Table, seat: Any, command: Any, forced: bool) -> Text:
    """What the channel reads when a human's decision plays itself: a forced move in the game's
    words when it gives them (optional `GAME.forced_note`: why nothing is left to choose), else
    told without its label (it may name a hidden card: the game's public events say what
    happened); a standing order with the choice it made."""
    if not forced:
        return T("bot.auto.order", name=seat.name, choice=command_label(table, seat.role, command))
    hook = getattr(table.game, "forced_note", None)
    why = hook(table.state, seat.role, command) if hook is not None else None
    if why is not None:
        return T("bot.auto.forced_why", name=seat.name, why=why)
    return T("bot.auto.forced", name=seat.name)


def _buttons_for(table: Table, role: Role, commands: list[Any], indices: list[int]) -> list[Button]:
    """Ids carry the notation, or the command's index in `legal()` when it is too long."""
    found = []
    for index, command in zip(indices, commands, strict=True):
        move, label = table.game.notation.format(command), command_label(table, role, command)
        made = button(table.id, table.record.rev, "play", label, "primary", move) or button(
            table.id, table.record.rev, "pick", label, "primary", str(index)
        )
        if made is not None:
            found.append(made)
    return found


def window_choices(table: Table, role: Role) -> tuple[list[Any], bool]:
    """The buttons of an open reaction window: its most useful choices, then its closing
    one (pass / done / optimal); True when some choices did not fit (see /play)."""
    window = table.window(role)
    if window is None:
        return [], False
    choices = list(window.choices) or [window.timeout]
    if len(choices) <= MAX_BUTTONS:
        return choices, False
    return [*[c for c in choices if c != window.timeout][: MAX_BUTTONS - 1], window.timeout], True


def _button_commands(table: Table, role: Role) -> tuple[list[Any], list[Any]]:
    """(the commands given a button, the role's legal commands)."""
    commands = table.legal(role) if role in table.active() else []
    shown, _ = window_choices(table, role)
    if not shown:
        if not 0 < len(commands) <= MAX_BUTTONS:
            return [], commands
        shown = commands
    return shown, commands


def choice_buttons(table: Table, role: Role) -> list[Button]:
    """A reaction window's choices; otherwise one button per legal command when there
    are few."""
    shown, commands = _button_commands(table, role)
    return _buttons_for(table, role, shown, [commands.index(c) if c in commands else 0 for c in shown])


def choice_effects(table: Table, role: Role) -> list[Text]:
    """Buttons keep their short words; the message carrying them says what each does
    (optional `GAME.explain`): `• Use Fury: the attack rolls one more die`."""
    lines = []
    for command in _button_commands(table, role)[0]:
        effect = command_effect(table.game, table.state, role, command)
        if effect is not None:
            lines.append(T("bot.choice.effect", label=command_label(table, role, command), effect=effect))
    return lines


def window_lines(table: Table, role: Role) -> list[Text]:
    """What the window asks, when it passes by itself, and where the other choices are."""
    window = table.window(role)
    if window is None:
        return []
    lines = [window.prompt]
    if table.timers.window:
        lines.append(
            T(
                "bot.window.deadline",
                minutes=table.timers.window,
                choice=command_label(table, role, window.timeout),
            )
        )
    if window_choices(table, role)[1]:
        lines.append(T("bot.window.more"))
    return lines


def quiet_board(table: Table) -> bool:
    """Optional `GAME.quiet_board(state)`: the public board shows nothing new now (a hidden
    deployment), so the change's public message goes without an image."""
    hook = getattr(table.game, "quiet_board", None)
    return table.state is not None and callable(hook) and bool(hook(table.state))


def turn_messages(
    draft: Draft, table: Table, turn: Turn, locale: str, *, images: bool, extra: list[Text] = ()
) -> dict[Role, Any]:
    """The public message of an accepted change, the private ones, and the result if any;
    returns the private views now (the next change starts from them)."""
    lines = [*extra, *turn.public]
    asked = turn.asked(table)
    newly = [s for s in table.active_humans() if s.role in asked]
    message = public_message(draft, table, locale, lines, image=images and not quiet_board(table))
    if newly:
        message.lines.append(T("bot.turn", names=[s.name for s in newly]))
        message.mentions = [s.user_id for s in newly if s.user_id]
    views = private_messages(draft, table, turn, images=images)
    if turn.result is not None:
        result_message(draft, table, turn.result, locale)
    return views


def private_messages(draft: Draft, table: Table, turn: Turn, *, images: bool) -> dict[Role, Any]:
    after, newly = private_parts(table), turn.asked(table)
    for seat in table.humans():
        lines = list(turn.private.get(seat.role, []))
        changed = after[seat.role] != turn.before_views.get(seat.role)
        buttons = choice_buttons(table, seat.role)
        if not (lines or buttons or (changed and images)):
            continue
        if buttons:  # "still waiting" only for someone whose turn did not just begin
            still = not lines and not changed and seat.role not in newly
            asked = window_lines(table, seat.role)
            lines += (
                asked
                if asked and not still
                else [T("bot.private.waiting") if still else T("bot.private.choose")]
            )
            # what each button does, also when still waiting: a window opened by the player's
            # own roll ("Use Smite") is new to them though their turn did not just begin
            lines += [with_names(e, table.names()) for e in choice_effects(table, seat.role)]
        message = draft.add(Message(lines=lines, to_user=seat.user_id, buttons=buttons, locale=seat.locale))
        if changed and images:
            view = table.view(seat.role)
            name = image_name(seat.name, table.record.seq)
            draft.jobs.append(
                ImageJob(message, True, table.game.id, view, table.names(), seat.locale, name, table.id)
            )
    return after


def result_lines(table: Table, result: Result) -> list[Text]:
    if result.winners:
        reason = with_names(result.reason, table.names())
        lines = [
            T("bot.result.win", id=table.id, winners=[table.name(r) for r in result.winners], reason=reason)
        ]
    elif result.losers:  # a solo game lost: a defeat, not a draw
        reason = with_names(result.reason, table.names())
        lines = [
            T("bot.result.lost", id=table.id, losers=[table.name(r) for r in result.losers], reason=reason)
        ]
    else:
        lines = [T("bot.result.draw", id=table.id, reason=with_names(result.reason, table.names()))]
    if result.scores:
        scores = [f"{table.name(role)} {score:g}" for role, score in result.scores.items()]
        lines.append(T("bot.result.scores", scores=scores))
    return lines


def result_message(draft: Draft, table: Table, result: Result, locale: str) -> None:
    rematch = button(table.id, table.record.rev, "rematch", T("bot.button.rematch"), "success")
    draft.add(Message(lines=result_lines(table, result), locale=locale, buttons=[rematch] if rematch else []))


def seat_list(table: Table) -> list[Text]:
    """Taken seats in role order, then the free ones."""
    lines = [T("bot.lobby.seat", role=s.role, name=s.name) for s in table.seats]  # seats come in role order
    return lines + [T("bot.lobby.seat_free", role=r) for r in table.free_roles()]


def lobby_message(draft: Draft, table: Table, locale: str, first: Text, notes: list[Text] = ()) -> None:
    lines = [first, *notes, *seat_list(table)]
    buttons: list[Any] = []
    if table.free_roles():
        buttons.append(button(table.id, table.record.rev, "join", T("bot.button.join"), "primary"))
    else:
        lines.append(T("bot.lobby.ready"))
        buttons.append(button(table.id, table.record.rev, "start", T("bot.button.start"), "success"))
    draft.add(Message(lines=lines, locale=locale, buttons=[b for b in buttons if b]))


def request_buttons(table: Table, kind: str) -> list[Button]:
    made = [
        button(table.id, table.record.rev, f"{kind}_ok", T("bot.button.accept"), "success"),
        button(table.id, table.record.rev, f"{kind}_no", T("bot.button.decline"), "danger"),
    ]
    return [b for b in made if b]
