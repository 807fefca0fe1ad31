"""Turning what a request changed into messages: one public message with the public events
and the board, a private message for each human whose view changed (or who must choose),
a separate public message with the result.

Hidden information stays out of public messages by construction: public lines come only
from events addressed to nobody, choice buttons only ever go to their player privately.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.service.api import Button, Message, Reply
from bot.service.buttons import button
from bot.service.context import Table
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

    before_views: dict[Role, str]
    idle: set[Role]
    public: list[Text] = field(default_factory=list)
    private: dict[Role, list[Text]] = field(default_factory=dict)
    result: Result | None = None

    @classmethod
    def begin(cls, table: Table, views: dict[Role, str] | None = None) -> Turn:
        if table.state is None:
            return cls({}, {s.role for s in table.seats})
        return cls(views if views is not None else view_jsons(table), {s.role for s in table.seats} - table.active())

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


def view_jsons(table: Table) -> dict[Role, str]:
    """What only each human sees, as comparable JSON: their view minus the public one (the
    public changes are in the public message already, so they alone send no DM)."""
    public = table.game.view(table.state, None).model_dump(mode="json")
    return {
        s.role: json.dumps(private_part(table.game.view(table.state, s.role).model_dump(mode="json"), public), sort_keys=True)
        for s in table.humans()
    }


def private_part(mine: Any, public: Any) -> Any:
    """The parts of `mine` that differ from `public`, keeping the structure around them."""
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: private_part(v, public.get(k)) for k, v in mine.items() if v != public.get(k)}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [private_part(a, b) if a != b else None for a, b in zip(mine, public, strict=True)]
    return mine


def public_message(draft: Draft, table: Table, locale: str, lines: list[Text], *, image: bool) -> Message:
    message = draft.add(Message(lines=list(lines), locale=locale))
    if image and table.state is not None:
        view = table.game.view(table.state, None)
        draft.jobs.append(ImageJob(message, False, table.game.id, view, table.names(), locale, image_name("board", table.record.seq)))
    return message


def choice_buttons(table: Table, role: Role) -> list[Button]:
    """One button per legal command when there are few (ids carry the notation, or its
    index when the notation is too long to fit)."""
    commands = table.game.legal(table.state, role) if role in table.active() else []
    if not 0 < len(commands) <= MAX_BUTTONS:
        return []
    found = []
    for index, command in enumerate(commands):
        move = table.game.notation.format(command)
        label = T("bot.button.move", move=move)
        made = button(table.id, table.record.rev, "play", label, "primary", move) or button(
            table.id, table.record.rev, "pick", label, "primary", str(index)
        )
        if made is not None:
            found.append(made)
    return found


def turn_messages(draft: Draft, table: Table, turn: Turn, locale: str, *, images: bool, extra: list[Text] = ()) -> dict[Role, str]:
    """The public message of an accepted change, the private ones, and the result if any;
    returns the private views now (the next change starts from them)."""
    lines = [*extra, *turn.public]
    newly = [s for s in table.active_humans() if s.role in turn.idle]
    message = public_message(draft, table, locale, lines, image=images)
    if newly:
        message.lines.append(T("bot.turn", names=[s.name for s in newly]))
        message.mentions = [s.user_id for s in newly if s.user_id]
    views = private_messages(draft, table, turn, images=images)
    if turn.result is not None:
        result_message(draft, table, turn.result, locale)
    return views


def private_messages(draft: Draft, table: Table, turn: Turn, *, images: bool) -> dict[Role, str]:
    after = view_jsons(table)
    for seat in table.humans():
        lines = list(turn.private.get(seat.role, []))
        changed = after[seat.role] != turn.before_views.get(seat.role)
        buttons = choice_buttons(table, seat.role)
        if not (lines or buttons or (changed and images)):
            continue
        if buttons:  # "still waiting" only for someone whose turn did not just begin
            still = not lines and not changed and seat.role not in turn.idle
            lines.append(T("bot.private.waiting") if still else T("bot.private.choose"))
        message = draft.add(Message(lines=lines, to_user=seat.user_id, buttons=buttons, locale=seat.locale))
        if changed and images:
            view = table.game.view(table.state, seat.role)
            name = image_name(seat.name, table.record.seq)
            draft.jobs.append(ImageJob(message, True, table.game.id, view, table.names(), seat.locale, name))
    return after


def result_lines(table: Table, result: Result) -> list[Text]:
    if result.winners:
        reason = with_names(result.reason, table.names())
        lines = [T("bot.result.win", id=table.id, winners=[table.name(r) for r in result.winners], reason=reason)]
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
