"""The independent black-box check of issue 25: one short whole game of each game through the
fake Discord, once by a player whose Discord speaks English and once French (whose server
speaks French too), and every word the fake Discord received is read: channel messages (also
what an edit replaced), ephemeral replies, follow-ups, DMs, embeds, button and menu labels,
and every autocomplete choice. A Battlelore button that uses an ability comes with its text.

It fails on a raw catalog key (a dotted token like `bl.card.zz` whose head is a catalog's
namespace), an unfilled `{placeholder}`, and a refusal without a reason: each deliberately
wrong move or mistyped option must be answered, privately, with words that say why and what
fits now (not a bare "no", not "something went wrong", not just the words the user typed).

The player sends the heuristic's choice as `/play`; the test reads the state through the
service only to pick that move. Games are kept short by their options (Athena's expert
scenario with one round to win, 40-point Mythic armies, a 4-turn Battlelore, a Fearless
Hoplomachus run whose hero falls early).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from discord_harness import start_process
from tablehelp import Table

from bot.service.api import Where
from engine.i18n import LOCALES, catalog

pytestmark = pytest.mark.asyncio(loop_scope="module")

SHORT = {  # game -> (`/game new options:`, seed, AI seats to add, most /play the player sends)
    "athena": ("scenario:expert army_points:20 cards:6 rounds_to_win:1", 1, 1, 60),
    "mythic": ("points:40", 2, 1, 120),
    "battlelore": ("max_turns:4", 1, 1, 150),
    "hoplomachus": ("difficulty:fearless", 20, 0, 400),
}
# wrong moves every game refuses, and each game's own command with a mistyped option
WRONG_MOVES = ("zz", "play zz", "CM@99", "act zz", "dep zz c7", "mv zz-zz")
MISTYPED = {
    "athena": [("play", {"move": "QQ@1"})],
    "mythic": [("mythic activate", {"unit": "zzunit"}), ("mythic attack", {"target": "zz"})],
    "battlelore": [("bl card", {"card": "zzcard"}), ("bl move", {"unit": "zz", "to": "q99"})],
    "hoplomachus": [("hop choose", {"option": "zzoption"}), ("hop event", {"choice": "zz"})],
}
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
DOTTED = re.compile(r"(?<![\w/@:.`-])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+){2,}(?![\w`])")
# what a refusal says when it gives no reason of its own
NO_REASON = ("something went wrong", "quelque chose s", "not allowed.", "illegal", "invalid")


def _namespaces() -> set[str]:
    """The first word of every catalog key: `bl.card.zz` is a raw key because `bl` is one."""
    return {key.split(".", 1)[0] for loc in LOCALES for key in catalog(loc)}


class Heard:
    """Every text the bot sent to the fake Discord, recorded as it arrives (an edit replaces a
    message's content: the earlier words were read by someone all the same)."""

    def __init__(self, fake: Any) -> None:
        self.texts: list[tuple[str, str]] = []  # (where, text)
        self.with_buttons: list[tuple[str, list[str]]] = []  # (content, button labels)
        self._fake = fake
        self._message_from, self._apply_edit = fake._message_from, fake._apply_edit
        self._autocomplete = fake.autocomplete
        fake._message_from = self._on_message
        fake._apply_edit = self._on_edit
        fake.autocomplete = self._on_autocomplete

    def close(self) -> None:
        del self._fake._message_from, self._fake._apply_edit, self._fake.autocomplete

    def _payload(self, payload: dict[str, Any], where: str) -> None:
        if payload.get("content"):
            self.texts.append((where, payload["content"]))
        for embed in payload.get("embeds") or []:
            for part in ("title", "description"):
                if embed.get(part):
                    self.texts.append((f"{where} embed", embed[part]))
            for field in embed.get("fields") or []:
                self.texts.append((f"{where} embed", f"{field.get('name', '')} {field.get('value', '')}"))
            if (embed.get("footer") or {}).get("text"):
                self.texts.append((f"{where} embed", embed["footer"]["text"]))
        labels = [
            i.get("label", "") for row in payload.get("components") or [] for i in row.get("components", [])
        ]
        if labels:
            self.with_buttons.append((payload.get("content") or "", labels))
        for row in payload.get("components") or []:
            for item in row.get("components", []):
                if item.get("label"):
                    self.texts.append((f"{where} button", item["label"]))
                for option in item.get("options") or []:
                    self.texts.append((f"{where} menu", option.get("label", "")))
                if item.get("placeholder"):
                    self.texts.append((f"{where} menu", item["placeholder"]))

    def _on_message(self, body: Any, channel: Any) -> Any:
        self._payload(body.payload, "dm" if channel.guild_id is None else "channel")
        return self._message_from(body, channel)

    def _on_edit(self, message: Any, body: Any) -> None:
        self._payload(body.payload, "edit")
        self._apply_edit(message, body)

    async def _on_autocomplete(self, user: Any, channel: Any, path: str, focused: str, **values: Any) -> Any:
        choices = await self._autocomplete(user, channel, path, focused, **values)
        self.texts.extend((f"autocomplete /{path} {focused}", c["name"]) for c in choices)
        return choices

    def unexplained_buttons(self, use: str) -> list[str]:
        """Buttons that use an ability ("Use Smite") in a message that does not say what it
        does ("• Use Smite: +1 damage if at least one hit"): a button keeps its short words,
        the message carrying it gives the text (issue 25)."""
        return [
            f"{label!r} in {content!r}"
            for content, labels in self.with_buttons
            for label in labels
            if label.startswith(use) and f"• {label}" not in content
        ]

    def problems(self) -> list[str]:
        heads = _namespaces()
        found = []
        for where, text in self.texts:
            for token in DOTTED.findall(text):
                if token.split(".", 1)[0] in heads:
                    found.append(f"{where}: raw key {token!r} in {text!r}")
            for hole in PLACEHOLDER.findall(text):
                found.append(f"{where}: unfilled {hole} in {text!r}")
        return found


def refusal_problem(typed: str, answer: Any) -> str | None:
    """Why this answer to a wrong move is no proper refusal, or None: private, non-empty, not a
    generic failure, and more than the typed words (a reason or what fits now)."""
    text = answer.ephemeral_text.strip()
    if answer.public:
        return f"{typed!r}: answered in public: {[m.content for m in answer.public]}"
    if not text:
        return f"{typed!r}: no private answer"
    low = text.lower()
    if any(low == bare or low.startswith(bare) for bare in NO_REASON):
        return f"{typed!r}: no reason in {text!r}"
    rest = low.replace(typed.lower(), "").strip(" .!`«»\"'")
    if len(rest.split()) < 6:  # "You do not hold zz." says no more than "no"
        return f"{typed!r}: no reason in {text!r}"
    return None


async def _running(process: Any, table: Table) -> Any:
    where = Where(str(table.channel.guild_id), str(table.channel.id))
    return await process.bot.service._channel_table(where, last=True)


async def _wrong(table: Table, user: Any, path: str, values: dict[str, Any], refusals: list[str]) -> None:
    answer = await table.slash(user, path, **values)
    problem = refusal_problem(" ".join(str(v) for v in values.values()), answer)
    if problem is not None:
        refusals.append(f"/{path}: {problem}")


async def play_short_game(fake: Any, tmp_path: Any, game_id: str, locale: str) -> tuple[Heard, list[str]]:
    options, seed, bots, most = SHORT[game_id]
    guild = fake.world.add_guild(f"Words {game_id} {locale}")
    table = Table(fake, fake.world.add_channel(guild, f"{game_id}-{locale}"))
    user = fake.world.add_user(f"Zoé{locale}", locale="fr" if locale == "fr" else "en-US", manager=True)
    heard = Heard(fake)
    refusals: list[str] = []
    process = await start_process(fake, tmp_path / f"{game_id}-{locale}.db")
    try:
        if locale == "fr":  # the channel speaks the server's language: French too
            await table.slash(user, "game settings", language="fr")
        await table.slash(user, "game new", game=game_id, seed=seed, options=options)
        await table.slash(user, "game rules")
        for _ in range(bots):
            await table.slash(user, "game addbot")
        await table.slash(user, "game start")
        await table.slash(user, "game explain", name="zzqq")  # nothing of that name
        running = await _running(process, table)
        game = running.game
        role = running.seat_of(str(user.id)).role
        decider = game.players["heuristic"](11)
        for step in range(most):
            running = await _running(process, table)
            if running.record.status != "running":
                break
            assert role in game.active(running.state), f"{game_id}: the player is not asked at step {step}"
            if step % 6 == 0:  # what a player reads besides the moves' answers
                await table.slash(user, "game hand")
                await table.slash(user, "game status")
                await table.moves_of(user)
                typed = WRONG_MOVES[(step // 6) % len(WRONG_MOVES)]
                await _wrong(table, user, "play", {"move": typed}, refusals)
            if step % 15 == 3:
                for path, values in MISTYPED[game_id]:
                    await _wrong(table, user, path, values, refusals)
            move = game.notation.format(decider.choose(running.state, role))
            before = running.record.seq
            answer = await table.slash(user, "play", move=move)
            assert (await _running(process, table)).record.seq > before, (move, answer.ephemeral_text)
        over = await _running(process, table)
        assert over.record.status == "finished", f"{game_id} ({locale}) did not end: {over.record.status}"
        await table.slash(user, "game log")
        return heard, refusals
    finally:
        heard.close()
        await process.stop()


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("game_id", sorted(SHORT))
async def test_every_word_of_a_short_game_reads_as_words(fake, tmp_path, game_id, locale):
    heard, refusals = await play_short_game(fake, tmp_path, game_id, locale)
    assert len(heard.texts) > 50, "the game really spoke"
    if locale == "fr":  # the player's Discord locale, and the server's language for the channel
        public = [text for where, text in heard.texts if where in ("channel", "edit")]
        assert sum(" la " in text or " le " in text for text in public) > 10
    problems = heard.problems()
    assert not problems, "\n".join(problems[:15])
    assert not refusals, "\n".join(refusals)
    if game_id == "battlelore":
        unexplained = heard.unexplained_buttons("Use " if locale == "en" else "Utiliser ")
        assert not unexplained, unexplained[:5]
