"""Standing orders (issue 5): per player per game, e.g. "always counter-attack when I can",
"always roll optimally", so a correspondence game does not wait on every small choice.

The game offers them (optional `GAME.orders`, `GAME.standing`); they are stored in
`standing_orders` (migrations/0004_windows.sql) and played right after each accepted
command by the same chain as AI seats (core `_run_ai`): each one a normal logged action of
that role, marked as automatic in the public text.
"""

from __future__ import annotations

from typing import Any

from bot.service.api import Actor, Reply, UserError, Where
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.service.present import Draft
from bot.service.standing import save_order
from engine.i18n import T, Text, normalize_locale, render
from engine.protocol import Role


def game_orders(table: Table) -> dict[str, Any]:
    """The orders the table's game offers, by key (none for games without the hook)."""
    return {order.key: order for order in getattr(table.game, "orders", None) or []}


def order_lines(table: Table, role: Role) -> list[Text]:
    """The role's standing orders that act (those left at their default only ask)."""
    offered, mine = game_orders(table), table.orders.get(role, {})
    shown = [
        T("bot.orders.item", order=offered[key].label, value=offered[key].values[value])
        for key, value in sorted(mine.items())
        if key in offered and value in offered[key].values and value != offered[key].default
    ]
    return [T("bot.orders.mine", orders=shown)] if shown else []


class OrdersMixin(ServiceCore):
    async def order_choices(
        self, where: Where, actor: Actor, order: str | None, typed: str
    ) -> list[tuple[str, str]]:
        """Autocomplete for `/game orders`: the channel game's orders (`order` None), else the
        values of that order, labelled in the actor's language."""
        try:
            table = await self._channel_table(where)
        except UserError:
            return []
        offered, locale, wanted = game_orders(table), normalize_locale(actor.locale), typed.strip().casefold()
        if order is None:
            pairs = [(render(o.label, locale), key) for key, o in offered.items()]
        else:
            found = offered.get(order.strip().lower())
            pairs = [(render(text, locale), value) for value, text in found.values.items()] if found else []
        return [
            (label[:100], value)
            for label, value in pairs
            if wanted in label.casefold() or value.startswith(wanted)
        ][:25]

    async def orders(
        self, where: Where, actor: Actor, order: str | None = None, value: str | None = None
    ) -> Reply:
        """Show the actor's standing orders (no arguments) or set one; an order that applies
        to the window open now acts at once."""

        async def attempt() -> Draft:
            table = await self._channel_table(where)
            seat = self._seated(table, actor)
            offered = game_orders(table)
            if not offered:
                raise UserError("bot.err.no_orders", game=table.game_name("en"))
            draft, locale = Draft(), normalize_locale(actor.locale)
            if order is None and value is None:
                lines = order_lines(table, seat.role) or [T("bot.orders.none")]
                draft.add_ephemeral([*lines, self._order_choices(offered)], locale)
                return draft
            key, chosen = (order or "").strip().lower(), (value or "").strip().lower()
            if key not in offered:
                raise UserError("bot.err.bad_order", order=order or "-", orders=sorted(offered))
            if chosen not in offered[key].values:
                raise UserError(
                    "bot.err.bad_order_value", order=key, value=value or "-", values=list(offered[key].values)
                )
            table = await self._save_order(table, seat.role, key, chosen)
            draft.add_ephemeral(
                [T("bot.orders.set", order=offered[key].label, value=offered[key].values[chosen])], locale
            )
            if table.record.status == "running":
                await self._chain_after_order(table, draft)
            return draft

        return await self._run(where, "orders", attempt)

    @staticmethod
    def _order_choices(offered: dict[str, Any]) -> Text:
        items = [
            T("bot.orders.choice", name=k, order=o.label, values=list(o.values)) for k, o in offered.items()
        ]
        return T("bot.orders.choices", orders=items)

    async def _save_order(self, table: Table, role: Role, key: str, value: str) -> Table:
        """One transaction: the order, and the game row touched (not bumped: buttons stay
        valid) so every process's cached table is refreshed."""
        now = self._now()
        async with self.store.transaction():
            await save_order(self.store, table.id, role, key, value)
            record = await self.store.update_game(table.id, table.record.rev, now, bump=False)
        self._forget(record)
        return await self._load(record)

    async def _chain_after_order(self, table: Table, draft: Draft) -> None:
        now, turn = self._now(), self._begin(table)
        seq = table.record.seq
        table = await self._run_ai(table, turn, now)
        if table.record.seq != seq:  # the new order answered the open window
            public, locale = await self._draft(table)
            self._present(public, table, turn, locale)
            draft.reply.messages += public.reply.messages
            draft.jobs += public.jobs
            draft.finished += public.finished
